import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeSaleBody, makeSaleBodyItem, makeSaleBodyPayment, makeSaleRefs } from './factories.ts';
import { MESSAGES } from './messages.ts';
import { AMOUNT_TOO_LARGE } from './money.ts';
import { fromDecimal } from './money.ts';
import type { SaleLinePrice } from './price-check.ts';
import { buildSale as build, installmentPlanError, SALE_BUILD_MESSAGES, type Sale, type SaleDecision } from './sale-build.ts';
import type { SaleBody, SaleRefs } from './sale-input.ts';

/**
 * buildSale with the price table at the prices the lines carry: these tests are about everything but unit prices
 * (price-check.test.ts holds those), so each variation's retail price is its first line's.
 */
function buildSale(body: SaleBody, refs: SaleRefs): SaleDecision {
  const prices = new Map<number, SaleLinePrice>(refs.prices);
  for (const item of [...body.itens].reverse()) {
    const known = prices.get(item.id_produto_grade_filial);
    if (known) prices.set(item.id_produto_grade_filial, { ...known, preco_venda: fromDecimal(item.valor_unitario) });
  }
  return build(body, { ...refs, prices });
}

const CASH = 1;
const CARD = 2;
const CREDIARIO = 3;
const BOLETO = 4;
const STORE_CREDIT = 5;
const VOUCHER = 6;

/** The decided sale; fails the test with the refusal when it was refused. */
function decided(decision: SaleDecision): Sale {
  if (!decision.ok) throw new Error(`refused: ${decision.message}`);
  return decision;
}

function refusal(decision: SaleDecision): { message: string; erros?: string[] } {
  if (decision.ok) throw new Error('the sale was not refused');
  const { ok: _ok, ...rest } = decision;
  return rest;
}

const customer = { nome: 'Maria da Silva', cpf: '12345678909', cnpj: null };
const withCustomer = (over: Partial<SaleRefs> = {}) => makeSaleRefs({ customer, ...over });

