/** The invoice screen's own routes (the list, /invoice, is the menu entry's screen). */
import { Route } from 'react-router';
import { RequireEntry } from '../auth/RequireEntry.tsx';
import { INVOICE_PERMISSION } from './situacao.ts';
import { INVOICE_EDITOR_PATHS } from './editorPath.ts';
import { InvoiceRegisterPage } from './register/InvoiceRegisterPage.tsx';

/**
 * Called inside the signed-in layout's <Route> (a function, not a component: <Routes> reads <Route> elements).
 * /operation-invoice is the spec's name of the invoice editor (000 §2); it opens the same editor under its own path.
 */
export function invoiceRoutes() {
  return (
    <>
      {INVOICE_EDITOR_PATHS.flatMap((base) => [
        <Route
          key={base}
          path={base}
          element={
            <RequireEntry permission={INVOICE_PERMISSION}>
              <InvoiceRegisterPage key="new" />
            </RequireEntry>
          }
        />,
        <Route
          key={`${base}/:id`}
          path={`${base}/:id`}
          element={
            <RequireEntry permission={INVOICE_PERMISSION}>
              <InvoiceRegisterPage />
            </RequireEntry>
          }
        />,
      ])}
    </>
  );
}
