/**
 * DANFE NFC-e on the 80 mm roll (same 200-point page and fonts as the sale receipt, automatic height), in the order
 * of the NFC-e DANFE manual: emitter, title, items, totals and payments, fiscal message area (homologation,
 * contingency, draft), consultation by access key, consumer, note identification and protocol, QR code, approximate
 * taxes and the taxpayer's message. `danfeNfceDefinition` is pure; `danfeNfcePdf` renders it.
 */
import type { Content, CustomTableLayout, TDocumentDefinitions } from 'pdfmake/interfaces';
import {
  cardBrandName,
  DANFE_TEXTS,
  formatAccessKey,
  formatCents,
  formatDecimalText,
  formatTaxId,
  formatXmlDateTime,
  isAuthorized,
  isHomologation,
  isOfflineContingency,
  paymentName,
} from './danfe-format.ts';
import { fitText, textWidth, wrapText } from './danfe-metrics.ts';
import type { DanfeAddress, DanfeData, DanfeItem } from './danfe-parse.ts';
import { pdfBytes, type DanfeOptions } from './danfe-pdf.ts';
import { exchangeVoucherContent } from './exchange-voucher.ts';
import { RECEIPT_FONTS, RECEIPT_WIDTH } from './receipt.ts';

const MARGIN = 5;
/** Printable width of the roll. */
export const NFCE_CONTENT_WIDTH = RECEIPT_WIDTH - 2 * MARGIN;
/** QR code side in points (about 37 mm: well above the manual's minimum of 25 mm). */
export const NFCE_QR_SIZE = 105;

const ITEM_FONT = RECEIPT_FONTS.small;
const CELL_PAD = 1;
/** Widest code column before a product code is cut. */
const CODE_MAX_WIDTH = 40;
const ITEM_COLUMNS = 6;

const ITEMS_LAYOUT: CustomTableLayout = {
  hLineWidth: (i) => (i === 1 ? 0.5 : 0),
  vLineWidth: () => 0,
  paddingLeft: (i) => (i === 0 ? 0 : CELL_PAD),
  paddingRight: (i) => (i === ITEM_COLUMNS - 1 ? 0 : CELL_PAD),
  paddingTop: () => 0.5,
  paddingBottom: () => 0.5,
};

/** A dashed separator. A new node each time: pdfmake writes layout state into the nodes it lays out. */
const rule = (): Content => ({
  canvas: [{ type: 'line', x1: 0, y1: 0, x2: NFCE_CONTENT_WIDTH, y2: 0, lineWidth: 0.5, dash: { length: 2 } }],
  margin: [0, 3, 0, 3],
});

const row = (label: string, value: string, bold = false, fontSize: number = RECEIPT_FONTS.body): Content => ({
  columns: [
    { text: label, width: '*' },
    { text: value, width: 'auto', alignment: 'right' },
  ],
  bold,
  fontSize,
});

const center = (text: string, fontSize: number, bold = false): Content => ({
  text,
  alignment: 'center',
  fontSize,
  bold,
});

function addressLine(address: DanfeAddress | null): string {
  if (!address) return '';
  const street = [address.xLgr, address.nro, address.xCpl].filter(Boolean).join(', ');
  const city = [address.xMun, address.UF].filter(Boolean).join(' - ');
  return [street, address.xBairro, city].filter(Boolean).join(', ');
}

/** Messages of the fiscal message area, in the order they print. */
export function nfceNotices(data: DanfeData, options: DanfeOptions = {}): string[] {
  const notices: string[] = [];
  if (options.draft) notices.push(DANFE_TEXTS.draft);
  if (isHomologation(data.ide.tpAmb)) notices.push(DANFE_TEXTS.nfceHomologation);
  if (isOfflineContingency(data.ide.tpEmis)) {
    notices.push(DANFE_TEXTS.contingency);
    if (!isAuthorized(data.protocolo?.cStat)) notices.push(DANFE_TEXTS.pending);
  }
  return notices;
}

/** The largest receipt font, from `max` down to the smallest, that prints the text on one line of this width. */
function fittingSize(text: string, width: number, max: number, bold = true): number {
  for (let size = max; size > RECEIPT_FONTS.tiny; size -= 0.5) if (textWidth(text, size, bold) <= width) return size;
  return RECEIPT_FONTS.tiny;
}

function noticeBox(notices: string[]): Content[] {
  if (notices.length === 0) return [];
  const inner = NFCE_CONTENT_WIDTH - 6;
  return [
    {
      table: {
        widths: ['*'],
        body: [
          [
            {
              stack: notices.map((notice) => center(notice, fittingSize(notice, inner, RECEIPT_FONTS.title), true)),
              margin: [0, 1, 0, 1],
            },
          ],
        ],
      },
      layout: { hLineWidth: () => 1, vLineWidth: () => 1, paddingLeft: () => 2, paddingRight: () => 2 },
      margin: [0, 2, 0, 2],
    },
  ];
}

