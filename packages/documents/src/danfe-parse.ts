/**
 * Reads an authorised or pending NF-e / NFC-e (layout 4.00, namespace http://www.portalfiscal.inf.br/nfe; 3.10 reads
 * too) into what its DANFE prints. The root may be `<NFe>` or `<nfeProc>` (then the protocol is read as well).
 *
 * Field names are the layout's own. Amounts of two decimals become integer centavos (CONVENTIONS.md, Money);
 * quantities (4 decimals), unit values (up to 10), percentages and weights stay as the decimal text of the XML,
 * checked to be a decimal, because the DANFE prints them as they were written and nothing here computes with them.
 * An optional element that is absent reads as null (texts) or 0 (amounts of the totals, as the schema means it);
 * a value that is present but not a number is refused with the field's name.
 */
import { ValidationError } from '@pdv/domain/errors';
import { fromDecimal, type Cents } from '@pdv/domain/money';
import { at, child, childrenNamed, parseXml, textAt, xmlError, type XmlElement } from './danfe-xml.ts';

/** Decimal text as written in the XML ('12.8400000'), checked to be a plain decimal. */
export type DecimalText = string;

export interface DanfeAddress {
  xLgr: string | null;
  nro: string | null;
  xCpl: string | null;
  xBairro: string | null;
  cMun: string | null;
  xMun: string | null;
  UF: string | null;
  CEP: string | null;
  xPais: string | null;
  fone: string | null;
}

export interface DanfeIde {
  cUF: string;
  natOp: string;
  /** 55 NF-e, 65 NFC-e. */
  mod: string;
  serie: string;
  nNF: string;
  /** Emission date-time as written (with its UTC offset). */
  dhEmi: string;
  dhSaiEnt: string | null;
  /** 0 entrada, 1 saída. */
  tpNF: string;
  /** 1 normal; 9 offline NFC-e contingency; 2, 3, 4, 5, 6, 7 other contingencies. */
  tpEmis: string;
  /** 1 produção, 2 homologação. */
  tpAmb: string;
  finNFe: string | null;
  dhCont: string | null;
  xJust: string | null;
}

export interface DanfeEmit {
  CNPJ: string | null;
  CPF: string | null;
  xNome: string;
  xFant: string | null;
  IE: string | null;
  IEST: string | null;
  IM: string | null;
  CRT: string | null;
  enderEmit: DanfeAddress;
}

export interface DanfeDest {
  CNPJ: string | null;
  CPF: string | null;
  idEstrangeiro: string | null;
  xNome: string | null;
  enderDest: DanfeAddress | null;
  IE: string | null;
  email: string | null;
}

export interface DanfeItemIcms {
  orig: string | null;
  CST: string | null;
  CSOSN: string | null;
  vBC: Cents;
  pICMS: DecimalText | null;
  vICMS: Cents;
  vBCST: Cents;
  vICMSST: Cents;
}

export interface DanfeItemIpi {
  CST: string | null;
  pIPI: DecimalText | null;
  vIPI: Cents;
}

export interface DanfeItem {
  nItem: number;
  cProd: string;
  cEAN: string | null;
  xProd: string;
  NCM: string | null;
  CEST: string | null;
  CFOP: string | null;
  uCom: string;
  qCom: DecimalText;
  vUnCom: DecimalText;
  vProd: Cents;
  vDesc: Cents;
  icms: DanfeItemIcms | null;
  ipi: DanfeItemIpi | null;
  infAdProd: string | null;
}

export interface DanfeTotal {
  vBC: Cents;
  vICMS: Cents;
  vBCST: Cents;
  vST: Cents;
  vProd: Cents;
  vFrete: Cents;
  vSeg: Cents;
  vDesc: Cents;
  vII: Cents;
  vIPI: Cents;
  vPIS: Cents;
  vCOFINS: Cents;
  vOutro: Cents;
  vNF: Cents;
  /** Lei 12.741/2012 approximate taxes; null when the note does not say. */
  vTotTrib: Cents | null;
  /** The tax reform's IBS/CBS totals (IBSCBSTot), null when the note has none (Simples Nacional until 2027). */
  ibscbs: DanfeIbsCbs | null;
}

export interface DanfeIbsCbs {
  vBC: Cents;
  vIBSUF: Cents;
  vIBSMun: Cents;
  vIBS: Cents;
  vCBS: Cents;
}

