// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { closeLocalCopies, openLocalCopy } from '../../../db/testingCopy.ts';
import { renderUi } from '../../../testing/dom.tsx';
import { CustomerPanel, type CustomerChoice } from './CustomerPanel.tsx';

// On the SQLite copy, as the app runs by default: a fresh one for each test.
beforeEach(async () => {
  const db = await openLocalCopy();
  await db.rows('people').bulkPut([
    { id_pessoa: 1, nome: 'Maria Souza', cpf: '52998224725', cnpj: null, situacao: 'Ativo' },
    { id_pessoa: 2, nome: 'Mariana Lima', cpf: null, cnpj: '11222333000181', situacao: 'Ativo' },
    { id_pessoa: 3, nome: 'Mario Inativo', cpf: null, cnpj: null, situacao: 'Inativo' },
  ]);
});
afterEach(closeLocalCopies);

async function open() {
  const onPick = vi.fn((_choice: CustomerChoice) => undefined);
  const view = renderUi(<CustomerPanel opened onClose={() => undefined} onPick={onPick} />);
  const input = screen.getByLabelText('Nome, CPF ou CNPJ');
  await waitFor(() => expect(document.activeElement).toBe(input));
  return { ...view, onPick };
}
const listed = () => Array.from(screen.getByRole('table', { name: 'Clientes encontrados' }).querySelectorAll('tr'), (tr) => tr.textContent);

describe('CustomerPanel (F6)', () => {
  it('lists the active customers matching the name, CPF and CNPJ masked, and Enter picks the first', async () => {
    const { user, onPick } = await open();
    await user.keyboard('mari');
    await waitFor(() => expect(listed()).toEqual(['Maria Souza529.982.247-25', 'Mariana Lima11.222.333/0001-81']));
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledExactlyOnceWith({ id_cliente: 1, cliente_nome: 'Maria Souza', cliente_cpf_cnpj: '52998224725', id_tabela_preco_padrao: null });
  });

  it('moves the choice with the arrow keys', async () => {
    const { user, onPick } = await open();
    await user.keyboard('mari');
    await waitFor(() => expect(listed()).toHaveLength(2));
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenCalledExactlyOnceWith({ id_cliente: 2, cliente_nome: 'Mariana Lima', cliente_cpf_cnpj: '11222333000181', id_tabela_preco_padrao: null });
  });

  it('finds a customer by a formatted CPF', async () => {
    const { user, onPick } = await open();
    await user.keyboard('529.982.247-25');
    await waitFor(() => expect(listed()).toEqual(['Maria Souza529.982.247-25']));
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id_cliente: 1 }));
  });

  it('takes a valid CPF of nobody registered for the receipt only, and refuses text that is neither', async () => {
    const { user, onPick } = await open();
    await user.keyboard('zzz{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('Cliente não encontrado. Informe um CPF ou CNPJ válido para o comprovante.');
    await user.clear(screen.getByLabelText('Nome, CPF ou CNPJ'));
    await user.keyboard('111.444.777-35{Enter}');
    expect(onPick).toHaveBeenCalledExactlyOnceWith({ id_cliente: null, cliente_nome: null, cliente_cpf_cnpj: '11144477735' });
  });

  it('sells without a customer', async () => {
    const { user, onPick } = await open();
    await user.click(screen.getByRole('button', { name: 'Sem cliente' }));
    expect(onPick).toHaveBeenCalledExactlyOnceWith({ id_cliente: null, cliente_nome: null, cliente_cpf_cnpj: null });
  });
});
