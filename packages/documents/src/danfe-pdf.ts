/**
 * DANFE documents as PDF bytes, in Node and in the browser alike: pdf.ts renders with pdfmake's bundled build and
 * Roboto fonts (no file system, no network), and its Blob is read back into bytes. A page that wants a Blob to show
 * or download can call renderPdf with the definition itself.
 */
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import type { ExchangeVoucherOptions } from './exchange-voucher.ts';
import { renderPdf } from './pdf.ts';

export interface DanfeOptions {
  /** A note still being edited (EmEdicao): printed with "SEM VALOR FISCAL". */
  draft?: boolean;
  /** The exchange voucher printed below a sale's DANFE NFC-e (branch impressao_comprovante_troca), or none. */
  troca?: ExchangeVoucherOptions | null;
}

export async function pdfBytes(definition: TDocumentDefinitions): Promise<Uint8Array> {
  const blob = await renderPdf(definition);
  return new Uint8Array(await blob.arrayBuffer());
}
