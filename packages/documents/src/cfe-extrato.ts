/**
 * The CF-e-SAT extrato (the "DANFE" of the SAT, 001 §7) on the 80 mm roll, read from the CF-e the SAT signed (its
 * answer's arquivoCFeSAT) or its cancellation (CFeCanc), in the order of the SAT's extrato layout: emitter (name,
 * address, CNPJ, IE, IM), "Extrato No." and "CUPOM FISCAL ELETRÔNICO - SAT", the consumer's CPF/CNPJ, the items
 * (#, code, description, quantity, unit, unit price, item value), total, payments and change, observations, the SAT's
 * serial number with date and time, the key in groups of four, its Code 128 barcode in two halves (22 digits each) and
 * the QR code (chave|timestamp|valor|CPF/CNPJ|assinaturaQRCODE). A test-environment CF-e (tpAmb 2) says so at the
 * top; a cancellation prints "CANCELAMENTO" with the cancelled CF-e's data.
 */
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { fromDecimal, type Cents } from '@pdv/domain/money';
import { code128Bars, CODE128_QUIET_ZONE, encodeCode128 } from './danfe-code128.ts';
import { formatAccessKey, formatCents, formatDecimalText, formatTaxId } from './danfe-format.ts';
import { pdfBytes } from './danfe-pdf.ts';
import { at, child, childrenNamed, parseXml, textAt, xmlError, type XmlElement } from './danfe-xml.ts';
import { RECEIPT_FONTS, RECEIPT_WIDTH } from './receipt.ts';

const MARGIN = 5;
const WIDTH = RECEIPT_WIDTH - 2 * MARGIN;
const QR_SIZE = 105;

export const EXTRATO_TEXTS = {
  title: 'CUPOM FISCAL ELETRÔNICO - SAT',
  cancelTitle: 'CUPOM FISCAL ELETRÔNICO - SAT CANCELAMENTO',
  cancelledData: 'DADOS DO CUPOM FISCAL ELETRÔNICO CANCELADO',
  test: '= T E S T E =',
  testNote: '>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>',
  consumerNone: 'CPF/CNPJ do Consumidor: não informado',
  app: 'Consulte o QR Code pelo aplicativo "De olho na nota", disponível na AppStore (Apple) e PlayStore (Android)',
} as const;

/** cMP of the CF-e by name (PIX and bank deposit arrive as 99, Outros). */
const PAYMENT_NAMES: Record<string, string> = {
  '01': 'Dinheiro', '02': 'Cheque', '03': 'Cartão de Crédito', '04': 'Cartão de Débito', '05': 'Crédito Loja', '10': 'Vale Alimentação',
  '11': 'Vale Refeição', '12': 'Vale Presente', '13': 'Vale Combustível', '99': 'Outros',
};

export interface ExtratoItem {
  nItem: string;
  cProd: string;
  xProd: string;
  qCom: string;
  uCom: string;
  vUnCom: string;
  vItem: Cents;
  vDesc: Cents;
  vRatDesc: Cents;
}

export interface ExtratoData {
  cancelamento: boolean;
  /** 44 digits of this document's key. */
  chave: string;
  /** A cancellation: the cancelled CF-e's key (44 digits). */
  chaveCancelada: string | null;
  tpAmb: string;
  nCFe: string;
  nserieSAT: string;
  /** AAAAMMDD and HHMMSS of this document; a cancellation also has the sale's. */
  dEmi: string;
  hEmi: string;
  dEmiVenda: string | null;
  hEmiVenda: string | null;
  assinaturaQRCODE: string;
  emit: { CNPJ: string; xNome: string; xFant: string | null; IE: string; IM: string | null; endereco: string };
  destDoc: string | null;
  destNome: string | null;
  itens: ExtratoItem[];
  vProd: Cents;
  vDesc: Cents;
  vDescSubtot: Cents;
  vAcresSubtot: Cents;
  vCFe: Cents;
  pagamentos: Array<{ cMP: string; vMP: Cents }>;
  vTroco: Cents;
  vCFeLei12741: Cents | null;
  infCpl: string | null;
}

