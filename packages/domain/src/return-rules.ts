/**
 * Returns (devolução) and receipts (recebimento) at the point of sale (000 §1, §3.8, §5; 002 "Exchange"). The
 * exchange validity: a sale may be returned (and its exchange voucher printed) until its emission date plus the
 * branch's dias_tolerancia_troca; the day is the shop's calendar day (America/Sao_Paulo). Quantities are thousandths,
 * amounts centavos.
 */
import { ValidationError } from './errors.ts';
import { formatMoney, formatQuantity, mulDivRound, sum, type Cents, type Milli } from './money.ts';
import { addDays } from './payment.ts';
import { isCash } from './payment-method.ts';

export const SHOP_TIME_ZONE = 'America/Sao_Paulo';

export const RETURN_MESSAGES = {
  exchangeExpired: (date: string) =>
    `Prazo de troca encerrado: a venda só podia ser devolvida até ${date}. Devolução não permitida.`,
  originMissing: 'Selecione a venda ou nota fiscal de origem da devolução.',
  originNotFound: 'Venda ou nota fiscal de origem não encontrada.',
  originOtherCustomer: 'A venda de origem não pertence ao cliente informado.',
  originNotReturnable: 'Esta venda não pode ser devolvida (cancelada, em edição ou não autorizada).',
  lineNotInOrigin: (descricao: string) => `O item ${descricao} não faz parte da venda de origem.`,
  quantityAboveReturnable: (descricao: string, available: Milli) =>
    `Quantidade a devolver de ${descricao} maior que a disponível para devolução (${formatQuantity(available)}).`,
  noPaymentsInReturn: 'A devolução gera crédito ao cliente e não recebe pagamentos.',
  receiptNoDocuments: 'Selecione ao menos um título para receber.',
  receiptDocumentNotOpen: 'Título não encontrado ou já recebido.',
  receiptOtherCustomer: 'O título não pertence ao cliente informado.',
  receiptPaymentsShort: (missing: Cents) => `O valor pago não cobre os títulos selecionados. Falta pagar ${formatMoney(missing)}.`,
  receiptAboveDue: 'Valor do pagamento é maior que o valor dos títulos selecionados.',
  receiptCustomerCredit: 'O crédito do cliente não pode pagar um recebimento.',
} as const;

/** The calendar day (YYYY-MM-DD) of an instant in the shop's time zone. */
export function shopDate(instant: string | Date, timeZone = SHOP_TIME_ZONE): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) throw new RangeError(`data inválida: ${String(instant)}`);
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** dd/mm/aaaa of a YYYY-MM-DD day. */
export function formatDay(isoDay: string): string {
  const [y, m, d] = isoDay.split('-');
  return `${d}/${m}/${y}`;
}

/** The last day a sale emitted at `emission` may be exchanged or returned: its shop day plus the tolerance days. */
export function exchangeDeadline(emission: string | Date, toleranceDays: number): string {
  if (!Number.isInteger(toleranceDays) || toleranceDays < 0) throw new RangeError('dias_tolerancia_troca inválido');
  return addDays(shopDate(emission), toleranceDays);
}

/** Null while the exchange is still allowed on `now` (the deadline day included); else the refusal with the date. */
export function exchangeExpiredError(emission: string | Date, toleranceDays: number, now: string | Date): ValidationError | null {
  const deadline = exchangeDeadline(emission, toleranceDays);
  return shopDate(now) > deadline ? new ValidationError(RETURN_MESSAGES.exchangeExpired(formatDay(deadline)), 'data_emissao') : null;
}

/** A line of the original sale, as far as returning it goes. */
export interface ReturnableLine {
  descricao: string;
  /** Sold (thousandths). */
  quantidade: Milli;
  /** Already returned by earlier returns (thousandths). */
  quantidade_devolvida: Milli;
  /** The line's net total as sold (centavos), discounts included. */
  valor_total: Cents;
}

export function returnableQuantity(line: Pick<ReturnableLine, 'quantidade' | 'quantidade_devolvida'>): Milli {
  return Math.max(0, line.quantidade - line.quantidade_devolvida);
}

/** Every requested quantity must be above zero and at most what was sold minus what was already returned. */
export function validateReturnQuantities(requests: ReadonlyArray<{ line: ReturnableLine; quantidade: Milli }>): ValidationError[] {
  const errors: ValidationError[] = [];
  for (const { line, quantidade } of requests) {
    const available = returnableQuantity(line);
    if (!Number.isInteger(quantidade) || quantidade <= 0 || quantidade > available) {
      errors.push(new ValidationError(RETURN_MESSAGES.quantityAboveReturnable(line.descricao, available), 'itens'));
    }
  }
  return errors;
}

/**
 * The value of the returned part of a line: its net total as sold in proportion to the quantity; a line returned to
 * its last unit gives back exactly what is left of its total, so partial returns never add up to more or less.
 */
export function returnedValue(line: ReturnableLine, quantidade: Milli): Cents {
  const before = mulDivRound(line.valor_total, line.quantidade_devolvida, line.quantidade);
  const after = mulDivRound(line.valor_total, line.quantidade_devolvida + quantidade, line.quantidade);
  return after - before;
}

export function returnCredit(requests: ReadonlyArray<{ line: ReturnableLine; quantidade: Milli }>): Cents {
  return sum(requests.map((r) => returnedValue(r.line, r.quantidade)));
}

/** A receipt's payments against the open balance of the chosen receivables: cover it; only cash may exceed it. */
export function validateReceiptPayments(
  due: Cents,
  payments: ReadonlyArray<{ valor_total: Cents; meio_pagamento: string }>,
): ValidationError[] {
  const errors: ValidationError[] = [];
  if (due <= 0) return [new ValidationError(RETURN_MESSAGES.receiptNoDocuments, 'documentos_financeiros')];
  const nonCash = sum(payments.filter((p) => !isCash(p.meio_pagamento)).map((p) => p.valor_total));
  if (nonCash > due) errors.push(new ValidationError(RETURN_MESSAGES.receiptAboveDue, 'pagamentos'));
  const paid = sum(payments.map((p) => p.valor_total));
  if (paid < due) errors.push(new ValidationError(RETURN_MESSAGES.receiptPaymentsShort(due - paid), 'pagamentos'));
  return errors;
}

/** The change of a receipt: what cash paid above the due balance. */
export function receiptChange(due: Cents, payments: ReadonlyArray<{ valor_total: Cents }>): Cents {
  return Math.max(0, sum(payments.map((p) => p.valor_total)) - due);
}
