/**
 * DANFE of an NF-e (model 55) on A4 portrait with 14.17-point margins (001 §9). Page 1: canhoto, header, recipient,
 * invoice/instalments, tax calculation, transport, the items, and the additional data at its foot; following pages
 * repeat the header (with their FOLHA x/y) and continue the items, and additional data too long for page 1 follows
 * the last item. The items table's frame runs down to the foot of each page, as on a printed DANFE.
 *
 * The DANFE paginates itself: every block is measured (danfe-metrics.ts), items are placed page by page, and each page
 * starts with a page break, so the header and its page number are right on every page. A draft (EmEdicao, 001 §4)
 * carries the diagonal "SEM VALOR FISCAL" watermark; homologation adds the "SEM VALOR FISCAL - AMBIENTE DE
 * HOMOLOGAÇÃO" banner under the header of every page. `danfeA4Definition` is pure; `danfeA4Pdf` renders it.
 */
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import {
  bannerBlock,
  canhotoBlock,
  headerBlock,
  invoiceBlock,
  recipientBlock,
  taxBlock,
  transportBlock,
} from './danfe-a4-blocks.ts';
import {
  A4_CONTENT_HEIGHT,
  A4_FONTS,
  A4_MARGIN,
  boxedRowHeight,
  boxLayout,
  columnWidths,
  sectionTitle,
  stackBlocks,
  type Block,
} from './danfe-a4-grid.ts';
import { itemsBlock, layoutItems } from './danfe-a4-items.ts';
import { DANFE_TEXTS, formatXmlDateTime, isHomologation } from './danfe-format.ts';
import { linesHeight, wrapText } from './danfe-metrics.ts';
import type { DanfeData } from './danfe-parse.ts';
import { pdfBytes, type DanfeOptions } from './danfe-pdf.ts';

/** Room kept free at the foot of every page, in case a measurement is a hair short. */
const SLACK = 6;
const PAGE_ROOM = A4_CONTENT_HEIGHT - SLACK;
const INFO_FONT = A4_FONTS.small;
/** The additional-data box is at least this high, so the recipient has room to write. */
const INFO_MIN_LINES = 6;
/** Lines of additional data page 1 holds before the rest moves after the last item. */
const FIRST_PAGE_INFO_LINES = 18;
const [INFO_W = 0, FISCO_W = 0] = columnWidths([0.72, 0.28]);

const TP_EMIS: Readonly<Record<string, string>> = {
  '2': 'FS-IA',
  '3': 'SCAN',
  '4': 'EPEC',
  '5': 'FS-DA',
  '6': 'SVC-AN',
  '7': 'SVC-RS',
  '9': 'off-line',
};

/** Lines of "INFORMAÇÕES COMPLEMENTARES": contingency, the taxpayer's and the tax authority's texts. */
export function additionalInfoLines(data: DanfeData): string[] {
  const { ide, infAdic } = data;
  const parts: string[] = [];
  if (ide.tpEmis !== '1') {
    const mode = TP_EMIS[ide.tpEmis] ?? ide.tpEmis;
    const since = ide.dhCont ? ` desde ${formatXmlDateTime(ide.dhCont)}` : '';
    parts.push(`${DANFE_TEXTS.contingency} (${mode})${since}.${ide.xJust ? ` Justificativa: ${ide.xJust}` : ''}`);
  }
  if (isHomologation(ide.tpAmb)) parts.push(DANFE_TEXTS.a4Homologation);
  if (infAdic.infAdFisco) parts.push(`Inf. ao fisco: ${infAdic.infAdFisco}`);
  if (infAdic.infCpl) parts.push(`Inf. contribuinte: ${infAdic.infCpl}`);
  return parts.flatMap((part) => wrapText(part, INFO_W, INFO_FONT));
}

function infoBlock(lines: string[], continued: boolean): Block {
  const contentH = linesHeight(1, A4_FONTS.label) + linesHeight(Math.max(lines.length, INFO_MIN_LINES), INFO_FONT);
  const table: Content = {
    table: {
      widths: [INFO_W, FISCO_W],
      heights: [contentH],
      body: [
        [
          {
            stack: [
              { text: 'INFORMAÇÕES COMPLEMENTARES', fontSize: A4_FONTS.label },
              { text: lines.join('\n'), fontSize: INFO_FONT },
            ],
          },
          { text: 'RESERVADO AO FISCO', fontSize: A4_FONTS.label },
        ],
      ],
    },
    layout: boxLayout(true),
  };
  return stackBlocks([
    sectionTitle(continued ? 'DADOS ADICIONAIS (CONTINUAÇÃO)' : 'DADOS ADICIONAIS'),
    { content: table, height: boxedRowHeight(contentH) },
  ]);
}

/** Height of the additional-data block for this many lines. */
function infoHeight(lines: number): number {
  return infoBlock(new Array<string>(lines).fill(''), false).height;
}

