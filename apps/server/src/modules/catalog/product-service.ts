/**
 * The one writer of products (issue 20): create, PUT update, situacao and duplicate of a product with its variations
 * (produto_grade and their per-branch rows), logistics units and barcodes, in the request's transaction: a refusal
 * writes nothing. The rules are the domain's (product-rules.ts), run again here on the stored product merged with the
 * body; what only the database knows is checked here: the ids named belong to the caller's organization (404 when
 * not), a barcode or SKU used by another product, a unit a kept barcode still names.
 *
 * The writes reach the points of sale through the tables' sync triggers (product, product-grid, product-barcode) and,
 * for the price tables' resolved prices, through resolvePrices (price).
 */
import type { z } from 'zod';
import type { productCreateBody, productUpdateBody, ProductDetail } from '@pdv/contract/product';
import { fromDecimal, percentFromDecimal } from '@pdv/domain/money';
import {
  checkBarcodes, checkFiscalCodes, checkNotNegative, checkSalePrice, PRODUCT_MESSAGES, type ProductIssue,
} from '@pdv/domain/product-rules';
import { variationDescription } from '@pdv/domain/variation';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { resolvePrices } from './prices.ts';
import { findNextSku, findProduct } from './product-queries.ts';

type CreateBody = z.output<typeof productCreateBody>;
type UpdateBody = z.output<typeof productUpdateBody>;
type GradeIn = NonNullable<CreateBody['grades']>[number];
type UnitIn = NonNullable<CreateBody['unidades_logisticas']>[number];
type CodeIn = NonNullable<CreateBody['codigos_barra']>[number];

/** The product's own columns written by create and update (children and ids aside). */
const COLUMNS = [
  'descricao', 'descricao_exibicao', 'descricao_detalhada', 'sku', 'slug', 'id_marca', 'id_unidade_medida', 'id_categoria', 'id_indexador',
  'situacao', 'codigo_ncm', 'cest', 'origem_produto', 'tipo_item', 'codigo_beneficio_fiscal', 'icms_percentual_reducao_base_calculo',
  'icms_percentual_diferimento', 'descricao_garantia', 'tempo_garantia', 'tipo_tempo_garantia', 'altura', 'largura', 'comprimento',
  'volume', 'peso', 'enviar_balanca', 'imprimir_data_embalagem_balanca', 'quantidade_atacarejo', 'percentual_desconto_maximo',
  'perc_max_aumento_preco_produto', 'perc_max_reducao_preco_produto', 'preco_compra', 'preco_compra_medio', 'preco_custo',
  'preco_custo_medio', 'preco_venda', 'preco_atacado',
] as const;
type Column = (typeof COLUMNS)[number];
type Values = Record<Column, unknown>;

const DEFAULTS: Partial<Values> = {
  situacao: 'Ativo', origem_produto: 0, tipo_item: '00', tipo_tempo_garantia: 'Dias', enviar_balanca: false,
  imprimir_data_embalagem_balanca: false, preco_compra: 0, preco_compra_medio: 0, preco_custo: 0, preco_custo_medio: 0,
  preco_venda: 0, preco_atacado: 0,
};

const refuse = (issue: ProductIssue) => badRequest(issue.message, `${issue.field}: ${issue.message}`, [`${issue.field}: ${issue.message}`]);
const firstIssue = (issues: ProductIssue[]) => {
  const issue = issues[0];
  if (issue) throw refuse(issue);
};

/** Every id in `ids` names a live row of `table` in the organization; else 404 (another organization's id included). */
async function assertLive(tx: Tx, org: number, table: string, column: string, ids: Array<number | null | undefined>) {
  const wanted = [...new Set(ids.filter((v): v is number => typeof v === 'number'))];
  if (wanted.length === 0) return;
  const { rows } = await tx.query<{ n: number }>(
    `SELECT count(*)::integer AS n FROM ${table} WHERE id_organization = $1 AND ${column} = ANY($2::integer[]) AND data_exclusao IS NULL`,
    [org, wanted],
  );
  if ((rows[0]?.n ?? 0) !== wanted.length) throw notFound();
}

const gradeOf = (g: ProductDetail['grades'][number]): GradeIn => ({
  chave: g.chave, id_produto_grade: g.id_produto_grade, descricao: g.descricao, sku: g.sku, is_padrao: g.is_padrao,
  situacao: g.situacao === 'Inativo' ? 'Inativo' : 'Ativo', itens: g.itens, preco_venda: g.preco_venda, preco_atacado: g.preco_atacado,
  preco_custo: g.preco_custo, preco_custo_medio: g.preco_custo_medio,
});

