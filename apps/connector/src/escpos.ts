/**
 * ESC/POS for the 80 mm receipt in text mode (Epson's command set, which Bematech, Elgin, Daruma, Tanca and most
 * thermal receipt printers follow): initialize, select code page 860 (Portuguese), the text, a feed, a partial cut
 * (GS V 66), and the cash drawer kick (ESC p) when asked. A form feed in the text (RECEIPT_CUT_MARK of
 * packages/documents receipt-text.ts) becomes a cut between the receipt and its exchange voucher.
 *
 * Raster mode (GS v 0, the receipt's PDF as an image) is raster.ts, for a printer set to `modo: "raster"`.
 */
export const ESC = 0x1b;
export const GS = 0x1d;

export const INIT = [ESC, 0x40];
/** ESC t 3: code page 860 (Portuguese). */
export const CODE_PAGE_860 = [ESC, 0x74, 3];
/** ESC d 4: print and feed four lines, so the last line clears the cutter. */
export const FEED = [ESC, 0x64, 4];
/** GS V 66 0: feed to the cut position and cut partially. */
export const CUT = [GS, 0x56, 0x42, 0];
/** ESC p 0 25 250: a pulse on the drawer's pin 2 (50 ms on, 500 ms off). */
export const DRAWER_KICK = [ESC, 0x70, 0, 25, 250];

/** Code page 860, 0x80 to 0xAF and the few symbols above it a Brazilian receipt uses. */
const CP860 = 'ÇüéâãàÁçêÊèÍÔìÃÂÉÀÈôõòÚùÌÕÜ¢£Ù₧ÓáíóúñÑªº¿Ò¬½¼¡«»';
const CP860_HIGH: Record<string, number> = { '°': 0xf8, '·': 0xfa, '²': 0xfd, '±': 0xf1 };

/** Text as code page 860 bytes: ASCII as is, accented letters by the table, anything else without its accent or '?'. */
export function encodeCp860(text: string): number[] {
  const out: number[] = [];
  for (const ch of text.replace(/\r\n?/g, '\n').replace(/[\u00a0\u2007\u202f]/g, ' ')) {
    const code = ch.codePointAt(0) ?? 0x3f;
    if (code === 0x0a || (code >= 0x20 && code < 0x7f)) {
      out.push(code);
      continue;
    }
    const at = CP860.indexOf(ch);
    if (at >= 0) out.push(0x80 + at);
    else if (CP860_HIGH[ch] !== undefined) out.push(CP860_HIGH[ch]);
    else {
      const bare = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      const b = bare.codePointAt(0) ?? 0x3f;
      out.push(bare.length === 1 && b >= 0x20 && b < 0x7f ? b : 0x3f);
    }
  }
  return out;
}

export interface ReceiptOptions {
  /** Cut after the text (and between sections): true unless commmand says 'sem_corte'. */
  cut: boolean;
  /** Open the cash drawer after printing (commmand 'gaveta'). */
  drawer: boolean;
}

/** The receipt's text (UTF-8) as one ESC/POS job. */
export function escposReceipt(text: string, options: ReceiptOptions): Buffer {
  const bytes: number[] = [...INIT, ...CODE_PAGE_860];
  const sections = text.split('\f');
  for (const section of sections) {
    bytes.push(...encodeCp860(section.endsWith('\n') || section === '' ? section : `${section}\n`), ...FEED);
    if (options.cut) bytes.push(...CUT);
  }
  if (options.drawer) bytes.push(...DRAWER_KICK);
  return Buffer.from(bytes);
}

/** ESC a n: 0 left, 1 centre. */
const ALIGN = (n: 0 | 1) => [ESC, 0x61, n];

/**
 * A QR code printed by the printer itself (GS ( k, model 2, error correction M, module of `size` dots): the NFC-e's
 * QR code in ESC/POS text mode, no image to render.
 */
export function escposQrCode(data: string, size = 4): number[] {
  const bytes = [...Buffer.from(data, 'latin1')];
  const length = bytes.length + 3;
  return [
    ...ALIGN(1),
    GS, 0x28, 0x6b, 4, 0, 0x31, 0x41, 0x32, 0, // model 2
    GS, 0x28, 0x6b, 3, 0, 0x31, 0x43, size, // module size
    GS, 0x28, 0x6b, 3, 0, 0x31, 0x45, 0x31, // error correction M
    GS, 0x28, 0x6b, length % 256, Math.floor(length / 256), 0x31, 0x50, 0x30, ...bytes, // store
    GS, 0x28, 0x6b, 3, 0, 0x31, 0x51, 0x30, // print
    0x0a, ...ALIGN(0),
  ];
}

/** A document in text with its QR code between two parts (the DANFE NFC-e), fed and cut. */
export function escposWithQrCode(before: string, qrCode: string | null, after: string): Buffer {
  return Buffer.from([
    ...INIT, ...CODE_PAGE_860, ...encodeCp860(before), ...(qrCode ? escposQrCode(qrCode) : []), ...encodeCp860(after), ...FEED, ...CUT,
  ]);
}
