/**
 * SQL of the fiscal entry (migration 057): the imported purchase invoices and their items, the supplier-code matches,
 * and the reads of the branch, its configuration and the catalogue the matching needs. Every query is scoped by the
 * organization and, for branch-owned rows, the branch.
 */
import type { Tx } from '../../db/database.ts';

export interface Scope {
  org: number;
  id_filial: number;
}

export interface BranchFacts {
  cnpj: string;
  codigo_regime_tributario: number;
  id_endereco_estoque_venda: number | null;
}

export async function branchFacts(tx: Tx, s: Scope): Promise<BranchFacts | undefined> {
  const { rows } = await tx.query<BranchFacts>(
    `SELECT f.cnpj, coalesce(c.codigo_regime_tributario, 1) AS codigo_regime_tributario, c.id_endereco_estoque_venda
       FROM filial f LEFT JOIN filial_configuracao c ON c.id_organization = f.id_organization AND c.id_filial = f.id_filial
      WHERE f.id_organization = $1 AND f.id_filial = $2`,
    [s.org, s.id_filial],
  );
  return rows[0];
}

/** The branch's stock address for entries: the configured sale address, else its first live address. */
export async function entryAddress(tx: Tx, s: Scope, configured: number | null): Promise<number | null> {
  const { rows } = await tx.query<{ id: number }>(
    `SELECT id_endereco_estoque AS id FROM endereco_estoque
      WHERE id_organization = $1 AND id_filial = $2 AND data_exclusao IS NULL
      ORDER BY (id_endereco_estoque = $3::int) DESC NULLS LAST, id_endereco_estoque LIMIT 1`,
    [s.org, s.id_filial, configured],
  );
  return rows[0]?.id ?? null;
}

/** The organization's active entry movement type for imports: code ENTRADA first, else the first active Entrada. */
export async function entryMovementType(tx: Tx, org: number): Promise<number | null> {
  const { rows } = await tx.query<{ id: number }>(
    `SELECT id_tipo_movimentacao_estoque AS id FROM tipo_movimentacao_estoque
      WHERE id_organization = $1 AND operacao = 'Entrada' AND tipo_operacao = 'Ajuste' AND situacao = 'Ativo' AND data_exclusao IS NULL
      ORDER BY (codigo = 'ENTRADA') DESC, id_tipo_movimentacao_estoque LIMIT 1`,
    [org],
  );
  return rows[0]?.id ?? null;
}

export async function keyImported(tx: Tx, org: number, chave: string): Promise<boolean> {
  const { rows } = await tx.query(`SELECT 1 FROM nota_fiscal_entrada WHERE id_organization = $1 AND chave_acesso = $2 AND data_exclusao IS NULL`, [org, chave]);
  return rows.length > 0;
}

export interface VariationMatch {
  id_produto_grade_filial: number;
  id_produto: number;
  sku: string;
  descricao: string;
  /** Stock units in one unit of the match (a remembered or barcode's logistics unit), thousandths as text; null: unknown. */
  multiplicador: string | null;
}

const VARIATION = /* sql */ `
  pgf.id_produto_grade_filial, g.id_produto, coalesce(g.sku, p.sku) AS sku,
  p.descricao || CASE WHEN g.is_padrao THEN '' ELSE ' ' || g.descricao END AS descricao`;
const VARIATION_JOIN = /* sql */ `
  JOIN produto_grade g ON g.id_organization = pgf.id_organization AND g.id_produto_grade = pgf.id_produto_grade AND g.data_exclusao IS NULL
  JOIN produto p ON p.id_organization = g.id_organization AND p.id_produto = g.id_produto AND p.data_exclusao IS NULL`;

/** The remembered matches of a supplier's codes, as the branch's variations. */
export async function rememberedMatches(tx: Tx, s: Scope, id_pessoa: number, codes: readonly string[]): Promise<Map<string, VariationMatch>> {
  const { rows } = await tx.query<VariationMatch & { codigo: string }>(
    `SELECT fp.codigo_fornecedor AS codigo, ${VARIATION}, fp.multiplicador::text AS multiplicador
       FROM fornecedor_produto fp
       JOIN produto_grade_filial pgf ON pgf.id_organization = fp.id_organization AND pgf.id_produto_grade = fp.id_produto_grade
                                     AND pgf.id_filial = $2 AND pgf.data_exclusao IS NULL ${VARIATION_JOIN}
      WHERE fp.id_organization = $1 AND fp.id_pessoa = $3 AND fp.codigo_fornecedor = ANY($4::text[])`,
    [s.org, s.id_filial, id_pessoa, codes],
  );
  return new Map(rows.map((r) => [r.codigo, r]));
}

