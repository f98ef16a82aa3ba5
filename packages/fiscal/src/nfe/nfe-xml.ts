/**
 * NF-e (55) and NFC-e (65) XML, layout 4.00 (PL_010), from a typed input. Money is integer centavos, quantities
 * thousandths, rates basis points. Item values are rounded once per item and the totals are the sums of the rounded
 * item values (never taken from outside), which is how SEFAZ checks them (rejections 531-535, 564, 610).
 */
import { isValidGtin } from '@pdv/domain/gtin';
import { buildAccessKey, randomCNF } from './access-key.ts';
import { cleanText, el, money, quantity, rate, txt } from './xml-writer.ts';

export const NFE_NAMESPACE = 'http://www.portalfiscal.inf.br/nfe';
export const HOMOLOGATION_ITEM = 'NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';

export interface Address {
  xLgr: string;
  nro: string;
  xCpl?: string | null;
  xBairro: string;
  /** IBGE municipality code, 7 digits. */
  cMun: string;
  xMun: string;
  UF: string;
  CEP?: string | null;
  fone?: string | null;
}

export interface Emitter {
  CNPJ: string;
  xNome: string;
  xFant?: string | null;
  ender: Address;
  IE: string;
  /** 1 Simples Nacional, 2 Simples over the limit, 3 normal regime, 4 MEI. */
  CRT: 1 | 2 | 3 | 4;
}

export interface Recipient {
  CPF?: string | null;
  CNPJ?: string | null;
  xNome?: string | null;
  ender?: Address | null;
  /** 1 contributor, 2 exempt, 9 non-contributor. */
  indIEDest: 1 | 2 | 9;
  IE?: string | null;
  email?: string | null;
}

export interface ItemTaxes {
  /** CST (normal regime) or CSOSN (Simples Nacional). */
  icms: { CST?: string | null; CSOSN?: string | null; pICMS: number };
  pis: { CST: string; pPIS: number };
  cofins: { CST: string; pCOFINS: number };
}

export interface NFeItem {
  cProd: string;
  /** A barcode; written only when it is a valid GTIN, else "SEM GTIN". */
  cEAN?: string | null;
  xProd: string;
  NCM: string;
  CEST?: string | null;
  CFOP: string;
  uCom: string;
  /** Thousandths. */
  qCom: number;
  /** Centavos. */
  vUnCom: number;
  vDesc: number;
  vFrete?: number;
  vSeg?: number;
  vOutro?: number;
  orig: number;
  taxes: ItemTaxes;
  infAdProd?: string | null;
}

export interface NFePayment {
  /** 01 dinheiro, 03 crédito, 04 débito, 05 crédito loja, 15 boleto, 17 PIX, 99 outros... */
  tPag: string;
  xPag?: string | null;
  vPag: number;
  /** 0 à vista, 1 a prazo. */
  indPag?: 0 | 1;
  card?: { tpIntegra: 1 | 2; CNPJ?: string | null; tBand?: string | null; cAut?: string | null } | null;
}

export interface NFeVolume {
  qVol: number;
  esp?: string | null;
  marca?: string | null;
  nVol?: string | null;
  /** Thousandths of a kilogram. */
  pesoL: number;
  pesoB: number;
}

export interface NFeInput {
  mod: '55' | '65';
  /** IBGE code of the emitter's state (35 SP). */
  cUF: string;
  natOp: string;
  serie: number;
  nNF: number;
  /** Emission time; written in the emitter's offset. */
  dhEmi: Date;
  /** Offset of the emitter's local time in hours (-3 Brasília). */
  offsetHours?: number;
  tpNF: 0 | 1;
  tpEmis: 1 | 9;
  tpAmb: 1 | 2;
  finNFe: 1 | 2 | 3 | 4;
  indFinal: 0 | 1;
  indPres: 0 | 1 | 2 | 3 | 4 | 5 | 9;
  /** Required with tpEmis 9. */
  dhCont?: Date | null;
  xJust?: string | null;
  /** cNF: random (per the rules) when not given. A contingency copy keeps the first one's. */
  cNF?: string | null;
  refNFe?: string[];
  emit: Emitter;
  dest?: Recipient | null;
  items: NFeItem[];
  /** 0 emitter, 1 recipient, 2 third party, 3 own by sender, 4 own by recipient, 9 none. */
  modFrete: 0 | 1 | 2 | 3 | 4 | 9;
  volumes?: NFeVolume[];
  payments: NFePayment[];
  vTroco?: number;
  infCpl?: string | null;
  verProc?: string;
}

