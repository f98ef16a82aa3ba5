/** The inventory's own routes (the list, /inventory, is the menu entry's screen): the counting screen. */
import { Route } from 'react-router';
import { RequireEntry } from '../auth/RequireEntry.tsx';
import { INVENTORY_PERMISSION } from './api.ts';
import { InventoryCountPage } from './InventoryCountPage.tsx';

export function inventoryRoutes() {
  return [
    <Route key="/inventory/count/:id" path="/inventory/count/:id" element={<RequireEntry permission={INVENTORY_PERMISSION}><InventoryCountPage /></RequireEntry>} />,
  ];
}
