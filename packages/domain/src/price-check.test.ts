import { describe, expect, it } from 'vitest';
import { makeSaleBody, makeSaleBodyItem, makeSaleBodyPayment, makeSaleRefs } from './factories.ts';
import { MESSAGES } from './messages.ts';
import {
  expectedUnitPrices,
  operationDateError,
  PRICE_MESSAGES,
  priceAtVersion,
  priceLimitError,
  priceTableError,
  referencePrice,
  type SaleLinePrice,
} from './price-check.ts';
import { buildSale, limitError } from './sale-build.ts';
import type { SaleBodyItem } from './sale-input.ts';

// A T-shirt (product 7) in sizes G (grid 1) and M (grid 2): 39,90 retail, 34,90 wholesale from 6 units; a cashier may
// lower a typed price by 5% and raise it by 100%.
const shirt = (over: Partial<SaleLinePrice> = {}): SaleLinePrice => ({
  id_produto: 7,
  preco_venda: 3990,
  preco_atacado: 3490,
  quantidade_atacarejo: 6000,
  limits: { perc_max_aumento_preco_produto: 10_000, perc_max_reducao_preco_produto: 500 },
  ...over,
});
const prices = new Map([
  [1, shirt()],
  [2, shirt()],
  [3, shirt({ id_produto: 8, preco_atacado: 0 })],
]);
const G = (fields: Partial<SaleBodyItem> = {}) =>
  makeSaleBodyItem({ id_item: 'g', id_produto_grade_filial: 1, descricao: 'Camiseta G', valor_unitario: 39.9, ...fields });
const M = (fields: Partial<SaleBodyItem> = {}) =>
  makeSaleBodyItem({ id_item: 'm', id_produto_grade_filial: 2, descricao: 'Camiseta M', valor_unitario: 39.9, ...fields });
const wholesale = { valor_unitario: 34.9, tipo_preco: 'Atacado' as const, is_atacarejo: true };

describe('expectedUnitPrices and priceTableError', () => {
  it('expects retail below the wholesale quantity and refuses any other price with the expected and received ones', () => {
    expect(expectedUnitPrices([G({ quantidade: 5 })], prices)).toEqual([3990]);
    expect(priceTableError({ itens: [G({ quantidade: 5 })] }, prices)).toBeNull();
    expect(priceTableError({ itens: [G({ valor_unitario: 0.01 })] }, prices)).toBe(
      'O preço de Camiseta G não confere com a tabela de preços (esperado R$ 39,90, recebido R$ 0,01).',
    );
  });

  it('counts 5 G + 1 M of one product towards its wholesale quantity: both wholesale, retail refused', () => {
    expect(expectedUnitPrices([G({ quantidade: 5 }), M({ quantidade: 1 })], prices)).toEqual([3490, 3490]);
    expect(priceTableError({ itens: [G({ quantidade: 5, ...wholesale }), M({ quantidade: 1, ...wholesale })] }, prices)).toBeNull();
    expect(priceTableError({ itens: [G({ quantidade: 5 }), M({ quantidade: 1 })] }, prices)).toBe(
      PRICE_MESSAGES.priceMismatch('Camiseta G', 3490, 3990),
    );
  });

  it('refuses a line that claims the wholesale rule below the quantity', () => {
    expect(priceTableError({ itens: [G({ quantidade: 5, ...wholesale })] }, prices)).toBe(
      PRICE_MESSAGES.priceMismatch('Camiseta G', 3990, 3490),
    );
  });

  it('expects the wholesale price of a line wholesale by choice, and retail when the variation has no wholesale price', () => {
    const byChoice = { tipo_preco: 'Atacado' as const, is_atacarejo: false };
    expect(expectedUnitPrices([G({ quantidade: 1, ...byChoice })], prices)).toEqual([3490]);
    const other = makeSaleBodyItem({ id_produto_grade_filial: 3, quantidade: 1, ...byChoice });
    expect(expectedUnitPrices([other], prices)).toEqual([3990]);
  });

  it('lets a typed price (is_preco_alterado) off the table, but never at zero; its quantity still counts', () => {
    const typed = G({ quantidade: 5, valor_unitario: 38, is_preco_alterado: true });
    expect(priceTableError({ itens: [typed] }, prices)).toBeNull();
    expect(priceTableError({ itens: [G({ valor_unitario: 0, is_preco_alterado: true })] }, prices)).toBe(
      MESSAGES.itemValueNotPositive,
    );
    expect(expectedUnitPrices([typed, M({ quantidade: 1 })], prices)[1]).toBe(3490);
  });

  it('leaves a variation without a price to the reference check (buildSale refuses it as not the branch’s)', () => {
    expect(priceTableError({ itens: [G({ id_produto_grade_filial: 99 })] }, prices)).toBeNull();
    const refused = buildSale(makeSaleBody({ itens: [G({ id_produto_grade_filial: 99 })] }), makeSaleRefs({ grids: new Set([99]) }));
    expect(refused.ok ? null : refused.message).toBe('Produto não encontrado nesta filial: Camiseta G.');
  });
});