describe('buildSale', () => {
  it('makes a pre-sale an order with its lines, totals, change and one stock line', () => {
    const sale = decided(
      buildSale(
        makeSaleBody({
          itens: [makeSaleBodyItem({ quantidade: 2, valor_unitario: 12.5, valor_desconto_item: 1 })],
          pagamentos: [makeSaleBodyPayment({ valor_total: 30 })],
        }),
        makeSaleRefs(),
      ),
    );
    expect(sale.document).toEqual({
      kind: 'pedido',
      operacao: 'Pedido',
      situacao: 'Edicao',
      release: false,
      pendingSend: false,
    });
    expect(sale.totals).toMatchObject({ bruto: 2500, desconto: 100, liquido: 2400, pago: 3000, troco: 600 });
    expect(sale.operation.itens[0]).toMatchObject({ quantidade: 2000, valor_sub_total: 2500, valor_total: 2400 });
    expect(sale.stock).toEqual([{ id_produto_grade_filial: 1, id_endereco_estoque: 1, quantidade: 2000 }]);
    expect(sale.receivables).toEqual([]);
  });

  it('starts a pre-sale released when the branch releases orders', () => {
    const refs = makeSaleRefs({ config: { ...makeSaleRefs().config, is_liberar_pedido: true } });
    expect(decided(buildSale(makeSaleBody(), refs)).document).toMatchObject({ situacao: 'Liberado', release: false });
  });

  it('creates an order of order mode in Edicao, to be released, and refuses it without a customer', () => {
    const body = makeSaleBody({ modo_operacao: 'Pedido', pagamentos: [] });
    expect(refusal(buildSale(body, makeSaleRefs()))).toEqual({
      message: 'Cliente não informado',
      erros: ['Cliente não informado'],
    });
    const sale = decided(buildSale({ ...body, id_cliente: 7 }, withCustomer()));
    expect(sale.document).toMatchObject({ kind: 'pedido', operacao: 'Pedido', situacao: 'Edicao', release: true });
    expect(sale.stock).toHaveLength(1);
  });

  it('refuses a fiscal document in order mode', () => {
    const body = makeSaleBody({ modo_operacao: 'Pedido', id_cliente: 7, modelo: '65' });
    expect(refusal(buildSale(body, withCustomer())).message).toBe(
      'Pedidos e orçamentos não emitem nota fiscal ao finalizar: fature o pedido depois de liberado.',
    );
  });

  it('makes a quote that moves no stock and creates no receivable nor redemption', () => {
    const body = makeSaleBody({
      modo_operacao: 'Orcamento',
      id_cliente: 7,
      pagamentos: [makeSaleBodyPayment({ id_meio_pagamento: CREDIARIO, quantidade_parcelas: 2 })],
    });
    const sale = decided(buildSale(body, withCustomer()));
    expect(sale.document).toMatchObject({ operacao: 'Orcamento', situacao: 'Edicao', release: false });
    expect(sale.stock).toEqual([]);
    expect(sale.receivables).toEqual([]);
    expect(sale.redemptions).toEqual([]);
  });

  it('makes a consignment pending send without stock, and refuses its payments', () => {
    const body = makeSaleBody({ modo_operacao: 'Consignacao', id_cliente: 7, pagamentos: [] });
    const sale = decided(buildSale(body, withCustomer()));
    expect(sale.document).toMatchObject({ operacao: 'Consignacao', situacao: 'Edicao', pendingSend: true });
    expect(sale.stock).toEqual([]);
    expect(refusal(buildSale({ ...body, pagamentos: [makeSaleBodyPayment()] }, withCustomer())).message).toBe(
      'A consignação não recebe pagamentos ao finalizar: eles entram no faturamento do que o cliente ficar.',
    );
  });

  it('concludes the order of a voucher sale at once, without stock', () => {
    const body = makeSaleBody({
      modo_operacao: 'ValeCredito',
      itens: [makeSaleBodyItem({ id_produto_grade_filial: 9 })],
    });
    const sale = decided(buildSale(body, makeSaleRefs({ voucherProduct: 9 })));
    expect(sale.document).toMatchObject({ operacao: 'Pedido', situacao: 'Concluida', release: false });
    expect(sale.stock).toEqual([]);
    expect(sale.totals.liquido).toBe(1000);
  });

  it("refuses a voucher sale without the branch's voucher product, of other products, paid by voucher or worth 0", () => {
    const body = makeSaleBody({
      modo_operacao: 'ValeCredito',
      itens: [makeSaleBodyItem({ id_produto_grade_filial: 9 })],
    });
    expect(refusal(buildSale(body, makeSaleRefs())).message).toBe('Produto de vale crédito não configurado na filial.');
    expect(refusal(buildSale(body, makeSaleRefs({ voucherProduct: 8 }))).message).toBe(
      'A operação de vale crédito aceita apenas o produto de vale crédito.',
    );
    const paidByVoucher = {
      ...body,
      pagamentos: [makeSaleBodyPayment({ id_meio_pagamento: VOUCHER, id_vale_credito: 3 })],
    };
    expect(refusal(buildSale(paidByVoucher, makeSaleRefs({ voucherProduct: 9 }))).message).toBe(
      'Um vale crédito não pode ser pago com outro vale crédito.',
    );
    const free = {
      ...body,
      itens: [makeSaleBodyItem({ id_produto_grade_filial: 9, valor_unitario: 0 })],
      pagamentos: [],
    };
    expect(refusal(buildSale(free, makeSaleRefs({ voucherProduct: 9 }))).message).toBe(
      'Informe o valor do vale crédito.',
    );
  });

  it("issues an invoice in the model's active series, with the customer's name and document", () => {
    const refs = withCustomer({
      series: [
        { id_serie_fiscal: 20, id_filial: 1, codigo_modelo: '65', codigo_serie: 2, situacao: 'Inativo' },
        { id_serie_fiscal: 21, id_filial: 1, codigo_modelo: '65', codigo_serie: 3, situacao: 'Ativo' },
      ],
    });
    const sale = decided(buildSale(makeSaleBody({ modelo: '65', id_cliente: 7 }), refs));
    expect(sale.document).toEqual({
      kind: 'nota_fiscal',
      modelo: '65',
      id_serie_fiscal: 21,
      serie: 3,
      ambiente: 2,
      cliente_nome: 'Maria da Silva',
      cliente_cpf_cnpj: '12345678909',
    });
    const typed = decided(
      buildSale(makeSaleBody({ modelo: '65', cliente_cpf_cnpj: '98765432100' }), { ...refs, customer: null }),
    );
    expect(typed.document).toMatchObject({ cliente_nome: null, cliente_cpf_cnpj: '98765432100' });
    expect(refusal(buildSale(makeSaleBody({ modelo: '65' }), makeSaleRefs({ series: [] }))).message).toBe(
      MESSAGES.fiscalSeriesMissing,
    );
  });

  it('refuses lines and customers that are not the branch’s, and payment methods not found', () => {
    const body = makeSaleBody({ itens: [makeSaleBodyItem({ id_produto_grade_filial: 99, descricao: 'Camisa' })] });
    expect(refusal(buildSale(body, makeSaleRefs()))).toEqual({
      message: 'Produto não encontrado nesta filial: Camisa.',
    });
    const address = makeSaleBody({ itens: [makeSaleBodyItem({ id_endereco_estoque: 99 })] });
    expect(refusal(buildSale(address, makeSaleRefs())).message).toBe('Endereço de estoque não selecionado.');
    expect(refusal(buildSale(makeSaleBody({ id_cliente: 7 }), makeSaleRefs())).message).toBe('Cliente não encontrado.');
    const method = makeSaleBody({ pagamentos: [makeSaleBodyPayment({ id_meio_pagamento: 99 })] });
    expect(refusal(buildSale(method, makeSaleRefs())).message).toBe('Meio de pagamento não encontrado ou inativo.');
  });

  it("refuses sellers, fiscal scenarios, card operators and bank accounts that are not the organization's", () => {
    const refused = (body: SaleBody) => refusal(buildSale(body, makeSaleRefs())).message;
    expect(refused(makeSaleBody({ id_usuario_vendedor: 99 }))).toBe(SALE_BUILD_MESSAGES.sellerNotFound);
    expect(refused(makeSaleBody({ itens: [makeSaleBodyItem({ id_usuario_vendedor: 99 })] }))).toBe(
      'Vendedor não encontrado.',
    );
    expect(refused(makeSaleBody({ itens: [makeSaleBodyItem({ id_cenario_fiscal: 99, descricao: 'Camisa' })] }))).toBe(
      'Cenário fiscal não encontrado para o produto Camisa.',
    );
    const card = (fields: Parameters<typeof makeSaleBodyPayment>[0]) =>
      makeSaleBody({ pagamentos: [makeSaleBodyPayment({ id_meio_pagamento: CARD, ...fields })] });
    expect(refused(card({ id_operadora_cartao: 99 }))).toBe('Operadora de cartão não encontrada.');
    // No bank account register yet: any account named is refused.
    expect(refused(card({ id_operadora_cartao: 1, id_conta: 1 }))).toBe('Conta bancária não encontrada.');
    // The same ids, found, go through.
    const found = makeSaleBody({
      id_usuario_vendedor: 1,
      itens: [makeSaleBodyItem({ id_usuario_vendedor: 2, id_cenario_fiscal: 1 })],
      pagamentos: [makeSaleBodyPayment({ id_meio_pagamento: CARD, id_operadora_cartao: 1 })],
    });
    expect(decided(buildSale(found, makeSaleRefs({ accounts: new Set([1]) }))).operation.itens[0]).toMatchObject({
      id_usuario_vendedor: 2,
      id_cenario_fiscal: 1,
    });
  });

  it('keeps the carrier named when it is one of the organization\'s carriers, and refuses it otherwise', () => {
    const body = makeSaleBody({ id_transportadora: 42 });
    // Not found (another organization's person, deleted or not a carrier): the loader answers no carrier.
    expect(refusal(buildSale(body, makeSaleRefs())).message).toBe(SALE_BUILD_MESSAGES.carrierNotFound);
    expect(refusal(buildSale(body, makeSaleRefs({ carrier: null }))).message).toBe('Transportadora não encontrada.');
    // A carrier found under another id is not the one named.
    expect(refusal(buildSale(body, makeSaleRefs({ carrier: { id_pessoa: 43 } }))).message).toBe('Transportadora não encontrada.');
    expect(decided(buildSale(body, makeSaleRefs({ carrier: { id_pessoa: 42 } }))).operation.id_transportadora).toBe(42);
    // None named: none kept, nothing to find.
    expect(decided(buildSale(makeSaleBody(), makeSaleRefs())).operation.id_transportadora).toBeNull();
    expect(decided(buildSale(makeSaleBody({ id_transportadora: null }), makeSaleRefs())).operation.id_transportadora).toBeNull();
  });

  it("refuses an installment plan that does not add up to its payment, holds an installment of zero or falls due before the sale's day", () => {
    const plan = (...installments: Array<[number, string]>) =>
      makeSaleBody({
        id_cliente: 7,
        itens: [makeSaleBodyItem({ valor_unitario: 39.9 })],
        pagamentos: [
          makeSaleBodyPayment({
            id_meio_pagamento: CREDIARIO,
            valor_total: 39.9,
            quantidade_parcelas: installments.length,
            parcelamento: installments.map(([valor, data_vencimento], index) => ({
              parcela: index + 1,
              valor,
              data_vencimento,
            })),
          }),
        ],
      });
    const refused = (body: SaleBody) => refusal(buildSale(body, withCustomer())).message;
    expect(refused(plan([0.01, '2026-04-10'], [0.01, '2026-05-10']))).toBe(
      'A soma das parcelas (R$ 0,02) difere do valor do pagamento (R$ 39,90).',
    );
    expect(refused(plan([39.91, '2026-04-10']))).toBe(SALE_BUILD_MESSAGES.installmentsSum(3991, 3990));
    expect(refused(plan([39.9, '2026-04-10'], [0, '2026-05-10']))).toBe('A parcela 2 deve ter valor maior que zero.');
    // makeSaleBody's sale began on 10/03/2026.
    expect(refused(plan([19.95, '2026-03-09'], [19.95, '2026-04-09']))).toBe(
      'O vencimento da parcela 1 (09/03/2026) não pode ser anterior a 10/03/2026.',
    );
    const sale = decided(buildSale(plan([19.95, '2026-03-10'], [19.95, '2026-04-10']), withCustomer()));
    expect(sale.receivables.map((r) => [r.valor, r.data_vencimento])).toEqual([
      [1995, '2026-03-10'],
      [1995, '2026-04-10'],
    ]);
    // A quote's proposed plan is held to the same rule.
    expect(refusal(buildSale({ ...plan([0.01, '2026-04-10']), modo_operacao: 'Orcamento' }, withCustomer())).message).toBe(
      SALE_BUILD_MESSAGES.installmentsSum(1, 3990),
    );
  });

  it('checks a plan of installments on its own: none is no plan, each above zero and due from the day, summing exactly', () => {
    expect(installmentPlanError(1000, [], '2026-03-10')).toBeNull();
    const inst = (parcela: number, valor: number, data_vencimento = '2026-04-10') => ({ parcela, valor, data_vencimento });
    expect(installmentPlanError(1000, [inst(1, 400), inst(2, 600)], '2026-03-10')).toBeNull();
    expect(installmentPlanError(1000, [inst(1, 1001), inst(2, -1)], '2026-03-10')).toBe(
      SALE_BUILD_MESSAGES.installmentNotPositive(2),
    );
    expect(installmentPlanError(1000, [inst(1, 1000, '2026-03-09')], '2026-03-10')).toBe(
      SALE_BUILD_MESSAGES.installmentBefore(1, '2026-03-09', '2026-03-10'),
    );
    expect(installmentPlanError(1000, [inst(1, 999)], '2026-03-10')).toBe(SALE_BUILD_MESSAGES.installmentsSum(999, 1000));
  });

  it('refuses amounts too large to hold instead of throwing', () => {
    // 999.999,999 × R$ 999.999.999,99 passes 2^53 centavos.
    const huge = makeSaleBody({ itens: [makeSaleBodyItem({ quantidade: 999_999.999, valor_unitario: 999_999_999.99 })] });
    expect(refusal(buildSale(huge, makeSaleRefs()))).toEqual({ message: AMOUNT_TOO_LARGE });
    // R$ 50.000.000,00 × 999.999,999 is a safe integer but more than a numeric(15,2) column holds.
    const wide = makeSaleBody({
      itens: [makeSaleBodyItem({ quantidade: 999_999.999, valor_unitario: 50_000_000 })],
      pagamentos: Array.from({ length: 6 }, (_, index) =>
        makeSaleBodyPayment({ id_pagamento: `p${index}`, valor_total: 9_999_999_999_999.99 }),
      ),
    });
    expect(refusal(buildSale(wide, makeSaleRefs()))).toEqual({ message: AMOUNT_TOO_LARGE });
    // Payments summing past 2^53 centavos.
    const paid = makeSaleBody({
      pagamentos: Array.from({ length: 10 }, (_, index) =>
        makeSaleBodyPayment({ id_pagamento: `p${index}`, valor_total: 9_999_999_999_999.99 }),
      ),
    });
    expect(refusal(buildSale(paid, makeSaleRefs()))).toEqual({ message: AMOUNT_TOO_LARGE });
  });

  it('lists every finishing refusal, the first as the message', () => {
    const refs = makeSaleRefs({ config: { ...makeSaleRefs().config, obrigar_vendedor_venda_pdv: true } });
    expect(refusal(buildSale(makeSaleBody({ pagamentos: [] }), refs))).toEqual({
      message: 'É obrigatório informar um vendedor.',
      erros: [
        'É obrigatório informar um vendedor.',
        'O valor pago não cobre o total da operação. Falta pagar R$ 10,00.',
      ],
    });
  });

  it('spreads a subtotal discount over the lines and refuses one above them', () => {
    const body = makeSaleBody({
      itens: [makeSaleBodyItem({ id_item: 'a' }), makeSaleBodyItem({ id_item: 'b', id_produto_grade_filial: 2, valor_unitario: 20 })],
      valor_desconto_subtotal: 3,
      pagamentos: [makeSaleBodyPayment({ valor_total: 27 })],
    });
    const sale = decided(buildSale(body, makeSaleRefs()));
    expect(sale.operation.itens.map((i) => i.valor_desconto_subtotal)).toEqual([100, 200]);
    expect(sale.desconto_subtotal).toBe(300);
    expect(sale.totals).toMatchObject({ liquido: 2700, desconto: 300 });
    expect(refusal(buildSale({ ...body, valor_desconto_subtotal: 31 }, makeSaleRefs()))).toEqual({
      message: MESSAGES.discountAboveItems,
    });
  });

  it('groups the stock lines by product variation and address', () => {
    const body = makeSaleBody({
      itens: [
        makeSaleBodyItem({ id_item: 'a', quantidade: 1.5 }),
        makeSaleBodyItem({ id_item: 'b', id_endereco_estoque: 2 }),
        makeSaleBodyItem({ id_item: 'c', quantidade: 0.25 }),
      ],
      pagamentos: [makeSaleBodyPayment({ valor_total: 27.5 })],
    });
    expect(decided(buildSale(body, makeSaleRefs())).stock).toEqual([
      { id_produto_grade_filial: 1, id_endereco_estoque: 1, quantidade: 1750 },
      { id_produto_grade_filial: 1, id_endereco_estoque: 2, quantidade: 1000 },
    ]);
  });

  it('creates one receivable per installment of the methods the shop collects, numbered across payments', () => {
    const body = makeSaleBody({
      id_cliente: 7,
      itens: [makeSaleBodyItem({ valor_unitario: 100 })],
      pagamentos: [
        makeSaleBodyPayment({ id_pagamento: 'p1', id_meio_pagamento: CASH, valor_total: 10 }),
        makeSaleBodyPayment({
          id_pagamento: 'p2',
          id_meio_pagamento: CREDIARIO,
          valor_total: 50,
          quantidade_parcelas: 3,
        }),
        makeSaleBodyPayment({ id_pagamento: 'p3', id_meio_pagamento: STORE_CREDIT, valor_total: 10 }),
        makeSaleBodyPayment({
          id_pagamento: 'p4',
          id_meio_pagamento: BOLETO,
          valor_total: 30,
          quantidade_parcelas: 2,
          parcelamento: [
            { parcela: 1, valor: 10, data_vencimento: '2026-04-01' },
            { parcela: 2, valor: 20, data_vencimento: '2026-05-01' },
          ],
        }),
      ],
    });
    expect(decided(buildSale(body, withCustomer())).receivables).toEqual([
      { sequencia: 1, valor: 1666, data_vencimento: '2026-04-09', id_meio_pagamento: CREDIARIO },
      { sequencia: 2, valor: 1666, data_vencimento: '2026-05-09', id_meio_pagamento: CREDIARIO },
      { sequencia: 3, valor: 1668, data_vencimento: '2026-06-08', id_meio_pagamento: CREDIARIO },
      { sequencia: 4, valor: 1000, data_vencimento: '2026-04-01', id_meio_pagamento: BOLETO },
      { sequencia: 5, valor: 2000, data_vencimento: '2026-05-01', id_meio_pagamento: BOLETO },
    ]);
  });

  it('checks the vouchers paying and answers what to take from each, summed per voucher', () => {
    const voucher = (id_vale_credito: number, valor_total: number, id_pagamento: string) =>
      makeSaleBodyPayment({ id_pagamento, id_meio_pagamento: VOUCHER, id_vale_credito, valor_total });
    const body = makeSaleBody({
      itens: [makeSaleBodyItem({ valor_unitario: 30 })],
      pagamentos: [voucher(8, 10, 'a'), voucher(3, 15, 'b'), voucher(8, 5, 'c')],
    });
    const card = { id_filial: 1, situacao: 'Ativo', saldo: 2000, data_validade: null };
    const vouchers = new Map([
      [3, card],
      [8, card],
    ]);
    expect(decided(buildSale(body, makeSaleRefs({ vouchers }))).redemptions).toEqual([
      [3, 1500],
      [8, 1500],
    ]);
    expect(refusal(buildSale(body, makeSaleRefs({ vouchers: new Map([[8, card]]) }))).message).toBe(
      'Vale crédito não encontrado.',
    );
    const short = new Map([
      [3, card],
      [8, { ...card, saldo: 1000 }],
    ]);
    expect(refusal(buildSale(body, makeSaleRefs({ vouchers: short }))).message).toBe(
      'Saldo do vale crédito insuficiente. Saldo disponível: R$ 10,00.',
    );
    const unnamed = makeSaleBody({ pagamentos: [makeSaleBodyPayment({ id_meio_pagamento: VOUCHER })] });
    expect(refusal(buildSale(unnamed, makeSaleRefs())).message).toBe('Informe o código do vale crédito.');
  });

  it('answers stock lines and receivables that add up exactly to the lines and the installment payments', () => {
    const cents = (min: number, max: number) => fc.integer({ min, max }).map((c) => c / 100);
    const line = fc.record({
      id_produto_grade_filial: fc.integer({ min: 1, max: 4 }),
      id_endereco_estoque: fc.integer({ min: 1, max: 3 }),
      quantidade: fc.integer({ min: 1000, max: 5000 }).map((m) => m / 1000),
      valor_unitario: cents(1000, 100_000),
    });
    // Installment payments of at most R$ 10,00 each, one per line at most, so they never exceed the net; cash pays
    // the rest (and gives change).
    const installmentPayment = fc.record({
      id_meio_pagamento: fc.constantFrom(CARD, CREDIARIO, BOLETO),
      valor_total: cents(1, 1000),
      quantidade_parcelas: fc.integer({ min: 1, max: 12 }),
      ownPlan: fc.boolean(),
    });
    const bodies = fc
      .array(line, { minLength: 1, maxLength: 20 })
      .chain((lines) => fc.tuple(fc.constant(lines), fc.array(installmentPayment, { maxLength: lines.length })));
    fc.assert(
      fc.property(bodies, ([lines, payments]) => {
        const body: SaleBody = makeSaleBody({
          id_cliente: 7,
          // Typed prices of any size: the refs below carry a supervisor's authorization (price-check.test.ts checks
          // prices and limits).
          itens: lines.map((l, index) => makeSaleBodyItem({ ...l, id_item: `i${index}`, is_preco_alterado: true })),
          pagamentos: [
            ...payments.map((p, index) =>
              makeSaleBodyPayment({
                id_pagamento: `p${index}`,
                id_meio_pagamento: p.id_meio_pagamento,
                valor_total: p.valor_total,
                quantidade_parcelas: p.quantidade_parcelas,
                id_operadora_cartao: 1,
                // A plan of the body's own: all on the first installment but one centavo on the second.
                parcelamento:
                  p.ownPlan && p.valor_total >= 0.02
                    ? [
                        { parcela: 1, valor: Math.round(p.valor_total * 100 - 1) / 100, data_vencimento: '2026-04-01' },
                        { parcela: 2, valor: 0.01, data_vencimento: '2026-05-01' },
                      ]
                    : [],
              }),
            ),
            makeSaleBodyPayment({ id_pagamento: 'cash', id_meio_pagamento: CASH, valor_total: 600_000 }),
          ],
        });
        const sale = decided(buildSale(body, withCustomer({ discountAuthorized: true })));
        const milli = lines.reduce((total, l) => total + Math.round(l.quantidade * 1000), 0);
        expect(sale.stock.reduce((total, s) => total + s.quantidade, 0)).toBe(milli);
        for (const s of sale.stock) {
          const own = lines.filter(
            (l) =>
              l.id_produto_grade_filial === s.id_produto_grade_filial &&
              l.id_endereco_estoque === s.id_endereco_estoque,
          );
          expect(s.quantidade).toBe(own.reduce((total, l) => total + Math.round(l.quantidade * 1000), 0));
        }
        expect(new Set(sale.stock.map((s) => `${s.id_produto_grade_filial}:${s.id_endereco_estoque}`)).size).toBe(
          sale.stock.length,
        );
        // The crediário and the boleto are collected by the shop from the customer; a card payment is owed by the card
        // operator (card-receivables.ts, written by the server), never a receivable of the customer.
        expect(sale.receivables.reduce((total, r) => total + r.valor, 0)).toBe(
          payments.filter((p) => p.id_meio_pagamento !== CARD).reduce((total, p) => total + Math.round(p.valor_total * 100), 0),
        );
        expect(sale.receivables.map((r) => r.sequencia)).toEqual(sale.receivables.map((_, index) => index + 1));
      }),
    );
  });
});

