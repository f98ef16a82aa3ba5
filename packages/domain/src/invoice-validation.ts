/**
 * The checks of an invoice and its parts (001 §5 "Invoice", 000 §5 "Volume"), with the spec's messages. Pure: the
 * invoice screen runs them on its form before sending, the server runs them on the body inside its transaction and
 * adds only what it alone knows (that the series, product, address and payment method exist; whether the customer has
 * an address). Every function returns every error found, in the order a user fixes them; empty when valid.
 * Amounts are centavos, quantities and weights thousandths (money.ts).
 */
import { FISCAL_MESSAGES as M } from './fiscal-messages.ts';
import { invoiceLineTotals } from './invoice-totals.ts';
import { MESSAGES } from './messages.ts';
import { MILLI_PER_UNIT, type Cents, type Milli } from './money.ts';
import { volumeErrors } from './order-item-rules.ts';

/** The largest line the money fields carry, in centavos (999.999.999,99). */
export const MAX_LINE_CENTS = 99_999_999_999;

// Header ---------------------------------------------------------------------------------------------------------

export interface InvoiceHeaderDraft {
  modelo: string;
  id_serie_fiscal: number | null;
  natureza_operacao: string | null;
  id_cliente: number | null;
  /** Whether the customer has a complete address; null when it is not known (the check is then left to the server). */
  cliente_tem_endereco: boolean | null;
}

/** 001 §5 "Invoice save": series and nature always (no SAT here); an NF-e needs a recipient with an address. */
export function invoiceHeaderErrors(header: InvoiceHeaderDraft): string[] {
  const errors: string[] = [];
  if (header.id_serie_fiscal === null) errors.push(M.seriesMissing);
  if ((header.natureza_operacao ?? '').trim() === '') errors.push(M.natureMissing);
  if (header.modelo === '55') {
    if (header.id_cliente === null) errors.push(M.recipientMissing);
    else if (header.cliente_tem_endereco === false) errors.push(M.recipientAddressMissing);
  }
  return errors;
}

// Items ----------------------------------------------------------------------------------------------------------

export interface InvoiceItemDraft {
  id_produto_grade_filial: number | null;
  id_endereco_estoque: number | null;
  quantidade: Milli;
  valor_unitario: Cents;
  valor_desconto: Cents;
}

/**
 * 001 §5 "Invoice item": product, value above zero, stock address; and ours: a positive quantity, a line no larger than
 * a money field holds (checked before multiplying, which past 2^53 centavos would throw), a discount not above the
 * line's gross.
 */
export function invoiceItemErrors(item: InvoiceItemDraft): string[] {
  const errors: string[] = [];
  if (item.id_produto_grade_filial === null) errors.push(M.itemProductMissing);
  if (item.quantidade <= 0) errors.push(MESSAGES.quantityNotPositive);
  if (item.valor_unitario <= 0) errors.push(M.valueNotPositive);
  else if (item.quantidade > 0) {
    if ((item.valor_unitario * item.quantidade) / MILLI_PER_UNIT > MAX_LINE_CENTS) errors.push(M.itemTotalTooLarge);
    else if (item.valor_desconto > invoiceLineTotals(item).bruto) errors.push(M.itemDiscountAboveGross);
  }
  if (item.id_endereco_estoque === null) errors.push(M.itemStockAddressMissing);
  return errors;
}

// Payments -------------------------------------------------------------------------------------------------------

export interface InvoicePaymentDraft {
  id_meio_pagamento: number | null;
  valor_total: Cents;
  id_conta: number | null;
}

export interface InvoicePaymentContext {
  /** The invoice exists (a payment sent alone needs a saved invoice; one sent with the invoice is saved with it). */
  saved: boolean;
  /** The payment method demands a bank account (obrigar_conta); false while the method is not known. */
  requiresAccount: boolean;
}

