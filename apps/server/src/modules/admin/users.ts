/**
 * The user register's writes (descriptor packages/contract/src/registers/user.ts) and the password calls: the user,
 * its login (e-mail unique on the whole platform, argon2id hash) and its branch profiles in the request's one
 * transaction, under the rules of access.ts. A password set by someone else (create, reset) is temporary: the user
 * must choose a new one at the next sign-in (solicitar_nova_senha), and until then the server answers only the
 * session and the password change.
 */
import { randomInt } from 'node:crypto';
import type { RegisterDescriptor } from '@pdv/contract/registers/descriptor';
import { user } from '@pdv/contract/registers/user';
import { SITUACAO_ATIVO } from '@pdv/domain/permissions';
import { USER_MESSAGES, normalizeBranchProfiles, type BranchProfile } from '@pdv/domain/user-rules';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { hashPassword } from '../auth/password.ts';
import { endUserSockets } from '../realtime/socket.ts';
import { deleteRow, findRow, updateRow, type Scope } from '../registers/queries.ts';
import { assertManagerRemains, assertUserWithinPowers, assertWithinPowers, permissionsOfProfiles } from './access.ts';

type Row = Record<string, unknown>;

const scopeOf = (caller: Caller): Scope => ({ id_organization: caller.id_organization, id_filial: caller.id_filial });

/** Letters and digits a person reads without doubt (no 0/O, 1/l/I). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
export function temporaryPassword(length = 10): string {
  return Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/** The user with its branch profiles (main first); null when there is none. */
export async function userDetail(tx: Tx, caller: Caller, id_usuario: number): Promise<Row | null> {
  const row = await findRow(tx, user, scopeOf(caller), id_usuario);
  if (!row) return null;
  const { rows } = await tx.query<{ id_filial: number; filial: string; id_perfil: number; perfil: string; is_principal: boolean }>(
    `SELECT f.id_filial, coalesce(f.nome_fantasia, f.razao_social) AS filial, p.id_perfil, p.descricao AS perfil, pfu.is_principal
       FROM perfil_filial_usuario pfu
       JOIN perfil_filial pf ON pf.id_organization = pfu.id_organization AND pf.id_perfil_filial = pfu.id_perfil_filial
       JOIN perfil p ON p.id_organization = pf.id_organization AND p.id_perfil = pf.id_perfil
       JOIN filial f ON f.id_organization = pf.id_organization AND f.id_filial = pf.id_filial
      WHERE pfu.id_organization = $1 AND pfu.id_usuario = $2
      ORDER BY pfu.is_principal DESC, f.codigo_filial`,
    [caller.id_organization, id_usuario],
  );
  return { ...row, perfis: rows };
}

/**
 * The branch profiles checked: one per branch and one main (the first when none is marked), every profile and branch
 * the organization's (404 otherwise), the profile offered in the branch, and nothing given beyond the caller's powers.
 * Answers the perfil_filial ids to link.
 */
async function checkBranchProfiles(tx: Tx, caller: Caller, perfis: readonly BranchProfile[], held: readonly BranchProfile[] = []) {
  const normalized = normalizeBranchProfiles(perfis);
  if (!normalized.ok) throw badRequest(normalized.message);
  const org = caller.id_organization;
  const links: Array<{ id_perfil_filial: number; is_principal: boolean; id_filial: number }> = [];
  for (const p of normalized.perfis) {
    const { rows } = await tx.query<{ perfil: string; filial: string; id_perfil_filial: number | null }>(
      `SELECT p.descricao AS perfil, coalesce(f.nome_fantasia, f.razao_social) AS filial, pf.id_perfil_filial
         FROM perfil p
         JOIN filial f ON f.id_organization = p.id_organization AND f.id_filial = $3 AND f.data_exclusao IS NULL
         LEFT JOIN perfil_filial pf ON pf.id_organization = p.id_organization AND pf.id_perfil = p.id_perfil AND pf.id_filial = f.id_filial
        WHERE p.id_organization = $1 AND p.id_perfil = $2 AND p.data_exclusao IS NULL`,
      [org, p.id_perfil, p.id_filial],
    );
    const found = rows[0];
    if (!found) throw notFound();
    if (found.id_perfil_filial === null) throw badRequest(USER_MESSAGES.profileNotInBranch(found.perfil, found.filial));
    links.push({ id_perfil_filial: found.id_perfil_filial, is_principal: p.is_principal, id_filial: p.id_filial });
  }
  // What the user already holds in a branch stays as it is (a user editing itself sends its profiles back): only a
  // profile given anew in a branch must be within the caller's powers.
  const given = normalized.perfis.filter((p) => !held.some((h) => h.id_filial === p.id_filial && h.id_perfil === p.id_perfil));
  assertWithinPowers(caller, await permissionsOfProfiles(tx, org, [...new Set(given.map((p) => p.id_perfil))]));
  return links;
}

