/**
 * The stock owner: every change of estoque goes through here, each with its movement in movimentacao_estoque, in the
 * caller's transaction (owners.test.ts keeps it so). Sales take stock (takeStock), customer returns bring it back
 * (returnStock), a cancelled, deleted or disabled invoice gives back what its movements took (giveStockBack), and an
 * order's movements pass to the invoice made from it (assignOrderStockToInvoice). Goods out on consignment are
 * reserved (reserveStock: quantidade_reserva, no movement, the quantity stays the shop's) until they come back or
 * their sale is invoiced (takeReservedStock releases and takes them). Rows are changed one conditional
 * UPDATE per (grid row, address) in a fixed order, so two transactions never wait on each other in a cycle.
 * A kit's line moves its components instead (kits.ts): taken, returned and reserved alike, so every path that moves a
 * kit (sale, invoice, consignment, return, stock document) moves the same rows.
 */
import { MESSAGES } from '@pdv/domain/messages';
import { quantityFromDecimal, quantityToDecimal, quantityToDecimalString, type Milli } from '@pdv/domain/money';
import type { StockMove } from '@pdv/domain/stock-document';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { expandKits } from './kits.ts';
import * as q from './queries.ts';

export interface StockLine {
  id_produto_grade_filial: number;
  id_endereco_estoque: number;
  quantidade: Milli;
}

/** Who moves the stock and the documents the movements point at. */
export interface StockContext {
  org: number;
  id_filial: number;
  id_usuario: number;
  id_operacao: string | null;
  id_pedido: number | null;
  id_nota_fiscal: number | null;
}

function byPlace(a: StockLine, b: StockLine): number {
  return a.id_produto_grade_filial - b.id_produto_grade_filial || a.id_endereco_estoque - b.id_endereco_estoque;
}

function place(ctx: StockContext, line: StockLine): q.StockPlace {
  return { org: ctx.org, id_filial: ctx.id_filial, id_produto_grade_filial: line.id_produto_grade_filial, id_endereco_estoque: line.id_endereco_estoque };
}

/**
 * Takes the lines' quantities out of stock, one conditional UPDATE per (grid row, address), in a fixed order so two
 * sales never wait on each other in a cycle. Under negative-stock control the UPDATE only matches while stock minus
 * reservation covers the quantity: concurrent sales of the last unit leave exactly one winner.
 */
export async function takeStock(tx: Tx, ctx: StockContext, lines: StockLine[], control: boolean): Promise<void> {
  for (const line of (await expandKits(tx, ctx.org, ctx.id_filial, lines)).sort(byPlace)) {
    const qty = quantityToDecimal(line.quantidade);
    let row = await q.decrement(tx, place(ctx, line), qty, control);
    if (!row) {
      const found = await q.findRow(tx, place(ctx, line));
      if (found) {
        const available = Math.round((found.quantidade - found.quantidade_reserva) * 1000);
        throw badRequest(MESSAGES.stockInsufficient(available, line.quantidade));
      }
      if (control) throw badRequest(MESSAGES.stockNotFound);
      // Without control a sale may take a product with no stock row: the row starts negative.
      row = await q.insertRow(tx, place(ctx, line), -qty);
    }
    await q.insertMovement(tx, {
      org: ctx.org, id_filial: ctx.id_filial, id_estoque: row.id_estoque, id_endereco_estoque: line.id_endereco_estoque,
      id_produto_grade_filial: line.id_produto_grade_filial, quantidade: -qty, posterior: row.quantidade,
      origem: ctx.id_nota_fiscal ? 'NotaFiscal' : 'Pedido', id_pedido: ctx.id_pedido, id_nota_fiscal: ctx.id_nota_fiscal,
      id_operacao: ctx.id_operacao, id_usuario: ctx.id_usuario,
    });
  }
}

/**
 * The quantities a customer gave back enter the stock (movement origem Devolucao); lines of the same (grid row,
 * address) are summed first, and a missing row is opened with the returned quantity.
 */
export async function returnStock(tx: Tx, ctx: StockContext, lines: StockLine[]): Promise<void> {
  const merged = new Map<string, StockLine>();
  for (const l of await expandKits(tx, ctx.org, ctx.id_filial, lines)) {
    const key = `${l.id_produto_grade_filial}:${l.id_endereco_estoque}`;
    const m = merged.get(key) ?? { ...l, quantidade: 0 };
    m.quantidade += l.quantidade;
    merged.set(key, m);
  }
  for (const line of [...merged.values()].sort(byPlace)) {
    const qty = quantityToDecimal(line.quantidade);
    const row = (await q.increment(tx, place(ctx, line), qty)) ?? (await q.insertRow(tx, place(ctx, line), qty));
    await q.insertMovement(tx, {
      org: ctx.org, id_filial: ctx.id_filial, id_estoque: row.id_estoque, id_endereco_estoque: line.id_endereco_estoque,
      id_produto_grade_filial: line.id_produto_grade_filial, quantidade: qty, posterior: row.quantidade, origem: 'Devolucao',
      id_pedido: ctx.id_pedido, id_nota_fiscal: ctx.id_nota_fiscal, id_operacao: ctx.id_operacao, id_usuario: ctx.id_usuario,
    });
  }
}