/** The rules a merged product must meet, in the domain's words. */
function checkRules(values: Values, grades: GradeIn[], codes: CodeIn[]) {
  firstIssue(checkFiscalCodes({ codigo_ncm: values.codigo_ncm as string | null, cest: values.cest as string | null }));
  firstIssue(checkBarcodes(codes));
  const cents = (v: unknown) => (typeof v === 'number' ? fromDecimal(v) : null);
  firstIssue(checkNotNegative([
    ...(['preco_compra', 'preco_compra_medio', 'preco_custo', 'preco_custo_medio', 'preco_venda', 'preco_atacado'] as const)
      .map((f) => ({ field: f, label: 'O preço', value: cents(values[f]) })),
    ...grades.flatMap((g, i) => (['preco_venda', 'preco_atacado', 'preco_custo', 'preco_custo_medio'] as const)
      .map((f) => ({ field: `grades.${i}.${f}`, label: 'O preço', value: cents(g[f]) }))),
  ]));
  const bp = (v: unknown) => (typeof v === 'number' ? percentFromDecimal(v) : null);
  const limits = { perc_max_reducao_preco_produto: bp(values.perc_max_reducao_preco_produto), perc_max_aumento_preco_produto: bp(values.perc_max_aumento_preco_produto) };
  const reference = cents(values.preco_venda) ?? 0;
  grades.forEach((g, i) => {
    const label = `Preço de venda de ${variationDescription(String(values.descricao), g)}`;
    const problem = checkSalePrice(label, reference, fromDecimal(g.preco_venda), limits);
    if (problem) throw refuse({ field: `grades.${i}.preco_venda`, message: problem });
  });
}

/**
 * The variation list to write: the body's, or the stored one. A product with variations of its own has no default
 * one (its 'Geral' goes); one without gets the default 'Geral' at the product's prices.
 */
function gradesToWrite(sent: GradeIn[] | undefined, stored: GradeIn[], values: Values): GradeIn[] {
  const list = sent ?? stored;
  const own = list.filter((g) => !g.is_padrao);
  if (own.length > 0) return own;
  const geral = list.find((g) => g.is_padrao);
  if (geral) return [geral];
  return [{
    chave: 'geral', descricao: 'Geral', is_padrao: true, situacao: 'Ativo', itens: [], sku: null,
    preco_venda: Number(values.preco_venda ?? 0), preco_atacado: Number(values.preco_atacado ?? 0),
    preco_custo: Number(values.preco_custo ?? 0), preco_custo_medio: Number(values.preco_custo_medio ?? 0),
  }];
}

export interface SaveResult {
  id_produto: number;
  variacoes_atualizadas: number;
}