/** How many info lines a block may hold in `room` points. */
function infoLinesThatFit(room: number): number {
  return Math.floor((room - infoHeight(0) + linesHeight(INFO_MIN_LINES, INFO_FONT)) / linesHeight(1, INFO_FONT) + 1e-9);
}

export interface PagePlan {
  /** Items [from, to) printed on the page (none when from === to). */
  from: number;
  to: number;
  /** Lines of additional data closing the page, if any. */
  info: string[] | null;
  infoContinued: boolean;
  /** Height left free on the page, given to the items table's frame so it reaches the foot of the page. */
  fill: number;
}

/**
 * Decides which items and which lines of additional data go on each page. Page 1 closes with the additional data
 * (up to FIRST_PAGE_INFO_LINES lines; the rest follows the last item); the items fill the room between.
 */
export function planPages(data: DanfeData): PagePlan[] {
  const items = layoutItems(data);
  const banner = isHomologation(data.ide.tpAmb) ? bannerBlock(DANFE_TEXTS.a4Homologation).height : 0;
  const header = headerBlock(data, 1, 1).height + banner;
  const allInfo = additionalInfoLines(data);
  const firstInfo = allInfo.slice(0, FIRST_PAGE_INFO_LINES);
  let info = allInfo.slice(firstInfo.length);
  const firstFixed =
    canhotoBlock(data).height +
    header +
    recipientBlock(data).height +
    (invoiceBlock(data)?.height ?? 0) +
    taxBlock(data).height +
    transportBlock(data).height +
    infoHeight(firstInfo.length);

  const count = data.itens.length;
  const first: PagePlan = { from: 0, to: 0, info: firstInfo, infoContinued: false, fill: 0 };
  const plans: PagePlan[] = [first];
  let plan = first;
  let room = PAGE_ROOM - firstFixed;
  let index = 0;
  const height = (i: number) => items.rowHeights[i] ?? 0;
  const closePage = () => {
    plan.fill = plan.to > plan.from ? room : 0;
  };
  const newPage = () => {
    closePage();
    plan = { from: index, to: index, info: null, infoContinued: false, fill: 0 };
    plans.push(plan);
    room = PAGE_ROOM - header;
  };
  while (index < count) {
    // A fresh page always takes at least one item (a row is capped far below a page's height).
    const fresh = plan !== first;
    if (!fresh && items.frameHeight + height(index) > room) {
      newPage();
      continue;
    }
    room -= items.frameHeight;
    plan.from = index;
    while (index < count && (height(index) <= room || (fresh && index === plan.from))) {
      room -= height(index);
      index += 1;
    }
    plan.to = index;
    if (index < count) newPage();
  }
  // What page 1 could not hold of the additional data follows the last item; the box needs room for at least
  // INFO_MIN_LINES lines, and what does not fit continues on pages of its own.
  while (info.length > 0) {
    const fits = infoLinesThatFit(room);
    if (fits >= INFO_MIN_LINES) {
      const take = Math.min(info.length, fits);
      plan.info = info.slice(0, take);
      plan.infoContinued = true;
      info = info.slice(take);
      room -= infoHeight(take);
      if (info.length === 0) break;
    }
    newPage();
  }
  closePage();
  return plans;
}

export function danfeA4Definition(data: DanfeData, options: DanfeOptions = {}): TDocumentDefinitions {
  const items = layoutItems(data);
  const plans = planPages(data);
  const pages = plans.length;
  const homologation = isHomologation(data.ide.tpAmb);
  const content: Content[] = plans.map((plan, page) => {
    const blocks: Block[] = [];
    if (page === 0) blocks.push(canhotoBlock(data));
    blocks.push(headerBlock(data, page + 1, pages));
    if (homologation) blocks.push(bannerBlock(DANFE_TEXTS.a4Homologation));
    if (page === 0) {
      blocks.push(recipientBlock(data));
      const invoice = invoiceBlock(data);
      if (invoice) blocks.push(invoice);
      blocks.push(taxBlock(data), transportBlock(data));
    }
    if (plan.to > plan.from) blocks.push(itemsBlock(items, plan.from, plan.to, plan.fill));
    if (plan.info) blocks.push(infoBlock(plan.info, plan.infoContinued));
    return { stack: blocks.map((b) => b.content), ...(page > 0 ? { pageBreak: 'before' as const } : {}) };
  });
  return {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: [A4_MARGIN, A4_MARGIN, A4_MARGIN, A4_MARGIN],
    defaultStyle: { fontSize: A4_FONTS.value },
    info: { title: `NF-e ${data.ide.nNF} série ${data.ide.serie}`, subject: data.chave },
    ...(options.draft
      ? { watermark: { text: DANFE_TEXTS.draft, color: '#808080', opacity: 0.25, bold: true, fontSize: 80 } }
      : {}),
    content,
  };
}

export async function danfeA4Pdf(data: DanfeData, options: DanfeOptions = {}): Promise<Uint8Array> {
  return pdfBytes(danfeA4Definition(data, options));
}
