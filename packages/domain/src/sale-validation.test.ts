import { describe, expect, it } from 'vitest';
import { makeItem, makeOperation, makePayment, makePaymentMethod } from './factories.ts';
import type { Operation } from './operation.ts';
import { hasActiveSeries, requiresCustomerForMode, validateFinish, type FinishContext } from './sale-validation.ts';

const messages = (errors: readonly Error[]) => errors.map((e) => e.message);
const cash = makePaymentMethod();
const card = makePaymentMethod({ meio_pagamento: '03', descricao: 'Cartão de Crédito' });
const context = (over: Partial<FinishContext> = {}): FinishContext => ({
  config: { obrigar_vendedor_venda_pdv: false, obrigar_cliente_venda_pdv: false },
  series: [
    { id_filial: 1, codigo_modelo: '65', situacao: 'Ativo' },
    { id_filial: 1, codigo_modelo: '55', situacao: 'Ativo' },
  ],
  saldoCliente: null,
  ...over,
});
/** A paid sale of R$ 20,00 in branch 1. */
const sale = (over: Partial<Operation> = {}): Operation =>
  makeOperation({
    id_filial: 1,
    modelo: '65',
    itens: [makeItem({ valor_unitario: 2000, id_endereco_estoque: 1, id_cenario_fiscal: 1 })],
    pagamentos: [makePayment({ meio_pagamento: cash, valor_total: 2000 })],
    ...over,
  });

