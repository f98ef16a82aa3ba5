/**
 * SQL of the stock documents (documento_estoque, documento_estoque_item) and the stock balance of a branch. Only the
 * stock module writes these tables (owners.test.ts). Every statement is scoped by organization and branch.
 */
import type { Tx } from '../../db/database.ts';

export interface Scope {
  org: number;
  id_filial: number;
}

export interface DocumentRow {
  id_documento_estoque: number;
  id_filial: number;
  id_tipo_movimentacao_estoque: number;
  tipo: string;
  operacao: 'Entrada' | 'Saida' | 'Transferencia';
  tipo_destino: string | null;
  descricao: string | null;
  observacao: string | null;
  data_documento: string;
  situacao: 0 | 1 | 2;
  quantidade_total: string;
  valor_total: string;
  itens_count: number;
  usuario: string | null;
  data_hora_cadastro: Date | string;
  data_processamento: Date | string | null;
  data_cancelamento: Date | string | null;
  id_filial_destino: number | null;
  filial_destino: string | null;
  id_nota_fiscal: number | null;
  numero_nota_fiscal: number | null;
  situacao_nota_fiscal: string | null;
  /** The counter-document that reversed this one, and the document a counter-document reversed. */
  id_documento_estorno: number | null;
  id_documento_estornado: number | null;
}

const SELECT_DOCUMENT = `
  SELECT d.id_documento_estoque, d.id_filial, d.id_tipo_movimentacao_estoque, t.codigo || ' - ' || t.descricao AS tipo, d.operacao,
         d.tipo_destino, d.descricao, d.observacao, to_char(d.data_documento, 'YYYY-MM-DD') AS data_documento, d.situacao::int AS situacao,
         d.quantidade_total::text AS quantidade_total, d.valor_total::text AS valor_total,
         (SELECT count(*)::int FROM documento_estoque_item i WHERE i.id_organization = d.id_organization
             AND i.id_documento_estoque = d.id_documento_estoque AND i.data_exclusao IS NULL) AS itens_count,
         u.nome AS usuario, d.data_hora_cadastro, d.data_processamento, d.data_cancelamento,
         d.id_filial_destino, fd.nome_fantasia AS filial_destino, d.id_nota_fiscal, nf.numero_nota_fiscal::int AS numero_nota_fiscal,
         nf.situacao AS situacao_nota_fiscal, d.id_documento_estorno, d.id_documento_estornado
    FROM documento_estoque d
    JOIN tipo_movimentacao_estoque t ON t.id_organization = d.id_organization AND t.id_tipo_movimentacao_estoque = d.id_tipo_movimentacao_estoque
    LEFT JOIN usuario u ON u.id_organization = d.id_organization AND u.id_usuario = d.id_usuario
    LEFT JOIN filial fd ON fd.id_organization = d.id_organization AND fd.id_filial = d.id_filial_destino
    LEFT JOIN nota_fiscal nf ON nf.id_organization = d.id_organization AND nf.id_nota_fiscal = d.id_nota_fiscal`;

export async function findDocument(tx: Tx, s: Scope, id: number, lock = false): Promise<DocumentRow | undefined> {
  if (lock) {
    // The row lock makes a second process or cancel of the same document wait, then see the state the first left.
    await tx.query(
      `SELECT 1 FROM documento_estoque WHERE id_organization = $1 AND id_filial = $2 AND id_documento_estoque = $3 AND data_exclusao IS NULL FOR UPDATE`,
      [s.org, s.id_filial, id],
    );
  }
  const { rows } = await tx.query<DocumentRow>(
    `${SELECT_DOCUMENT} WHERE d.id_organization = $1 AND d.id_filial = $2 AND d.id_documento_estoque = $3 AND d.data_exclusao IS NULL`,
    [s.org, s.id_filial, id],
  );
  return rows[0];
}

export interface ListFilter {
  search: string;
  id_tipo_movimentacao_estoque?: number | undefined;
  operacao?: string | undefined;
  situacao?: number | undefined;
  data_inicio?: string | undefined;
  data_fim?: string | undefined;
}

