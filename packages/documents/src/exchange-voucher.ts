/**
 * The exchange voucher (comprovante de troca, 002 impressao_comprovante_troca) printed after a cut line below the sale
 * it belongs to: the pre-sale receipt (receipt.ts) or the DANFE NFC-e (danfe-nfce.ts). The lines without prices and
 * the last day of the exchange; with impressao_comprovante_troca_por_produto, one voucher per product line (each cut
 * off on its own, to go with a gift). Pure: pdfmake content only; the caller formats date and quantities.
 */
import type { Content } from 'pdfmake/interfaces';

export interface ExchangeVoucher {
  /** The sale's number (pre-sale nsu or NFC-e number). */
  numero: string | null;
  /** The sale's date and time, already in the branch's time zone. */
  data: string;
  cliente: string | null;
  /** The lines, quantity already formatted. */
  itens: ReadonlyArray<{ descricao: string; quantidade: string }>;
  /** dd/mm/aaaa: emission + dias_tolerancia_troca. */
  valido_ate: string;
  /** One voucher per product line (impressao_comprovante_troca_por_produto). */
  por_produto: boolean;
}

/** The voucher's options as the branch configuration gives them, for a sale. */
export interface ExchangeVoucherOptions {
  valido_ate: string;
  por_produto?: boolean;
}

const FONTS = { header: 8, body: 6, small: 5, tiny: 4 } as const;
export const EXCHANGE_VOUCHER_TITLE = 'COMPROVANTE DE TROCA';
const DESCRIPTION_MAX = 32;

function cut(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= DESCRIPTION_MAX ? clean : clean.slice(0, DESCRIPTION_MAX);
}

function one(v: ExchangeVoucher, itens: ExchangeVoucher['itens'], first: number, width: number): Content[] {
  const rule = (): Content => ({
    canvas: [{ type: 'line', x1: 0, y1: 0, x2: width, y2: 0, lineWidth: 0.5, dash: { length: 2 } }],
    margin: [0, 3, 0, 3],
  });
  return [
    { text: '- - - - - - - - - - - - corte aqui - - - - - - - - - - - -', alignment: 'center', fontSize: FONTS.tiny, margin: [0, 4, 0, 4] },
    { text: EXCHANGE_VOUCHER_TITLE, alignment: 'center', bold: true, fontSize: FONTS.header },
    { text: `${v.numero ? `Nº ${v.numero} · ` : ''}${v.data}`, alignment: 'center', fontSize: FONTS.small },
    ...(v.cliente ? [{ text: `Cliente: ${v.cliente}`, fontSize: FONTS.small }] : []),
    rule(),
    ...itens.map((line, index) => ({ text: `${first + index + 1} ${cut(line.descricao)} x ${line.quantidade}`, fontSize: FONTS.small })),
    rule(),
    { text: `Válido para troca até ${v.valido_ate}`, alignment: 'center', bold: true, fontSize: FONTS.body },
    { text: 'Apresente este comprovante na troca.', alignment: 'center', fontSize: FONTS.small },
  ];
}

/** The voucher (or one per product line) below a document of printable width `width`. */
export function exchangeVoucherContent(v: ExchangeVoucher, width: number): Content[] {
  if (!v.por_produto) return one(v, v.itens, 0, width);
  return v.itens.flatMap((line, index) => one(v, [line], index, width));
}
