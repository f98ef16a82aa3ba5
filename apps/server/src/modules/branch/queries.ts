/** SQL of the branch register's own routes: IBGE cities, logo, A1 certificate, e-mail accounts. */
import type { Tx } from '../../db/database.ts';
import { iso } from '../../db/rows.ts';
import { searchName } from '../../db/migrations/021_branch_register.ts';
import type { EmailAccount } from '@pdv/contract/branch';
import type { SmtpAccount } from './smtp.ts';

export interface City {
  id_cidade: number;
  nome: string;
  uf: string;
}

const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Cities whose name starts with `search` (accents and case aside), or whose code does; exact names first. */
export async function findCities(tx: Tx, search: string, uf: string | undefined, take: number): Promise<City[]> {
  const name = searchName(search.trim());
  const byCode = /^\d+$/.test(name);
  const { rows } = await tx.query<City>(
    `SELECT id_cidade, nome, uf FROM cidade
      WHERE ($1 = '' OR ${byCode ? 'id_cidade::text LIKE $2' : 'nome_busca LIKE $2'})
        AND ($3::text IS NULL OR uf = $3)
      ORDER BY (nome_busca = $1) DESC, nome_busca, uf LIMIT $4`,
    [name, likePrefix(name), uf ?? null, take],
  );
  return rows;
}

export async function findCity(tx: Tx, id_cidade: number): Promise<City | null> {
  const { rows } = await tx.query<City>('SELECT id_cidade, nome, uf FROM cidade WHERE id_cidade = $1', [id_cidade]);
  return rows[0] ?? null;
}

export interface BranchFacts {
  id_filial: number;
  cnpj: string;
  ie: string | null;
  id_cidade: number | null;
  uf: string | null;
}

/** The caller's organization's live branch, or null. */
export async function findBranchFacts(tx: Tx, org: number, id_filial: number): Promise<BranchFacts | null> {
  const { rows } = await tx.query<BranchFacts>(
    `SELECT id_filial, cnpj, ie, id_cidade, uf FROM filial WHERE id_organization = $1 AND id_filial = $2 AND data_exclusao IS NULL`,
    [org, id_filial],
  );
  return rows[0] ?? null;
}

export async function priceTableExists(tx: Tx, org: number, id: number): Promise<boolean> {
  const { rows } = await tx.query(
    'SELECT 1 FROM tabela_preco WHERE id_organization = $1 AND id_tabela_preco = $2 AND data_exclusao IS NULL',
    [org, id],
  );
  return rows.length > 0;
}

// Logo.
export async function getLogo(tx: Tx, org: number, id_filial: number): Promise<{ tipo: string; conteudo: Buffer } | null> {
  const { rows } = await tx.query<{ tipo: string; conteudo: Uint8Array }>(
    'SELECT tipo, conteudo FROM filial_logo WHERE id_organization = $1 AND id_filial = $2',
    [org, id_filial],
  );
  const row = rows[0];
  return row ? { tipo: row.tipo, conteudo: Buffer.from(row.conteudo) } : null;
}

/** Stores the logo and marks the branch (filial.logo = a hash of the image) so its synced copy sees the change. */
export async function saveLogo(tx: Tx, org: number, id_filial: number, tipo: string, bytes: Buffer, hash: string | null): Promise<void> {
  await tx.query(
    `INSERT INTO filial_logo (id_organization, id_filial, tipo, conteudo) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id_organization, id_filial) DO UPDATE SET tipo = EXCLUDED.tipo, conteudo = EXCLUDED.conteudo, data_alteracao = now()`,
    [org, id_filial, tipo, bytes],
  );
  await tx.query('UPDATE filial SET logo = $3, data_alteracao = now() WHERE id_organization = $1 AND id_filial = $2', [org, id_filial, hash]);
}

export async function removeLogo(tx: Tx, org: number, id_filial: number): Promise<void> {
  await tx.query('DELETE FROM filial_logo WHERE id_organization = $1 AND id_filial = $2', [org, id_filial]);
  await tx.query('UPDATE filial SET logo = NULL, data_alteracao = now() WHERE id_organization = $1 AND id_filial = $2 AND logo IS NOT NULL', [org, id_filial]);
}

