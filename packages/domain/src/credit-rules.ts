/**
 * Where a customer's store credit may come from (001 §3 "Credit history", §5 "Credit on return", §6): a return, for at
 * most what was returned and once (the return mode of POST /api/operacao credits it; the credit modal of 001 §4 may
 * credit an authorized return NF-e made in the back office), or a manager's adjustment with a reason under a
 * supervisor's grant. An invoice of a sale, of another branch, of another customer or not yet authorized credits
 * nothing.
 */
import { AUTHORIZATION_MESSAGES } from './authorization.ts';
import { formatMoney, type Cents } from './money.ts';

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