function ibsCbsTotal(tot: XmlElement | undefined): DanfeIbsCbs | null {
  if (!tot) return null;
  const gIBS = child(tot, 'gIBS');
  return {
    vBC: money(tot, 'vBCIBSCBS', true), vIBSUF: money(at(gIBS, 'gIBSUF'), 'vIBSUF'), vIBSMun: money(at(gIBS, 'gIBSMun'), 'vIBSMun'),
    vIBS: money(gIBS, 'vIBS'), vCBS: money(child(tot, 'gCBS'), 'vCBS'),
  };
}

export interface DanfeCard {
  tpIntegra: string | null;
  CNPJ: string | null;
  /** Card brand code (001 §9: 01 visa, 02 mastercard, ...). */
  tBand: string | null;
  cAut: string | null;
}

export interface DanfePayment {
  indPag: string | null;
  tPag: string;
  xPag: string | null;
  vPag: Cents;
  card: DanfeCard | null;
}

export interface DanfeTransporter {
  CNPJ: string | null;
  CPF: string | null;
  xNome: string | null;
  IE: string | null;
  xEnder: string | null;
  xMun: string | null;
  UF: string | null;
}

export interface DanfeVolume {
  qVol: string | null;
  esp: string | null;
  marca: string | null;
  nVol: string | null;
  pesoL: DecimalText | null;
  pesoB: DecimalText | null;
}

export interface DanfeTransp {
  /** 0 emitente (CIF), 1 destinatário (FOB), 2 terceiros, 3 próprio remetente, 4 próprio destinatário, 9 sem frete. */
  modFrete: string;
  transporta: DanfeTransporter | null;
  veicTransp: { placa: string; UF: string | null; RNTC: string | null } | null;
  vol: DanfeVolume[];
}

export interface DanfeCobr {
  fat: { nFat: string | null; vOrig: Cents; vDesc: Cents; vLiq: Cents } | null;
  dup: { nDup: string | null; dVenc: string | null; vDup: Cents }[];
}

export interface DanfeProtocol {
  nProt: string | null;
  dhRecbto: string | null;
  cStat: string | null;
  xMotivo: string | null;
}

export interface DanfeData {
  /** The 44-character access key (infNFe Id without its "NFe" prefix). */
  chave: string;
  versao: string | null;
  ide: DanfeIde;
  emit: DanfeEmit;
  dest: DanfeDest | null;
  itens: DanfeItem[];
  total: DanfeTotal;
  transp: DanfeTransp;
  cobr: DanfeCobr | null;
  pag: { detPag: DanfePayment[]; vTroco: Cents };
  infAdic: { infAdFisco: string | null; infCpl: string | null };
  /** NFC-e (infNFeSupl). */
  qrCode: string | null;
  urlChave: string | null;
  /** From protNFe when the document is an nfeProc. */
  protocolo: DanfeProtocol | null;
}

const KEY = /^[0-9A-Z]{44}$/;
const DECIMAL = /^-?\d+(?:\.\d+)?$/;

function required(element: XmlElement | undefined, path: string[]): string {
  const value = textAt(element, ...path);
  if (value === undefined) throw xmlError(`campo obrigatório ${path.join('/')} ausente`);
  return value;
}

function optional(element: XmlElement | undefined, ...path: string[]): string | null {
  return textAt(element, ...path) ?? null;
}

/** An amount of 2 decimals in centavos; absent reads as 0 unless `mandatory`. */
function money(element: XmlElement | undefined, name: string, mandatory = false): Cents {
  const value = textAt(element, name);
  if (value === undefined) {
    if (mandatory) throw xmlError(`campo obrigatório ${name} ausente`);
    return 0;
  }
  if (!DECIMAL.test(value)) throw xmlError(`${name} "${value}" não é um valor`);
  return fromDecimal(value);
}

function decimal(element: XmlElement | undefined, name: string, mandatory: true): DecimalText;
function decimal(element: XmlElement | undefined, name: string, mandatory?: false): DecimalText | null;
function decimal(element: XmlElement | undefined, name: string, mandatory = false): DecimalText | null {
  const value = textAt(element, name);
  if (value === undefined) {
    if (mandatory) throw xmlError(`campo obrigatório ${name} ausente`);
    return null;
  }
  if (!DECIMAL.test(value)) throw xmlError(`${name} "${value}" não é um número`);
  return value;
}

function address(element: XmlElement | undefined): DanfeAddress {
  const field = (name: string) => optional(element, name);
  return {
    xLgr: field('xLgr'),
    nro: field('nro'),
    xCpl: field('xCpl'),
    xBairro: field('xBairro'),
    cMun: field('cMun'),
    xMun: field('xMun'),
    UF: field('UF'),
    CEP: field('CEP'),
    xPais: field('xPais'),
    fone: field('fone'),
  };
}