/**
 * Gives back exactly what the invoice's movements took (cancelled, deleted or disabled invoice), with compensating
 * movements of the given origem, so the ledger always adds up. A second call finds nothing left to give back.
 */
export async function giveStockBack(tx: Tx, org: number, id_filial: number, id: number, id_usuario: number, origem: string): Promise<void> {
  for (const m of await q.invoiceNetMovements(tx, org, id)) {
    const back = -Number(m.quantidade);
    const row = await q.adjustRow(tx, org, m.id_estoque, back);
    if (!row) throw new Error(`stock row ${m.id_estoque} vanished`);
    await q.insertMovement(tx, {
      org, id_filial, id_estoque: m.id_estoque, id_endereco_estoque: m.id_endereco_estoque,
      id_produto_grade_filial: m.id_produto_grade_filial, quantidade: back, posterior: row.quantidade, origem,
      id_pedido: null, id_nota_fiscal: id, id_operacao: null, id_usuario,
    });
  }
}

/** A pre-sale took its stock when it was sold: the invoice made from it owns those movements (authorizing takes no more). */
export async function assignOrderStockToInvoice(tx: Tx, org: number, id_pedido: number, id_nota_fiscal: number): Promise<void> {
  await q.linkOrderMovementsToInvoice(tx, org, id_pedido, id_nota_fiscal);
}

/**
 * Moves the reservation (quantidade_reserva) of each line by its signed quantity: positive reserves (consignment
 * sent), negative releases (goods back, consignment cancelled). A reservation is not a movement: the units stay the
 * shop's, only not free to sell. Under negative-stock control a reservation above the free stock is refused with the
 * spec's "Estoque insuficiente"; without it a missing row is opened at zero, reserved.
 */
export async function reserveStock(tx: Tx, ctx: StockContext, lines: StockLine[], control: boolean): Promise<void> {
  for (const line of (await expandKits(tx, ctx.org, ctx.id_filial, lines)).sort(byPlace)) {
    if (line.quantidade === 0) continue;
    const qty = quantityToDecimal(line.quantidade);
    if (await q.reserve(tx, place(ctx, line), qty, control)) continue;
    const found = await q.findRow(tx, place(ctx, line));
    if (found) {
      const available = Math.round((found.quantidade - found.quantidade_reserva) * 1000);
      throw badRequest(MESSAGES.stockInsufficient(available, line.quantidade));
    }
    if (control) throw badRequest(MESSAGES.stockNotFound);
    if (line.quantidade < 0) continue;
    await q.insertRow(tx, place(ctx, line), 0);
    await q.reserve(tx, place(ctx, line), qty, false);
  }
}

/**
 * The sale of reserved units (a consignment's invoice): their reservation is released and the stock taken, with its
 * movement pointing at the order and the invoice (so cancelling the invoice gives the stock back, giveStockBack).
 */
export async function takeReservedStock(tx: Tx, ctx: StockContext, lines: StockLine[]): Promise<void> {
  await reserveStock(tx, ctx, lines.map((l) => ({ ...l, quantidade: -l.quantidade })), false);
  await takeStock(tx, ctx, lines, false);
}

/**
 * The opening stock of imported products (data import): each line's quantity enters its (grid row, address) of the
 * branch as a movement of the organization's opening type (IMPLANTACAO, origem 'Implantacao'), all lines in one
 * multi-row statement inside the caller's transaction. Lines must be positive, at most one per (grid row, address).
 */
export async function openStock(tx: Tx, ctx: Pick<StockContext, 'org' | 'id_filial' | 'id_usuario'>, lines: StockLine[]): Promise<number> {
  const positive = lines.filter((l) => l.quantidade > 0);
  if (positive.length === 0) return 0;
  const tipo = await q.openingType(tx, ctx.org);
  return q.openRows(tx, ctx.org, ctx.id_filial, ctx.id_usuario, tipo, 'Implantacao', positive.map((l) => ({
    id_produto_grade_filial: l.id_produto_grade_filial, id_endereco_estoque: l.id_endereco_estoque,
    quantidade: quantityToDecimalString(l.quantidade),
  })));
}

/**
 * A stock document's movements (processing it, or reversing it when a processed one is cancelled): when processing
 * (`expand`), a kit's move first becomes its components' (kits.ts, as a sale's lines do); a reversal replays the
 * document's own movements (documentReversal) as they are. The moves are netted again per (variation, address) and
 * sorted; each changes its (variation, address) row of the branch with one conditional UPDATE, in that fixed order,
 * and writes its movement naming the document and its movement type. A move out under negative-stock control only
 * matches while stock minus reservation covers it ("Estoque insuficiente"); without control a missing row starts
 * negative.
 */