/** The branch's variations with these barcodes (with the logistics unit's multiplier when the code names one). */
export async function barcodeMatches(tx: Tx, s: Scope, codes: readonly string[]): Promise<Map<string, VariationMatch>> {
  const { rows } = await tx.query<VariationMatch & { codigo: string }>(
    `SELECT DISTINCT ON (cb.codigo) cb.codigo, ${VARIATION}, ul.multiplicador::text AS multiplicador
       FROM produto_codigo_barra cb
       JOIN produto_grade_filial pgf ON pgf.id_organization = cb.id_organization AND pgf.id_produto_grade = cb.id_produto_grade
                                     AND pgf.id_filial = $2 AND pgf.data_exclusao IS NULL ${VARIATION_JOIN}
       LEFT JOIN produto_unidade_logistica ul ON ul.id_organization = cb.id_organization AND ul.id_produto_unidade_logistica = cb.id_produto_unidade_logistica
                                             AND ul.data_exclusao IS NULL
      WHERE cb.id_organization = $1 AND cb.codigo = ANY($3::text[]) AND cb.data_exclusao IS NULL AND cb.situacao = 'Ativo'
      ORDER BY cb.codigo, pgf.id_produto_grade_filial`,
    [s.org, s.id_filial, codes],
  );
  return new Map(rows.map((r) => [r.codigo, r]));
}

/** The branch's live variations among these ids. */
export async function variations(tx: Tx, s: Scope, ids: readonly number[]): Promise<Map<number, VariationMatch>> {
  const { rows } = await tx.query<VariationMatch>(
    `SELECT ${VARIATION}, NULL::text AS multiplicador FROM produto_grade_filial pgf ${VARIATION_JOIN}
      WHERE pgf.id_organization = $1 AND pgf.id_filial = $2 AND pgf.id_produto_grade_filial = ANY($3::int[]) AND pgf.data_exclusao IS NULL`,
    [s.org, s.id_filial, ids],
  );
  return new Map(rows.map((r) => [r.id_produto_grade_filial, r]));
}

/** The multiplier of the products' logistics units whose measure unit's sigla is the commercial unit (case-insensitive). */
export async function unitMultipliers(tx: Tx, org: number, pairs: ReadonlyArray<{ id_produto: number; unidade: string }>): Promise<Map<string, string>> {
  if (pairs.length === 0) return new Map();
  const { rows } = await tx.query<{ id_produto: number; sigla: string; multiplicador: string }>(
    `SELECT ul.id_produto, upper(u.sigla) AS sigla, max(ul.multiplicador)::text AS multiplicador
       FROM produto_unidade_logistica ul
       JOIN unidade_medida u ON u.id_organization = ul.id_organization AND u.id_unidade_medida = ul.id_unidade_medida
      WHERE ul.id_organization = $1 AND ul.data_exclusao IS NULL AND ul.id_produto = ANY($2::int[]) AND upper(u.sigla) = ANY($3::text[])
      GROUP BY ul.id_produto, upper(u.sigla)`,
    [org, pairs.map((p) => p.id_produto), pairs.map((p) => p.unidade.toUpperCase())],
  );
  return new Map(rows.map((r) => [`${r.id_produto}:${r.sigla}`, r.multiplicador]));
}

export async function rememberMatches(tx: Tx, org: number, id_pessoa: number, matches: ReadonlyArray<{ codigo: string; id_produto_grade_filial: number; multiplicador: string }>): Promise<void> {
  for (const m of matches) {
    await tx.query(
      `INSERT INTO fornecedor_produto (id_organization, id_pessoa, codigo_fornecedor, id_produto_grade, multiplicador)
       SELECT $1, $2, $3, pgf.id_produto_grade, $5::numeric FROM produto_grade_filial pgf WHERE pgf.id_organization = $1 AND pgf.id_produto_grade_filial = $4
       ON CONFLICT (id_organization, id_pessoa, codigo_fornecedor)
       DO UPDATE SET id_produto_grade = excluded.id_produto_grade, multiplicador = excluded.multiplicador, data_alteracao = now()`,
      [org, id_pessoa, m.codigo, m.id_produto_grade_filial, m.multiplicador],
    );
  }
}

