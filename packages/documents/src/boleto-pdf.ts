/**
 * The boleto PDF in the FEBRABAN layout: the payer's receipt (recibo do pagador) above, a cut line, and the
 * compensation slip (ficha de compensação): bank name and code with its check digit, the linha digitável, the
 * fields in their boxes, the instructions, the payer, and the ITF 2 of 5 barcode of the 44 digits (103 mm by 13 mm).
 * A hybrid boleto carries the PIX QR code (BR Code) beside the instructions. The codes come computed
 * (@pdv/banking emitirBoleto, pixStatic/pixDynamic): this file only lays them out. `boletoDocument` is pure.
 */
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatCpfCnpj } from '@pdv/domain/documents';
import { formatMoney, type Cents } from '@pdv/domain/money';
import { pdfBytes } from './danfe-pdf.ts';
import { itfBars } from './itf.ts';

/** Bank names and the check digit of their code (modulo 11), as the slip prints them: "Bradesco | 237-2". */
export const BOLETO_BANKS: Readonly<Record<string, { nome: string; dv: string }>> = {
  '001': { nome: 'Banco do Brasil', dv: '9' }, '237': { nome: 'Bradesco', dv: '2' }, '341': { nome: 'Itaú', dv: '7' },
  '033': { nome: 'Santander', dv: '7' }, '104': { nome: 'CAIXA', dv: '0' }, '756': { nome: 'Sicoob', dv: '0' },
  '748': { nome: 'Sicredi', dv: 'X' }, '041': { nome: 'Banrisul', dv: '8' }, '136': { nome: 'Unicred', dv: '8' },
  '070': { nome: 'BRB', dv: '1' }, '097': { nome: 'CrediSIS', dv: '3' },
};

export interface BoletoPdfData {
  banco: string;
  codigoBarras: string;
  linhaDigitavel: string;
  nossoNumero: string;
  beneficiario: { nome: string; documento: string; endereco?: string };
  /** "Agência / Código do beneficiário" as the bank prints it. */
  agenciaCodigo: string;
  pagador: { nome: string; documento: string; endereco?: string };
  avalista?: string;
  numeroDocumento: string;
  /** 'yyyy-mm-dd'. */
  vencimento: string;
  emissao: string;
  processamento: string;
  valor: Cents;
  carteira: string;
  especieDocumento: string;
  aceite: string;
  localPagamento?: string;
  instrucoes: string[];
  /** BR Code of a hybrid boleto. */
  pix?: string;
}

const PAGE_W = 595.28;
const MARGIN = 28;
const CONTENT_W = PAGE_W - 2 * MARGIN;
const MM = 72 / 25.4;
const LABEL = 5.5;
const VALUE = 8;

const date = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

function box(label: string, value: string, opts: { bold?: boolean; right?: boolean; colSpan?: number } = {}): TableCell {
  return {
    stack: [{ text: label, fontSize: LABEL, color: '#333' }, { text: value || ' ', fontSize: VALUE, bold: opts.bold ?? false, alignment: opts.right ? 'right' : 'left' }],
    ...(opts.colSpan ? { colSpan: opts.colSpan } : {}),
  };
}

const filler = (n: number): TableCell[] => Array.from({ length: n }, () => ({ text: '' }));

function bankHeader(d: BoletoPdfData, right: string): Content {
  const bank = BOLETO_BANKS[d.banco] ?? { nome: `Banco ${d.banco}`, dv: '' };
  return {
    table: {
      widths: [130, 60, '*'],
      body: [[
        { text: bank.nome, fontSize: 13, bold: true, margin: [0, 2, 0, 0] },
        { text: `${d.banco}-${bank.dv}`, fontSize: 14, bold: true, alignment: 'center', margin: [0, 1, 0, 0] },
        { text: right, fontSize: 10, bold: true, alignment: 'right', margin: [0, 4, 0, 0] },
      ]],
    },
    layout: { hLineWidth: (i) => (i === 1 ? 1.5 : 0), vLineWidth: (i) => (i === 1 || i === 2 ? 1.5 : 0) },
  };
}

const thinGrid = { hLineWidth: () => 0.5, vLineWidth: () => 0.5, paddingTop: () => 1, paddingBottom: () => 1 };

