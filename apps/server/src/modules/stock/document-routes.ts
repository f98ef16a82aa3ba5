/**
 * Routes of the stock documents and the stock balance (contract stock-document.ts): permission and branch scope come
 * from the route table; every query is scoped by the caller's organization and active branch.
 */
import { STOCK_DOCUMENT_MESSAGES as M } from '@pdv/domain/stock-document';
import { badRequest } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import type { Caller } from '../auth/caller.ts';
import * as svc from './documents.ts';
import { findDocuments } from './document-queries.ts';
import { prepareTransfer, type TransferInvoicing } from './transfer.ts';

const actor = (c: Caller): svc.Actor => ({ org: c.id_organization, id_filial: c.id_filial, id_usuario: c.id_usuario });

/**
 * The handlers, given how entries keep the average cost (the catalog's) and how a transfer between branches gets its
 * NF-e (the fiscal module's), both wired in app.ts. Processing runs outside the request transaction
 * (OUTSIDE_TRANSACTION): a transfer between branches transmits its NF-e between two short transactions (transfer.ts).
 */
export const stockDocumentHandlersWith = (costs: svc.EntryCostBook, invoicing: TransferInvoicing) => ({
  stockMovementFind: async ({ tx, caller, body }) => {
    const { rows, count } = await findDocuments(tx, actor(caller), { search: body.search, ...body.filter }, body);
    return { rows: rows.map(svc.documentOut), count };
  },
  stockMovementFindById: ({ tx, caller, body }) => svc.detail(tx, actor(caller), body.id_documento_estoque),
  stockMovementCreate: ({ tx, caller, body }) => svc.createDocument(tx, actor(caller), body),
  stockMovementUpdate: ({ tx, caller, body }) => {
    const { id_documento_estoque, ...rest } = body;
    return svc.updateDocument(tx, actor(caller), id_documento_estoque, rest);
  },
  stockMovementDelete: ({ tx, caller, body }) => svc.deleteDocument(tx, actor(caller), body.id_documento_estoque),
  stockMovementProcess: async (ctx) => {
    const a = actor(ctx.caller);
    const id = ctx.body.id_documento_estoque;
    const id_nota_fiscal = await ctx.run((tx) => prepareTransfer(tx, a, id, invoicing));
    if (id_nota_fiscal !== null) {
      const sent = await invoicing.transmit(ctx.deps, a, id_nota_fiscal);
      if (!sent.authorized) throw badRequest(M.transferInvoiceRejected(sent.message));
    }
    return ctx.run((tx) => svc.moveDocument(tx, a, id, 'process', costs));
  },
  stockMovementCancel: ({ tx, caller, body }) => svc.moveDocument(tx, actor(caller), body.id_documento_estoque, 'cancel', costs),
  stockMovementSearchProduct: ({ tx, caller, body }) => svc.searchProducts(tx, actor(caller), body.search),
  stockBalance: ({ tx, caller, body }) => svc.balance(tx, actor(caller), caller.branches.map((b) => b.id_filial), body),
  stockReport: ({ tx, caller, body }) => svc.report(tx, actor(caller), body),
}) satisfies Partial<Handlers>;