/** Creates (stored null) or updates a product with its children; answers its id. */
async function save(tx: Tx, caller: Caller, body: CreateBody | UpdateBody, stored: ProductDetail | null): Promise<SaveResult> {
  const org = caller.id_organization;
  const values = {} as Values;
  for (const c of COLUMNS) {
    const sent = (body as Record<string, unknown>)[c];
    values[c] = sent !== undefined ? sent : stored ? (stored as unknown as Record<string, unknown>)[c] : (DEFAULTS[c] ?? null);
  }
  for (const c of ['codigo_ncm', 'cest'] as const) if (values[c] === '') values[c] = null;

  const storedGrades = stored ? stored.grades.map(gradeOf) : [];
  const grades = gradesToWrite(body.grades, storedGrades, values);
  const units: UnitIn[] = body.unidades_logisticas ?? stored?.unidades_logisticas ?? [];
  const codes: CodeIn[] = body.codigos_barra ?? stored?.codigos_barra.map((c) => ({ ...c, situacao: c.situacao === 'Inativo' ? 'Inativo' as const : 'Ativo' as const })) ?? [];

  // Ids named: the organization's live rows (404 otherwise), the children the product's own.
  await assertLive(tx, org, 'unidade_medida', 'id_unidade_medida', [values.id_unidade_medida as number, ...units.map((u) => u.id_unidade_medida)]);
  await assertLive(tx, org, 'marca', 'id_marca', [values.id_marca as number | null]);
  await assertLive(tx, org, 'categoria', 'id_categoria', [values.id_categoria as number | null]);
  await assertLive(tx, org, 'indexador_preco', 'id_indexador', [values.id_indexador as number | null]);
  await assertLive(tx, org, 'atributo_item', 'id_atributo_item', grades.flatMap((g) => g.itens));
  const ownGrades = new Set(storedGrades.map((g) => g.id_produto_grade));
  const ownUnits = new Set((stored?.unidades_logisticas ?? []).map((u) => u.id_produto_unidade_logistica));
  const ownCodes = new Set((stored?.codigos_barra ?? []).map((c) => c.id_produto_codigo_barra));
  if (grades.some((g) => g.id_produto_grade !== undefined && !ownGrades.has(g.id_produto_grade))) throw notFound();
  if (units.some((u) => u.id_produto_unidade_logistica !== undefined && !ownUnits.has(u.id_produto_unidade_logistica))) throw notFound();
  if (codes.some((c) => c.id_produto_codigo_barra !== undefined && !ownCodes.has(c.id_produto_codigo_barra))) throw notFound();

  checkRules(values, grades, codes);
  const gradeKeys = new Set(grades.map((g) => g.chave));
  const unitKeys = new Set(units.map((u) => u.chave));
  const removedUnits = new Set((stored?.unidades_logisticas ?? []).map((u) => u.chave).filter((k) => !unitKeys.has(k)));
  codes.forEach((c, i) => {
    if (!gradeKeys.has(c.chave_grade)) throw refuse({ field: `codigos_barra.${i}.chave_grade`, message: PRODUCT_MESSAGES.variationMissing });
    if (c.chave_unidade && removedUnits.has(c.chave_unidade)) {
      throw refuse({ field: 'unidades_logisticas', message: PRODUCT_MESSAGES.logisticsUnitHasBarcode });
    }
    if (c.chave_unidade && !unitKeys.has(c.chave_unidade)) {
      throw refuse({ field: `codigos_barra.${i}.chave_unidade`, message: PRODUCT_MESSAGES.logisticsUnitMissing });
    }
  });

  const self = stored?.id_produto ?? 0;
  const sku = await tx.query(
    `SELECT 1 FROM produto WHERE id_organization = $1 AND sku = $2 AND id_produto <> $3 AND data_exclusao IS NULL`,
    [org, values.sku, self],
  );
  if (sku.rows.length > 0) throw refuse({ field: 'sku', message: PRODUCT_MESSAGES.skuInUse(String(values.sku)) });
  if (codes.length > 0) {
    const { rows } = await tx.query<{ codigo: string; descricao: string }>(
      `SELECT b.codigo, p.descricao FROM produto_codigo_barra b
         JOIN produto p ON p.id_organization = b.id_organization AND p.id_produto = b.id_produto
        WHERE b.id_organization = $1 AND b.codigo = ANY($2::text[]) AND b.id_produto <> $3 AND b.data_exclusao IS NULL
        ORDER BY b.codigo LIMIT 1`,
      [org, codes.map((c) => c.codigo), self],
    );
    const used = rows[0];
    if (used) {
      const i = codes.findIndex((c) => c.codigo === used.codigo);
      throw refuse({ field: `codigos_barra.${i}.codigo`, message: PRODUCT_MESSAGES.barcodeInUse(used.codigo, used.descricao) });
    }
  }

  // The product.
  const tipo = grades.some((g) => !g.is_padrao) ? 'Grade' : 'Simples';
  const params = COLUMNS.map((c) => values[c]);
  let id_produto: number;
  if (stored) {
    id_produto = stored.id_produto;
    await tx.query(
      `UPDATE produto SET ${COLUMNS.map((c, i) => `${c} = $${i + 3}`).join(', ')}, tipo_produto = $${COLUMNS.length + 3}
        WHERE id_organization = $1 AND id_produto = $2`,
      [org, id_produto, ...params, tipo],
    );
  } else {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO produto (id_organization, ${COLUMNS.join(', ')}, tipo_produto)
       VALUES ($1, ${COLUMNS.map((_, i) => `$${i + 2}`).join(', ')}, $${COLUMNS.length + 2}) RETURNING id_produto AS id`,
      [org, ...params, tipo],
    );
    id_produto = rows[0]!.id;
  }

  const gradeIds = await writeGrades(tx, caller, id_produto, grades, storedGrades);
  const unitIds = await writeUnits(tx, org, id_produto, units, stored?.unidades_logisticas ?? []);
  await writeCodes(tx, org, id_produto, codes, stored?.codigos_barra ?? [], gradeIds, unitIds);

  // PUT with prices and no variation list: the quick price change of every variation in the active branch.
  let variacoes_atualizadas = 0;
  if (stored && body.grades === undefined && (body.preco_venda !== undefined || body.preco_atacado !== undefined)) {
    const updated = await tx.query(
      `UPDATE produto_grade_filial pgf SET preco_venda = coalesce($4, pgf.preco_venda), preco_atacado = coalesce($5, pgf.preco_atacado)
         FROM produto_grade g
        WHERE g.id_organization = pgf.id_organization AND g.id_produto_grade = pgf.id_produto_grade
          AND pgf.id_organization = $1 AND pgf.id_filial = $2 AND g.id_produto = $3 AND pgf.data_exclusao IS NULL AND g.data_exclusao IS NULL`,
      [org, caller.id_filial, id_produto, body.preco_venda ?? null, body.preco_atacado ?? null],
    );
    variacoes_atualizadas = updated.rowCount;
  } else if (body.grades !== undefined || !stored) {
    variacoes_atualizadas = grades.length;
  }
  await resolveProductPrices(tx, org, id_produto);
  return { id_produto, variacoes_atualizadas };
}

/** The price tables' resolved prices (the `price` stream) of the product's per-branch rows. */
async function resolveProductPrices(tx: Tx, org: number, id_produto: number) {
  const { rows } = await tx.query<{ lo: number | null; hi: number | null }>(
    `SELECT min(pgf.id_produto_grade_filial) AS lo, max(pgf.id_produto_grade_filial) AS hi FROM produto_grade_filial pgf
       JOIN produto_grade g ON g.id_organization = pgf.id_organization AND g.id_produto_grade = pgf.id_produto_grade
      WHERE pgf.id_organization = $1 AND g.id_produto = $2`,
    [org, id_produto],
  );
  const range = rows[0];
  if (range?.lo != null && range.hi != null) await resolvePrices(tx, org, { fromGradeFilial: range.lo, toGradeFilial: range.hi });
}

/** Variations: removed ones tombstoned (with their branch rows), kept ones updated, new ones made in every branch. */
async function writeGrades(tx: Tx, caller: Caller, id_produto: number, grades: GradeIn[], stored: GradeIn[]): Promise<Map<string, number>> {
  const org = caller.id_organization;
  const keep = new Set(grades.map((g) => g.id_produto_grade).filter((v): v is number => v !== undefined));
  const removed = stored.map((g) => g.id_produto_grade!).filter((id) => !keep.has(id));
  if (removed.length > 0) {
    await tx.query(
      `UPDATE produto_codigo_barra SET data_exclusao = now() WHERE id_organization = $1 AND id_produto_grade = ANY($2::integer[]) AND data_exclusao IS NULL`,
      [org, removed],
    );
    await tx.query(
      `UPDATE produto_grade_filial SET data_exclusao = now() WHERE id_organization = $1 AND id_produto_grade = ANY($2::integer[]) AND data_exclusao IS NULL`,
      [org, removed],
    );
    await tx.query(`UPDATE produto_grade SET data_exclusao = now() WHERE id_organization = $1 AND id_produto_grade = ANY($2::integer[])`, [org, removed]);
  }
  const ids = new Map<string, number>();
  for (const g of grades) {
    let id = g.id_produto_grade;
    if (id !== undefined) {
      await tx.query(
        `UPDATE produto_grade SET descricao = $3, sku = $4, is_padrao = $5, situacao = $6
          WHERE id_organization = $1 AND id_produto_grade = $2
            AND (descricao, sku, is_padrao, situacao) IS DISTINCT FROM ($3, $4, $5, $6)`,
        [org, id, g.descricao, g.sku ?? null, g.is_padrao, g.situacao],
      );
      const prices = await tx.query(
        `UPDATE produto_grade_filial SET preco_venda = $4, preco_atacado = $5, preco_custo = $6, preco_custo_medio = $7
          WHERE id_organization = $1 AND id_produto_grade = $2 AND id_filial = $3
            AND (preco_venda, preco_atacado, preco_custo, preco_custo_medio, data_exclusao) IS DISTINCT FROM ($4, $5, $6, $7, NULL)`,
        [org, id, caller.id_filial, g.preco_venda, g.preco_atacado, g.preco_custo, g.preco_custo_medio],
      );
      if (prices.rowCount === 0) {
        // A branch opened after the variation was made has no row yet: the active branch gets one now.
        await tx.query(
          `INSERT INTO produto_grade_filial (id_organization, id_produto_grade, id_filial, preco_venda, preco_atacado, preco_custo, preco_custo_medio)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id_organization, id_produto_grade, id_filial) DO NOTHING`,
          [org, id, caller.id_filial, g.preco_venda, g.preco_atacado, g.preco_custo, g.preco_custo_medio],
        );
      }
    } else {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO produto_grade (id_organization, id_produto, descricao, sku, is_padrao, situacao)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id_produto_grade AS id`,
        [org, id_produto, g.descricao, g.sku ?? null, g.is_padrao, g.situacao],
      );
      id = rows[0]!.id;
      await tx.query(
        `INSERT INTO produto_grade_filial (id_organization, id_produto_grade, id_filial, preco_venda, preco_atacado, preco_custo, preco_custo_medio)
         SELECT $1, $2, f.id_filial, $3, $4, $5, $6 FROM filial f WHERE f.id_organization = $1 AND f.data_exclusao IS NULL ORDER BY f.id_filial`,
        [org, id, g.preco_venda, g.preco_atacado, g.preco_custo, g.preco_custo_medio],
      );
    }
    await tx.query(
      `UPDATE produto_grade_atributo SET data_exclusao = now()
        WHERE id_organization = $1 AND id_produto_grade = $2 AND data_exclusao IS NULL AND NOT (id_atributo_item = ANY($3::integer[]))`,
      [org, id, g.itens],
    );
    if (g.itens.length > 0) {
      await tx.query(
        `INSERT INTO produto_grade_atributo (id_organization, id_produto_grade, id_atributo_item)
         SELECT DISTINCT $1::integer, $2::integer, i FROM unnest($3::integer[]) AS i
         ON CONFLICT (id_organization, id_produto_grade, id_atributo_item) DO UPDATE SET data_exclusao = NULL, data_alteracao = now()
          WHERE produto_grade_atributo.data_exclusao IS NOT NULL`,
        [org, id, g.itens],
      );
    }
    ids.set(g.chave, id);
  }
  return ids;
}

