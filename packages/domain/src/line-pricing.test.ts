import { describe, expect, it } from 'vitest';
import { makeSaleBody, makeSaleBodyItem, makeSaleRefs } from './factories.ts';
import {
  bestPromotion,
  linePricing,
  PRICE_MESSAGES,
  priceTableError,
  tableInUse,
  servicePromotion,
  versionContexts,
  versionPricedBy,
  type SaleLinePrice,
} from './price-check.ts';
import { applyRule, priceTableIssues, promotionIssues, PRICE_RULE_MESSAGES, saleDay, type PriceTable, type Promotion } from './price-rules.ts';
import { discountLimitError } from './sale-build.ts';

// A T-shirt (variation 1 in branch 1, category 5): 100,00 retail, 80,00 wholesale.
const base = { preco_venda: 10_000, preco_atacado: 8000 };
const shirt = { id_produto_grade_filial: 1, id_categoria: 5 };
const table = (over: Partial<PriceTable> = {}): PriceTable => ({
  id_tabela_preco: 3,
  situacao: 'Ativo',
  tipo_aplicado: 'Desconto',
  tipo_valor: 'Percentual',
  valor_varejo: 1000,
  valor_atacado: 500,
  filiais: [1],
  categorias: new Map(),
  grades: new Map(),
  ...over,
});
const promotion = (over: Partial<Promotion> = {}): Promotion => ({
  id_promocao: 9,
  situacao: 'Ativo',
  data_inicio: '2026-11-01',
  data_fim: '2026-11-30',
  is_gestao: true,
  is_desconto: true,
  categorias: new Map([[5, { tipo: 'Percentual', venda: 1000, atacado: 1000 }]]),
  grades: new Map(),
  ...over,
});
const at = '2026-11-27';
const none = { table: null, promotions: [], at };

describe('applyRule', () => {
  it('discounts and surcharges by percentage (rounded half-up to the centavo) or by value, never below zero', () => {
    expect(applyRule(3990, 'Desconto', 'Percentual', 1000)).toBe(3591);
    expect(applyRule(3995, 'Desconto', 'Percentual', 1000)).toBe(3596); // 35,955 → 35,96
    expect(applyRule(3990, 'Acrescimo', 'Percentual', 2500)).toBe(4988);
    expect(applyRule(3990, 'Desconto', 'Valor', 500)).toBe(3490);
    expect(applyRule(3990, 'Acrescimo', 'Valor', 10)).toBe(4000);
    expect(applyRule(300, 'Desconto', 'Valor', 500)).toBe(0);
  });
});

