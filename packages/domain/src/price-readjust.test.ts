import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMarkup, markupRuleIssues, percentIssue, PRICE_READJUST_MESSAGES as M, pricesChanged, readjustByMarkup, readjustByPercent,
  readjustPrices, simulationFingerprint, type MarkupRule, type PriceSet,
} from './price-readjust.ts';

const prices = (p: Partial<PriceSet> = {}): PriceSet => ({
  preco_custo: 0, preco_custo_medio: 0, preco_compra: 0, preco_venda: 0, preco_atacado: 0, ...p,
});
const rule = (r: Partial<MarkupRule>): MarkupRule => ({ descricao: 'Regra', tipo: 'Markup', valor: 0, preco_base: 'preco_custo', preco_alvo: 'preco_venda', ...r });

describe('readjust by percent', () => {
  it('raises the sale price by 5% rounded half up to the centavo and keeps the wholesale one', () => {
    expect(readjustByPercent({ preco_venda: 1_000, preco_atacado: 900 }, 500, 'preco_venda')).toEqual({ preco_venda: 1_050, preco_atacado: 900 });
    expect(readjustByPercent({ preco_venda: 3_990, preco_atacado: 0 }, 500, 'preco_venda').preco_venda).toBe(4_190); // 41,895 → 41,90
    expect(readjustByPercent({ preco_venda: 1_999, preco_atacado: 0 }, 1_250, 'preco_venda').preco_venda).toBe(2_249); // 22,48875 → 22,49
  });

  it('changes the wholesale price alone or both, and lowers them by a negative percentage', () => {
    expect(readjustByPercent({ preco_venda: 1_000, preco_atacado: 800 }, 1_000, 'preco_atacado')).toEqual({ preco_venda: 1_000, preco_atacado: 880 });
    expect(readjustByPercent({ preco_venda: 1_000, preco_atacado: 800 }, -1_000, 'ambos')).toEqual({ preco_venda: 900, preco_atacado: 720 });
  });

  it('refuses 0%, −100% or less and more than 1.000%', () => {
    expect(percentIssue(0)).toBe(M.percentZero);
    expect(percentIssue(-10_000)).toBe(M.percentRange);
    expect(percentIssue(100_001)).toBe(M.percentRange);
    expect(percentIssue(0.5)).toBe(M.percentRange);
    expect(percentIssue(-9_999)).toBeNull();
    expect(percentIssue(100_000)).toBeNull();
  });

  it('never gives a negative price and is the exact rounded product for any price and percentage', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: -9_999, max: 100_000 }), (cents, bp) => {
      const { preco_venda } = readjustByPercent({ preco_venda: cents, preco_atacado: 0 }, bp, 'preco_venda');
      expect(preco_venda).toBeGreaterThanOrEqual(0);
      // |new × 10000 − cents × (10000 + bp)| ≤ 5000: the rounding error is at most half a centavo.
      expect(Math.abs(preco_venda * 10_000 - cents * (10_000 + bp))).toBeLessThanOrEqual(5_000);
    }));
  });
});

describe('markup rules', () => {
  it('computes a markup, a margin and a value over the base price', () => {
    expect(applyMarkup(1_000, 'Markup', 8_000)).toBe(1_800); // custo 10,00 + 80% = 18,00
    expect(applyMarkup(1_000, 'Margem', 5_000)).toBe(2_000); // margem de 50% sobre a venda
    expect(applyMarkup(1_000, 'Margem', 3_000)).toBe(1_429); // 14,2857 → 14,29
    expect(applyMarkup(1_000, 'Valor', 250)).toBe(1_250);
    expect(applyMarkup(1_000, 'Valor', -2_000)).toBe(0);
    expect(applyMarkup(1_000, 'Markup', -1_000)).toBe(900);
  });

  it('applies the rules in order, a later one reading the price an earlier one set', () => {
    const regras = [
      rule({ descricao: 'Varejo', tipo: 'Markup', valor: 8_000, preco_base: 'preco_custo', preco_alvo: 'preco_venda' }),
      rule({ descricao: 'Atacado', tipo: 'Markup', valor: -1_000, preco_base: 'preco_venda', preco_alvo: 'preco_atacado' }),
    ];
    expect(readjustByMarkup(prices({ preco_custo: 1_000, preco_venda: 1_500, preco_atacado: 1_400 }), regras))
      .toEqual({ preco_venda: 1_800, preco_atacado: 1_620 });
  });

  it('leaves a target as it is when its base is 0 (no cost entered)', () => {
    const regras = [rule({ tipo: 'Markup', valor: 8_000, preco_base: 'preco_custo_medio', preco_alvo: 'preco_venda' })];
    expect(readjustByMarkup(prices({ preco_custo_medio: 0, preco_venda: 1_500, preco_atacado: 1_400 }), regras))
      .toEqual({ preco_venda: 1_500, preco_atacado: 1_400 });
    expect(readjustPrices(prices({ preco_compra: 500, preco_venda: 1 }), { modo: 'Markup', regras: [rule({ preco_base: 'preco_compra', valor: 10_000 })] }))
      .toEqual({ preco_venda: 1_000, preco_atacado: 0 });
  });

  it('refuses a rule without description, of an unknown type or price, over its own target, or out of range', () => {
    expect(markupRuleIssues(rule({ descricao: ' ' }))).toEqual([{ field: 'descricao', message: M.ruleDescription }]);
    expect(markupRuleIssues({ ...rule({}), tipo: 'Dobro' })).toEqual([{ field: 'tipo', message: M.ruleType }]);
    expect(markupRuleIssues({ ...rule({}), preco_base: 'preco_x' })).toEqual([{ field: 'preco_base', message: M.ruleBase }]);
    expect(markupRuleIssues({ ...rule({}), preco_alvo: 'preco_custo' })).toEqual([{ field: 'preco_alvo', message: M.ruleTarget }]);
    expect(markupRuleIssues(rule({ preco_base: 'preco_venda', preco_alvo: 'preco_venda' }))).toEqual([{ field: 'preco_base', message: M.ruleSamePrice }]);
    expect(markupRuleIssues(rule({ tipo: 'Markup', valor: -10_000 }))).toEqual([{ field: 'valor', message: M.markupRange }]);
    expect(markupRuleIssues(rule({ tipo: 'Margem', valor: 10_000 }))).toEqual([{ field: 'valor', message: M.marginRange }]);
    expect(markupRuleIssues(rule({ tipo: 'Margem', valor: 9_999 }))).toEqual([]);
    expect(markupRuleIssues(rule({ tipo: 'Valor', valor: -500 }))).toEqual([]);
  });
});

describe('simulation fingerprint', () => {
  const row = (id: number, venda: number) => ({ id_produto_grade_filial: id, atual: { preco_venda: 1_000, preco_atacado: 0 }, novo: { preco_venda: venda, preco_atacado: 0 } });

  it('is the same for the same rows and differs when a price or the set of rows changes', () => {
    const a = simulationFingerprint([row(1, 1_050), row(2, 1_050)]);
    expect(simulationFingerprint([row(1, 1_050), row(2, 1_050)])).toBe(a);
    expect(simulationFingerprint([row(1, 1_050), row(2, 1_051)])).not.toBe(a);
    expect(simulationFingerprint([row(1, 1_050)])).not.toBe(a);
    expect(pricesChanged({ preco_venda: 1, preco_atacado: 2 }, { preco_venda: 1, preco_atacado: 2 })).toBe(false);
    expect(pricesChanged({ preco_venda: 1, preco_atacado: 2 }, { preco_venda: 1, preco_atacado: 3 })).toBe(true);
  });
});
