/**
 * SQL of the inventories (inventario, inventario_item) of a branch. Only this module writes these tables
 * (owners.test.ts); every statement is scoped by organization and branch. The stock itself is the stock module's.
 */
import type { Tx } from '../../db/database.ts';

export interface Scope {
  org: number;
  id_filial: number;
}

export interface InventoryRow {
  id_inventario: number;
  id_filial: number;
  descricao: string;
  observacao: string | null;
  situacao: 'NaoProcessado' | 'Processado';
  data_inicio: string;
  data_processamento: string | null;
  id_usuario: number | null;
  usuario: string | null;
  itens_count: number;
  quantidade_contada: string;
}

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const SELECT_INVENTORY = `
  SELECT v.id_inventario, v.id_filial, v.descricao, v.observacao, v.situacao, ${iso('v.data_inicio')} AS data_inicio,
         ${iso('v.data_processamento')} AS data_processamento, v.id_usuario, u.nome AS usuario,
         coalesce(c.n, 0)::int AS itens_count, coalesce(c.q, 0)::text AS quantidade_contada
    FROM inventario v
    LEFT JOIN usuario u ON u.id_organization = v.id_organization AND u.id_usuario = v.id_usuario
    LEFT JOIN LATERAL (SELECT count(*) AS n, sum(i.quantidade) AS q FROM inventario_item i
                        WHERE i.id_organization = v.id_organization AND i.id_inventario = v.id_inventario AND i.data_exclusao IS NULL) c ON true`;

/** The inventory of the branch (locked FOR UPDATE when processing, FOR SHARE while lines are written). */
export async function findInventory(tx: Tx, s: Scope, id: number, lock: 'update' | 'share' | null = null): Promise<InventoryRow | undefined> {
  if (lock) {
    await tx.query(
      `SELECT 1 FROM inventario WHERE id_organization = $1 AND id_filial = $2 AND id_inventario = $3 AND data_exclusao IS NULL
        FOR ${lock === 'update' ? 'UPDATE' : 'SHARE'}`,
      [s.org, s.id_filial, id],
    );
  }
  const { rows } = await tx.query<InventoryRow>(
    `${SELECT_INVENTORY} WHERE v.id_organization = $1 AND v.id_filial = $2 AND v.id_inventario = $3 AND v.data_exclusao IS NULL`,
    [s.org, s.id_filial, id],
  );
  return rows[0];
}

const SORT: Record<string, string> = { data_inicio: 'v.data_inicio', descricao: 'lower(v.descricao)', id_inventario: 'v.id_inventario' };

export async function listInventories(
  tx: Tx, s: Scope, f: { search: string; situacao?: string | undefined },
  page: { skip: number; take: number; column: string; order: 'asc' | 'desc' },
) {
  const like = `%${f.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
  const where = `v.id_organization = $1 AND v.id_filial = $2 AND v.data_exclusao IS NULL
      AND ($3 = '%%' OR lower(v.descricao) LIKE $3 OR lower(coalesce(v.observacao, '')) LIKE $3 OR v.id_inventario::text = $5)
      AND ($4::text IS NULL OR v.situacao = $4)`;
  const params = [s.org, s.id_filial, like, f.situacao ?? null, f.search.trim()];
  const sort = SORT[page.column] ?? 'v.data_inicio';
  const dir = page.order === 'asc' ? 'ASC' : 'DESC';
  const { rows } = await tx.query<InventoryRow>(
    `${SELECT_INVENTORY} WHERE ${where} ORDER BY ${sort} ${dir}, v.id_inventario ${dir} LIMIT $6 OFFSET $7`,
    [...params, page.take, page.skip],
  );
  const count = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM inventario v WHERE ${where}`, params);
  return { rows, count: count.rows[0]?.n ?? 0 };
}

export interface InventoryValues {
  descricao: string;
  observacao: string | null;
  data_inicio: string | null;
}