export async function findDocuments(tx: Tx, s: Scope, f: ListFilter, page: { skip: number; take: number }) {
  const search = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
  const where = `d.id_organization = $1 AND d.id_filial = $2 AND d.data_exclusao IS NULL
      AND ($3 = '%%' OR lower(coalesce(d.descricao, '')) LIKE $3 OR lower(coalesce(d.observacao, '')) LIKE $3 OR lower(t.descricao) LIKE $3
           OR d.id_documento_estoque::text = $9)
      AND ($4::int IS NULL OR d.id_tipo_movimentacao_estoque = $4) AND ($5::text IS NULL OR d.operacao = $5)
      AND ($6::int IS NULL OR d.situacao = $6) AND ($7::date IS NULL OR d.data_documento >= $7::date)
      AND ($8::date IS NULL OR d.data_documento <= $8::date)`;
  const params = [s.org, s.id_filial, search, f.id_tipo_movimentacao_estoque ?? null, f.operacao ?? null, f.situacao ?? null,
    f.data_inicio ?? null, f.data_fim ?? null, f.search.trim()];
  const { rows } = await tx.query<DocumentRow>(
    `${SELECT_DOCUMENT} WHERE ${where} ORDER BY d.data_hora_cadastro DESC, d.id_documento_estoque DESC LIMIT $10 OFFSET $11`,
    [...params, page.take, page.skip],
  );
  const count = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM documento_estoque d
       JOIN tipo_movimentacao_estoque t ON t.id_organization = d.id_organization AND t.id_tipo_movimentacao_estoque = d.id_tipo_movimentacao_estoque
      WHERE ${where}`,
    params,
  );
  return { rows, count: count.rows[0]?.n ?? 0 };
}

export interface ItemRow {
  id_documento_estoque_item: number;
  ordem: number;
  id_produto_grade_filial: number;
  sku: string;
  descricao: string;
  variacao: string;
  id_endereco_estoque: number;
  endereco: string;
  id_endereco_estoque_destino: number | null;
  endereco_destino: string | null;
  quantidade: string;
  valor_unitario: string;
  valor_total: string;
}

export async function findItems(tx: Tx, s: Scope, id: number): Promise<ItemRow[]> {
  const { rows } = await tx.query<ItemRow>(
    `SELECT i.id_documento_estoque_item, i.ordem, i.id_produto_grade_filial, coalesce(g.sku, p.sku) AS sku, p.descricao, g.descricao AS variacao,
            i.id_endereco_estoque, a.codigo || ' - ' || a.descricao AS endereco,
            i.id_endereco_estoque_destino, CASE WHEN b.id_endereco_estoque IS NOT NULL THEN b.codigo || ' - ' || b.descricao END AS endereco_destino,
            i.quantidade::text AS quantidade, i.valor_unitario::text AS valor_unitario, i.valor_total::text AS valor_total
       FROM documento_estoque_item i
       JOIN produto_grade_filial gf ON gf.id_organization = i.id_organization AND gf.id_produto_grade_filial = i.id_produto_grade_filial
       JOIN produto_grade g ON g.id_organization = gf.id_organization AND g.id_produto_grade = gf.id_produto_grade
       JOIN produto p ON p.id_organization = g.id_organization AND p.id_produto = g.id_produto
       JOIN endereco_estoque a ON a.id_organization = i.id_organization AND a.id_endereco_estoque = i.id_endereco_estoque
       LEFT JOIN endereco_estoque b ON b.id_organization = i.id_organization AND b.id_endereco_estoque = i.id_endereco_estoque_destino
      WHERE i.id_organization = $1 AND i.id_filial = $2 AND i.id_documento_estoque = $3 AND i.data_exclusao IS NULL
      ORDER BY i.ordem`,
    [s.org, s.id_filial, id],
  );
  return rows;
}

export interface MovementType {
  id_tipo_movimentacao_estoque: number;
  operacao: string;
  tipo_operacao: string;
  tipo_valoracao: string;
  situacao: string;
  descricao: string;
}

export async function findType(tx: Tx, org: number, id: number): Promise<MovementType | undefined> {
  const { rows } = await tx.query<MovementType>(
    `SELECT id_tipo_movimentacao_estoque, operacao, tipo_operacao, tipo_valoracao, situacao, descricao FROM tipo_movimentacao_estoque
      WHERE id_organization = $1 AND id_tipo_movimentacao_estoque = $2 AND data_exclusao IS NULL`,
    [org, id],
  );
  return rows[0];
}

/** Which of the ids are live stock addresses of the branch. */
export async function liveAddresses(tx: Tx, s: Scope, ids: number[]): Promise<Set<number>> {
  const { rows } = await tx.query<{ id: number }>(
    `SELECT id_endereco_estoque AS id FROM endereco_estoque
      WHERE id_organization = $1 AND id_filial = $2 AND data_exclusao IS NULL AND id_endereco_estoque = ANY($3::integer[])`,
    [s.org, s.id_filial, ids],
  );
  return new Set(rows.map((r) => r.id));
}

/** Which of the ids are live variations (produto_grade_filial) of the branch. */
export async function liveVariations(tx: Tx, s: Scope, ids: number[]): Promise<Set<number>> {
  const { rows } = await tx.query<{ id: number }>(
    `SELECT gf.id_produto_grade_filial AS id FROM produto_grade_filial gf
       JOIN produto_grade g ON g.id_organization = gf.id_organization AND g.id_produto_grade = gf.id_produto_grade AND g.data_exclusao IS NULL
      WHERE gf.id_organization = $1 AND gf.id_filial = $2 AND gf.data_exclusao IS NULL AND gf.id_produto_grade_filial = ANY($3::integer[])`,
    [s.org, s.id_filial, ids],
  );
  return new Set(rows.map((r) => r.id));
}

export interface HeaderValues {
  id_tipo_movimentacao_estoque: number;
  operacao: string;
  tipo_destino: string | null;
  descricao: string | null;
  observacao: string | null;
  data_documento: string;
  quantidade_total: string;
  valor_total: string;
  id_filial_destino: number | null;
}

export async function insertDocument(tx: Tx, s: Scope, id_usuario: number, h: HeaderValues): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO documento_estoque (id_organization, id_filial, id_tipo_movimentacao_estoque, operacao, tipo_destino, descricao, observacao,
       data_documento, quantidade_total, valor_total, id_usuario, id_filial_destino)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, $9::numeric, $10::numeric, $11, $12) RETURNING id_documento_estoque AS id`,
    [s.org, s.id_filial, h.id_tipo_movimentacao_estoque, h.operacao, h.tipo_destino, h.descricao, h.observacao, h.data_documento,
      h.quantidade_total, h.valor_total, id_usuario, h.id_filial_destino],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('stock document not created');
  return id;
}