describe('buildSale: discounts within the seller limits (001 §5)', () => {
  // A 39,90 line, the cashier's 5% limit: at most 1,99 off the line (1,995 rounded down; 2,00 when typed as 5%).
  const line = (valor_desconto_item: number, over: Partial<SaleBody['itens'][number]> = {}) =>
    makeSaleBodyItem({ valor_unitario: 39.9, valor_desconto_item, ...over });
  const sale = (itens: SaleBody['itens'], valor_desconto_subtotal = 0) =>
    makeSaleBody({ itens, valor_desconto_subtotal, pagamentos: [makeSaleBodyPayment({ valor_total: 39.9 })] });
  const cashier = (over: Partial<SaleRefs> = {}) => makeSaleRefs({ discountLimit: 500, ...over });

  it('passes an item or subtotal discount within the limit, also a percentage rounded half-up by the point of sale', () => {
    expect(buildSale(sale([line(1.99)]), cashier()).ok).toBe(true);
    expect(buildSale(sale([line(2)]), cashier()).ok).toBe(true); // 5% of 39,90 as the DiscountPanel turns it into centavos
    expect(buildSale(sale([line(0)], 1.99), cashier()).ok).toBe(true);
  });

  it('refuses an item discount above the limit with the point of sale message', () => {
    expect(refusal(buildSale(sale([line(35)]), cashier())).message).toBe(MESSAGES.discountValueAboveMax(199, 500));
    expect(refusal(buildSale(sale([line(2.01)]), cashier())).message).toBe(MESSAGES.discountValueAboveMax(199, 500));
    expect(refusal(buildSale(sale([line(39.9)]), cashier())).message).toBe(MESSAGES.discountValueAboveMax(199, 500));
  });

  it('refuses a subtotal discount above the limit of what the lines are worth after their own discounts', () => {
    expect(refusal(buildSale(sale([line(0)], 39.89), cashier())).message).toBe(MESSAGES.discountValueAboveMax(199, 500));
    // After a 1,90 line discount the lines are worth 38,00: 5% is 1,90.
    expect(buildSale(sale([line(1.9)], 1.9), cashier()).ok).toBe(true);
    expect(refusal(buildSale(sale([line(1.9)], 1.91), cashier())).message).toBe(MESSAGES.discountValueAboveMax(190, 500));
  });

  it("uses the product's own limit for its line, the user's for the subtotal", () => {
    const own = cashier({ productDiscountLimits: new Map([[1, 1000]]) });
    expect(buildSale(sale([line(3.99)]), own).ok).toBe(true);
    expect(refusal(buildSale(sale([line(0)], 3.99), own)).message).toBe(MESSAGES.discountValueAboveMax(199, 500));
    const none = cashier({ productDiscountLimits: new Map([[1, 0]]) });
    expect(refusal(buildSale(sale([line(0.01)]), none)).message).toBe(MESSAGES.discountValueAboveMax(0, 0));
  });

  it('passes a discount above the limit when a supervisor authorization was spent for it', () => {
    const authorized = cashier({ discountAuthorized: true });
    expect(buildSale(sale([line(35)]), authorized).ok).toBe(true);
    expect(buildSale(sale([line(0)], 39.89), authorized).ok).toBe(true);
  });
});
