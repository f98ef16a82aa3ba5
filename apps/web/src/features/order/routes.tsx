/** The order screen's own routes (the list, /order, is the menu entry's screen). */
import { Route } from 'react-router';
import { RequireEntry } from '../auth/RequireEntry.tsx';
import { OrderRegisterPage } from './register/OrderRegisterPage.tsx';
import { ORDER_PERMISSION } from './situacao.ts';

/** Called inside the signed-in layout's <Route> (a function, not a component: <Routes> reads <Route> elements). */
export function orderRoutes() {
  return (
    <>
      <Route
        path="/order/register"
        element={
          <RequireEntry permission={ORDER_PERMISSION}>
            <OrderRegisterPage />
          </RequireEntry>
        }
      />
      <Route
        path="/order/register/:id"
        element={
          <RequireEntry permission={ORDER_PERMISSION}>
            <OrderRegisterPage />
          </RequireEntry>
        }
      />
    </>
  );
}