export async function moveDocumentStock(
  tx: Tx,
  ctx: Pick<StockContext, 'org' | 'id_filial' | 'id_usuario'> & { id_documento_estoque: number; id_tipo_movimentacao_estoque: number },
  documentMoves: readonly StockMove[],
  control: boolean,
  origem: string,
  expand: boolean,
): Promise<void> {
  const net = new Map<string, StockMove>();
  for (const m of expand ? await expandKits(tx, ctx.org, ctx.id_filial, documentMoves) : documentMoves) {
    const key = `${m.id_produto_grade_filial}:${m.id_endereco_estoque}`;
    const n = net.get(key) ?? { ...m, quantidade: 0 };
    n.quantidade += m.quantidade;
    net.set(key, n);
  }
  const moves = [...net.values()].filter((m) => m.quantidade !== 0).sort(byPlace);
  for (const move of moves) {
    const p = { org: ctx.org, id_filial: ctx.id_filial, id_produto_grade_filial: move.id_produto_grade_filial, id_endereco_estoque: move.id_endereco_estoque };
    const qty = quantityToDecimal(Math.abs(move.quantidade));
    let row: q.StockRow | undefined;
    if (move.quantidade < 0) {
      row = await q.decrement(tx, p, qty, control);
      if (!row) {
        const found = await q.findRow(tx, p);
        if (found) {
          const available = Math.round((found.quantidade - found.quantidade_reserva) * 1000);
          throw badRequest(MESSAGES.stockInsufficient(available, -move.quantidade));
        }
        if (control) throw badRequest(MESSAGES.stockNotFound);
        row = await q.insertRow(tx, p, -qty);
      }
    } else {
      row = (await q.increment(tx, p, qty)) ?? (await q.insertRow(tx, p, qty));
    }
    await q.insertMovement(tx, {
      org: ctx.org, id_filial: ctx.id_filial, id_estoque: row.id_estoque, id_endereco_estoque: move.id_endereco_estoque,
      id_produto_grade_filial: move.id_produto_grade_filial, quantidade: quantityToDecimal(move.quantidade), posterior: row.quantidade,
      origem, id_pedido: null, id_nota_fiscal: null, id_operacao: null, id_usuario: ctx.id_usuario,
      id_documento_estoque: ctx.id_documento_estoque, id_tipo_movimentacao_estoque: ctx.id_tipo_movimentacao_estoque,
    });
  }
}

/**
 * The opposite of what a stock document's movements did in one branch, per (variation, address), for its cancellation
 * (a transfer between branches moved two).
 */
export async function documentReversal(tx: Tx, org: number, id_documento_estoque: number, id_filial: number): Promise<StockMove[]> {
  return (await q.documentNetMovements(tx, org, id_documento_estoque, id_filial)).map((m) => ({
    id_produto_grade_filial: m.id_produto_grade_filial, id_endereco_estoque: m.id_endereco_estoque, quantidade: -quantityFromDecimal(m.quantidade),
  }));
}

/**
 * An inventory's adjustments (001 §4 "Processing an inventory generates stock movements"): each signed move changes
 * its (variation, address) row of the branch, opened when missing, with one multi-row statement, and writes its
 * movement (origem Inventario) naming the inventory. No negative-stock refusal: the count is what is on the shelf,
 * and the adjustment only brings the books to it. Moves must be netted per (variation, address) and non-zero.
 */
export async function adjustInventoryStock(
  tx: Tx,
  ctx: Pick<StockContext, 'org' | 'id_filial' | 'id_usuario'> & { id_inventario: number },
  moves: readonly StockMove[],
): Promise<number> {
  if (moves.length === 0) return 0;
  return q.adjustRows(tx, ctx.org, ctx.id_filial, ctx.id_usuario, 'Inventario', ctx.id_inventario, moves.map((m) => ({
    id_produto_grade_filial: m.id_produto_grade_filial, id_endereco_estoque: m.id_endereco_estoque, quantidade: quantityToDecimalString(m.quantidade),
  })));
}

/** The stock now of each place of the branch, in thousandths (0 when the place has no row): an inventory's snapshot. */
export async function stockOfPlaces(
  tx: Tx, ctx: Pick<StockContext, 'org' | 'id_filial'>, places: ReadonlyArray<{ id_produto_grade_filial: number; id_endereco_estoque: number }>,
): Promise<Map<string, Milli>> {
  const found = await q.placeQuantities(tx, ctx.org, ctx.id_filial, places);
  return new Map([...found].map(([k, v]) => [k, quantityFromDecimal(v)]));
}
