/**
 * What the order screen reads from the local copy (000 §3.1): the invoice screen's context (stock addresses, fiscal
 * scenarios, payment methods, installment plans, accounts, defaults) plus the sellers and card operators.
 */
import type { LocalRow, LocalCopy } from '../../db/localCopy.ts';
import { loadSellers, textOf, type Seller } from '../checkout/catalog.ts';
import { EMPTY_CONTEXT, loadInvoiceContext, type InvoiceContext } from '../invoice/localData.ts';

export interface OrderContext extends InvoiceContext {
  sellers: Seller[];
  operators: Array<{ value: string; label: string }>;
}

export const EMPTY_ORDER_CONTEXT: OrderContext = { ...EMPTY_CONTEXT, sellers: [], operators: [] };

const live = (row: LocalRow) => !row['data_exclusao'] && (row['situacao'] === undefined || row['situacao'] === 'Ativo');

export async function loadOrderContext(db: LocalCopy, idFilial: number): Promise<OrderContext> {
  const [base, sellers, operators] = await Promise.all([
    loadInvoiceContext(db, idFilial),
    loadSellers(db, idFilial),
    db.rows('card_operator').toArray(),
  ]);
  return {
    ...base,
    sellers,
    operators: operators
      .filter(live)
      .map((o) => ({ value: String(o['id_operadora_cartao']), label: textOf(o, 'descricao') || textOf(o, 'nome') }))
      .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR')),
  };
}
