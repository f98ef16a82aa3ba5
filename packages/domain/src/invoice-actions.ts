/**
 * Rules of the invoice editor's actions (issue 31; 000 §7.4, 002 §2), used by the server inside its transaction and by
 * the invoice screen to offer only what the server accepts.
 *
 * - Reprocess (/invoice/invoice-reprocess): sends an invoice again through the emission path. Allowed while it is a
 *   draft (EmEdicao, Rejeitada), pending SEFAZ's answer (EmProcessamento: the stored signed XML is resent, so a lost
 *   authorization is found, never duplicated) or in contingency (Contingencia: sent now, not at its next attempt).
 * - Transmission type (tipo de emissão, 001 §9 default 1): 1 normal or 9 offline contingency, the only two our
 *   authorizer path speaks; 9 only for NFC-e (NT 2013.005; NF-e contingency goes through SVC or FS-DA, which we do
 *   not issue) and with a justification of 15 to 255 characters (xJust). Only a draft never authorized may change it.
 * - Split (desdobramento) of an item into product variations: the parts' quantities are positive thousandths that sum
 *   exactly to the item's; each part takes the item's unit price, and the item's discount is shared by quantity
 *   (largest remainder), so the parts' net values sum to the item's to the centavo.
 */
import { distribute } from './distribute.ts';
import { FISCAL_MESSAGES as M } from './fiscal-messages.ts';
import { invoiceEditError, type InvoiceLockFacts } from './invoice-rules.ts';
import { sum } from './money.ts';

export const REPROCESSABLE_SITUACOES: readonly string[] = ['EmEdicao', 'Rejeitada', 'EmProcessamento', 'Contingencia'];

/** Why the invoice cannot be reprocessed, or null when it can. An authorized one says so with its number. */
export function reprocessError(invoice: { situacao: string; numero_nota_fiscal: number | null }): string | null {
  if (invoice.situacao === 'Autorizada') return M.alreadyAuthorized(invoice.numero_nota_fiscal ?? '');
  return REPROCESSABLE_SITUACOES.includes(invoice.situacao) ? null : M.notReprocessable;
}

export const TRANSMISSION_TYPES = [1, 9] as const;
export type TransmissionType = (typeof TRANSMISSION_TYPES)[number];

export interface TransmissionTypeChange {
  modelo: string;
  tipo_emissao: TransmissionType;
  justificativa: string | null;
}

/** Why the transmission type cannot change so, or null when it can. */
export function transmissionTypeError(invoice: Pick<InvoiceLockFacts, 'situacao' | 'protocolo'>, change: TransmissionTypeChange): string | null {
  // A sale's invoice (id_operacao) may change its type: the point of sale owns its lines, not how it is sent.
  const locked = invoiceEditError({ ...invoice, id_operacao: null });
  if (locked) return locked;
  if (change.tipo_emissao === 9) {
    if (change.modelo !== '65') return M.transmissionTypeModel;
    const length = (change.justificativa ?? '').trim().length;
    if (length < 15 || length > 255) return M.justificationLength;
  }
  return null;
}

export interface SplitSource {
  /** Thousandths. */
  quantidade: number;
  /** Centavos. */
  valor_unitario: number;
  /** Centavos. */
  valor_desconto: number;
  is_cancelado: boolean;
}

export interface SplitPart {
  /** Thousandths. */
  quantidade: number;
  /** Centavos: the part's share of the item's discount. */
  valor_desconto: number;
}

/** The errors of a split, empty when it is valid. */
export function splitItemErrors(item: SplitSource, quantities: readonly number[]): string[] {
  if (item.is_cancelado) return [M.splitItemCancelled];
  if (quantities.length === 0) return [M.splitPartsMissing];
  const errors: string[] = [];
  if (quantities.some((q) => !Number.isInteger(q) || q <= 0)) errors.push(M.splitQuantityPositive);
  else if (sum(quantities) !== item.quantidade) errors.push(M.splitQuantitySum);
  return errors;
}

/** The parts of a valid split: each quantity with its share of the item's discount (sums exactly to it). */
export function splitItem(item: SplitSource, quantities: readonly number[]): SplitPart[] {
  const errors = splitItemErrors(item, quantities);
  if (errors.length > 0) throw new RangeError(errors.join(' '));
  const discounts = distribute(item.valor_desconto, quantities);
  return quantities.map((quantidade, i) => ({ quantidade, valor_desconto: discounts[i] ?? 0 }));
}
