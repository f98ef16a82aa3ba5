/**
 * The tax groups of one item (imposto): ICMS by CST or CSOSN, IPI, PIS, COFINS and the optional IBS/CBS of the tax
 * reform. Each amount the caller leaves out is computed from the item's base and the rates, rounded half-up to the
 * centavo once; the values written are returned too, so the invoice totals are the sums of exactly what was written.
 */
import { ValidationError } from '@pdv/domain/errors';
import { computeFcp, computeIcmsSt } from '@pdv/domain/icms-st';
import { mulDivRound, percentOf, unscaleToString, type BasisPoints, type Cents } from '@pdv/domain/money';
import type { IBSCBSInput, ICMSInput, IPIInput, PisCofinsInput } from './types.ts';
import { el, money, rate, txt } from './xml-writer.ts';

export interface ICMSValues {
  vBC: Cents;
  vICMS: Cents;
  vICMSDeson: Cents;
  /** The relief is taken off the invoice total (indDeduzDeson = 1). */
  deductDeson: boolean;
  vFCP: Cents;
  vBCST: Cents;
  vST: Cents;
  vFCPST: Cents;
  vFCPSTRet: Cents;
}

export interface IBSCBSValues {
  vBC: Cents;
  vIBSUF: Cents;
  vIBSMun: Cents;
  vIBS: Cents;
  vCBS: Cents;
}

const ZERO_ICMS: ICMSValues = {
  vBC: 0, vICMS: 0, vICMSDeson: 0, deductDeson: false, vFCP: 0, vBCST: 0, vST: 0, vFCPST: 0, vFCPSTRet: 0,
};

const reduce = (value: Cents, p: BasisPoints | undefined) => (p ? value - percentOf(value, p) : value);

function tag(name: string, value: string): string {
  return `<${name}>${value}</${name}>`;
}

interface Own {
  vBC: Cents;
  vICMS: Cents;
  vFCP: Cents;
}

function own(icms: ICMSInput, base: Cents): Own {
  const vBC = icms.vBC ?? reduce(base, icms.pRedBC);
  return {
    vBC,
    vICMS: icms.vICMS ?? percentOf(vBC, icms.pICMS ?? 0),
    vFCP: icms.vFCP ?? computeFcp(vBC, icms.pFCP),
  };
}

interface ST {
  vBCST: Cents;
  vICMSST: Cents;
  vFCPST: Cents;
  xml: string;
}

/**
 * The ST sequence (modBCST ... vFCPST), amounts by the domain's rule (icms-st.ts); `ownICMS` and `ownFCP` are what the
 * issuer's own operation already bears.
 */
function st(icms: ICMSInput, base: Cents, vIPI: Cents, ownICMS: Cents, ownFCP: Cents = 0): ST {
  const computed = computeIcmsSt({
    base, vIPI, pMVAST: icms.pMVAST, pRedBCST: icms.pRedBCST, pICMSST: icms.pICMSST ?? 0, pFCPST: icms.pFCPST, ownICMS, ownFCP,
  });
  const vBCST = icms.vBCST ?? computed.vBCST;
  const vICMSST = icms.vICMSST ?? computed.vICMSST;
  const vFCPST = icms.vFCPST ?? computed.vFCPST;
  const xml = [
    tag('modBCST', String(icms.modBCST ?? 4)),
    icms.pMVAST !== undefined ? tag('pMVAST', rate(icms.pMVAST)) : '',
    icms.pRedBCST ? tag('pRedBCST', rate(icms.pRedBCST)) : '',
    tag('vBCST', money(vBCST)),
    tag('pICMSST', rate(icms.pICMSST ?? 0)),
    tag('vICMSST', money(vICMSST)),
    icms.pFCPST ? tag('vBCFCPST', money(vBCST)) + tag('pFCPST', rate(icms.pFCPST)) + tag('vFCPST', money(vFCPST)) : '',
  ].join('');
  return { vBCST, vICMSST, vFCPST, xml };
}

