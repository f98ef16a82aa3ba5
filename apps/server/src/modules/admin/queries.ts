import type { Profile, UserRow } from '@pdv/contract/admin';
import type { Tx } from '../../db/database.ts';
import { containsPattern, iso } from '../../db/rows.ts';

interface Page {
  search: string;
  skip: number;
  take: number;
}

const USER_SELECT = `
  SELECT u.id_usuario, u.nome, u.email, u.situacao, u.is_vendedor, u.is_login, u.percentual_desconto_maximo,
         u.data_cadastro,
         coalesce(json_agg(json_build_object(
           'id_perfil_filial', pf.id_perfil_filial, 'id_filial', f.id_filial,
           'filial', coalesce(f.nome_fantasia, f.razao_social), 'id_perfil', p.id_perfil, 'perfil', p.descricao,
           'is_principal', pfu.is_principal) ORDER BY f.codigo_filial) FILTER (WHERE pf.id_perfil_filial IS NOT NULL),
           '[]') AS perfis
    FROM usuario u
    LEFT JOIN perfil_filial_usuario pfu ON pfu.id_organization = u.id_organization AND pfu.id_usuario = u.id_usuario
    LEFT JOIN perfil_filial pf ON pf.id_organization = pfu.id_organization AND pf.id_perfil_filial = pfu.id_perfil_filial
    LEFT JOIN perfil p ON p.id_organization = pf.id_organization AND p.id_perfil = pf.id_perfil
    LEFT JOIN filial f ON f.id_organization = pf.id_organization AND f.id_filial = pf.id_filial`;

type UserDbRow = Omit<UserRow, 'data_cadastro' | 'perfis'> & { data_cadastro: Date; perfis: UserRow['perfis'] | string };
const toUser = (r: UserDbRow): UserRow => ({
  ...r,
  perfis: typeof r.perfis === 'string' ? (JSON.parse(r.perfis) as UserRow['perfis']) : r.perfis,
  data_cadastro: iso(r.data_cadastro),
});

/** Users, default sort situacao desc (002 §9), then name. */
export async function listUsers(tx: Tx, org: number, page: Page) {
  const where = `u.id_organization = $1 AND u.data_exclusao IS NULL AND ($2 = '' OR u.nome ILIKE $3 OR u.email ILIKE $3)`;
  const params = [org, page.search, containsPattern(page.search)];
  const rows = await tx.query<UserDbRow>(
    `${USER_SELECT} WHERE ${where} GROUP BY u.id_organization, u.id_usuario
      ORDER BY u.situacao DESC, u.nome, u.id_usuario LIMIT $4 OFFSET $5`,
    [...params, page.take, page.skip],
  );
  const count = await tx.query<{ count: number }>(`SELECT count(*)::int AS count FROM usuario u WHERE ${where}`, params);
  return { rows: rows.rows.map(toUser), count: count.rows[0]?.count ?? 0 };
}

export async function findUserRow(tx: Tx, org: number, id_usuario: number): Promise<UserRow | null> {
  const { rows } = await tx.query<UserDbRow>(
    `${USER_SELECT} WHERE u.id_organization = $1 AND u.id_usuario = $2 AND u.data_exclusao IS NULL
      GROUP BY u.id_organization, u.id_usuario`,
    [org, id_usuario],
  );
  return rows[0] ? toUser(rows[0]) : null;
}

export async function setUserSituacao(tx: Tx, org: number, id_usuario: number, situacao: string): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE usuario SET situacao = $3, data_alteracao = now()
      WHERE id_organization = $1 AND id_usuario = $2 AND data_exclusao IS NULL`,
    [org, id_usuario, situacao],
  );
  return rowCount > 0;
}

const PROFILE_SELECT = `
  SELECT p.id_perfil, p.id_empresa, p.descricao,
         coalesce((SELECT json_agg(json_build_object('id_permissao', pp.id_permissao, 'rotulo', pp.rotulo,
                    'tipo', pp.tipo, 'situacao', pp.situacao) ORDER BY pp.rotulo)
                     FROM perfil_permissao pp
                    WHERE pp.id_organization = p.id_organization AND pp.id_perfil = p.id_perfil
                      AND pp.data_exclusao IS NULL), '[]') AS perfil_permissao,
         coalesce((SELECT json_agg(json_build_object('id_perfil_filial', pf.id_perfil_filial, 'id_filial', f.id_filial,
                    'nome_fantasia', f.nome_fantasia) ORDER BY f.codigo_filial)
                     FROM perfil_filial pf
                     JOIN filial f ON f.id_organization = pf.id_organization AND f.id_filial = pf.id_filial
                    WHERE pf.id_organization = p.id_organization AND pf.id_perfil = p.id_perfil), '[]') AS filiais
    FROM perfil p`;

type ProfileDbRow = { [K in keyof Profile]: K extends 'perfil_permissao' | 'filiais' ? Profile[K] | string : Profile[K] };
const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const toProfile = (r: ProfileDbRow): Profile => ({ ...r, perfil_permissao: json(r.perfil_permissao), filiais: json(r.filiais) });

/** Profiles, default sort descricao asc (002 §9). */
export async function listProfiles(tx: Tx, org: number, page: Page) {
  const where = `p.id_organization = $1 AND p.data_exclusao IS NULL AND ($2 = '' OR p.descricao ILIKE $3)`;
  const params = [org, page.search, containsPattern(page.search)];
  const rows = await tx.query<ProfileDbRow>(
    `${PROFILE_SELECT} WHERE ${where} ORDER BY p.descricao, p.id_perfil LIMIT $4 OFFSET $5`,
    [...params, page.take, page.skip],
  );
  const count = await tx.query<{ count: number }>(`SELECT count(*)::int AS count FROM perfil p WHERE ${where}`, params);
  return { rows: rows.rows.map(toProfile), count: count.rows[0]?.count ?? 0 };
}

export async function findProfile(tx: Tx, org: number, id_perfil: number): Promise<Profile | null> {
  const { rows } = await tx.query<ProfileDbRow>(
    `${PROFILE_SELECT} WHERE p.id_organization = $1 AND p.id_perfil = $2 AND p.data_exclusao IS NULL`,
    [org, id_perfil],
  );
  return rows[0] ? toProfile(rows[0]) : null;
}
