/**
 * The DANFE NFC-e as the 80 mm thermal printer's text (48 columns), for a printer driven in ESC/POS text mode (the
 * connector's offline NFC-e, issue 29): the same blocks as the PDF (danfe-nfce.ts: the issuer, the title, the notices
 * of homologation and contingency, the items, the totals and payments, the consumer, number and series, the access
 * key and where to consult it), the QR code left to the printer's own QR command between `before` and `after`.
 */
import {
  DANFE_TEXTS, formatAccessKey, formatCents, formatDecimalText, formatNoteNumber, formatSeries, formatTaxId, formatXmlDateTime,
  isAuthorized, isHomologation, isOfflineContingency, paymentName,
} from './danfe-format.ts';
import type { DanfeData } from './danfe-parse.ts';

export const NFCE_TEXT_COLUMNS = 48;

function center(text: string, width = NFCE_TEXT_COLUMNS): string[] {
  return wrap(text, width).map((line) => ' '.repeat(Math.max(0, Math.floor((width - line.length) / 2))) + line);
}

function wrap(text: string, width = NFCE_TEXT_COLUMNS): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line === '') line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      out.push(line);
      line = word;
    }
    while (line.length > width) {
      out.push(line.slice(0, width));
      line = line.slice(width);
    }
  }
  if (line !== '') out.push(line);
  return out;
}

/** `left` and `right` on one line, the right one flush to the margin. */
function both(left: string, right: string, width = NFCE_TEXT_COLUMNS): string {
  const room = width - right.length - 1;
  return `${left.length > room ? left.slice(0, room) : left.padEnd(room)} ${right}`;
}

const rule = '-'.repeat(NFCE_TEXT_COLUMNS);

export interface DanfeNfceText {
  /** Up to the QR code. */
  before: string;
  /** The QR code's content (infNFeSupl/qrCode). */
  qrCode: string | null;
  /** After the QR code. */
  after: string;
}

export function danfeNfceText(data: DanfeData): DanfeNfceText {
  const e = data.emit;
  const a = e.enderEmit;
  const lines: string[] = [];
  lines.push(...center(e.xNome));
  lines.push(...center(`CNPJ: ${formatTaxId(e.CNPJ)}  IE: ${e.IE ?? ''}`));
  lines.push(...center([a.xLgr, a.nro, a.xBairro, a.xMun, a.UF].filter(Boolean).join(', ')));
  lines.push(rule, ...center(DANFE_TEXTS.nfceTitle), rule);
  const notices: string[] = [];
  if (isHomologation(data.ide.tpAmb)) notices.push(DANFE_TEXTS.nfceHomologation);
  if (isOfflineContingency(data.ide.tpEmis)) {
    notices.push(DANFE_TEXTS.contingency);
    if (!isAuthorized(data.protocolo?.cStat)) notices.push(DANFE_TEXTS.pending);
  }
  for (const n of notices) lines.push(...center(n));
  if (notices.length > 0) lines.push(rule);
  lines.push('#  CODIGO  DESCRICAO');
  lines.push(both('   QTD UN x VL UNIT', 'VL TOTAL'));
  for (const item of data.itens) {
    lines.push(...wrap(`${String(item.nItem).padStart(3, '0')} ${item.cProd} ${item.xProd}`));
    lines.push(both(`    ${formatDecimalText(item.qCom, 0)} ${item.uCom} x ${formatDecimalText(item.vUnCom, 2)}`, formatCents(item.vProd)));
    if (item.vDesc > 0) lines.push(both('    desconto', `-${formatCents(item.vDesc)}`));
  }
  lines.push(rule);
  const t = data.total;
  lines.push(both('QTD. TOTAL DE ITENS', String(data.itens.length)));
  lines.push(both('VALOR TOTAL R$', formatCents(t.vProd)));
  if (t.vDesc > 0) lines.push(both('DESCONTO R$', formatCents(t.vDesc)));
  if (t.vOutro + t.vFrete + t.vSeg > 0) lines.push(both('ACRESCIMOS R$', formatCents(t.vOutro + t.vFrete + t.vSeg)));
  lines.push(both('VALOR A PAGAR R$', formatCents(t.vNF)));
  lines.push(both('FORMA DE PAGAMENTO', 'VALOR PAGO R$'));
  for (const p of data.pag.detPag) lines.push(both(paymentName(p.tPag, p.xPag), formatCents(p.vPag)));
  if (data.pag.vTroco > 0) lines.push(both('TROCO R$', formatCents(data.pag.vTroco)));
  lines.push(rule);
  lines.push(...center(DANFE_TEXTS.consultKey));
  lines.push(...center(data.urlChave ?? ''));
  // 54 characters with its spaces: two lines of 6 and 5 groups.
  lines.push(...center(formatAccessKey(data.chave.slice(0, 24))), ...center(formatAccessKey(data.chave.slice(24))));
  lines.push(rule);
  const d = data.dest;
  const doc = d?.CPF ? `CPF: ${formatTaxId(d.CPF)}` : d?.CNPJ ? `CNPJ: ${formatTaxId(d.CNPJ)}` : null;
  lines.push(...center(doc ? `CONSUMIDOR ${doc}${d?.xNome ? ` ${d.xNome}` : ''}` : DANFE_TEXTS.anonymousConsumer));
  lines.push(...center(`NFC-e n. ${formatNoteNumber(data.ide.nNF)} Serie ${formatSeries(data.ide.serie)} ${formatXmlDateTime(data.ide.dhEmi)}`));
  if (data.protocolo?.nProt) lines.push(...center(`Protocolo de autorizacao: ${data.protocolo.nProt}`));
  lines.push(...center(DANFE_TEXTS.consultQr));
  const after: string[] = [];
  if (t.vTotTrib !== null && t.vTotTrib > 0) after.push(...center(`Tributos totais incidentes (Lei 12.741/2012): R$ ${formatCents(t.vTotTrib)}`));
  if (data.infAdic.infCpl) after.push(...wrap(data.infAdic.infCpl));
  return { before: `${lines.join('\n')}\n`, qrCode: data.qrCode, after: after.length > 0 ? `${after.join('\n')}\n` : '' };
}
