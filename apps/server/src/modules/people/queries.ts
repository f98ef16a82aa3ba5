/** The person register's SQL (hooks.ts): duplicates, addresses and branches of a person. */
import type { PersonAddress } from '@pdv/contract/registers/person';
import type { Tx } from '../../db/database.ts';

export interface StoredPerson {
  tipo: string;
  cpf: string | null;
  cnpj: string | null;
  ie: string | null;
  indicador_ie: number;
}

export async function findPerson(tx: Tx, org: number, id: number): Promise<StoredPerson | null> {
  const { rows } = await tx.query<StoredPerson>(
    'SELECT tipo, cpf, cnpj, ie, indicador_ie FROM pessoa WHERE id_organization = $1 AND id_pessoa = $2 AND data_exclusao IS NULL',
    [org, id],
  );
  return rows[0] ?? null;
}

/** Another live person of the organization with this CPF (column 'cpf') or CNPJ ('cnpj'). */
export async function documentTaken(tx: Tx, org: number, column: 'cpf' | 'cnpj', value: string, id: number | null): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM pessoa WHERE id_organization = $1 AND ${column} = $2 AND id_pessoa <> $3 AND data_exclusao IS NULL LIMIT 1`,
    [org, value, id ?? 0],
  );
  return rows.length > 0;
}

/** The live person of the organization with this CPF or CNPJ, or saved offline with this till UUID (null: none). */
export async function personByDocumentOrUuid(tx: Tx, org: number, uuid: string, cpf: string | null, cnpj: string | null): Promise<number | null> {
  const { rows } = await tx.query<{ id_pessoa: number }>(
    `SELECT id_pessoa FROM pessoa
      WHERE id_organization = $1 AND data_exclusao IS NULL
        AND (uuid_cadastro = $2 OR ($3::text IS NOT NULL AND cpf = $3) OR ($4::text IS NOT NULL AND cnpj = $4))
      ORDER BY (uuid_cadastro = $2) IS TRUE DESC, id_pessoa LIMIT 1`,
    [org, uuid, cpf, cnpj],
  );
  return rows[0]?.id_pessoa ?? null;
}

const ADDRESS_COLUMNS = ['tipo', 'descricao', 'is_principal', 'nome', 'cep', 'endereco', 'numero', 'complemento', 'bairro', 'cidade', 'uf', 'telefone'] as const;

export async function liveAddresses(tx: Tx, org: number, id_pessoa: number): Promise<Array<PersonAddress & { id_pessoa_endereco: number }>> {
  const { rows } = await tx.query<PersonAddress & { id_pessoa_endereco: number }>(
    `SELECT id_pessoa_endereco, ${ADDRESS_COLUMNS.join(', ')} FROM pessoa_endereco
      WHERE id_organization = $1 AND id_pessoa = $2 AND data_exclusao IS NULL ORDER BY is_principal DESC, id_pessoa_endereco`,
    [org, id_pessoa],
  );
  return rows;
}

/**
 * The person's addresses become `addresses` (the live ones given, with exactly one main): a stored one left out or
 * marked is_excluido is tombstoned, a stored one given is updated, a new one inserted. False when an id names no
 * live address of this person.
 */
export async function replaceAddresses(tx: Tx, org: number, id_pessoa: number, addresses: readonly PersonAddress[]): Promise<boolean> {
  const kept = addresses.filter((a) => a.is_excluido !== true && a.id_pessoa_endereco !== undefined).map((a) => a.id_pessoa_endereco);
  // The main flag is cleared first: the unique index allows one live main at a time.
  await tx.query(
    `UPDATE pessoa_endereco SET is_principal = false,
            data_exclusao = CASE WHEN id_pessoa_endereco = ANY($3::integer[]) THEN NULL ELSE now() END
      WHERE id_organization = $1 AND id_pessoa = $2 AND data_exclusao IS NULL`,
    [org, id_pessoa, kept],
  );
  for (const a of addresses) {
    if (a.is_excluido === true) continue;
    // tipo is NOT NULL ('Principal' by default, the column's).
    const values = ADDRESS_COLUMNS.map((c) => a[c] ?? (c === 'tipo' ? 'Principal' : null));
    if (a.id_pessoa_endereco !== undefined) {
      const sets = ADDRESS_COLUMNS.map((c, i) => `${c} = $${i + 4}`).join(', ');
      const { rows } = await tx.query(
        `UPDATE pessoa_endereco SET ${sets}, data_alteracao = now()
          WHERE id_organization = $1 AND id_pessoa = $2 AND id_pessoa_endereco = $3 AND data_exclusao IS NULL RETURNING 1`,
        [org, id_pessoa, a.id_pessoa_endereco, ...values],
      );
      if (rows.length === 0) return false;
    } else {
      await tx.query(
        `INSERT INTO pessoa_endereco (id_organization, id_pessoa, ${ADDRESS_COLUMNS.join(', ')})
         VALUES ($1, $2, ${ADDRESS_COLUMNS.map((_, i) => `$${i + 3}`).join(', ')})`,
        [org, id_pessoa, ...values],
      );
    }
  }
  return true;
}

/** How many of `ids` are live branches of the organization. */
export async function countBranches(tx: Tx, org: number, ids: readonly number[]): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM filial WHERE id_organization = $1 AND id_filial = ANY($2::integer[]) AND data_exclusao IS NULL',
    [org, [...new Set(ids)]],
  );
  return rows[0]?.n ?? 0;
}

export async function replaceBranches(tx: Tx, org: number, id_pessoa: number, ids: readonly number[]): Promise<void> {
  await tx.query('DELETE FROM pessoa_filial WHERE id_organization = $1 AND id_pessoa = $2 AND NOT (id_filial = ANY($3::integer[]))', [org, id_pessoa, ids]);
  await tx.query(
    `INSERT INTO pessoa_filial (id_organization, id_pessoa, id_filial) SELECT $1, $2, unnest($3::integer[])
     ON CONFLICT DO NOTHING`,
    [org, id_pessoa, [...new Set(ids)]],
  );
}

export async function branchesOf(tx: Tx, org: number, id_pessoa: number): Promise<number[]> {
  const { rows } = await tx.query<{ id_filial: number }>(
    'SELECT id_filial FROM pessoa_filial WHERE id_organization = $1 AND id_pessoa = $2 ORDER BY id_filial',
    [org, id_pessoa],
  );
  return rows.map((r) => r.id_filial);
}

export async function priceTableExists(tx: Tx, org: number, id: number): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM tabela_preco WHERE id_organization = $1 AND id_tabela_preco = $2 AND data_exclusao IS NULL', [org, id]);
  return rows.length > 0;
}

/** A deleted person's own parts: its addresses tombstoned, its branch links removed. */
export async function dropPersonParts(tx: Tx, org: number, id_pessoa: number): Promise<void> {
  await tx.query(
    'UPDATE pessoa_endereco SET is_principal = false, data_exclusao = now() WHERE id_organization = $1 AND id_pessoa = $2 AND data_exclusao IS NULL',
    [org, id_pessoa],
  );
  await tx.query('DELETE FROM pessoa_filial WHERE id_organization = $1 AND id_pessoa = $2', [org, id_pessoa]);
}

export interface QuickCustomerRow {
  tipo: 'F' | 'J';
  nome: string;
  cpf: string | null;
  cnpj: string | null;
  telefone: string | null;
  email: string | null;
}

/** A new customer with only these columns; every other one (credit rules, price table, seller) keeps its default. */
export async function insertQuickCustomer(tx: Tx, org: number, p: QuickCustomerRow, uuid: string | null = null): Promise<number> {
  const { rows } = await tx.query<{ id_pessoa: number }>(
    `INSERT INTO pessoa (id_organization, tipo, nome, cpf, cnpj, telefone, email, is_cliente, uuid_cadastro)
     VALUES ($1, $2, $3, $4, $5, $6, $7, true, $8) RETURNING id_pessoa`,
    [org, p.tipo, p.nome, p.cpf, p.cnpj, p.telefone, p.email, uuid],
  );
  const row = rows[0];
  if (!row) throw new Error('pessoa insert returned no row');
  return row.id_pessoa;
}
