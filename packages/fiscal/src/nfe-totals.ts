/**
 * The invoice totals (ICMSTot and IBSCBSTot): sums of the values written on the items, never taken from outside, so
 * they match what SEFAZ adds up (rejections 531-535, 564, 610). vNF per the manual:
 *   vProd − vDesc − vICMSDeson (only where indDeduzDeson = 1) + vST + vFCPST + vFrete + vSeg + vOutro + vII + vIPI
 *   + vIPIDevol.
 */
import type { Cents } from '@pdv/domain/money';
import type { IBSCBSValues, ICMSValues } from './nfe-taxes.ts';
import { el, money } from './xml-writer.ts';

/** What one item carries into the totals. */
export interface ItemValues {
  vProd: Cents;
  vFrete: Cents;
  vSeg: Cents;
  vDesc: Cents;
  vOutro: Cents;
  /** 1: vProd counts in the invoice total. */
  indTot: 0 | 1;
  icms: ICMSValues;
  vIPI: Cents;
  vPIS: Cents;
  vCOFINS: Cents;
  vTotTrib: Cents | null;
  ibscbs: IBSCBSValues | null;
  /** The item has an IBSCBS group (with or without amounts). */
  hasIBSCBS: boolean;
}

export interface NFeTotals {
  vBC: Cents;
  vICMS: Cents;
  vICMSDeson: Cents;
  vFCP: Cents;
  vBCST: Cents;
  vST: Cents;
  vFCPST: Cents;
  vFCPSTRet: Cents;
  vProd: Cents;
  vFrete: Cents;
  vSeg: Cents;
  vDesc: Cents;
  vII: Cents;
  vIPI: Cents;
  vIPIDevol: Cents;
  vPIS: Cents;
  vCOFINS: Cents;
  vOutro: Cents;
  vNF: Cents;
  /** Sum of the items' vTotTrib, or null when no item has one. */
  vTotTrib: Cents | null;
  /** IBS/CBS totals, or null when no item has an IBSCBS group. */
  ibscbs: { vBCIBSCBS: Cents; vIBSUF: Cents; vIBSMun: Cents; vIBS: Cents; vCBS: Cents; withAmounts: boolean } | null;
}

export function computeTotals(items: readonly ItemValues[]): NFeTotals {
  const t: NFeTotals = {
    vBC: 0, vICMS: 0, vICMSDeson: 0, vFCP: 0, vBCST: 0, vST: 0, vFCPST: 0, vFCPSTRet: 0, vProd: 0, vFrete: 0, vSeg: 0,
    vDesc: 0, vII: 0, vIPI: 0, vIPIDevol: 0, vPIS: 0, vCOFINS: 0, vOutro: 0, vNF: 0, vTotTrib: null, ibscbs: null,
  };
  let deductedDeson = 0;
  for (const item of items) {
    t.vBC += item.icms.vBC;
    t.vICMS += item.icms.vICMS;
    t.vICMSDeson += item.icms.vICMSDeson;
    if (item.icms.deductDeson) deductedDeson += item.icms.vICMSDeson;
    t.vFCP += item.icms.vFCP;
    t.vBCST += item.icms.vBCST;
    t.vST += item.icms.vST;
    t.vFCPST += item.icms.vFCPST;
    t.vFCPSTRet += item.icms.vFCPSTRet;
    if (item.indTot === 1) t.vProd += item.vProd;
    t.vFrete += item.vFrete;
    t.vSeg += item.vSeg;
    t.vDesc += item.vDesc;
    t.vOutro += item.vOutro;
    t.vIPI += item.vIPI;
    t.vPIS += item.vPIS;
    t.vCOFINS += item.vCOFINS;
    if (item.vTotTrib !== null) t.vTotTrib = (t.vTotTrib ?? 0) + item.vTotTrib;
    if (item.hasIBSCBS) {
      const s = t.ibscbs ?? { vBCIBSCBS: 0, vIBSUF: 0, vIBSMun: 0, vIBS: 0, vCBS: 0, withAmounts: false };
      if (item.ibscbs) {
        s.vBCIBSCBS += item.ibscbs.vBC;
        s.vIBSUF += item.ibscbs.vIBSUF;
        s.vIBSMun += item.ibscbs.vIBSMun;
        s.vIBS += item.ibscbs.vIBS;
        s.vCBS += item.ibscbs.vCBS;
        s.withAmounts = true;
      }
      t.ibscbs = s;
    }
  }
  t.vNF = t.vProd - t.vDesc - deductedDeson + t.vST + t.vFCPST + t.vFrete + t.vSeg + t.vOutro + t.vII + t.vIPI + t.vIPIDevol;
  return t;
}

const m = (name: string, cents: Cents) => `<${name}>${money(cents)}</${name}>`;

/** `<total>` with ICMSTot and, when items have IBSCBS, IBSCBSTot. */
export function totalXml(t: NFeTotals): string {
  const icmsTot = el('ICMSTot', [
    m('vBC', t.vBC), m('vICMS', t.vICMS), m('vICMSDeson', t.vICMSDeson), m('vFCP', t.vFCP), m('vBCST', t.vBCST),
    m('vST', t.vST), m('vFCPST', t.vFCPST), m('vFCPSTRet', t.vFCPSTRet), m('vProd', t.vProd), m('vFrete', t.vFrete),
    m('vSeg', t.vSeg), m('vDesc', t.vDesc), m('vII', t.vII), m('vIPI', t.vIPI), m('vIPIDevol', t.vIPIDevol),
    m('vPIS', t.vPIS), m('vCOFINS', t.vCOFINS), m('vOutro', t.vOutro), m('vNF', t.vNF),
    t.vTotTrib !== null ? m('vTotTrib', t.vTotTrib) : '',
  ]);
  let ibscbsTot = '';
  if (t.ibscbs) {
    const s = t.ibscbs;
    const gIBS = el('gIBS', [
      el('gIBSUF', [m('vDif', 0), m('vDevTrib', 0), m('vIBSUF', s.vIBSUF)]),
      el('gIBSMun', [m('vDif', 0), m('vDevTrib', 0), m('vIBSMun', s.vIBSMun)]),
      m('vIBS', s.vIBS), m('vCredPres', 0), m('vCredPresCondSus', 0),
    ]);
    const gCBS = el('gCBS', [m('vDif', 0), m('vDevTrib', 0), m('vCBS', s.vCBS), m('vCredPres', 0), m('vCredPresCondSus', 0)]);
    ibscbsTot = el('IBSCBSTot', [m('vBCIBSCBS', s.vBCIBSCBS), s.withAmounts ? gIBS + gCBS : '']);
  }
  return el('total', [icmsTot, ibscbsTot]);
}
