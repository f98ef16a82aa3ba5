/**
 * The first organization of a production installation, from the environment (config.ts `firstOrganization`): on an
 * empty database only, one company with its main branch (the same CNPJ), a profile 'Administrador' holding every
 * permission, and its administrator, who signs in and sets the rest up in the registers. Without it a production
 * database has the schema and nobody who could sign in. Runs under the demo seed's lock, so two nodes starting
 * together make it once.
 */
import { normalizeCnpj } from '@pdv/domain/documents';
import type { Database } from '../db/database.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { everything, seedOrganization } from './demo.ts';

export interface FirstOrganization {
  /** The organization's and the company's name (razão social). */
  nome: string;
  cnpj: string;
  email: string;
  senha: string;
  /** The administrator's name. */
  nomeAdministrador: string;
}

/** Creates the first organization when the database has none. Answers whether it did. */
export async function createFirstOrganization(db: Database, first: FirstOrganization): Promise<boolean> {
  const passwordHash = await hashPassword(first.senha);
  const cnpj = normalizeCnpj(first.cnpj);
  return db.system(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(724002)');
    const { rows } = await tx.query('SELECT 1 FROM organization LIMIT 1');
    if (rows.length > 0) return false;
    await seedOrganization(
      tx,
      {
        nome: first.nome,
        cor_primaria: null,
        razao_social: first.nome,
        nome_fantasia: first.nome,
        cnpjBase: cnpj.slice(0, 12),
        branches: [
          { key: '1', codigo: '1', nome: first.nome, cnpjBase: cnpj.slice(0, 12), cidade: null, uf: null, id_cidade: null,
            endereco: null, numero: null, bairro: null, cep: null, telefone: null, email: null },
        ],
        profiles: [{ descricao: 'Administrador', permissions: everything, branches: ['1'] }],
        users: [
          { key: 'admin', nome: first.nomeAdministrador, email: first.email.toLowerCase(), is_vendedor: true, desconto: 100,
            profiles: [['Administrador', '1', true]] },
        ],
      },
      passwordHash,
    );
    return true;
  });
}
