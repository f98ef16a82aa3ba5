/**
 * The NFC-e of a sale made with the network off, built and signed by the till's local connector (issue 29): offline
 * contingency (tpEmis 9, dhCont and xJust), the QR code of the offline form (the day, vNF and the DigestValue), signed
 * with the branch's A1 certificate and completed with the CSC, both held by the connector only. And the reading the
 * server does of such a document when the operation brings it: its key, number, series and emitter, and the items and
 * totals it compares with the sale (domain nfce-offline.ts).
 */
import { ValidationError } from '@pdv/domain/errors';
import { fromDecimal, quantityFromDecimal } from '@pdv/domain/money';
import type { NfceSummary } from '@pdv/domain/nfce-offline';
import { buildNFeXml, type BuiltNFe } from './nfe-xml.ts';
import { signXml, type SigningCertificate } from './sign.ts';
import type { NFCeCsc, NFeIde, NFeInput } from './types.ts';
import { childElement, childElements, descendants, parseXml, textContent, attributeValue, type XmlElement } from './xml-parse.ts';

/** Written in xJust when the till gives none (15-256 characters). */
export const OFFLINE_NFCE_JUSTIFICATION = 'Sem conexao com a internet no caixa: NFC-e emitida em contingencia offline';

/** The ide fields the till fixes for each document; the rest comes with the sale. */
type Fixed = 'serie' | 'nNF' | 'dhEmi' | 'tpEmis' | 'dhCont' | 'xJust' | 'cNF' | 'mod';

/** What the point of sale sends the connector: the sale as an NFC-e, without the CSC. */
export interface OfflineNfceRequest {
  numero: number;
  serie: number;
  /** ISO date-time of Finalizar. */
  dhEmi: string;
  xJust?: string | null;
  nfe: Omit<NFeInput, 'ide' | 'csc'> & { ide: Omit<NFeIde, Fixed> };
}

export interface OfflineSigner {
  certificate: SigningCertificate;
  csc: NFCeCsc;
}

/** Builds, completes the QR code of and signs the contingency NFC-e. Pure CPU: no file, no network. */
export function emitOfflineNfce(request: OfflineNfceRequest, signer: OfflineSigner): BuiltNFe {
  const dhEmi = new Date(request.dhEmi);
  if (Number.isNaN(dhEmi.getTime())) throw new ValidationError('dhEmi inválida.', 'dhEmi');
  const input: NFeInput = {
    ...request.nfe,
    csc: signer.csc,
    ide: {
      ...request.nfe.ide, mod: 65, serie: request.serie, nNF: request.numero, dhEmi, tpEmis: 9, dhCont: dhEmi,
      xJust: request.xJust ?? OFFLINE_NFCE_JUSTIFICATION, cNF: null,
    },
  };
  const built = buildNFeXml(input);
  return { ...built, xml: signXml(built.xml, { tag: 'infNFe', certificate: signer.certificate }) };
}

/** What the server reads of a contingency NFC-e. */
export interface OfflineNfceReading {
  chave: string;
  mod: string;
  serie: number;
  numero: number;
  tpEmis: number;
  tpAmb: number;
  cNF: string;
  dhEmi: string;
  dhCont: string | null;
  xJust: string | null;
  cnpj: string;
  /** The recipient's CPF or CNPJ (dest), or null. */
  destinatario: string | null;
  qrCode: string | null;
  summary: NfceSummary;
  totals: { vBC: number; vICMS: number; vPIS: number; vCOFINS: number };
}

function need(parent: XmlElement | undefined, ...path: string[]): XmlElement {
  let el = parent;
  for (const name of path) el = el ? childElement(el, name) : undefined;
  if (!el) throw new ValidationError(`Elemento ${path.join('/')} ausente no XML.`, path.at(-1));
  return el;
}

const text = (parent: XmlElement, ...path: string[]) => textContent(need(parent, ...path)).trim();
const optionalText = (parent: XmlElement, name: string) => {
  const el = childElement(parent, name);
  return el ? textContent(el).trim() : null;
};

const destOf = (dest: XmlElement | undefined) => (dest ? (optionalText(dest, 'CPF') ?? optionalText(dest, 'CNPJ') ?? optionalText(dest, 'idEstrangeiro')) : null);

/** Reads a signed NFC-e (the NFe element); a malformed document is a ValidationError. */
export function readOfflineNfce(xml: string): OfflineNfceReading {
  let root: XmlElement;
  try {
    root = parseXml(xml).root;
  } catch (error) {
    throw new ValidationError(`XML malformado: ${(error as Error).message}`);
  }
  if (root.local !== 'NFe') throw new ValidationError('O documento não é uma NFe.');
  const inf = need(root, 'infNFe');
  const id = attributeValue(inf, 'Id') ?? '';
  if (!/^NFe\d{44}$/.test(id)) throw new ValidationError('Id da infNFe inválido.', 'Id');
  const ide = need(inf, 'ide');
  const items = childElements(inf).filter((e) => e.local === 'det').map((det) => {
    const prod = need(det, 'prod');
    const vDesc = optionalText(prod, 'vDesc');
    return {
      codigo: text(prod, 'cProd'), quantidade: quantityFromDecimal(text(prod, 'qCom')), valor_total: fromDecimal(text(prod, 'vProd')),
      valor_desconto: vDesc === null ? 0 : fromDecimal(vDesc),
    };
  });
  const tot = need(inf, 'total', 'ICMSTot');
  let qrCode: string | null = null;
  const supl = childElement(root, 'infNFeSupl');
  if (supl) qrCode = optionalText(supl, 'qrCode');
  const signed = [...descendants(root)].some((e) => e.local === 'Signature');
  if (!signed) throw new ValidationError('XML sem assinatura.');
  return {
    chave: id.slice(3), mod: text(ide, 'mod'), serie: Number(text(ide, 'serie')), numero: Number(text(ide, 'nNF')),
    tpEmis: Number(text(ide, 'tpEmis')), tpAmb: Number(text(ide, 'tpAmb')), cNF: text(ide, 'cNF'), dhEmi: text(ide, 'dhEmi'),
    dhCont: optionalText(ide, 'dhCont'), xJust: optionalText(ide, 'xJust'),
    cnpj: text(inf, 'emit', 'CNPJ'), qrCode,
    destinatario: destOf(childElement(inf, 'dest')),
    summary: {
      itens: items, valor_produtos: fromDecimal(text(tot, 'vProd')), valor_desconto: fromDecimal(text(tot, 'vDesc')),
      valor_total: fromDecimal(text(tot, 'vNF')),
    },
    totals: { vBC: fromDecimal(text(tot, 'vBC')), vICMS: fromDecimal(text(tot, 'vICMS')), vPIS: fromDecimal(text(tot, 'vPIS')), vCOFINS: fromDecimal(text(tot, 'vCOFINS')) },
  };
}
