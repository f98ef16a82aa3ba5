/**
 * The credit voucher (vale crédito, 000 §9 "Receipt and voucher PDFs: 200-unit roll, tiny margins, fonts
 * six/eight/five. The voucher carries a CODE39 barcode and a QR code"). The barcode and the QR code both carry the
 * voucher's code, the one the cashier scans or types to pay with it. `voucherDocument` is pure; `voucherPdf` renders
 * it (Node and browser alike).
 */
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatCnpj, onlyDigits } from '@pdv/domain/documents';
import { formatMoney, type Cents } from '@pdv/domain/money';
import { formatInZone } from '@pdv/domain/time-zone';
import { code39Bars } from './code39.ts';
import { pdfBytes } from './danfe-pdf.ts';

export const VOUCHER_WIDTH = 200;
/** 000 §9: the voucher's fonts are six, eight and five. */
export const VOUCHER_FONTS = { body: 6, title: 8, small: 5 } as const;
const MARGIN = 5;
const BARCODE_HEIGHT = 32;
const QR_SIZE = 80;

export interface VoucherData {
  loja: { nome: string; cnpj: string | null; endereco: string | null };
  codigo: string;
  valor: Cents;
  /** The balance when printed (a second copy of a partly used voucher shows what is left). */
  saldo: Cents;
  /** ISO date-time of issue. */
  data: string;
  /** The branch's time zone offset in hours (fuso_horario): the issue time prints in it (default -3), never the host's. */
  fuso_horario?: number;
  /** ISO date (AAAA-MM-DD) or null: no expiry. */
  validade: string | null;
  cliente: string | null;
  /** The order that sold it (nsu), when there is one. */
  numero: string | null;
}

function formatDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}


/** A dashed rule: a new node each time (pdfmake writes its layout into the nodes, so one node cannot appear twice). */
const rule = (): Content => ({
  canvas: [{ type: 'line', x1: 0, y1: 0, x2: VOUCHER_WIDTH - 2 * MARGIN, y2: 0, lineWidth: 0.5, dash: { length: 2 } }],
  margin: [0, 3, 0, 3],
});

const row = (label: string, value: string, bold = false): Content => ({
  columns: [
    { text: label, width: '*' },
    { text: value, width: 'auto', alignment: 'right' },
  ],
  bold,
});

/** The CODE39 barcode of the code, as wide as the roll allows (module at most 1 point). */
function barcode(codigo: string): Content {
  const probe = code39Bars(codigo, { moduleWidth: 1, height: BARCODE_HEIGHT });
  const moduleWidth = Math.min(1, (VOUCHER_WIDTH - 2 * MARGIN) / probe.width);
  const { bars, width } = code39Bars(codigo, { moduleWidth, height: BARCODE_HEIGHT });
  // Centred by its left margin (a canvas has no alignment of its own).
  return { canvas: bars, margin: [(VOUCHER_WIDTH - 2 * MARGIN - width) / 2, 2, 0, 1] };
}

export function voucherDocument(data: VoucherData): TDocumentDefinitions {
  const { loja } = data;
  const cnpj = loja.cnpj ? onlyDigits(loja.cnpj) : null;
  return {
    pageSize: { width: VOUCHER_WIDTH, height: 'auto' },
    pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN],
    defaultStyle: { fontSize: VOUCHER_FONTS.body },
    // The code also goes in the document's keywords: a search of the file finds the voucher.
    info: { title: `Vale credito ${data.codigo}`, subject: 'Vale credito', keywords: data.codigo },
    content: [
      { text: loja.nome, fontSize: VOUCHER_FONTS.title, bold: true, alignment: 'center' },
      ...(cnpj ? [{ text: `CNPJ ${cnpj.length === 14 ? formatCnpj(cnpj) : loja.cnpj}`, alignment: 'center' as const }] : []),
      ...(loja.endereco ? [{ text: loja.endereco, alignment: 'center' as const, fontSize: VOUCHER_FONTS.small }] : []),
      rule(),
      { text: 'VALE CRÉDITO', fontSize: VOUCHER_FONTS.title, bold: true, alignment: 'center' },
      { text: `Código ${data.codigo}`, fontSize: VOUCHER_FONTS.title, alignment: 'center', margin: [0, 1, 0, 2] },
      row('Valor', formatMoney(data.valor), true),
      ...(data.saldo !== data.valor ? [row('Saldo disponível', formatMoney(data.saldo), true)] : []),
      row('Emissão', formatInZone(data.data, data.fuso_horario)),
      row('Validade', data.validade ? formatDate(data.validade) : 'Sem validade'),
      ...(data.cliente ? [row('Cliente', data.cliente)] : []),
      ...(data.numero ? [row('Pedido', data.numero)] : []),
      rule(),
      barcode(data.codigo),
      { text: data.codigo, alignment: 'center', fontSize: VOUCHER_FONTS.small, characterSpacing: 1 },
      { qr: data.codigo, fit: QR_SIZE, eccLevel: 'M', alignment: 'center', margin: [0, 4, 0, 2] },
      rule(),
      {
        text: 'Apresente este vale no caixa para usar o saldo como pagamento. Não é trocado por dinheiro.',
        alignment: 'center',
        fontSize: VOUCHER_FONTS.small,
      },
    ],
  };
}

export async function voucherPdf(data: VoucherData): Promise<Uint8Array> {
  return pdfBytes(voucherDocument(data));
}
