// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { screen, waitFor, within } from '@testing-library/react';
import { REGISTER_MESSAGES, type RegisterDescriptor } from '@pdv/contract/registers/descriptor';
import { MESSAGES } from '@pdv/domain/messages';
import { ApiError } from '../../api/errors.ts';
import { renderUi } from '../../testing/dom.tsx';
import { RegisterForm } from './RegisterForm.tsx';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../api/client.ts', () => ({ call: api.call }));
const toasts = vi.hoisted(() => ({ success: vi.fn() }));
vi.mock('../../ui/toast.ts', () => ({ toast: toasts }));

/** A register with the kinds the masks serve. */
const supplier = {
  name: 'supplier',
  path: '/supplier',
  table: 'fornecedor',
  id: 'id_fornecedor',
  label: { singular: 'Fornecedor', plural: 'Fornecedores' },
  permission: 'FncListarFornecedor',
  scope: 'organization',
  fields: {
    nome: { kind: 'text', label: 'Nome', required: true, max: 60, list: true },
    cnpj: { kind: 'cnpj', label: 'CNPJ' },
    limite: { kind: 'money', label: 'Limite de crédito', default: 0 },
    sigla: { kind: 'text', label: 'Sigla', max: 6, unique: true },
  },
  list: { pageSize: 20, sort: { column: 'nome', order: 'ASC' } },
  screen: { path: '/suppliers', form: 'panel' },
} as const satisfies RegisterDescriptor;

/** A large register: a page with two tabs, a secret and an `extra` member edited by an extension's tab. */
const shop = {
  name: 'shop',
  path: '/shop',
  table: 'loja',
  id: 'id_loja',
  label: { singular: 'Loja', plural: 'Lojas', feminine: true },
  permission: 'FncListarLoja',
  scope: 'organization',
  fields: {
    nome: { kind: 'text', label: 'Nome', required: true, max: 60, list: true },
    cep: { kind: 'cep', label: 'CEP', group: 'Endereço' },
    numero: { kind: 'text', label: 'Número', required: true, max: 10, group: 'Endereço' },
    senha_smtp: { kind: 'text', label: 'Senha do e-mail', secret: true, max: 60, group: 'Endereço' },
  },
  groups: ['Geral', 'Endereço'],
  extra: { apelidos: z.array(z.string().min(1, { error: 'Apelido vazio.' })) },
  list: { pageSize: 20, sort: { column: 'nome', order: 'ASC' } },
  screen: { path: '/shops', form: 'page' },
} as const satisfies RegisterDescriptor;

vi.mock('./extension-table.ts', async () => {
  const { Button } = await import('@mantine/core');
  return {
    REGISTER_EXTENSIONS: {
      shop: {
        initial: () => ({ apelidos: [] }),
        tabs: [
          {
            label: 'Apelidos',
            Component: ({ values, set }: { values: Record<string, unknown>; set: (n: string, v: unknown) => void }) => (
              <Button onClick={() => set('apelidos', [...((values['apelidos'] as string[]) ?? []), 'Centro'])}>Somar apelido</Button>
            ),
          },
        ],
      },
    },
  };
});

function renderForm() {
  const onSaved = vi.fn();
  const view = renderUi(<RegisterForm descriptor={supplier} row={null} opened readOnly={false} onClose={() => undefined} onSaved={onSaved} />);
  const form = () => screen.getByRole('form', { name: 'Fornecedor' });
  return { ...view, onSaved, form };
}

beforeEach(() => {
  api.call.mockReset();
  toasts.success.mockReset();
});

describe('the register form', () => {
  it('takes money typed from the right and a CNPJ, alphanumeric included, with their masks, and sends them bare', async () => {
    api.call.mockResolvedValue({});
    const { user, form, onSaved } = renderForm();
    const money = within(form()).getByLabelText('Limite de crédito');
    await user.type(money, '123456');
    expect(money).toHaveProperty('value', 'R$ 1.234,56');
    await user.type(money, '{Backspace}');
    expect(money).toHaveProperty('value', 'R$ 123,45');
    const cnpj = within(form()).getByLabelText('CNPJ');
    await user.type(cnpj, '12abc34501de35');
    expect(cnpj).toHaveProperty('value', '12.ABC.345/01DE-35');
    await user.type(within(form()).getByLabelText(/Nome/), 'Tecidos Sul{Enter}');
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.call).toHaveBeenCalledWith('supplierCreate', { nome: 'Tecidos Sul', cnpj: '12ABC34501DE35', limite: 123.45, sigla: null });
    expect(toasts.success).toHaveBeenCalledWith(MESSAGES.recordSaved);
  });

  it('shows a required field error beside the field and sends nothing', async () => {
    const { user, form } = renderForm();
    await user.click(within(form()).getByRole('button', { name: /Salvar/ }));
    const nome = within(form()).getByLabelText(/Nome/);
    expect(nome.getAttribute('aria-invalid')).toBe('true');
    const describedBy = nome.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy.split(' ').find((id) => id.includes('error')) ?? '')?.textContent).toBe(
      REGISTER_MESSAGES.required('nome'),
    );
    expect(api.call).not.toHaveBeenCalled();
  });

  it("shows the server's refusal beside the field it names, and one naming no field above the buttons", async () => {
    const duplicate = REGISTER_MESSAGES.duplicate('sigla', 'TS');
    api.call.mockRejectedValueOnce(new ApiError('http', 400, { message: duplicate }, duplicate, 'supplierCreate'));
    const { user, form, onSaved } = renderForm();
    await user.type(within(form()).getByLabelText(/Nome/), 'Tecidos Sul');
    await user.type(within(form()).getByLabelText('Sigla'), 'TS{Enter}');
    await within(form()).findByText(duplicate);
    expect(within(form()).getByLabelText('Sigla').getAttribute('aria-invalid')).toBe('true');

    const other = 'Não foi possível salvar agora.';
    api.call.mockRejectedValueOnce(new ApiError('http', 400, { message: other }, other, 'supplierCreate'));
    await user.click(within(form()).getByRole('button', { name: /Salvar/ }));
    expect((await within(form()).findByRole('alert')).textContent).toBe(other);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('a page form: tabs by group, Ctrl+PgDn between them, an error on another tab takes the cashier there, a secret is never sent empty, an extension tab writes its member', async () => {
    api.call.mockResolvedValue({});
    const onSaved = vi.fn();
    const { user } = renderUi(<RegisterForm descriptor={shop} row={null} opened readOnly={false} onClose={() => undefined} onSaved={onSaved} />);
    const form = () => screen.getByRole('form', { name: 'Loja' });
    expect(within(form()).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Geral', 'Endereço', 'Apelidos']);
    await user.type(within(form()).getByLabelText(/Nome/), 'Loja Centro');
    await user.click(within(form()).getByRole('button', { name: /Salvar/ }));
    // Número (required) is on the Endereço tab: the form goes there and marks it.
    const numero = await within(form()).findByLabelText(/Número/);
    expect(numero.getAttribute('aria-invalid')).toBe('true');
    expect(within(form()).getByRole('tab', { selected: true }).textContent).toContain('Endereço');
    await user.type(numero, '120');
    await user.keyboard('{Control>}{PageDown}{/Control}');
    expect(within(form()).getByRole('tab', { selected: true }).textContent).toBe('Apelidos');
    await user.click(within(form()).getByRole('button', { name: 'Somar apelido' }));
    await user.click(within(form()).getByRole('button', { name: /Salvar/ }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.call).toHaveBeenCalledWith('shopCreate', { nome: 'Loja Centro', cep: null, numero: '120', apelidos: ['Centro'] });
  });
});
