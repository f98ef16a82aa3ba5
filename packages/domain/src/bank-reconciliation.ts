/**
 * Bank conciliation (002 §2, issue 24): the lines of an imported bank statement are matched against what the books
 * expect in that account: its launches (discharges into or out of it, transfers) and the card operators' expected
 * credits (open receivables of an operator settling into it). The rule, written once:
 *
 * - A line matches a candidate of the same amount in the same direction (a credit a credit, a debit a debit: both
 *   signed, credit positive) whose date is at most `toleranceDays` days away (either side: a bank posts a deposit a
 *   day or two after the shop records it, and a card operator pays around its expected date).
 * - One to one: a line takes at most one candidate and a candidate at most one line.
 * - Among the possible pairs the closest dates win first; ties go to the earlier line, then the earlier candidate
 *   (each list's own order), so the same data always gives the same suggestions.
 *
 * The server keeps what was confirmed; this rule only proposes.
 */
import type { Cents } from './money.ts';

export const RECONCILIATION_MESSAGES = {
  lineNotFound: 'Linha do extrato não encontrada.',
  alreadyReconciled: 'Esta linha do extrato já está conciliada.',
  notReconciled: 'Esta linha do extrato não está conciliada.',
  candidateNotFound: 'Lançamento para conciliar não encontrado ou já conciliado.',
  valueMismatch: 'O valor do lançamento não confere com o da linha do extrato.',
  chooseOne: 'Informe um lançamento para conciliar.',
  otherAccount: 'O extrato é de outra conta bancária.',
  fileMissing: 'Selecione o arquivo OFX do extrato.',
  fileInvalid: 'O arquivo enviado não pôde ser lido.',
  cardNote: 'Crédito da operadora conciliado com o extrato bancário.',
  cardUndoNote: 'Conciliação desfeita: a baixa do crédito da operadora foi estornada.',
  periodInvalid: 'A data final deve ser igual ou posterior à data inicial.',
  periodTooLong: 'O período deve ter no máximo 366 dias.',
} as const;

/** The default window between a statement line's date and a launch's date. */
export const RECONCILIATION_TOLERANCE_DAYS = 3;

/** The window of the launches offered for a confirmation by hand. */
export const RECONCILIATION_MANUAL_DAYS = 30;

export interface StatementLine {
  id: number;
  /** AAAA-MM-DD. */
  data: string;
  /** Signed: credit positive. */
  valor: Cents;
}

export interface ReconciliationCandidate {
  key: string;
  data: string;
  /** Signed: money into the account positive. */
  valor: Cents;
}

export interface ReconciliationMatch {
  lineId: number;
  candidateKey: string;
  /** Days between the two dates (absolute). */
  dias: number;
}

const DAY_MS = 86_400_000;
const dayNumber = (d: string): number => Math.round(Date.parse(`${d}T00:00:00Z`) / DAY_MS);

/** Whether a line and a candidate may be matched at all: same signed amount, dates within the tolerance. */
export function canMatch(line: Pick<StatementLine, 'data' | 'valor'>, c: Pick<ReconciliationCandidate, 'data' | 'valor'>, toleranceDays = RECONCILIATION_TOLERANCE_DAYS): boolean {
  return line.valor === c.valor && line.valor !== 0 && Math.abs(dayNumber(line.data) - dayNumber(c.data)) <= toleranceDays;
}

/** The suggested pairs (see the header), in the lines' order. */
export function matchStatement(
  lines: readonly StatementLine[],
  candidates: readonly ReconciliationCandidate[],
  toleranceDays = RECONCILIATION_TOLERANCE_DAYS,
): ReconciliationMatch[] {
  const byValue = new Map<Cents, number[]>();
  candidates.forEach((c, j) => {
    const list = byValue.get(c.valor);
    if (list) list.push(j);
    else byValue.set(c.valor, [j]);
  });
  const pairs: Array<{ i: number; j: number; dias: number }> = [];
  lines.forEach((line, i) => {
    for (const j of byValue.get(line.valor) ?? []) {
      const c = candidates[j]!;
      if (canMatch(line, c, toleranceDays)) pairs.push({ i, j, dias: Math.abs(dayNumber(line.data) - dayNumber(c.data)) });
    }
  });
  pairs.sort((a, b) => a.dias - b.dias || a.i - b.i || a.j - b.j);
  const usedLines = new Set<number>();
  const usedCandidates = new Set<number>();
  const out: Array<ReconciliationMatch & { i: number }> = [];
  for (const p of pairs) {
    if (usedLines.has(p.i) || usedCandidates.has(p.j)) continue;
    usedLines.add(p.i);
    usedCandidates.add(p.j);
    out.push({ i: p.i, lineId: lines[p.i]!.id, candidateKey: candidates[p.j]!.key, dias: p.dias });
  }
  return out.sort((a, b) => a.i - b.i).map(({ lineId, candidateKey, dias }) => ({ lineId, candidateKey, dias }));
}
