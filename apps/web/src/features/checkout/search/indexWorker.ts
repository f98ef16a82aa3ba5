/**
 * The product search index's worker: builds the index from the local copy and keeps it up to date (reads of 100k
 * products and their variations, and of the rows other contexts announce, never run on the page's thread), and
 * answers searches. Messages: see indexProtocol.ts.
 */
import '../../../zod-config.ts';
import { PdvDatabase } from '../../../db/database.ts';
import type { IndexReply, IndexRequest } from './indexProtocol.ts';
import { LocalProductIndex } from './productIndex.ts';

const index = new LocalProductIndex(new PdvDatabase());
const scope = self as unknown as { onmessage: ((event: MessageEvent<IndexRequest>) => void) | null; postMessage(reply: IndexReply): void };

async function answer(request: IndexRequest): Promise<IndexReply> {
  switch (request.op) {
    case 'ready':
      return { id: request.id, ok: true, built: await index.ready() };
    case 'search':
      return { id: request.id, ok: true, result: await index.search(request.query, request.offset, request.limit) };
    case 'barcode':
      return { id: request.id, ok: true, barcode: await index.byBarcode(request.code) };
    case 'forget':
      index.forget(request.id_produto_grade);
      return { id: request.id, ok: true };
    case 'checkOwners':
      await index.checkOwners();
      return { id: request.id, ok: true };
  }
}

scope.onmessage = (event) => {
  const request = event.data;
  answer(request)
    .then((reply) => scope.postMessage(reply))
    .catch((error: unknown) => scope.postMessage({ id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) }));
};
