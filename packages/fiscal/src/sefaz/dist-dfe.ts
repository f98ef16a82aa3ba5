/**
 * NFeDistribuicaoDFe (the national environment's distribution of the documents issued against a CNPJ; NT 2014.002),
 * layout 1.01: the client's messages and readings, and the fake's answers for tests and the homologation simulator.
 *
 * - distNSU: "what came after my last NSU" (ultNSU, 15 digits). Answers 138 with up to 50 docZip (each a gzip+base64
 *   document: resNFe summaries, procNFe full documents, resEvento), or 137 when nothing is new; ultNSU and maxNSU say
 *   where the next call starts and whether more is waiting. A consumer that asks again after a 137 within the hour is
 *   refused with 656 (Consumo Indevido) and must wait.
 * - consChNFe: one document by its key (the full procNFe, available to the recipient after a manifestation).
 * - The SOAP 1.2 envelope wraps the message in nfeDistDFeInteresse/nfeDadosMsg (the service's WSDL namespace); the
 *   answer comes in nfeDistDFeInteresseResponse/nfeDistDFeInteresseResult.
 *
 * The client is DistDFeClient (dist-client.ts); the fake below is served by the SEFAZ homologation simulator at
 * /ws/NFeDistribuicaoDFe, and its documents come from `destine` (the simulator's loopback /simulator/dist-dfe).
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { child, childrenNamed, childText, escapeXmlText, findFirst, parseXml, type XmlElement } from './xml.ts';

export const NFE_NS = 'http://www.portalfiscal.inf.br/nfe';
export const DIST_DFE_WSDL = 'http://www.portalfiscal.inf.br/nfe/wsdl/NFeDistribuicaoDFe';
/** The national environment's addresses (Ambiente Nacional). */
export const DIST_DFE_URLS = {
  1: 'https://www1.nfe.fazenda.gov.br/NFeDistribuicaoDFe/NFeDistribuicaoDFe.asmx',
  2: 'https://hom1.nfe.fazenda.gov.br/NFeDistribuicaoDFe/NFeDistribuicaoDFe.asmx',
} as const;

export interface DistQuery {
  tpAmb: 1 | 2;
  /** IBGE code of the interested party's UF. */
  cUFAutor: string;
  cnpj: string;
}

const nsu15 = (nsu: string | number) => String(nsu).replace(/\D/g, '').padStart(15, '0').slice(-15);

export function buildDistNSU(q: DistQuery & { ultNSU: string | number }): string {
  return `<distDFeInt xmlns="${NFE_NS}" versao="1.01"><tpAmb>${q.tpAmb}</tpAmb><cUFAutor>${q.cUFAutor}</cUFAutor><CNPJ>${q.cnpj}</CNPJ>`
    + `<distNSU><ultNSU>${nsu15(q.ultNSU)}</ultNSU></distNSU></distDFeInt>`;
}

export function buildConsChNFe(q: DistQuery & { chNFe: string }): string {
  return `<distDFeInt xmlns="${NFE_NS}" versao="1.01"><tpAmb>${q.tpAmb}</tpAmb><cUFAutor>${q.cUFAutor}</cUFAutor><CNPJ>${q.cnpj}</CNPJ>`
    + `<consChNFe><chNFe>${q.chNFe}</chNFe></consChNFe></distDFeInt>`;
}

export function distSoapRequest(message: string): string {
  return '<?xml version="1.0" encoding="utf-8"?><soap12:Envelope xmlns:soap12="http://www.w3.org/2003/05/soap-envelope"><soap12:Body>'
    + `<nfeDistDFeInteresse xmlns="${DIST_DFE_WSDL}"><nfeDadosMsg>${message}</nfeDadosMsg></nfeDistDFeInteresse></soap12:Body></soap12:Envelope>`;
}

export function distSoapResponse(result: string): string {
  return '<?xml version="1.0" encoding="utf-8"?><soap12:Envelope xmlns:soap12="http://www.w3.org/2003/05/soap-envelope"><soap12:Body>'
    + `<nfeDistDFeInteresseResponse xmlns="${DIST_DFE_WSDL}"><nfeDistDFeInteresseResult>${result}</nfeDistDFeInteresseResult></nfeDistDFeInteresseResponse>`
    + '</soap12:Body></soap12:Envelope>';
}

export interface DistDoc {
  nsu: string;
  /** resNFe_v1.01.xsd, procNFe_v4.00.xsd, resEvento_v1.01.xsd ... */
  schema: string;
  xml: string;
}

export interface DistAnswer {
  cStat: number;
  xMotivo: string;
  ultNSU: string;
  maxNSU: string;
  docs: DistDoc[];
}