// Certificate.
export interface CertificateInfo {
  titular: string;
  cnpj: string | null;
  validade: string;
  data_cadastro: string;
}

export async function getCertificateInfo(tx: Tx, org: number, id_filial: number): Promise<CertificateInfo | null> {
  const { rows } = await tx.query<{ titular: string | null; validade: Date | null; data_cadastro: Date }>(
    'SELECT titular, validade, data_cadastro FROM certificado_digital WHERE id_organization = $1 AND id_filial = $2',
    [org, id_filial],
  );
  const row = rows[0];
  if (!row) return null;
  const titular = row.titular ?? '';
  const cnpj = /:([0-9A-Z]{12}\d{2})\s*$/.exec(titular)?.[1] ?? null;
  return { titular, cnpj, validade: row.validade ? iso(row.validade) : '', data_cadastro: iso(row.data_cadastro) };
}

export async function saveCertificate(tx: Tx, org: number, id_filial: number, pfx: Buffer, senha: string, titular: string, validade: Date) {
  await tx.query(
    `INSERT INTO certificado_digital (id_organization, id_filial, pfx, senha, titular, validade) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (id_organization, id_filial) DO UPDATE SET pfx = EXCLUDED.pfx, senha = EXCLUDED.senha, titular = EXCLUDED.titular,
       validade = EXCLUDED.validade, data_cadastro = now()`,
    [org, id_filial, pfx, senha, titular, validade],
  );
}

export async function removeCertificate(tx: Tx, org: number, id_filial: number): Promise<void> {
  await tx.query('DELETE FROM certificado_digital WHERE id_organization = $1 AND id_filial = $2', [org, id_filial]);
}

// E-mail accounts.
const EMAIL_COLUMNS = `id_filial_email, id_filial, email, nome_remetente, servidor_smtp, porta, seguranca, usuario,
  (senha IS NOT NULL AND senha <> '') AS possui_senha, is_padrao, data_cadastro, data_alteracao`;
type EmailDbRow = Omit<EmailAccount, 'data_cadastro' | 'data_alteracao'> & { data_cadastro: Date; data_alteracao: Date };
const toAccount = (r: EmailDbRow): EmailAccount => ({ ...r, data_cadastro: iso(r.data_cadastro), data_alteracao: iso(r.data_alteracao) });

export async function listEmails(tx: Tx, org: number, id_filial: number): Promise<EmailAccount[]> {
  const { rows } = await tx.query<EmailDbRow>(
    `SELECT ${EMAIL_COLUMNS} FROM filial_email WHERE id_organization = $1 AND id_filial = $2 AND data_exclusao IS NULL
      ORDER BY is_padrao DESC, email, id_filial_email`,
    [org, id_filial],
  );
  return rows.map(toAccount);
}

export async function findEmail(tx: Tx, org: number, id: number): Promise<EmailAccount | null> {
  const { rows } = await tx.query<EmailDbRow>(
    `SELECT ${EMAIL_COLUMNS} FROM filial_email WHERE id_organization = $1 AND id_filial_email = $2 AND data_exclusao IS NULL`,
    [org, id],
  );
  return rows[0] ? toAccount(rows[0]) : null;
}

/** The account with its password, for sending. Never answered to a client. */
export async function findSmtpAccount(tx: Tx, org: number, id: number): Promise<SmtpAccount | null> {
  const { rows } = await tx.query<SmtpAccount>(
    `SELECT email, nome_remetente, servidor_smtp, porta, seguranca, usuario, senha FROM filial_email
      WHERE id_organization = $1 AND id_filial_email = $2 AND data_exclusao IS NULL`,
    [org, id],
  );
  return rows[0] ?? null;
}

const EMAIL_WRITABLE = ['email', 'nome_remetente', 'servidor_smtp', 'porta', 'seguranca', 'usuario', 'senha'] as const;

