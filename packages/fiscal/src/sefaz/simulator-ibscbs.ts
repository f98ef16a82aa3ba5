// The tax reform rules the SEFAZ homologation simulator applies to a received NF-e / NFC-e (NT 2025.002-RTC, groups
// UB and W03): the classification of each item belongs to its CST (its first 3 digits, rule UB14-20), and IBSCBSTot
// is only present with items carrying the group (W31-10) and equals their sums (W35-10, W41-10, W46-10, W47-10,
// W56-10). Exact comparison in centavos: the NT gives no tolerance for these totals. The official texts are the NT's
// "Descrição Erro" column; 1024's cell repeats "Rejeição:" by a typing slip of the NT, written once here.

import { fromDecimal } from '@pdv/domain/money';
import { child, childrenNamed, childText, findFirst, type XmlElement } from './xml.ts';

export const IBSCBS_MOTIVOS = {
  1024: 'Rejeição: Classificação Tributária do IBS e da CBS incompatível com o CST informado',
  1073: 'Rejeição: Total de IBS, CBS e IS só deve ser informado se existir IBS/CBS declarado nos itens do DFe',
  1076: 'Rejeição: Total da BC do IBS e da CBS difere da soma dos itens',
  1080: 'Rejeição: Total de IBS UF difere da soma dos itens',
  1084: 'Rejeição: Total de IBS Municipal difere da soma dos itens',
  1085: 'Rejeição: Total do IBS difere da soma do IBS UF e IBS Municipal',
  1091: 'Rejeição: Total de CBS difere da soma dos itens',
} as const;

export interface Rejection {
  cStat: number;
  xMotivo: string;
}

const cents = (el: XmlElement | undefined, name: string): number => {
  const text = el && childText(el, name);
  return text ? fromDecimal(text) : 0;
};

/** The first IBS/CBS rule the document breaks, or null. */
export function ibsCbsRejection(infNFe: XmlElement): Rejection | null {
  const reject = (cStat: keyof typeof IBSCBS_MOTIVOS, suffix = ''): Rejection => ({ cStat, xMotivo: IBSCBS_MOTIVOS[cStat] + suffix });
  let withGroup = 0;
  const sums = { vBC: 0, vIBSUF: 0, vIBSMun: 0, vCBS: 0 };
  for (const det of childrenNamed(infNFe, 'det')) {
    const group = findFirst(det, 'IBSCBS');
    if (!group) continue;
    withGroup += 1;
    const cst = childText(group, 'CST') ?? '';
    const cClassTrib = childText(group, 'cClassTrib') ?? '';
    if (cClassTrib.slice(0, 3) !== cst) return reject(1024, ` [nItem:${det.attributes.nItem ?? ''}]`);
    const g = child(group, 'gIBSCBS');
    if (!g) continue;
    sums.vBC += cents(g, 'vBC');
    sums.vIBSUF += cents(child(g, 'gIBSUF'), 'vIBSUF');
    sums.vIBSMun += cents(child(g, 'gIBSMun'), 'vIBSMun');
    sums.vCBS += cents(child(g, 'gCBS'), 'vCBS');
  }
  const total = child(infNFe, 'total');
  const tot = total && child(total, 'IBSCBSTot');
  if (!tot) return null;
  if (withGroup === 0) return reject(1073);
  if (cents(tot, 'vBCIBSCBS') !== sums.vBC) return reject(1076);
  const gIBS = child(tot, 'gIBS');
  const gCBS = child(tot, 'gCBS');
  if (!gIBS || !gCBS) return null;
  const uf = cents(child(gIBS, 'gIBSUF'), 'vIBSUF');
  const mun = cents(child(gIBS, 'gIBSMun'), 'vIBSMun');
  if (uf !== sums.vIBSUF) return reject(1080);
  if (mun !== sums.vIBSMun) return reject(1084);
  if (cents(gIBS, 'vIBS') !== uf + mun) return reject(1085);
  if (cents(gCBS, 'vCBS') !== sums.vCBS) return reject(1091);
  return null;
}
