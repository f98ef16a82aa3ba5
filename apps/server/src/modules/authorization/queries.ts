/** SQL of the supervisor authorizations (autorizacao, migration 016): always scoped by organization and branch. */
import type { Authorization } from '@pdv/contract/authorization';
import type { Tx } from '../../db/database.ts';
import { containsPattern, iso } from '../../db/rows.ts';

const COLUMNS = `id_autorizacao, id_filial, permissao, origem, id_origem, id_usuario_solicitacao, id_usuario_autorizacao, situacao,
  observacao, data_solicitacao, data_autorizacao, data_utilizacao`;

const isoOrNull = (v: unknown) => (v === null || v === undefined ? null : iso(v));

function toAuthorization(r: Record<string, unknown>): Authorization {
  return {
    id_autorizacao: Number(r['id_autorizacao']),
    id_filial: Number(r['id_filial']),
    permissao: String(r['permissao']),
    origem: (r['origem'] as string | null) ?? null,
    id_origem: (r['id_origem'] as string | null) ?? null,
    id_usuario_solicitacao: Number(r['id_usuario_solicitacao']),
    id_usuario_autorizacao: r['id_usuario_autorizacao'] === null ? null : Number(r['id_usuario_autorizacao']),
    situacao: String(r['situacao']) as Authorization['situacao'],
    observacao: (r['observacao'] as string | null) ?? null,
    data_solicitacao: iso(r['data_solicitacao']),
    data_autorizacao: isoOrNull(r['data_autorizacao']),
    data_utilizacao: isoOrNull(r['data_utilizacao']),
  };
}

function one(rows: Array<Record<string, unknown>>): Authorization {
  const row = rows[0];
  if (!row) throw new Error('authorization row not returned');
  return toAuthorization(row);
}

export interface Purpose {
  origem: string | null;
  id_origem: string | null;
  observacao: string | null;
}

export interface NewAuthorization extends Purpose {
  org: number;
  id_filial: number;
  permissao: string;
  id_usuario_solicitacao: number;
  /** Set for a grant made at once (validate-user-credential); null for a request. */
  id_usuario_autorizacao: number | null;
}

export async function insert(tx: Tx, a: NewAuthorization): Promise<Authorization> {
  const granted = a.id_usuario_autorizacao !== null;
  const { rows } = await tx.query<Record<string, unknown>>(
    `INSERT INTO autorizacao (id_organization, id_filial, permissao, origem, id_origem, observacao, id_usuario_solicitacao,
       id_usuario_autorizacao, situacao, data_autorizacao)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $10::boolean THEN now() END) RETURNING ${COLUMNS}`,
    [a.org, a.id_filial, a.permissao, a.origem, a.id_origem, a.observacao, a.id_usuario_solicitacao, a.id_usuario_autorizacao,
      granted ? 'Autorizada' : 'Pendente', granted],
  );
  return one(rows);
}

/** The branch's authorization under a row lock held until the transaction ends (one spender wins); null when none. */
export async function lock(tx: Tx, org: number, id_filial: number, id_autorizacao: number): Promise<Authorization | null> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM autorizacao WHERE id_organization = $1 AND id_filial = $2 AND id_autorizacao = $3 FOR UPDATE`,
    [org, id_filial, id_autorizacao],
  );
  return rows[0] ? toAuthorization(rows[0]) : null;
}

/** Grants a pending request. */
export async function grant(tx: Tx, org: number, id_autorizacao: number, id_usuario_autorizacao: number, p: Partial<Purpose>): Promise<Authorization> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `UPDATE autorizacao SET situacao = 'Autorizada', id_usuario_autorizacao = $3, data_autorizacao = now(), data_alteracao = now(),
       origem = COALESCE($4, origem), id_origem = COALESCE($5, id_origem), observacao = COALESCE($6, observacao)
      WHERE id_organization = $1 AND id_autorizacao = $2 RETURNING ${COLUMNS}`,
    [org, id_autorizacao, id_usuario_autorizacao, p.origem ?? null, p.id_origem ?? null, p.observacao ?? null],
  );
  return one(rows);
}

/** Marks a grant spent by the action it allowed. */
export async function markUsed(tx: Tx, org: number, id_autorizacao: number, origem: string, id_origem: string | null): Promise<Authorization> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `UPDATE autorizacao SET situacao = 'Utilizada', data_utilizacao = now(), data_alteracao = now(), origem = $3,
       id_origem = COALESCE($4, id_origem)
      WHERE id_organization = $1 AND id_autorizacao = $2 AND situacao = 'Autorizada' RETURNING ${COLUMNS}`,
    [org, id_autorizacao, origem, id_origem],
  );
  return one(rows);
}

/** Describes a request or grant (origem, id_origem, observacao) and, when `cancel`, withdraws it. */
export async function describe(tx: Tx, org: number, id_autorizacao: number, p: Partial<Purpose>, cancel: boolean): Promise<Authorization> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `UPDATE autorizacao SET data_alteracao = now(), situacao = CASE WHEN $6::boolean THEN 'Cancelada' ELSE situacao END,
       origem = COALESCE($3, origem), id_origem = COALESCE($4, id_origem), observacao = COALESCE($5, observacao)
      WHERE id_organization = $1 AND id_autorizacao = $2 RETURNING ${COLUMNS}`,
    [org, id_autorizacao, p.origem ?? null, p.id_origem ?? null, p.observacao ?? null, cancel],
  );
  return one(rows);
}

export interface ListFilter {
  search: string;
  skip: number;
  take: number;
  situacao?: string | undefined;
}

/** The branch's authorizations, newest first; search matches permissao, origem, id_origem or observacao. */
export async function list(tx: Tx, org: number, id_filial: number, f: ListFilter): Promise<{ rows: Authorization[]; count: number }> {
  const where = `id_organization = $1 AND id_filial = $2 AND ($3::text IS NULL OR situacao = $3)
    AND ($4 = '' OR permissao ILIKE $5 OR origem ILIKE $5 OR id_origem ILIKE $5 OR observacao ILIKE $5)`;
  const params = [org, id_filial, f.situacao ?? null, f.search, containsPattern(f.search)];
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM autorizacao WHERE ${where} ORDER BY data_solicitacao DESC, id_autorizacao DESC OFFSET $6 LIMIT $7`,
    [...params, f.skip, f.take],
  );
  const counted = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM autorizacao WHERE ${where}`, params);
  return { rows: rows.map(toAuthorization), count: counted.rows[0]?.n ?? 0 };
}