describe('referencePrice and priceLimitError', () => {
  it("measures a typed price from the price of the line's price type", () => {
    expect(referencePrice({ tipo_preco: 'Varejo' }, shirt())).toBe(3990);
    expect(referencePrice({ tipo_preco: 'Atacado' }, shirt())).toBe(3490);
    expect(referencePrice({ tipo_preco: 'Atacado' }, shirt({ preco_atacado: 0 }))).toBe(3990);
  });

  it('holds a typed price to the limits that apply, with the point of sale messages', () => {
    const typed = (valor_unitario: number, over: Partial<SaleBodyItem> = {}) =>
      ({ itens: [G({ valor_unitario, is_preco_alterado: true, ...over })] });
    expect(priceLimitError(typed(37.91), prices)).toBeNull(); // 1,99 off 39,90
    expect(priceLimitError(typed(37.9), prices)).toBe(MESSAGES.priceReductionAboveMax(500));
    expect(priceLimitError(typed(79.8), prices)).toBeNull(); // +100%
    expect(priceLimitError(typed(79.81), prices)).toBe(MESSAGES.priceIncreaseAboveMax(10_000));
    // Wholesale line: measured from 34,90.
    expect(priceLimitError(typed(33.16, { tipo_preco: 'Atacado', is_atacarejo: true }), prices)).toBeNull();
    expect(priceLimitError(typed(33.15, { tipo_preco: 'Atacado', is_atacarejo: true }), prices)).toBe(
      MESSAGES.priceReductionAboveMax(500),
    );
    // A line that is not a typed price is the table's business.
    expect(priceLimitError({ itens: [G({ valor_unitario: 1 })] }, prices)).toBeNull();
  });
});

describe('buildSale with the prices', () => {
  const refs = makeSaleRefs({ prices });
  const body = (itens: SaleBodyItem[]) =>
    makeSaleBody({ itens, pagamentos: [makeSaleBodyPayment({ valor_total: 1000 })] });

  it('refuses a line off the table even with a supervisor authorization, and passes a typed price beyond the limit with it', () => {
    const off = buildSale(body([G({ valor_unitario: 0.01 })]), { ...refs, discountAuthorized: true });
    expect(off.ok ? null : off.message).toBe(PRICE_MESSAGES.priceMismatch('Camiseta G', 3990, 1));
    const typed = body([G({ valor_unitario: 30, is_preco_alterado: true })]);
    const refused = buildSale(typed, refs);
    expect(refused.ok ? null : refused.message).toBe(MESSAGES.priceReductionAboveMax(500));
    expect(limitError(typed, refs)).toBe(MESSAGES.priceReductionAboveMax(500));
    expect(buildSale(typed, { ...refs, discountAuthorized: true }).ok).toBe(true);
  });

  it('keeps the typed price mark on the line, and does not check the value of a voucher sale', () => {
    const sale = buildSale(body([G({ valor_unitario: 38, is_preco_alterado: true })]), refs);
    expect(sale.ok && sale.operation.itens[0]?.is_preco_alterado).toBe(true);
    const voucher = buildSale(
      makeSaleBody({ modo_operacao: 'ValeCredito', id_cliente: 1, itens: [G({ valor_unitario: 100 })], pagamentos: [makeSaleBodyPayment({ valor_total: 100 })] }),
      { ...refs, voucherProduct: 1, customer: { nome: 'Maria', cpf: null, cnpj: null } },
    );
    expect(voucher.ok ? null : voucher.message).toBeNull();
  });
});