/** The user's branch profiles as stored. */
async function heldProfiles(tx: Tx, org: number, id_usuario: number): Promise<BranchProfile[]> {
  const { rows } = await tx.query<BranchProfile>(
    `SELECT pf.id_filial, pf.id_perfil, pfu.is_principal
       FROM perfil_filial_usuario pfu
       JOIN perfil_filial pf ON pf.id_organization = pfu.id_organization AND pf.id_perfil_filial = pfu.id_perfil_filial
      WHERE pfu.id_organization = $1 AND pfu.id_usuario = $2`,
    [org, id_usuario],
  );
  return rows;
}

async function writeBranchProfiles(tx: Tx, org: number, id_usuario: number, links: Awaited<ReturnType<typeof checkBranchProfiles>>) {
  await tx.query('DELETE FROM perfil_filial_usuario WHERE id_organization = $1 AND id_usuario = $2', [org, id_usuario]);
  for (const link of links) {
    await tx.query(
      'INSERT INTO perfil_filial_usuario (id_organization, id_usuario, id_perfil_filial, is_principal) VALUES ($1, $2, $3, $4)',
      [org, id_usuario, link.id_perfil_filial, link.is_principal],
    );
  }
  const main = links.find((l) => l.is_principal);
  if (main) {
    await tx.query('UPDATE usuario SET id_filial_ativa = $3 WHERE id_organization = $1 AND id_usuario = $2', [org, id_usuario, main.id_filial]);
  }
}

/** Refuses an e-mail another live user of the organization has (the platform-wide check is the login's insert). */
async function assertEmailFree(tx: Tx, org: number, email: string, id_usuario: number | null): Promise<void> {
  const { rows } = await tx.query(
    'SELECT 1 FROM usuario WHERE id_organization = $1 AND lower(email) = $2 AND data_exclusao IS NULL AND id_usuario <> $3',
    [org, email, id_usuario ?? 0],
  );
  if (rows.length > 0) throw badRequest(USER_MESSAGES.emailInUse, undefined, [`email: ${USER_MESSAGES.emailInUse}`]);
}

/**
 * Sets the login of a user (its e-mail and, when given, its password hash). An e-mail another organization's user
 * signs in with is refused: the login's primary key is the e-mail, across the platform.
 */
async function writeLogin(tx: Tx, org: number, id_usuario: number, email: string, hash: string | null): Promise<void> {
  const existing = await tx.query<{ email: string }>('SELECT email FROM login WHERE id_organization = $1 AND id_usuario = $2', [org, id_usuario]);
  if (existing.rows[0]) {
    if (existing.rows[0].email !== email) {
      const taken = await tx.query(
        `INSERT INTO login (email, id_organization, id_usuario, senha_hash)
         SELECT $3, id_organization, id_usuario, senha_hash FROM login WHERE id_organization = $1 AND id_usuario = $2
         ON CONFLICT (email) DO NOTHING RETURNING email`,
        [org, id_usuario, email],
      );
      if (taken.rows.length === 0) throw badRequest(USER_MESSAGES.emailInUse, undefined, [`email: ${USER_MESSAGES.emailInUse}`]);
      await tx.query('DELETE FROM login WHERE email = $1', [existing.rows[0].email]);
    }
    if (hash !== null) {
      await tx.query('UPDATE login SET senha_hash = $3, data_alteracao = now() WHERE id_organization = $1 AND id_usuario = $2', [
        org, id_usuario, hash,
      ]);
    }
    return;
  }
  const inserted = await tx.query(
    `INSERT INTO login (email, id_organization, id_usuario, senha_hash) VALUES ($1, $2, $3, $4)
     ON CONFLICT (email) DO NOTHING RETURNING email`,
    [email, org, id_usuario, hash ?? (await hashPassword(temporaryPassword(24)))],
  );
  if (inserted.rows.length === 0) throw badRequest(USER_MESSAGES.emailInUse, undefined, [`email: ${USER_MESSAGES.emailInUse}`]);
}

export interface UserBody {
  nome?: string | undefined;
  email?: string | undefined;
  situacao?: string | undefined;
  is_login?: boolean | undefined;
  perfis?: BranchProfile[] | undefined;
  senha?: string | undefined;
  [column: string]: unknown;
}

/** The columns of the body (the extra members aside), with the e-mail in lower case. */
function columnsOf(body: UserBody): Row {
  const { perfis: _p, senha: _s, ...columns } = body;
  if (typeof columns.email === 'string') columns.email = columns.email.toLowerCase();
  return columns;
}

/**
 * A new user. Its password is temporary either way (solicitar_nova_senha): the one given (the web form proposes one
 * and shows it to the manager), or, without `senha`, an unknown random one until a manager resets it (reset_password
 * answers the new one once).
 */
