// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { installment } from '@pdv/contract/registers/installment';
import { cardOperator } from '@pdv/contract/registers/card-operator';
import { renderUi } from '../../testing/dom.tsx';
import { RegisterForm } from '../registers/RegisterForm.tsx';
import { mergeBranches } from './branches.ts';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../api/client.ts', () => ({ call: api.call }));
vi.mock('../../ui/toast.ts', () => ({ toast: { success: vi.fn() } }));

const form = (name: string) => screen.getByRole('form', { name });

describe('financial settings forms', () => {
  beforeEach(() => {
    api.call.mockReset();
    api.call.mockResolvedValue({});
  });

  it('a new installment plan starts with one installment; the tab adds the next one 30 days later and sends both', async () => {
    const { user } = renderUi(<RegisterForm descriptor={installment} row={null} opened readOnly={false} onClose={() => undefined} onSaved={() => undefined} />);
    await user.type(within(form('Parcelamento')).getByLabelText(/Descrição/), 'Carnê');
    await user.click(within(form('Parcelamento')).getByRole('tab', { name: 'Parcelas' }));
    expect(within(form('Parcelamento')).getByLabelText('Dias da parcela 1')).toHaveProperty('value', '30');
    await user.click(within(form('Parcelamento')).getByRole('button', { name: 'Adicionar parcela' }));
    await user.clear(within(form('Parcelamento')).getByLabelText('Dias da parcela 2'));
    await user.type(within(form('Parcelamento')).getByLabelText('Dias da parcela 2'), '45');
    await user.click(within(form('Parcelamento')).getByRole('button', { name: /^Salvar/ }));
    expect(api.call).toHaveBeenCalledWith('installmentCreate', expect.objectContaining({
      descricao: 'Carnê',
      parcelas: [
        { parcela: 1, dias_parcela: 30, percentual_acrescimo: 0 },
        { parcela: 2, dias_parcela: 45, percentual_acrescimo: 0 },
      ],
      filiais: [],
    }));
  });

  it('a card operator read-only shows its rates without the buttons that change them', async () => {
    api.call.mockResolvedValue({ id_operadora_cartao: 7, nome: 'Cielo', operacao: 'Ambos', taxa: 1.99, dias_credito: 30, taxas_parcela: [{ parcela: 2, taxa: 2.49 }] });
    const { user } = renderUi(<RegisterForm descriptor={cardOperator} row={{ id_operadora_cartao: 7, nome: 'Cielo' }} opened readOnly onClose={() => undefined} onSaved={() => undefined} />);
    await user.click(await screen.findByRole('tab', { name: 'Taxas por parcela' }));
    expect(api.call).toHaveBeenCalledWith('cardOperatorFindById', { id_operadora_cartao: 7 });
    expect(screen.getByLabelText('Taxa em 2x')).toHaveProperty('readOnly', true);
    expect(screen.queryByRole('button', { name: 'Adicionar taxa' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Salvar/ })).toBeNull();
  });

  it('lists each branch once, by name, and a branch the record names that no list has by its id', () => {
    const local = [{ id_filial: 2, nome_fantasia: 'Loja Shopping' }, { id_filial: 9, nome_fantasia: 'Fechada', data_exclusao: '2026-01-01' }];
    const session = [{ id_filial: 1, nome_fantasia: null, razao_social: 'Demo Moda Ltda' }, { id_filial: 2, nome_fantasia: 'Outro nome' }];
    expect(mergeBranches([local, session], [5])).toEqual([
      { id_filial: 1, nome: 'Demo Moda Ltda' },
      { id_filial: 2, nome: 'Loja Shopping' },
      { id_filial: 5, nome: 'Filial 5' },
    ]);
  });
});
