/**
 * Stock documents of the active branch (001 §3, 002 §2 /stockMovement): a draft (situacao 0) is saved, edited and
 * deleted freely; processing moves its stock through the stock owner (moveDocumentStock) and marks it processed in
 * the request's transaction, exactly once (the document row is locked first, so a second processing waits and is
 * then refused); a processed document is never edited, only cancelled, which creates its counter-document once (a new
 * document of the opposite kind, processed, carrying the opposite movements, linked both ways; `reverseByCounterDocument`).
 * The rules (kinds, items, totals, movements, states) are packages/domain's stock-document.ts; this file adds what only
 * the server knows: the rows of the branch, its negative-stock setting, the clock.
 */
import type { z } from 'zod';
import type { stockDocumentCreateBody } from '@pdv/contract/stock-document';
import { ValidationError } from '@pdv/domain/errors';
import { fromDecimal, quantityFromDecimal, quantityToDecimal, quantityToDecimalString, toDecimalString, type Cents, type Milli } from '@pdv/domain/money';
import { localDate } from '@pdv/domain/period';
import { checkDestinationBranch } from '@pdv/domain/stock-transfer';
import {
  counterDocument, documentKind, documentTotals, itemTotal, movementsOf, STOCK_DOCUMENT_MESSAGES as M, transition, validateItems,
  reversalLink, type StockDocumentAction, type StockDocumentItem, type StockDocumentKind,
} from '@pdv/domain/stock-document';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { findSaleConfig } from '../settings/queries.ts';
import * as q from './document-queries.ts';
import { documentReversal, moveDocumentStock } from './service.ts';
import { finishTransfer, reverseTransfer } from './transfer.ts';

type Input = z.output<typeof stockDocumentCreateBody>;

/** An entry's line with its unit cost (centavos, 0 = not informed), for the average cost. */
export interface EntryCostLine {
  id_produto_grade_filial: number;
  quantidade: Milli;
  valor_unitario: Cents;
}

/**
 * Keeps the variations' average cost on entries (the catalog's applyEntryAverageCost, wired in app.ts: the catalog owns
 * produto_grade_filial and imports this module). Called before the entry's movements are written, in its transaction.
 */
export type EntryCostBook = (tx: Tx, scope: { org: number; id_filial: number }, lines: readonly EntryCostLine[]) => Promise<void>;
export interface Actor extends q.Scope {
  id_usuario: number;
}

