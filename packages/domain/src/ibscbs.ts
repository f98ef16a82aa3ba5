/**
 * The tax reform's IBS/CBS on an invoice item (LC 214/2025; NT 2025.002-RTC): which issuers write the group and what
 * its fiscal scenario gives it. Until 2027 only issuers on the normal regime (CRT 3) carry it; Simples Nacional (CRT 1),
 * its sublimit excess (2) and MEI (4) leave it out (LC 214/2025 art. 348; the NT's schedule). For them it is required
 * since 2026, so a CRT 3 item whose scenario has no CST or classification is refused before transmission, as is a
 * classification whose first 3 digits are not its CST (SEFAZ rejection 1024).
 *
 * Rates come as the scenario stores them (percent, up to 4 decimals) and go out in basis points (2 decimals), the
 * precision of pIBSUF/pIBSMun/pCBS the writer uses; the reductions likewise (a percentage of the rate).
 */
import { ValidationError } from './errors.ts';
import { FISCAL_MESSAGES as M } from './fiscal-messages.ts';

/** The 2026 test rates (the year of testing: CBS 0.9%, IBS 0.1% all to the UF), in percent. */
export const IBSCBS_TEST_RATES_2026 = { cbs: 0.9, ibsuf: 0.1, ibsmun: 0 } as const;

export interface ScenarioIbsCbs {
  ibscbs_cst: string | null;
  ibscbs_classificacao: string | null;
  cbs_aliquota: string | number;
  ibsuf_aliquota: string | number;
  ibsmun_aliquota: string | number;
  ibs_percentual_reducao?: string | number | null;
  cbs_percentual_reducao?: string | number | null;
}

export interface ItemIbsCbs {
  CST: string;
  cClassTrib: string;
  pIBSUF: number;
  pIBSMun: number;
  pCBS: number;
  pRedIBS?: number;
  pRedCBS?: number;
}

/** Whether an issuer of this tax regime code (CRT) writes IBS/CBS on its documents. */
export function issuerCarriesIbsCbs(crt: number): boolean {
  return crt === 3;
}

const bp = (value: string | number | null | undefined) => Math.round(Number(value ?? 0) * 100);
const text = (v: string | null) => (v ?? '').trim();

/** The item's IBS/CBS from its scenario, or null when its issuer leaves the group out. */
export function itemIbsCbs(scenario: ScenarioIbsCbs, crt: number, produto: string): ItemIbsCbs | null {
  if (!issuerCarriesIbsCbs(crt)) return null;
  const CST = text(scenario.ibscbs_cst);
  const cClassTrib = text(scenario.ibscbs_classificacao);
  if (!/^\d{3}$/.test(CST) || !/^\d{6}$/.test(cClassTrib)) throw new ValidationError(M.ibsCbsScenarioMissing(produto));
  if (cClassTrib.slice(0, 3) !== CST) throw new ValidationError(M.ibsCbsClassificationCst(produto));
  const pRedIBS = bp(scenario.ibs_percentual_reducao);
  const pRedCBS = bp(scenario.cbs_percentual_reducao);
  return {
    CST, cClassTrib, pIBSUF: bp(scenario.ibsuf_aliquota), pIBSMun: bp(scenario.ibsmun_aliquota), pCBS: bp(scenario.cbs_aliquota),
    ...(pRedIBS > 0 ? { pRedIBS } : {}), ...(pRedCBS > 0 ? { pRedCBS } : {}),
  };
}
