// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { formatMoney } from '@pdv/domain/money';
import { MESSAGES } from '@pdv/domain/messages';
import { SALE_BUILD_MESSAGES } from '@pdv/domain/sale-build';
import { VOUCHER_MESSAGES } from '@pdv/domain/voucher-rules';
import { renderUi } from '../../../testing/dom.tsx';
import type { StoredPayment } from '../../outbox/types.ts';
import type { SaleContext } from '../catalog.ts';
import { PaymentPanel } from './PaymentPanel.tsx';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../api/client.ts', () => ({ call: api.call }));

/** A voucher of R$ 30,00 of branch 1, as POST /gift_card/get-by-gift-card answers it. */
const VOUCHER = {
  id_vale_credito: 77, id_filial: 1, codigo: 'VC30', id_pessoa: null, valor: 30, saldo: 30, situacao: 'Ativo',
  motivo_cancelamento: null, data_validade: null, id_operacao: null, data_cadastro: '2025-01-01T00:00:00.000Z',
};

const context: SaleContext = {
  config: null,
  id_endereco_estoque: null,
  id_cenario_fiscal: null,
  series: [],
  branch: null,
  sellers: [],
  methods: [
    { id_meio_pagamento: 1, descricao: 'Dinheiro', meio_pagamento: '01', tecla_atalho: 'F2' },
    { id_meio_pagamento: 3, descricao: 'Cartão de Crédito', meio_pagamento: '03', utilizar_parcela: true, id_parcelamento: 9,
      id_operadora_cartao: 5, tecla_atalho: 'Alt+3' },
    { id_meio_pagamento: 16, descricao: 'Depósito Bancário', meio_pagamento: '16', obrigar_conta: true },
    { id_meio_pagamento: 5, descricao: 'Crediário', meio_pagamento: '05' },
    { id_meio_pagamento: 12, descricao: 'Vale Crédito', meio_pagamento: '12' },
  ],
  operators: [{ id_operadora_cartao: 5, nome: 'Cielo' }, { id_operadora_cartao: 6, nome: 'Rede' }],
  installments: [{ id_parcelamento: 9, parcelas: [{ dias_parcela: 30 }, { dias_parcela: 60 }, { dias_parcela: 90 }] }],
  accounts: [{ id_conta: 2, descricao: 'Banco do Brasil' }],
};

/** A sale with R$ 74,50 still to pay. */
async function open(
  idCliente: number | null = null,
  pagamentos: StoredPayment[] = [],
  voucherHeld?: (id: number) => Promise<number>,
) {
  const onAdd = vi.fn((_payment: Omit<StoredPayment, 'ordem'>) => undefined);
  const view = renderUi(
    <PaymentPanel opened context={context} idOperacao="op-1" idCliente={idCliente} idFilial={1} saldo={7450}
      pagamentos={pagamentos} voucherHeld={voucherHeld} onClose={() => undefined} onAdd={onAdd} />,
  );
  const method = screen.getByLabelText<HTMLInputElement>('Meio de pagamento', { selector: 'input' });
  await waitFor(() => expect(document.activeElement).toBe(method));
  return { ...view, onAdd, method, amount: screen.getByLabelText<HTMLInputElement>('Valor') };
}
const alertText = () => screen.getByRole('alert').textContent;