/** The one child of a choice group (ICMS00, ICMSSN102, IPITrib, ...). */
function choice(group: XmlElement | undefined): XmlElement | undefined {
  return group?.children[0];
}

function item(det: XmlElement): DanfeItem {
  const prod = child(det, 'prod');
  const imposto = child(det, 'imposto');
  const icms = choice(child(imposto, 'ICMS'));
  const ipiGroup = child(imposto, 'IPI');
  const ipi = ipiGroup?.children.find((c) => c.name === 'IPITrib' || c.name === 'IPINT');
  const nItem = Number(det.attributes.nItem);
  return {
    nItem: Number.isInteger(nItem) ? nItem : 0,
    cProd: required(prod, ['cProd']),
    cEAN: optional(prod, 'cEAN'),
    xProd: required(prod, ['xProd']),
    NCM: optional(prod, 'NCM'),
    CEST: optional(prod, 'CEST'),
    CFOP: optional(prod, 'CFOP'),
    uCom: required(prod, ['uCom']),
    qCom: decimal(prod, 'qCom', true),
    vUnCom: decimal(prod, 'vUnCom', true),
    vProd: money(prod, 'vProd', true),
    vDesc: money(prod, 'vDesc'),
    icms: icms
      ? {
          orig: optional(icms, 'orig'),
          CST: optional(icms, 'CST'),
          CSOSN: optional(icms, 'CSOSN'),
          vBC: money(icms, 'vBC'),
          pICMS: decimal(icms, 'pICMS'),
          vICMS: money(icms, 'vICMS'),
          vBCST: money(icms, 'vBCST'),
          vICMSST: money(icms, 'vICMSST'),
        }
      : null,
    ipi: ipi ? { CST: optional(ipi, 'CST'), pIPI: decimal(ipi, 'pIPI'), vIPI: money(ipi, 'vIPI') } : null,
    infAdProd: optional(det, 'infAdProd'),
  };
}

function total(icmsTot: XmlElement | undefined, ibscbsTot: XmlElement | undefined): DanfeTotal {
  if (!icmsTot) throw xmlError('grupo total/ICMSTot ausente');
  const m = (name: string) => money(icmsTot, name);
  return {
    vBC: m('vBC'),
    vICMS: m('vICMS'),
    vBCST: m('vBCST'),
    vST: m('vST'),
    vProd: money(icmsTot, 'vProd', true),
    vFrete: m('vFrete'),
    vSeg: m('vSeg'),
    vDesc: m('vDesc'),
    vII: m('vII'),
    vIPI: m('vIPI'),
    vPIS: m('vPIS'),
    vCOFINS: m('vCOFINS'),
    vOutro: m('vOutro'),
    vNF: money(icmsTot, 'vNF', true),
    vTotTrib: textAt(icmsTot, 'vTotTrib') === undefined ? null : m('vTotTrib'),
    ibscbs: ibsCbsTotal(ibscbsTot),
  };
}

function payment(detPag: XmlElement): DanfePayment {
  const card = child(detPag, 'card');
  return {
    indPag: optional(detPag, 'indPag'),
    tPag: required(detPag, ['tPag']),
    xPag: optional(detPag, 'xPag'),
    vPag: money(detPag, 'vPag', true),
    card: card
      ? {
          tpIntegra: optional(card, 'tpIntegra'),
          CNPJ: optional(card, 'CNPJ'),
          tBand: optional(card, 'tBand'),
          cAut: optional(card, 'cAut'),
        }
      : null,
  };
}

function transp(element: XmlElement | undefined): DanfeTransp {
  const transporta = child(element, 'transporta');
  const veic = child(element, 'veicTransp');
  const placa = optional(veic, 'placa');
  return {
    modFrete: optional(element, 'modFrete') ?? '9',
    transporta: transporta
      ? {
          CNPJ: optional(transporta, 'CNPJ'),
          CPF: optional(transporta, 'CPF'),
          xNome: optional(transporta, 'xNome'),
          IE: optional(transporta, 'IE'),
          xEnder: optional(transporta, 'xEnder'),
          xMun: optional(transporta, 'xMun'),
          UF: optional(transporta, 'UF'),
        }
      : null,
    veicTransp: placa ? { placa, UF: optional(veic, 'UF'), RNTC: optional(veic, 'RNTC') } : null,
    vol: childrenNamed(element, 'vol').map((vol) => ({
      qVol: optional(vol, 'qVol'),
      esp: optional(vol, 'esp'),
      marca: optional(vol, 'marca'),
      nVol: optional(vol, 'nVol'),
      pesoL: decimal(vol, 'pesoL'),
      pesoB: decimal(vol, 'pesoB'),
    })),
  };
}

