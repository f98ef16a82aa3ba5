/**
 * Rules of the user and profile registers (002 §3 Profile/User, §4, §6), written once for the server and the screens.
 *
 * - A user holds one profile per branch and exactly one main branch; with none marked, the first becomes the main one.
 * - Nobody grants more than they hold: a profile may hold only permissions the author holds at that level, a user may
 *   get only profiles within the author's powers, and a user or profile beyond the author's powers cannot be changed
 *   by them (a dishonest manager cannot promote themselves, nor take over the owner's account by resetting it).
 * - A permission level is none, read (tipo '1') or manage (tipo '2').
 */
import { PERMISSION_TYPE_MANAGE, PERMISSION_TYPE_READ, actionOfType, isActiveEntry, type Ability, type PermissionEntry } from './permissions.ts';

export const USER_MESSAGES = {
  emailInUse: 'Este e-mail já está em uso por outro usuário.',
  oneProfilePerBranch: 'Informe um só perfil por filial.',
  oneMainBranch: 'Apenas uma filial pode ser a principal.',
  profileNotInBranch: (perfil: string, filial: string) => `O perfil ${perfil} não está vinculado à filial ${filial}.`,
  profileUsedInBranch: (filial: string) =>
    `Há usuários com este perfil na filial ${filial}: troque o perfil deles antes de desvincular a filial.`,
  profileInUse: 'Este perfil está em uso por usuários: troque o perfil deles antes de excluí-lo. Você pode inativá-lo.',
  beyondPowers: (labels: string) => `Você não pode conceder permissões que não tem: ${labels}.`,
  userBeyondPowers: 'Você não pode alterar um usuário com permissões acima das suas.',
  profileBeyondPowers: 'Você não pode alterar um perfil com permissões acima das suas.',
  lastManager: 'A organização precisa de ao menos um usuário ativo que gerencie usuários e perfis.',
  unknownPermission: (rotulo: string) => `Permissão desconhecida: ${rotulo}.`,
  duplicatePermission: (rotulo: string) => `A permissão ${rotulo} aparece mais de uma vez.`,
  passwordTooShort: 'A senha deve ter ao menos 8 caracteres.',
  passwordTooLong: 'A senha pode ter no máximo 128 caracteres.',
  newPasswordRequired: 'Defina uma nova senha para continuar.',
  wrongCurrentPassword: 'Senha atual incorreta.',
  samePassword: 'A nova senha deve ser diferente da atual.',
  passwordsDiffer: 'As senhas não conferem.',
  passwordChanged: 'Senha alterada com sucesso.',
  passwordReset: 'Senha redefinida. O usuário criará uma nova senha no próximo acesso.',
  cannotDisableSelf: 'Você não pode desativar o próprio usuário.',
  cannotDeleteSelf: 'Você não pode excluir o próprio usuário.',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export type PermissionLevel = 'none' | 'read' | 'manage';

export function levelOfTipo(tipo: string | number | null | undefined): PermissionLevel {
  if (tipo === null || tipo === undefined) return 'none';
  return actionOfType(tipo);
}

export function tipoOfLevel(level: Exclude<PermissionLevel, 'none'>): string {
  return level === 'read' ? PERMISSION_TYPE_READ : PERMISSION_TYPE_MANAGE;
}

/** The labels of the active entries the ability does not hold at their level (empty: all within its powers). */
export function beyondAbility(ability: Ability, entries: readonly PermissionEntry[]): string[] {
  return entries.filter((e) => isActiveEntry(e) && !ability.can(actionOfType(e.tipo), e.rotulo)).map((e) => e.rotulo);
}

export interface BranchProfile {
  id_filial: number;
  id_perfil: number;
  is_principal: boolean;
}

/**
 * A user's branch profiles as stored: one per branch, exactly one main (the first one when none is marked). Answers
 * the list or the refusal's message.
 */
export function normalizeBranchProfiles(perfis: readonly BranchProfile[]): { ok: true; perfis: BranchProfile[] } | { ok: false; message: string } {
  const branches = new Set(perfis.map((p) => p.id_filial));
  if (branches.size !== perfis.length) return { ok: false, message: USER_MESSAGES.oneProfilePerBranch };
  const mains = perfis.filter((p) => p.is_principal).length;
  if (mains > 1) return { ok: false, message: USER_MESSAGES.oneMainBranch };
  const list = perfis.map((p, i) => ({ ...p, is_principal: mains === 0 ? i === 0 : p.is_principal }));
  return { ok: true, perfis: list };
}

/** A new password's problem, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return USER_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return USER_MESSAGES.passwordTooLong;
  return null;
}
