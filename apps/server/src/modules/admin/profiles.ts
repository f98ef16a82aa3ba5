/**
 * The profile register's writes (descriptor packages/contract/src/registers/profile.ts): the profile, its whole
 * permission list and its branches in the request's one transaction, under the rules of access.ts. The list and
 * find_by_id columns come from the generic register queries; find_by_id adds the permissions and branches.
 */
import { profile } from '@pdv/contract/registers/profile';
import { REGISTER_MESSAGES } from '@pdv/contract/registers/descriptor';
import { USER_MESSAGES } from '@pdv/domain/user-rules';
import type { Tx } from '../../db/database.ts';
import { sameText } from '@pdv/domain/same-text';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { findRow, updateRow, type Scope } from '../registers/queries.ts';
import { assertManagerRemains, assertProfileWithinPowers, assertWithinPowers, touchHolders } from './access.ts';

type Row = Record<string, unknown>;
type Permission = { rotulo: string; tipo: '1' | '2' };

const scopeOf = (caller: Caller): Scope => ({ id_organization: caller.id_organization, id_filial: caller.id_filial });

/** The profile with its live permissions (rotulo, tipo) and its branches' ids; null when there is none. */
export async function profileDetail(tx: Tx, caller: Caller, id_perfil: number): Promise<Row | null> {
  const row = await findRow(tx, profile, scopeOf(caller), id_perfil);
  if (!row) return null;
  const org = caller.id_organization;
  const permissions = await tx.query<{ rotulo: string; tipo: string }>(
    `SELECT rotulo, tipo FROM perfil_permissao
      WHERE id_organization = $1 AND id_perfil = $2 AND data_exclusao IS NULL AND situacao = 'Ativo' ORDER BY rotulo`,
    [org, id_perfil],
  );
  const branches = await tx.query<{ id_filial: number }>(
    `SELECT f.id_filial
       FROM perfil_filial pf JOIN filial f ON f.id_organization = pf.id_organization AND f.id_filial = pf.id_filial
      WHERE pf.id_organization = $1 AND pf.id_perfil = $2 AND f.data_exclusao IS NULL ORDER BY f.codigo_filial`,
    [org, id_perfil],
  );
  // As the body sends them: the permissions' rotulo and tipo, the branches' ids.
  return { ...row, perfil_permissao: permissions.rows, filiais: branches.rows.map((b) => b.id_filial) };
}

async function assertUniqueDescription(tx: Tx, org: number, descricao: string, id_perfil: number | null): Promise<void> {
  // Compared here, not with SQL lower(): a server whose collation is C does not lower 'Ú' (same-text.ts).
  const { rows } = await tx.query<{ descricao: string }>(
    'SELECT descricao FROM perfil WHERE id_organization = $1 AND data_exclusao IS NULL AND id_perfil <> $2',
    [org, id_perfil ?? 0],
  );
  if (rows.some((r) => sameText(r.descricao, descricao))) throw badRequest(REGISTER_MESSAGES.duplicate('descrição', descricao));
}

/** The profile's whole permission list becomes `list`: new labels added, changed ones updated, the rest tombstoned. */
async function writePermissions(tx: Tx, org: number, id_perfil: number, list: readonly Permission[]): Promise<void> {
  for (const p of list) {
    await tx.query(
      `INSERT INTO perfil_permissao (id_organization, id_perfil, rotulo, tipo) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id_organization, id_perfil, rotulo) DO UPDATE
         SET tipo = EXCLUDED.tipo, situacao = 'Ativo', data_exclusao = NULL, data_alteracao = now()
       WHERE perfil_permissao.tipo IS DISTINCT FROM EXCLUDED.tipo OR perfil_permissao.situacao <> 'Ativo'
          OR perfil_permissao.data_exclusao IS NOT NULL`,
      [org, id_perfil, p.rotulo, p.tipo],
    );
  }
  await tx.query(
    `UPDATE perfil_permissao SET data_exclusao = now(), data_alteracao = now()
      WHERE id_organization = $1 AND id_perfil = $2 AND data_exclusao IS NULL AND NOT (rotulo = ANY($3::text[]))`,
    [org, id_perfil, list.map((p) => p.rotulo)],
  );
}

/**
 * The profile's branches become `ids`. A branch of another organization (or none) answers 404; a branch unlinked
 * while users hold the profile there is refused with its name.
 */