function cobr(element: XmlElement | undefined): DanfeCobr | null {
  if (!element) return null;
  const fat = child(element, 'fat');
  return {
    fat: fat
      ? {
          nFat: optional(fat, 'nFat'),
          vOrig: money(fat, 'vOrig'),
          vDesc: money(fat, 'vDesc'),
          vLiq: money(fat, 'vLiq'),
        }
      : null,
    dup: childrenNamed(element, 'dup').map((dup) => ({
      nDup: optional(dup, 'nDup'),
      dVenc: optional(dup, 'dVenc'),
      vDup: money(dup, 'vDup', true),
    })),
  };
}

/** Reads an `<NFe>` or `<nfeProc>` document. Throws ValidationError (field 'xml') naming what is wrong. */
export function parseNFe(xml: string): DanfeData {
  const root = parseXml(xml);
  const nfe = root.name === 'nfeProc' ? child(root, 'NFe') : root.name === 'NFe' ? root : undefined;
  if (!nfe) throw xmlError(`raiz <${root.name}> não é NFe nem nfeProc`);
  const inf = child(nfe, 'infNFe');
  if (!inf) throw xmlError('grupo infNFe ausente');
  const chave = (inf.attributes.Id ?? '').replace(/^NFe/, '');
  if (!KEY.test(chave)) {
    throw new ValidationError(`Chave de acesso inválida no Id de infNFe: "${inf.attributes.Id ?? ''}"`, 'xml');
  }
  const ide = child(inf, 'ide');
  const emit = child(inf, 'emit');
  const dest = child(inf, 'dest');
  const pag = child(inf, 'pag');
  // Layout 4.00 lists detPag inside pag; 3.10 repeated pag with tPag/vPag directly inside.
  const detPag = pag && child(pag, 'detPag') ? childrenNamed(pag, 'detPag') : childrenNamed(inf, 'pag');
  const infProt = at(root, 'protNFe', 'infProt');
  const itens = childrenNamed(inf, 'det').map(item);
  if (itens.length === 0) throw xmlError('nenhum item (det)');
  return {
    chave,
    versao: inf.attributes.versao ?? null,
    ide: {
      cUF: required(ide, ['cUF']),
      natOp: required(ide, ['natOp']),
      mod: required(ide, ['mod']),
      serie: required(ide, ['serie']),
      nNF: required(ide, ['nNF']),
      dhEmi: required(ide, ['dhEmi']),
      dhSaiEnt: optional(ide, 'dhSaiEnt'),
      tpNF: required(ide, ['tpNF']),
      tpEmis: required(ide, ['tpEmis']),
      tpAmb: required(ide, ['tpAmb']),
      finNFe: optional(ide, 'finNFe'),
      dhCont: optional(ide, 'dhCont'),
      xJust: optional(ide, 'xJust'),
    },
    emit: {
      CNPJ: optional(emit, 'CNPJ'),
      CPF: optional(emit, 'CPF'),
      xNome: required(emit, ['xNome']),
      xFant: optional(emit, 'xFant'),
      IE: optional(emit, 'IE'),
      IEST: optional(emit, 'IEST'),
      IM: optional(emit, 'IM'),
      CRT: optional(emit, 'CRT'),
      enderEmit: address(child(emit, 'enderEmit')),
    },
    dest: dest
      ? {
          CNPJ: optional(dest, 'CNPJ'),
          CPF: optional(dest, 'CPF'),
          idEstrangeiro: optional(dest, 'idEstrangeiro'),
          xNome: optional(dest, 'xNome'),
          enderDest: child(dest, 'enderDest') ? address(child(dest, 'enderDest')) : null,
          IE: optional(dest, 'IE'),
          email: optional(dest, 'email'),
        }
      : null,
    itens,
    total: total(at(inf, 'total', 'ICMSTot'), at(inf, 'total', 'IBSCBSTot')),
    transp: transp(child(inf, 'transp')),
    cobr: cobr(child(inf, 'cobr')),
    pag: { detPag: detPag.map(payment), vTroco: money(pag, 'vTroco') },
    infAdic: { infAdFisco: optional(inf, 'infAdic', 'infAdFisco'), infCpl: optional(inf, 'infAdic', 'infCpl') },
    qrCode: optional(nfe, 'infNFeSupl', 'qrCode'),
    urlChave: optional(nfe, 'infNFeSupl', 'urlChave'),
    protocolo: infProt
      ? {
          nProt: optional(infProt, 'nProt'),
          dhRecbto: optional(infProt, 'dhRecbto'),
          cStat: optional(infProt, 'cStat'),
          xMotivo: optional(infProt, 'xMotivo'),
        }
      : null,
  };
}
