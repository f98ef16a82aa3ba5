/**
 * Card sales (001 §3 Financial document; issue 24): the money of a credit or debit card payment is owed by the card
 * operator, not by the customer. Each payment becomes the operator's receivables: one per installment for a credit
 * card (one for debit), the amount split in equal centavos (the remainder to the last, as the payments' rule), due
 * dias_credito days after the sale and every 30 days after for the next installments, with the operator's rate for
 * that number of installments (taxas_parcela, else its `taxa`). With the branch's descontar_taxa_cartao_credito the
 * receivable is the net amount (what the operator will deposit); otherwise the gross amount, its fee known.
 */
import { addDays } from './payment.ts';
import { distribute } from './distribute.ts';
import type { Cents } from './money.ts';

export interface CardOperatorTerms {
  /** The rate of a single payment, percent (0-100, 4 decimals as stored). */
  taxa: number;
  /** Rates by number of installments; the one for the payment's count wins over `taxa`. */
  taxas_parcela: ReadonlyArray<{ parcela: number; taxa: number }>;
  dias_credito: number;
  /** 'Parcela': the rate is applied to each installment; 'Total' (default): to the payment, spread like the amount. */
  tipo_calculo_taxa_cartao_credito?: 'Total' | 'Parcela' | null;
}

export interface CardReceivable {
  valor: Cents;
  /** The operator's fee on it (already taken off `valor` when the branch discounts it). */
  taxa_valor: Cents;
  data_vencimento: string;
  parcela: number;
}

/** The operator's rate for `parcelas` installments, percent. */
export function cardRate(terms: CardOperatorTerms, parcelas: number): number {
  return terms.taxas_parcela.find((t) => t.parcela === parcelas)?.taxa ?? terms.taxa;
}

/**
 * The receivables of one card payment of `valor` centavos in `parcelas` installments (1 for debit), sold on `saleDay`
 * (YYYY-MM-DD). The parts always add up to the payment (gross) or to the payment less the fee (net).
 */
export function cardReceivables(
  valor: Cents, parcelas: number, saleDay: string, terms: CardOperatorTerms, discountFee: boolean,
): CardReceivable[] {
  const count = Math.max(1, Math.trunc(parcelas));
  const parts = distribute(valor, Array.from({ length: count }, () => 1), { remainder: 'last' });
  const rate = cardRate(terms, count);
  const fees = terms.tipo_calculo_taxa_cartao_credito === 'Parcela'
    ? parts.map((p) => Math.round((p * rate) / 100))
    : distribute(Math.round((valor * rate) / 100), parts, { remainder: 'last' });
  return parts.map((part, i) => ({
    valor: discountFee ? part - (fees[i] ?? 0) : part,
    taxa_valor: fees[i] ?? 0,
    data_vencimento: addDays(saleDay, terms.dias_credito + 30 * i),
    parcela: i + 1,
  }));
}
