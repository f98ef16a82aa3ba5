/**
 * POST /order/generate-pdf {id_pedido}: the order's A4 pre-sale sheet, stored at `<branch CNPJ>/pedidos/<nsu>.pdf` in
 * the organization's file storage (local folder or S3, storage.ts), url_pdf saved on the order, and the signed link
 * answered. Generating again replaces the file, so the link always shows the order as it is now. The route runs outside
 * the request transaction (the upload may be a remote S3 call): the order is read in one short transaction, the PDF is
 * rendered and stored with no transaction open, and url_pdf is written in another.
 */
import type { OrderPdfResult } from '@pdv/contract/order-document';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import type { Tx } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { renderPdf } from '../../pdf/renderer.ts';
import type { Caller } from '../auth/caller.ts';
import { fileLink, storage } from '../../storage/storage.ts';
import { loadOrderSheet } from './document-queries.ts';

export const ORDER_PDF_NOT_STORED = 'Não foi possível gravar o PDF do pedido.';

type Run = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** 000 §7.6: "Order PDF storage path: branch CNPJ digits / pedidos / nsu". */
export function orderPdfPath(cnpj: string, nsu: number): string {
  return `${cnpj.replace(/[^0-9A-Za-z]/g, '')}/pedidos/${nsu}.pdf`;
}

export async function generateOrderPdf(
  run: Run, caller: Caller, id_pedido: number, linkSecret: string, now: Date,
): Promise<OrderPdfResult> {
  const org = caller.id_organization;
  const sheet = await run((tx) => loadOrderSheet(tx, org, caller.id_filial, id_pedido));
  if (!sheet) throw new HttpError(404, ORDER_MESSAGES.notFound);
  const caminho = orderPdfPath(sheet.cnpj, sheet.nsu);
  const pdf = await renderPdf({ kind: 'presale', data: sheet.data });
  try {
    await storage.put(org, caminho, pdf, 'application/pdf');
  } catch (error) {
    // The storage (a remote bucket, a full disk) failed: nothing was saved on the order; the reason goes back.
    throw new HttpError(503, ORDER_PDF_NOT_STORED, error instanceof Error ? error.message : String(error));
  }
  const url_pdf = fileLink(linkSecret, org, caminho, now);
  const saved = await run(async (tx) => {
    const { rowCount } = await tx.query(
      `UPDATE pedido SET url_pdf = $4
        WHERE id_organization = $1 AND id_filial = $2 AND id_pedido = $3 AND data_exclusao IS NULL`,
      [org, caller.id_filial, id_pedido, url_pdf],
    );
    return (rowCount ?? 0) > 0;
  });
  // Deleted between the two transactions: the file stays (harmless, replaced by the next print of that number).
  if (!saved) throw new HttpError(404, ORDER_MESSAGES.notFound);
  const { cliente, loja } = sheet.data;
  return {
    id_pedido, nsu: sheet.nsu, caminho, url_pdf, operacao: sheet.operacao, loja: loja.nome,
    cliente: cliente ? { nome: cliente.nome, telefone: cliente.telefone, email: cliente.email } : null,
  };
}