const cents = (v: string | undefined) => (v ? fromDecimal(v) : 0);

/** The extrato's view of a signed CF-e or CFeCanc; anything else is refused. */
export function parseCFe(xml: string): ExtratoData {
  const root = parseXml(xml);
  if (root.name !== 'CFe' && root.name !== 'CFeCanc') throw xmlError('o documento não é um CF-e-SAT');
  const cancelamento = root.name === 'CFeCanc';
  const inf = child(root, 'infCFe');
  const id = inf?.attributes['Id'] ?? '';
  if (!inf || !/^CFe\d{44}$/.test(id)) throw xmlError('infCFe sem Id de CF-e (o extrato sai do CF-e assinado pelo SAT)');
  const ide = child(inf, 'ide');
  const emit = child(inf, 'emit');
  const ender = child(emit, 'enderEmit');
  const total = child(inf, 'total');
  const req = (el: XmlElement | undefined, name: string) => {
    const v = textAt(el, name);
    if (v === undefined) throw xmlError(`${name} não informado`);
    return v;
  };
  const endereco = [[textAt(ender, 'xLgr'), textAt(ender, 'nro'), textAt(ender, 'xCpl')].filter(Boolean).join(', '), textAt(ender, 'xBairro'),
    textAt(ender, 'xMun'), textAt(ender, 'CEP')].filter(Boolean).join(' - ');
  return {
    cancelamento,
    chave: id.slice(3),
    chaveCancelada: cancelamento ? (inf.attributes['chCanc'] ?? '').replace(/^CFe/, '') : null,
    tpAmb: textAt(ide, 'tpAmb') ?? '1',
    nCFe: req(ide, 'nCFe'),
    nserieSAT: req(ide, 'nserieSAT'),
    dEmi: req(ide, 'dEmi'),
    hEmi: req(ide, 'hEmi'),
    dEmiVenda: cancelamento ? textAt(inf, 'dEmi') ?? null : null,
    hEmiVenda: cancelamento ? textAt(inf, 'hEmi') ?? null : null,
    assinaturaQRCODE: req(ide, 'assinaturaQRCODE'),
    emit: { CNPJ: req(emit, 'CNPJ'), xNome: req(emit, 'xNome'), xFant: textAt(emit, 'xFant') ?? null, IE: req(emit, 'IE'), IM: textAt(emit, 'IM') ?? null, endereco },
    destDoc: textAt(inf, 'dest', 'CNPJ') ?? textAt(inf, 'dest', 'CPF') ?? null,
    destNome: textAt(inf, 'dest', 'xNome') ?? null,
    itens: childrenNamed(inf, 'det').map((det) => {
      const prod = child(det, 'prod');
      return {
        nItem: det.attributes['nItem'] ?? '', cProd: req(prod, 'cProd'), xProd: req(prod, 'xProd'), qCom: req(prod, 'qCom'), uCom: req(prod, 'uCom'),
        vUnCom: req(prod, 'vUnCom'), vItem: cents(textAt(prod, 'vItem')), vDesc: cents(textAt(prod, 'vDesc')), vRatDesc: cents(textAt(prod, 'vRatDesc')),
      };
    }),
    vProd: cents(textAt(total, 'ICMSTot', 'vProd')),
    vDesc: cents(textAt(total, 'ICMSTot', 'vDesc')),
    vDescSubtot: cents(textAt(total, 'DescAcrEntr', 'vDescSubtot')),
    vAcresSubtot: cents(textAt(total, 'DescAcrEntr', 'vAcresSubtot')),
    vCFe: cents(req(total, 'vCFe')),
    pagamentos: childrenNamed(child(inf, 'pgto'), 'MP').map((mp) => ({ cMP: textAt(mp, 'cMP') ?? '99', vMP: cents(textAt(mp, 'vMP')) })),
    vTroco: cents(textAt(inf, 'pgto', 'vTroco')),
    vCFeLei12741: textAt(total, 'vCFeLei12741') ? cents(textAt(total, 'vCFeLei12741')) : null,
    infCpl: at(inf, 'infAdic', 'infCpl')?.text.trim() || null,
  };
}

