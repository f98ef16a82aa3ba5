import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.ts';

/**
 * The token signing key: JWT_SECRET when set (every node of a cluster must share it), otherwise a random key made
 * once and kept in the database, so restarts keep sessions valid and all nodes on one database agree.
 */
export async function tokenSecret(db: Database, fromEnv: string | undefined): Promise<Uint8Array> {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  const value = await db.system(async (tx) => {
    await tx.query(`INSERT INTO segredo (nome, valor) VALUES ('jwt', $1) ON CONFLICT (nome) DO NOTHING`, [
      randomBytes(48).toString('base64url'),
    ]);
    const { rows } = await tx.query<{ valor: string }>(`SELECT valor FROM segredo WHERE nome = 'jwt'`);
    return rows[0]?.valor;
  });
  if (!value) throw new Error('signing key missing');
  return new TextEncoder().encode(value);
}