function fcp(icms: ICMSInput, o: Own, withBase: boolean): string {
  if (!icms.pFCP) return '';
  return (withBase ? tag('vBCFCP', money(o.vBC)) : '') + tag('pFCP', rate(icms.pFCP)) + tag('vFCP', money(o.vFCP));
}

function deson(icms: ICMSInput): string {
  if (!icms.vICMSDeson) return '';
  if (icms.motDesICMS === undefined) throw new ValidationError('Motivo da desoneração do ICMS (motDesICMS) não informado.', 'motDesICMS');
  return tag('vICMSDeson', money(icms.vICMSDeson)) + tag('motDesICMS', String(icms.motDesICMS))
    + (icms.indDeduzDeson !== undefined ? tag('indDeduzDeson', String(icms.indDeduzDeson)) : '');
}

function desonValues(icms: ICMSInput): Pick<ICMSValues, 'vICMSDeson' | 'deductDeson'> {
  return { vICMSDeson: icms.vICMSDeson ?? 0, deductDeson: !!icms.vICMSDeson && icms.indDeduzDeson === 1 };
}

function retained(icms: ICMSInput): string {
  const ret = icms.vBCSTRet !== undefined
    ? tag('vBCSTRet', money(icms.vBCSTRet)) + tag('pST', rate(icms.pST ?? 0))
      + (icms.vICMSSubstituto !== undefined ? tag('vICMSSubstituto', money(icms.vICMSSubstituto)) : '')
      + tag('vICMSSTRet', money(icms.vICMSSTRet ?? 0))
    : '';
  const fcpRet = icms.vFCPSTRet !== undefined
    ? tag('vBCFCPSTRet', money(icms.vBCFCPSTRet ?? icms.vBCSTRet ?? 0)) + tag('pFCPSTRet', rate(icms.pFCPSTRet ?? 0))
      + tag('vFCPSTRet', money(icms.vFCPSTRet))
    : '';
  return ret + fcpRet;
}

/** Simples Nacional credit: pCredSN and vCredICMSSN over the operation's base. */
function credSN(icms: ICMSInput, base: Cents): string {
  const p = icms.pCredSN ?? 0;
  return tag('pCredSN', rate(p)) + tag('vCredICMSSN', money(icms.vCredICMSSN ?? percentOf(base, p)));
}

