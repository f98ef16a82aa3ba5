/**
 * Who may change users and profiles, beyond the route's permission (docs/decisions.md "Users and profiles"):
 * - nobody grants more than they hold (a profile's permissions, a profile given to a user);
 * - nobody changes a user or a profile that holds more than they do (a manager cannot take over the owner's account
 *   by resetting its password, nor strip a higher profile);
 * - the organization keeps at least one active user who manages users and profiles (checked after the writes, in the
 *   same transaction: a change that would leave none is refused and rolled back).
 */
import { PERMISSION_CATALOGUE } from '@pdv/domain/menu';
import type { PermissionEntry } from '@pdv/domain/permissions';
import { USER_MESSAGES, beyondAbility } from '@pdv/domain/user-rules';
import type { Tx } from '../../db/database.ts';
import { HttpError, badRequest } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';

const describe = (labels: string[]) =>
  [...new Set(labels)].map((r) => PERMISSION_CATALOGUE.find((p) => p.rotulo === r)?.descricao ?? r).join(', ');

/** Refuses (403) entries the caller does not hold at their level. */
export function assertWithinPowers(caller: Caller, entries: readonly PermissionEntry[]): void {
  const beyond = beyondAbility(caller.ability, entries);
  if (beyond.length > 0) throw new HttpError(403, USER_MESSAGES.beyondPowers(describe(beyond)));
}

/** The live permissions of a set of profiles. */
export async function permissionsOfProfiles(tx: Tx, org: number, profiles: readonly number[]): Promise<PermissionEntry[]> {
  if (profiles.length === 0) return [];
  const { rows } = await tx.query<PermissionEntry>(
    `SELECT rotulo, tipo, situacao FROM perfil_permissao
      WHERE id_organization = $1 AND id_perfil = ANY($2::int[]) AND data_exclusao IS NULL`,
    [org, profiles],
  );
  return rows;
}

/** Refuses (403) changing a profile that holds more than the caller. */
export async function assertProfileWithinPowers(tx: Tx, caller: Caller, id_perfil: number): Promise<void> {
  const held = await permissionsOfProfiles(tx, caller.id_organization, [id_perfil]);
  if (beyondAbility(caller.ability, held).length > 0) throw new HttpError(403, USER_MESSAGES.profileBeyondPowers);
}

/** Refuses (403) changing another user whose profiles, in any branch, hold more than the caller. */
export async function assertUserWithinPowers(tx: Tx, caller: Caller, id_usuario: number): Promise<void> {
  if (id_usuario === caller.id_usuario) return;
  const { rows } = await tx.query<PermissionEntry>(
    `SELECT pp.rotulo, pp.tipo, pp.situacao
       FROM perfil_filial_usuario pfu
       JOIN perfil_filial pf ON pf.id_organization = pfu.id_organization AND pf.id_perfil_filial = pfu.id_perfil_filial
       JOIN perfil_permissao pp ON pp.id_organization = pf.id_organization AND pp.id_perfil = pf.id_perfil AND pp.data_exclusao IS NULL
      WHERE pfu.id_organization = $1 AND pfu.id_usuario = $2`,
    [caller.id_organization, id_usuario],
  );
  if (beyondAbility(caller.ability, rows).length > 0) throw new HttpError(403, USER_MESSAGES.userBeyondPowers);
}

/**
 * Refuses (400) a change that leaves the organization without an active, signing-in user who manages both users
 * and profiles through an active profile in an active branch. Run after the writes, before the commit.
 */
export async function assertManagerRemains(tx: Tx, org: number): Promise<void> {
  const { rows } = await tx.query(
    `SELECT 1
       FROM usuario u
       JOIN login l ON l.id_organization = u.id_organization AND l.id_usuario = u.id_usuario
       JOIN perfil_filial_usuario pfu ON pfu.id_organization = u.id_organization AND pfu.id_usuario = u.id_usuario
       JOIN perfil_filial pf ON pf.id_organization = pfu.id_organization AND pf.id_perfil_filial = pfu.id_perfil_filial
       JOIN perfil p ON p.id_organization = pf.id_organization AND p.id_perfil = pf.id_perfil
                    AND p.situacao = 'Ativo' AND p.data_exclusao IS NULL
       JOIN filial f ON f.id_organization = pf.id_organization AND f.id_filial = pf.id_filial
                    AND f.situacao = 'Ativo' AND f.data_exclusao IS NULL
      WHERE u.id_organization = $1 AND u.situacao = 'Ativo' AND u.is_login AND u.data_exclusao IS NULL
        AND (SELECT count(DISTINCT pp.rotulo) FROM perfil_permissao pp
              WHERE pp.id_organization = p.id_organization AND pp.id_perfil = p.id_perfil AND pp.data_exclusao IS NULL
                AND pp.situacao = 'Ativo' AND pp.tipo <> '1' AND pp.rotulo IN ('FncListarUsuario', 'FncListarPerfil')) = 2
      LIMIT 1`,
    [org],
  );
  if (rows.length === 0) throw badRequest(USER_MESSAGES.lastManager);
}

/**
 * Marks the users holding a profile as changed (their row's sync stamp and event): signed-in clients of the
 * organization reload their session, so a changed permission list takes effect without signing out (002 §6).
 */
export async function touchHolders(tx: Tx, org: number, id_perfil: number): Promise<void> {
  await tx.query(
    `UPDATE usuario u SET data_alteracao = now()
      WHERE u.id_organization = $1 AND u.data_exclusao IS NULL AND EXISTS (
        SELECT 1 FROM perfil_filial_usuario pfu
          JOIN perfil_filial pf ON pf.id_organization = pfu.id_organization AND pf.id_perfil_filial = pfu.id_perfil_filial
         WHERE pfu.id_organization = u.id_organization AND pfu.id_usuario = u.id_usuario AND pf.id_perfil = $2)`,
    [org, id_perfil],
  );
}