interface ItemCells {
  code: string;
  description: string;
  quantity: string;
  unit: string;
  unitValue: string;
  total: string;
}

const ITEM_HEADER: ItemCells = {
  code: 'Código',
  description: 'Descrição',
  quantity: 'Qtde',
  unit: 'UN',
  unitValue: 'Vl Unit',
  total: 'Vl Total',
};

function itemCells(item: DanfeItem): ItemCells {
  return {
    code: item.cProd,
    description: item.xProd,
    quantity: formatDecimalText(item.qCom, 0),
    unit: item.uCom,
    unitValue: formatDecimalText(item.vUnCom, 2),
    total: formatCents(item.vProd),
  };
}

/** The items table, each column as wide as its widest value; the description takes the rest and is cut to fit. */
function itemsTable(items: DanfeItem[]): Content {
  const cells = items.map(itemCells);
  const widest = (key: keyof ItemCells, bold = false) =>
    Math.max(textWidth(ITEM_HEADER[key], ITEM_FONT, true), ...cells.map((c) => textWidth(c[key], ITEM_FONT, bold)));
  const code = Math.min(widest('code'), CODE_MAX_WIDTH);
  const quantity = widest('quantity');
  const unit = Math.min(widest('unit'), 16);
  const unitValue = widest('unitValue');
  const total = widest('total');
  // Six columns: the outer edges carry no padding, the five gaps carry CELL_PAD on each side.
  const description = NFCE_CONTENT_WIDTH - (code + quantity + unit + unitValue + total) - 10 * CELL_PAD;
  const fit = (text: string, width: number, bold = false) => fitText(text, width, ITEM_FONT, bold);
  const line = (c: ItemCells, bold: boolean): Content[] => [
    { text: fit(c.code, code, bold), bold },
    { text: fit(c.description, description, bold), bold },
    { text: c.quantity, alignment: 'right', bold },
    { text: fit(c.unit, unit, bold), bold },
    { text: c.unitValue, alignment: 'right', bold },
    { text: c.total, alignment: 'right', bold },
  ];
  return {
    table: {
      headerRows: 1,
      widths: [code, description, quantity, unit, unitValue, total],
      body: [line(ITEM_HEADER, true), ...cells.map((c) => line(c, false))],
    },
    layout: ITEMS_LAYOUT,
    fontSize: ITEM_FONT,
  };
}

function totals(data: DanfeData): Content[] {
  const { total } = data;
  const extras = total.vFrete + total.vSeg + total.vOutro;
  return [
    row('Qtde. total de itens', String(data.itens.length)),
    row('Valor total R$', formatCents(total.vProd)),
    ...(total.vDesc > 0 ? [row('Desconto R$', `-${formatCents(total.vDesc)}`)] : []),
    ...(extras > 0 ? [row('Acréscimos R$', formatCents(extras))] : []),
    row('Valor a Pagar R$', formatCents(total.vNF), true, RECEIPT_FONTS.header),
  ];
}

function payments(data: DanfeData): Content[] {
  const content: Content[] = [row('FORMA DE PAGAMENTO', 'VALOR PAGO R$', true, RECEIPT_FONTS.small)];
  for (const payment of data.pag.detPag) {
    content.push(row(paymentName(payment.tPag, payment.xPag), formatCents(payment.vPag)));
    const card = payment.card;
    const brand = cardBrandName(card?.tBand ?? null);
    const details = [brand, card?.cAut ? `Aut. ${card.cAut}` : null].filter(Boolean).join(' - ');
    if (details) content.push({ text: details, fontSize: RECEIPT_FONTS.tiny, margin: [4, 0, 0, 1] });
  }
  content.push(row('Troco R$', formatCents(data.pag.vTroco)));
  return content;
}

function consumer(data: DanfeData): Content[] {
  const dest = data.dest;
  const id = dest?.CPF
    ? `CPF ${formatTaxId(dest.CPF)}`
    : dest?.CNPJ
      ? `CNPJ ${formatTaxId(dest.CNPJ)}`
      : dest?.idEstrangeiro
        ? `Id. Estrangeiro ${dest.idEstrangeiro}`
        : null;
  if (!dest || (!id && !dest.xNome)) return [center(DANFE_TEXTS.anonymousConsumer, RECEIPT_FONTS.small, true)];
  const address = addressLine(dest.enderDest);
  return [
    center(['CONSUMIDOR', id, dest.xNome].filter(Boolean).join(' - '), RECEIPT_FONTS.small, true),
    ...(address ? [center(address, RECEIPT_FONTS.tiny)] : []),
  ];
}