function receipt(d: BoletoPdfData): Content[] {
  return [
    { text: 'RECIBO DO PAGADOR', fontSize: 7, bold: true, alignment: 'right', margin: [0, 0, 0, 2] },
    bankHeader(d, d.linhaDigitavel),
    {
      table: {
        widths: ['*', 110, 90, 110],
        body: [
          [box('Beneficiário', `${d.beneficiario.nome} - ${formatCpfCnpj(d.beneficiario.documento)}`), box('Agência / Código do beneficiário', d.agenciaCodigo),
            box('Vencimento', date(d.vencimento), { bold: true, right: true }), box('Nosso número', d.nossoNumero, { right: true })],
          [box('Pagador', `${d.pagador.nome} - ${formatCpfCnpj(d.pagador.documento)}`), box('Número do documento', d.numeroDocumento),
            box('Data do documento', date(d.emissao)), box('(=) Valor do documento', formatMoney(d.valor), { bold: true, right: true })],
        ],
      },
      layout: thinGrid,
    },
    { text: 'Autenticação mecânica', fontSize: LABEL, alignment: 'right', margin: [0, 2, 0, 8] },
  ];
}

function slip(d: BoletoPdfData): Content[] {
  const barcodeWidth = 103 * MM;
  const { bars } = itfBars(d.codigoBarras, { moduleWidth: barcodeWidth / 405, height: 13 * MM });
  const instructions: Content[] = [
    { text: 'Instruções (texto de responsabilidade do beneficiário)', fontSize: LABEL, color: '#333' },
    ...d.instrucoes.map((line) => ({ text: line, fontSize: 7 })),
  ];
  const instructionCell: TableCell = d.pix
    ? { columns: [{ stack: instructions, width: '*' }, { stack: [{ qr: d.pix, fit: 78, eccLevel: 'M' }, { text: 'Pague com PIX', fontSize: 6, alignment: 'center' }], width: 84 }], colSpan: 5 }
    : { stack: instructions, colSpan: 5 };
  const W = ['*', 70, 60, 40, 80, 120];
  return [
    bankHeader(d, d.linhaDigitavel),
    {
      table: {
        widths: W,
        body: [
          [box('Local de pagamento', d.localPagamento ?? 'Pagável em qualquer banco até o vencimento', { colSpan: 5 }), ...filler(4), box('Vencimento', date(d.vencimento), { bold: true, right: true })],
          [box('Beneficiário', `${d.beneficiario.nome} - CNPJ/CPF ${formatCpfCnpj(d.beneficiario.documento)}${d.beneficiario.endereco ? ` - ${d.beneficiario.endereco}` : ''}`, { colSpan: 5 }),
            ...filler(4), box('Agência / Código do beneficiário', d.agenciaCodigo, { right: true })],
          [box('Data do documento', date(d.emissao)), box('Nº do documento', d.numeroDocumento), box('Espécie doc.', d.especieDocumento), box('Aceite', d.aceite),
            box('Data processamento', date(d.processamento)), box('Nosso número', d.nossoNumero, { right: true })],
          [box('Uso do banco', ''), box('Carteira', d.carteira), box('Espécie', 'R$'), box('Quantidade', ''), box('Valor', ''),
            box('(=) Valor do documento', formatMoney(d.valor), { bold: true, right: true })],
          [{ ...instructionCell, rowSpan: 5 }, ...filler(4), box('(-) Desconto / Abatimento', '')],
          [...filler(5), box('(-) Outras deduções', '')],
          [...filler(5), box('(+) Mora / Multa', '')],
          [...filler(5), box('(+) Outros acréscimos', '')],
          [...filler(5), box('(=) Valor cobrado', '')],
          [{ stack: [{ text: 'Pagador', fontSize: LABEL, color: '#333' },
            { text: `${d.pagador.nome} - CPF/CNPJ ${formatCpfCnpj(d.pagador.documento)}`, fontSize: VALUE },
            ...(d.pagador.endereco ? [{ text: d.pagador.endereco, fontSize: 7 }] : []),
            { text: `Sacador/Avalista: ${d.avalista ?? ''}`, fontSize: 7 }], colSpan: 6 }, ...filler(5)],
        ],
      },
      layout: thinGrid,
    },
    { columns: [{ text: '' }, { text: 'Autenticação mecânica - Ficha de Compensação', fontSize: LABEL, alignment: 'right' }], margin: [0, 2, 0, 2] },
    { canvas: bars, margin: [0, 2, 0, 0] },
  ];
}

export function boletoDocument(d: BoletoPdfData): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN],
    defaultStyle: { fontSize: VALUE },
    info: { title: `Boleto ${d.nossoNumero}`, subject: 'Boleto', keywords: d.linhaDigitavel },
    content: [
      ...receipt(d),
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: CONTENT_W, y2: 0, lineWidth: 0.5, dash: { length: 3 } }], margin: [0, 0, 0, 1] },
      { text: 'Corte na linha pontilhada', fontSize: LABEL, alignment: 'right', margin: [0, 0, 0, 8] },
      ...slip(d),
    ],
  };
}

export async function boletoPdf(d: BoletoPdfData): Promise<Uint8Array> {
  return pdfBytes(boletoDocument(d));
}
