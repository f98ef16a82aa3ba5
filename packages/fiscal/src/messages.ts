/**
 * The other messages of the NF-e web services (layout 4.00): inutilização of a number range (signed, tag infInut),
 * consultation of an invoice (consSitNFe) and of the service status (consStatServ), the authorization batch (enviNFe)
 * and the distribution file nfeProc (the signed NFe with its protocol).
 */
import { isValidCnpj, normalizeCnpj } from '@pdv/domain/documents';
import { ValidationError } from '@pdv/domain/errors';
import { isValidAccessKey, ufFromCode } from './access-key.ts';
import { NFE_NAMESPACE, NFE_VERSION } from './nfe-xml.ts';
import type { Modelo, TpAmb } from './types.ts';
import { childElement, parseXml, textContent, XmlParseError, type XmlElement } from './xml-parse.ts';
import { cleanText, el, txt } from './xml-writer.ts';
import { FISCAL_MESSAGES } from '@pdv/domain/fiscal-messages';

const XML_DECLARATION = /^\uFEFF?\s*<\?xml[^?]*\?>\s*/;

export interface InutNFeInput {
  tpAmb: TpAmb;
  /** IBGE code of the state. */
  cUF: string;
  /** Year of the numbers: 2 digits ('26') or 4 (2026). */
  ano: number | string;
  CNPJ: string;
  mod: Modelo;
  serie: number;
  nNFIni: number;
  nNFFin: number;
  /** 15-255 characters. */
  xJust: string;
}

/** 'ID' + cUF(2) + ano(2) + CNPJ(14) + mod(2) + serie(3) + nNFIni(9) + nNFFin(9). */
export function inutId(i: { cUF: string; ano: string; CNPJ: string; mod: Modelo; serie: number; nNFIni: number; nNFFin: number }): string {
  return `ID${i.cUF}${i.ano}${i.CNPJ}${i.mod}${String(i.serie).padStart(3, '0')}${String(i.nNFIni).padStart(9, '0')}${String(i.nNFFin).padStart(9, '0')}`;
}

/** An unsigned inutNFe: sign it with tag 'infInut'. */
export function buildInutNFe(input: InutNFeInput): string {
  if (!ufFromCode(input.cUF)) throw new ValidationError(`Código da UF inválido: '${input.cUF}'.`, 'cUF');
  if (!isValidCnpj(input.CNPJ)) throw new ValidationError(`CNPJ inválido: '${input.CNPJ}'.`, 'CNPJ');
  const ano = String(input.ano).slice(-2).padStart(2, '0');
  const { serie, nNFIni, nNFFin } = input;
  if (!Number.isInteger(serie) || serie < 0 || serie > 999) throw new ValidationError(FISCAL_MESSAGES.seriesMissing, 'serie');
  if (!Number.isInteger(nNFIni) || !Number.isInteger(nNFFin) || nNFIni < 1 || nNFFin > 999_999_999 || nNFIni > nNFFin) {
    throw new ValidationError('Faixa de numeração inválida: a numeração inicial deve ser de 1 até a final.', 'nNFIni');
  }
  const xJust = cleanText(input.xJust);
  if (xJust.length < 15 || xJust.length > 255) throw new ValidationError('A justificativa da inutilização deve ter de 15 a 255 caracteres.', 'xJust');
  const CNPJ = normalizeCnpj(input.CNPJ);
  const id = inutId({ cUF: input.cUF, ano, CNPJ, mod: input.mod, serie, nNFIni, nNFFin });
  const infInut = el('infInut', [
    txt('tpAmb', input.tpAmb), txt('xServ', 'INUTILIZAR'), txt('cUF', input.cUF), txt('ano', ano), txt('CNPJ', CNPJ),
    txt('mod', input.mod), txt('serie', serie), txt('nNFIni', nNFIni), txt('nNFFin', nNFFin), txt('xJust', xJust),
  ], [['Id', id]]);
  return el('inutNFe', infInut, [['xmlns', NFE_NAMESPACE], ['versao', NFE_VERSION]]);
}

export function buildConsSitNFe(input: { tpAmb: TpAmb; chNFe: string }): string {
  if (!isValidAccessKey(input.chNFe)) throw new ValidationError(`Chave de acesso inválida: '${input.chNFe}'.`, 'chNFe');
  return el('consSitNFe', [txt('tpAmb', input.tpAmb), txt('xServ', 'CONSULTAR'), txt('chNFe', input.chNFe)],
    [['xmlns', NFE_NAMESPACE], ['versao', NFE_VERSION]]);
}

