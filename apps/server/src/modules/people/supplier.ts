/**
 * The supplier of a purchase invoice (issue 32), for the fiscal entry: the organization's live person with the
 * emitter's CNPJ (marked a supplier, is_fornecedor, when it was only a customer), else a new legal person created from
 * the emitter's data (name, trade name, IE, main address) and registered in the importing branch. The people module
 * owns pessoa; the fiscal entry calls this, in its transaction.
 */
import type { Tx } from '../../db/database.ts';

export interface Emitter {
  cnpj: string;
  nome: string;
  fantasia: string | null;
  ie: string | null;
  endereco: { logradouro: string; numero: string; complemento: string | null; bairro: string; municipio: string; uf: string; cep: string | null } | null;
}

/** The live supplier with this CNPJ, without writing anything (the import's preview). */
export async function findSupplierByCnpj(tx: Tx, org: number, cnpj: string): Promise<{ id_pessoa: number; nome: string } | null> {
  const { rows } = await tx.query<{ id_pessoa: number; nome: string }>(
    `SELECT id_pessoa, nome FROM pessoa WHERE id_organization = $1 AND cnpj = $2 AND data_exclusao IS NULL ORDER BY id_pessoa LIMIT 1`,
    [org, cnpj],
  );
  return rows[0] ?? null;
}

export async function supplierOfEmitter(tx: Tx, org: number, id_filial: number, e: Emitter): Promise<{ id_pessoa: number; created: boolean }> {
  const found = await findSupplierByCnpj(tx, org, e.cnpj);
  if (found) {
    await tx.query(`UPDATE pessoa SET is_fornecedor = true, data_alteracao = now() WHERE id_organization = $1 AND id_pessoa = $2 AND NOT is_fornecedor`, [org, found.id_pessoa]);
    return { id_pessoa: found.id_pessoa, created: false };
  }
  const ie = e.ie && /^[0-9]{2,14}$/.test(e.ie) ? e.ie : null;
  const { rows } = await tx.query<{ id_pessoa: number }>(
    `INSERT INTO pessoa (id_organization, tipo, nome, apelido, cnpj, ie, indicador_ie, is_fornecedor)
     VALUES ($1, 'J', $2, $3, $4, $5, $6, true) RETURNING id_pessoa`,
    [org, e.nome, e.fantasia, e.cnpj, ie, ie ? 1 : 9],
  );
  const id = rows[0]?.id_pessoa;
  if (id === undefined) throw new Error('pessoa insert returned no row');
  const a = e.endereco;
  if (a) {
    await tx.query(
      `INSERT INTO pessoa_endereco (id_organization, id_pessoa, is_principal, cep, endereco, numero, complemento, bairro, cidade, uf)
       VALUES ($1, $2, true, $3, $4, $5, $6, $7, $8, $9)`,
      [org, id, a.cep && /^[0-9]{8}$/.test(a.cep) ? a.cep : null, a.logradouro, a.numero, a.complemento, a.bairro, a.municipio, /^[A-Z]{2}$/.test(a.uf) ? a.uf : null],
    );
  }
  await tx.query(`INSERT INTO pessoa_filial (id_organization, id_pessoa, id_filial) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [org, id, id_filial]);
  return { id_pessoa: id, created: true };
}
