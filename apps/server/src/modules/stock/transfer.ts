/**
 * Transfers between branches of one organization (issue 22, docs/decisions.md "Transfers between branches"). A stock
 * document of kind Transferencia naming a destination branch is processed in three steps, because its transfer NF-e
 * must reach SEFAZ outside any transaction:
 * 1. `prepareTransfer` (a short transaction): the document is pending, its destination is a live branch of the same
 *    organization with a stock address and each variation, and the origin's stock covers it under the origin's
 *    controla_estoque_negativo (the movements are tried in a savepoint and rolled back); then the transfer NF-e draft
 *    is made or refreshed by the fiscal module (`TransferInvoicing`, wired in app.ts: the fiscal module imports this
 *    one) and linked to the document.
 * 2. The NF-e is transmitted. Not authorized: the document stays pending with no movement, the refusal is answered.
 * 3. `finishTransfer` (through moveDocument, in another transaction): the goods leave the origin branch and enter the
 *    destination branch's sale address (movements of both branches point at the document), and it is processed.
 * A processed transfer is undone by `reverseTransfer` once its NF-e is cancelled: a counter-document in the origin
 * branch (documents.ts) whose movements are the counter-movements of both branches (the destination's under its own
 * negative-stock control). It needs no NF-e of its own: the cancelled NF-e says the goods never left, fiscally.
 */
import { STOCK_DOCUMENT_MESSAGES as M, movementsOf, transition, validateItems, type StockDocumentItem } from '@pdv/domain/stock-document';
import { ValidationError } from '@pdv/domain/errors';
import { fromDecimal, quantityFromDecimal } from '@pdv/domain/money';
import type { Tx } from '../../db/database.ts';
import type { Deps } from '../../http/handlers.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { findSaleConfig } from '../settings/queries.ts';
import * as q from './document-queries.ts';
import type { EntryCostBook } from './documents.ts';
import { documentReversal, moveDocumentStock } from './service.ts';

export interface Actor extends q.Scope {
  id_usuario: number;
}

export interface TransferInvoiceLine {
  id_produto_grade_filial: number;
  id_endereco_estoque: number;
  /** Decimal strings as the document stores them. */
  quantidade: string;
  valor_unitario: string;
}

/** The fiscal module's side of a transfer: its NF-e (fiscal/transfer-invoice.ts). */
export interface TransferInvoicing {
  /** In the caller's transaction: makes the transfer NF-e draft, or refreshes the linked one not yet sent; its id. */
  draft(tx: Tx, a: Actor, t: { id_filial_destino: number; id_nota_fiscal: number | null; observacao: string | null; lines: TransferInvoiceLine[] }): Promise<number>;
  /** Outside any transaction: transmits it and says whether SEFAZ authorized it, with the fiscal module's message. */
  transmit(deps: Pick<Deps, 'db' | 'fiscal'>, a: Actor, id_nota_fiscal: number): Promise<{ authorized: boolean; message: string }>;
}

const SENT = new Set(['Autorizada', 'EmProcessamento', 'Contingencia']);

function refuse(e: unknown): never {
  if (e instanceof ValidationError) throw badRequest(e.message, undefined, e.field ? [`${e.field}: ${e.message}`] : undefined);
  throw e;
}

function itemsOf(rows: q.ItemRow[]): StockDocumentItem[] {
  return rows.map((r) => ({
    id_produto_grade_filial: r.id_produto_grade_filial, id_endereco_estoque: r.id_endereco_estoque, id_endereco_estoque_destino: null,
    quantidade: quantityFromDecimal(r.quantidade), valor_unitario: fromDecimal(r.valor_unitario),
  }));
}

/** The destination branch, its address and the destination variation of each line; refuses what it lacks. */
async function destinationOf(tx: Tx, a: Actor, id_filial_destino: number, rows: q.ItemRow[]) {
  const branch = await q.findBranch(tx, a.org, id_filial_destino);
  if (!branch) throw badRequest(M.branchNotFound);
  if (branch.id_endereco_estoque === null) throw badRequest(M.destinationBranchNoAddress);
  const map = await q.destinationVariations(tx, a.org, id_filial_destino, rows.map((r) => r.id_produto_grade_filial));
  const items: StockDocumentItem[] = rows.map((r) => {
    const destino = map.get(r.id_produto_grade_filial);
    if (destino === undefined) throw badRequest(M.variationNotInDestination(`${r.descricao} ${r.variacao}`.trim()));
    return {
      id_produto_grade_filial: destino, id_endereco_estoque: branch.id_endereco_estoque, id_endereco_estoque_destino: null,
      quantidade: quantityFromDecimal(r.quantidade), valor_unitario: fromDecimal(r.valor_unitario),
    };
  });
  return { branch, items };
}

const originCtx = (a: Actor, doc: q.DocumentRow) => ({
  org: a.org, id_filial: a.id_filial, id_usuario: a.id_usuario, id_documento_estoque: doc.id_documento_estoque,
  id_tipo_movimentacao_estoque: doc.id_tipo_movimentacao_estoque,
});

/**
 * Step 1. Answers the transfer NF-e to transmit, or null when the document is not a transfer between branches (it is
 * processed in one transaction as before).
 */