describe('PaymentPanel (F8)', () => {
  it('starts on the method with the balance as the value, and refuses Enter without a method', async () => {
    const { user, onAdd, amount } = await open();
    expect(amount.value).toBe('74,50');
    await user.keyboard('{Enter}');
    expect(alertText()).toBe(MESSAGES.paymentMethodRequired);
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('takes cash above the balance from the keyboard, shows the change and adds the payment in centavos', async () => {
    const { user, onAdd, amount } = await open();
    await user.keyboard('Dinh{Enter}');
    await user.clear(amount);
    await user.type(amount, '100,00');
    expect(screen.getByLabelText('Troco do pagamento').textContent).toBe(formatMoney(2550));
    await user.keyboard('{Enter}');
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(onAdd.mock.calls[0]?.[0]).toMatchObject({
      id_operacao: 'op-1', valor_total: 10_000, quantidade_parcelas: 1, id_operadora_cartao: null, operadora_nome: null,
      meio_pagamento: { id_meio_pagamento: 1, meio_pagamento: '01' },
    });
  });

  it("picks a method by its shortcut key from the method box, selects the value, and Enter adds it", async () => {
    const { user, onAdd, method, amount } = await open();
    expect(screen.getByLabelText('Teclas dos meios de pagamento').textContent).toBe('Alt+3 Cartão de Crédito · F2 Dinheiro');
    await user.keyboard('{Alt>}3{/Alt}');
    expect(method.value).toBe('Cartão de Crédito');
    expect(screen.getByLabelText('Operadora de cartão', { selector: 'input' })).toHaveProperty('value', 'Cielo');
    await user.keyboard('{F2}');
    expect(method.value).toBe('Dinheiro');
    expect(document.activeElement).toBe(amount);
    expect([amount.selectionStart, amount.selectionEnd]).toEqual([0, amount.value.length]);
    await user.keyboard('{Enter}');
    expect(onAdd.mock.calls[0]?.[0]).toMatchObject({ valor_total: 7450, meio_pagamento: { id_meio_pagamento: 1 } });
  });

  it('takes a method whose whole name is typed on Enter, even with the list closed, and adds it only on the next Enter', async () => {
    const { user, onAdd, method } = await open();
    await user.keyboard('Dinheiro');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard('{Enter}');
    expect(method.value).toBe('Dinheiro');
    expect(onAdd).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    await user.keyboard('{Enter}');
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(onAdd.mock.calls[0]?.[0]).toMatchObject({ valor_total: 7450, meio_pagamento: { id_meio_pagamento: 1 } });
  });

  it('leaves a plain letter to the method search (a key without Ctrl or Alt is no shortcut)', async () => {
    const { user, method } = await open();
    await user.keyboard('Cr');
    expect(method.value).toBe('Cr');
  });

  it('refuses a card payment above the balance with the spec message', async () => {
    const { user, onAdd, amount } = await open();
    await user.keyboard('Cart{Enter}');
    await user.clear(amount);
    await user.type(amount, '80{Enter}');
    expect(alertText()).toBe(MESSAGES.paymentAboveBalance);
    expect(onAdd).not.toHaveBeenCalled();
  });

  it("splits a card payment in the plan's installments with the method's operator", async () => {
    const { user, onAdd } = await open();
    await user.keyboard('Cart{Enter}');
    expect(screen.getByLabelText<HTMLInputElement>('Operadora de cartão', { selector: 'input' }).value).toBe('Cielo');
    await user.click(screen.getByLabelText('Parcelas', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: '3x' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar pagamento (Enter)' }));
    const payment = onAdd.mock.calls[0]?.[0];
    expect(payment).toMatchObject({ valor_total: 7450, quantidade_parcelas: 3, id_operadora_cartao: 5, operadora_nome: 'Cielo' });
    expect(payment?.parcelamento.map((p) => p.valor)).toEqual([2483, 2483, 2484]);
  });

  it('refuses a plan the server would refuse: fewer centavos than installments leaves one of R$ 0,00', async () => {
    const { user, onAdd, amount } = await open();
    await user.keyboard('Cart{Enter}');
    await user.clear(amount);
    await user.type(amount, '0,02');
    await user.click(screen.getByLabelText('Parcelas', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: '3x' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar pagamento (Enter)' }));
    expect(alertText()).toBe(SALE_BUILD_MESSAGES.installmentNotPositive(1));
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('asks for the bank account a method requires, and for the customer of a store-credit payment', async () => {
    const { user, onAdd, method } = await open();
    await user.keyboard('Dep{Enter}');
    await user.keyboard('{Enter}');
    expect(alertText()).toBe(MESSAGES.accountRequired);
    await user.clear(method);
    await user.keyboard('Credi{Enter}');
    await user.click(screen.getByRole('button', { name: 'Adicionar pagamento (Enter)' }));
    expect(alertText()).toBe(MESSAGES.paymentCustomerRequired);
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('adds the payment with Enter in Parcelas once an installment is chosen (the list does not open again)', async () => {
    const { user, onAdd } = await open();
    await user.keyboard('Cart{Enter}');
    const parcelas = screen.getByLabelText('Parcelas', { selector: 'input' });
    await user.click(parcelas);
    await user.click(await screen.findByRole('option', { name: '2x' }));
    parcelas.focus();
    await user.keyboard('{Enter}');
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(onAdd.mock.calls[0]?.[0]).toMatchObject({ valor_total: 7450, quantidade_parcelas: 2 });
  });

  it('refuses a second voucher line that with the first takes more than the voucher holds, with the spec message', async () => {
    api.call.mockResolvedValue(VOUCHER);
    const first = {
      id_pagamento: 'p-1', id_operacao: 'op-1', ordem: 1, valor_total: 2000, id_vale_credito: 77,
      vale_credito: { id_filial: 1, situacao: 'Ativo', saldo: 3000, data_validade: null },
    } as unknown as StoredPayment;
    const { user, onAdd, amount } = await open(null, [first]);
    await user.keyboard('Vale{Enter}');
    await user.type(screen.getByLabelText('Código do vale crédito'), 'VC30{Enter}');
    // What the voucher still holds after the sale's first line.
    await waitFor(() => expect(amount.value).toBe('10,00'));
    expect(screen.getByLabelText('Uso do vale').textContent).toBe(`Já usado nesta venda: ${formatMoney(2000)}. Resta: ${formatMoney(1000)}`);
    await user.clear(amount);
    await user.type(amount, '20{Enter}');
    expect(alertText()).toBe(VOUCHER_MESSAGES.insufficient(formatMoney(3000)));
    expect(onAdd).not.toHaveBeenCalled();
    await user.clear(amount);
    await user.type(amount, '10{Enter}');
    expect(onAdd.mock.calls[0]?.[0]).toMatchObject({ valor_total: 1000, id_vale_credito: 77, vale_credito: { saldo: 3000 } });
  });

  it("lowers the voucher's balance by what this device's operations not yet sent take from it", async () => {
    api.call.mockResolvedValue(VOUCHER);
    const { user, onAdd, amount } = await open(null, [], () => Promise.resolve(2500));
    await user.keyboard('Vale{Enter}');
    await user.type(screen.getByLabelText('Código do vale crédito'), 'VC30{Enter}');
    await waitFor(() => expect(amount.value).toBe('5,00'));
    await user.clear(amount);
    await user.type(amount, '20{Enter}');
    expect(alertText()).toBe(VOUCHER_MESSAGES.insufficient(formatMoney(500)));
    expect(onAdd).not.toHaveBeenCalled();
  });
  it("shows the voucher's balance only once its facts are known, so Enter never meets a voucher on screen it cannot use", async () => {
    api.call.mockResolvedValue(VOUCHER);
    let release: (held: number) => void = () => undefined;
    const held = new Promise<number>((resolve) => { release = resolve; });
    const { user, onAdd, amount } = await open(null, [], () => held);
    await user.keyboard('Vale{Enter}');
    await user.type(screen.getByLabelText('Código do vale crédito'), 'VC30{Enter}');
    // While what this device holds of it is being read, the voucher is not shown as found.
    await waitFor(() => expect(api.call).toHaveBeenCalled());
    expect(screen.queryByText(`Saldo ${formatMoney(3000)}`)).toBeNull();
    release(0);
    await waitFor(() => expect(screen.getByText(`Saldo ${formatMoney(3000)}`)).toBeTruthy());
    await waitFor(() => expect(amount.value).toBe('30,00'));
    await user.type(amount, '{Enter}');
    expect(onAdd.mock.calls[0]?.[0]).toMatchObject({ valor_total: 3000, id_vale_credito: 77 });
  });
});
