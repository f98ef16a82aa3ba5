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
  priceTypeError,
  chosenPriceType,
  lineTypeFor,
  retypedLine,
  repricedLine,
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

describe('the price type (000 §3.3 tipo_preco) and tipo_preco_alterar, thinking like a dishonest cashier', () => {
  const locked = { tipo_preco_padrao: 'Varejo' as const, tipo_preco_alterar: false };
  const atacadoLocked = { tipo_preco_padrao: 'Atacado' as const, tipo_preco_alterar: false };
  const byChoice = { valor_unitario: 34.9, tipo_preco: 'Atacado' as const, is_atacarejo: false };
  const cap = (fields: Partial<SaleBodyItem> = {}) =>
    makeSaleBodyItem({ id_item: 'c', id_produto_grade_filial: 3, descricao: 'Boné', valor_unitario: 39.9, ...fields });

  it('reads the chosen type: wholesale by the quantity rule was chosen at Varejo', () => {
    expect(chosenPriceType(G())).toBe('Varejo');
    expect(chosenPriceType(G(byChoice))).toBe('Atacado');
    expect(chosenPriceType(G(wholesale))).toBe('Varejo');
    expect(lineTypeFor('Atacado', shirt())).toBe('Atacado');
    expect(lineTypeFor('Atacado', shirt({ preco_atacado: 0 }))).toBe('Varejo');
    expect(lineTypeFor('Varejo', shirt())).toBe('Varejo');
  });

  it('refuses a wholesale line sent without the permission, with the branch default named; allows it when allowed', () => {
    const msg = PRICE_MESSAGES.priceTypeNotAllowed('Camiseta G', 'Varejo');
    expect(priceTypeError([G(byChoice)], prices, locked)).toBe(msg);
    expect(priceTypeError([G(byChoice)], prices, { tipo_preco_padrao: 'Varejo', tipo_preco_alterar: true })).toBeNull();
    expect(priceTypeError([G(byChoice)], prices, {})).toBeNull();
    // The quantity rule needs no permission.
    expect(priceTypeError([G({ quantidade: 6, ...wholesale })], prices, locked)).toBeNull();
    // A typed price (F3) at the wholesale type would be measured from the wholesale price: refused too.
    expect(priceTypeError([G({ ...byChoice, valor_unitario: 33, is_preco_alterado: true })], prices, locked)).toBe(msg);
    // And through buildSale, whatever the authorization.
    const refs = makeSaleRefs({ prices, discountAuthorized: true });
    const sale = buildSale(makeSaleBody({ itens: [G(byChoice)], pagamentos: [makeSaleBodyPayment({ valor_total: 34.9 })] }),
      { ...refs, config: { ...refs.config, ...locked } });
    expect(sale.ok ? null : sale.message).toBe(msg);
  });

  it('refuses mixing: one retail line and one wholesale line where the branch is locked to either type', () => {
    const mixed = [G(), M(byChoice)];
    expect(priceTypeError(mixed, prices, locked)).toBe(PRICE_MESSAGES.priceTypeNotAllowed('Camiseta M', 'Varejo'));
    expect(priceTypeError(mixed, prices, atacadoLocked)).toBe(PRICE_MESSAGES.priceTypeNotAllowed('Camiseta G', 'Atacado'));
    expect(priceTypeError([G(byChoice), M(byChoice)], prices, atacadoLocked)).toBeNull();
  });

  it('wholesale sent for a product without a wholesale price: its type is harmless, its price is still the retail one', () => {
    expect(priceTypeError([cap({ tipo_preco: 'Atacado' })], prices, locked)).toBeNull();
    expect(priceTableError({ itens: [cap({ tipo_preco: 'Atacado' })] }, prices)).toBeNull();
    expect(priceTableError({ itens: [cap({ tipo_preco: 'Atacado', valor_unitario: 30 })] }, prices)).toBe(
      PRICE_MESSAGES.priceMismatch('Boné', 3990, 3000),
    );
    // In a branch whose default is Atacado, a product without wholesale price is sold at retail.
    expect(priceTypeError([cap()], prices, atacadoLocked)).toBeNull();
  });

  it('prices a wholesale line by the wholesale price, never by the client: a made-up price is refused', () => {
    expect(priceTableError({ itens: [G(byChoice)] }, prices)).toBeNull();
    expect(priceTableError({ itens: [G({ ...byChoice, valor_unitario: 20 })] }, prices)).toBe(
      PRICE_MESSAGES.priceMismatch('Camiseta G', 3490, 2000),
    );
    // Retail price under the wholesale type label is not the wholesale price.
    expect(priceTableError({ itens: [G({ ...byChoice, valor_unitario: 39.9 })] }, prices)).toBe(
      PRICE_MESSAGES.priceMismatch('Camiseta G', 3490, 3990),
    );
  });

  it('retypedLine moves a managed line to the type at its price, its discount in proportion; typed prices stay', () => {
    const line = { tipo_preco: 'Varejo' as const, is_atacarejo: false, is_preco_alterado: false, valor_unitario: 3990, valor_desconto_item: 399 };
    expect(retypedLine(line, shirt(), 'Atacado')).toEqual({ ...line, tipo_preco: 'Atacado', valor_unitario: 3490, valor_desconto_item: 349 });
    expect(retypedLine(line, shirt({ preco_atacado: 0 }), 'Atacado')).toBe(line);
    const rule = { ...line, tipo_preco: 'Atacado' as const, is_atacarejo: true, valor_unitario: 3490, valor_desconto_item: 0 };
    expect(retypedLine(rule, shirt(), 'Varejo')).toEqual({ ...rule, tipo_preco: 'Varejo', is_atacarejo: false, valor_unitario: 3990 });
    const typed = { ...line, is_preco_alterado: true, valor_unitario: 3000 };
    expect(retypedLine(typed, shirt(), 'Atacado')).toBe(typed);
  });

  it("repricedLine: another customer's table prices a managed line of its type, discount in proportion; typed prices stay", () => {
    // The customer's table: 20% off retail (3192) and wholesale (2792); no promotion.
    const table = { preco_venda: 3192, preco_atacado: 2792, id_tabela_preco: 4, id_promocao: null };
    const line = { tipo_preco: 'Varejo' as const, is_atacarejo: false, is_preco_alterado: false, valor_unitario: 3990, valor_desconto_item: 399,
      id_tabela_preco: 1, id_promocao: 9 };
    expect(repricedLine(line, table)).toEqual({ ...line, valor_unitario: 3192, valor_desconto_item: 319, id_tabela_preco: 4, id_promocao: null });
    // Wholesale by choice and by the quantity rule: the new wholesale price, the type and the flag kept.
    const byChoice = { ...line, tipo_preco: 'Atacado' as const, valor_unitario: 3490, valor_desconto_item: 0 };
    expect(repricedLine(byChoice, table)).toMatchObject({ tipo_preco: 'Atacado', is_atacarejo: false, valor_unitario: 2792 });
    const byRule = { ...byChoice, is_atacarejo: true };
    expect(repricedLine(byRule, table)).toMatchObject({ tipo_preco: 'Atacado', is_atacarejo: true, valor_unitario: 2792 });
    // A variation without a wholesale price under the new table: the retail price, whatever the label.
    expect(repricedLine(byChoice, { ...table, preco_atacado: 0 }).valor_unitario).toBe(3192);
    // A typed price keeps its price and discount; it names the table and promotion its reference now comes from.
    const typed = { ...line, is_preco_alterado: true, valor_unitario: 3000 };
    expect(repricedLine(typed, { ...table, id_promocao: 5 })).toEqual({ ...typed, id_tabela_preco: 4, id_promocao: 5 });
    // A cancelled line is left alone.
    const cancelled = { ...line, is_cancelado: true };
    expect(repricedLine(cancelled, table)).toBe(cancelled);
  });
});
