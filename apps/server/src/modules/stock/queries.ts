/**
 * SQL of the stock (estoque) and its ledger (movimentacao_estoque). Only the stock module writes these tables
 * (owners.test.ts); quantities arrive as numeric (thousandths are converted by the service).
 */
import type { Tx } from '../../db/database.ts';

export interface StockPlace {
  org: number;
  id_filial: number;
  id_produto_grade_filial: number;
  id_endereco_estoque: number;
}

export interface StockRow {
  id_estoque: number;
  quantidade: number;
}

/**
 * Takes `qty` out of the row of (grid row, address). Under negative-stock control (`control`) the UPDATE only matches
 * while stock minus reservation covers the quantity: that condition, not a prior read, is the rule.
 * Answers the row after the change, or undefined when no row matched.
 */
export async function decrement(tx: Tx, p: StockPlace, qty: number, control: boolean): Promise<StockRow | undefined> {
  const { rows } = await tx.query<StockRow>(
    `UPDATE estoque SET quantidade = quantidade - $5
      WHERE id_organization = $1 AND id_filial = $2 AND id_produto_grade_filial = $3 AND id_endereco_estoque = $4
        AND data_exclusao IS NULL AND (NOT $6 OR quantidade - quantidade_reserva >= $5)
      RETURNING id_estoque, quantidade`,
    [p.org, p.id_filial, p.id_produto_grade_filial, p.id_endereco_estoque, qty, control],
  );
  return rows[0];
}

/**
 * Moves the row's reservation (quantidade_reserva) by a signed quantity, never below zero. A positive `qty` under
 * negative-stock control only matches while the free stock (stock minus reservation) covers it.
 * Answers the row after the change, or undefined when no row matched.
 */
export async function reserve(tx: Tx, p: StockPlace, qty: number, control: boolean): Promise<StockRow | undefined> {
  const { rows } = await tx.query<StockRow>(
    `UPDATE estoque SET quantidade_reserva = greatest(0, quantidade_reserva + $5)
      WHERE id_organization = $1 AND id_filial = $2 AND id_produto_grade_filial = $3 AND id_endereco_estoque = $4
        AND data_exclusao IS NULL AND (NOT $6 OR $5 <= 0 OR quantidade - quantidade_reserva >= $5)
      RETURNING id_estoque, quantidade`,
    [p.org, p.id_filial, p.id_produto_grade_filial, p.id_endereco_estoque, qty, control],
  );
  return rows[0];
}

/** Puts `qty` into the row of (grid row, address). Undefined when the row does not exist. */
export async function increment(tx: Tx, p: StockPlace, qty: number): Promise<StockRow | undefined> {
  const { rows } = await tx.query<StockRow>(
    `UPDATE estoque SET quantidade = quantidade + $5
      WHERE id_organization = $1 AND id_filial = $2 AND id_produto_grade_filial = $3 AND id_endereco_estoque = $4 AND data_exclusao IS NULL
      RETURNING id_estoque, quantidade`,
    [p.org, p.id_filial, p.id_produto_grade_filial, p.id_endereco_estoque, qty],
  );
  return rows[0];
}

/** Moves the row `id_estoque` by a signed quantity (compensating movements address the row itself). */
export async function adjustRow(tx: Tx, org: number, id_estoque: number, signed: number): Promise<StockRow | undefined> {
  const { rows } = await tx.query<StockRow>(
    'UPDATE estoque SET quantidade = quantidade + $3 WHERE id_organization = $1 AND id_estoque = $2 RETURNING id_estoque, quantidade',
    [org, id_estoque, signed],
  );
  return rows[0];
}

