/**
 * The invoice editor's paths: /invoice/register and its spec name /operation-invoice (000 §2). /operation-invoice keeps
 * its own path once the invoice is saved: the socket `process` rule tells it apart (an operation being edited there
 * stays in edit when a report with errors comes, outbox/processEvent.ts), as /operation-order does for orders.
 */
export const INVOICE_EDITOR_PATHS = ['/invoice/register', '/operation-invoice'] as const;

export function invoiceEditorPath(pathname: string, id_nota_fiscal?: number): string {
  const base = /^\/operation-invoice(\/|$)/.test(pathname) ? '/operation-invoice' : '/invoice/register';
  return id_nota_fiscal === undefined ? base : `${base}/${id_nota_fiscal}`;
}
