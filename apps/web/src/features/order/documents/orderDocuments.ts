/**
 * Print and share of an order, quote or service order (000 §2 "Printing opens a PDF in a new tab", §7.6): the server
 * renders the A4 pre-sale sheet, stores it and answers url_pdf (POST /order/generate-pdf); printing opens it in a new
 * tab, sharing opens the share modal with that link. With an A4 printer chosen for the branch on this machine
 * (impressora_a4), the PDF goes to it through the local connector instead; the tab opens when that fails.
 */
import type { OrderPdfResult } from '@pdv/contract/order-document';
import { PERIPHERAL_KEYS } from '@pdv/domain/print-connector';
import { call } from '../../../api/client.ts';
import { isAbort, isUnauthorized } from '../../../api/errors.ts';
import { showError } from '../../../ui/showError.ts';
import { toast } from '../../../ui/toast.ts';
import { readStoredSession } from '../../auth/session.ts';
import { printThroughConnector } from '../../peripherals/connector.ts';
import { openShareModal } from './ShareModal.tsx';

export type DocumentAction = 'imprimir' | 'compartilhar';

export const DOCUMENT_ACTIONS: readonly DocumentAction[] = ['imprimir', 'compartilhar'];
export const DOCUMENT_ACTION_LABEL: Readonly<Record<DocumentAction, string>> = {
  imprimir: 'Imprimir',
  compartilhar: 'Compartilhar',
};
export const DOCUMENT_ACTION_SHORTCUT: Readonly<Record<DocumentAction, string>> = {
  imprimir: 'Alt+P',
  compartilhar: 'Alt+C',
};

/** The order's stored PDF (generated again, so it shows the order as it is now), or null after showing why not. */
export async function generateOrderPdf(id_pedido: number): Promise<OrderPdfResult | null> {
  try {
    return await call('orderGeneratePdf', { id_pedido });
  } catch (error) {
    if (!isAbort(error) && !isUnauthorized(error)) showError(error);
    return null;
  }
}

/**
 * Opens the PDF in `target` (a tab opened while the click or key still counts as the user's, so no pop-up blocker
 * stops it) or else in a new tab.
 */
export function showPdf(url: string, target: Window | null): void {
  if (target && !target.closed) {
    target.opener = null;
    target.location.href = url;
  } else {
    window.open(url, '_blank', 'noopener');
  }
}

/**
 * The A4 PDF at `url` to the branch's A4 printer through the connector when one is chosen on this machine; otherwise,
 * or when that fails (its message shown), opened in `target`.
 */
export async function printA4(url: string, target: Window | null): Promise<void> {
  const id_filial = readStoredSession(localStorage)?.usuario.id_filial_ativa;
  const sent = id_filial === undefined ? 'none' : await printThroughConnector(id_filial, PERIPHERAL_KEYS.ImpressoraA4, {
    tipo_impressao: 'pdf',
    data: async () => new Uint8Array(await (await fetch(url)).arrayBuffer()),
  }).catch((error: unknown) => {
    console.error('Falha ao ler o PDF para a impressora A4', error);
    return 'fallback' as const;
  });
  if (sent === 'printed') target?.close();
  else showPdf(url, target);
}

/** The order to act on: its id, or a step that resolves with it (saving pending changes first), null to stop. */
type OrderId = number | (() => Promise<number | null>);

export async function printOrder(order: OrderId): Promise<OrderPdfResult | null> {
  const tab = window.open('', '_blank');
  const id_pedido = typeof order === 'number' ? order : await order();
  const result = id_pedido === null ? null : await generateOrderPdf(id_pedido);
  if (!result) {
    tab?.close();
    return null;
  }
  await printA4(result.url_pdf, tab);
  return result;
}

export async function shareOrder(order: OrderId): Promise<OrderPdfResult | null> {
  const id_pedido = typeof order === 'number' ? order : await order();
  const result = id_pedido === null ? null : await generateOrderPdf(id_pedido);
  if (result) openShareModal(result);
  return result;
}

/**
 * The point of sale's finished order or quote: its A4 sheet in the receipt tab. Resolves false (after a toast) when
 * the server could not make it, so the caller prints the plain receipt instead.
 */
export async function openOrderSheet(id_pedido: number, tab: Window): Promise<boolean> {
  try {
    const result = await call('orderGeneratePdf', { id_pedido });
    if (tab.closed) return true;
    await printA4(result.url_pdf, tab);
    return true;
  } catch (error) {
    console.error('Falha ao gerar a folha A4 do pedido', error);
    toast.error('Não foi possível gerar a folha A4: imprimindo o comprovante.');
    return false;
  }
}

export function runDocumentAction(action: DocumentAction, order: OrderId): Promise<OrderPdfResult | null> {
  return action === 'imprimir' ? printOrder(order) : shareOrder(order);
}