export interface NFeTotals {
  vBC: number;
  vICMS: number;
  vProd: number;
  vFrete: number;
  vSeg: number;
  vDesc: number;
  vOutro: number;
  vPIS: number;
  vCOFINS: number;
  vNF: number;
}

export interface BuiltNFe {
  /** `<NFe xmlns=...><infNFe ...>...</infNFe></NFe>`, unsigned. */
  xml: string;
  chave: string;
  cNF: string;
  dhEmi: string;
  totals: NFeTotals;
}

/** "2026-11-21T10:15:00-03:00" in the given offset. */
export function dateTimeTz(date: Date, offsetHours = -3): string {
  const local = new Date(date.getTime() + offsetHours * 3600_000);
  const iso = local.toISOString().slice(0, 19);
  const sign = offsetHours < 0 ? '-' : '+';
  return `${iso}${sign}${String(Math.abs(offsetHours)).padStart(2, '0')}:00`;
}

const pct = (value: number, basisPoints: number) => Math.round((value * basisPoints) / 10_000);

interface ItemValues {
  vProd: number;
  vBC: number;
  vICMS: number;
  vPIS: number;
  vCOFINS: number;
}

function itemValues(item: NFeItem): ItemValues {
  const vProd = Math.round((item.qCom * item.vUnCom) / 1000);
  const base = vProd - item.vDesc + (item.vFrete ?? 0) + (item.vSeg ?? 0) + (item.vOutro ?? 0);
  const taxedIcms = ['00', '20'].includes(item.taxes.icms.CST ?? '');
  const vBC = taxedIcms ? base : 0;
  const pisTaxed = ['01', '02'].includes(item.taxes.pis.CST);
  const cofinsTaxed = ['01', '02'].includes(item.taxes.cofins.CST);
  return {
    vProd,
    vBC,
    vICMS: taxedIcms ? pct(vBC, item.taxes.icms.pICMS) : 0,
    vPIS: pisTaxed ? pct(base, item.taxes.pis.pPIS) : 0,
    vCOFINS: cofinsTaxed ? pct(base, item.taxes.cofins.pCOFINS) : 0,
  };
}

function icmsXml(item: NFeItem, v: ItemValues): string {
  const { CST, CSOSN } = item.taxes.icms;
  const orig = txt('orig', item.orig);
  if (CSOSN) {
    if (['102', '103', '300', '400'].includes(CSOSN)) return el('ICMS', el('ICMSSN102', [orig, txt('CSOSN', CSOSN)]));
    if (CSOSN === '101') {
      return el('ICMS', el('ICMSSN101', [orig, txt('CSOSN', CSOSN), txt('pCredSN', rate(item.taxes.icms.pICMS)),
        txt('vCredICMSSN', money(pct(v.vProd - item.vDesc, item.taxes.icms.pICMS)))]));
    }
    if (CSOSN === '500') return el('ICMS', el('ICMSSN500', [orig, txt('CSOSN', CSOSN)]));
    if (CSOSN === '900') return el('ICMS', el('ICMSSN900', [orig, txt('CSOSN', CSOSN)]));
    throw new Error(`CSOSN não suportado: ${CSOSN}`);
  }
  switch (CST) {
    case '00':
      return el('ICMS', el('ICMS00', [orig, txt('CST', CST), txt('modBC', 3), txt('vBC', money(v.vBC)),
        txt('pICMS', rate(item.taxes.icms.pICMS)), txt('vICMS', money(v.vICMS))]));
    case '40':
    case '41':
    case '50':
      return el('ICMS', el('ICMS40', [orig, txt('CST', CST)]));
    case '60':
      return el('ICMS', el('ICMS60', [orig, txt('CST', CST)]));
    default:
      throw new Error(`CST de ICMS não suportado: ${CST ?? '(vazio)'}`);
  }
}

function pisCofinsXml(kind: 'PIS' | 'COFINS', cst: string, rateBp: number, base: number, value: number): string {
  if (['01', '02'].includes(cst)) {
    return el(kind, el(`${kind}Aliq`, [txt('CST', cst), txt('vBC', money(base)), txt(`p${kind}`, rate(rateBp)), txt(`v${kind}`, money(value))]));
  }
  if (['04', '05', '06', '07', '08', '09'].includes(cst)) return el(kind, el(`${kind}NT`, txt('CST', cst)));
  return el(kind, el(`${kind}Outr`, [txt('CST', cst), txt('vBC', money(0)), txt(`p${kind}`, rate(0)), txt(`v${kind}`, money(0))]));
}