describe('linePricing: branch price, then the price table, then the best promotion', () => {
  it('keeps the branch prices with no table and no promotion', () => {
    expect(linePricing(base, shirt, none)).toEqual({ ...base, id_tabela_preco: null, id_promocao: null });
  });

  it('applies the table to retail and wholesale with their own values', () => {
    expect(linePricing(base, shirt, { ...none, table: table() })).toEqual({
      preco_venda: 9000, preco_atacado: 7600, id_tabela_preco: 3, id_promocao: null,
    });
  });

  it("prefers the table's rule for the variation over its rule for the category over its own values", () => {
    const byCategory = table({ categorias: new Map([[5, { tipo_aplicado: 'Acrescimo', tipo_valor: 'Valor', valor_varejo: 500, valor_atacado: 0 }]]) });
    expect(linePricing(base, shirt, { ...none, table: byCategory }).preco_venda).toBe(10_500);
    const byGrid = table({
      categorias: byCategory.categorias,
      grades: new Map([[1, { tipo_aplicado: 'Desconto', tipo_valor: 'Valor', valor_varejo: 100, valor_atacado: 100 }]]),
    });
    expect(linePricing(base, shirt, { ...none, table: byGrid })).toMatchObject({ preco_venda: 9900, preco_atacado: 7900 });
    expect(linePricing(base, { id_produto_grade_filial: 2, id_categoria: 6 }, { ...none, table: byGrid }).preco_venda).toBe(9000);
  });

  it('applies the promotion after the table, and names both', () => {
    expect(linePricing(base, shirt, { table: table(), promotions: [promotion()], at })).toEqual({
      preco_venda: 8100, preco_atacado: 6840, id_tabela_preco: 3, id_promocao: 9,
    });
  });

  it('leaves a wholesale price of 0 (not set) at 0', () => {
    expect(linePricing({ preco_venda: 10_000, preco_atacado: 0 }, shirt, { table: table(), promotions: [promotion()], at }).preco_atacado).toBe(0);
  });

  it('ignores a promotion that is inactive, out of its period, cashback only, e-commerce only or of another category', () => {
    for (const p of [
      promotion({ situacao: 'Inativo' }),
      promotion({ data_inicio: '2026-11-28' }),
      promotion({ data_fim: '2026-11-26' }),
      promotion({ is_desconto: false }),
      promotion({ is_gestao: false }),
      promotion({ categorias: new Map([[6, { tipo: 'Percentual', venda: 1000, atacado: 1000 }]]) }),
    ]) {
      expect(linePricing(base, shirt, { ...none, promotions: [p] })).toMatchObject({ preco_venda: 10_000, id_promocao: null });
    }
  });

  it("takes a promotion's rule for the variation over its rule for the category", () => {
    const p = promotion({ grades: new Map([[1, { tipo: 'Valor', venda: 100, atacado: 0 }]]) });
    expect(linePricing(base, shirt, { ...none, promotions: [p] })).toMatchObject({ preco_venda: 9900, preco_atacado: 8000 });
  });

  it('chooses among overlapping promotions the lowest retail price, then the lowest wholesale, then the oldest', () => {
    const ten = promotion({ id_promocao: 20 });
    const fifteen = promotion({ id_promocao: 21, categorias: new Map([[5, { tipo: 'Percentual', venda: 1500, atacado: 0 }]]) });
    const tenMoreWholesale = promotion({ id_promocao: 22, categorias: new Map([[5, { tipo: 'Valor', venda: 1000, atacado: 2000 }]]) });
    const tenAgain = promotion({ id_promocao: 19 });
    expect(bestPromotion(base, shirt, [ten, fifteen], at)?.promotion.id_promocao).toBe(21);
    expect(bestPromotion(base, shirt, [ten, tenMoreWholesale], at)?.promotion.id_promocao).toBe(22);
    expect(bestPromotion(base, shirt, [ten, tenAgain], at)?.promotion.id_promocao).toBe(19);
  });
});

describe('tableInUse', () => {
  it("uses the customer's table where it is offered and active, else the branch's, else none", () => {
    const customer = table({ id_tabela_preco: 3 });
    const branch = table({ id_tabela_preco: 1, valor_varejo: 0 });
    expect(tableInUse(customer, branch, 1)?.id_tabela_preco).toBe(3);
    expect(tableInUse(table({ filiais: [2] }), branch, 1)?.id_tabela_preco).toBe(1);
    expect(tableInUse(table({ situacao: 'Inativo' }), branch, 1)?.id_tabela_preco).toBe(1);
    expect(tableInUse(null, table({ id_tabela_preco: 1, filiais: [2] }), 1)).toBeNull();
  });
});

