/** Credit vouchers issued at the point of sale (000 §9 voucher PDF with CODE39 and QR; 001 §7 "Gift cards"). */
import { z } from 'zod';
import { id } from './common.ts';

/** POST /gift_card/imprimir: the voucher's PDF (80 mm roll), rendered by the server from the stored voucher. */
export const giftCardPrintBody = z.object({ id_vale_credito: id }).strict();
export const giftCardPrintResult = z.object({
  id_vale_credito: z.number().int(),
  codigo: z.string(),
  /** The PDF bytes, base64: the client opens them in the receipt tab (a tab on a URL would carry no token). */
  pdf_base64: z.string(),
});
export type GiftCardPrintResult = z.infer<typeof giftCardPrintResult>;