export async function createEmail(tx: Tx, org: number, id_filial: number, values: Record<string, unknown>): Promise<number> {
  const columns = EMAIL_WRITABLE.filter((c) => values[c] !== undefined);
  // The branch's first account is the one it uses.
  const { rows: others } = await tx.query(
    'SELECT 1 FROM filial_email WHERE id_organization = $1 AND id_filial = $2 AND data_exclusao IS NULL LIMIT 1',
    [org, id_filial],
  );
  const params = [org, id_filial, others.length === 0, ...columns.map((c) => values[c])];
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO filial_email (id_organization, id_filial, is_padrao${columns.map((c) => `, ${c}`).join('')})
     VALUES (${params.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id_filial_email AS id`,
    params,
  );
  return rows[0]!.id;
}

export async function updateEmail(tx: Tx, org: number, id: number, values: Record<string, unknown>): Promise<void> {
  const columns = EMAIL_WRITABLE.filter((c) => values[c] !== undefined);
  if (columns.length === 0) return;
  await tx.query(
    `UPDATE filial_email SET ${columns.map((c, i) => `${c} = $${i + 3}`).join(', ')}, data_alteracao = now()
      WHERE id_organization = $1 AND id_filial_email = $2 AND data_exclusao IS NULL`,
    [org, id, ...columns.map((c) => values[c])],
  );
}

export async function deleteEmail(tx: Tx, org: number, id: number): Promise<void> {
  await tx.query(
    `UPDATE filial_email SET data_exclusao = now(), is_padrao = false, data_alteracao = now()
      WHERE id_organization = $1 AND id_filial_email = $2 AND data_exclusao IS NULL`,
    [org, id],
  );
}

/** The account becomes the one its branch uses; the branch's others stop being it. */
export async function useEmail(tx: Tx, org: number, id: number, id_filial: number): Promise<void> {
  await tx.query(
    `UPDATE filial_email SET is_padrao = false, data_alteracao = now()
      WHERE id_organization = $1 AND id_filial = $2 AND is_padrao AND id_filial_email <> $3`,
    [org, id_filial, id],
  );
  await tx.query('UPDATE filial_email SET is_padrao = true, data_alteracao = now() WHERE id_organization = $1 AND id_filial_email = $2', [org, id]);
}

// Address (the branch descriptor's `extra` members).
const ADDRESS_COLUMNS = ['cep', 'endereco', 'numero', 'complemento', 'bairro', 'id_cidade', 'cidade', 'uf'];

export async function findAddress(tx: Tx, org: number, id_filial: number): Promise<Record<string, unknown>> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT ${ADDRESS_COLUMNS.join(', ')} FROM filial WHERE id_organization = $1 AND id_filial = $2`,
    [org, id_filial],
  );
  return rows[0] ?? {};
}

/** Writes the given address columns (names from ADDRESS_COLUMNS only). */
export async function updateAddress(tx: Tx, org: number, id_filial: number, values: Record<string, unknown>): Promise<void> {
  const columns = ADDRESS_COLUMNS.filter((c) => values[c] !== undefined);
  if (columns.length === 0) return;
  await tx.query(
    `UPDATE filial SET ${columns.map((c, i) => `${c} = $${i + 3}`).join(', ')}, data_alteracao = now()
      WHERE id_organization = $1 AND id_filial = $2`,
    [org, id_filial, ...columns.map((c) => values[c])],
  );
}

/** The parts of a branch that go with it when it is deleted (hooks.ts beforeDelete). */
export async function dropBranchParts(tx: Tx, org: number, id_filial: number): Promise<void> {
  await tx.query(
    'UPDATE filial_configuracao SET data_exclusao = now() WHERE id_organization = $1 AND id_filial = $2 AND data_exclusao IS NULL',
    [org, id_filial],
  );
  await tx.query(
    'UPDATE filial_email SET data_exclusao = now(), is_padrao = false WHERE id_organization = $1 AND id_filial = $2 AND data_exclusao IS NULL',
    [org, id_filial],
  );
  await tx.query('DELETE FROM filial_logo WHERE id_organization = $1 AND id_filial = $2', [org, id_filial]);
  await tx.query('DELETE FROM certificado_digital WHERE id_organization = $1 AND id_filial = $2', [org, id_filial]);
}