/** A refusal of the domain, answered 400 with the field it names (the screen marks the line). */
function refuse(e: unknown): never {
  if (e instanceof ValidationError) throw badRequest(e.message, undefined, e.field ? [`${e.field}: ${e.message}`] : undefined);
  throw e;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export async function detail(tx: Tx, s: q.Scope, id: number) {
  const d = await q.findDocument(tx, s, id);
  if (!d) throw notFound();
  const itens = await q.findItems(tx, s, id);
  return {
    ...documentOut(d),
    itens: itens.map((i) => ({
      ...i,
      quantidade: Number(i.quantidade), valor_unitario: Number(i.valor_unitario), valor_total: Number(i.valor_total),
    })),
  };
}

export function documentOut(d: q.DocumentRow) {
  return {
    ...d,
    quantidade_total: Number(d.quantidade_total),
    valor_total: Number(d.valor_total),
    data_hora_cadastro: new Date(d.data_hora_cadastro).toISOString(),
    data_processamento: iso(d.data_processamento),
    data_cancelamento: iso(d.data_cancelamento),
    vinculo_estorno: reversalLink(d),
  };
}

/** A document line as documento_estoque_item holds it, with the valuation of its movement type. */
function itemRow(i: StockDocumentItem, tipo_valoracao: string): q.ItemValues {
  return {
    id_produto_grade_filial: i.id_produto_grade_filial,
    id_endereco_estoque: i.id_endereco_estoque ?? 0,
    id_endereco_estoque_destino: i.id_endereco_estoque_destino,
    quantidade: quantityToDecimalString(i.quantidade),
    valor_unitario: toDecimalString(i.valor_unitario),
    valor_total: toDecimalString(itemTotal(i)),
    tipo_valoracao,
  };
}

/** The header and items as the tables hold them, after the domain's checks and the branch's rows are confirmed. */
async function prepare(tx: Tx, a: Actor, body: Input): Promise<{ header: q.HeaderValues; items: q.ItemValues[] }> {
  const type = await q.findType(tx, a.org, body.id_tipo_movimentacao_estoque);
  if (!type) throw badRequest(M.typeNotFound, undefined, [`id_tipo_movimentacao_estoque: ${M.typeNotFound}`]);
  if (type.situacao !== 'Ativo') throw badRequest(M.typeInactive, undefined, [`id_tipo_movimentacao_estoque: ${M.typeInactive}`]);
  const kind: StockDocumentKind = documentKind(type);
  const toBranch = body.id_filial_destino !== null;
  const items: StockDocumentItem[] = body.itens.map((i) => ({
    id_produto_grade_filial: i.id_produto_grade_filial,
    id_endereco_estoque: i.id_endereco_estoque,
    id_endereco_estoque_destino: i.id_endereco_estoque_destino,
    quantidade: quantityFromDecimal(i.quantidade),
    valor_unitario: fromDecimal(i.valor_unitario),
  }));
  try {
    if (toBranch && kind !== 'Transferencia') throw new ValidationError(M.destinationNotTransfer, 'id_filial_destino');
    if (body.id_filial_destino !== null) checkDestinationBranch(a.id_filial, body.id_filial_destino);
    validateItems(kind, items, toBranch);
  } catch (e) {
    refuse(e);
  }
  // The destination must be a live branch of the caller's organization: another's id is simply not found.
  if (body.id_filial_destino !== null && !(await q.findBranch(tx, a.org, body.id_filial_destino))) {
    throw badRequest(M.branchNotFound, undefined, [`id_filial_destino: ${M.branchNotFound}`]);
  }
  const addresses = await q.liveAddresses(tx, a, items.flatMap((i) => [i.id_endereco_estoque ?? 0, i.id_endereco_estoque_destino ?? 0]).filter((x) => x > 0));
  const variations = await q.liveVariations(tx, a, items.map((i) => i.id_produto_grade_filial));
  items.forEach((i, n) => {
    if (!variations.has(i.id_produto_grade_filial)) throw badRequest(M.variationNotFound, undefined, [`itens.${n}.id_produto_grade_filial: ${M.variationNotFound}`]);
    if (!addresses.has(i.id_endereco_estoque ?? 0)) throw badRequest(M.addressNotFound, undefined, [`itens.${n}.id_endereco_estoque: ${M.addressNotFound}`]);
    if (i.id_endereco_estoque_destino !== null && !addresses.has(i.id_endereco_estoque_destino)) {
      throw badRequest(M.addressNotFound, undefined, [`itens.${n}.id_endereco_estoque_destino: ${M.addressNotFound}`]);
    }
  });
  const totals = documentTotals(items);
  return {
    header: {
      id_tipo_movimentacao_estoque: body.id_tipo_movimentacao_estoque,
      operacao: kind,
      tipo_destino: kind !== 'Transferencia' ? null : toBranch ? 'Filial' : 'Endereco',
      id_filial_destino: body.id_filial_destino,
      descricao: body.descricao || null,
      observacao: body.observacao || null,
      data_documento: body.data_documento ?? localDate(new Date()),
      quantidade_total: quantityToDecimalString(totals.quantidade_total),
      valor_total: toDecimalString(totals.valor_total),
    },
    items: items.map((i) => itemRow(i, type.tipo_valoracao)),
  };
}

export async function createDocument(tx: Tx, a: Actor, body: Input) {
  const { header, items } = await prepare(tx, a, body);
  const id = await q.insertDocument(tx, a, a.id_usuario, header);
  await q.replaceItems(tx, a, id, items);
  return detail(tx, a, id);
}

/** Loads the document locked, and checks the action is allowed from its state. */
async function lockFor(tx: Tx, s: q.Scope, id: number, action: StockDocumentAction) {
  const d = await q.findDocument(tx, s, id, true);
  if (!d) throw notFound();
  try {
    return { doc: d, step: transition(d.situacao, action) };
  } catch (e) {
    refuse(e);
  }
}

export async function updateDocument(tx: Tx, a: Actor, id: number, body: Input) {
  await lockFor(tx, a, id, 'edit');
  const { header, items } = await prepare(tx, a, body);
  await q.updateDocument(tx, a, id, header);
  await q.replaceItems(tx, a, id, items);
  return detail(tx, a, id);
}

export async function deleteDocument(tx: Tx, a: Actor, id: number) {
  await lockFor(tx, a, id, 'delete');
  await q.deleteDocument(tx, a, id);
  return { id_documento_estoque: id };
}

/**
 * Cancelling a processed document (the caller holds its row lock): its counter-document is inserted, processed, with
 * the opposite kind and the same items and costs (`counterDocument`), and the movements that undo exactly what the
 * original's movements did (its own movements replayed reversed, so a kit whose components changed since is undone as
 * it was moved) are written naming the counter-document, under the branch's controla_estoque_negativo: a reversal that
 * would go negative is refused ("Estoque insuficiente") and the request's transaction writes nothing. A transfer
 * between branches is reversed only once its NF-e is cancelled (reverseTransfer), in both branches. Answers the
 * counter-document's id.
 */
async function reverseByCounterDocument(tx: Tx, a: Actor, doc: q.DocumentRow): Promise<number> {
  const toBranch = doc.id_filial_destino !== null;
  if (toBranch) await reverseTransfer(tx, a, doc, null, true);
  const rows = await q.findItems(tx, a, doc.id_documento_estoque);
  const valuations = await q.itemValuations(tx, a, doc.id_documento_estoque);
  let counter: ReturnType<typeof counterDocument>;
  try {
    counter = counterDocument(doc.operacao, rows.map((r) => ({
      id_produto_grade_filial: r.id_produto_grade_filial, id_endereco_estoque: r.id_endereco_estoque,
      id_endereco_estoque_destino: r.id_endereco_estoque_destino, quantidade: quantityFromDecimal(r.quantidade), valor_unitario: fromDecimal(r.valor_unitario),
    })), toBranch);
  } catch (e) {
    refuse(e);
  }
  const id = await q.insertCounterDocument(tx, a, a.id_usuario, {
    id_tipo_movimentacao_estoque: doc.id_tipo_movimentacao_estoque,
    operacao: counter.operacao,
    tipo_destino: doc.tipo_destino,
    id_filial_destino: doc.id_filial_destino,
    descricao: M.reversalOf(doc.id_documento_estoque),
    observacao: doc.observacao,
    data_documento: localDate(new Date()),
    quantidade_total: doc.quantidade_total,
    valor_total: doc.valor_total,
  }, doc.id_documento_estoque);
  await q.replaceItems(tx, a, id, counter.items.map((i, n) => itemRow(i, valuations.get(rows[n]!.ordem) ?? 'Custo')));
  if (toBranch) {
    await reverseTransfer(tx, a, doc, id);
  } else {
    const ctx = { org: a.org, id_filial: a.id_filial, id_usuario: a.id_usuario, id_documento_estoque: id, id_tipo_movimentacao_estoque: doc.id_tipo_movimentacao_estoque };
    const { controla_estoque_negativo } = await findSaleConfig(tx, a.org, a.id_filial);
    await moveDocumentStock(tx, ctx, await documentReversal(tx, a.org, doc.id_documento_estoque, a.id_filial), controla_estoque_negativo,
      'EstornoDocumentoEstoque', false);
  }
  return id;
}

/**
 * Processes (forward movements) or cancels the document (a processed one through its counter-document). Processing an entry
 * first updates the variations' average cost (`costs`) from the stock before it. A kit's line moves its components
 * (the stock owner expands it). Cancelling replays the document's own movements reversed, so it undoes exactly what
 * processing did even when a kit's components changed since.
 */
export async function moveDocument(tx: Tx, a: Actor, id: number, action: 'process' | 'cancel', costs: EntryCostBook) {
  const { doc, step } = await lockFor(tx, a, id, action);
  if (action === 'cancel' && doc.id_documento_estornado !== null) refuse(new ValidationError(M.counterNotCancellable(doc.id_documento_estornado)));
  if (step.moves === 'reverse') {
    const counter = await reverseByCounterDocument(tx, a, doc);
    await q.markReversed(tx, a, id, a.id_usuario, counter);
    return detail(tx, a, id);
  }
  if (doc.id_filial_destino !== null) {
    if (action === 'process') await finishTransfer(tx, a, doc, costs);
    else await reverseTransfer(tx, a, doc, null);
  } else if (step.moves !== 'none') {
    const ctx = { org: a.org, id_filial: a.id_filial, id_usuario: a.id_usuario, id_documento_estoque: id, id_tipo_movimentacao_estoque: doc.id_tipo_movimentacao_estoque };
    const { controla_estoque_negativo } = await findSaleConfig(tx, a.org, a.id_filial);
    const rows = await q.findItems(tx, a, id);
    const items: StockDocumentItem[] = rows.map((r) => ({
      id_produto_grade_filial: r.id_produto_grade_filial, id_endereco_estoque: r.id_endereco_estoque,
      id_endereco_estoque_destino: r.id_endereco_estoque_destino, quantidade: quantityFromDecimal(r.quantidade), valor_unitario: fromDecimal(r.valor_unitario),
    }));
    try {
      validateItems(doc.operacao, items);
    } catch (e) {
      refuse(e);
    }
    if (doc.operacao === 'Entrada') await costs(tx, a, items);
    await moveDocumentStock(tx, ctx, movementsOf(doc.operacao, items, false), controla_estoque_negativo, 'DocumentoEstoque', true);
  }
  await q.setSituation(tx, a, id, a.id_usuario, step.next === 1 ? 1 : 2);
  return detail(tx, a, id);
}

export async function searchProducts(tx: Tx, s: q.Scope, search: string) {
  const rows = await q.searchVariations(tx, s, search);
  return { rows: rows.map((r) => ({ ...r, preco_custo: Number(r.preco_custo) })) };
}

/**
 * The balance of the active branch, of another branch the user may work in (`id_filial`) or of all of them
 * (`todas_filiais`): `branches` are the caller's (the branches of its profiles); any other id, another organization's
 * included, is refused before anything is read.
 */
export async function balance(
  tx: Tx, s: q.Scope, branches: readonly number[],
  body: { search: string; skip: number; take: number; filter: { id_endereco_estoque?: number | undefined; id_produto_grade_filial?: number | undefined;
    id_filial?: number | undefined; todas_filiais?: boolean | undefined } },
) {
  const { id_filial, todas_filiais, ...filter } = body.filter;
  if (id_filial !== undefined && !branches.includes(id_filial)) throw badRequest(M.branchNotAllowed, undefined, [`id_filial: ${M.branchNotAllowed}`]);
  const scope = todas_filiais === true ? [...branches] : [id_filial ?? s.id_filial];
  const { rows, count } = await q.findBalance(tx, s.org, scope, { search: body.search, ...filter }, body);
  return {
    rows: rows.map((r) => {
      const quantidade = quantityFromDecimal(r.quantidade);
      const reserva = quantityFromDecimal(r.quantidade_reserva);
      return { ...r, quantidade: quantityToDecimal(quantidade), quantidade_reserva: quantityToDecimal(reserva), disponivel: quantityToDecimal(quantidade - reserva) };
    }),
    count,
  };
}

/** The stock report's lines (002 §9): the position now, which is the end of today's (no movement is dated ahead). */
export async function report(tx: Tx, s: q.Scope, body: { id_endereco_estoque?: number | undefined }) {
  const rows = await q.findReport(tx, s, body.id_endereco_estoque ?? null);
  return {
    data_referencia: localDate(new Date()),
    rows: rows.map((r) => ({ ...r, quantidade: Number(r.quantidade), preco_custo_medio: Number(r.preco_custo_medio) })),
  };
}