export function buildConsStatServ(input: { tpAmb: TpAmb; cUF: string }): string {
  if (!ufFromCode(input.cUF)) throw new ValidationError(`Código da UF inválido: '${input.cUF}'.`, 'cUF');
  return el('consStatServ', [txt('tpAmb', input.tpAmb), txt('cUF', input.cUF), txt('xServ', 'STATUS')],
    [['xmlns', NFE_NAMESPACE], ['versao', NFE_VERSION]]);
}

/** The batch receipt query of an asynchronous authorization (indSinc 0). */
export function buildConsReciNFe(input: { tpAmb: TpAmb; nRec: string }): string {
  if (!/^\d{15}$/.test(input.nRec)) throw new ValidationError(`Número do recibo inválido: '${input.nRec}'.`, 'nRec');
  return el('consReciNFe', [txt('tpAmb', input.tpAmb), txt('nRec', input.nRec)], [['xmlns', NFE_NAMESPACE], ['versao', NFE_VERSION]]);
}

/** A signed document as a fragment: no XML declaration, no BOM, the root named `local`. */
function fragment(xml: string, local: string, what: string, inheritNamespace = false): { text: string; root: XmlElement } {
  const text = xml.replace(XML_DECLARATION, '').trim();
  let root: XmlElement;
  try {
    root = parseXml(text).root;
  } catch (error) {
    if (error instanceof XmlParseError) throw new ValidationError(`${what}: ${error.message}`, local);
    throw error;
  }
  // A protNFe cut out of a SEFAZ answer may rely on the answer's namespace declaration: inside nfeProc it inherits it.
  const namespaceOk = root.namespace === NFE_NAMESPACE || (inheritNamespace && root.namespace === '' && root.prefix === '');
  if (root.local !== local || !namespaceOk) {
    throw new ValidationError(`${what}: esperado o elemento ${local} do namespace da NF-e, recebido ${root.name}.`, local);
  }
  return { text, root };
}

/**
 * The authorization batch: 1 to 50 signed NFe (an NFC-e goes alone, synchronously). Each NFe is put in byte for byte,
 * so its signature still holds.
 */
export function buildEnviNFe(input: { idLote: string | number; indSinc: 0 | 1; nfes: string[] }): string {
  const idLote = String(input.idLote);
  if (!/^\d{1,15}$/.test(idLote)) throw new ValidationError(`Número do lote inválido: '${idLote}' (até 15 dígitos).`, 'idLote');
  if (input.nfes.length < 1 || input.nfes.length > 50) throw new ValidationError('Um lote tem de 1 a 50 notas fiscais.', 'NFe');
  const nfes = input.nfes.map((x) => fragment(x, 'NFe', 'NF-e do lote').text);
  return `<enviNFe xmlns="${NFE_NAMESPACE}" versao="${NFE_VERSION}"><idLote>${idLote}</idLote><indSinc>${input.indSinc}</indSinc>${nfes.join('')}</enviNFe>`;
}

/**
 * The distribution file: `<nfeProc>` with the signed NFe (unchanged) and the protNFe SEFAZ answered. Refuses a
 * protocol of another key.
 */
export function buildNfeProc(signedNfeXml: string, protNFeXml: string): string {
  const nfe = fragment(signedNfeXml, 'NFe', 'NF-e');
  const prot = fragment(protNFeXml, 'protNFe', 'Protocolo', true);
  const infNFe = childElement(nfe.root, 'infNFe', NFE_NAMESPACE);
  const id = infNFe?.attributes.find((a) => a.name === 'Id')?.value ?? '';
  const infProt = childElement(prot.root, 'infProt');
  const chNFe = infProt ? textContent(childElement(infProt, 'chNFe') ?? infProt).trim() : '';
  if (!infProt || id !== `NFe${chNFe}`) throw new ValidationError('O protocolo não corresponde a esta NF-e (chave de acesso diferente).', 'protNFe');
  return `<nfeProc xmlns="${NFE_NAMESPACE}" versao="${NFE_VERSION}">${nfe.text}${prot.text}</nfeProc>`;
}
