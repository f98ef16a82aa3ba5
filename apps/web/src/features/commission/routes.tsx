/** The commission report's address (the groups' list is the register's, at /commission), guarded by the groups' permission. */
import { Route } from 'react-router';
import { RequireEntry } from '../auth/RequireEntry.tsx';
import { CommissionReportPage } from './CommissionReportPage.tsx';

export function commissionRoutes() {
  return (
    <Route
      path="/commission/report"
      element={
        <RequireEntry permission="FncListarGrupoComissao">
          <CommissionReportPage />
        </RequireEntry>
      }
    />
  );
}
