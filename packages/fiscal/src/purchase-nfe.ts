/**
 * Reads a supplier's NF-e (model 55, layout 4.00) for the purchase import (issue 32): the emitter, the recipient, the
 * items with the amounts the net-cost rule needs (packages/domain purchase-import.ts) and the duplicates (cobr/dup).
 * Accepts the authorized file (nfeProc, with protNFe) or the bare NFe. `checkPurchaseNFe` adds the official schema
 * (nfe_v4.00.xsd on the NFe element) before anything is read: what the import stores has passed the same schema the
 * emitter's SEFAZ checked. The signature is not verified here (the supplier's certificate chain is not ours to trust;
 * the access key's check digit and the authorization protocol are what we check).
 */
import { fromDecimal, quantityFromDecimal, type Cents, type Milli } from '@pdv/domain/money';
import type { EntryLineAmounts } from '@pdv/domain/purchase-import';
import { isValidAccessKey } from './access-key.ts';
import { validateXml } from './validate.ts';
import { childElement, childElements, parseXml, textContent, XmlParseError, type XmlElement } from './xml-parse.ts';

export interface PurchaseParty {
  cnpj: string | null;
  cpf: string | null;
  nome: string;
  fantasia: string | null;
  ie: string | null;
  crt: number | null;
  endereco: { logradouro: string; numero: string; complemento: string | null; bairro: string; codigo_municipio: string; municipio: string; uf: string; cep: string | null } | null;
}

export interface PurchaseItem {
  nItem: number;
  cProd: string;
  /** GTIN of the commercial unit, null for 'SEM GTIN' or absent. */
  cEAN: string | null;
  xProd: string;
  NCM: string;
  CFOP: string;
  uCom: string;
  qCom: Milli;
  /** Commercial unit price with up to 10 decimals in the XML; kept as text, only shown. */
  vUnCom: string;
  amounts: EntryLineAmounts;
}

export interface PurchaseDuplicate {
  nDup: string;
  dVenc: string;
  vDup: Cents;
}

export interface PurchaseNFe {
  chave: string;
  modelo: string;
  serie: string;
  numero: string;
  tpNF: number;
  tpAmb: number;
  dhEmi: string;
  natOp: string;
  emitente: PurchaseParty;
  destinatario: PurchaseParty | null;
  itens: PurchaseItem[];
  duplicatas: PurchaseDuplicate[];
  vNF: Cents;
  vProd: Cents;
  protocolo: string | null;
  /** The NFe element as it came (what the schema checked and what is stored). */
  nfeXml: string;
}

export class PurchaseNFeError extends Error {
  constructor(
    message: string,
    readonly kind: 'xml' | 'notNFe' | 'key' | 'schema',
  ) {
    super(message);
  }
}

const text = (el: XmlElement | undefined, local: string): string | null => {
  const c = el && childElement(el, local);
  return c ? textContent(c).trim() : null;
};
const req = (el: XmlElement | undefined, local: string): string => text(el, local) ?? '';
const money = (el: XmlElement | undefined, local: string): Cents => {
  const v = text(el, local);
  return v ? fromDecimal(v) : 0;
};
/** The first element of a tax group whatever its variant (ICMS00, ICMS10, ..., ICMSSN102, PISAliq, ...). */
const variant = (group: XmlElement | undefined): XmlElement | undefined => (group ? childElements(group)[0] : undefined);

function party(el: XmlElement | undefined, addressTag: string): PurchaseParty | null {
  if (!el) return null;
  const a = childElement(el, addressTag);
  const crt = text(el, 'CRT');
  return {
    cnpj: text(el, 'CNPJ'), cpf: text(el, 'CPF'), nome: req(el, 'xNome'), fantasia: text(el, 'xFant'), ie: text(el, 'IE'),
    crt: crt ? Number(crt) : null,
    endereco: a ? {
      logradouro: req(a, 'xLgr'), numero: req(a, 'nro'), complemento: text(a, 'xCpl'), bairro: req(a, 'xBairro'),
      codigo_municipio: req(a, 'cMun'), municipio: req(a, 'xMun'), uf: req(a, 'UF'), cep: text(a, 'CEP'),
    } : null,
  };
}

