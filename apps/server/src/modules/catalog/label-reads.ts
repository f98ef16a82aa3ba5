/**
 * The label print modal's reads (contract label-print.ts; 001 §5 Labels, §7): label items (001 §3 Label item) for
 * the products a filter finds (/product/search-to-labels) and for an invoice's lines
 * (/invoice_item/find_to_print_labels, served by the invoice module with `invoiceLabelItems`). Reads only, scoped by
 * the caller's organization and active branch; prices are the branch's (its variation row, else the product's).
 */
import { LABEL_SEARCH_LIMIT, type LabelItemRow, type SearchToLabelsBody } from '@pdv/contract/label-print';
import type { Tx } from '../../db/database.ts';
import type { Handlers } from '../../http/handlers.ts';
import type { Caller } from '../auth/caller.ts';

const num = (v: unknown) => Number(v);

/** The columns of a label item, from aliases p (produto), g (produto_grade), gf (the branch's produto_grade_filial, may be null), m (marca). */
const ITEM_COLUMNS = `p.id_produto, g.id_produto_grade, gf.id_produto_grade_filial, p.descricao,
  CASE WHEN g.is_padrao THEN '' ELSE btrim(coalesce(g.descricao, '')) END AS variacao,
  coalesce(g.sku, p.sku) AS sku,
  (SELECT b.codigo FROM produto_codigo_barra b
    WHERE b.id_organization = g.id_organization AND b.id_produto_grade = g.id_produto_grade AND b.data_exclusao IS NULL
      AND b.situacao = 'Ativo' AND b.id_produto_unidade_logistica IS NULL
    ORDER BY b.id_produto_codigo_barra LIMIT 1) AS codigo_barras,
  coalesce(gf.preco_venda, p.preco_venda)::text AS preco_venda, coalesce(gf.preco_atacado, p.preco_atacado)::text AS preco_atacado,
  coalesce(m.descricao, '') AS marca`;

/** A variation is listed unless it is the default one of a product that has others (as find_to_print_label). */
const LIVE_VARIATION = `g.data_exclusao IS NULL AND (g.is_padrao = false OR NOT EXISTS (SELECT 1 FROM produto_grade o
  WHERE o.id_organization = g.id_organization AND o.id_produto = g.id_produto AND NOT o.is_padrao AND o.data_exclusao IS NULL))`;

function toItem(r: Record<string, unknown>, qtd: number): LabelItemRow {
  return {
    id_produto: num(r['id_produto']), id_produto_grade: num(r['id_produto_grade']),
    id_produto_grade_filial: r['id_produto_grade_filial'] === null ? null : num(r['id_produto_grade_filial']),
    descricao: String(r['descricao']), variacao: String(r['variacao']), sku: String(r['sku']),
    codigo_barras: (r['codigo_barras'] as string | null) ?? null, preco_venda: num(r['preco_venda']), preco_atacado: num(r['preco_atacado']),
    marca: String(r['marca']), qtd,
  };
}

/** A quantity as labels: every started unit counts, nothing when not positive. */
const labelsFor = (quantity: number) => (quantity > 0 ? Math.ceil(Math.round(quantity * 1000) / 1000) : 0);

async function branchOffsetHours(tx: Tx, caller: Caller): Promise<number> {
  const { rows } = await tx.query<{ fuso_horario: number | null }>(
    'SELECT fuso_horario FROM filial_configuracao WHERE id_organization = $1 AND id_filial = $2',
    [caller.id_organization, caller.id_filial],
  );
  return rows[0]?.fuso_horario ?? -3;
}

