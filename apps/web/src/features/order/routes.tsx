/** The order screen's own routes (the list, /order, is the menu entry's screen). */
import { Route } from 'react-router';
import { RequireEntry } from '../auth/RequireEntry.tsx';
import { OrderRegisterPage } from './register/OrderRegisterPage.tsx';
import { ORDER_PERMISSION } from './situacao.ts';

/**
 * Called inside the signed-in layout's <Route> (a function, not a component: <Routes> reads <Route> elements).
 * /operation-order is the spec's name of the order editor (000 §2); it opens the same editor under its own path.
 */
export function orderRoutes() {
  return (
    <>
      {['/operation-order', '/operation-order/:id'].map((path) => (
        <Route
          key={path}
          path={path}
          element={
            <RequireEntry permission={ORDER_PERMISSION}>
              <OrderRegisterPage />
            </RequireEntry>
          }
        />
      ))}
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