export async function prepareTransfer(tx: Tx, a: Actor, id: number, invoicing: TransferInvoicing): Promise<number | null> {
  const doc = await q.findDocument(tx, a, id, true);
  if (!doc) throw notFound();
  if (doc.id_filial_destino === null) return null;
  try {
    transition(doc.situacao, 'process');
  } catch (e) {
    refuse(e);
  }
  const rows = await q.findItems(tx, a, id);
  try {
    validateItems('Transferencia', itemsOf(rows), true);
  } catch (e) {
    refuse(e);
  }
  await destinationOf(tx, a, doc.id_filial_destino, rows);
  // Does the origin's stock cover it? The very movements are tried and rolled back (kits, reservations, the setting).
  const { controla_estoque_negativo } = await findSaleConfig(tx, a.org, a.id_filial);
  await tx.query('SAVEPOINT transfer_stock_check');
  try {
    await moveDocumentStock(tx, originCtx(a, doc), movementsOf('Saida', itemsOf(rows), false), controla_estoque_negativo, 'DocumentoEstoque', true);
  } finally {
    await tx.query('ROLLBACK TO SAVEPOINT transfer_stock_check');
  }
  const id_nota_fiscal = await invoicing.draft(tx, a, {
    id_filial_destino: doc.id_filial_destino, id_nota_fiscal: doc.id_nota_fiscal, observacao: doc.observacao,
    lines: rows.map((r) => ({ id_produto_grade_filial: r.id_produto_grade_filial, id_endereco_estoque: r.id_endereco_estoque,
      quantidade: r.quantidade, valor_unitario: r.valor_unitario })),
  });
  if (id_nota_fiscal !== doc.id_nota_fiscal) await q.linkInvoice(tx, a, id, id_nota_fiscal);
  return id_nota_fiscal;
}

/**
 * Step 3 (the document locked and pending): the NF-e is authorized, so the goods left. Out of the origin, into the
 * destination's address. No negative-stock refusal here: step 1 checked the origin before the NF-e went out, and once
 * SEFAZ authorized it the goods are on their way (as an authorized sale invoice takes its stock).
 */
export async function finishTransfer(tx: Tx, a: Actor, doc: q.DocumentRow, costs: EntryCostBook): Promise<void> {
  if (doc.id_filial_destino === null) return;
  if (doc.situacao_nota_fiscal !== 'Autorizada') throw badRequest(M.transferInvoiceRejected(''));
  const rows = await q.findItems(tx, a, doc.id_documento_estoque);
  const { items } = await destinationOf(tx, a, doc.id_filial_destino, rows);
  // An entry at the destination: its average cost takes the goods at the line's unit value, or, without one, at the
  // origin's average cost (what they cost the shop), before the destination's stock grows.
  const origin = await q.averageCosts(tx, a.org, a.id_filial, rows.map((r) => r.id_produto_grade_filial));
  await costs(tx, { org: a.org, id_filial: doc.id_filial_destino }, items.map((item, i) => ({
    id_produto_grade_filial: item.id_produto_grade_filial,
    quantidade: item.quantidade,
    valor_unitario: item.valor_unitario > 0 ? item.valor_unitario : fromDecimal(origin.get(rows[i]!.id_produto_grade_filial) ?? '0'),
  })));
  await moveDocumentStock(tx, originCtx(a, doc), movementsOf('Saida', itemsOf(rows), false), false, 'DocumentoEstoque', true);
  await moveDocumentStock(tx, { ...originCtx(a, doc), id_filial: doc.id_filial_destino }, movementsOf('Entrada', items, false), false, 'DocumentoEstoque', true);
}

/**
 * Cancelling a transfer between branches: pending, only while its NF-e is not out; processed, once it is cancelled
 * (`checkOnly`: only that check, before the counter-document is made). The counter-movements of a processed one name
 * its counter-document (`id_counter`, documents.ts reverseByCounterDocument).
 */
export async function reverseTransfer(tx: Tx, a: Actor, doc: q.DocumentRow, id_counter: number | null, checkOnly = false): Promise<void> {
  if (doc.id_filial_destino === null) return;
  const nf = doc.situacao_nota_fiscal;
  if (doc.situacao === 0) {
    if (nf !== null && SENT.has(nf)) throw badRequest(M.transferInvoiceNotCancelled(doc.numero_nota_fiscal));
    return;
  }
  if (nf !== 'Cancelada') throw badRequest(M.transferInvoiceNotCancelled(doc.numero_nota_fiscal));
  if (checkOnly || id_counter === null) return;
  const { controla_estoque_negativo } = await findSaleConfig(tx, a.org, doc.id_filial_destino);
  const origin = { ...originCtx(a, doc), id_documento_estoque: id_counter };
  const dest = { ...origin, id_filial: doc.id_filial_destino };
  await moveDocumentStock(tx, dest, await documentReversal(tx, a.org, doc.id_documento_estoque, doc.id_filial_destino),
    controla_estoque_negativo, 'EstornoDocumentoEstoque', false);
  await moveDocumentStock(tx, origin, await documentReversal(tx, a.org, doc.id_documento_estoque, a.id_filial),
    false, 'EstornoDocumentoEstoque', false);
}
