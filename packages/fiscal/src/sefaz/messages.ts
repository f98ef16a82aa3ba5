// What the client needs besides the package's message builders (messages.ts, events.ts): the batch id, the proc
// documents of events and inutilização (signed document as sent + answer as received, byte for byte), and the few
// facts it reads back from a signed document to route it.

import type { ModeloNFe } from './endpoints.ts';
import { NFE_NS, stripXmlDeclaration } from './soap.ts';
import { child, childText, elementXml, findFirst, parseXml, type XmlElement } from './xml.ts';
import { FISCAL_MESSAGES } from '@pdv/domain/fiscal-messages';

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** A batch id (idLote, up to 15 digits) from the clock and a random tail. */
export function newIdLote(now: number = Date.now(), random: () => number = Math.random): string {
  const tail = Math.floor(random() * 100)
    .toString()
    .padStart(2, '0');
  return `${now}${tail}`.slice(-15);
}

/** `<procEventoNFe>`: the signed evento as sent and its retEvento as received. */
export function buildProcEventoNFeXml(eventoXml: string, retEventoXml: string, versao = '1.00'): string {
  return `${XML_DECLARATION}<procEventoNFe xmlns="${NFE_NS}" versao="${versao}">${eventoXml}${retEventoXml}</procEventoNFe>`;
}

/**
 * `<ProcInutNFe>` (capital P, as the official procInutNFe_v4.00.xsd declares it): the signed inutNFe as sent and the
 * retInutNFe as received.
 */
export function buildProcInutNFeXml(signedInutXml: string, retInutNFeXml: string): string {
  return `${XML_DECLARATION}<ProcInutNFe xmlns="${NFE_NS}" versao="4.00">${stripXmlDeclaration(signedInutXml).trim()}${retInutNFeXml}</ProcInutNFe>`;
}

export class SefazDocumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SefazDocumentError';
  }
}

function parseDocument(xml: string, rootName: string): XmlElement {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (error) {
    throw new SefazDocumentError(`XML inválido: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (root.localName !== rootName)
    throw new SefazDocumentError(`Documento com raiz <${root.localName}>, esperado <${rootName}>`);
  return root;
}

function modelo(value: string | undefined): ModeloNFe {
  if (value === '55' || value === '65') return Number(value) as ModeloNFe;
  throw new SefazDocumentError(`Modelo de nota fiscal não suportado: ${value ?? 'não informado'}`);
}

export interface SignedNFeSummary {
  readonly chave: string;
  readonly mod: ModeloNFe;
  readonly cUF: string;
  readonly tpAmb: string;
  readonly tpEmis: string;
  /** DigestValue of the signature: the protocol's digVal must be the same. */
  readonly digestValue: string | undefined;
}

/** Reads what the client needs to route and settle a signed `<NFe>`. */
export function readSignedNFe(signedNfeXml: string): SignedNFeSummary {
  const nfe = parseDocument(signedNfeXml, 'NFe');
  const infNFe = child(nfe, 'infNFe');
  const ide = infNFe && child(infNFe, 'ide');
  const id = infNFe?.attributes.Id;
  if (!infNFe || !ide || !id?.startsWith('NFe')) throw new SefazDocumentError('NFe sem infNFe/ide ou sem Id');
  if (!child(nfe, 'Signature')) throw new SefazDocumentError('NFe não assinada');
  return {
    chave: id.slice(3),
    mod: modelo(childText(ide, 'mod')),
    cUF: childText(ide, 'cUF') ?? '',
    tpAmb: childText(ide, 'tpAmb') ?? '',
    tpEmis: childText(ide, 'tpEmis') ?? '',
    digestValue: findFirst(nfe, 'DigestValue')?.text.trim(),
  };
}

/** Reads the model of a signed `<inutNFe>`. */
export function readSignedInutNFe(signedInutXml: string): { mod: ModeloNFe; cUF: string } {
  const infInut = child(parseDocument(signedInutXml, 'inutNFe'), 'infInut');
  if (!infInut) throw new SefazDocumentError('inutNFe sem infInut');
  return { mod: modelo(childText(infInut, 'mod')), cUF: childText(infInut, 'cUF') ?? '' };
}

export interface SignedEvento {
  readonly chNFe: string;
  readonly tpEvento: string;
  readonly nSeqEvento: number;
  /** The evento element as written, namespace declared on it. */
  readonly xml: string;
}

/** Reads the eventos of a signed `<envEvento>` (the model comes from the first key). */
export function readSignedEnvEvento(signedEnvEventoXml: string): { mod: ModeloNFe; eventos: SignedEvento[] } {
  const source = signedEnvEventoXml;
  const root = parseDocument(source, 'envEvento');
  const eventos = root.children
    .filter((c) => c.localName === 'evento')
    .map((evento) => {
      const info = child(evento, 'infEvento');
      const chNFe = info && childText(info, 'chNFe');
      if (!info || !chNFe) throw new SefazDocumentError('evento sem infEvento/chNFe');
      return {
        chNFe,
        tpEvento: childText(info, 'tpEvento') ?? '',
        nSeqEvento: Number(childText(info, 'nSeqEvento') ?? '1'),
        xml: elementXml(source, evento),
      };
    });
  const first = eventos[0];
  if (!first) throw new SefazDocumentError('envEvento sem evento');
  return { mod: modelo(first.chNFe.slice(20, 22)), eventos };
}

/** Model of an access key (positions 21-22). */
export function modeloFromChave(chave: string): ModeloNFe {
  if (chave.length !== 44) throw new SefazDocumentError(FISCAL_MESSAGES.keyLength);
  return modelo(chave.slice(20, 22));
}