/** 001 §5 "Invoice payment". */
export function invoicePaymentErrors(payment: InvoicePaymentDraft, context: InvoicePaymentContext): string[] {
  const errors: string[] = [];
  if (!context.saved) errors.push(M.invoiceNotSaved);
  if (payment.id_meio_pagamento === null) errors.push(M.paymentMethodMissing);
  if (payment.valor_total <= 0) errors.push(M.valueNotPositive);
  if (context.requiresAccount && payment.id_conta === null) errors.push(M.paymentAccountMissing);
  return errors;
}

// Referenced invoices --------------------------------------------------------------------------------------------

export const ACCESS_KEY_LENGTH = 44;

/** The key as typed, without spaces, dots, dashes and slashes (keys are often pasted in groups of four). */
export function normalizeAccessKey(text: string): string {
  return text.replace(/[\s.\-/]/g, '').toUpperCase();
}

/** The model (positions 21-22) written in an access key: cUF(2) AAMM(4) CNPJ(14) mod(2) …; null for a short key. */
export function modeloOfAccessKey(key: string): string | null {
  return key.length === ACCESS_KEY_LENGTH ? key.slice(20, 22) : null;
}

export interface ReferencedKey {
  chave_acesso: string;
  /** Null: the model written in the key. */
  modelo: string | null;
}

/**
 * 001 §5: 'Chave não informada'; 'a Chave deve conter 44 carácteres'; 'Chave já cadastrada' (same model and key already
 * in the list). The key is normalized first; a missing model is the key's own.
 */
export function referencedKeyErrors(candidate: ReferencedKey, existing: readonly ReferencedKey[]): string[] {
  const key = normalizeAccessKey(candidate.chave_acesso);
  if (key === '') return [M.keyMissing];
  if (key.length !== ACCESS_KEY_LENGTH) return [M.keyLength];
  const modelOf = (r: ReferencedKey) => r.modelo ?? modeloOfAccessKey(normalizeAccessKey(r.chave_acesso));
  const modelo = modelOf(candidate);
  if (existing.some((r) => normalizeAccessKey(r.chave_acesso) === key && modelOf(r) === modelo)) return [M.keyDuplicated];
  return [];
}

// Volumes --------------------------------------------------------------------------------------------------------

export interface InvoiceVolumeDraft {
  quantidade: number;
  peso_liquido: Milli;
  peso_bruto: Milli;
}

/**
 * 000 §5 "Volume" (the order's rule, volumeErrors): quantity, net weight and gross weight are required. A volume
 * written with its invoice is saved with it, so 'Salve o pedido ou a nota' never applies here.
 */
export function invoiceVolumeErrors(volume: InvoiceVolumeDraft): string[] {
  return volumeErrors({ ...volume, parentSaved: true });
}

// The whole invoice ----------------------------------------------------------------------------------------------

export interface InvoiceDraft extends InvoiceHeaderDraft {
  itens: readonly InvoiceItemDraft[];
  pagamentos: readonly InvoicePaymentDraft[];
  referenciadas: readonly ReferencedKey[];
  volumes: readonly InvoiceVolumeDraft[];
}

/**
 * Saving an invoice with its parts: the header, then each item, payment (the account is checked where the method is
 * known), referenced key (against the keys before it) and volume; each message once.
 */
export function invoiceSaveErrors(invoice: InvoiceDraft): string[] {
  const errors = invoiceHeaderErrors(invoice);
  for (const item of invoice.itens) errors.push(...invoiceItemErrors(item));
  for (const payment of invoice.pagamentos) {
    errors.push(...invoicePaymentErrors(payment, { saved: true, requiresAccount: false }));
  }
  invoice.referenciadas.forEach((ref, index) => errors.push(...referencedKeyErrors(ref, invoice.referenciadas.slice(0, index))));
  for (const volume of invoice.volumes) errors.push(...invoiceVolumeErrors(volume));
  return [...new Set(errors)];
}

/** 001 §5 "Transmit NFC-e": what saving needs, and a payment when the total is not zero. */
export function invoiceTransmitErrors(invoice: InvoiceDraft, total: Cents): string[] {
  const errors = invoiceSaveErrors(invoice);
  if (invoice.modelo === '65' && invoice.pagamentos.length === 0 && total !== 0) errors.push(M.nfcePaymentMissing);
  return errors;
}
