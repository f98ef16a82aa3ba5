/**
 * The printout of a correction letter (DACCe: Documento Auxiliar da Carta de Correção eletrônica), A4, read from the
 * registered event (procEventoNFe: the signed evento and SEFAZ's retEvento): the issuer, the invoice's access key, the
 * sequence, the correction text, the protocol and the conditions of use the letter carries (xCondUso). `dacceDocument`
 * is pure; `daccePdf` renders it.
 */
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatAccessKey, formatTaxId, formatXmlDateTime } from './danfe-format.ts';
import { pdfBytes } from './danfe-pdf.ts';
import { parseXml, textAt, type XmlElement } from './danfe-xml.ts';

export interface DacceData {
  emitente: string;
  cnpj: string;
  chave: string;
  sequencia: string;
  dhEvento: string;
  correcao: string;
  condicoes: string;
  protocolo: string | null;
  dhRegistro: string | null;
  status: string | null;
}

function find(el: XmlElement | undefined, name: string): XmlElement | undefined {
  if (!el) return undefined;
  if (el.name === name) return el;
  for (const c of el.children) {
    const f = find(c, name);
    if (f) return f;
  }
  return undefined;
}

/** The letter's data from its procEventoNFe (or the signed evento alone), and the issuer's name. */
export function parseCorrection(xml: string, emitente: string): DacceData {
  const root = parseXml(xml);
  const inf = find(root, 'infEvento');
  const det = find(inf, 'detEvento');
  const ret = find(find(root, 'retEvento'), 'infEvento');
  return {
    emitente, cnpj: textAt(inf, 'CNPJ') ?? '', chave: textAt(inf, 'chNFe') ?? '', sequencia: textAt(inf, 'nSeqEvento') ?? '1',
    dhEvento: textAt(inf, 'dhEvento') ?? '', correcao: textAt(det, 'xCorrecao') ?? '', condicoes: textAt(det, 'xCondUso') ?? '',
    protocolo: textAt(ret, 'nProt') ?? null, dhRegistro: textAt(ret, 'dhRegEvento') ?? null,
    status: ret ? `${textAt(ret, 'cStat') ?? ''} - ${textAt(ret, 'xMotivo') ?? ''}` : null,
  };
}

const box = (label: string, value: string): Content => ({
  table: { widths: ['*'], body: [[{ stack: [{ text: label, fontSize: 6, bold: true }, { text: value || '-', fontSize: 9 }] }]] },
  margin: [0, 0, 0, 4],
});

export function dacceDocument(d: DacceData): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageMargins: [28, 28, 28, 28],
    info: { title: `Carta de Correção ${d.chave}` },
    content: [
      { text: 'CARTA DE CORREÇÃO ELETRÔNICA', fontSize: 12, bold: true, alignment: 'center' },
      { text: 'Documento auxiliar (DACCe): não substitui o evento registrado na SEFAZ', fontSize: 7, alignment: 'center', margin: [0, 0, 0, 8] },
      box('EMITENTE', `${d.emitente}  CNPJ ${formatTaxId(d.cnpj)}`),
      box('CHAVE DE ACESSO DA NF-e', formatAccessKey(d.chave)),
      {
        columns: [
          box('SEQUÊNCIA DO EVENTO', d.sequencia),
          box('DATA DO EVENTO', formatXmlDateTime(d.dhEvento)),
          box('PROTOCOLO', d.protocolo ?? 'não registrado'),
          box('REGISTRO', d.dhRegistro ? formatXmlDateTime(d.dhRegistro) : '-'),
        ],
        columnGap: 4,
      },
      box('SITUAÇÃO', d.status ?? '-'),
      box('CORREÇÃO', d.correcao),
      box('CONDIÇÕES DE USO', d.condicoes),
    ],
    defaultStyle: { fontSize: 9 },
  };
}

export function daccePdf(d: DacceData): Promise<Uint8Array> {
  return pdfBytes(dacceDocument(d));
}
