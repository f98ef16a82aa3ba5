/**
 * Validating a payment at the point of sale (000 §5 Payment, 001 §5 Payment in the point of sale). Returns every
 * error found, in the spec's order (empty: valid).
 */
import { ValidationError } from './errors.ts';
import { MESSAGES } from './messages.ts';
import type { Cents } from './money.ts';
import { isCard, isCash, requiresCustomer } from './payment-method.ts';
import type { Payment } from './payment.ts';

export interface PaymentCheckContext {
  /** What this payment may cover: the operation's net less every other payment. */
  saldo: Cents;
  id_cliente: number | null;
}

export type CheckedPayment = Pick<
  Payment,
  'meio_pagamento' | 'valor_total' | 'quantidade_parcelas' | 'parcelamento' | 'id_conta' | 'id_operadora_cartao'
>;

/**
 * The method must be chosen; the value above 0; the count of installments above 0 when the method uses them; a card
 * operator for credit and debit cards; an account when the method demands one; a customer for the methods the shop
 * collects itself; a non-cash payment not above the balance (only cash gives change); and the installments when
 * the method makes them mandatory.
 */
export function validatePayment(payment: CheckedPayment, context: PaymentCheckContext): ValidationError[] {
  const method = payment.meio_pagamento;
  if (method === null) return [new ValidationError(MESSAGES.paymentMethodRequired, 'meio_pagamento')];
  const errors: ValidationError[] = [];
  if (payment.valor_total <= 0) errors.push(new ValidationError(MESSAGES.paymentValueRequired, 'valor_total'));
  if (method.utilizar_parcela && !(Number.isInteger(payment.quantidade_parcelas) && payment.quantidade_parcelas > 0)) {
    errors.push(new ValidationError(MESSAGES.installmentsRequired, 'quantidade_parcelas'));
  }
  if (isCard(method.meio_pagamento) && payment.id_operadora_cartao === null) {
    errors.push(new ValidationError(MESSAGES.cardOperatorRequired, 'id_operadora_cartao'));
  }
  if (method.obrigar_conta && payment.id_conta === null) {
    errors.push(new ValidationError(MESSAGES.accountRequired, 'id_conta'));
  }
  if (requiresCustomer(method) && context.id_cliente === null) {
    errors.push(new ValidationError(MESSAGES.paymentCustomerRequired, 'id_cliente'));
  }
  if (!isCash(method.meio_pagamento) && payment.valor_total > context.saldo) {
    errors.push(new ValidationError(MESSAGES.paymentAboveBalance, 'valor_total'));
  }
  if (method.obrigar_parcelamento && payment.parcelamento.length === 0) {
    errors.push(new ValidationError(MESSAGES.installmentPlanRequired, 'parcelamento'));
  }
  return errors;
}
