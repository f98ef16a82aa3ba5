/**
 * What the answer of a fiscal call means for the user (001 §4 "Transmission result status", §8): pure functions from
 * the contract's result to a message, so that the rules are tested apart from the screens.
 */
import type { z } from 'zod';
import type { FiscalResult, nfeManyResult } from '@pdv/contract/invoice';
import { FISCAL_MESSAGES } from '@pdv/domain/fiscal-messages';

export type ManyResult = z.infer<typeof nfeManyResult>;

export type Outcome =
  /** Done: a success toast. */
  | { kind: 'success'; text: string }
  /** Accepted but not final (contingency, already handled): an information toast. */
  | { kind: 'info'; text: string }
  /** Refused: a warning with the text and the list of errors. */
  | { kind: 'failure'; text: string; details: string[] };

/** Ours: the title of the failures when some of the invoices went through. */
export const SOME_NOT_TRANSMITTED = 'Algumas notas fiscais não foram transmitidas.';

const AUTHORIZED = new Set(['100', '150']);
const CANCELLED = new Set(['135', '101', '155']);

const filled = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/** The invoice's number for the messages: the answer's, else the one the screen knows, else its id. */
function numberOf(result: Pick<FiscalResult, 'nota_fiscal'>, fallback: number | string): number | string {
  return result.nota_fiscal?.numero_nota_fiscal ?? fallback;
}

/** '225 - Rejeição: ...' (001 §8 'status - motivo'), or what there is of it. */
export function statusText(result: Pick<FiscalResult, 'status' | 'motivo' | 'message'>): string {
  if (filled(result.status) && filled(result.motivo)) return `${result.status} - ${result.motivo}`;
  if (filled(result.motivo)) return result.motivo;
  if (filled(result.message)) return result.message;
  return result.status ?? '';
}

function statusOf(result: Pick<FiscalResult, 'status'>): string {
  return (result.status ?? '').trim();
}

/**
 * /nfe/transmitir: 100 or 150 authorised; 1 a list of errors; 2 a reason; 004 already handled (the screen reloads);
 * an NFC-e issued in contingency is accepted; anything else is shown as status and reason.
 */
export function transmitOutcome(result: FiscalResult, fallbackNumber: number | string): Outcome {
  const n = numberOf(result, fallbackNumber);
  const status = statusOf(result);
  if (AUTHORIZED.has(status)) return { kind: 'success', text: FISCAL_MESSAGES.transmitted(n) };
  if (status === '1') {
    const details = result.erros.filter(filled);
    return { kind: 'failure', text: filled(result.message) ? result.message : FISCAL_MESSAGES.notAuthorized(n, details[0] ?? ''), details };
  }
  if (status === '2') return { kind: 'failure', text: FISCAL_MESSAGES.notAuthorized(n, result.motivo ?? result.message), details: [] };
  if (status === '004' || status === '4') return { kind: 'info', text: filled(result.motivo) ? result.motivo : result.message };
  if (result.nota_fiscal?.situacao === 'Contingencia') {
    return { kind: 'info', text: filled(result.message) ? result.message : FISCAL_MESSAGES.contingencyIssued(n) };
  }
  if (result.success && status === '') return { kind: 'success', text: FISCAL_MESSAGES.transmitted(n) };
  return { kind: 'failure', text: statusText(result), details: result.erros.filter(filled) };
}

/** /nfe/consultar: an authorised invoice says so; other answers show status and reason. */
export function consultOutcome(result: FiscalResult, fallbackNumber: number | string): Outcome {
  const n = numberOf(result, fallbackNumber);
  const status = statusOf(result);
  if (AUTHORIZED.has(status) || (result.success && result.nota_fiscal?.situacao === 'Autorizada')) {
    return { kind: 'success', text: FISCAL_MESSAGES.authorized(n) };
  }
  if (result.success) return { kind: 'info', text: statusText(result) };
  return { kind: 'failure', text: statusText(result), details: result.erros.filter(filled) };
}

/** /nfe/cancelar: 135 or 101 (155 out of time) cancel it (001 §4); otherwise 'Não foi possível cancelar a nota fiscal …'. */
export function cancelOutcome(result: FiscalResult): Outcome {
  const status = statusOf(result);
  if (CANCELLED.has(status) || (result.success && result.nota_fiscal?.situacao === 'Cancelada')) {
    return { kind: 'success', text: filled(result.message) ? result.message : statusText(result) };
  }
  const reason = filled(result.message) ? result.message : statusText(result);
  return { kind: 'failure', text: FISCAL_MESSAGES.cancelFailed(reason), details: result.erros.filter(filled) };
}

/** Events that are not the invoice's status (correction letter, disablement): the flag decides. */
export function eventOutcome(result: Pick<FiscalResult, 'success' | 'status' | 'motivo' | 'message'> & { erros?: string[] }): Outcome {
  const text = filled(result.message) ? result.message : statusText(result);
  if (result.success) return { kind: 'success', text };
  return { kind: 'failure', text: statusText(result) || text, details: (result.erros ?? []).filter(filled) };
}

export interface ManyOutcome {
  /** One success toast per authorised invoice. */
  successes: string[];
  /** The failures, each as 'Nota Fiscal n não autorizada: …' or the server's error; empty when all went through. */
  failures: string[];
  /** The title of the failure list: 'Não foi possível transmitir nenhuma nota.' when none went through. */
  title: string | null;
}

/** /nfe/invoice-request-list: the invoices sent at once. */
export function transmitManyOutcome(result: ManyResult): ManyOutcome {
  const successes: string[] = [];
  const failures: string[] = [...result.erros.filter(filled)];
  result.resultados.forEach((one, index) => {
    const outcome = transmitOutcome(one, one.nota_fiscal?.id_nota_fiscal ?? index + 1);
    if (outcome.kind === 'success') successes.push(outcome.text);
    else if (outcome.kind === 'failure') {
      const n = one.nota_fiscal?.numero_nota_fiscal ?? one.nota_fiscal?.id_nota_fiscal ?? index + 1;
      const reason = [outcome.text, ...outcome.details].filter(filled).join('; ');
      const line = reason.startsWith('Nota Fiscal') ? reason : FISCAL_MESSAGES.notAuthorized(n, reason);
      if (!failures.includes(line)) failures.push(line);
    }
  });
  if (failures.length === 0 && !result.success && filled(result.message)) failures.push(result.message);
  const title = failures.length === 0 ? null : successes.length === 0 ? FISCAL_MESSAGES.transmitNone : SOME_NOT_TRANSMITTED;
  return { successes, failures, title };
}

/** /nfe/cancelar-lista: the errors are listed under 'Erro ao cancelar as notas fiscais.' (001 §8). */
export function cancelManyOutcome(result: ManyResult): { cancelled: number; failures: string[] } {
  const failures = [...result.erros.filter(filled)];
  let cancelled = 0;
  for (const one of result.resultados) {
    const outcome = cancelOutcome(one);
    if (outcome.kind === 'success') cancelled += 1;
    else if (result.erros.length === 0) failures.push(outcome.text);
  }
  if (failures.length === 0 && !result.success) failures.push(filled(result.message) ? result.message : FISCAL_MESSAGES.cancelFailed(''));
  return { cancelled, failures };
}
