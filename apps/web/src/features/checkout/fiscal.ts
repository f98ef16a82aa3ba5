/**
 * The fiscal step after a sale reached the server with an invoice model (000 §4.4, 001 §4): transmit it, tell the
 * cashier the result with the spec's messages, and print the DANFE (the NFC-e one, with the contingency notice when
 * SEFAZ did not answer and the document was issued offline). A failure to transmit never loses the sale: the invoice
 * stays on the server, listed at /invoice, and the plain receipt is printed instead.
 */
import type { FiscalResult } from '@pdv/contract/invoice';
import { FISCAL_MESSAGES as M } from '@pdv/domain/fiscal-messages';
import { call } from '../../api/client.ts';
import { errorDisplayOf } from '../../api/errors.ts';

export type FiscalOutcome =
  | { kind: 'authorized'; message: string; urlPdf: string | null }
  | { kind: 'contingency'; message: string; urlPdf: string | null }
  | { kind: 'failed'; message: string; details: string[] };

/** The result of /nfe/transmitir in words (001 §4 "Transmission result status"). */
export function describeTransmission(result: FiscalResult): { kind: FiscalOutcome['kind']; message: string; details: string[] } {
  const nf = result.nota_fiscal;
  const numero = nf?.numero_nota_fiscal ?? '';
  if (result.success && nf?.situacao === 'Autorizada') return { kind: 'authorized', message: M.transmitted(numero), details: [] };
  if (result.success && nf?.situacao === 'Contingencia') return { kind: 'contingency', message: result.message, details: [] };
  if (result.erros.length > 0) return { kind: 'failed', message: result.message, details: result.erros };
  const reason = result.status ? `${result.status} - ${result.motivo ?? ''}`.trim() : result.message;
  return { kind: 'failed', message: M.notAuthorized(numero, reason), details: [] };
}

export async function transmitAndPrint(id_nota_fiscal: number): Promise<FiscalOutcome> {
  let result: FiscalResult;
  try {
    result = await call('nfeTransmitir', { id_nota_fiscal });
  } catch (error) {
    const shown = errorDisplayOf(error);
    return { kind: 'failed', message: shown.text, details: shown.details };
  }
  const outcome = describeTransmission(result);
  if (outcome.kind === 'failed') return { kind: 'failed', message: outcome.message, details: outcome.details };
  let urlPdf: string | null = null;
  try {
    urlPdf = (await call('nfeImprimir', { id_nota_fiscal })).url_pdf ?? null;
  } catch (error) {
    return { kind: 'failed', message: M.printFailed(errorDisplayOf(error).text), details: [] };
  }
  return { kind: outcome.kind, message: outcome.message, urlPdf };
}