describe('the server check of a line priced by a table and a promotion', () => {
  const priced = (over: Partial<SaleLinePrice> = {}): Map<number, SaleLinePrice> => {
    const p = linePricing(base, shirt, { table: table(), promotions: [promotion()], at });
    return new Map([[1, { id_produto: 7, quantidade_atacarejo: null, limits: { perc_max_aumento_preco_produto: 0, perc_max_reducao_preco_produto: 0 }, ...p, ...over }]]);
  };
  const line = (over = {}) => makeSaleBodyItem({ id_produto_grade_filial: 1, descricao: 'Camiseta', valor_unitario: 81, id_tabela_preco: 3, id_promocao: 9, ...over });

  it('accepts the price after the table and the promotion', () => {
    expect(priceTableError({ itens: [line()] }, priced())).toBeNull();
  });

  it('refuses the price without the promotion when the server has no price before it, and a promotion or a table the line claims but the server did not find', () => {
    expect(priceTableError({ itens: [line({ valor_unitario: 90, id_promocao: null })] }, priced())).toBe(
      PRICE_MESSAGES.priceMismatch('Camiseta', 8100, 9000),
    );
    expect(priceTableError({ itens: [line({ id_promocao: 77 })] }, priced())).toBe(PRICE_MESSAGES.promotionNotInEffect('Camiseta'));
    expect(priceTableError({ itens: [line({ valor_unitario: 90 })] }, priced({ id_promocao: null, preco_venda: 9000 }))).toBe(
      PRICE_MESSAGES.promotionNotInEffect('Camiseta'),
    );
    expect(priceTableError({ itens: [line({ id_tabela_preco: 4 })] }, priced())).toBe(PRICE_MESSAGES.tableNotInUse('Camiseta'));
  });

  it('takes the price before the promotion on a line that does not claim it (a till that did not know it yet), never a lower one', () => {
    const withBefore = priced({ sem_promocao: { preco_venda: 9000, preco_atacado: 7200 } });
    expect(priceTableError({ itens: [line({ valor_unitario: 90, id_promocao: null })] }, withBefore)).toBeNull();
    expect(priceTableError({ itens: [line({ valor_unitario: 81, id_promocao: null })] }, withBefore)).toBe(
      PRICE_MESSAGES.priceMismatch('Camiseta', 9000, 8100),
    );
    // A line of the same variation that claims the promotion holds every line of it to the promotion.
    expect(priceTableError({ itens: [line(), line({ id_item: 'b', valor_unitario: 90, id_promocao: null })] }, withBefore)).toBe(
      PRICE_MESSAGES.priceMismatch('Camiseta', 8100, 9000),
    );
  });

  it("does not count the promotion against the user's discount limit, but counts a manual discount", () => {
    const refs = makeSaleRefs({ discountLimit: 500, prices: priced() });
    // 81,00 after 19% of table and promotion, with no manual discount: within a 5% limit.
    expect(discountLimitError(makeSaleBody({ itens: [line()] }), refs)).toBeNull();
    // A manual discount of 4,06 on 81,00 (5,01%) is above it.
    expect(discountLimitError(makeSaleBody({ itens: [line({ valor_desconto_item: 4.06 })] }), refs)).not.toBeNull();
    expect(discountLimitError(makeSaleBody({ itens: [line({ valor_desconto_item: 4.05 })] }), refs)).toBeNull();
  });
});

describe('the registers rules and the sale day', () => {
  it('refuses a percentage discount above 100% and a period that ends before it starts', () => {
    expect(priceTableIssues({ tipo_valor: 'Percentual', tipo_aplicado: 'Desconto', valor_varejo: 100.01, valor_atacado: 100 })).toEqual([
      { field: 'valor_varejo', message: PRICE_RULE_MESSAGES.discountAbove100 },
    ]);
    expect(priceTableIssues({ tipo_valor: 'Percentual', tipo_aplicado: 'Acrescimo', valor_varejo: 150 })).toEqual([]);
    expect(priceTableIssues({ tipo_valor: 'Valor', valor_varejo: 150 })).toEqual([]);
    expect(promotionIssues({ data_inicio: '2026-11-02', data_fim: '2026-11-01' })).toEqual([{ field: 'data_fim', message: PRICE_RULE_MESSAGES.periodInverted }]);
    expect(promotionIssues({ data_inicio: '2026-11-02', data_fim: '2026-11-02' })).toEqual([]);
  });

  it("takes the sale's day in the branch's time zone", () => {
    expect(saleDay('2026-11-28T02:30:00.000Z')).toBe('2026-11-27');
    expect(saleDay('2026-11-28T03:00:00.000Z')).toBe('2026-11-28');
    expect(saleDay('2026-11-28T02:30:00.000Z', 0)).toBe('2026-11-28');
  });
});