export async function createUser(tx: Tx, caller: Caller, body: UserBody & { nome: string; email: string }): Promise<Row> {
  const org = caller.id_organization;
  const columns = columnsOf(body);
  const email = String(columns['email']);
  const links = await checkBranchProfiles(tx, caller, body.perfis ?? []);
  await assertEmailFree(tx, org, email, null);
  const withDefaults: Row = { ...columns };
  for (const [name, field] of Object.entries(user.fields as RegisterDescriptor['fields'])) {
    if (withDefaults[name] === undefined && field.default !== undefined) withDefaults[name] = field.default;
  }
  const names = [...Object.keys(user.fields), 'situacao'].filter((c) => withDefaults[c] !== undefined);
  const { rows } = await tx.query<{ id_usuario: number }>(
    `INSERT INTO usuario (id_organization, solicitar_nova_senha, ${names.join(', ')})
     VALUES ($1, true, ${names.map((_, i) => `$${i + 2}`).join(', ')}) RETURNING id_usuario`,
    [org, ...names.map((c) => withDefaults[c])],
  );
  const id_usuario = rows[0]!.id_usuario;
  await writeLogin(tx, org, id_usuario, email, await hashPassword(body.senha ?? temporaryPassword(24)));
  await writeBranchProfiles(tx, org, id_usuario, links);
  return (await userDetail(tx, caller, id_usuario))!;
}

/** Update and situacao change of a user within the caller's powers; the last manager stays. */
export async function updateUser(tx: Tx, caller: Caller, id_usuario: number, body: UserBody): Promise<Row> {
  const org = caller.id_organization;
  if (!(await findRow(tx, user, scopeOf(caller), id_usuario))) throw notFound();
  await assertUserWithinPowers(tx, caller, id_usuario);
  const self = id_usuario === caller.id_usuario;
  if (self && ((body.situacao !== undefined && body.situacao !== SITUACAO_ATIVO) || body.is_login === false)) {
    throw badRequest(USER_MESSAGES.cannotDisableSelf);
  }
  const columns = columnsOf(body);
  const links = body.perfis !== undefined ? await checkBranchProfiles(tx, caller, body.perfis, await heldProfiles(tx, org, id_usuario)) : null;
  if (typeof columns['email'] === 'string') {
    await assertEmailFree(tx, org, columns['email'], id_usuario);
    await writeLogin(tx, org, id_usuario, columns['email'], null);
  }
  if (body.senha !== undefined) await setTemporaryPassword(tx, org, id_usuario, body.senha);
  // A disabled user's open sockets stop receiving events: disconnected on every node once this commits (sent before
  // the update, so the disconnection is delivered before the change event of the user's own row).
  if ((body.situacao !== undefined && body.situacao !== SITUACAO_ATIVO) || body.is_login === false) {
    await endUserSockets(tx, org, id_usuario);
  }
  await updateRow(tx, user, scopeOf(caller), id_usuario, columns);
  if (links) await writeBranchProfiles(tx, org, id_usuario, links);
  // The row's sync stamp and event: the user's signed-in clients reload their session (permissions, limits).
  await tx.query('UPDATE usuario SET data_alteracao = now() WHERE id_organization = $1 AND id_usuario = $2', [org, id_usuario]);
  await assertManagerRemains(tx, org);
  return (await userDetail(tx, caller, id_usuario))!;
}

/** Deletes a user (a tombstone): its login and branch profiles go; refused when other records still use it. */
export async function deleteUser(tx: Tx, caller: Caller, id_usuario: number): Promise<void> {
  const org = caller.id_organization;
  if (!(await findRow(tx, user, scopeOf(caller), id_usuario))) throw notFound();
  if (id_usuario === caller.id_usuario) throw badRequest(USER_MESSAGES.cannotDeleteSelf);
  await assertUserWithinPowers(tx, caller, id_usuario);
  await endUserSockets(tx, org, id_usuario);
  await tx.query('DELETE FROM perfil_filial_usuario WHERE id_organization = $1 AND id_usuario = $2', [org, id_usuario]);
  await tx.query('DELETE FROM login WHERE id_organization = $1 AND id_usuario = $2', [org, id_usuario]);
  // The generic delete refuses, naming them, when orders, invoices... still point at the user (the transaction then
  // rolls back the two deletes above).
  await deleteRow(tx, user, scopeOf(caller), id_usuario);
  await assertManagerRemains(tx, org);
}

async function setTemporaryPassword(tx: Tx, org: number, id_usuario: number, password: string): Promise<void> {
  const { rows } = await tx.query<{ email: string }>('SELECT email FROM usuario WHERE id_organization = $1 AND id_usuario = $2', [org, id_usuario]);
  await writeLogin(tx, org, id_usuario, rows[0]!.email.toLowerCase(), await hashPassword(password));
  await tx.query('UPDATE usuario SET solicitar_nova_senha = true, data_alteracao = now() WHERE id_organization = $1 AND id_usuario = $2', [
    org, id_usuario,
  ]);
}

/**
 * reset_password: the old password stops working at once; the new one (typed by the manager, or made here and
 * answered once) is temporary.
 */
export async function resetPassword(tx: Tx, caller: Caller, id_usuario: number, senha: string | undefined) {
  if (!(await findRow(tx, user, scopeOf(caller), id_usuario))) throw notFound();
  await assertUserWithinPowers(tx, caller, id_usuario);
  const generated = senha === undefined ? temporaryPassword() : null;
  await setTemporaryPassword(tx, caller.id_organization, id_usuario, senha ?? generated!);
  return { id_usuario, solicitar_nova_senha: true as const, senha_temporaria: generated };
}
