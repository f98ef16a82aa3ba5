/**
 * The fixed blocks of the A4 DANFE (NF-e MOC, DANFE layout): canhoto, emitter/DANFE/access-key header (repeated on
 * every page with its FOLHA x/y), recipient, invoice and instalments, tax calculation and transport. Each returns
 * its content and its height.
 */
import type { Content, TableCell } from 'pdfmake/interfaces';
import { code128Bars, CODE128_QUIET_ZONE, encodeCode128 } from './danfe-code128.ts';
import {
  formatAccessKey,
  formatCents,
  formatCep,
  formatDecimalText,
  formatNoteNumber,
  formatPhone,
  formatSeries,
  formatTaxId,
  formatXmlDate,
  formatXmlDateTime,
  formatXmlTime,
  freightLabel,
} from './danfe-format.ts';
import {
  A4_CONTENT_WIDTH,
  A4_FONTS,
  boxedRowHeight,
  boxLayout,
  columnWidths,
  FIELD_HEIGHT,
  fieldCell,
  fieldRows,
  PAD_X,
  RULE_WIDTH,
  sectionTitle,
  stackBlocks,
  type Block,
  type Field,
} from './danfe-a4-grid.ts';
import { fitText, linesHeight, textWidth, wrapText } from './danfe-metrics.ts';
import type { DanfeData } from './danfe-parse.ts';

const money = (cents: number) => formatCents(cents);

// Header ------------------------------------------------------------------------------------------------------------

/** Emitter, DANFE box and key column: content widths of the three header columns. */
const [EMIT_W = 0, DANFE_W = 0, KEY_W = 0] = columnWidths([0.41, 0.18, 0.41]);
export const BARCODE_HEIGHT = 34;
const BARCODE_ROW = BARCODE_HEIGHT + 6;
const CONSULT_TEXT =
  'Consulta de autenticidade no portal nacional da NF-e www.nfe.fazenda.gov.br/portal ou no site da Sefaz Autorizadora';
const CONSULT_LINES = wrapText(CONSULT_TEXT, KEY_W, A4_FONTS.small);
const CONSULT_ROW = linesHeight(CONSULT_LINES.length, A4_FONTS.small);
const KEY_SIZES = [8, 7.5, 7, 6.5, 6];

function keyCell(chave: string): TableCell {
  const text = formatAccessKey(chave);
  const size = KEY_SIZES.find((s) => textWidth(text, s, true) <= KEY_W) ?? 6;
  return {
    stack: [
      { text: 'CHAVE DE ACESSO', fontSize: A4_FONTS.label },
      { text, fontSize: size, bold: true, alignment: 'center', margin: [0, (A4_FONTS.value - size) * 0.6, 0, 0] },
    ],
  };
}

function barcodeCell(chave: string): TableCell {
  // Widest whole hundredth of a point per module that fits the column, quiet zones included.
  const modules = encodeCode128(chave).modules + 2 * CODE128_QUIET_ZONE;
  const moduleWidth = Math.floor((KEY_W / modules) * 100) / 100;
  const { bars, width } = code128Bars(chave, { moduleWidth, height: BARCODE_HEIGHT });
  return { canvas: bars, margin: [(KEY_W - width) / 2, 3, 0, 0] };
}

function emitterStack(data: DanfeData): Content[] {
  const { emit } = data;
  const a = emit.enderEmit;
  const nameLines = wrapText(emit.xNome, EMIT_W, 9, true).slice(0, 2);
  const line = (text: string) => ({ text: fitText(text, EMIT_W, 7), fontSize: 7, alignment: 'center' as const });
  return [
    { text: 'IDENTIFICAÇÃO DO EMITENTE', fontSize: A4_FONTS.label },
    { text: nameLines.join('\n'), fontSize: 9, bold: true, alignment: 'center', margin: [0, 3, 0, 2] },
    line([a.xLgr, a.nro, a.xCpl].filter(Boolean).join(', ')),
    line([a.xBairro, a.CEP ? `CEP ${formatCep(a.CEP)}` : null].filter(Boolean).join(' - ')),
    line([a.xMun, a.UF].filter(Boolean).join(' - ')),
    line(a.fone ? `Fone: ${formatPhone(a.fone)}` : ''),
  ];
}

