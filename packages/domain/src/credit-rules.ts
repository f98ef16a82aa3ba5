/**
 * Where a customer's store credit may come from (001 §3 "Credit history", §5 "Credit on return", §6): a return, for at
 * most what was returned and once (the return mode of POST /api/operacao credits it; the credit modal of 001 §4 may
 * credit an authorized return NF-e made in the back office), or a manager's adjustment with a reason under a
 * supervisor's grant. An invoice of a sale, of another branch, of another customer or not yet authorized credits
 * nothing.
 */
import { AUTHORIZATION_MESSAGES } from './authorization.ts';
import { formatMoney, type Cents } from './money.ts';
import { createsReceivables, type PaymentMethod } from './payment-method.ts';

export interface ReturnInvoiceFacts {
  tipo_nota: string;
  operacao: string;
  situacao: string;
  id_cliente: number | null;
  valor_total: Cents;
  /** Credit already generated from this invoice. */
  creditado: Cents;
}

/** Why `valor` (centavos) of credit for `id_pessoa` may not come from this return invoice, or null. */
export function returnCreditError(inv: ReturnInvoiceFacts, id_pessoa: number, valor: Cents): string | null {
  if (inv.tipo_nota !== 'Devolucao' || inv.operacao !== 'Entrada') return AUTHORIZATION_MESSAGES.creditInvoiceNotReturn;
  if (inv.id_cliente !== id_pessoa) return AUTHORIZATION_MESSAGES.creditInvoiceOtherCustomer;
  if (inv.situacao !== 'Autorizada') return AUTHORIZATION_MESSAGES.creditInvoiceNotAuthorized;
  const restante = Math.max(0, inv.valor_total - inv.creditado);
  if (valor > restante) return AUTHORIZATION_MESSAGES.creditAboveReturn(formatMoney(restante));
  return null;
}

/** A manager's credit (an Entrada without an invoice) needs a reason; the grant is checked by the server. */
export function managerCreditError(observacao: string | null | undefined): string | null {
  return (observacao ?? '').trim().length === 0 ? AUTHORIZATION_MESSAGES.creditReasonRequired : null;
}

/**
 * A sale on credit (crediário: the payments whose installments the shop collects itself, createsReceivables) against
 * the customer's credit rules (002 §3 Person): bloquear_venda_saldo_vencido refuses it while anything is overdue;
 * valor_vencido_maximo while the overdue total is above it; valor_devedor_maximo when what is open plus this sale's
 * credit passes it; bloquear_venda_sem_saldo when there is no credit left at all (no maximum debt set counts as none,
 * without this flag a person without a maximum has no limit). Overdue means due before `today` (YYYY-MM-DD, the
 * branch's day) with a balance left. The same function runs at the point of sale on the synced people row (offline
 * too) and in POST /api/operacao on the rows of the transaction; a supervisor's grant (FncAutorizarLimiteCredito)
 * lets a refused sale through.
 */
export const CUSTOMER_CREDIT_MESSAGES = {
  overdueBlocked: (vencido: string) => `Venda a prazo bloqueada: o cliente tem ${vencido} em parcelas vencidas.`,
  overdueAboveMax: (vencido: string, max: string) =>
    `Venda a prazo bloqueada: o cliente tem ${vencido} em parcelas vencidas, acima do máximo de ${max}.`,
  debtAboveMax: (aberto: string, valor: string, max: string) =>
    `Venda a prazo bloqueada: ${aberto} em aberto mais ${valor} desta venda passam do limite de ${max}.`,
  noBalance: (disponivel: string) => `Venda a prazo bloqueada: o cliente não tem saldo de crédito (disponível ${disponivel}).`,
} as const;

/** One open receivable of the customer (or several of one due date, summed): what is still owed and when it fell due. */
export interface OpenInstallment {
  data_vencimento: string;
  saldo: Cents;
}

export interface CustomerCreditFacts {
  bloquear_venda_saldo_vencido: boolean;
  bloquear_venda_sem_saldo: boolean;
  valor_devedor_maximo: Cents | null;
  valor_vencido_maximo: Cents | null;
  parcelas_abertas: readonly OpenInstallment[];
}

/** What the customer owes (aberto) and, of it, what fell due before `today` (vencido), in centavos. */
export function openTotals(parcelas: readonly OpenInstallment[], today: string): { aberto: Cents; vencido: Cents } {
  let aberto = 0;
  let vencido = 0;
  for (const p of parcelas) {
    if (p.saldo <= 0) continue;
    aberto += p.saldo;
    if (p.data_vencimento.slice(0, 10) < today) vencido += p.saldo;
  }
  return { aberto, vencido };
}

/** Why a sale putting `valor` (centavos) on the customer's credit breaks the customer's rules on `today`, or null. */
export function customerCreditError(facts: CustomerCreditFacts, valor: Cents, today: string): string | null {
  if (valor <= 0) return null;
  const { aberto, vencido } = openTotals(facts.parcelas_abertas, today);
  if (facts.bloquear_venda_saldo_vencido && vencido > 0) return CUSTOMER_CREDIT_MESSAGES.overdueBlocked(formatMoney(vencido));
  if (facts.valor_vencido_maximo !== null && vencido > facts.valor_vencido_maximo) {
    return CUSTOMER_CREDIT_MESSAGES.overdueAboveMax(formatMoney(vencido), formatMoney(facts.valor_vencido_maximo));
  }
  const max = facts.valor_devedor_maximo;
  if (facts.bloquear_venda_sem_saldo && aberto + valor > (max ?? 0)) {
    return CUSTOMER_CREDIT_MESSAGES.noBalance(formatMoney(Math.max(0, (max ?? 0) - aberto)));
  }
  if (max !== null && aberto + valor > max) {
    return CUSTOMER_CREDIT_MESSAGES.debtAboveMax(formatMoney(aberto), formatMoney(valor), formatMoney(max));
  }
  return null;
}

/** What a sale puts on the customer's credit: its payments by methods the shop collects itself (receivables). */
export function creditOnSale(payments: ReadonlyArray<{ meio_pagamento: Pick<PaymentMethod, 'meio_pagamento' | 'utilizar_parcela'> | null; valor_total: Cents }>): Cents {
  let total = 0;
  for (const p of payments) if (p.meio_pagamento && createsReceivables(p.meio_pagamento)) total += p.valor_total;
  return total;
}