export interface NewImport {
  chave_acesso: string;
  serie: string;
  numero: string;
  data_emissao: string;
  natureza_operacao: string;
  protocolo: string | null;
  id_fornecedor: number;
  fornecedor_nome: string;
  fornecedor_cnpj: string;
  fornecedor_criado: boolean;
  pis_cofins_nao_cumulativo: boolean;
  codigo_regime_tributario: number;
  valor_produtos: string;
  valor_total: string;
  valor_custo_liquido: string;
  xml: string;
}

/** Inserts the invoice (EmImportacao); null when the key is already imported (also by a concurrent import). */
export async function insertImport(tx: Tx, s: Scope, id_usuario: number, n: NewImport): Promise<number | null> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO nota_fiscal_entrada (id_organization, id_filial, chave_acesso, serie, numero, data_emissao, natureza_operacao, protocolo,
       id_fornecedor, fornecedor_nome, fornecedor_cnpj, fornecedor_criado, pis_cofins_nao_cumulativo, codigo_regime_tributario,
       valor_produtos, valor_total, valor_custo_liquido, situacao, xml, id_usuario)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, 'EmImportacao', $18, $19)
     ON CONFLICT (id_organization, chave_acesso) WHERE data_exclusao IS NULL DO NOTHING
     RETURNING id_nota_fiscal_entrada AS id`,
    [s.org, s.id_filial, n.chave_acesso, n.serie, n.numero, n.data_emissao, n.natureza_operacao, n.protocolo, n.id_fornecedor, n.fornecedor_nome,
      n.fornecedor_cnpj, n.fornecedor_criado, n.pis_cofins_nao_cumulativo, n.codigo_regime_tributario, n.valor_produtos, n.valor_total,
      n.valor_custo_liquido, n.xml, id_usuario],
  );
  return rows[0]?.id ?? null;
}

export interface NewImportItem {
  n_item: number;
  codigo_fornecedor: string;
  gtin: string | null;
  descricao: string;
  ncm: string;
  cfop: string;
  unidade: string;
  quantidade_comercial: string;
  id_produto_grade_filial: number;
  multiplicador: string;
  quantidade: string;
  valor_produtos: string;
  valor_custo_bruto: string;
  credito_icms: string;
  credito_pis_cofins: string;
  valor_custo_liquido: string;
  valor_custo_unitario: string;
}

export async function insertItems(tx: Tx, org: number, id: number, items: readonly NewImportItem[]): Promise<void> {
  for (const i of items) {
    await tx.query(
      `INSERT INTO nota_fiscal_entrada_item (id_organization, id_nota_fiscal_entrada, n_item, codigo_fornecedor, gtin, descricao, ncm, cfop, unidade,
         quantidade_comercial, id_produto_grade_filial, multiplicador, quantidade, valor_produtos, valor_custo_bruto, credito_icms,
         credito_pis_cofins, valor_custo_liquido, valor_custo_unitario)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
      [org, id, i.n_item, i.codigo_fornecedor, i.gtin, i.descricao, i.ncm, i.cfop, i.unidade, i.quantidade_comercial, i.id_produto_grade_filial,
        i.multiplicador, i.quantidade, i.valor_produtos, i.valor_custo_bruto, i.credito_icms, i.credito_pis_cofins, i.valor_custo_liquido,
        i.valor_custo_unitario],
    );
  }
}

export async function finishImport(tx: Tx, s: Scope, id: number, id_documento_estoque: number, ids_documento_financeiro: readonly number[]): Promise<void> {
  await tx.query(
    `UPDATE nota_fiscal_entrada SET situacao = 'Importada', id_documento_estoque = $4, ids_documento_financeiro = $5::int[], data_alteracao = now()
      WHERE id_organization = $1 AND id_filial = $2 AND id_nota_fiscal_entrada = $3`,
    [s.org, s.id_filial, id, id_documento_estoque, ids_documento_financeiro],
  );
  // The same key among the branch's destined invoices (destined.ts) now points at its import.
  await tx.query(
    `UPDATE nfe_destinada d SET id_nota_fiscal_entrada = e.id_nota_fiscal_entrada, data_alteracao = now()
       FROM nota_fiscal_entrada e
      WHERE e.id_organization = $1 AND e.id_nota_fiscal_entrada = $3 AND d.id_organization = $1 AND d.id_filial = $2
        AND d.chave_acesso = e.chave_acesso`,
    [s.org, s.id_filial, id],
  );
}