/** The row of (grid row, address) without changing it, to tell "not enough" from "no row". */
export async function findRow(tx: Tx, p: StockPlace): Promise<{ quantidade: number; quantidade_reserva: number } | undefined> {
  const { rows } = await tx.query<{ quantidade: number; quantidade_reserva: number }>(
    `SELECT quantidade, quantidade_reserva FROM estoque
      WHERE id_organization = $1 AND id_filial = $2 AND id_produto_grade_filial = $3 AND id_endereco_estoque = $4
        AND data_exclusao IS NULL`,
    [p.org, p.id_filial, p.id_produto_grade_filial, p.id_endereco_estoque],
  );
  return rows[0];
}

/** Opens the row of (grid row, address) with a signed starting quantity. */
export async function insertRow(tx: Tx, p: StockPlace, signed: number): Promise<StockRow> {
  const { rows } = await tx.query<StockRow>(
    `INSERT INTO estoque (id_organization, id_filial, id_endereco_estoque, id_produto_grade_filial, quantidade)
     VALUES ($1, $2, $3, $4, $5::numeric) RETURNING id_estoque, quantidade`,
    [p.org, p.id_filial, p.id_endereco_estoque, p.id_produto_grade_filial, signed],
  );
  const row = rows[0];
  if (!row) throw new Error('stock row not returned');
  return row;
}

export interface Movement {
  org: number;
  id_filial: number;
  id_estoque: number;
  id_endereco_estoque: number;
  id_produto_grade_filial: number;
  /** Signed: negative leaves the stock, positive enters it. */
  quantidade: number;
  /** The row's quantity after the change (quantidade_anterior is derived from it). */
  posterior: number;
  origem: string;
  id_pedido: number | null;
  id_nota_fiscal: number | null;
  id_operacao: string | null;
  id_usuario: number;
  /** A stock document's movements name it and its movement type. */
  id_documento_estoque?: number | null;
  id_tipo_movimentacao_estoque?: number | null;
}

export async function insertMovement(tx: Tx, m: Movement): Promise<void> {
  await tx.query(
    `INSERT INTO movimentacao_estoque (id_organization, id_filial, id_estoque, id_endereco_estoque, id_produto_grade_filial,
       quantidade, quantidade_anterior, quantidade_posterior, origem, id_pedido, id_nota_fiscal, id_operacao, id_usuario,
       id_documento_estoque, id_tipo_movimentacao_estoque)
     VALUES ($1, $2, $3, $4, $5, $6::numeric, $7::numeric - $6::numeric, $7::numeric, $8, $9, $10, $11, $12, $13, $14)`,
    [m.org, m.id_filial, m.id_estoque, m.id_endereco_estoque, m.id_produto_grade_filial, m.quantidade, m.posterior, m.origem,
      m.id_pedido, m.id_nota_fiscal, m.id_operacao, m.id_usuario, m.id_documento_estoque ?? null, m.id_tipo_movimentacao_estoque ?? null],
  );
}

/** What an invoice's movements took from each row, net of earlier compensations (rows still owed back only). */
export async function invoiceNetMovements(tx: Tx, org: number, id_nota_fiscal: number) {
  const { rows } = await tx.query<{ id_estoque: number; id_endereco_estoque: number; id_produto_grade_filial: number; quantidade: string }>(
    `SELECT id_estoque, id_endereco_estoque, id_produto_grade_filial, sum(quantidade) AS quantidade FROM movimentacao_estoque
      WHERE id_organization = $1 AND id_nota_fiscal = $2 GROUP BY id_estoque, id_endereco_estoque, id_produto_grade_filial
      HAVING sum(quantidade) <> 0 ORDER BY id_estoque`,
    [org, id_nota_fiscal],
  );
  return rows;
}

/** The net of a stock document's movements per (grid row, address), zero nets left out. */
export async function documentNetMovements(tx: Tx, org: number, id_documento_estoque: number, id_filial: number) {
  const { rows } = await tx.query<{ id_produto_grade_filial: number; id_endereco_estoque: number; quantidade: string }>(
    `SELECT id_produto_grade_filial, id_endereco_estoque, sum(quantidade)::text AS quantidade FROM movimentacao_estoque
      WHERE id_organization = $1 AND id_documento_estoque = $2 AND id_filial = $3 GROUP BY id_produto_grade_filial, id_endereco_estoque
      HAVING sum(quantidade) <> 0 ORDER BY id_produto_grade_filial, id_endereco_estoque`,
    [org, id_documento_estoque, id_filial],
  );
  return rows;
}