describe('validateFinish', () => {
  it('accepts a paid sale', () => {
    expect(validateFinish(sale(), context())).toEqual([]);
  });

  it('requires a customer for returns, consignments, receipts and quotes, naming the mode', () => {
    expect(messages(validateFinish(sale({ modo_operacao: 'Devolucao', modelo: null }), context()))).toEqual([
      'Informe um cliente para concluir a operação de devolução.',
    ]);
    expect(messages(validateFinish(sale({ modo_operacao: 'Consignacao', modelo: null }), context()))).toEqual([
      'Informe um cliente para concluir a operação de consignação.',
    ]);
    expect(messages(validateFinish(sale({ modo_operacao: 'Orcamento', modelo: null }), context()))).toEqual([
      'Informe um cliente para concluir a operação de orçamento.',
    ]);
    expect(
      messages(validateFinish(sale({ modo_operacao: 'Recebimento', modelo: null, itens: [] }), context())),
    ).toEqual(['Informe um cliente para concluir a operação de recebimento.']);
  });

  it('requires a customer for an NF-e sale', () => {
    expect(messages(validateFinish(sale({ modelo: '55' }), context()))).toEqual([
      'Informe um cliente para concluir a operação de venda.',
    ]);
    expect(validateFinish(sale({ modelo: '55', id_cliente: 4 }), context())).toEqual([]);
  });

  it('requires a customer and a seller in sale mode when the configuration says so', () => {
    const strict = context({ config: { obrigar_vendedor_venda_pdv: true, obrigar_cliente_venda_pdv: true } });
    expect(messages(validateFinish(sale(), strict))).toEqual([
      'É obrigatório informar um cliente.',
      'É obrigatório informar um vendedor.',
    ]);
    expect(validateFinish(sale({ id_cliente: 1, id_usuario_vendedor: 2 }), strict)).toEqual([]);
    expect(validateFinish(sale({ modo_operacao: 'Pedido', modelo: null, id_cliente: 1 }), strict)).toEqual([]);
  });

  it('requires a customer in order mode, where the order is released at once', () => {
    expect(messages(validateFinish(sale({ modo_operacao: 'Pedido', modelo: null }), context()))).toEqual([
      'Cliente não informado',
    ]);
    expect(messages(validateFinish(sale({ modo_operacao: 'Pedido', modelo: '55' }), context()))).toEqual([
      'Cliente não informado',
    ]);
    expect(validateFinish(sale({ modo_operacao: 'Pedido', modelo: null, id_cliente: 1 }), context())).toEqual([]);
    expect(validateFinish(sale({ modelo: null }), context())).toEqual([]);
  });

  it('gives only the mode message when both the mode and the configuration require a customer', () => {
    const strict = context({ config: { obrigar_vendedor_venda_pdv: false, obrigar_cliente_venda_pdv: true } });
    expect(messages(validateFinish(sale({ modelo: '55' }), strict))).toEqual([
      'Informe um cliente para concluir a operação de venda.',
    ]);
  });

  it('refuses customer credit that was not found', () => {
    const usingCredit = sale({ id_cliente: 3, saldo_pessoa_usado: 500 });
    expect(messages(validateFinish(usingCredit, context()))).toEqual([
      'Não foi possível encontrar crédito do cliente.',
    ]);
    expect(validateFinish(usingCredit, context({ saldoCliente: 1000 }))).toEqual([]);
  });

  it('requires an active series of the model in the branch', () => {
    const expected = [
      'Serie de emissão não cadastrada para este modelo. Cadastre uma série pelas configurações do sistema.',
    ];
    expect(messages(validateFinish(sale({ id_filial: 2 }), context()))).toEqual(expected);
    // A CF-e SAT has no series: the SAT numbers it (the server takes 59 only from a branch whose default it is).
    expect(validateFinish(sale({ modelo: '59' }), context({ series: [] }))).toEqual([]);
    const inactive = context({ series: [{ id_filial: 1, codigo_modelo: '65', situacao: 'Inativo' }] });
    expect(messages(validateFinish(sale(), inactive))).toEqual(expected);
    expect(validateFinish(sale({ modelo: null }), context({ series: [] }))).toEqual([]);
  });

  it('refuses items in a receipt and an operation without items elsewhere', () => {
    expect(
      messages(validateFinish(sale({ modo_operacao: 'Recebimento', modelo: null, id_cliente: 1 }), context())),
    ).toEqual(['Não é possível inserir itens na operação de recebimento.']);
    expect(messages(validateFinish(sale({ itens: [], pagamentos: [] }), context()))).toEqual([
      'Adicione ao menos um item para concluir a operação.',
    ]);
    const cancelledOnly = sale({ itens: [makeItem({ valor_unitario: 100, is_cancelado: true })], pagamentos: [] });
    expect(messages(validateFinish(cancelledOnly, context()))).toEqual([
      'Adicione ao menos um item para concluir a operação.',
    ]);
  });

  it('requires the payments to cover the net of a sale, telling what is missing', () => {
    const short = sale({ pagamentos: [makePayment({ meio_pagamento: cash, valor_total: 1500 })] });
    expect(messages(validateFinish(short, context()))).toEqual([
      'O valor pago não cobre o total da operação. Falta pagar R$ 5,00.',
    ]);
    expect(messages(validateFinish(sale({ frete: 100 }), context()))).toEqual([
      'O valor pago não cobre o total da operação. Falta pagar R$ 1,00.',
    ]);
    expect(validateFinish(sale({ modo_operacao: 'Pedido', modelo: null, id_cliente: 1, pagamentos: [] }), context())).toEqual([]);
  });

  it('lets cash exceed the net (change comes from the cash) but refuses non-cash payments above the net', () => {
    expect(
      validateFinish(sale({ pagamentos: [makePayment({ meio_pagamento: cash, valor_total: 5000 })] }), context()),
    ).toEqual([]);
    // Card first, then cash with change: the issue's own sale (card 10,00 + cash 15,00 for 20,00, change 5,00).
    const cardThenCash = sale({
      pagamentos: [
        makePayment({ meio_pagamento: card, valor_total: 1000, id_operadora_cartao: 1 }),
        makePayment({ meio_pagamento: cash, valor_total: 1500 }),
      ],
    });
    expect(validateFinish(cardThenCash, context())).toEqual([]);
    const cardOver = sale({
      pagamentos: [
        makePayment({ meio_pagamento: cash, valor_total: 1500 }),
        makePayment({ meio_pagamento: card, valor_total: 2500, id_operadora_cartao: 1 }),
      ],
    });
    expect(messages(validateFinish(cardOver, context()))).toEqual(['Valor do pagamento é maior que o valor da venda']);
    const cardExact = sale({
      pagamentos: [
        makePayment({ meio_pagamento: cash, valor_total: 1500 }),
        makePayment({ meio_pagamento: card, valor_total: 500, id_operadora_cartao: 1 }),
      ],
    });
    expect(validateFinish(cardExact, context())).toEqual([]);
  });

  it('reports the problems of each payment', () => {
    const noOperator = sale({ pagamentos: [makePayment({ meio_pagamento: card, valor_total: 2000 })] });
    expect(messages(validateFinish(noOperator, context()))).toEqual(['Selecione a operadora de cartão']);
  });
});

describe('requiresCustomerForMode and hasActiveSeries', () => {
  it('requires a customer by mode or NF-e model only', () => {
    expect(requiresCustomerForMode('Venda', '65')).toBe(false);
    expect(requiresCustomerForMode('Venda', '55')).toBe(true);
    expect(requiresCustomerForMode('Pedido', null)).toBe(false);
    expect(requiresCustomerForMode('ValeCredito', null)).toBe(false);
  });

  it('ignores deleted series', () => {
    const deleted = [{ id_filial: 1, codigo_modelo: '65', situacao: 'Ativo', data_exclusao: '2025-01-01T00:00:00Z' }];
    expect(hasActiveSeries(deleted, '65', 1)).toBe(false);
  });
});
