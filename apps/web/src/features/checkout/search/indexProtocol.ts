/** Messages between the page and the product search index's worker (indexWorker.ts). */
import type { BarcodeHit, IndexedHit } from './productIndex.ts';

export interface BuildInfo {
  /** How long the last build took in the worker, and how many variations it can find. */
  ms: number;
  variacoes: number;
}

export type IndexRequest =
  | { id: number; op: 'ready' }
  | { id: number; op: 'search'; query: string; offset: number; limit: number }
  | { id: number; op: 'barcode'; code: string }
  | { id: number; op: 'forget'; id_produto_grade: number }
  | { id: number; op: 'checkOwners' };

export type IndexReply =
  | { id: number; ok: true; built?: BuildInfo; result?: { hits: IndexedHit[]; more: boolean }; barcode?: BarcodeHit | null }
  | { id: number; ok: false; message: string };
