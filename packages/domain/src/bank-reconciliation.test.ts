import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canMatch, matchStatement, type ReconciliationCandidate, type StatementLine } from './bank-reconciliation.ts';

const line = (id: number, data: string, valor: number): StatementLine => ({ id, data, valor });
const cand = (key: string, data: string, valor: number): ReconciliationCandidate => ({ key, data, valor });

describe('bank statement matching', () => {
  it('matches by the same signed amount within three days either side', () => {
    expect(canMatch(line(1, '2026-03-10', 5000), cand('a', '2026-03-13', 5000))).toBe(true);
    expect(canMatch(line(1, '2026-03-10', 5000), cand('a', '2026-03-07', 5000))).toBe(true);
    expect(canMatch(line(1, '2026-03-10', 5000), cand('a', '2026-03-14', 5000))).toBe(false);
    expect(canMatch(line(1, '2026-03-10', 5000), cand('a', '2026-03-10', 5001))).toBe(false);
    expect(canMatch(line(1, '2026-03-10', -5000), cand('a', '2026-03-10', 5000))).toBe(false);
    expect(canMatch(line(1, '2026-03-10', 0), cand('a', '2026-03-10', 0))).toBe(false);
  });

  it('crosses month ends by calendar days', () => {
    expect(canMatch(line(1, '2026-02-27', 100), cand('a', '2026-03-02', 100))).toBe(true);
    expect(canMatch(line(1, '2026-12-31', 100), cand('a', '2027-01-03', 100))).toBe(true);
  });

  it('gives each launch to one line only, the closest date first', () => {
    const lines = [line(1, '2026-03-10', 1000), line(2, '2026-03-12', 1000)];
    const cands = [cand('a', '2026-03-12', 1000)];
    expect(matchStatement(lines, cands)).toEqual([{ lineId: 2, candidateKey: 'a', dias: 0 }]);
  });

  it('pairs two equal lines with two equal launches, and leaves the third line unmatched', () => {
    const lines = [line(1, '2026-03-10', 1000), line(2, '2026-03-10', 1000), line(3, '2026-03-10', 1000)];
    const cands = [cand('a', '2026-03-10', 1000), cand('b', '2026-03-11', 1000)];
    expect(matchStatement(lines, cands)).toEqual([{ lineId: 1, candidateKey: 'a', dias: 0 }, { lineId: 2, candidateKey: 'b', dias: 1 }]);
  });

  it('never matches a debit to a receipt of the same amount', () => {
    expect(matchStatement([line(1, '2026-03-10', -2500)], [cand('a', '2026-03-10', 2500)])).toEqual([]);
  });

  it('proposes only valid pairs, one to one, and as many as a matching can have', () => {
    const day = fc.integer({ min: 0, max: 20 }).map((d) => `2026-03-${String(d + 1).padStart(2, '0')}`);
    const amount = fc.constantFrom(-300, -100, 100, 200, 300);
    fc.assert(
      fc.property(fc.array(fc.tuple(day, amount), { maxLength: 15 }), fc.array(fc.tuple(day, amount), { maxLength: 15 }), (ls, cs) => {
        const lines = ls.map(([d, v], i) => line(i + 1, d, v));
        const cands = cs.map(([d, v], i) => cand(`c${i}`, d, v));
        const m = matchStatement(lines, cands);
        expect(new Set(m.map((x) => x.lineId)).size).toBe(m.length);
        expect(new Set(m.map((x) => x.candidateKey)).size).toBe(m.length);
        for (const x of m) {
          const l = lines.find((y) => y.id === x.lineId)!;
          const c = cands.find((y) => y.key === x.candidateKey)!;
          expect(canMatch(l, c)).toBe(true);
        }
        // Maximal: no unmatched line could still take an unmatched candidate.
        const freeL = lines.filter((l) => !m.some((x) => x.lineId === l.id));
        const freeC = cands.filter((c) => !m.some((x) => x.candidateKey === c.key));
        expect(freeL.some((l) => freeC.some((c) => canMatch(l, c)))).toBe(false);
        expect(matchStatement(lines, cands)).toEqual(m);
      }),
    );
  });
});