export async function searchToLabels(tx: Tx, caller: Caller, body: SearchToLabelsBody): Promise<{ rows: LabelItemRow[] }> {
  const params: unknown[] = [caller.id_organization, caller.id_filial];
  const where = ['p.id_organization = $1', 'p.data_exclusao IS NULL', LIVE_VARIATION];
  const add = (column: string, value: unknown) => where.push(`${column} = $${params.push(value)}`);
  if (body.productId) add('p.id_produto', body.productId);
  if (body.brandId) add('p.id_marca', body.brandId);
  if (body.categoryId) add('p.id_categoria', body.categoryId);
  if (body.measureUnitId) add('p.id_unidade_medida', body.measureUnitId);
  if (body.situation) add('p.situacao', body.situation);
  if (body.startDate || body.endDate) {
    const offset = await branchOffsetHours(tx, caller);
    const tz = `${offset >= 0 ? '+' : '-'}${String(Math.abs(offset)).padStart(2, '0')}:00`;
    const column = body.typeDate === 'alteracao' ? 'p.data_alteracao' : 'p.data_cadastro';
    if (body.startDate) where.push(`${column} >= ($${params.push(`${body.startDate}T00:00:00${tz}`)})::timestamptz`);
    if (body.endDate) where.push(`${column} <= ($${params.push(`${body.endDate}T23:59:59.999${tz}`)})::timestamptz`);
  }
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT ${ITEM_COLUMNS},
            (SELECT coalesce(sum(e.quantidade), 0) FROM estoque e WHERE e.id_organization = gf.id_organization
                AND e.id_produto_grade_filial = gf.id_produto_grade_filial AND e.id_filial = $2 AND e.data_exclusao IS NULL)::text AS estoque
       FROM produto p
       JOIN produto_grade g ON g.id_organization = p.id_organization AND g.id_produto = p.id_produto
       LEFT JOIN produto_grade_filial gf ON gf.id_organization = g.id_organization AND gf.id_produto_grade = g.id_produto_grade AND gf.id_filial = $2
       LEFT JOIN marca m ON m.id_organization = p.id_organization AND m.id_marca = p.id_marca
      WHERE ${where.join(' AND ')}
      ORDER BY p.descricao, p.id_produto, g.id_produto_grade
      LIMIT ${LABEL_SEARCH_LIMIT}`,
    params,
  );
  return { rows: rows.map((r) => toItem(r, body.isLoadStock ? labelsFor(num(r['estoque'])) : 1)) };
}

/**
 * The label items of an invoice's live product lines (one per line, in line order), qtd its started units. Null when
 * the invoice is not one of the caller's active branch.
 */
export async function invoiceLabelItems(tx: Tx, caller: Caller, id_nota_fiscal: number): Promise<{ rows: LabelItemRow[] } | null> {
  const found = await tx.query('SELECT 1 FROM nota_fiscal WHERE id_organization = $1 AND id_nota_fiscal = $2 AND id_filial = $3 AND data_exclusao IS NULL',
    [caller.id_organization, id_nota_fiscal, caller.id_filial]);
  if (found.rows.length === 0) return null;
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT ${ITEM_COLUMNS}, i.quantidade::text AS quantidade
       FROM nota_fiscal_item i
       JOIN produto_grade_filial gf ON gf.id_organization = i.id_organization AND gf.id_produto_grade_filial = i.id_produto_grade_filial
       JOIN produto_grade g ON g.id_organization = gf.id_organization AND g.id_produto_grade = gf.id_produto_grade
       JOIN produto p ON p.id_organization = g.id_organization AND p.id_produto = g.id_produto
       LEFT JOIN marca m ON m.id_organization = p.id_organization AND m.id_marca = p.id_marca
      WHERE i.id_organization = $1 AND i.id_nota_fiscal = $2 AND NOT i.is_cancelado AND i.tipo_item = 'Produto'
      ORDER BY i.id_nota_fiscal_item`,
    [caller.id_organization, id_nota_fiscal],
  );
  return { rows: rows.map((r) => toItem(r, labelsFor(num(r['quantidade'])))) };
}

export const labelReadHandlers = {
  productSearchToLabels: ({ tx, caller, body }) => searchToLabels(tx, caller, body),
} satisfies Partial<Handlers>;
