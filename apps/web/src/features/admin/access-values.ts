/**
 * The values of the profile and user forms' own tabs, as plain functions: a profile's permission list edited one
 * label at a time (none / read / manage), grouped as the catalogue groups them, and a user's branch profiles with one
 * main branch (the server checks the same rules: packages/domain/src/user-rules.ts).
 */
import { PERMISSION_CATALOGUE, PERMISSION_GROUPS, type PermissionInfo } from '@pdv/domain/menu';
import { levelOfTipo, tipoOfLevel, type BranchProfile, type PermissionLevel } from '@pdv/domain/user-rules';

export interface ProfilePermission {
  rotulo: string;
  tipo: '1' | '2';
}

export const LEVEL_LABELS: Record<PermissionLevel, string> = { none: 'Sem acesso', read: 'Consultar', manage: 'Gerenciar' };

/** The catalogue by group, in the editor's order (groups without labels left out). */
export function permissionGroups(): Array<{ grupo: string; items: PermissionInfo[] }> {
  return PERMISSION_GROUPS.map((grupo) => ({ grupo, items: PERMISSION_CATALOGUE.filter((p) => p.grupo === grupo) })).filter(
    (g) => g.items.length > 0,
  );
}

/** A list as the form holds it (anything else: empty). */
export function permissionList(value: unknown): ProfilePermission[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (p): p is ProfilePermission =>
      typeof p === 'object' && p !== null && typeof (p as ProfilePermission).rotulo === 'string' && ['1', '2'].includes((p as ProfilePermission).tipo),
  ).map((p) => ({ rotulo: p.rotulo, tipo: p.tipo }));
}

export function levelOf(list: readonly ProfilePermission[], rotulo: string): PermissionLevel {
  return levelOfTipo(list.find((p) => p.rotulo === rotulo)?.tipo);
}

/** The list with one label at a level (none removes it), in the catalogue's order. */
export function withLevel(list: readonly ProfilePermission[], rotulo: string, level: PermissionLevel): ProfilePermission[] {
  const rest = list.filter((p) => p.rotulo !== rotulo);
  const next = level === 'none' ? rest : [...rest, { rotulo, tipo: tipoOfLevel(level) as '1' | '2' }];
  const order = (r: string) => {
    const i = PERMISSION_CATALOGUE.findIndex((p) => p.rotulo === r);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  return next.sort((a, b) => order(a.rotulo) - order(b.rotulo));
}

/** Every label of a group at one level. */
export function withGroupLevel(list: readonly ProfilePermission[], grupo: string, level: PermissionLevel): ProfilePermission[] {
  return PERMISSION_CATALOGUE.filter((p) => p.grupo === grupo).reduce((acc, p) => withLevel(acc, p.rotulo, level), [...list]);
}

/** A user's branch profiles as the form holds them. */
export function branchProfileList(value: unknown): BranchProfile[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((p): p is BranchProfile => typeof p === 'object' && p !== null && typeof (p as BranchProfile).id_filial === 'number')
    .map((p) => ({ id_filial: p.id_filial, id_perfil: p.id_perfil, is_principal: p.is_principal === true }));
}

/**
 * The list with a branch's profile set (null: no access there). The first branch given a profile becomes the main
 * one; the main branch's removal passes the role to the next one.
 */
export function withBranchProfile(list: readonly BranchProfile[], id_filial: number, id_perfil: number | null): BranchProfile[] {
  const existing = list.find((p) => p.id_filial === id_filial);
  let next: BranchProfile[];
  if (id_perfil === null) next = list.filter((p) => p.id_filial !== id_filial);
  else if (existing) next = list.map((p) => (p.id_filial === id_filial ? { ...p, id_perfil } : p));
  else next = [...list, { id_filial, id_perfil, is_principal: false }];
  if (next.length > 0 && !next.some((p) => p.is_principal)) next = next.map((p, i) => ({ ...p, is_principal: i === 0 }));
  return next;
}

/** The list with one main branch: the given one. */
export function withMainBranch(list: readonly BranchProfile[], id_filial: number): BranchProfile[] {
  if (!list.some((p) => p.id_filial === id_filial)) return [...list];
  return list.map((p) => ({ ...p, is_principal: p.id_filial === id_filial }));
}

/** A temporary password to propose (letters and digits read without doubt), from the browser's random source. */
export function proposePassword(length = 10, random: (n: number) => Uint32Array = (n) => crypto.getRandomValues(new Uint32Array(n))): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  return Array.from(random(length), (v) => alphabet[v % alphabet.length]).join('');
}
