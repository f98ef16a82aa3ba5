/**
 * A fiscal scenario's exceptions (cenario_fiscal_excecao, 002 §3 Fiscal configuration): other tax codes and rates for
 * a destination state (uf) and/or an NCM. When an invoice item is issued, the exceptions of its scenario that match
 * the item (each condition given must hold: the destination's state, the item's NCM) are looked at, and the most
 * specific one wins: state and NCM, then NCM only, then state only; among equals, the first registered (lowest id).
 *
 * What the winner replaces: the CFOP and the ICMS CST / CSOSN when it gives them (empty keeps the scenario's), and the
 * ICMS rate always (an exception is the ICMS of that state or NCM: its rate column is never empty, 0 being a rate), and
 * likewise the ICMS-ST rate, the MVA and the FCP rate (the ST of a state is the reason most exceptions exist) when the
 * row carries them (icms-st.ts turns them into the item's ST and FCP).
 */

export interface ScenarioExceptionRow {
  id_cenario_fiscal_excecao: number;
  uf: string | null;
  codigo_ncm: string | null;
  cfop: string | null;
  icms_cst: string | null;
  icms_csosn: string | null;
  /** Percent, as the column holds it ('18.0000' or 18). */
  icms_aliquota: string | number;
  icmsst_aliquota?: string | number;
  icmsst_mva?: string | number;
  fcp_percentual?: string | number;
}

/** What the scenario gives an item and an exception may replace. */
export interface ItemTaxes {
  cfop: string | null;
  icms_cst: string | null;
  icms_csosn: string | null;
  icms_aliquota: string | number;
  icmsst_aliquota?: string | number | null;
  icmsst_mva?: string | number | null;
  fcp_percentual?: string | number | null;
}

export interface ItemFacts {
  /** The destination's state: the recipient's, or the emitter's for a sale at the counter (NFC-e, no address). */
  uf: string | null;
  codigo_ncm: string | null;
}

const given = (v: string | null): v is string => v !== null && v.trim() !== '';

/** The exception that applies to the item, or null. */
export function matchingException<E extends ScenarioExceptionRow>(exceptions: readonly E[], item: ItemFacts): E | null {
  const weight = (e: E) => (given(e.codigo_ncm) ? 2 : 0) + (given(e.uf) ? 1 : 0);
  const matches = exceptions.filter(
    (e) =>
      (given(e.uf) || given(e.codigo_ncm)) &&
      (!given(e.uf) || e.uf.toUpperCase() === (item.uf ?? '').toUpperCase()) &&
      (!given(e.codigo_ncm) || e.codigo_ncm === item.codigo_ncm),
  );
  return [...matches].sort((a, b) => weight(b) - weight(a) || a.id_cenario_fiscal_excecao - b.id_cenario_fiscal_excecao)[0] ?? null;
}

/** The item's taxes after its scenario's exceptions. */
export function applyScenarioException<T extends ItemTaxes>(taxes: T, exceptions: readonly ScenarioExceptionRow[], item: ItemFacts): T {
  const e = matchingException(exceptions, item);
  if (!e) return taxes;
  return {
    ...taxes,
    cfop: given(e.cfop) ? e.cfop : taxes.cfop,
    icms_cst: given(e.icms_cst) ? e.icms_cst : taxes.icms_cst,
    icms_csosn: given(e.icms_csosn) ? e.icms_csosn : taxes.icms_csosn,
    icms_aliquota: e.icms_aliquota,
    ...(e.icmsst_aliquota !== undefined ? { icmsst_aliquota: e.icmsst_aliquota } : {}),
    ...(e.icmsst_mva !== undefined ? { icmsst_mva: e.icmsst_mva } : {}),
    ...(e.fcp_percentual !== undefined ? { fcp_percentual: e.fcp_percentual } : {}),
  };
}
