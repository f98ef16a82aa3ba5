/**
 * The catalogue's bulk writer for the data import (modules/import): products with their variations (produto_grade),
 * the branch's grid rows with prices (produto_grade_filial), barcodes, and their opening stock through the stock
 * owner. One batch is one multi-row statement per table inside the caller's transaction, so a batch is written whole
 * or not at all and a row is never half-written. Rows arrive checked by the domain (import-rules.ts); what only the
 * database knows (a SKU or barcode already registered) is read here, in the same transaction, before writing.
 */
import { toDecimalString } from '@pdv/domain/money';
import type { ImportStockAddress, ProductImportRow } from '@pdv/domain/import-rules';
import type { Tx } from '../../db/database.ts';
import { openStock } from '../stock/service.ts';

export interface ProductImportContext {
  org: number;
  id_filial: number;
  id_usuario: number;
}

/** What a product row is checked against: the organization's unit symbols and the branch's stock addresses. */
export async function productImportLookups(tx: Tx, org: number, id_filial: number): Promise<{ units: Set<string>; addresses: ImportStockAddress[] }> {
  const units = await tx.query<{ sigla: string }>(
    `SELECT upper(sigla) AS sigla FROM unidade_medida WHERE id_organization = $1 AND data_exclusao IS NULL`, [org]);
  const addresses = await tx.query<ImportStockAddress>(
    `SELECT id_endereco_estoque, codigo, descricao FROM endereco_estoque
      WHERE id_organization = $1 AND id_filial = $2 AND data_exclusao IS NULL ORDER BY codigo, id_endereco_estoque`,
    [org, id_filial],
  );
  return { units: new Set(units.rows.map((u) => u.sigla)), addresses: addresses.rows };
}

/** The SKUs and barcodes among `skus` / `codes` that live products of the organization already use. */
export async function takenProductKeys(tx: Tx, org: number, skus: string[], codes: string[]): Promise<{ sku: Set<string>; codigo_barras: Set<string> }> {
  const s = await tx.query<{ sku: string }>(
    `SELECT sku FROM produto WHERE id_organization = $1 AND sku = ANY($2::text[]) AND data_exclusao IS NULL`, [org, skus]);
  const c = await tx.query<{ codigo: string }>(
    `SELECT codigo FROM produto_codigo_barra WHERE id_organization = $1 AND codigo = ANY($2::text[]) AND data_exclusao IS NULL`, [org, codes]);
  return { sku: new Set(s.rows.map((r) => r.sku)), codigo_barras: new Set(c.rows.map((r) => r.codigo)) };
}

const DEFAULT_VARIATION = 'Geral';

