/**
 * When an invoice may change (001 §4 "Invoice"): which situations count as a draft, and what a change, a deletion or a
 * transmission needs. The server refuses with these answers inside its transaction; the invoice screens use the same
 * functions to offer only what the server will accept.
 *
 * - A draft is EmEdicao or Rejeitada (a rejected invoice is corrected and sent again).
 * - Its content (header, items, payments, referenced keys, volumes) changes only while it is a draft, was never
 *   authorized (no protocolo) and is not a sale's invoice (id_operacao: the point of sale owns those lines).
 * - A draft never authorized may be deleted, a sale's invoice included (its stock is given back).
 * - A draft, or an invoice issued in contingency, may be transmitted.
 */
import { FISCAL_MESSAGES } from './fiscal-messages.ts';

export const INVOICE_DRAFT_SITUACOES: readonly string[] = ['EmEdicao', 'Rejeitada'];

export function isDraftSituacao(situacao: string): boolean {
  return INVOICE_DRAFT_SITUACOES.includes(situacao);
}

/** What the rules read of an invoice. */
export interface InvoiceLockFacts {
  situacao: string;
  /** The sale (POST /api/operacao) the invoice came from, if any. */
  id_operacao: string | null;
  /** SEFAZ's authorization protocol, once one was received. */
  protocolo: string | null;
}

/** Why the invoice's content cannot change now, or null when it can. */
export function invoiceEditError(invoice: InvoiceLockFacts): string | null {
  if (!isDraftSituacao(invoice.situacao) || invoice.id_operacao !== null || invoice.protocolo !== null) {
    return FISCAL_MESSAGES.notEditable;
  }
  return null;
}

/** Why the invoice cannot be deleted now, or null when it can. */
export function invoiceDeleteError(invoice: Pick<InvoiceLockFacts, 'situacao' | 'protocolo'>): string | null {
  if (!isDraftSituacao(invoice.situacao) || invoice.protocolo !== null) return FISCAL_MESSAGES.notDeletable;
  return null;
}

/** A draft, or an invoice issued in contingency (sent when SEFAZ answers again). */
export function isTransmittableSituacao(situacao: string): boolean {
  return isDraftSituacao(situacao) || situacao === 'Contingencia';
}