/** Reads retDistDFeInt, from the SOAP answer or bare; each docZip is unzipped. */
export function parseDistAnswer(xml: string): DistAnswer {
  const root = parseXml(xml);
  const ret = root.localName === 'retDistDFeInt' ? root : findFirst(root, 'retDistDFeInt');
  if (!ret) throw new Error('retDistDFeInt ausente na resposta');
  const lote = child(ret, 'loteDistDFeInt');
  return {
    cStat: Number(childText(ret, 'cStat') ?? 0),
    xMotivo: childText(ret, 'xMotivo') ?? '',
    ultNSU: childText(ret, 'ultNSU') ?? '0',
    maxNSU: childText(ret, 'maxNSU') ?? '0',
    docs: lote ? childrenNamed(lote, 'docZip').map((d) => ({
      nsu: d.attributes['NSU'] ?? '', schema: d.attributes['schema'] ?? '', xml: gunzipSync(Buffer.from(d.text.trim(), 'base64')).toString('utf8'),
    })) : [],
  };
}

/** An NF-e summary (resNFe): what the recipient sees before the manifestation. */
export interface ResNFe {
  chNFe: string;
  cnpj: string;
  xNome: string;
  ie: string;
  dhEmi: string;
  tpNF: number;
  vNF: string;
  /** 1 authorized, 2 denied, 3 cancelled. */
  cSitNFe: number;
}

export function readResNFe(xml: string): ResNFe {
  const r: XmlElement = parseXml(xml);
  if (r.localName !== 'resNFe') throw new Error('resNFe esperado');
  return {
    chNFe: childText(r, 'chNFe') ?? '', cnpj: childText(r, 'CNPJ') ?? childText(r, 'CPF') ?? '', xNome: childText(r, 'xNome') ?? '',
    ie: childText(r, 'IE') ?? '', dhEmi: childText(r, 'dhEmi') ?? '', tpNF: Number(childText(r, 'tpNF') ?? 1), vNF: childText(r, 'vNF') ?? '0.00',
    cSitNFe: Number(childText(r, 'cSitNFe') ?? 1),
  };
}

export function buildResNFe(r: ResNFe & { digVal?: string; dhRecbto?: string; nProt?: string }): string {
  return `<resNFe xmlns="${NFE_NS}" versao="1.01"><chNFe>${r.chNFe}</chNFe><CNPJ>${r.cnpj}</CNPJ><xNome>${escapeXmlText(r.xNome)}</xNome>`
    + `<IE>${r.ie}</IE><dhEmi>${r.dhEmi}</dhEmi><tpNF>${r.tpNF}</tpNF><vNF>${r.vNF}</vNF><digVal>${r.digVal ?? 'AAAAAAAAAAAAAAAAAAAAAAAAAAA='}</digVal>`
    + `<dhRecbto>${r.dhRecbto ?? r.dhEmi}</dhRecbto><nProt>${r.nProt ?? '135260000000001'}</nProt><cSitNFe>${r.cSitNFe}</cSitNFe></resNFe>`;
}

// The fake (tests, simulator) ------------------------------------------------------------------------------------

interface Stored extends DistDoc {
  cnpj: string;
  chNFe: string | null;
}

/**
 * The national environment's distribution for tests: documents stored per recipient CNPJ with increasing NSUs,
 * answered by distNSU (138 with up to `pageSize`, 137 when none is new, 656 when asked again within the hour after a
 * 137) and consChNFe (138 with the stored procNFe of that key, 640 when the CNPJ has none).
 */
export class DistributionFake {
  private readonly docs: Stored[] = [];
  private nsu = 0;
  private readonly emptyAt = new Map<string, number>();

  constructor(private readonly options: { pageSize?: number; now?: () => number; holdMs?: number } = {}) {}

  /** The full documents of each recipient, waiting for a manifestation that releases them (cnpj|chNFe → procNFe). */
  private readonly withheld = new Map<string, string>();

  /**
   * An NF-e issued against `cnpj`, as the national environment distributes it: the summary (resNFe) now, the full
   * procNFe only after the recipient's ciência or confirmação (`release`). Answers the summary's NSU.
   */
  destine(cnpj: string, summary: ResNFe, procNFeXml: string): string {
    this.withheld.set(`${cnpj}|${summary.chNFe}`, procNFeXml);
    return this.add(cnpj, 'resNFe_v1.01.xsd', buildResNFe(summary), summary.chNFe);
  }

  /** Whether `cnpj` is the recipient of a destined key (a manifestation of anyone else is refused). */
  isRecipient(cnpj: string, chNFe: string): boolean {
    return this.withheld.has(`${cnpj}|${chNFe}`);
  }