export async function insertInventory(tx: Tx, s: Scope, id_usuario: number, v: InventoryValues): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO inventario (id_organization, id_filial, descricao, observacao, data_inicio, id_usuario)
     VALUES ($1, $2, $3, $4, coalesce($5::timestamptz, now()), $6) RETURNING id_inventario AS id`,
    [s.org, s.id_filial, v.descricao, v.observacao, v.data_inicio, id_usuario],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('inventory not created');
  return id;
}

export async function updateInventory(tx: Tx, s: Scope, id: number, v: InventoryValues): Promise<void> {
  await tx.query(
    `UPDATE inventario SET descricao = $4, observacao = $5, data_inicio = coalesce($6::timestamptz, data_inicio), data_alteracao = now()
      WHERE id_organization = $1 AND id_filial = $2 AND id_inventario = $3 AND situacao = 'NaoProcessado' AND data_exclusao IS NULL`,
    [s.org, s.id_filial, id, v.descricao, v.observacao, v.data_inicio],
  );
}

export async function markProcessed(tx: Tx, s: Scope, id: number): Promise<void> {
  await tx.query(
    `UPDATE inventario SET situacao = 'Processado', data_processamento = now(), data_alteracao = now()
      WHERE id_organization = $1 AND id_filial = $2 AND id_inventario = $3 AND data_exclusao IS NULL`,
    [s.org, s.id_filial, id],
  );
}

/** The live lines of an inventory, oldest first (the first counted line of a place gives its snapshot). */
export async function countedLines(tx: Tx, s: Scope, id: number) {
  const { rows } = await tx.query<{ g: number; a: number; q: string; e: string; ordem: number }>(
    `SELECT id_produto_grade_filial AS g, id_endereco_estoque AS a, quantidade::text AS q, quantidade_estoque::text AS e, id_inventario_item AS ordem
       FROM inventario_item
      WHERE id_organization = $1 AND id_filial = $2 AND id_inventario = $3 AND data_exclusao IS NULL`,
    [s.org, s.id_filial, id],
  );
  return rows;
}

/** Lines of these uuids in the organization that belong to another inventory or branch (a uuid is never reused). */
export async function foreignUuids(tx: Tx, s: Scope, pairs: ReadonlyArray<{ uuid: string; id_inventario: number }>): Promise<string[]> {
  const { rows } = await tx.query<{ uuid: string }>(
    `SELECT i.uuid::text AS uuid FROM inventario_item i JOIN unnest($3::uuid[], $4::integer[]) AS p(uuid, inv) ON p.uuid = i.uuid
      WHERE i.id_organization = $1 AND (i.id_filial <> $2 OR i.id_inventario <> p.inv)`,
    [s.org, s.id_filial, pairs.map((p) => p.uuid), pairs.map((p) => p.id_inventario)],
  );
  return rows.map((r) => r.uuid);
}

/** Which of the ids are live variations (produto_grade_filial) of the branch. */
export async function liveVariations(tx: Tx, s: Scope, ids: number[]): Promise<Set<number>> {
  const { rows } = await tx.query<{ id: number }>(
    `SELECT gf.id_produto_grade_filial AS id FROM produto_grade_filial gf
      WHERE gf.id_organization = $1 AND gf.id_filial = $2 AND gf.data_exclusao IS NULL AND gf.id_produto_grade_filial = ANY($3::integer[])`,
    [s.org, s.id_filial, ids],
  );
  return new Set(rows.map((r) => r.id));
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

export interface LineValues {
  uuid: string;
  id_inventario: number;
  id_produto_grade_filial: number;
  id_endereco_estoque: number;
  quantidade: string;
  quantidade_estoque: string;
  excluido: boolean;
}

/**
 * Writes the phone's lines by uuid: a new uuid inserts its line, a known one (a retry, or a later count of the same
 * line) sets its quantity; Excluido makes it a tombstone. The snapshot is kept from the first write. Answers the ids.
 */
export async function upsertLines(tx: Tx, s: Scope, id_usuario: number, lines: readonly LineValues[]): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO inventario_item AS i (id_organization, id_filial, uuid, id_inventario, id_produto_grade_filial, id_endereco_estoque,
       quantidade, quantidade_estoque, id_usuario, data_exclusao)
     SELECT $1, $2, l.uuid, l.inv, l.g, l.a, l.q, l.e, $3, CASE WHEN l.x THEN now() END
       FROM unnest($4::uuid[], $5::integer[], $6::integer[], $7::integer[], $8::numeric[], $9::numeric[], $10::boolean[])
            AS l(uuid, inv, g, a, q, e, x)
     ON CONFLICT (id_organization, uuid) DO UPDATE
       SET quantidade = excluded.quantidade, data_alteracao = now(),
           data_exclusao = CASE WHEN excluded.data_exclusao IS NOT NULL THEN coalesce(i.data_exclusao, now()) ELSE i.data_exclusao END
       WHERE i.id_filial = excluded.id_filial AND i.id_inventario = excluded.id_inventario
     RETURNING i.id_inventario_item AS id`,
    [s.org, s.id_filial, id_usuario, lines.map((l) => l.uuid), lines.map((l) => l.id_inventario), lines.map((l) => l.id_produto_grade_filial),
      lines.map((l) => l.id_endereco_estoque), lines.map((l) => l.quantidade), lines.map((l) => l.quantidade_estoque), lines.map((l) => l.excluido)],
  );
  return rows.map((r) => r.id);
}
