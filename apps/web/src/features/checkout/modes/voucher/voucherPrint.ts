/**
 * The voucher's PDF (000 §9: CODE39 and QR of its code), rendered by the server (POST /gift_card/imprimir) and shown
 * in the receipt tab opened at confirmation, like the other receipts.
 */
import { call } from '../../../../api/client.ts';

export function pdfBlobOf(base64: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: 'application/pdf' });
}

export async function openVoucherPdf(id_vale_credito: number, target: Window | null): Promise<string> {
  const printed = await call('giftCardPrint', { id_vale_credito });
  const url = URL.createObjectURL(pdfBlobOf(printed.pdf_base64));
  if (target && !target.closed) target.location.href = url;
  else window.open(url, '_blank');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return url;
}