describe('versionPricedBy: table and promotion versions within the window', () => {
  // Now a 5% promotion; a version replaced within the window gave 10%; the customer's table now 10%, before 20%.
  const now = { table: table(), promotions: [promotion({ categorias: new Map([[5, { tipo: 'Percentual' as const, venda: 500, atacado: 500 }]]) })], at };
  const oldPromotion = { ...now, promotions: [promotion()] };
  const oldTable = { ...now, table: table({ valor_varejo: 2000 }) };
  const line = (valor_unitario: number, claims: { id_tabela_preco?: number | null; id_promocao?: number | null }) =>
    ({ valor_unitario, tipo_preco: 'Varejo' as const, is_preco_alterado: false, ...claims });

  it('keeps the current rules when they give the claims and the price', () => {
    const got = versionPricedBy(base, shirt, [line(85.5, { id_tabela_preco: 3, id_promocao: 9 })], now, [oldPromotion, oldTable]);
    expect(got.context).toBe(now);
    expect(got.priced.preco_venda).toBe(8550);
  });

  it('takes the version that gives the price the till charged and the claims it made', () => {
    // 100 − 10% (current table) − 10% (old promotion) = 81,00.
    expect(versionPricedBy(base, shirt, [line(81, { id_tabela_preco: 3, id_promocao: 9 })], now, [oldTable, oldPromotion]).context).toBe(oldPromotion);
    // 100 − 20% (old table) − 5% (current promotion) = 76,00.
    expect(versionPricedBy(base, shirt, [line(76, { id_tabela_preco: 3, id_promocao: 9 })], now, [oldTable, oldPromotion]).context).toBe(oldTable);
  });

  it('falls back on the current rules when no version gives the line (so its checks refuse it), or the line claims nothing', () => {
    expect(versionPricedBy(base, shirt, [line(70, { id_promocao: 9 })], now, [oldTable, oldPromotion]).context).toBe(now);
    expect(versionPricedBy(base, shirt, [line(81, { id_promocao: 77 })], now, [oldPromotion]).context).toBe(now);
    expect(versionPricedBy(base, shirt, [line(81, {})], now, [oldPromotion]).context).toBe(now);
    // A version whose period had ended gives no promotion, so it cannot be claimed.
    const ended = { ...now, promotions: [promotion({ data_fim: '2026-11-20' })] };
    expect(versionPricedBy(base, shirt, [line(81, { id_promocao: 9 })], now, [ended]).context).toBe(now);
  });
});