/** An order's movements not yet owned by an invoice become the invoice's. */
export async function linkOrderMovementsToInvoice(tx: Tx, org: number, id_pedido: number, id_nota_fiscal: number): Promise<void> {
  await tx.query('UPDATE movimentacao_estoque SET id_nota_fiscal = $3 WHERE id_organization = $1 AND id_pedido = $2 AND id_nota_fiscal IS NULL',
    [org, id_pedido, id_nota_fiscal]);
}

/** A quantity entering one (grid row, address) of a branch, in numeric text. */
export interface OpeningLine {
  id_produto_grade_filial: number;
  id_endereco_estoque: number;
  quantidade: string;
}

/**
 * Puts the lines' quantities into stock with one multi-row statement: rows are created or added to (ON CONFLICT on
 * the (grid row, address) key), and each gets its movement of the opening type, in the caller's transaction.
 */
export async function openRows(
  tx: Tx, org: number, id_filial: number, id_usuario: number, id_tipo: number, origem: string, lines: readonly OpeningLine[],
): Promise<number> {
  const { rows } = await tx.query<{ n: string }>(
    `WITH l AS (
       SELECT * FROM unnest($5::integer[], $6::integer[], $7::numeric[]) AS l(id_produto_grade_filial, id_endereco_estoque, quantidade)
     ), s AS (
       INSERT INTO estoque AS e (id_organization, id_filial, id_endereco_estoque, id_produto_grade_filial, quantidade)
       SELECT $1, $2, l.id_endereco_estoque, l.id_produto_grade_filial, l.quantidade FROM l
        ORDER BY l.id_produto_grade_filial, l.id_endereco_estoque
       ON CONFLICT (id_organization, id_produto_grade_filial, id_endereco_estoque)
       DO UPDATE SET quantidade = e.quantidade + excluded.quantidade
       RETURNING e.id_estoque, e.id_endereco_estoque, e.id_produto_grade_filial, e.quantidade
     ), m AS (
       INSERT INTO movimentacao_estoque (id_organization, id_filial, id_estoque, id_endereco_estoque, id_produto_grade_filial,
         quantidade, quantidade_anterior, quantidade_posterior, origem, id_usuario, id_tipo_movimentacao_estoque)
       SELECT $1, $2, s.id_estoque, s.id_endereco_estoque, s.id_produto_grade_filial, l.quantidade, s.quantidade - l.quantidade,
              s.quantidade, $8, $3, $4
         FROM s JOIN l USING (id_produto_grade_filial, id_endereco_estoque)
       RETURNING 1
     )
     SELECT count(*)::text AS n FROM m`,
    [org, id_filial, id_usuario, id_tipo, lines.map((l) => l.id_produto_grade_filial), lines.map((l) => l.id_endereco_estoque),
      lines.map((l) => l.quantidade), origem],
  );
  return Number(rows[0]?.n ?? 0);
}

/** The organization's opening movement type (codigo IMPLANTACAO), made on first use for an organization without it. */
export async function openingType(tx: Tx, org: number): Promise<number> {
  const found = await tx.query<{ id: number }>(
    `SELECT id_tipo_movimentacao_estoque AS id FROM tipo_movimentacao_estoque
      WHERE id_organization = $1 AND lower(codigo) = 'implantacao' AND data_exclusao IS NULL`,
    [org],
  );
  if (found.rows[0]) return found.rows[0].id;
  const made = await tx.query<{ id: number }>(
    `INSERT INTO tipo_movimentacao_estoque (id_organization, codigo, descricao, operacao, tipo_operacao, observacao)
     VALUES ($1, 'IMPLANTACAO', 'Implantação de estoque', 'Entrada', 'Implantacao', 'Saldo inicial trazido pela importação de dados.')
     RETURNING id_tipo_movimentacao_estoque AS id`,
    [org],
  );
  const id = made.rows[0]?.id;
  if (id === undefined) throw new Error('opening movement type not created');
  return id;
}