/** `<ICMS>` of an item and the values it carries into ICMSTot. `base` = vProd − vDesc + vFrete + vSeg + vOutro. */
export function icmsXml(icms: ICMSInput, base: Cents, vIPI: Cents = 0): { xml: string; values: ICMSValues } {
  const head = (group: string, code: string, codeTag: 'CST' | 'CSOSN') => [group, tag('orig', String(icms.orig)) + tag(codeTag, code)] as const;
  const modBC = tag('modBC', String(icms.modBC ?? 3));
  if (icms.CST && icms.CSOSN) throw new ValidationError('Informe CST ou CSOSN do ICMS, não ambos.', 'CST');
  let group: string;
  let body: string;
  let values: ICMSValues = { ...ZERO_ICMS };

  if (icms.CST) {
    let start: string;
    switch (icms.CST) {
      case '00': {
        [group, start] = head('ICMS00', '00', 'CST');
        const o = own(icms, base);
        body = start + modBC + tag('vBC', money(o.vBC)) + tag('pICMS', rate(icms.pICMS ?? 0)) + tag('vICMS', money(o.vICMS)) + fcp(icms, o, false);
        values = { ...values, vBC: o.vBC, vICMS: o.vICMS, vFCP: o.vFCP };
        break;
      }
      case '10':
      case '70': {
        [group, start] = head(`ICMS${icms.CST}`, icms.CST, 'CST');
        const o = own(icms, base);
        const s = st(icms, base, vIPI, o.vICMS, o.vFCP);
        const red = icms.CST === '70' ? tag('pRedBC', rate(icms.pRedBC ?? 0)) : '';
        body = start + modBC + red + tag('vBC', money(o.vBC)) + tag('pICMS', rate(icms.pICMS ?? 0)) + tag('vICMS', money(o.vICMS))
          + fcp(icms, o, true) + s.xml + (icms.CST === '70' ? deson(icms) : '');
        values = { ...values, vBC: o.vBC, vICMS: o.vICMS, vFCP: o.vFCP, vBCST: s.vBCST, vST: s.vICMSST, vFCPST: s.vFCPST,
          ...(icms.CST === '70' ? desonValues(icms) : {}) };
        break;
      }
      case '20': {
        [group, start] = head('ICMS20', '20', 'CST');
        const o = own(icms, base);
        body = start + modBC + tag('pRedBC', rate(icms.pRedBC ?? 0)) + tag('vBC', money(o.vBC)) + tag('pICMS', rate(icms.pICMS ?? 0))
          + tag('vICMS', money(o.vICMS)) + fcp(icms, o, true) + deson(icms);
        values = { ...values, vBC: o.vBC, vICMS: o.vICMS, vFCP: o.vFCP, ...desonValues(icms) };
        break;
      }
      case '30': {
        [group, start] = head('ICMS30', '30', 'CST');
        const ownICMS = icms.pICMS ? percentOf(reduce(base, icms.pRedBC), icms.pICMS) : 0;
        const s = st(icms, base, vIPI, ownICMS);
        body = start + s.xml + deson(icms);
        values = { ...values, vBCST: s.vBCST, vST: s.vICMSST, vFCPST: s.vFCPST, ...desonValues(icms) };
        break;
      }
      case '40':
      case '41':
      case '50':
        [group, start] = head('ICMS40', icms.CST, 'CST');
        body = start + deson(icms);
        values = { ...values, ...desonValues(icms) };
        break;
      case '51': {
        [group, start] = head('ICMS51', '51', 'CST');
        if (icms.pICMS === undefined) {
          body = start;
          break;
        }
        const vBC = icms.vBC ?? reduce(base, icms.pRedBC);
        const vICMSOp = percentOf(vBC, icms.pICMS);
        const vICMSDif = percentOf(vICMSOp, icms.pDif ?? 0);
        const vICMS = icms.vICMS ?? vICMSOp - vICMSDif;
        const o = { vBC, vICMS, vFCP: icms.vFCP ?? (icms.pFCP ? percentOf(vBC, icms.pFCP) : 0) };
        body = start + modBC + (icms.pRedBC ? tag('pRedBC', rate(icms.pRedBC)) : '') + tag('vBC', money(vBC)) + tag('pICMS', rate(icms.pICMS))
          + tag('vICMSOp', money(vICMSOp)) + tag('pDif', rate(icms.pDif ?? 0)) + tag('vICMSDif', money(vICMSDif))
          + tag('vICMS', money(vICMS)) + fcp(icms, o, true);
        values = { ...values, vBC, vICMS, vFCP: o.vFCP };
        break;
      }
      case '60':
        [group, start] = head('ICMS60', '60', 'CST');
        body = start + retained(icms);
        values = { ...values, vFCPSTRet: icms.vFCPSTRet ?? 0 };
        break;
      case '90': {
        [group, start] = head('ICMS90', '90', 'CST');
        let ownPart = '';
        let o: Own = { vBC: 0, vICMS: 0, vFCP: 0 };
        if (icms.pICMS !== undefined) {
          o = own(icms, base);
          ownPart = modBC + tag('vBC', money(o.vBC)) + (icms.pRedBC ? tag('pRedBC', rate(icms.pRedBC)) : '')
            + tag('pICMS', rate(icms.pICMS)) + tag('vICMS', money(o.vICMS)) + fcp(icms, o, true);
        }
        const s = icms.pICMSST !== undefined ? st(icms, base, vIPI, o.vICMS, o.vFCP) : null;
        body = start + ownPart + (s?.xml ?? '') + deson(icms);
        values = { ...values, vBC: o.vBC, vICMS: o.vICMS, vFCP: o.vFCP, vBCST: s?.vBCST ?? 0, vST: s?.vICMSST ?? 0,
          vFCPST: s?.vFCPST ?? 0, ...desonValues(icms) };
        break;
      }
      default:
        throw new ValidationError(`CST de ICMS não suportado: ${String(icms.CST)}.`, 'CST');
    }
  } else if (icms.CSOSN) {
    let start: string;
    switch (icms.CSOSN) {
      case '101':
        [group, start] = head('ICMSSN101', '101', 'CSOSN');
        body = start + credSN(icms, base);
        break;
      case '102':
      case '103':
      case '300':
      case '400':
        [group, start] = head('ICMSSN102', icms.CSOSN, 'CSOSN');
        body = start;
        break;
      case '201':
      case '202':
      case '203': {
        [group, start] = head(icms.CSOSN === '201' ? 'ICMSSN201' : 'ICMSSN202', icms.CSOSN, 'CSOSN');
        const ownICMS = icms.pICMS ? percentOf(reduce(base, icms.pRedBC), icms.pICMS) : 0;
        const s = st(icms, base, vIPI, ownICMS);
        body = start + s.xml + (icms.CSOSN === '201' ? credSN(icms, base) : '');
        values = { ...values, vBCST: s.vBCST, vST: s.vICMSST, vFCPST: s.vFCPST };
        break;
      }
      case '500':
        [group, start] = head('ICMSSN500', '500', 'CSOSN');
        body = start + retained(icms);
        values = { ...values, vFCPSTRet: icms.vFCPSTRet ?? 0 };
        break;
      case '900': {
        [group, start] = head('ICMSSN900', '900', 'CSOSN');
        let ownPart = '';
        let o: Own = { vBC: 0, vICMS: 0, vFCP: 0 };
        if (icms.pICMS !== undefined) {
          o = own(icms, base);
          ownPart = modBC + tag('vBC', money(o.vBC)) + (icms.pRedBC ? tag('pRedBC', rate(icms.pRedBC)) : '')
            + tag('pICMS', rate(icms.pICMS)) + tag('vICMS', money(o.vICMS));
        }
        const s = icms.pICMSST !== undefined ? st(icms, base, vIPI, o.vICMS) : null;
        body = start + ownPart + (s?.xml ?? '') + (icms.pCredSN !== undefined ? credSN(icms, base) : '');
        values = { ...values, vBC: o.vBC, vICMS: o.vICMS, vBCST: s?.vBCST ?? 0, vST: s?.vICMSST ?? 0, vFCPST: s?.vFCPST ?? 0 };
        break;
      }
      default:
        throw new ValidationError(`CSOSN não suportado: ${String(icms.CSOSN)}.`, 'CSOSN');
    }
  } else {
    throw new ValidationError('CST ou CSOSN do ICMS não informado.', 'CST');
  }
  return { xml: el('ICMS', el(group, body)), values };
}

