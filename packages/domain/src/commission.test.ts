import { describe, expect, it } from 'vitest';
import {
  commissionOf,
  countedShare,
  lineRate,
  rangeIssues,
  rangeOf,
  reportPeriodIssue,
  COMMISSION_MESSAGES as M,
  type CommissionGroupRule,
  type CommissionLine,
  type CommissionSale,
} from './commission.ts';

const makeGroup = (over: Partial<CommissionGroupRule> = {}): CommissionGroupRule => ({
  tipo: 'Geral',
  percentual_vendedor: 200,
  considerar_devolucoes: true,
  financeiro: false,
  categorias: new Map(),
  produtos: new Map(),
  servicos: new Map(),
  faixas: [],
  meios_pagamento: new Set(),
  ...over,
});
const line = (valor_total: number, over: Partial<CommissionLine> = {}): CommissionLine => ({
  id_produto_grade_filial: null, id_categoria: null, id_servico: null, valor_total, ...over,
});
const cash = (valor: number) => ({ id_meio_pagamento: 1, valor, valor_recebido: valor });
const sale = (itens: CommissionLine[], pagamentos = [cash(itens.reduce((s, i) => s + i.valor_total, 0))]): CommissionSale => ({ itens, pagamentos });

describe('lineRate', () => {
  const group = makeGroup({ categorias: new Map([[10, 300]]), produtos: new Map([[7, 500]]), servicos: new Map([[3, 800]]) });

  it("the product's percentage beats its category's", () => {
    expect(lineRate(group, line(100, { id_produto_grade_filial: 7, id_categoria: 10 }))).toBe(500);
  });
  it("a product the group does not name takes its category's", () => {
    expect(lineRate(group, line(100, { id_produto_grade_filial: 8, id_categoria: 10 }))).toBe(300);
  });
  it("a service takes the service's percentage", () => {
    expect(lineRate(group, line(100, { id_servico: 3 }))).toBe(800);
  });
  it("a line nothing names takes the seller's rate in a 'Geral' group and does not count in an 'Especifico' one", () => {
    expect(lineRate(group, line(100, { id_categoria: 11 }))).toBe(200);
    expect(lineRate({ ...group, tipo: 'Especifico' }, line(100, { id_categoria: 11 }))).toBeNull();
  });
});

describe('countedShare', () => {
  it('counts the whole sale when the group names no payment method and is not financial', () => {
    expect(countedShare(makeGroup(), [cash(600), { id_meio_pagamento: 2, valor: 400, valor_recebido: 0 }])).toEqual([1000, 1000]);
  });
  it("counts only the group's payment methods' share", () => {
    expect(countedShare(makeGroup({ meios_pagamento: new Set([2]) }), [cash(600), { id_meio_pagamento: 2, valor: 400, valor_recebido: 0 }]))
      .toEqual([400, 1000]);
  });
  it('counts only what was received when financial', () => {
    expect(countedShare(makeGroup({ financeiro: true }), [cash(600), { id_meio_pagamento: 2, valor: 400, valor_recebido: 100 }])).toEqual([700, 1000]);
  });
  it('a sale without payments counts whole, unless the group filters payment methods', () => {
    expect(countedShare(makeGroup(), [])).toEqual([1, 1]);
    expect(countedShare(makeGroup({ meios_pagamento: new Set([2]) }), [])).toEqual([0, 1]);
  });
});

describe('rangeOf', () => {
  const faixas = [
    { valor_inicio_faixa: 0, valor_final_faixa: 99_999, percentual: 100 },
    { valor_inicio_faixa: 100_000, valor_final_faixa: 499_999, percentual: 400 },
    { valor_inicio_faixa: 500_000, valor_final_faixa: null, percentual: 600 },
  ];
  it('finds the range holding the total, both ends included, an open end reaching any total', () => {
    expect(rangeOf(faixas, 99_999)?.percentual).toBe(100);
    expect(rangeOf(faixas, 100_000)?.percentual).toBe(400);
    expect(rangeOf(faixas, 499_999)?.percentual).toBe(400);
    expect(rangeOf(faixas, 90_000_000)?.percentual).toBe(600);
  });
  it('no range below the first start', () => {
    expect(rangeOf(faixas.slice(1), 50_000)).toBeNull();
  });
});

