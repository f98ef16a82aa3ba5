/** Per-branch counters (filial_sequencia): order numbers (nsu), gift-card codes, ... */
import type { Tx } from './database.ts';

/** The next number of a per-branch counter (a row lock makes concurrent callers wait their turn). */
export async function nextSequence(tx: Tx, org: number, id_filial: number, nome: string): Promise<number> {
  const { rows } = await tx.query<{ ultimo: number }>(
    `INSERT INTO filial_sequencia (id_organization, id_filial, nome, ultimo) VALUES ($1, $2, $3, 1)
     ON CONFLICT (id_organization, id_filial, nome) DO UPDATE SET ultimo = filial_sequencia.ultimo + 1
     RETURNING ultimo`,
    [org, id_filial, nome],
  );
  const value = rows[0]?.ultimo;
  if (value === undefined) throw new Error('sequence not returned');
  return value;
}