const pad2 = (s: string, i: number) => s.slice(i, i + 2);
/** 20150718 154423 -> 18/07/2015 - 15:44:23. */
export function formatSatDateTime(d: string, h: string): string {
  return `${pad2(d, 6)}/${pad2(d, 4)}/${d.slice(0, 4)} - ${pad2(h, 0)}:${pad2(h, 2)}:${pad2(h, 4)}`;
}

/** The QR code's content: chave|timeStamp|valor|CPF/CNPJ|assinaturaQRCODE. */
export function extratoQrCode(d: ExtratoData): string {
  return [d.chave, `${d.dEmi}${d.hEmi}`, (d.vCFe / 100).toFixed(2), d.destDoc ?? '', d.assinaturaQRCODE].join('|');
}

const center = (text: string, fontSize: number = RECEIPT_FONTS.small, bold = false): Content => ({ text, alignment: 'center', fontSize, bold });
const rule = (): Content => ({ canvas: [{ type: 'line', x1: 0, y1: 0, x2: WIDTH, y2: 0, lineWidth: 0.5, dash: { length: 2 } }], margin: [0, 3, 0, 3] });
const row = (label: string, value: string, bold = false): Content => ({
  columns: [{ text: label, width: '*' }, { text: value, width: 'auto', alignment: 'right' }], bold, fontSize: RECEIPT_FONTS.body,
});

/** The key's Code 128 in two halves of 22 digits, each as wide as the roll allows. */
function barcodes(chave: string): Content[] {
  return [chave.slice(0, 22), chave.slice(22)].map((half) => {
    const modules = encodeCode128(half).modules + 2 * CODE128_QUIET_ZONE;
    const moduleWidth = Math.floor((WIDTH / modules) * 100) / 100;
    const { bars, width } = code128Bars(half, { moduleWidth, height: 22 });
    const node: Content = { canvas: bars, margin: [(WIDTH - width) / 2, 2, 0, 0] };
    return node;
  });
}

function items(d: ExtratoData): Content {
  const body: TableCell[][] = [
    ['#', 'COD', 'DESC', 'QTD', 'UN', 'VL UN R$', 'VL ITEM R$'].map((t): TableCell => ({ text: t, bold: true })),
    ...d.itens.map((i): TableCell[] => [i.nItem, i.cProd, i.xProd, formatDecimalText(i.qCom, 0), i.uCom, formatDecimalText(i.vUnCom, 2),
      { text: formatCents(i.vItem), alignment: 'right' }]),
  ];
  return {
    table: { widths: [8, 'auto', '*', 'auto', 'auto', 'auto', 'auto'], body },
    layout: { hLineWidth: (i: number) => (i === 1 ? 0.5 : 0), vLineWidth: () => 0, paddingLeft: () => 0.5, paddingRight: () => 0.5, paddingTop: () => 0.5, paddingBottom: () => 0.5 },
    fontSize: RECEIPT_FONTS.tiny,
  };
}

