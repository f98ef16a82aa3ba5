/** The stock document register's own routes and the stock balance (the list, /stockMovement, is the menu entry's screen). */
import { Route } from 'react-router';
import { RequireEntry } from '../auth/RequireEntry.tsx';
import { STOCK_PERMISSION } from './api.ts';
import { StockBalancePage } from './StockBalancePage.tsx';
import { StockMovementRegisterPage } from './StockMovementRegisterPage.tsx';

export function stockRoutes() {
  return [
    ...['/stockMovement/register', '/stockMovement/register/:id'].map((path) => (
      <Route key={path} path={path} element={<RequireEntry permission={STOCK_PERMISSION}><StockMovementRegisterPage key={path} /></RequireEntry>} />
    )),
    <Route key="balance" path="/stockMovement/balance" element={<RequireEntry permission={STOCK_PERMISSION}><StockBalancePage /></RequireEntry>} />,
  ];
}
