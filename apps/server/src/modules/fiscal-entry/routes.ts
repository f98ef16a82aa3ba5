/**
 * Routes of the fiscal entry (contract purchase-import.ts): permission and branch scope come from the route table;
 * every query is scoped by the caller's organization and active branch.
 */
import type { Handlers } from '../../http/handlers.ts';
import * as svc from './purchase-import.ts';
import { generateSped } from './sped.ts';
import { destinedDetail, downloadDestined, findDestined, manifestDestined, queryDistribution } from './destined.ts';

export const fiscalEntryHandlers = {
  invoiceImportPreview: ({ tx, caller, body }) => svc.previewImport(tx, caller, body),
  invoiceImportConfirm: ({ tx, caller, body }) => svc.confirmImport(tx, caller, body),
  invoiceImportFind: ({ tx, caller, body }) => svc.findImports(tx, caller, body),
  invoiceImportFindById: ({ tx, caller, body }) => svc.importDetail(tx, caller, body.id_nota_fiscal_entrada),
  destinedInvoiceFind: ({ tx, caller, body }) => findDestined({ tx, org: caller.id_organization, id_filial: caller.id_filial }, body),
  destinedInvoiceFindById: ({ tx, caller, body }) => destinedDetail({ tx, org: caller.id_organization, id_filial: caller.id_filial }, body.id_nfe_destinada),
  destinedInvoiceQuery: (ctx) => queryDistribution(ctx),
  destinedInvoiceManifest: (ctx) => manifestDestined(ctx),
  destinedInvoiceDownload: (ctx) => downloadDestined(ctx),
  fiscalSped: (ctx) => generateSped(ctx),
} satisfies Partial<Handlers>;