function danfeStack(data: DanfeData, page: number, pages: number): Content[] {
  const { ide } = data;
  return [
    { text: 'DANFE', fontSize: 12, bold: true, alignment: 'center' },
    { text: 'Documento Auxiliar da\nNota Fiscal Eletrônica', fontSize: A4_FONTS.small, alignment: 'center' },
    {
      columns: [
        { text: '0 - ENTRADA\n1 - SAÍDA', fontSize: A4_FONTS.small, width: 'auto' },
        {
          table: { body: [[{ text: ide.tpNF, fontSize: 9, bold: true, alignment: 'center' }]], widths: [8] },
          layout: boxLayout(true, 1),
          width: 'auto',
        },
      ],
      columnGap: 6,
      margin: [(DANFE_W - 60) / 2, 2, 0, 2],
    },
    { text: `Nº ${formatNoteNumber(ide.nNF)}`, fontSize: A4_FONTS.value, bold: true, alignment: 'center' },
    { text: `SÉRIE ${formatSeries(ide.serie)}`, fontSize: A4_FONTS.value, bold: true, alignment: 'center' },
    { text: `FOLHA ${page}/${pages}`, fontSize: 7, alignment: 'center' },
  ];
}

/** The header repeated on every page: emitter, DANFE box, barcode and key, then nature/protocol and IE rows. */
export function headerBlock(data: DanfeData, page: number, pages: number): Block {
  const main: Content = {
    table: {
      widths: [EMIT_W, DANFE_W, KEY_W],
      heights: [BARCODE_ROW, FIELD_HEIGHT, CONSULT_ROW],
      body: [
        [
          { stack: emitterStack(data), rowSpan: 3 },
          { stack: danfeStack(data, page, pages), rowSpan: 3 },
          barcodeCell(data.chave),
        ],
        ['', '', keyCell(data.chave)],
        ['', '', { text: CONSULT_LINES.join('\n'), fontSize: A4_FONTS.small, alignment: 'center' }],
      ],
    },
    layout: boxLayout(true),
  };
  const mainHeight =
    boxedRowHeight(BARCODE_ROW) + boxedRowHeight(FIELD_HEIGHT, false) + boxedRowHeight(CONSULT_ROW, false);
  const { emit, protocolo } = data;
  const leftWeight = EMIT_W + DANFE_W + 2 * PAD_X + RULE_WIDTH;
  const rows = fieldRows(
    [
      [
        { label: 'NATUREZA DA OPERAÇÃO', value: data.ide.natOp, weight: leftWeight },
        {
          label: 'PROTOCOLO DE AUTORIZAÇÃO DE USO',
          value: protocolo?.nProt ? `${protocolo.nProt} - ${formatXmlDateTime(protocolo.dhRecbto)}` : '',
          weight: KEY_W,
          align: 'center',
        },
      ],
      [
        { label: 'INSCRIÇÃO ESTADUAL', value: emit.IE ?? '', weight: 1 },
        { label: 'INSC. ESTADUAL DO SUBST. TRIBUT.', value: emit.IEST ?? '', weight: 1 },
        { label: emit.CPF ? 'CPF' : 'CNPJ', value: formatTaxId(emit.CNPJ ?? emit.CPF), weight: 1 },
      ],
    ],
    false,
  );
  return stackBlocks([{ content: main, height: mainHeight }, rows]);
}

/** A centered bold line across the page (homologation banner). */
export function bannerBlock(text: string): Block {
  const size = 9;
  return {
    content: { text, fontSize: size, bold: true, alignment: 'center', margin: [0, 2, 0, 0] },
    height: 2 + linesHeight(1, size),
  };
}

// Canhoto -----------------------------------------------------------------------------------------------------------

const CUT_MARGIN = 4;

export function canhotoBlock(data: DanfeData): Block {
  const [dateW = 0, signW = 0, noteW = 0] = columnWidths([0.2, 0.6, 0.2]);
  const textW = dateW + signW + 2 * PAD_X + RULE_WIDTH;
  const dest = data.dest?.xNome ? ` DESTINATÁRIO: ${data.dest.xNome}.` : '';
  const text =
    `RECEBEMOS DE ${data.emit.xNome} OS PRODUTOS E/OU SERVIÇOS CONSTANTES DA NOTA FISCAL ELETRÔNICA INDICADA AO LADO. ` +
    `EMISSÃO: ${formatXmlDate(data.ide.dhEmi)}. VALOR TOTAL: R$ ${money(data.total.vNF)}.${dest}`;
  const lines = wrapText(text, textW, A4_FONTS.small).slice(0, 3);
  const textH = linesHeight(lines.length, A4_FONTS.small);
  const signH = FIELD_HEIGHT + 6;
  const table: Content = {
    table: {
      widths: [dateW, signW, noteW],
      heights: [textH, signH],
      body: [
        [
          { text: lines.join('\n'), fontSize: A4_FONTS.small, colSpan: 2 },
          '',
          {
            rowSpan: 2,
            stack: [
              { text: 'NF-e', fontSize: 10, bold: true, alignment: 'center', margin: [0, 2, 0, 1] },
              {
                text: `Nº ${formatNoteNumber(data.ide.nNF)}`,
                fontSize: A4_FONTS.value,
                bold: true,
                alignment: 'center',
              },
              {
                text: `SÉRIE ${formatSeries(data.ide.serie)}`,
                fontSize: A4_FONTS.value,
                bold: true,
                alignment: 'center',
              },
            ],
          },
        ],
        [
          fieldCell({ label: 'DATA DE RECEBIMENTO', value: '', weight: 1 }, dateW),
          fieldCell({ label: 'IDENTIFICAÇÃO E ASSINATURA DO RECEBEDOR', value: '', weight: 1 }, signW),
          '',
        ],
      ],
    },
    layout: boxLayout(true),
  };
  const cut: Content = {
    canvas: [{ type: 'line', x1: 0, y1: 0, x2: A4_CONTENT_WIDTH, y2: 0, lineWidth: 0.5, dash: { length: 3 } }],
    margin: [0, CUT_MARGIN, 0, CUT_MARGIN],
  };
  return {
    content: { stack: [table, cut] },
    height: boxedRowHeight(textH) + boxedRowHeight(signH, false) + 2 * CUT_MARGIN,
  };
}

