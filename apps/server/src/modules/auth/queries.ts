import type { Tx } from '../../db/database.ts';
import type { EmpresaResumo, FilialResumo, Permissao } from '@pdv/contract/session';

export interface LoginRow {
  id_organization: number;
  id_usuario: number;
  senha_hash: string;
}

/** Platform-level lookup (system transaction): which organization and user an e-mail signs in as. */
export async function findLoginByEmail(tx: Tx, email: string): Promise<LoginRow | null> {
  const { rows } = await tx.query<LoginRow>(
    'SELECT id_organization, id_usuario, senha_hash FROM login WHERE email = $1',
    [email.toLowerCase()],
  );
  return rows[0] ?? null;
}

export interface UserRecord {
  id_usuario: number;
  id_organization: number;
  nome: string;
  email: string;
  avatar: string | null;
  situacao: string;
  is_vendedor: boolean;
  is_login: boolean;
  percentual_desconto_maximo: number;
  perc_max_aumento_preco_produto: number;
  perc_max_reducao_preco_produto: number;
  id_filial_ativa: number | null;
  solicitar_nova_senha: boolean;
  solicitar_onboarding: boolean;
}

export async function findUser(tx: Tx, org: number, id_usuario: number): Promise<UserRecord | null> {
  const { rows } = await tx.query<UserRecord>(
    `SELECT id_usuario, id_organization, nome, email, avatar, situacao, is_vendedor, is_login,
            percentual_desconto_maximo, perc_max_aumento_preco_produto, perc_max_reducao_preco_produto,
            id_filial_ativa, solicitar_nova_senha, solicitar_onboarding
       FROM usuario
      WHERE id_organization = $1 AND id_usuario = $2 AND data_exclusao IS NULL`,
    [org, id_usuario],
  );
  return rows[0] ?? null;
}

export interface UserBranch extends FilialResumo {
  id_perfil: number;
  is_principal: boolean;
}

/** The active branches the user holds an active profile in, main branch first. */
export async function findUserBranches(tx: Tx, org: number, id_usuario: number): Promise<UserBranch[]> {
  const { rows } = await tx.query<UserBranch>(
    `SELECT f.id_filial, f.id_empresa, f.codigo_filial, f.cnpj, f.razao_social, f.nome_fantasia, f.apelido,
            f.cidade, f.uf, f.situacao, pf.id_perfil, pfu.is_principal
       FROM perfil_filial_usuario pfu
       JOIN perfil_filial pf ON pf.id_organization = pfu.id_organization AND pf.id_perfil_filial = pfu.id_perfil_filial
       JOIN perfil p ON p.id_organization = pf.id_organization AND p.id_perfil = pf.id_perfil
                    AND p.data_exclusao IS NULL AND p.situacao = 'Ativo'
       JOIN filial f ON f.id_organization = pf.id_organization AND f.id_filial = pf.id_filial
                    AND f.data_exclusao IS NULL AND f.situacao = 'Ativo'
      WHERE pfu.id_organization = $1 AND pfu.id_usuario = $2
      ORDER BY pfu.is_principal DESC, f.codigo_filial`,
    [org, id_usuario],
  );
  return rows;
}

export async function findProfilePermissions(tx: Tx, org: number, id_perfil: number): Promise<Permissao[]> {
  const { rows } = await tx.query<Permissao>(
    `SELECT id_permissao, rotulo, tipo, situacao
       FROM perfil_permissao
      WHERE id_organization = $1 AND id_perfil = $2 AND data_exclusao IS NULL
      ORDER BY rotulo`,
    [org, id_perfil],
  );
  return rows;
}

export async function findCompanies(tx: Tx, org: number, ids: number[]): Promise<EmpresaResumo[]> {
  const { rows } = await tx.query<EmpresaResumo>(
    `SELECT id_empresa, razao_social, nome_fantasia, cnpj FROM empresa
      WHERE id_organization = $1 AND id_empresa = ANY($2::int[]) AND data_exclusao IS NULL
      ORDER BY id_empresa`,
    [org, ids],
  );
  return rows;
}

export async function findOrganizationTheme(tx: Tx, org: number): Promise<string | null> {
  const { rows } = await tx.query<{ cor_primaria: string | null }>(
    'SELECT cor_primaria FROM organization WHERE id_organization = $1',
    [org],
  );
  return rows[0]?.cor_primaria ?? null;
}

export async function setActiveBranch(tx: Tx, org: number, id_usuario: number, id_filial: number): Promise<void> {
  await tx.query(
    'UPDATE usuario SET id_filial_ativa = $3, data_alteracao = now() WHERE id_organization = $1 AND id_usuario = $2',
    [org, id_usuario, id_filial],
  );
}