function identification(data: DanfeData): Content[] {
  const { ide, protocolo } = data;
  const content: Content[] = [
    center(`NFC-e nº ${ide.nNF} Série ${ide.serie} ${formatXmlDateTime(ide.dhEmi)}`, RECEIPT_FONTS.body, true),
  ];
  if (isOfflineContingency(ide.tpEmis)) {
    content.push(center(DANFE_TEXTS.contingency, RECEIPT_FONTS.header, true));
    if (!isAuthorized(protocolo?.cStat)) content.push(center(DANFE_TEXTS.pending, RECEIPT_FONTS.header, true));
  }
  if (protocolo?.nProt && isAuthorized(protocolo.cStat)) {
    content.push(center(`Protocolo de autorização: ${protocolo.nProt}`, RECEIPT_FONTS.small));
    content.push(center(`Data de autorização: ${formatXmlDateTime(protocolo.dhRecbto)}`, RECEIPT_FONTS.small));
  }
  return content;
}

function qrCode(data: DanfeData): Content[] {
  if (!data.qrCode) return [];
  return [
    center(DANFE_TEXTS.consultQr, RECEIPT_FONTS.small),
    { qr: data.qrCode, fit: NFCE_QR_SIZE, eccLevel: 'M', alignment: 'center', margin: [0, 2, 0, 2] },
  ];
}

function footer(data: DanfeData): Content[] {
  const content: Content[] = [];
  if (data.total.vTotTrib !== null) {
    content.push(
      center(
        `Tributos Totais Incidentes (Lei Federal 12.741/2012): R$ ${formatCents(data.total.vTotTrib)}`,
        RECEIPT_FONTS.tiny,
      ),
    );
  }
  const ibscbs = data.total.ibscbs;
  if (ibscbs) {
    content.push(center(`IBS: R$ ${formatCents(ibscbs.vIBS)}  CBS: R$ ${formatCents(ibscbs.vCBS)}  (base R$ ${formatCents(ibscbs.vBC)})`, RECEIPT_FONTS.tiny));
  }
  const message = [data.infAdic.infCpl, data.infAdic.infAdFisco].filter(Boolean).join('\n');
  if (message) {
    content.push({
      text: wrapText(message, NFCE_CONTENT_WIDTH, RECEIPT_FONTS.tiny).join('\n'),
      fontSize: RECEIPT_FONTS.tiny,
      margin: [0, 2, 0, 0],
    });
  }
  return content;
}

export function danfeNfceDefinition(data: DanfeData, options: DanfeOptions = {}): TDocumentDefinitions {
  const { emit } = data;
  const notices = nfceNotices(data, options);
  const name = emit.xFant && emit.xFant !== emit.xNome ? emit.xFant : emit.xNome;
  const header: Content[] = [
    center(name, RECEIPT_FONTS.header, true),
    ...(name !== emit.xNome ? [center(emit.xNome, RECEIPT_FONTS.small)] : []),
    center(
      [
        emit.CNPJ ? `CNPJ: ${formatTaxId(emit.CNPJ)}` : emit.CPF ? `CPF: ${formatTaxId(emit.CPF)}` : null,
        emit.IE ? `IE: ${emit.IE}` : null,
      ]
        .filter(Boolean)
        .join('  '),
      RECEIPT_FONTS.small,
    ),
    center(addressLine(emit.enderEmit), RECEIPT_FONTS.small),
  ];
  return {
    pageSize: { width: RECEIPT_WIDTH, height: 'auto' },
    pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN],
    defaultStyle: { fontSize: RECEIPT_FONTS.body },
    info: { title: `NFC-e ${data.ide.nNF} série ${data.ide.serie}`, subject: data.chave },
    content: [
      ...header,
      rule(),
      center(DANFE_TEXTS.nfceTitle, RECEIPT_FONTS.small, true),
      ...noticeBox(notices),
      rule(),
      itemsTable(data.itens),
      rule(),
      ...totals(data),
      { text: '', margin: [0, 2, 0, 0] },
      ...payments(data),
      rule(),
      center(DANFE_TEXTS.consultKey, RECEIPT_FONTS.small, true),
      center(data.urlChave ?? '', RECEIPT_FONTS.small),
      center(formatAccessKey(data.chave), RECEIPT_FONTS.body),
      rule(),
      ...consumer(data),
      rule(),
      ...identification(data),
      ...qrCode(data),
      ...footer(data),
      ...(options.troca && !options.draft ? exchangeVoucher(data, options.troca) : []),
    ],
  };
}

/** The sale's exchange voucher after the DANFE (one per product line when the branch asks). */
function exchangeVoucher(data: DanfeData, troca: NonNullable<DanfeOptions['troca']>): Content[] {
  return exchangeVoucherContent({
    numero: String(data.ide.nNF),
    data: formatXmlDateTime(data.ide.dhEmi),
    cliente: data.dest?.xNome ?? null,
    itens: data.itens.map((i) => ({ descricao: i.xProd, quantidade: formatDecimalText(i.qCom, 0) })),
    valido_ate: troca.valido_ate,
    por_produto: troca.por_produto ?? false,
  }, NFCE_CONTENT_WIDTH);
}

export async function danfeNfcePdf(data: DanfeData, options: DanfeOptions = {}): Promise<Uint8Array> {
  return pdfBytes(danfeNfceDefinition(data, options));
}