export interface ImportRow {
  id_nota_fiscal_entrada: number;
  chave_acesso: string;
  numero: string;
  serie: string;
  data_emissao: Date | string;
  id_fornecedor: number;
  fornecedor_nome: string;
  fornecedor_cnpj: string;
  valor_total: string;
  valor_custo_liquido: string;
  situacao: 'EmImportacao' | 'Importada';
  id_documento_estoque: number | null;
  ids_documento_financeiro: number[];
  data_cadastro: Date | string;
}

const ROW = /* sql */ `id_nota_fiscal_entrada, chave_acesso, numero, serie, data_emissao, id_fornecedor, fornecedor_nome, fornecedor_cnpj,
  valor_total::text AS valor_total, valor_custo_liquido::text AS valor_custo_liquido, situacao, id_documento_estoque, ids_documento_financeiro, data_cadastro`;

export async function findImports(tx: Tx, s: Scope, search: string, page: { skip: number; take: number }): Promise<{ rows: ImportRow[]; count: number }> {
  const where = `id_organization = $1 AND id_filial = $2 AND data_exclusao IS NULL
    AND ($3 = '' OR chave_acesso LIKE '%' || $3 || '%' OR numero = $3 OR fornecedor_nome ILIKE '%' || $3 || '%' OR fornecedor_cnpj LIKE '%' || $3 || '%')`;
  const params = [s.org, s.id_filial, search.trim()];
  const { rows } = await tx.query<ImportRow>(
    `SELECT ${ROW} FROM nota_fiscal_entrada WHERE ${where} ORDER BY data_emissao DESC, id_nota_fiscal_entrada DESC OFFSET $4 LIMIT $5`,
    [...params, page.skip, page.take],
  );
  const { rows: c } = await tx.query<{ n: string }>(`SELECT count(*)::text AS n FROM nota_fiscal_entrada WHERE ${where}`, params);
  return { rows, count: Number(c[0]?.n ?? 0) };
}

export async function findImport(tx: Tx, s: Scope, id: number): Promise<ImportRow | undefined> {
  const { rows } = await tx.query<ImportRow>(
    `SELECT ${ROW} FROM nota_fiscal_entrada WHERE id_organization = $1 AND id_filial = $2 AND id_nota_fiscal_entrada = $3 AND data_exclusao IS NULL`,
    [s.org, s.id_filial, id],
  );
  return rows[0];
}

export interface ImportItemRow {
  n_item: number;
  codigo_fornecedor: string;
  gtin: string | null;
  descricao: string;
  unidade: string;
  quantidade_comercial: string;
  id_produto_grade_filial: number;
  sku: string;
  produto: string;
  multiplicador: string;
  quantidade: string;
  valor_produtos: string;
  valor_custo_bruto: string;
  credito_icms: string;
  credito_pis_cofins: string;
  valor_custo_liquido: string;
  valor_custo_unitario: string;
}

export async function findImportItems(tx: Tx, org: number, id: number): Promise<ImportItemRow[]> {
  const { rows } = await tx.query<ImportItemRow>(
    `SELECT i.n_item, i.codigo_fornecedor, i.gtin, i.descricao, i.unidade, i.quantidade_comercial::text, i.id_produto_grade_filial,
            coalesce(g.sku, p.sku) AS sku, p.descricao || CASE WHEN g.is_padrao THEN '' ELSE ' ' || g.descricao END AS produto,
            i.multiplicador::text, i.quantidade::text, i.valor_produtos::text, i.valor_custo_bruto::text, i.credito_icms::text,
            i.credito_pis_cofins::text, i.valor_custo_liquido::text, i.valor_custo_unitario::text
       FROM nota_fiscal_entrada_item i
       JOIN produto_grade_filial pgf ON pgf.id_organization = i.id_organization AND pgf.id_produto_grade_filial = i.id_produto_grade_filial
       JOIN produto_grade g ON g.id_organization = pgf.id_organization AND g.id_produto_grade = pgf.id_produto_grade
       JOIN produto p ON p.id_organization = g.id_organization AND p.id_produto = g.id_produto
      WHERE i.id_organization = $1 AND i.id_nota_fiscal_entrada = $2 AND i.data_exclusao IS NULL ORDER BY i.n_item`,
    [org, id],
  );
  return rows;
}