// Recipient, invoice, taxes, transport ---------------------------------------------------------------------------

export function recipientBlock(data: DanfeData): Block {
  const dest = data.dest;
  const a = dest?.enderDest ?? null;
  const { ide } = data;
  const rows = fieldRows([
    [
      { label: 'NOME / RAZÃO SOCIAL', value: dest?.xNome ?? '', weight: 0.58 },
      { label: 'CNPJ / CPF', value: formatTaxId(dest?.CNPJ ?? dest?.CPF ?? dest?.idEstrangeiro ?? null), weight: 0.24 },
      { label: 'DATA DA EMISSÃO', value: formatXmlDate(ide.dhEmi), weight: 0.18, align: 'center' },
    ],
    [
      { label: 'ENDEREÇO', value: a ? [a.xLgr, a.nro, a.xCpl].filter(Boolean).join(', ') : '', weight: 0.44 },
      { label: 'BAIRRO / DISTRITO', value: a?.xBairro ?? '', weight: 0.24 },
      { label: 'CEP', value: formatCep(a?.CEP ?? null), weight: 0.14, align: 'center' },
      { label: 'DATA DA SAÍDA/ENTRADA', value: formatXmlDate(ide.dhSaiEnt), weight: 0.18, align: 'center' },
    ],
    [
      { label: 'MUNICÍPIO', value: a?.xMun ?? '', weight: 0.34 },
      { label: 'UF', value: a?.UF ?? '', weight: 0.06, align: 'center' },
      { label: 'FONE / FAX', value: formatPhone(a?.fone ?? null), weight: 0.18 },
      { label: 'INSCRIÇÃO ESTADUAL', value: dest?.IE ?? '', weight: 0.24 },
      { label: 'HORA DA SAÍDA/ENTRADA', value: formatXmlTime(ide.dhSaiEnt), weight: 0.18, align: 'center' },
    ],
  ]);
  return stackBlocks([sectionTitle('DESTINATÁRIO / REMETENTE'), rows]);
}

const DUPS_PER_ROW = 6;

/** Instalments (dup) in boxes, six to a row; a bill (fat) without instalments prints its totals. */
export function invoiceBlock(data: DanfeData): Block | null {
  const cobr = data.cobr;
  if (!cobr || (cobr.dup.length === 0 && !cobr.fat)) return null;
  const title = sectionTitle('FATURA / DUPLICATAS');
  if (cobr.dup.length === 0 && cobr.fat) {
    const fat = cobr.fat;
    const right = { align: 'right' as const, weight: 1 };
    return stackBlocks([
      title,
      fieldRows([
        [
          { label: 'NÚMERO', value: fat.nFat ?? '', weight: 1 },
          { label: 'VALOR ORIGINAL', value: money(fat.vOrig), ...right },
          { label: 'VALOR DO DESCONTO', value: money(fat.vDesc), ...right },
          { label: 'VALOR LÍQUIDO', value: money(fat.vLiq), ...right },
        ],
      ]),
    ]);
  }
  const widths = columnWidths(new Array<number>(DUPS_PER_ROW).fill(1));
  const cellH = linesHeight(3, A4_FONTS.small);
  const rows: Content[] = [];
  let height = 0;
  for (let start = 0; start < cobr.dup.length; start += DUPS_PER_ROW) {
    const cells: TableCell[] = cobr.dup.slice(start, start + DUPS_PER_ROW).map((dup, i) => ({
      text: [
        fitText(`Num.: ${dup.nDup ?? ''}`, widths[i] ?? 0, A4_FONTS.small),
        `Venc.: ${formatXmlDate(dup.dVenc)}`,
        `Valor: R$ ${money(dup.vDup)}`,
      ].join('\n'),
      fontSize: A4_FONTS.small,
    }));
    while (cells.length < DUPS_PER_ROW) cells.push('');
    const top = start === 0;
    rows.push({ table: { widths, heights: [cellH], body: [cells] }, layout: boxLayout(top) });
    height += boxedRowHeight(cellH, top);
  }
  return stackBlocks([title, { content: { stack: rows }, height }]);
}