function addressXml(tag: string, a: Address): string {
  return el(tag, [txt('xLgr', a.xLgr), txt('nro', a.nro), txt('xCpl', a.xCpl), txt('xBairro', a.xBairro), txt('cMun', a.cMun),
    txt('xMun', a.xMun), txt('UF', a.UF), txt('CEP', a.CEP?.replace(/\D/g, '')), txt('cPais', 1058), txt('xPais', 'BRASIL'),
    txt('fone', a.fone?.replace(/\D/g, ''))]);
}

export function buildNFeXml(input: NFeInput): BuiltNFe {
  if (input.items.length === 0) throw new Error('A nota fiscal precisa de ao menos um item.');
  if (input.tpEmis === 9 && (!input.dhCont || !input.xJust)) throw new Error('Contingência exige dhCont e xJust.');
  const offset = input.offsetHours ?? -3;
  const cNF = input.cNF ?? randomCNF(input.nNF);
  const local = new Date(input.dhEmi.getTime() + offset * 3600_000);
  const aamm = `${String(local.getUTCFullYear() % 100).padStart(2, '0')}${String(local.getUTCMonth() + 1).padStart(2, '0')}`;
  const chave = buildAccessKey({ cUF: input.cUF, aamm, cnpj: input.emit.CNPJ, mod: input.mod, serie: input.serie, nNF: input.nNF,
    tpEmis: input.tpEmis, cNF });
  const dhEmi = dateTimeTz(input.dhEmi, offset);
  const destUf = input.dest?.ender?.UF;
  const idDest = destUf && destUf !== input.emit.ender.UF ? 2 : 1;

  const ide = el('ide', [
    txt('cUF', input.cUF), txt('cNF', cNF), txt('natOp', input.natOp), txt('mod', input.mod), txt('serie', input.serie),
    txt('nNF', input.nNF), txt('dhEmi', dhEmi), input.mod === '55' ? txt('dhSaiEnt', dhEmi) : null, txt('tpNF', input.tpNF),
    txt('idDest', idDest), txt('cMunFG', input.emit.ender.cMun), txt('tpImp', input.mod === '65' ? 4 : 1), txt('tpEmis', input.tpEmis),
    txt('cDV', chave.slice(43)), txt('tpAmb', input.tpAmb), txt('finNFe', input.finNFe), txt('indFinal', input.indFinal),
    txt('indPres', input.indPres), input.indPres === 2 || input.indPres === 3 || input.indPres === 4 || input.indPres === 9 ? txt('indIntermed', 0) : null,
    txt('procEmi', 0), txt('verProc', input.verProc ?? 'pdv-erp 0.1'),
    input.tpEmis === 9 ? txt('dhCont', dateTimeTz(input.dhCont!, offset)) : null,
    input.tpEmis === 9 ? txt('xJust', input.xJust) : null,
    ...(input.refNFe ?? []).map((k) => el('NFref', txt('refNFe', k))),
  ]);

  const e = input.emit;
  const emit = el('emit', [txt('CNPJ', e.CNPJ), txt('xNome', e.xNome), txt('xFant', e.xFant), addressXml('enderEmit', e.ender),
    txt('IE', e.IE.replace(/\D/g, '')), txt('CRT', e.CRT)]);

  let dest: string | null = null;
  if (input.dest && (input.dest.CPF || input.dest.CNPJ)) {
    const d = input.dest;
    const name = input.tpAmb === 2 && input.mod === '55' ? 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL' : d.xNome;
    dest = el('dest', [d.CNPJ ? txt('CNPJ', d.CNPJ) : txt('CPF', d.CPF), txt('xNome', name),
      d.ender ? addressXml('enderDest', d.ender) : null, txt('indIEDest', d.indIEDest), d.indIEDest === 1 ? txt('IE', d.IE) : null,
      txt('email', d.email)]);
  }

  const totals: NFeTotals = { vBC: 0, vICMS: 0, vProd: 0, vFrete: 0, vSeg: 0, vDesc: 0, vOutro: 0, vPIS: 0, vCOFINS: 0, vNF: 0 };
  const det = input.items.map((item, index) => {
    const v = itemValues(item);
    totals.vBC += v.vBC;
    totals.vICMS += v.vICMS;
    totals.vProd += v.vProd;
    totals.vFrete += item.vFrete ?? 0;
    totals.vSeg += item.vSeg ?? 0;
    totals.vDesc += item.vDesc;
    totals.vOutro += item.vOutro ?? 0;
    totals.vPIS += v.vPIS;
    totals.vCOFINS += v.vCOFINS;
    const gtin = item.cEAN && isValidGtin(item.cEAN) ? item.cEAN : 'SEM GTIN';
    const xProd = input.mod === '65' && input.tpAmb === 2 && index === 0 ? HOMOLOGATION_ITEM : cleanText(item.xProd).slice(0, 120);
    const prod = el('prod', [
      txt('cProd', item.cProd.slice(0, 60)), txt('cEAN', gtin), txt('xProd', xProd), txt('NCM', item.NCM), txt('CEST', item.CEST),
      txt('CFOP', item.CFOP), txt('uCom', item.uCom.slice(0, 6)), txt('qCom', quantity(item.qCom)), txt('vUnCom', money(item.vUnCom)),
      txt('vProd', money(v.vProd)), txt('cEANTrib', gtin), txt('uTrib', item.uCom.slice(0, 6)), txt('qTrib', quantity(item.qCom)),
      txt('vUnTrib', money(item.vUnCom)), item.vFrete ? txt('vFrete', money(item.vFrete)) : null,
      item.vSeg ? txt('vSeg', money(item.vSeg)) : null, item.vDesc ? txt('vDesc', money(item.vDesc)) : null,
      item.vOutro ? txt('vOutro', money(item.vOutro)) : null, txt('indTot', 1),
    ]);
    const base = v.vProd - item.vDesc + (item.vFrete ?? 0) + (item.vSeg ?? 0) + (item.vOutro ?? 0);
    const imposto = el('imposto', [icmsXml(item, v),
      pisCofinsXml('PIS', item.taxes.pis.CST, item.taxes.pis.pPIS, base, v.vPIS),
      pisCofinsXml('COFINS', item.taxes.cofins.CST, item.taxes.cofins.pCOFINS, base, v.vCOFINS)]);
    return el('det', [prod, imposto, txt('infAdProd', item.infAdProd)], [['nItem', String(index + 1)]]);
  });
  totals.vNF = totals.vProd - totals.vDesc + totals.vFrete + totals.vSeg + totals.vOutro;

  const zero = money(0);
  const total = el('total', el('ICMSTot', [
    txt('vBC', money(totals.vBC)), txt('vICMS', money(totals.vICMS)), txt('vICMSDeson', zero), txt('vFCP', zero),
    txt('vBCST', zero), txt('vST', zero), txt('vFCPST', zero), txt('vFCPSTRet', zero), txt('vProd', money(totals.vProd)),
    txt('vFrete', money(totals.vFrete)), txt('vSeg', money(totals.vSeg)), txt('vDesc', money(totals.vDesc)), txt('vII', zero),
    txt('vIPI', zero), txt('vIPIDevol', zero), txt('vPIS', money(totals.vPIS)), txt('vCOFINS', money(totals.vCOFINS)),
    txt('vOutro', money(totals.vOutro)), txt('vNF', money(totals.vNF)),
  ]));

  const transp = el('transp', [txt('modFrete', input.modFrete), ...(input.volumes ?? []).map((vol) => el('vol', [
    txt('qVol', vol.qVol), txt('esp', vol.esp), txt('marca', vol.marca), txt('nVol', vol.nVol),
    txt('pesoL', quantity(vol.pesoL).slice(0, -1)), txt('pesoB', quantity(vol.pesoB).slice(0, -1)),
  ]))]);

  const payments = input.payments.length > 0 ? input.payments : [{ tPag: '90', vPag: 0 } as NFePayment];
  const pag = el('pag', [...payments.map((p) => el('detPag', [
    p.indPag !== undefined ? txt('indPag', p.indPag) : null, txt('tPag', p.tPag), p.tPag === '99' ? txt('xPag', p.xPag ?? 'Outros') : null,
    txt('vPag', money(p.vPag)),
    p.card ? el('card', [txt('tpIntegra', p.card.tpIntegra), txt('CNPJ', p.card.CNPJ), txt('tBand', p.card.tBand), txt('cAut', p.card.cAut)]) : null,
  ])), input.vTroco ? txt('vTroco', money(input.vTroco)) : null]);

  const infAdic = input.infCpl ? el('infAdic', txt('infCpl', input.infCpl.slice(0, 5000))) : null;
  const infNFe = el('infNFe', [ide, emit, dest, ...det, total, transp, pag, infAdic], [['Id', `NFe${chave}`], ['versao', '4.00']]);
  return { xml: el('NFe', infNFe, [['xmlns', NFE_NAMESPACE]]), chave, cNF, dhEmi, totals };
}
