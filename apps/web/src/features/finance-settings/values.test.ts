import { describe, expect, it } from 'vitest';
import {
  addInstallment,
  addRate,
  branchIds,
  editInstallment,
  installmentRows,
  planBranches,
  rateRows,
  removeInstallment,
  setDefaultBranch,
  toggleBranch,
  togglePlanBranch,
} from './values.ts';

describe('financial settings form lists', () => {
  it('keeps only positive integer branch ids and toggles one without repeating it', () => {
    expect(branchIds([3, 'x', 0, 1.5, 2])).toEqual([3, 2]);
    expect(branchIds(null)).toEqual([]);
    expect(toggleBranch([3], 1, true)).toEqual([1, 3]);
    expect(toggleBranch([1, 3], 1, true)).toEqual([1, 3]);
    expect(toggleBranch([1, 3], 1, false)).toEqual([3]);
  });

  it('adds the next installment 30 days after the last, and starts at 30 days', () => {
    expect(addInstallment([])).toEqual([{ parcela: 1, dias_parcela: 30, percentual_acrescimo: 0 }]);
    expect(addInstallment([{ parcela: 1, dias_parcela: 0, percentual_acrescimo: 0 }]).at(-1)).toEqual({ parcela: 2, dias_parcela: 30, percentual_acrescimo: 0 });
  });

  it('renumbers the installments after a removed one and edits one in place', () => {
    const rows = installmentRows([
      { parcela: 3, dias_parcela: 90, percentual_acrescimo: 2 },
      { parcela: 1, dias_parcela: 30, percentual_acrescimo: 0 },
      { parcela: 2, dias_parcela: 60, percentual_acrescimo: 1 },
    ]);
    expect(rows.map((r) => r.parcela)).toEqual([1, 2, 3]);
    expect(removeInstallment(rows, 2)).toEqual([
      { parcela: 1, dias_parcela: 30, percentual_acrescimo: 0 },
      { parcela: 2, dias_parcela: 90, percentual_acrescimo: 2 },
    ]);
    expect(editInstallment(rows, 2, { dias_parcela: 45 })[1]).toEqual({ parcela: 2, dias_parcela: 45, percentual_acrescimo: 1 });
  });

  it('has one default branch at most: a new default offers the plan there and clears the previous one', () => {
    const rows = planBranches([{ id_filial: 1, is_padrao: true }, { id_filial: 2 }]);
    expect(rows).toEqual([{ id_filial: 1, is_padrao: true }, { id_filial: 2, is_padrao: false }]);
    expect(setDefaultBranch(rows, 3)).toEqual([
      { id_filial: 1, is_padrao: false },
      { id_filial: 2, is_padrao: false },
      { id_filial: 3, is_padrao: true },
    ]);
    expect(setDefaultBranch(rows, null).some((r) => r.is_padrao)).toBe(false);
    expect(togglePlanBranch(rows, 1, false)).toEqual([{ id_filial: 2, is_padrao: false }]);
  });

  it('adds the next rate from the last one', () => {
    expect(addRate([])).toEqual([{ parcela: 1, taxa: 0 }]);
    expect(addRate(rateRows([{ parcela: 2, taxa: 3.5 }]))).toEqual([{ parcela: 2, taxa: 3.5 }, { parcela: 3, taxa: 3.5 }]);
  });
});
