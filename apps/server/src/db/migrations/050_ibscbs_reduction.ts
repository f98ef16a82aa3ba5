/**
 * Tax reform (issue 31; NT 2025.002-RTC gRed): the rate reductions of a fiscal scenario's IBS/CBS classification, a
 * percentage of the rate (pRedAliq): one for the IBS (the UF and municipal shares take the same, as the official
 * classification table gives it) and one for the CBS (e.g. 200025: IBS 60%, CBS 100%). 0 = no reduction.
 */
export const sql = /* sql */ `
ALTER TABLE cenario_fiscal
  ADD COLUMN ibs_percentual_reducao numeric(7,4) NOT NULL DEFAULT 0 CHECK (ibs_percentual_reducao BETWEEN 0 AND 100),
  ADD COLUMN cbs_percentual_reducao numeric(7,4) NOT NULL DEFAULT 0 CHECK (cbs_percentual_reducao BETWEEN 0 AND 100);
`;