export function taxBlock(data: DanfeData): Block {
  const t = data.total;
  const f = (label: string, value: number, bold = false): Field => ({
    label,
    value: money(value),
    weight: 1,
    align: 'right',
    bold,
  });
  return stackBlocks([
    sectionTitle('CÁLCULO DO IMPOSTO'),
    fieldRows([
      [
        f('BASE DE CÁLC. DO ICMS', t.vBC),
        f('VALOR DO ICMS', t.vICMS),
        f('BASE DE CÁLC. ICMS S.T.', t.vBCST),
        f('VALOR DO ICMS SUBST.', t.vST),
        f('V. IMP. IMPORTAÇÃO', t.vII),
        f('VALOR DO PIS', t.vPIS),
        f('VALOR DA COFINS', t.vCOFINS),
        f('V. TOTAL PRODUTOS', t.vProd),
      ],
      [
        f('VALOR DO FRETE', t.vFrete),
        f('VALOR DO SEGURO', t.vSeg),
        f('DESCONTO', t.vDesc),
        f('OUTRAS DESPESAS', t.vOutro),
        f('VALOR TOTAL IPI', t.vIPI),
        f('V. TOT. TRIBUTOS', t.vTotTrib ?? 0),
        { ...f('V. TOTAL DA NOTA', t.vNF, true), weight: 2 },
      ],
      // The tax reform's IBS/CBS (IBSCBSTot), a row of its own when the note carries them.
      ...(t.ibscbs
        ? [[
          f('BASE DE CÁLC. IBS/CBS', t.ibscbs.vBC),
          f('VALOR DO IBS UF', t.ibscbs.vIBSUF),
          f('VALOR DO IBS MUN.', t.ibscbs.vIBSMun),
          f('VALOR TOTAL DO IBS', t.ibscbs.vIBS),
          f('VALOR DA CBS', t.ibscbs.vCBS),
        ]]
        : []),
    ]),
  ]);
}

export function transportBlock(data: DanfeData): Block {
  const { transp } = data;
  const carrier = transp.transporta;
  const vehicle = transp.veicTransp;
  const volumes = transp.vol.length > 0 ? transp.vol : [null];
  const weight = (value: string | null) => (value ? formatDecimalText(value, 3) : '');
  return stackBlocks([
    sectionTitle('TRANSPORTADOR / VOLUMES TRANSPORTADOS'),
    fieldRows([
      [
        { label: 'NOME / RAZÃO SOCIAL', value: carrier?.xNome ?? '', weight: 0.32 },
        { label: 'FRETE POR CONTA', value: freightLabel(transp.modFrete), weight: 0.18 },
        { label: 'CÓDIGO ANTT', value: vehicle?.RNTC ?? '', weight: 0.1 },
        { label: 'PLACA DO VEÍCULO', value: vehicle?.placa ?? '', weight: 0.12 },
        { label: 'UF', value: vehicle?.UF ?? '', weight: 0.05, align: 'center' },
        { label: 'CNPJ / CPF', value: formatTaxId(carrier?.CNPJ ?? carrier?.CPF ?? null), weight: 0.23 },
      ],
      [
        { label: 'ENDEREÇO', value: carrier?.xEnder ?? '', weight: 0.45 },
        { label: 'MUNICÍPIO', value: carrier?.xMun ?? '', weight: 0.27 },
        { label: 'UF', value: carrier?.UF ?? '', weight: 0.05, align: 'center' },
        { label: 'INSCRIÇÃO ESTADUAL', value: carrier?.IE ?? '', weight: 0.23 },
      ],
      ...volumes.map((vol): Field[] => [
        { label: 'QUANTIDADE', value: vol?.qVol ?? '', weight: 1, align: 'right' },
        { label: 'ESPÉCIE', value: vol?.esp ?? '', weight: 1.5 },
        { label: 'MARCA', value: vol?.marca ?? '', weight: 1.5 },
        { label: 'NUMERAÇÃO', value: vol?.nVol ?? '', weight: 1.5 },
        { label: 'PESO BRUTO', value: weight(vol?.pesoB ?? null), weight: 1, align: 'right' },
        { label: 'PESO LÍQUIDO', value: weight(vol?.pesoL ?? null), weight: 1, align: 'right' },
      ]),
    ]),
  ]);
}
