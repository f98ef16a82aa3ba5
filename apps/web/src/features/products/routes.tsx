/** The product register's own routes (the list, /products, is the menu entry's screen). */
import { Route } from 'react-router';
import { RequireEntry } from '../auth/RequireEntry.tsx';
import { PRODUCT_PERMISSION, ProductRegisterPage } from './ProductRegisterPage.tsx';

/** Called inside the signed-in layout's <Route>, like orderRoutes(). */
export function productRoutes() {
  return (
    <>
      {['/product/register', '/product/register/:id'].map((path) => (
        <Route
          key={path}
          path={path}
          element={
            <RequireEntry permission={PRODUCT_PERMISSION}>
              <ProductRegisterPage />
            </RequireEntry>
          }
        />
      ))}
    </>
  );
}
