/**
 * ICMS substitution (ICMS-ST) and the Fundo de Combate à Pobreza (FCP) of one invoice item, and which of them a fiscal
 * scenario (after the exception that wins for the item, scenario-exception.ts) gives the item.
 *
 * The amounts (NF-e manual, NT 2016.002 for the FCP), all in integer centavos, each rate applied once and rounded
 * half-up to the centavo (money.ts percentOf):
 *   vBCST   = (base + vIPI) × (1 + pMVAST), reduced by pRedBCST
 *   vICMSST = max(0, vBCST × pICMSST − own ICMS)        the own operation's ICMS is the issuer's, not the substitute's
 *   vFCP    = vBC × pFCP                                 on the own operation's base (normal regime only)
 *   vFCPST  = max(0, vBCST × pFCPST − vFCP)              the FCP of the own operation is taken off likewise
 * `base` is the item's vProd − vDesc + vFrete + vSeg + vOutro.
 *
 * Which codes carry ST: CST 10, 30, 70 and 90, CSOSN 201, 202, 203 and 900. For 10, 30, 70, 201, 202 and 203 the ST
 * group is part of the code (the schema requires it), so it is written even with a zero rate; for 90 and 900 it is
 * written only when the scenario gives an ST rate. modBCST is 4 (MVA) when an MVA is given, else 6 (the operation's
 * value).
 */
import { percentOf, type BasisPoints, type Cents } from './money.ts';

export interface StInput {
  base: Cents;
  /** IPI of the item: it is part of the ST base. */
  vIPI?: Cents;
  pMVAST?: BasisPoints;
  pRedBCST?: BasisPoints;
  pICMSST: BasisPoints;
  pFCPST?: BasisPoints;
  /** The ICMS of the issuer's own operation, deducted from the ST. */
  ownICMS?: Cents;
  /** The FCP of the own operation, deducted from the FCP-ST. */
  ownFCP?: Cents;
}

export interface StValues {
  vBCST: Cents;
  vICMSST: Cents;
  /** The FCP-ST base: the ST base. */
  vBCFCPST: Cents;
  vFCPST: Cents;
}

const reduce = (value: Cents, p: BasisPoints | undefined) => (p ? value - percentOf(value, p) : value);

export function computeIcmsSt(i: StInput): StValues {
  const stBase = i.base + (i.vIPI ?? 0);
  const vBCST = reduce(stBase + (i.pMVAST ? percentOf(stBase, i.pMVAST) : 0), i.pRedBCST);
  const vICMSST = Math.max(0, percentOf(vBCST, i.pICMSST) - (i.ownICMS ?? 0));
  const vFCPST = i.pFCPST ? Math.max(0, percentOf(vBCST, i.pFCPST) - (i.ownFCP ?? 0)) : 0;
  return { vBCST, vICMSST, vBCFCPST: vBCST, vFCPST };
}

/** The FCP of the own operation on its ICMS base. */
export function computeFcp(vBC: Cents, pFCP: BasisPoints | undefined): Cents {
  return pFCP ? percentOf(vBC, pFCP) : 0;
}

/** The CSTs and CSOSNs whose ICMS group has the ST sequence. */
export const ST_CST: readonly string[] = ['10', '30', '70', '90'];
export const ST_CSOSN: readonly string[] = ['201', '202', '203', '900'];
/** Codes whose group always carries ST (90 and 900 carry it only when an ST rate is given). */
const ST_REQUIRED: readonly string[] = ['10', '30', '70', '201', '202', '203'];
/** CSTs whose own operation is taxed (they carry vBC, pICMS and so the own FCP). */
const OWN_TAXED_CST: readonly string[] = ['00', '10', '20', '51', '70', '90'];
/** CSTs whose base may be reduced (pRedBC): 20 and 70 always carry it. */
const REDUCED_CST: readonly string[] = ['20', '30', '51', '70', '90'];

/** What the scenario gives an item (rates as the columns hold them: percent, '18.0000' or 18). */
export interface ScenarioIcms {
  icms_cst: string | null;
  icms_csosn: string | null;
  icms_aliquota: string | number;
  icms_percentual_reducao_base_calculo?: string | number | null;
  icmsst_aliquota?: string | number | null;
  icmsst_mva?: string | number | null;
  fcp_percentual?: string | number | null;
}

/** The ICMS input of an item (the fields of @pdv/fiscal's ICMSInput the scenario decides, rates in basis points). */
export interface ItemIcms {
  CST?: string;
  CSOSN?: string;
  modBC?: 3;
  pICMS?: BasisPoints;
  pRedBC?: BasisPoints;
  pFCP?: BasisPoints;
  pCredSN?: BasisPoints;
  modBCST?: 4 | 6;
  pMVAST?: BasisPoints;
  pICMSST?: BasisPoints;
  pFCPST?: BasisPoints;
}

const bp = (value: string | number | null | undefined): BasisPoints => Math.round(Number(value ?? 0) * 100) || 0;

/** Whether the code (CST or CSOSN) charges ICMS-ST in the operation with these rates. */
export function chargesSt(code: string, pICMSST: BasisPoints): boolean {
  return ST_REQUIRED.includes(code) || ((code === '90' || code === '900') && pICMSST > 0);
}

/**
 * The item's ICMS from its scenario: `simples` (CRT 1, 2 or 4) takes the CSOSN (102 by default) and the ICMS rate as
 * the Simples credit (pCredSN); the normal regime (CRT 3) takes the CST (00 by default), the rate, the base reduction
 * of CST 20 and 70, and the FCP on the own operation. Either takes the ST sequence (MVA, ST rate, FCP-ST) when its
 * code charges ST.
 */
export function itemIcms(s: ScenarioIcms, simples: boolean): ItemIcms {
  const pICMSST = bp(s.icmsst_aliquota);
  const pMVAST = bp(s.icmsst_mva);
  const pFCP = bp(s.fcp_percentual);
  const code = simples ? (s.icms_csosn || '102') : (s.icms_cst || '00');
  const st: ItemIcms = chargesSt(code, pICMSST)
    ? { modBCST: pMVAST > 0 ? 4 : 6, ...(pMVAST > 0 ? { pMVAST } : {}), pICMSST, ...(pFCP > 0 ? { pFCPST: pFCP } : {}) }
    : {};
  if (simples) return { CSOSN: code, pCredSN: bp(s.icms_aliquota), ...st };
  const pRedBC = bp(s.icms_percentual_reducao_base_calculo);
  // The rate goes with every CST, as before: the groups without an own operation ignore it, and CST 30 deducts the own
  // ICMS it gives from the ST.
  const own: ItemIcms = {
    pICMS: bp(s.icms_aliquota),
    ...(REDUCED_CST.includes(code) && (pRedBC > 0 || code === '20' || code === '70') ? { pRedBC } : {}),
    ...(OWN_TAXED_CST.includes(code) && pFCP > 0 ? { pFCP } : {}),
  };
  return { CST: code, modBC: 3, ...own, ...st };
}
