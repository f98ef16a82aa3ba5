import type { Branch } from '@pdv/contract/admin';
import type { Tx } from '../../db/database.ts';
import { containsPattern, iso } from '../../db/rows.ts';

interface Page {
  search: string;
  skip: number;
  take: number;
}

const BRANCH_COLUMNS = `id_filial, id_empresa, codigo_filial, cnpj, razao_social, nome_fantasia, apelido, cidade, uf, situacao,
  ie, im, email, telefone, celular, cep, endereco, numero, complemento, bairro, id_cidade, data_cadastro, data_alteracao`;

type BranchDbRow = Omit<Branch, 'data_cadastro' | 'data_alteracao'> & { data_cadastro: Date; data_alteracao: Date };
const toBranch = (r: BranchDbRow): Branch => ({ ...r, data_cadastro: iso(r.data_cadastro), data_alteracao: iso(r.data_alteracao) });

export async function listBranches(tx: Tx, org: number, page: Page) {
  const where = `id_organization = $1 AND data_exclusao IS NULL
    AND ($2 = '' OR razao_social ILIKE $3 OR nome_fantasia ILIKE $3 OR codigo_filial ILIKE $3 OR cnpj ILIKE $3)`;
  const params = [org, page.search, containsPattern(page.search)];
  const rows = await tx.query<BranchDbRow>(
    `SELECT ${BRANCH_COLUMNS} FROM filial WHERE ${where} ORDER BY codigo_filial, id_filial LIMIT $4 OFFSET $5`,
    [...params, page.take, page.skip],
  );
  const count = await tx.query<{ count: number }>(`SELECT count(*)::int AS count FROM filial WHERE ${where}`, params);
  return { rows: rows.rows.map(toBranch), count: count.rows[0]?.count ?? 0 };
}

export async function findBranch(tx: Tx, org: number, id_filial: number): Promise<Branch | null> {
  const { rows } = await tx.query<BranchDbRow>(
    `SELECT ${BRANCH_COLUMNS} FROM filial WHERE id_organization = $1 AND id_filial = $2 AND data_exclusao IS NULL`,
    [org, id_filial],
  );
  return rows[0] ? toBranch(rows[0]) : null;
}