const IPI_TAXED = new Set(['00', '49', '50', '99']);

/** `<IPI>` and its vIPI. */
export function ipiXml(ipi: IPIInput, base: Cents): { xml: string; vIPI: Cents } {
  const cEnq = txt('cEnq', ipi.cEnq ?? '999');
  if (!IPI_TAXED.has(ipi.CST)) return { xml: el('IPI', [cEnq, el('IPINT', tag('CST', ipi.CST))]), vIPI: 0 };
  const vBC = ipi.vBC ?? base;
  const vIPI = ipi.vIPI ?? percentOf(vBC, ipi.pIPI ?? 0);
  const trib = tag('CST', ipi.CST) + tag('vBC', money(vBC)) + tag('pIPI', rate(ipi.pIPI ?? 0)) + tag('vIPI', money(vIPI));
  return { xml: el('IPI', [cEnq, el('IPITrib', trib)]), vIPI };
}

/** `<PIS>` or `<COFINS>` and the amount. */
export function pisCofinsXml(kind: 'PIS' | 'COFINS', input: PisCofinsInput, base: Cents): { xml: string; value: Cents } {
  const cst = input.CST.padStart(2, '0');
  const n = Number(cst);
  if (n === 4 || (n >= 5 && n <= 9)) return { xml: el(kind, el(`${kind}NT`, tag('CST', cst))), value: 0 };
  if (n === 1 || n === 2 || (n >= 49 && n <= 99)) {
    const vBC = input.vBC ?? base;
    const value = input.v ?? percentOf(vBC, input.p ?? 0);
    const group = n <= 2 ? `${kind}Aliq` : `${kind}Outr`;
    return { xml: el(kind, el(group, tag('CST', cst) + tag('vBC', money(vBC)) + tag(`p${kind}`, rate(input.p ?? 0)) + tag(`v${kind}`, money(value)))), value };
  }
  throw new ValidationError(`CST de ${kind} não suportado: ${input.CST}.`, 'CST');
}