describe('commissionOf', () => {
  it("pays the seller's rate on the sales of the period: 2% of R$ 150,00 is R$ 3,00", () => {
    const r = commissionOf(makeGroup(), [sale([line(10_000)]), sale([line(5_000)])], []);
    expect(r).toMatchObject({ quantidade_vendas: 2, total_vendas: 15_000, total_devolucoes: 0, base_comissao: 15_000, faixa: null, valor_comissao: 300 });
  });

  it('each line at its own rate: product 5%, category 3%, rest 2%', () => {
    const group = makeGroup({ categorias: new Map([[10, 300]]), produtos: new Map([[7, 500]]) });
    const r = commissionOf(group, [sale([line(10_000, { id_produto_grade_filial: 7, id_categoria: 10 }), line(10_000, { id_categoria: 10 }), line(10_000)])], []);
    expect(r.valor_comissao).toBe(500 + 300 + 200);
  });

  it('subtracts the returns of the period at their rate when the group considers returns (the default)', () => {
    const group = makeGroup({ categorias: new Map([[10, 500]]) });
    const returned = { itens: [line(4_000, { id_categoria: 10 })], pagamentos: [cash(10_000)] };
    const r = commissionOf(group, [sale([line(10_000, { id_categoria: 10 })])], [returned]);
    expect(r).toMatchObject({ total_vendas: 10_000, total_devolucoes: 4_000, base_comissao: 6_000, valor_comissao: 300 });
    expect(commissionOf({ ...group, considerar_devolucoes: false }, [sale([line(10_000, { id_categoria: 10 })])], [returned]))
      .toMatchObject({ total_devolucoes: 0, base_comissao: 10_000, valor_comissao: 500 });
  });

  it('a return of an earlier period may make the commission negative', () => {
    const r = commissionOf(makeGroup(), [], [{ itens: [line(5_000)], pagamentos: [cash(5_000)] }]);
    expect(r).toMatchObject({ quantidade_vendas: 0, base_comissao: -5_000, valor_comissao: -100 });
  });

  it('counts only the paid part when financial: half received of a R$ 200,00 sale on credit is R$ 100,00', () => {
    const credit = sale([line(20_000)], [{ id_meio_pagamento: 9, valor: 20_000, valor_recebido: 10_000 }]);
    expect(commissionOf(makeGroup({ financeiro: true }), [credit], [])).toMatchObject({ total_vendas: 10_000, valor_comissao: 200 });
    expect(commissionOf(makeGroup(), [credit], [])).toMatchObject({ total_vendas: 20_000, valor_comissao: 400 });
  });

  it("counts only the group's payment methods' share of a sale paid two ways", () => {
    const split = sale([line(6_000), line(4_000)], [cash(7_000), { id_meio_pagamento: 2, valor: 3_000, valor_recebido: 3_000 }]);
    expect(commissionOf(makeGroup({ meios_pagamento: new Set([2]) }), [split], [])).toMatchObject({ total_vendas: 1_800 + 1_200, valor_comissao: 60 });
  });

  it('the goal range reached by the period total raises the lower rates, never lowers a higher one', () => {
    const group = makeGroup({
      produtos: new Map([[7, 800]]),
      faixas: [{ valor_inicio_faixa: 100_000, valor_final_faixa: null, percentual: 500 }],
    });
    const below = commissionOf(group, [sale([line(50_000), line(40_000, { id_produto_grade_filial: 7 })])], []);
    expect(below).toMatchObject({ base_comissao: 90_000, faixa: null, valor_comissao: 1_000 + 3_200 });
    const reached = commissionOf(group, [sale([line(60_000), line(40_000, { id_produto_grade_filial: 7 })])], []);
    expect(reached.faixa?.percentual).toBe(500);
    expect(reached.valor_comissao).toBe(3_000 + 3_200);
  });

  it('returns count against the goal: the same sales fall below the range once a return is subtracted', () => {
    const group = makeGroup({ faixas: [{ valor_inicio_faixa: 100_000, valor_final_faixa: null, percentual: 500 }] });
    const r = commissionOf(group, [sale([line(100_000)])], [{ itens: [line(1_000)], pagamentos: [cash(100_000)] }]);
    expect(r).toMatchObject({ base_comissao: 99_000, faixa: null, valor_comissao: 1_980 });
  });

  it("lines an 'Especifico' group does not name neither count nor make the sale counted", () => {
    const group = makeGroup({ tipo: 'Especifico', categorias: new Map([[10, 1_000]]) });
    const r = commissionOf(group, [sale([line(5_000)]), sale([line(5_000), line(2_500, { id_categoria: 10 })])], []);
    expect(r).toMatchObject({ quantidade_vendas: 1, total_vendas: 2_500, valor_comissao: 250 });
  });

  it('rounds once per rate, half up: 1,5% of R$ 0,99 three times is R$ 0,04', () => {
    const r = commissionOf(makeGroup({ percentual_vendedor: 150 }), [sale([line(99)]), sale([line(99)]), sale([line(99)])], []);
    expect(r.valor_comissao).toBe(4);
  });
});

describe('rangeIssues and reportPeriodIssue', () => {
  it('refuses an end not above its start and overlapping ranges', () => {
    expect(rangeIssues([{ valor_inicio_faixa: 100, valor_final_faixa: 100, percentual: 1 }])).toBe(M.rangeOrder);
    expect(rangeIssues([
      { valor_inicio_faixa: 0, valor_final_faixa: 1_000, percentual: 1 },
      { valor_inicio_faixa: 1_000, valor_final_faixa: null, percentual: 2 },
    ])).toBe(M.rangeOverlap);
    expect(rangeIssues([
      { valor_inicio_faixa: 0, valor_final_faixa: null, percentual: 1 },
      { valor_inicio_faixa: 5_000, valor_final_faixa: 6_000, percentual: 2 },
    ])).toBe(M.rangeOverlap);
    expect(rangeIssues([
      { valor_inicio_faixa: 1_001, valor_final_faixa: null, percentual: 2 },
      { valor_inicio_faixa: 0, valor_final_faixa: 1_000, percentual: 1 },
    ])).toBeNull();
  });
  it('refuses a period ending before it starts or longer than a year', () => {
    expect(reportPeriodIssue('2026-11-02', '2026-11-01')).toBe(M.periodOrder);
    expect(reportPeriodIssue('2025-01-01', '2026-01-02')).toBe(M.periodTooLong);
    expect(reportPeriodIssue('2026-11-01', '2026-11-01')).toBeNull();
  });
});