/** Logistics units: removed ones tombstoned, kept ones updated, new ones added. */
async function writeUnits(tx: Tx, org: number, id_produto: number, units: UnitIn[], stored: ProductDetail['unidades_logisticas']) {
  const keep = new Set(units.map((u) => u.id_produto_unidade_logistica));
  const removed = stored.map((u) => u.id_produto_unidade_logistica).filter((id) => !keep.has(id));
  if (removed.length > 0) {
    await tx.query(
      `UPDATE produto_codigo_barra SET data_exclusao = now()
        WHERE id_organization = $1 AND id_produto_unidade_logistica = ANY($2::integer[]) AND data_exclusao IS NULL`,
      [org, removed],
    );
    await tx.query(
      `UPDATE produto_unidade_logistica SET data_exclusao = now() WHERE id_organization = $1 AND id_produto_unidade_logistica = ANY($2::integer[])`,
      [org, removed],
    );
  }
  const ids = new Map<string, number>();
  for (const u of units) {
    if (u.id_produto_unidade_logistica !== undefined) {
      await tx.query(
        `UPDATE produto_unidade_logistica SET id_unidade_medida = $3, multiplicador = $4
          WHERE id_organization = $1 AND id_produto_unidade_logistica = $2 AND (id_unidade_medida, multiplicador) IS DISTINCT FROM ($3, $4::numeric)`,
        [org, u.id_produto_unidade_logistica, u.id_unidade_medida, u.multiplicador],
      );
      ids.set(u.chave, u.id_produto_unidade_logistica);
    } else {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO produto_unidade_logistica (id_organization, id_produto, id_unidade_medida, multiplicador)
         VALUES ($1, $2, $3, $4) RETURNING id_produto_unidade_logistica AS id`,
        [org, id_produto, u.id_unidade_medida, u.multiplicador],
      );
      ids.set(u.chave, rows[0]!.id);
    }
  }
  return ids;
}

/** Barcodes: removed ones tombstoned first (their codes free again), kept ones updated, new ones added. */
async function writeCodes(
  tx: Tx, org: number, id_produto: number, codes: CodeIn[], stored: ProductDetail['codigos_barra'],
  gradeIds: Map<string, number>, unitIds: Map<string, number>,
) {
  const keep = new Set(codes.map((c) => c.id_produto_codigo_barra));
  const removed = stored.map((c) => c.id_produto_codigo_barra).filter((id) => !keep.has(id));
  // Codes changed on kept rows are moved aside first, so two rows may swap their codes in one save.
  const changed = codes.filter((c) => c.id_produto_codigo_barra !== undefined
    && stored.find((s) => s.id_produto_codigo_barra === c.id_produto_codigo_barra)?.codigo !== c.codigo);
  if (removed.length > 0) {
    await tx.query(
      `UPDATE produto_codigo_barra SET data_exclusao = now() WHERE id_organization = $1 AND id_produto_codigo_barra = ANY($2::integer[]) AND data_exclusao IS NULL`,
      [org, removed],
    );
  }
  if (changed.length > 0) {
    await tx.query(
      `UPDATE produto_codigo_barra SET codigo = '.-.' || id_produto_codigo_barra WHERE id_organization = $1 AND id_produto_codigo_barra = ANY($2::integer[])`,
      [org, changed.map((c) => c.id_produto_codigo_barra)],
    );
  }
  for (const c of codes) {
    const grade = gradeIds.get(c.chave_grade)!;
    const unit = c.chave_unidade ? unitIds.get(c.chave_unidade)! : null;
    if (c.id_produto_codigo_barra !== undefined) {
      await tx.query(
        `UPDATE produto_codigo_barra SET codigo = $3, codigo_interno = $4, situacao = $5, id_produto_grade = $6, id_produto_unidade_logistica = $7
          WHERE id_organization = $1 AND id_produto_codigo_barra = $2
            AND (codigo, codigo_interno, situacao, id_produto_grade, id_produto_unidade_logistica) IS DISTINCT FROM ($3, $4, $5, $6, $7)`,
        [org, c.id_produto_codigo_barra, c.codigo, c.codigo_interno, c.situacao, grade, unit],
      );
    } else {
      await tx.query(
        `INSERT INTO produto_codigo_barra (id_organization, id_produto, id_produto_grade, id_produto_unidade_logistica, codigo, codigo_interno, situacao)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [org, id_produto, grade, unit, c.codigo, c.codigo_interno, c.situacao],
      );
    }
  }
}

