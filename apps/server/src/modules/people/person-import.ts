/**
 * The people register's bulk writer for the data import (modules/import): people (pessoa) and their main address
 * (pessoa_endereco), one multi-row statement per batch inside the caller's transaction, so a row is never
 * half-written. Rows arrive checked by the domain (import-rules.ts); a CPF or CNPJ already registered is read here.
 * Imported people are customers (is_cliente).
 */
import type { PersonImportRow } from '@pdv/domain/import-rules';
import type { Tx } from '../../db/database.ts';

/** The CPFs and CNPJs among the given ones that live people of the organization already have. */
export async function takenDocuments(tx: Tx, org: number, documents: string[]): Promise<Set<string>> {
  const { rows } = await tx.query<{ doc: string }>(
    `SELECT coalesce(cpf, cnpj) AS doc FROM pessoa
      WHERE id_organization = $1 AND data_exclusao IS NULL AND (cpf = ANY($2::text[]) OR cnpj = ANY($2::text[]))`,
    [org, documents],
  );
  return new Set(rows.map((r) => r.doc));
}

const INSERT_PEOPLE = /* sql */ `
INSERT INTO pessoa (id_organization, tipo, nome, cpf, cnpj, apelido, ie, indicador_ie, email, telefone, celular, is_cliente)
SELECT $1, r.tipo, r.nome, r.cpf, r.cnpj, r.apelido, r.ie,
       CASE WHEN r.ie = 'ISENTO' THEN 2 WHEN r.ie IS NOT NULL THEN 1 ELSE 9 END, r.email, r.telefone, r.celular, true
  FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
         WITH ORDINALITY AS r(tipo, nome, cpf, cnpj, apelido, ie, email, telefone, celular, ord)
 ORDER BY r.ord
RETURNING id_pessoa`;

const INSERT_ADDRESSES = /* sql */ `
INSERT INTO pessoa_endereco (id_organization, id_pessoa, is_principal, cep, endereco, numero, complemento, bairro, cidade, uf)
SELECT $1, x.id_pessoa, true, x.cep, x.endereco, x.numero, x.complemento, x.bairro, x.cidade, x.uf
  FROM unnest($2::integer[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
         AS x(id_pessoa, cep, endereco, numero, complemento, bairro, cidade, uf)`;

/**
 * Writes the people and the main address of those that have one (two multi-row INSERTs; the people's ids come back
 * in the order the rows were inserted). Answers how many people were written.
 */
export async function writePersonBatch(tx: Tx, org: number, rows: readonly PersonImportRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const { rows: ids } = await tx.query<{ id_pessoa: number }>(INSERT_PEOPLE, [
    org, rows.map((r) => r.tipo), rows.map((r) => r.nome), rows.map((r) => r.cpf), rows.map((r) => r.cnpj),
    rows.map((r) => r.apelido), rows.map((r) => r.ie), rows.map((r) => r.email), rows.map((r) => r.telefone), rows.map((r) => r.celular),
  ]);
  if (ids.length !== rows.length) throw new Error(`person import wrote ${ids.length} people of ${rows.length}`);
  const withAddress = rows.flatMap((r, i) => (r.endereco ? [{ id: (ids[i] as { id_pessoa: number }).id_pessoa, a: r.endereco }] : []));
  if (withAddress.length > 0) {
    await tx.query(INSERT_ADDRESSES, [
      org, withAddress.map((w) => w.id), withAddress.map((w) => w.a.cep), withAddress.map((w) => w.a.endereco),
      withAddress.map((w) => w.a.numero), withAddress.map((w) => w.a.complemento), withAddress.map((w) => w.a.bairro),
      withAddress.map((w) => w.a.cidade), withAddress.map((w) => w.a.uf),
    ]);
  }
  return rows.length;
}