/**
 * A counter-document (issue 22): inserted already processed, naming the original it reverses; the original then names
 * it and becomes Cancelado (`markReversed`). The unique index on id_documento_estornado keeps one per original.
 */
export async function insertCounterDocument(tx: Tx, s: Scope, id_usuario: number, h: HeaderValues, id_original: number): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO documento_estoque (id_organization, id_filial, id_tipo_movimentacao_estoque, operacao, tipo_destino, descricao, observacao,
       data_documento, quantidade_total, valor_total, id_usuario, id_filial_destino, situacao, data_processamento, id_usuario_processamento,
       id_documento_estornado)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, $9::numeric, $10::numeric, $11, $12, 1, now(), $11, $13) RETURNING id_documento_estoque AS id`,
    [s.org, s.id_filial, h.id_tipo_movimentacao_estoque, h.operacao, h.tipo_destino, h.descricao, h.observacao, h.data_documento,
      h.quantidade_total, h.valor_total, id_usuario, h.id_filial_destino, id_original],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('counter-document not created');
  return id;
}

/** The original, reversed: Cancelado, naming its counter-document. Nothing else of it changes. */
export async function markReversed(tx: Tx, s: Scope, id: number, id_usuario: number, id_estorno: number): Promise<void> {
  await tx.query(
    `UPDATE documento_estoque SET situacao = 2, data_cancelamento = now(), id_usuario_cancelamento = $4, id_documento_estorno = $5, data_alteracao = now()
      WHERE id_organization = $1 AND id_filial = $2 AND id_documento_estoque = $3 AND situacao = 1 AND id_documento_estorno IS NULL
        AND data_exclusao IS NULL`,
    [s.org, s.id_filial, id, id_usuario, id_estorno],
  );
}

/** The tipo_valoracao of each line of a document, by its ordem. */
export async function itemValuations(tx: Tx, s: Scope, id: number): Promise<Map<number, string>> {
  const { rows } = await tx.query<{ ordem: number; tipo_valoracao: string }>(
    `SELECT ordem, tipo_valoracao FROM documento_estoque_item
      WHERE id_organization = $1 AND id_filial = $2 AND id_documento_estoque = $3 AND data_exclusao IS NULL`,
    [s.org, s.id_filial, id],
  );
  return new Map(rows.map((r) => [r.ordem, r.tipo_valoracao]));
}

export async function updateDocument(tx: Tx, s: Scope, id: number, h: HeaderValues): Promise<void> {
  await tx.query(
    `UPDATE documento_estoque SET id_tipo_movimentacao_estoque = $4, operacao = $5, tipo_destino = $6, descricao = $7, observacao = $8,
       data_documento = $9::date, quantidade_total = $10::numeric, valor_total = $11::numeric, id_filial_destino = $12, data_alteracao = now()
      WHERE id_organization = $1 AND id_filial = $2 AND id_documento_estoque = $3 AND situacao = 0 AND data_exclusao IS NULL`,
    [s.org, s.id_filial, id, h.id_tipo_movimentacao_estoque, h.operacao, h.tipo_destino, h.descricao, h.observacao, h.data_documento,
      h.quantidade_total, h.valor_total, h.id_filial_destino],
  );
}

export interface ItemValues {
  id_produto_grade_filial: number;
  id_endereco_estoque: number;
  id_endereco_estoque_destino: number | null;
  quantidade: string;
  valor_unitario: string;
  valor_total: string;
  tipo_valoracao: string;
}

/** Replaces the draft's items (the old ones become tombstones) with the given lines, in order. */
export async function replaceItems(tx: Tx, s: Scope, id: number, items: readonly ItemValues[]): Promise<void> {
  await tx.query(
    `UPDATE documento_estoque_item SET data_exclusao = now(), data_alteracao = now()
      WHERE id_organization = $1 AND id_filial = $2 AND id_documento_estoque = $3 AND data_exclusao IS NULL`,
    [s.org, s.id_filial, id],
  );
  await tx.query(
    `INSERT INTO documento_estoque_item (id_organization, id_documento_estoque, id_filial, ordem, id_produto_grade_filial, id_endereco_estoque,
       id_endereco_estoque_destino, quantidade, valor_unitario, valor_total, tipo_valoracao)
     SELECT $1, $3, $2, l.ordem, l.g, l.a, l.d, l.q, l.u, l.t, l.v
       FROM unnest($4::integer[], $5::integer[], $6::integer[], $7::numeric[], $8::numeric[], $9::numeric[], $10::text[])
            WITH ORDINALITY AS l(g, a, d, q, u, t, v, ordem)`,
    [s.org, s.id_filial, id, items.map((i) => i.id_produto_grade_filial), items.map((i) => i.id_endereco_estoque),
      items.map((i) => i.id_endereco_estoque_destino), items.map((i) => i.quantidade), items.map((i) => i.valor_unitario),
      items.map((i) => i.valor_total), items.map((i) => i.tipo_valoracao)],
  );
}

export async function setSituation(tx: Tx, s: Scope, id: number, id_usuario: number, situacao: 1 | 2): Promise<void> {
  const stamp = situacao === 1 ? 'data_processamento = now(), id_usuario_processamento = $4' : 'data_cancelamento = now(), id_usuario_cancelamento = $4';
  await tx.query(
    `UPDATE documento_estoque SET situacao = $5, ${stamp}, data_alteracao = now()
      WHERE id_organization = $1 AND id_filial = $2 AND id_documento_estoque = $3 AND data_exclusao IS NULL`,
    [s.org, s.id_filial, id, id_usuario, situacao],
  );
}

export async function deleteDocument(tx: Tx, s: Scope, id: number): Promise<void> {
  await tx.query(
    `UPDATE documento_estoque_item SET data_exclusao = now(), data_alteracao = now()
      WHERE id_organization = $1 AND id_filial = $2 AND id_documento_estoque = $3 AND data_exclusao IS NULL`,
    [s.org, s.id_filial, id],
  );
  await tx.query(
    `UPDATE documento_estoque SET data_exclusao = now(), data_alteracao = now()
      WHERE id_organization = $1 AND id_filial = $2 AND id_documento_estoque = $3 AND situacao = 0 AND data_exclusao IS NULL`,
    [s.org, s.id_filial, id],
  );
}

/** Variations of the branch whose SKU, barcode or description matches (an exact SKU or barcode first), at most 15. */
export async function searchVariations(tx: Tx, s: Scope, search: string) {
  const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
  const { rows } = await tx.query<{ id_produto_grade_filial: number; sku: string; codigo_barras: string | null; descricao: string; variacao: string; preco_custo: string }>(
    `SELECT gf.id_produto_grade_filial, coalesce(g.sku, p.sku) AS sku,
            (SELECT b.codigo FROM produto_codigo_barra b WHERE b.id_organization = g.id_organization AND b.id_produto_grade = g.id_produto_grade
                AND b.data_exclusao IS NULL ORDER BY (b.codigo = $4) DESC, b.id_produto_codigo_barra LIMIT 1) AS codigo_barras,
            p.descricao, g.descricao AS variacao, p.preco_custo::text AS preco_custo
       FROM produto_grade_filial gf
       JOIN produto_grade g ON g.id_organization = gf.id_organization AND g.id_produto_grade = gf.id_produto_grade AND g.data_exclusao IS NULL
       JOIN produto p ON p.id_organization = g.id_organization AND p.id_produto = g.id_produto AND p.data_exclusao IS NULL
      WHERE gf.id_organization = $1 AND gf.id_filial = $2 AND gf.data_exclusao IS NULL
        AND (g.sku = $4 OR EXISTS (SELECT 1 FROM produto_codigo_barra b WHERE b.id_organization = g.id_organization
               AND b.id_produto_grade = g.id_produto_grade AND b.codigo = $4 AND b.data_exclusao IS NULL)
             OR p.sku = $4 OR lower(p.descricao) LIKE $3 OR lower(coalesce(g.sku, p.sku)) LIKE $3)
      ORDER BY (g.sku = $4 OR EXISTS (SELECT 1 FROM produto_codigo_barra b WHERE b.id_organization = g.id_organization
               AND b.id_produto_grade = g.id_produto_grade AND b.codigo = $4 AND b.data_exclusao IS NULL)) DESC, p.descricao, g.descricao
      LIMIT 15`,
    [s.org, s.id_filial, like, search],
  );
  return rows;
}

/**
 * The stock rows of the given branches (the caller's, checked by the service) per variation and address, by product
 * description, variation, branch and address code.
 */
export async function findBalance(tx: Tx, org: number, branches: readonly number[], f: { search: string; id_endereco_estoque?: number | undefined; id_produto_grade_filial?: number | undefined }, page: { skip: number; take: number }) {
  const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
  // One branch (the usual case) by equality, as the branch's index is used; several with ANY.
  const one = branches.length === 1;
  const from = `FROM estoque e
       JOIN filial fi ON fi.id_organization = e.id_organization AND fi.id_filial = e.id_filial
       JOIN produto_grade_filial gf ON gf.id_organization = e.id_organization AND gf.id_produto_grade_filial = e.id_produto_grade_filial
       JOIN produto_grade g ON g.id_organization = gf.id_organization AND g.id_produto_grade = gf.id_produto_grade
       JOIN produto p ON p.id_organization = g.id_organization AND p.id_produto = g.id_produto
       JOIN endereco_estoque a ON a.id_organization = e.id_organization AND a.id_endereco_estoque = e.id_endereco_estoque
      WHERE e.id_organization = $1 AND ${one ? 'e.id_filial = $2::int' : 'e.id_filial = ANY($2::integer[])'} AND e.data_exclusao IS NULL
        AND ($3 = '%%' OR lower(p.descricao) LIKE $3 OR lower(coalesce(g.sku, p.sku)) LIKE $3 OR lower(g.descricao) LIKE $3)
        AND ($4::int IS NULL OR e.id_endereco_estoque = $4) AND ($5::int IS NULL OR e.id_produto_grade_filial = $5)`;
  const params = [org, one ? branches[0] : branches, like, f.id_endereco_estoque ?? null, f.id_produto_grade_filial ?? null];
  const { rows } = await tx.query<{ id_estoque: number; id_filial: number; filial: string; id_produto_grade_filial: number; sku: string; descricao: string;
    variacao: string; id_endereco_estoque: number; endereco: string; quantidade: string; quantidade_reserva: string }>(
    `SELECT e.id_estoque, e.id_filial, coalesce(fi.nome_fantasia, fi.razao_social) AS filial, e.id_produto_grade_filial, coalesce(g.sku, p.sku) AS sku,
            p.descricao, g.descricao AS variacao, e.id_endereco_estoque,
            a.codigo || ' - ' || a.descricao AS endereco, e.quantidade::text AS quantidade, e.quantidade_reserva::text AS quantidade_reserva
       ${from} ORDER BY p.descricao, g.descricao, fi.id_filial, a.codigo, e.id_estoque LIMIT $6 OFFSET $7`,
    [...params, page.take, page.skip],
  );
  const count = await tx.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params);
  return { rows, count: count.rows[0]?.n ?? 0 };
}

/** Every non-zero balance of the branch (optionally one address) with the variation's average cost in the branch. */
export async function findReport(tx: Tx, s: Scope, id_endereco_estoque: number | null) {
  const { rows } = await tx.query<{ sku: string; descricao: string; variacao: string; endereco: string; quantidade: string; preco_custo_medio: string }>(
    `SELECT coalesce(g.sku, p.sku) AS sku, p.descricao, g.descricao AS variacao, a.codigo || ' - ' || a.descricao AS endereco,
            e.quantidade::text AS quantidade, gf.preco_custo_medio::text AS preco_custo_medio
       FROM estoque e
       JOIN produto_grade_filial gf ON gf.id_organization = e.id_organization AND gf.id_produto_grade_filial = e.id_produto_grade_filial
       JOIN produto_grade g ON g.id_organization = gf.id_organization AND g.id_produto_grade = gf.id_produto_grade
       JOIN produto p ON p.id_organization = g.id_organization AND p.id_produto = g.id_produto
       JOIN endereco_estoque a ON a.id_organization = e.id_organization AND a.id_endereco_estoque = e.id_endereco_estoque
      WHERE e.id_organization = $1 AND e.id_filial = $2 AND e.data_exclusao IS NULL AND e.quantidade <> 0
        AND ($3::int IS NULL OR e.id_endereco_estoque = $3)
      ORDER BY p.descricao, p.id_produto, g.descricao, a.codigo, e.id_estoque`,
    [s.org, s.id_filial, id_endereco_estoque],
  );
  return rows;
}

/** A live branch of the organization (a transfer's destination), with its sale address (else its first address). */
export async function findBranch(tx: Tx, org: number, id_filial: number) {
  const { rows } = await tx.query<{ id_filial: number; nome_fantasia: string; id_endereco_estoque: number | null }>(
    `SELECT f.id_filial, f.nome_fantasia,
            coalesce((SELECT a.id_endereco_estoque FROM filial_configuracao c JOIN endereco_estoque a ON a.id_organization = c.id_organization
                         AND a.id_endereco_estoque = c.id_endereco_estoque_venda AND a.data_exclusao IS NULL
                       WHERE c.id_organization = f.id_organization AND c.id_filial = f.id_filial),
                     (SELECT a.id_endereco_estoque FROM endereco_estoque a WHERE a.id_organization = f.id_organization
                         AND a.id_filial = f.id_filial AND a.data_exclusao IS NULL ORDER BY a.codigo, a.id_endereco_estoque LIMIT 1)) AS id_endereco_estoque
       FROM filial f WHERE f.id_organization = $1 AND f.id_filial = $2 AND f.data_exclusao IS NULL`,
    [org, id_filial],
  );
  return rows[0];
}

/** The destination branch's variation (produto_grade_filial) of each origin variation, when it has one. */
export async function destinationVariations(tx: Tx, org: number, id_filial_destino: number, ids: readonly number[]): Promise<Map<number, number>> {
  const { rows } = await tx.query<{ origem: number; destino: number }>(
    `SELECT o.id_produto_grade_filial AS origem, d.id_produto_grade_filial AS destino
       FROM produto_grade_filial o
       JOIN produto_grade_filial d ON d.id_organization = o.id_organization AND d.id_produto_grade = o.id_produto_grade
        AND d.id_filial = $2 AND d.data_exclusao IS NULL
      WHERE o.id_organization = $1 AND o.id_produto_grade_filial = ANY($3::integer[])`,
    [org, id_filial_destino, ids],
  );
  return new Map(rows.map((r) => [r.origem, r.destino]));
}

/** The average cost (centavos as decimal text) of the origin's variations: what a transfer's goods cost the shop. */
export async function averageCosts(tx: Tx, org: number, id_filial: number, ids: readonly number[]): Promise<Map<number, string>> {
  const { rows } = await tx.query<{ id: number; custo: string }>(
    `SELECT id_produto_grade_filial AS id, coalesce(preco_custo_medio, 0)::text AS custo FROM produto_grade_filial
      WHERE id_organization = $1 AND id_filial = $2 AND id_produto_grade_filial = ANY($3::integer[])`,
    [org, id_filial, ids],
  );
  return new Map(rows.map((r) => [r.id, r.custo]));
}

export async function linkInvoice(tx: Tx, s: Scope, id: number, id_nota_fiscal: number): Promise<void> {
  await tx.query('UPDATE documento_estoque SET id_nota_fiscal = $4, data_alteracao = now() WHERE id_organization = $1 AND id_filial = $2 AND id_documento_estoque = $3',
    [s.org, s.id_filial, id, id_nota_fiscal]);
}