/** A signed change of one (grid row, address) of a branch, in numeric text. */
export interface AdjustLine {
  id_produto_grade_filial: number;
  id_endereco_estoque: number;
  quantidade: string;
}

/**
 * Moves each line's (grid row, address) by its signed quantity with one multi-row statement (a missing row is opened
 * with it; rows are changed in (grid row, address) order), and writes each change's movement with the given origem,
 * user and inventory, in the caller's transaction. Lines must be at most one per (grid row, address), none zero.
 * Answers how many movements were written.
 */
export async function adjustRows(
  tx: Tx, org: number, id_filial: number, id_usuario: number, origem: string, id_inventario: number, lines: readonly AdjustLine[],
): Promise<number> {
  const { rows } = await tx.query<{ n: string }>(
    `WITH l AS (
       SELECT * FROM unnest($4::integer[], $5::integer[], $6::numeric[]) AS l(id_produto_grade_filial, id_endereco_estoque, quantidade)
     ), s AS (
       INSERT INTO estoque AS e (id_organization, id_filial, id_endereco_estoque, id_produto_grade_filial, quantidade)
       SELECT $1, $2, l.id_endereco_estoque, l.id_produto_grade_filial, l.quantidade FROM l
        ORDER BY l.id_produto_grade_filial, l.id_endereco_estoque
       ON CONFLICT (id_organization, id_produto_grade_filial, id_endereco_estoque)
       DO UPDATE SET quantidade = e.quantidade + excluded.quantidade, data_alteracao = now()
       RETURNING e.id_estoque, e.id_endereco_estoque, e.id_produto_grade_filial, e.quantidade
     ), m AS (
       INSERT INTO movimentacao_estoque (id_organization, id_filial, id_estoque, id_endereco_estoque, id_produto_grade_filial,
         quantidade, quantidade_anterior, quantidade_posterior, origem, id_usuario, id_inventario)
       SELECT $1, $2, s.id_estoque, s.id_endereco_estoque, s.id_produto_grade_filial, l.quantidade, s.quantidade - l.quantidade,
              s.quantidade, $7, $3, $8
         FROM s JOIN l USING (id_produto_grade_filial, id_endereco_estoque)
       RETURNING 1
     )
     SELECT count(*)::text AS n FROM m`,
    [org, id_filial, id_usuario, lines.map((l) => l.id_produto_grade_filial), lines.map((l) => l.id_endereco_estoque),
      lines.map((l) => l.quantidade), origem, id_inventario],
  );
  return Number(rows[0]?.n ?? 0);
}

/** The current quantity of each (grid row, address) of the branch among the given places (absent: no row). */
export async function placeQuantities(
  tx: Tx, org: number, id_filial: number, places: ReadonlyArray<{ id_produto_grade_filial: number; id_endereco_estoque: number }>,
): Promise<Map<string, string>> {
  const { rows } = await tx.query<{ g: number; a: number; q: string }>(
    `SELECT e.id_produto_grade_filial AS g, e.id_endereco_estoque AS a, e.quantidade::text AS q
       FROM estoque e JOIN unnest($3::integer[], $4::integer[]) AS p(g, a) ON p.g = e.id_produto_grade_filial AND p.a = e.id_endereco_estoque
      WHERE e.id_organization = $1 AND e.id_filial = $2 AND e.data_exclusao IS NULL`,
    [org, id_filial, places.map((p) => p.id_produto_grade_filial), places.map((p) => p.id_endereco_estoque)],
  );
  return new Map(rows.map((r) => [`${r.g}:${r.a}`, r.q]));
}
