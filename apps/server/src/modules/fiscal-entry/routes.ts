/**
 * Routes of the fiscal entry (contract purchase-import.ts): permission and branch scope come from the route table;
 * every query is scoped by the caller's organization and active branch.
 */
import type { Handlers } from '../../http/handlers.ts';
import * as svc from './purchase-import.ts';

export const fiscalEntryHandlers = {
  invoiceImportPreview: ({ tx, caller, body }) => svc.previewImport(tx, caller, body),
  invoiceImportConfirm: ({ tx, caller, body }) => svc.confirmImport(tx, caller, body),
  invoiceImportFind: ({ tx, caller, body }) => svc.findImports(tx, caller, body),
  invoiceImportFindById: ({ tx, caller, body }) => svc.importDetail(tx, caller, body.id_nota_fiscal_entrada),
} satisfies Partial<Handlers>;