function item(det: XmlElement): PurchaseItem {
  const prod = childElement(det, 'prod');
  const imposto = childElement(det, 'imposto');
  const icms = variant(imposto && childElement(imposto, 'ICMS'));
  const ipi = imposto && childElement(imposto, 'IPI');
  const ipiTrib = ipi && childElement(ipi, 'IPITrib');
  const pis = variant(imposto && childElement(imposto, 'PIS'));
  const cofins = variant(imposto && childElement(imposto, 'COFINS'));
  const ean = text(prod, 'cEAN');
  return {
    nItem: Number(det.attributes.find((a) => a.name === 'nItem')?.value ?? 0),
    cProd: req(prod, 'cProd'),
    cEAN: ean && /^[0-9]{8,14}$/.test(ean) ? ean : null,
    xProd: req(prod, 'xProd'),
    NCM: req(prod, 'NCM'),
    CFOP: req(prod, 'CFOP'),
    uCom: req(prod, 'uCom'),
    qCom: quantityFromDecimal(Number(req(prod, 'qCom')).toFixed(3)),
    vUnCom: req(prod, 'vUnCom'),
    amounts: {
      vProd: money(prod, 'vProd'), vDesc: money(prod, 'vDesc'), vFrete: money(prod, 'vFrete'), vSeg: money(prod, 'vSeg'),
      vOutro: money(prod, 'vOutro'), vIPI: money(ipiTrib, 'vIPI'), vICMS: money(icms, 'vICMS'), vFCP: money(icms, 'vFCP'),
      vICMSST: money(icms, 'vICMSST'), vFCPST: money(icms, 'vFCPST'), vPIS: money(pis, 'vPIS'), vCOFINS: money(cofins, 'vCOFINS'),
    },
  };
}

/** Reads the NF-e; throws PurchaseNFeError (pt-BR message) when it is not a well-formed NF-e 4.00 of model 55. */
export function parsePurchaseNFe(xml: string): PurchaseNFe {
  const src = xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml;
  let root: XmlElement;
  try {
    root = parseXml(src).root;
  } catch (e) {
    if (e instanceof XmlParseError) throw new PurchaseNFeError(e.message, 'xml');
    throw e;
  }
  const nfe = root.local === 'NFe' ? root : root.local === 'nfeProc' ? childElement(root, 'NFe') : undefined;
  const inf = nfe && childElement(nfe, 'infNFe');
  const ide = inf && childElement(inf, 'ide');
  if (!nfe || !inf || !ide || inf.attributes.find((a) => a.name === 'versao')?.value !== '4.00' || text(ide, 'mod') !== '55') {
    throw new PurchaseNFeError('NF-e modelo 55 4.00 esperada', 'notNFe');
  }
  const chave = (inf.attributes.find((a) => a.name === 'Id')?.value ?? '').replace(/^NFe/, '');
  if (!isValidAccessKey(chave)) throw new PurchaseNFeError('chave de acesso inválida', 'key');
  const total = childElement(inf, 'total');
  const icmsTot = total && childElement(total, 'ICMSTot');
  const cobr = childElement(inf, 'cobr');
  const prot = root.local === 'nfeProc' ? childElement(root, 'protNFe') : undefined;
  const infProt = prot && childElement(prot, 'infProt');
  return {
    chave, modelo: '55', serie: req(ide, 'serie'), numero: req(ide, 'nNF'), tpNF: Number(req(ide, 'tpNF')), tpAmb: Number(req(ide, 'tpAmb')),
    dhEmi: req(ide, 'dhEmi'), natOp: req(ide, 'natOp'),
    emitente: party(childElement(inf, 'emit'), 'enderEmit') as PurchaseParty,
    destinatario: party(childElement(inf, 'dest'), 'enderDest'),
    itens: childElements(inf).filter((e) => e.local === 'det').map(item),
    duplicatas: cobr ? childElements(cobr).filter((e) => e.local === 'dup').map((d) => ({ nDup: req(d, 'nDup'), dVenc: req(d, 'dVenc'), vDup: money(d, 'vDup') })) : [],
    vNF: money(icmsTot, 'vNF'),
    vProd: money(icmsTot, 'vProd'),
    protocolo: text(infProt, 'nProt'),
    nfeXml: src.slice(nfe.start, nfe.end),
  };
}

/** Parses and checks the NFe element against nfe_v4.00.xsd; the schema's first faults become the message. */
export async function checkPurchaseNFe(xml: string): Promise<PurchaseNFe> {
  const parsed = parsePurchaseNFe(xml);
  const nfe = parsed.nfeXml.startsWith('<NFe xmlns') ? parsed.nfeXml : parsed.nfeXml.replace(/^<NFe\b/, '<NFe xmlns="http://www.portalfiscal.inf.br/nfe"');
  const result = await validateXml(nfe, 'nfe');
  if (!result.valid) throw new PurchaseNFeError(result.errors.slice(0, 3).map((e) => e.message).join(' '), 'schema');
  return parsed;
}