async function writeBranches(tx: Tx, org: number, id_perfil: number, ids: readonly number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  const found = await tx.query<{ id_filial: number }>(
    'SELECT id_filial FROM filial WHERE id_organization = $1 AND id_filial = ANY($2::int[]) AND data_exclusao IS NULL',
    [org, wanted],
  );
  if (found.rows.length !== wanted.length) throw notFound();
  const used = await tx.query<{ nome: string }>(
    `SELECT coalesce(f.nome_fantasia, f.razao_social) AS nome
       FROM perfil_filial pf
       JOIN filial f ON f.id_organization = pf.id_organization AND f.id_filial = pf.id_filial
      WHERE pf.id_organization = $1 AND pf.id_perfil = $2 AND NOT (pf.id_filial = ANY($3::int[]))
        AND EXISTS (SELECT 1 FROM perfil_filial_usuario pfu
                     WHERE pfu.id_organization = pf.id_organization AND pfu.id_perfil_filial = pf.id_perfil_filial)
      ORDER BY f.codigo_filial LIMIT 1`,
    [org, id_perfil, wanted],
  );
  if (used.rows[0]) throw badRequest(USER_MESSAGES.profileUsedInBranch(used.rows[0].nome));
  await tx.query('DELETE FROM perfil_filial WHERE id_organization = $1 AND id_perfil = $2 AND NOT (id_filial = ANY($3::int[]))', [
    org, id_perfil, wanted,
  ]);
  await tx.query(
    `INSERT INTO perfil_filial (id_organization, id_perfil, id_filial) SELECT $1, $2, unnest($3::int[])
     ON CONFLICT (id_organization, id_perfil, id_filial) DO NOTHING`,
    [org, id_perfil, wanted],
  );
}

export interface ProfileBody {
  descricao?: string | undefined;
  situacao?: string | undefined;
  perfil_permissao?: Permission[] | undefined;
  filiais?: number[] | undefined;
}

const entries = (list: readonly Permission[]) => list.map((p) => ({ ...p, situacao: 'Ativo' }));

export async function createProfile(tx: Tx, caller: Caller, body: ProfileBody & { descricao: string }): Promise<Row> {
  const org = caller.id_organization;
  const permissions = body.perfil_permissao ?? [];
  assertWithinPowers(caller, entries(permissions));
  await assertUniqueDescription(tx, org, body.descricao, null);
  const { rows } = await tx.query<{ id_perfil: number }>(
    `INSERT INTO perfil (id_organization, id_empresa, descricao, situacao) VALUES ($1, $2, $3, $4) RETURNING id_perfil`,
    [org, caller.id_empresa, body.descricao, body.situacao ?? 'Ativo'],
  );
  const id_perfil = rows[0]!.id_perfil;
  await writePermissions(tx, org, id_perfil, permissions);
  await writeBranches(tx, org, id_perfil, body.filiais ?? []);
  return (await profileDetail(tx, caller, id_perfil))!;
}

/** Update and situacao change: the profile must be within the caller's powers, and so must its new permissions. */
export async function updateProfile(tx: Tx, caller: Caller, id_perfil: number, body: ProfileBody): Promise<Row> {
  const org = caller.id_organization;
  if (!(await findRow(tx, profile, scopeOf(caller), id_perfil))) throw notFound();
  await assertProfileWithinPowers(tx, caller, id_perfil);
  if (body.perfil_permissao !== undefined) assertWithinPowers(caller, entries(body.perfil_permissao));
  if (body.descricao !== undefined) await assertUniqueDescription(tx, org, body.descricao, id_perfil);
  const columns: Row = {};
  if (body.descricao !== undefined) columns['descricao'] = body.descricao;
  if (body.situacao !== undefined) columns['situacao'] = body.situacao;
  await updateRow(tx, profile, scopeOf(caller), id_perfil, columns);
  if (body.perfil_permissao !== undefined) await writePermissions(tx, org, id_perfil, body.perfil_permissao);
  if (body.filiais !== undefined) await writeBranches(tx, org, id_perfil, body.filiais);
  await touchHolders(tx, org, id_perfil);
  await assertManagerRemains(tx, org);
  return (await profileDetail(tx, caller, id_perfil))!;
}

/** A profile no user holds is deleted: its branches unlinked, its permissions and itself tombstoned. */
export async function deleteProfile(tx: Tx, caller: Caller, id_perfil: number): Promise<void> {
  const org = caller.id_organization;
  if (!(await findRow(tx, profile, scopeOf(caller), id_perfil))) throw notFound();
  await assertProfileWithinPowers(tx, caller, id_perfil);
  const held = await tx.query(
    `SELECT 1 FROM perfil_filial_usuario pfu
       JOIN perfil_filial pf ON pf.id_organization = pfu.id_organization AND pf.id_perfil_filial = pfu.id_perfil_filial
      WHERE pf.id_organization = $1 AND pf.id_perfil = $2 LIMIT 1`,
    [org, id_perfil],
  );
  if (held.rows.length > 0) throw badRequest(USER_MESSAGES.profileInUse);
  await tx.query('DELETE FROM perfil_filial WHERE id_organization = $1 AND id_perfil = $2', [org, id_perfil]);
  await writePermissions(tx, org, id_perfil, []);
  await tx.query('UPDATE perfil SET data_exclusao = now(), data_alteracao = now() WHERE id_organization = $1 AND id_perfil = $2', [
    org, id_perfil,
  ]);
}