describe('priceAtVersion', () => {
  const received = '2026-03-10T12:00:00.000Z';
  const hoursBefore = (h: number) => new Date(Date.parse(received) - h * 3600_000).toISOString();
  const current = { preco_venda: 4590, preco_atacado: 3990 };
  // 39,90 from 100 h before receipt until the 45,90 of `changedAt` hours before.
  const history = (changedAt: number) => [
    { vigente_desde: hoursBefore(100), preco_venda: 3990, preco_atacado: 3490 },
    { vigente_desde: hoursBefore(changedAt), preco_venda: 4590, preco_atacado: 3990 },
  ];

  it('uses the price in effect at the version when it was current within the 72 hours before receipt', () => {
    expect(priceAtVersion(history(71), current, hoursBefore(80), received)).toEqual({ preco_venda: 3990, preco_atacado: 3490 });
    expect(priceAtVersion(history(1), current, hoursBefore(2), received).preco_venda).toBe(3990);
  });

  it('uses the current price for a version whose price ended more than 72 hours ago', () => {
    expect(priceAtVersion(history(73), current, hoursBefore(80), received)).toBe(current);
  });

  it('uses the current price without a version, with an unreadable one, before the history, or at the current row', () => {
    expect(priceAtVersion(history(1), current, undefined, received)).toBe(current);
    expect(priceAtVersion(history(1), current, null, received)).toBe(current);
    expect(priceAtVersion(history(1), current, 'ontem', received)).toBe(current);
    expect(priceAtVersion(history(1), current, hoursBefore(200), received)).toBe(current);
    expect(priceAtVersion(history(1), current, hoursBefore(0.5), received)).toBe(current);
    expect(priceAtVersion([], current, hoursBefore(2), received)).toBe(current);
  });

  it('takes a version equal to the instant a price took effect as that price', () => {
    expect(priceAtVersion(history(1), current, hoursBefore(100), received).preco_venda).toBe(3990);
  });
});

describe('operationDateError', () => {
  const received = '2026-03-10T12:00:00.000Z';
  const at = (minutes: number) => new Date(Date.parse(received) + minutes * 60_000).toISOString();

  it('allows a device clock up to 10 minutes ahead and a sale begun up to 72 hours before receipt', () => {
    expect(operationDateError({ data_inicio: at(10) }, received)).toBeNull();
    expect(operationDateError({ data_inicio: at(-72 * 60), data_fim: at(-1) }, received)).toBeNull();
  });

  it('refuses an operation dated in the future, begun more than 72 hours ago, or with an unreadable date', () => {
    expect(operationDateError({ data_inicio: at(11) }, received)).toBe(PRICE_MESSAGES.operationInFuture);
    expect(operationDateError({ data_inicio: at(0), data_fim: at(11) }, received)).toBe(PRICE_MESSAGES.operationInFuture);
    expect(operationDateError({ data_inicio: at(-72 * 60 - 1) }, received)).toBe(PRICE_MESSAGES.operationTooOld);
    expect(operationDateError({ data_inicio: 'x' }, received)).toBe(PRICE_MESSAGES.operationDateInvalid);
    expect(PRICE_MESSAGES.operationInFuture).toBe(
      'A data da operação está no futuro. Acerte a data e a hora deste computador e envie a operação novamente.',
    );
    expect(PRICE_MESSAGES.operationTooOld).toBe(
      'A operação foi iniciada há mais de 72 horas e não pode mais ser enviada. Refaça a venda com os preços atuais.',
    );
  });
});