export function extratoDefinition(d: ExtratoData): TDocumentDefinitions {
  const test = d.tpAmb === '2';
  const emitter: Content[] = [
    center(d.emit.xFant ?? d.emit.xNome, RECEIPT_FONTS.header, true),
    ...(d.emit.xFant && d.emit.xFant !== d.emit.xNome ? [center(d.emit.xNome)] : []),
    center(d.emit.endereco),
    center([`CNPJ ${formatTaxId(d.emit.CNPJ)}`, `IE ${d.emit.IE}`, d.emit.IM ? `IM ${d.emit.IM}` : null].filter(Boolean).join('  ')),
    rule(),
  ];
  const consumer = d.destDoc ? `CPF/CNPJ do Consumidor: ${formatTaxId(d.destDoc)}${d.destNome ? ` ${d.destNome}` : ''}` : EXTRATO_TEXTS.consumerNone;
  const footer = (chave: string, dEmi: string, hEmi: string, withQr: boolean): Content[] => [
    center(`SAT No. ${d.nserieSAT.replace(/^0+/, '') || '0'}`, RECEIPT_FONTS.small, true),
    center(formatSatDateTime(dEmi, hEmi)),
    center(formatAccessKey(chave), RECEIPT_FONTS.small),
    ...barcodes(chave),
    ...(withQr ? [{ qr: extratoQrCode(d), fit: QR_SIZE, eccLevel: 'M', alignment: 'center', margin: [0, 3, 0, 2] } as Content, center(EXTRATO_TEXTS.app, RECEIPT_FONTS.tiny)] : []),
  ];
  const content: Content[] = [
    ...emitter,
    center(`Extrato No. ${d.nCFe}`, RECEIPT_FONTS.body, true),
    center(d.cancelamento ? EXTRATO_TEXTS.cancelTitle : EXTRATO_TEXTS.title, RECEIPT_FONTS.body, true),
    ...(test ? [center(EXTRATO_TEXTS.test, RECEIPT_FONTS.header, true)] : []),
    rule(),
  ];
  if (d.cancelamento) {
    content.push(
      center(EXTRATO_TEXTS.cancelledData, RECEIPT_FONTS.small, true),
      center(consumer),
      row('TOTAL R$', formatCents(d.vCFe), true),
      ...footer(d.chaveCancelada ?? '', d.dEmiVenda ?? d.dEmi, d.hEmiVenda ?? d.hEmi, false),
      rule(),
      center('DADOS DO CUPOM FISCAL ELETRÔNICO DE CANCELAMENTO', RECEIPT_FONTS.small, true),
      ...footer(d.chave, d.dEmi, d.hEmi, true),
    );
  } else {
    const discounts = d.vDesc + d.vDescSubtot;
    content.push(
      center(consumer),
      rule(),
      items(d),
      rule(),
      ...(discounts > 0 || d.vAcresSubtot > 0 ? [row('Total bruto de itens', formatCents(d.vProd))] : []),
      ...(discounts > 0 ? [row('Total de descontos', `-${formatCents(discounts)}`)] : []),
      ...(d.vAcresSubtot > 0 ? [row('Total de acréscimos', `+${formatCents(d.vAcresSubtot)}`)] : []),
      row('TOTAL R$', formatCents(d.vCFe), true),
      ...d.pagamentos.map((p) => row(PAYMENT_NAMES[p.cMP] ?? 'Outros', formatCents(p.vMP))),
      row('Troco R$', formatCents(d.vTroco)),
      rule(),
      ...(d.vCFeLei12741 !== null ? [center(`Valor aproximado dos tributos deste cupom R$ ${formatCents(d.vCFeLei12741)} (Lei Federal 12.741/2012)`, RECEIPT_FONTS.tiny)] : []),
      ...(d.infCpl ? [{ text: `OBSERVAÇÕES DO CONTRIBUINTE\n${d.infCpl}`, fontSize: RECEIPT_FONTS.tiny } as Content] : []),
      rule(),
      ...footer(d.chave, d.dEmi, d.hEmi, true),
    );
  }
  if (test) content.push(center(EXTRATO_TEXTS.test, RECEIPT_FONTS.header, true));
  return {
    pageSize: { width: RECEIPT_WIDTH, height: 'auto' },
    pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN],
    defaultStyle: { fontSize: RECEIPT_FONTS.body },
    info: { title: `CF-e-SAT ${d.nCFe}${d.cancelamento ? ' cancelamento' : ''}`, subject: d.chave },
    content,
  };
}

export async function extratoPdf(xml: string): Promise<Uint8Array> {
  return pdfBytes(extratoDefinition(parseCFe(xml)));
}
