/** /invoice_item, /invoice_payment and /invoice_referenced: one part of a draft at a time. */
import { invoiceEditError } from '@pdv/domain/invoice-rules';
import type { Tx } from '../../db/database.ts';
import type { Handlers } from '../../http/handlers.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { invoiceLabelItems } from '../catalog/label-reads.ts';
import { insertItem, insertPayment, insertReferenced, recomputeTotals, refuseUnsavedPayment } from './parts.ts';
import * as q from './queries.ts';
import { activeBranch, lockFacts } from './service.ts';

/** Locks a draft of the caller's branch that may still change (not a sale's invoice, never authorized). */
async function editable(tx: Tx, caller: Caller, id: number) {
  const row = await q.findInvoiceRow(tx, caller.id_organization, activeBranch(caller), id, true);
  if (!row) throw notFound();
  const locked = invoiceEditError(lockFacts(row));
  if (locked) throw badRequest(locked);
  return row;
}

/** The invoice a child row belongs to, if it is in the caller's branch. */
async function parentOf(tx: Tx, caller: Caller, table: string, column: string, id: number): Promise<number> {
  const { rows } = await tx.query<{ id_nota_fiscal: number }>(
    `SELECT c.id_nota_fiscal FROM ${table} c JOIN nota_fiscal nf USING (id_organization, id_nota_fiscal)
      WHERE c.id_organization = $1 AND c.${column} = $2 AND nf.id_filial = $3 AND nf.data_exclusao IS NULL`,
    [caller.id_organization, id, activeBranch(caller)],
  );
  if (!rows[0]) throw notFound();
  return rows[0].id_nota_fiscal;
}

async function done(tx: Tx, caller: Caller, id: number) {
  await recomputeTotals(tx, caller.id_organization, id);
  return (await q.loadDetail(tx, caller.id_organization, activeBranch(caller), id))!;
}

export const invoicePartHandlers = {
  invoiceItemPost: async ({ tx, caller, body }) => {
    await editable(tx, caller, body.id_nota_fiscal);
    await insertItem(tx, caller.id_organization, activeBranch(caller), body.id_nota_fiscal, body);
    return done(tx, caller, body.id_nota_fiscal);
  },
  invoiceItemCancel: async ({ tx, caller, body }) => {
    const id = await parentOf(tx, caller, 'nota_fiscal_item', 'id_nota_fiscal_item', body.id_nota_fiscal_item);
    await editable(tx, caller, id);
    await tx.query(
      'UPDATE nota_fiscal_item SET is_cancelado = true, data_alteracao = now() WHERE id_organization = $1 AND id_nota_fiscal_item = $2',
      [caller.id_organization, body.id_nota_fiscal_item],
    );
    return done(tx, caller, id);
  },
  invoiceItemFind: async ({ tx, caller, body }) => {
    const detail = await q.loadDetail(tx, caller.id_organization, activeBranch(caller), body.id_nota_fiscal);
    if (!detail) throw notFound();
    return { rows: detail.itens };
  },
  invoiceItemFindToPrintLabels: async ({ tx, caller, body }) => {
    const labels = await invoiceLabelItems(tx, caller, body.id_nota_fiscal);
    if (!labels) throw notFound();
    return labels;
  },
  invoicePaymentPost: async ({ tx, caller, body }) => {
    if (!body.id_nota_fiscal) refuseUnsavedPayment(body);
    await editable(tx, caller, body.id_nota_fiscal);
    await insertPayment(tx, caller.id_organization, body.id_nota_fiscal, body);
    return done(tx, caller, body.id_nota_fiscal);
  },
  invoicePaymentDelete: async ({ tx, caller, body }) => {
    const id = await parentOf(tx, caller, 'nota_fiscal_pagamento', 'id_nota_fiscal_pagamento', body.id_nota_fiscal_pagamento);
    await editable(tx, caller, id);
    await tx.query('DELETE FROM nota_fiscal_pagamento WHERE id_organization = $1 AND id_nota_fiscal_pagamento = $2',
      [caller.id_organization, body.id_nota_fiscal_pagamento]);
    return done(tx, caller, id);
  },
  invoicePaymentDeleteByInvoice: async ({ tx, caller, body }) => {
    await editable(tx, caller, body.id_nota_fiscal);
    await tx.query('DELETE FROM nota_fiscal_pagamento WHERE id_organization = $1 AND id_nota_fiscal = $2',
      [caller.id_organization, body.id_nota_fiscal]);
    return done(tx, caller, body.id_nota_fiscal);
  },
  invoiceReferencedPost: async ({ tx, caller, body }) => {
    await editable(tx, caller, body.id_nota_fiscal);
    await insertReferenced(tx, caller.id_organization, body.id_nota_fiscal, body);
    return done(tx, caller, body.id_nota_fiscal);
  },
  invoiceReferencedDelete: async ({ tx, caller, body }) => {
    const id = await parentOf(tx, caller, 'nota_fiscal_referenciada', 'id_nota_referenciada', body.id_nota_referenciada);
    await editable(tx, caller, id);
    await tx.query('DELETE FROM nota_fiscal_referenciada WHERE id_organization = $1 AND id_nota_referenciada = $2',
      [caller.id_organization, body.id_nota_referenciada]);
    return done(tx, caller, id);
  },
} satisfies Partial<Handlers>;
