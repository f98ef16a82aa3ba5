import type { ReactNode } from 'react';
import { Route, Routes, useNavigate, useParams } from 'react-router';
import { MAIN_MENU, SETTINGS_MENU, type MenuEntry } from '@pdv/domain/menu';
import { REGISTERS } from '@pdv/contract/registers/index';
import { BranchConfigPage } from './features/admin/BranchConfigPage.tsx';
import { LoginPage } from './features/auth/LoginPage.tsx';
import { RequireAuth } from './features/auth/RequireAuth.tsx';
import { RequireEntry } from './features/auth/RequireEntry.tsx';
import { HomePage } from './features/home/HomePage.tsx';
import { DataImportPage } from './features/import/DataImportPage.tsx';
import { FinancialListPage } from './features/finance/FinancialListPage.tsx';
import { BankConciliationPage } from './features/finance/BankConciliationPage.tsx';
import { BankIntegrationPage } from './features/finance/bank/BankIntegrationPage.tsx';
import { CashFlowPage } from './features/finance/CashFlowPage.tsx';
import { InvoiceListPage } from './features/invoice/InvoiceListPage.tsx';
import { invoiceRoutes } from './features/invoice/routes.tsx';
import { CorrectionListPage, DisablementListPage, SalesReturnListPage } from './features/invoice/fiscalLists/pages.tsx';
import { OrderListPage } from './features/order/OrderListPage.tsx';
import { orderRoutes } from './features/order/routes.tsx';
import { CheckoutPage } from './features/checkout/CheckoutPage.tsx';
import { CashierPage } from './features/cashier/CashierPage.tsx';
import { AppLayout } from './features/layout/AppLayout.tsx';
import { PendingOperationsPage } from './features/outbox/PendingOperationsPage.tsx';
import { PendingPage } from './features/pending/PendingPage.tsx';
import { ProductListPage } from './features/products/ProductListPage.tsx';
import { productRoutes } from './features/products/routes.tsx';
import { RegisterListPage } from './features/registers/RegisterListPage.tsx';
import { StockMovementListPage } from './features/stock/StockMovementListPage.tsx';
import { stockRoutes } from './features/stock/routes.tsx';
import { InventoryListPage } from './features/inventory/InventoryListPage.tsx';
import { inventoryRoutes } from './features/inventory/routes.tsx';
import { commissionRoutes } from './features/commission/routes.tsx';
import { NotAuthorizedPage } from './ui/NotAuthorizedPage.tsx';
import { NotFoundPage } from './ui/NotFoundPage.tsx';
import { PriceReadjustPage } from './features/prices/PriceReadjustPage.tsx';
import { InvoiceImportPage } from './features/fiscal-entry/InvoiceImportPage.tsx';
import { InvoiceEntryListPage } from './features/fiscal-entry/InvoiceEntryListPage.tsx';
import { DestinedInvoicesPage } from './features/fiscal-entry/DestinedInvoicesPage.tsx';
import { SpedPage } from './features/fiscal-entry/SpedPage.tsx';

/** The screens built so far, by the spec's path; every other menu entry is pending. */
const SCREENS: Record<string, () => ReactNode> = {
  '/': () => <HomePage />,
  '/checkout': () => <CheckoutPage />,
  '/operations-pending': () => <PendingOperationsPage />,
  '/invoice': () => <InvoiceListPage />,
  '/invoice/disablements': () => <DisablementListPage />,
  '/invoice/corrections': () => <CorrectionListPage />,
  '/invoice/returns': () => <SalesReturnListPage />,
  '/invoice/import': () => <InvoiceImportPage />,
  '/invoice/entries': () => <InvoiceEntryListPage />,
  '/invoice/destined': () => <DestinedInvoicesPage />,
  '/invoice/sped': () => <SpedPage />,
  '/order': () => <OrderListPage />,
  '/products': () => <ProductListPage />,
  // Every register's list at its menu entry's path (a test checks each has one, not pending, with its permission).
  ...Object.fromEntries(REGISTERS.map((d) => [d.screen.path, () => <RoutedRegisterList key={d.name} descriptor={d} />])),
  // One configuration row per branch: its form, without a list (fixedRows).
  '/branch/config': () => <BranchConfigPage />,
  '/dataImport': () => <DataImportPage />,
  '/cashier': () => <CashierPage />,
  '/documentFinancial': () => <FinancialListPage />,
  '/bankConciliation': () => <BankConciliationPage />,
  '/bankIntegration': () => <BankIntegrationPage />,
  '/cashFlow': () => <CashFlowPage />,
  '/stockMovement': () => <StockMovementListPage />,
  '/inventory': () => <InventoryListPage />,
  '/price-readjust': () => <PriceReadjustPage />,
};

const ENTRIES: MenuEntry[] = [...MAIN_MENU, ...SETTINGS_MENU.flatMap((group) => group.entries)];

function screenOf(entry: MenuEntry): ReactNode {
  const screen = SCREENS[entry.path];
  return screen && !entry.pending ? screen() : <PendingPage title={entry.label} />;
}

const REGISTER_FORMS = REGISTERS.flatMap((d) => {
  const formPath = 'registerPath' in d.screen ? d.screen.registerPath : undefined;
  const entry = ENTRIES.find((e) => e.path === d.screen.path);
  return formPath && entry && !entry.pending ? [{ d, formPath, permission: entry.permission }] : [];
});

/** A register's form at its own address (screen.registerPath: /people/register, /people/register/:id). */
function registerFormRoutes() {
  return REGISTER_FORMS.flatMap(({ d, formPath, permission }) => [
    <Route
      key={formPath}
      path={formPath}
      element={<RequireEntry permission={permission}><RoutedRegisterList key={d.name} descriptor={d} opening="new" /></RequireEntry>}
    />,
    <Route
      key={`${formPath}/:id`}
      path={`${formPath}/:id`}
      element={<RequireEntry permission={permission}><RegisterFormAt descriptor={d} /></RequireEntry>}
    />,
  ]);
}

function RegisterFormAt({ descriptor }: { descriptor: (typeof REGISTERS)[number] }) {
  const { id } = useParams();
  const n = Number(id);
  return Number.isInteger(n) && n > 0 ? <RoutedRegisterList key={descriptor.name} descriptor={descriptor} opening={n} /> : <NotFoundPage />;
}

/** A register's list; one whose form has its own address (screen.registerPath) opens and closes it by navigating. */
function RoutedRegisterList({ descriptor, opening }: { descriptor: (typeof REGISTERS)[number]; opening?: 'new' | number }) {
  const navigate = useNavigate();
  const routed = 'registerPath' in descriptor.screen ? { ...(opening === undefined ? {} : { opening }), go: (path: string) => void navigate(path) } : undefined;
  return <RegisterListPage descriptor={descriptor} {...(routed ? { routed } : {})} />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route
        element={
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        }
      >
        {ENTRIES.map((entry) => (
          <Route
            key={entry.path}
            path={entry.path}
            element={<RequireEntry permission={entry.permission}>{screenOf(entry)}</RequireEntry>}
          />
        ))}
        {registerFormRoutes()}
        {invoiceRoutes()}
        {orderRoutes()}
        {productRoutes()}
        {stockRoutes()}
        {inventoryRoutes()}
        {commissionRoutes()}
        <Route path="/not-authorized" element={<NotAuthorizedPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
