/** The invoice screen's own routes (the list, /invoice, is the menu entry's screen). */
import { Route } from 'react-router';
import { RequireEntry } from '../auth/RequireEntry.tsx';
import { INVOICE_PERMISSION } from './situacao.ts';
import { InvoiceRegisterPage } from './register/InvoiceRegisterPage.tsx';

/** Called inside the signed-in layout's <Route> (a function, not a component: <Routes> reads <Route> elements). */
export function invoiceRoutes() {
  return (
    <>
      <Route
        path="/invoice/register"
        element={
          <RequireEntry permission={INVOICE_PERMISSION}>
            <InvoiceRegisterPage key="new" />
          </RequireEntry>
        }
      />
      <Route
        path="/invoice/register/:id"
        element={
          <RequireEntry permission={INVOICE_PERMISSION}>
            <InvoiceRegisterPage />
          </RequireEntry>
        }
      />
    </>
  );
}