/**
 * The effective rate of a share after its reduction (gRed/pAliqEfet = p × (1 − pRedAliq / 100)), in ten-thousandths
 * of a percent (the 4 places of TDec_0302_04RTC), rounded half-up once: 0.90% reduced by 60% = 3600 (0.3600%).
 */
export function effectiveRate(p: BasisPoints, pRed: BasisPoints | undefined): number {
  return mulDivRound(p * 100, 10_000 - (pRed ?? 0), 10_000);
}

/** One share (gIBSUF, gIBSMun or gCBS): rate, the reduction group when given, and the amount on the effective rate. */
function share(group: string, name: string, vBC: Cents, p: BasisPoints, pRed: BasisPoints | undefined): { xml: string; value: Cents } {
  if (pRed !== undefined && (!Number.isSafeInteger(pRed) || pRed < 0 || pRed > 10_000)) {
    throw new ValidationError(`Percentual de redução de alíquota inválido: ${pRed / 100}.`, 'pRedAliq');
  }
  const efet = effectiveRate(p, pRed);
  const value = mulDivRound(vBC, efet, 1_000_000);
  const gRed = pRed === undefined ? '' : el('gRed', tag('pRedAliq', rate4(pRed * 100)) + tag('pAliqEfet', rate4(efet)));
  return { xml: el(group, tag(`p${name}`, rate(p)) + gRed + tag(`v${name}`, money(value))), value };
}

const rate4 = (tenThousandths: number) => unscaleToString(tenThousandths, 4);

/** `<IBSCBS>`; with any rate given, gIBSCBS with the computed amounts. */
export function ibsCbsXml(input: IBSCBSInput, base: Cents): { xml: string; values: IBSCBSValues | null } {
  if (!/^\d{3}$/.test(input.CST)) throw new ValidationError(`CST de IBS/CBS inválido: '${input.CST}'.`, 'CST');
  if (!/^\d{6}$/.test(input.cClassTrib)) throw new ValidationError(`cClassTrib inválido: '${input.cClassTrib}'.`, 'cClassTrib');
  const head = tag('CST', input.CST) + tag('cClassTrib', input.cClassTrib);
  if (input.pIBSUF === undefined && input.pIBSMun === undefined && input.pCBS === undefined) {
    return { xml: el('IBSCBS', head), values: null };
  }
  const vBC = Math.max(0, input.vBC ?? base);
  const uf = share('gIBSUF', 'IBSUF', vBC, input.pIBSUF ?? 0, input.pRedIBS);
  const mun = share('gIBSMun', 'IBSMun', vBC, input.pIBSMun ?? 0, input.pRedIBS);
  const cbs = share('gCBS', 'CBS', vBC, input.pCBS ?? 0, input.pRedCBS);
  const values = { vBC, vIBSUF: uf.value, vIBSMun: mun.value, vIBS: uf.value + mun.value, vCBS: cbs.value };
  const g = tag('vBC', money(vBC)) + uf.xml + mun.xml + tag('vIBS', money(values.vIBS)) + cbs.xml;
  return { xml: el('IBSCBS', head + el('gIBSCBS', g)), values };
}