async function detail(tx: Tx, caller: Caller, id_produto: number): Promise<ProductDetail> {
  const product = await findProduct(tx, caller.id_organization, caller.id_filial, id_produto);
  if (!product) throw notFound();
  return product;
}

export async function createProduct(tx: Tx, caller: Caller, body: CreateBody): Promise<ProductDetail> {
  const { id_produto } = await save(tx, caller, body, null);
  return detail(tx, caller, id_produto);
}

export async function updateProduct(tx: Tx, caller: Caller, body: UpdateBody) {
  const stored = await detail(tx, caller, body.id_produto);
  const { id_produto, variacoes_atualizadas } = await save(tx, caller, body, stored);
  return { ...(await detail(tx, caller, id_produto)), variacoes_atualizadas };
}

/** The situacao changed in place (the list's toggle): the product only. */
export async function setProductSituacao(tx: Tx, caller: Caller, id_produto: number, situacao: string) {
  const { rows } = await tx.query<{ id_produto: number; situacao: string }>(
    `UPDATE produto SET situacao = $3 WHERE id_organization = $1 AND id_produto = $2 AND data_exclusao IS NULL RETURNING id_produto, situacao`,
    [caller.id_organization, id_produto, situacao],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/**
 * A copy of the product under the next SKU: its columns, variations (at the active branch's prices, in every branch)
 * and logistics units; not its barcodes (a code names one product). The description says it is a copy.
 */
export async function duplicateProduct(tx: Tx, caller: Caller, id_produto: number): Promise<ProductDetail> {
  const source = await detail(tx, caller, id_produto);
  const sku = await findNextSku(tx, caller.id_organization);
  const columns = Object.fromEntries(COLUMNS.map((c) => [c, (source as unknown as Record<string, unknown>)[c]]));
  const body = {
    ...columns,
    descricao: `${source.descricao} (cópia)`.slice(0, 120),
    sku,
    grades: source.grades.map((g) => ({ ...gradeOf(g), id_produto_grade: undefined, sku: g.sku?.startsWith(source.sku) ? `${sku}${g.sku.slice(source.sku.length)}` : null })),
    unidades_logisticas: source.unidades_logisticas.map((u) => ({ chave: u.chave, id_unidade_medida: u.id_unidade_medida, multiplicador: u.multiplicador })),
    codigos_barra: [],
  } as unknown as CreateBody;
  return createProduct(tx, caller, body);
}