  /** After a ciência/confirmação: the procNFe enters the recipient's distribution (a new NSU) once. */
  release(cnpj: string, chNFe: string): string | null {
    const key = `${cnpj}|${chNFe}`;
    const xml = this.withheld.get(key);
    if (xml === undefined || this.docs.some((d) => d.cnpj === cnpj && d.chNFe === chNFe && d.schema.startsWith('procNFe'))) return null;
    return this.add(cnpj, 'procNFe_v4.00.xsd', xml, chNFe);
  }

  /** A registered event on a destined NF-e, distributed to its recipient as resEvento. */
  addEventSummary(cnpj: string, e: { chNFe: string; tpEvento: string; nSeqEvento: number; xEvento: string; dhEvento: string; nProt: string; cOrgao: string }): string {
    const xml = `<resEvento xmlns="${NFE_NS}" versao="1.01"><cOrgao>${e.cOrgao}</cOrgao><CNPJ>${cnpj}</CNPJ><chNFe>${e.chNFe}</chNFe>`
      + `<dhEvento>${e.dhEvento}</dhEvento><tpEvento>${e.tpEvento}</tpEvento><nSeqEvento>${e.nSeqEvento}</nSeqEvento>`
      + `<xEvento>${escapeXmlText(e.xEvento)}</xEvento><dhRecbto>${e.dhEvento}</dhRecbto><nProt>${e.nProt}</nProt></resEvento>`;
    return this.add(cnpj, 'resEvento_v1.01.xsd', xml, e.chNFe);
  }

  /** A refusal before the fake reads the request (215: the schema). */
  rejection(cStat: number, xMotivo: string): string {
    return ret(cStat, xMotivo, nsu15(0), nsu15(0), []);
  }

  reset(): void {
    this.docs.length = 0;
    this.withheld.clear();
    this.emptyAt.clear();
  }

  /** Stores a document for a recipient; answers its NSU. */
  add(cnpj: string, schema: string, xml: string, chNFe: string | null = null): string {
    const nsu = nsu15(++this.nsu);
    this.docs.push({ cnpj, chNFe, nsu, schema, xml });
    return nsu;
  }

  answer(message: string): string {
    const m = parseXml(message);
    const cnpj = childText(m, 'CNPJ') ?? '';
    const dist = child(m, 'distNSU');
    const cons = child(m, 'consChNFe');
    const now = (this.options.now ?? Date.now)();
    const mine = this.docs.filter((d) => d.cnpj === cnpj);
    const maxNSU = mine.at(-1)?.nsu ?? nsu15(0);
    if (cons) {
      const key = childText(cons, 'chNFe');
      const found = mine.filter((d) => d.chNFe === key && d.schema.startsWith('procNFe'));
      return found.length > 0 ? ret(138, 'Documento localizado', maxNSU, maxNSU, found) : ret(640, 'Rejeição: CNPJ/CPF do interessado não possui permissão para consultar esta NF-e', maxNSU, maxNSU, []);
    }
    const ult = nsu15(dist ? (childText(dist, 'ultNSU') ?? '0') : '0');
    const after = mine.filter((d) => d.nsu > ult);
    if (after.length === 0) {
      const last = this.emptyAt.get(`${cnpj}:${ult}`);
      if (last !== undefined && now - last < (this.options.holdMs ?? 3_600_000)) return ret(656, 'Rejeição: Consumo Indevido', ult, maxNSU, []);
      this.emptyAt.set(`${cnpj}:${ult}`, now);
      return ret(137, 'Nenhum documento localizado', ult, maxNSU, []);
    }
    const page = after.slice(0, this.options.pageSize ?? 50);
    return ret(138, 'Documento localizado', page.at(-1)!.nsu, maxNSU, page);
  }
}

function ret(cStat: number, xMotivo: string, ultNSU: string, maxNSU: string, docs: readonly DistDoc[]): string {
  const lote = docs.length === 0 ? '' : `<loteDistDFeInt>${docs.map((d) => `<docZip NSU="${d.nsu}" schema="${d.schema}">${gzipSync(Buffer.from(d.xml, 'utf8')).toString('base64')}</docZip>`).join('')}</loteDistDFeInt>`;
  return `<retDistDFeInt xmlns="${NFE_NS}" versao="1.01"><tpAmb>2</tpAmb><verAplic>SIMULADOR</verAplic><cStat>${cStat}</cStat><xMotivo>${escapeXmlText(xMotivo)}</xMotivo>`
    + `<dhResp>2026-05-04T10:00:00-03:00</dhResp><ultNSU>${ultNSU}</ultNSU><maxNSU>${maxNSU}</maxNSU>${lote}</retDistDFeInt>`;
}
