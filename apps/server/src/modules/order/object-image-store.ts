/**
 * Where the bytes of object images live. Today the store is the database, like the fiscal module's files (the
 * signed XML is kept in nota_fiscal and the DANFE is made from it on demand): the bytes sit in
 * pedido_objeto_imagem.conteudo, written in the request's transaction, so a refused upload leaves nothing behind.
 * These three functions are the only place that knows it: a file store (local folder, S3) replaces them, keyed by
 * `caminho`.
 */
import type { Tx } from '../../db/database.ts';

/** Writes the bytes of the image row whose key is `caminho`. */
export async function putImageBytes(tx: Tx, org: number, caminho: string, bytes: Buffer): Promise<void> {
  await tx.query('UPDATE pedido_objeto_imagem SET conteudo = $3 WHERE id_organization = $1 AND caminho = $2', [org, caminho, bytes]);
}

/** The bytes stored under `caminho`, or null. */
export async function getImageBytes(tx: Tx, org: number, caminho: string): Promise<Buffer | null> {
  const { rows } = await tx.query<{ conteudo: Uint8Array | null }>(
    'SELECT conteudo FROM pedido_objeto_imagem WHERE id_organization = $1 AND caminho = $2',
    [org, caminho],
  );
  const bytes = rows[0]?.conteudo;
  return bytes ? Buffer.from(bytes) : null;
}

/** Frees the bytes of deleted images (their rows stay as tombstones). */
export async function dropImageBytes(tx: Tx, org: number, caminhos: readonly string[]): Promise<void> {
  if (caminhos.length === 0) return;
  await tx.query('UPDATE pedido_objeto_imagem SET conteudo = NULL WHERE id_organization = $1 AND caminho = ANY($2::text[])', [
    org, [...caminhos],
  ]);
}