const WRITE_PRODUCTS = /* sql */ `
WITH unit AS (
  SELECT id_unidade_medida, upper(sigla) AS sigla, is_padrao FROM unidade_medida WHERE id_organization = $1 AND data_exclusao IS NULL
), fallback AS (
  SELECT id_unidade_medida FROM unit ORDER BY is_padrao DESC, (sigla = 'UN') DESC, id_unidade_medida LIMIT 1
), p AS (
  INSERT INTO produto (id_organization, descricao, sku, id_unidade_medida, tipo_produto, codigo_ncm, cest,
    preco_compra, preco_compra_medio, preco_custo, preco_custo_medio, preco_venda, preco_atacado)
  SELECT $1, r.descricao, r.sku, coalesce(u.id_unidade_medida, (SELECT id_unidade_medida FROM fallback)), r.tipo, r.ncm, r.cest,
         r.custo, r.custo, r.custo, r.custo, r.venda, r.atacado
    FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::numeric[], $10::numeric[], $11::numeric[])
           WITH ORDINALITY AS r(sku, descricao, tipo, ncm, cest, unidade, custo, venda, atacado, ord)
    LEFT JOIN unit u ON u.sigla = r.unidade
   ORDER BY r.ord
  RETURNING id_produto, sku
), g AS (
  INSERT INTO produto_grade (id_organization, id_produto, descricao, sku, is_padrao)
  SELECT $1, p.id_produto, v.descricao, v.sku, v.descricao = '${DEFAULT_VARIATION}' AND v.padrao
    FROM unnest($12::text[], $13::text[], $14::boolean[]) WITH ORDINALITY AS v(sku, descricao, padrao, ord)
    JOIN p ON p.sku = v.sku
   ORDER BY v.ord
  RETURNING id_produto, id_produto_grade, descricao, sku
), b AS (
  INSERT INTO produto_codigo_barra (id_organization, id_produto, id_produto_grade, codigo)
  SELECT $1, g.id_produto, g.id_produto_grade, x.codigo
    FROM unnest($12::text[], $13::text[], $15::text[]) AS x(sku, descricao, codigo)
    JOIN g ON g.sku = x.sku AND g.descricao = x.descricao
   WHERE x.codigo IS NOT NULL
  RETURNING 1
), gf AS (
  INSERT INTO produto_grade_filial (id_organization, id_produto_grade, id_filial, preco_venda, preco_atacado)
  SELECT $1, g.id_produto_grade, $2, x.venda, x.atacado
    FROM unnest($12::text[], $13::text[], $16::numeric[], $17::numeric[]) AS x(sku, descricao, venda, atacado)
    JOIN g ON g.sku = x.sku AND g.descricao = x.descricao
  RETURNING id_produto_grade, id_produto_grade_filial
)
SELECT g.sku, g.descricao, gf.id_produto_grade_filial, (SELECT count(*) FROM b)::int AS barcodes
  FROM gf JOIN g USING (id_produto_grade)`;

/**
 * Writes the rows (one per variation; rows of one SKU are one product, its fields from its first row) and their
 * opening stock. Answers how many rows (variations) were written.
 */
export async function writeProductBatch(tx: Tx, ctx: ProductImportContext, rows: readonly ProductImportRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const products = new Map<string, { first: ProductImportRow; named: boolean }>();
  for (const r of rows) {
    const p = products.get(r.sku);
    if (p) p.named ||= r.variacao !== null;
    else products.set(r.sku, { first: r, named: r.variacao !== null });
  }
  const ps = [...products.values()];
  const name = (r: ProductImportRow) => r.variacao ?? DEFAULT_VARIATION;
  const { rows: grid } = await tx.query<{ sku: string; descricao: string; id_produto_grade_filial: number }>(WRITE_PRODUCTS, [
    ctx.org, ctx.id_filial,
    ps.map((p) => p.first.sku), ps.map((p) => p.first.descricao), ps.map((p) => (p.named ? 'Grade' : 'Simples')),
    ps.map((p) => p.first.codigo_ncm), ps.map((p) => p.first.cest), ps.map((p) => p.first.unidade),
    ps.map((p) => toDecimalString(p.first.preco_custo)), ps.map((p) => toDecimalString(p.first.preco_venda)),
    ps.map((p) => toDecimalString(p.first.preco_atacado)),
    rows.map((r) => r.sku), rows.map(name), rows.map((r) => r.variacao === null),
    rows.map((r) => r.codigo_barras), rows.map((r) => toDecimalString(r.preco_venda)), rows.map((r) => toDecimalString(r.preco_atacado)),
  ]);
  if (grid.length !== rows.length) throw new Error(`product import wrote ${grid.length} variations of ${rows.length}`);
  const gridRow = new Map(grid.map((g) => [`${g.sku}\u0000${g.descricao}`, g.id_produto_grade_filial]));
  const lines = rows.flatMap((r) => r.estoque.map((e) => ({
    id_produto_grade_filial: gridRow.get(`${r.sku}\u0000${name(r)}`) as number, id_endereco_estoque: e.id_endereco_estoque, quantidade: e.quantidade,
  })));
  await openStock(tx, ctx, lines);
  return rows.length;
}
