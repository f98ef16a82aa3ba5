/**
 * One item of the invoice (det): the product as sold (prod) and its taxes (imposto), with the values it carries into
 * the totals.
 */
import { ValidationError } from '@pdv/domain/errors';
import { isValidGtin } from '@pdv/domain/gtin';
import { multiplyByQuantity } from '@pdv/domain/money';
import { ibsCbsXml, icmsXml, ipiXml, pisCofinsXml } from './nfe-taxes.ts';
import type { ItemValues } from './nfe-totals.ts';
import type { Modelo, NFeDet } from './types.ts';
import { el, money, opt, optMoney, quantity, txt } from './xml-writer.ts';

/** The first item's description in homologation (NFC-e), as SEFAZ requires it. */
export const HOMOLOGATION_TEXT = 'NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';

/** A barcode as cEAN: the code when its GTIN check digit holds, else 'SEM GTIN' (001 §5: only valid GTINs go out). */
export function cEANOf(code: string | null | undefined): string {
  const digits = (code ?? '').trim();
  return digits !== '' && isValidGtin(digits) ? digits : 'SEM GTIN';
}

function nonNegative(value: number | undefined, field: string, item: number): number {
  const v = value ?? 0;
  if (!Number.isSafeInteger(v) || v < 0) throw new ValidationError(`Item ${item}: ${field} inválido (${value}).`, field);
  return v;
}

export interface DetContext {
  mod: Modelo;
  homologation: boolean;
}

/** `<det nItem="n">` and its values. */
export function detXml(det: NFeDet, nItem: number, ctx: DetContext): { xml: string; values: ItemValues } {
  const p = det.prod;
  if (!/^\d{2}$|^\d{8}$/.test(p.NCM)) throw new ValidationError(`Item ${nItem}: NCM inválido ('${p.NCM}').`, 'NCM');
  if (!/^[123567]\d{3}$/.test(p.CFOP)) throw new ValidationError(`Item ${nItem}: CFOP inválido ('${p.CFOP}').`, 'CFOP');
  const qCom = nonNegative(p.qCom, 'qCom', nItem);
  if (qCom === 0) throw new ValidationError(`Item ${nItem}: quantidade precisa ser maior que zero.`, 'qCom');
  const vUnCom = nonNegative(p.vUnCom, 'vUnCom', nItem);
  const vProd = p.vProd ?? multiplyByQuantity(vUnCom, qCom);
  const vDesc = nonNegative(p.vDesc, 'vDesc', nItem);
  const vFrete = nonNegative(p.vFrete, 'vFrete', nItem);
  const vSeg = nonNegative(p.vSeg, 'vSeg', nItem);
  const vOutro = nonNegative(p.vOutro, 'vOutro', nItem);
  if (vDesc > vProd + vFrete + vSeg + vOutro) throw new ValidationError(`Item ${nItem}: desconto maior que o valor do item.`, 'vDesc');
  const indTot = p.indTot ?? 1;
  const cEAN = cEANOf(p.cEAN);
  const xProd = ctx.homologation && ctx.mod === 65 && nItem === 1 ? HOMOLOGATION_TEXT : p.xProd;

  const prod = el('prod', [
    txt('cProd', p.cProd, 60),
    txt('cEAN', cEAN),
    txt('xProd', xProd, 120),
    txt('NCM', p.NCM),
    opt('CEST', p.CEST),
    opt('cBenef', p.cBenef),
    opt('EXTIPI', p.EXTIPI),
    txt('CFOP', p.CFOP),
    txt('uCom', p.uCom, 6),
    `<qCom>${quantity(qCom)}</qCom>`,
    `<vUnCom>${money(vUnCom)}</vUnCom>`,
    `<vProd>${money(vProd)}</vProd>`,
    txt('cEANTrib', p.cEANTrib === undefined ? cEAN : cEANOf(p.cEANTrib)),
    txt('uTrib', p.uTrib ?? p.uCom, 6),
    `<qTrib>${quantity(p.qTrib ?? qCom)}</qTrib>`,
    `<vUnTrib>${money(p.vUnTrib ?? vUnCom)}</vUnTrib>`,
    optMoney('vFrete', vFrete),
    optMoney('vSeg', vSeg),
    optMoney('vDesc', vDesc),
    optMoney('vOutro', vOutro),
    `<indTot>${indTot}</indTot>`,
    opt('xPed', p.xPed, 15),
    opt('nItemPed', p.nItemPed),
  ]);

  const tax = det.imposto;
  const base = vProd - vDesc + vFrete + vSeg + vOutro;
  if (tax.IPI && ctx.mod === 65) throw new ValidationError('IPI não é permitido em NFC-e.', 'IPI');
  const ipi = tax.IPI ? ipiXml(tax.IPI, base) : null;
  const icms = icmsXml(tax.ICMS, base, ipi?.vIPI ?? 0);
  const pis = tax.PIS ? pisCofinsXml('PIS', tax.PIS, base) : null;
  const cofins = tax.COFINS ? pisCofinsXml('COFINS', tax.COFINS, base) : null;
  // The IBS/CBS base of the layout (rule UB16-10): the item's value less the PIS, COFINS, ICMS and FCP it carries.
  const ibsBase = base - (pis?.value ?? 0) - (cofins?.value ?? 0) - icms.values.vICMS - icms.values.vFCP;
  const ibscbs = tax.IBSCBS ? ibsCbsXml(tax.IBSCBS, ibsBase) : null;
  const vTotTrib = tax.vTotTrib ?? null;
  const imposto = el('imposto', [
    vTotTrib !== null ? `<vTotTrib>${money(vTotTrib)}</vTotTrib>` : '',
    icms.xml,
    ipi?.xml,
    pis?.xml,
    cofins?.xml,
    ibscbs?.xml,
  ]);

  return {
    xml: el('det', [prod, imposto, opt('infAdProd', det.infAdProd, 500)], [['nItem', nItem]]),
    values: {
      vProd, vFrete, vSeg, vDesc, vOutro, indTot, icms: icms.values, vIPI: ipi?.vIPI ?? 0, vPIS: pis?.value ?? 0,
      vCOFINS: cofins?.value ?? 0, vTotTrib, ibscbs: ibscbs?.values ?? null, hasIBSCBS: !!ibscbs,
    },
  };
}