describe('versionContexts: the forms of the rules a till may have held, combined', () => {
  const now = { table: table(), promotions: [promotion({ categorias: new Map([[5, { tipo: 'Percentual' as const, venda: 500, atacado: 500 }]]) })], at };
  const oldTable = table({ valor_varejo: 2000 });
  const previousTable = table({ id_tabela_preco: 4, valor_varejo: 3000 });
  const branchTable = table({ id_tabela_preco: 1, valor_varejo: 0 });
  const oldPromotion = promotion();
  const line = (valor_unitario: number, claims: { id_tabela_preco?: number | null; id_promocao?: number | null }) =>
    ({ valor_unitario, tipo_preco: 'Varejo' as const, is_preco_alterado: false, ...claims });

  it('single changes first, then an old table with an old promotion; the current rules are not repeated', () => {
    const got = versionContexts(now, { customer: now.table, branch: branchTable }, 1,
      { customerTables: [oldTable], branchTables: [], promotions: [oldPromotion] });
    // The branch's table never shows: tableInUse does not pick it while a customer's table applies.
    expect(got.map((c) => [c.table, c.promotions[0]])).toEqual([[oldTable, now.promotions[0]], [now.table, oldPromotion], [oldTable, oldPromotion]]);
    // 100 − 20% (old table) − 10% (old promotion) = 72,00: only the combination gives it.
    expect(versionPricedBy(base, shirt, [line(72, { id_tabela_preco: 3, id_promocao: 9 })], now, got).context).toBe(got[2]);
  });

  it("a customer's previous default table, and a customer who had none (the branch's table then)", () => {
    const got = versionContexts(now, { customer: now.table, branch: branchTable }, 1,
      { customerTables: [previousTable, null], branchTables: [], promotions: [] });
    expect(got.map((c) => c.table?.id_tabela_preco)).toEqual([4, 1]);
    expect(versionPricedBy(base, shirt, [line(66.5, { id_tabela_preco: 4, id_promocao: 9 })], now, got).context.table).toBe(previousTable);
    expect(versionPricedBy(base, shirt, [line(95, { id_tabela_preco: 1, id_promocao: 9 })], now, got).context.table).toBe(branchTable);
    // A table not among the forms is never given.
    expect(versionPricedBy(base, shirt, [line(63, { id_tabela_preco: 7, id_promocao: 9 })], now, got).context).toBe(now);
  });

  it('a better promotion created within the window and not claimed: the rules without it, never a price below the current', () => {
    const better = promotion({ id_promocao: 12, categorias: new Map([[5, { tipo: 'Percentual' as const, venda: 2000, atacado: 2000 }]]) });
    const current = { ...now, promotions: [...now.promotions, better] };
    const got = versionContexts(current, { customer: current.table, branch: branchTable }, 1,
      { customerTables: [], branchTables: [], promotions: [], unknownPromotions: [12] });
    expect(got.map((c) => c.promotions.map((p) => p.id_promocao))).toEqual([[9]]);
    // 100 − 10% (table) − 5% (promotion 9, the till's) = 85,50 is accepted as claimed; promotion 12 would give 72,00.
    expect(versionPricedBy(base, shirt, [line(85.5, { id_tabela_preco: 3, id_promocao: 9 })], current, got).context).toBe(got[0]);
    // A claim of the new promotion is judged by the current rules; one below them matches no form.
    expect(versionPricedBy(base, shirt, [line(72, { id_tabela_preco: 3, id_promocao: 12 })], current, got).context).toBe(current);
    expect(versionPricedBy(base, shirt, [line(70, { id_tabela_preco: 3, id_promocao: 9 })], current, got).context).toBe(current);
    // Nothing recent: no extra form.
    expect(versionContexts(current, { customer: current.table, branch: branchTable }, 1,
      { customerTables: [], branchTables: [], promotions: [], unknownPromotions: [] })).toEqual([]);
  });
});

describe('servicePromotion: promotions for services, by the rule that picks a product promotion', () => {
  const svc = (id: number, rule: { tipo: 'Percentual' | 'Valor'; venda: number }, over: Partial<Promotion> = {}) =>
    promotion({ id_promocao: id, categorias: new Map(), servicos: new Map([[42, { ...rule, atacado: 0 }]]), ...over });

  it('the lowest price wins, then the oldest; the promotion is named', () => {
    expect(servicePromotion(6000, 42, [svc(9, { tipo: 'Percentual', venda: 1000 })], at)).toEqual({ valor: 5400, id_promocao: 9 });
    expect(servicePromotion(6000, 42, [svc(9, { tipo: 'Percentual', venda: 1000 }), svc(10, { tipo: 'Valor', venda: 800 })], at))
      .toEqual({ valor: 5200, id_promocao: 10 });
    expect(servicePromotion(6000, 42, [svc(11, { tipo: 'Valor', venda: 600 }), svc(10, { tipo: 'Percentual', venda: 1000 })], at))
      .toEqual({ valor: 5400, id_promocao: 10 });
  });

  it('no promotion for another service, an inactive one, one out of its period, a product-only one', () => {
    const none = { valor: 6000, id_promocao: null };
    expect(servicePromotion(6000, 43, [svc(9, { tipo: 'Percentual', venda: 1000 })], at)).toEqual(none);
    expect(servicePromotion(6000, 42, [svc(9, { tipo: 'Percentual', venda: 1000 }, { situacao: 'Inativo' })], at)).toEqual(none);
    expect(servicePromotion(6000, 42, [svc(9, { tipo: 'Percentual', venda: 1000 }, { data_fim: '2026-11-20' })], at)).toEqual(none);
    expect(servicePromotion(6000, 42, [promotion()], at)).toEqual(none);
  });
});
