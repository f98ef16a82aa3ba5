import { describe, expect, it } from 'vitest';
import { FISCAL_SETTINGS_MESSAGES as M, fiscalScenarioIssues, fiscalSeriesIssues } from './fiscal-settings.ts';

const sale = { regime_tributario: 1, operacao: 1, cfop_interno: '5102', cfop_externo: '6102', icms_csosn: '102', icms_cst: null };

describe('fiscal scenario rules', () => {
  it('accepts a Simples Nacional sale with a CSOSN and a normal-regime sale with a CST', () => {
    expect(fiscalScenarioIssues(sale)).toEqual([]);
    expect(fiscalScenarioIssues({ ...sale, regime_tributario: 3, icms_csosn: null, icms_cst: '00' })).toEqual([]);
    expect(fiscalScenarioIssues({ ...sale, regime_tributario: 4 })).toEqual([]);
    expect(fiscalScenarioIssues({ ...sale, regime_tributario: 2 })).toEqual([]);
  });

  it('refuses a CSOSN in the normal regime (3), beside the CSOSN', () => {
    expect(fiscalScenarioIssues({ ...sale, regime_tributario: 3 })).toEqual([{ field: 'icms_csosn', message: M.csosnRegime }]);
  });

  it('refuses an ICMS CST in regimes 1, 2 and 4', () => {
    for (const regime of [1, 2, 4]) {
      expect(fiscalScenarioIssues({ ...sale, regime_tributario: regime, icms_cst: '00' })).toEqual([{ field: 'icms_cst', message: M.cstRegime }]);
    }
  });

  it('checks the CFOP first digit against the operation: 5/6/7 for exits, 1/2/3 for entries', () => {
    expect(fiscalScenarioIssues({ ...sale, cfop_interno: '1102' })).toEqual([{ field: 'cfop_interno', message: M.cfopExit }]);
    const entry = { ...sale, operacao: 0, cfop_interno: '1202', cfop_externo: '2202' };
    expect(fiscalScenarioIssues(entry)).toEqual([]);
    expect(fiscalScenarioIssues({ ...entry, cfop_externo: '6202' })).toEqual([{ field: 'cfop_externo', message: M.cfopEntry }]);
    expect(fiscalScenarioIssues({ ...entry, cfop_externo: '3202' })).toEqual([]);
    expect(fiscalScenarioIssues({ ...sale, cfop_externo: '7102' })).toEqual([]);
  });

  it('checks internal against external: the internal starts with 5 or 1, the external with 6/2 (7/3 abroad)', () => {
    expect(fiscalScenarioIssues({ ...sale, cfop_interno: '6102' })).toEqual([{ field: 'cfop_interno', message: M.cfopInternal }]);
    expect(fiscalScenarioIssues({ ...sale, cfop_interno: '7102' })).toEqual([{ field: 'cfop_interno', message: M.cfopInternal }]);
    expect(fiscalScenarioIssues({ ...sale, cfop_externo: '5102' })).toEqual([{ field: 'cfop_externo', message: M.cfopExternal }]);
    expect(fiscalScenarioIssues({ ...sale, cfop_interno: '510' })).toEqual([{ field: 'cfop_interno', message: M.cfopFormat('CFOP interno') }]);
  });

  it('requires the IBS/CBS classification to start with its CST', () => {
    expect(fiscalScenarioIssues({ ...sale, ibscbs_cst: '000', ibscbs_classificacao: '000001' })).toEqual([]);
    expect(fiscalScenarioIssues({ ...sale, ibscbs_cst: '200', ibscbs_classificacao: '000001' })).toEqual([
      { field: 'ibscbs_classificacao', message: M.classificationCst('200') },
    ]);
    expect(fiscalScenarioIssues({ ...sale, ibscbs_cst: null, ibscbs_classificacao: '000001' })).toEqual([
      { field: 'ibscbs_cst', message: M.classificationWithoutCst },
    ]);
    expect(fiscalScenarioIssues({ ...sale, ibscbs_cst: '00', ibscbs_classificacao: '00001' })).toEqual([
      { field: 'ibscbs_cst', message: M.ibsCbsCstFormat },
      { field: 'ibscbs_classificacao', message: M.classificationFormat },
    ]);
  });

  it('checks only what a partial row says', () => {
    expect(fiscalScenarioIssues({ icms_csosn: '102' })).toEqual([]);
    expect(fiscalScenarioIssues({ cfop_interno: '1102' })).toEqual([]);
    expect(fiscalScenarioIssues({ ibscbs_classificacao: '200001' })).toEqual([]);
  });
});

describe('fiscal series rules', () => {
  it('in contingency, requires a justification of 15 to 256 characters', () => {
    expect(fiscalSeriesIssues({ is_contingencia: false, justificativa_contingencia: null })).toEqual([]);
    const issue = [{ field: 'justificativa_contingencia', message: M.contingencyJustification }];
    expect(fiscalSeriesIssues({ is_contingencia: true, justificativa_contingencia: null })).toEqual(issue);
    // A partial row without the justification leaves it to the stored one.
    expect(fiscalSeriesIssues({ is_contingencia: true })).toEqual([]);
    expect(fiscalSeriesIssues({ is_contingencia: true, justificativa_contingencia: 'x'.repeat(14) })).toEqual(issue);
    expect(fiscalSeriesIssues({ is_contingencia: true, justificativa_contingencia: `  ${'x'.repeat(14)}  ` })).toEqual(issue);
    expect(fiscalSeriesIssues({ is_contingencia: true, justificativa_contingencia: 'x'.repeat(15) })).toEqual([]);
    expect(fiscalSeriesIssues({ is_contingencia: true, justificativa_contingencia: 'x'.repeat(256) })).toEqual([]);
    expect(fiscalSeriesIssues({ is_contingencia: true, justificativa_contingencia: 'x'.repeat(257) })).toEqual(issue);
  });
});
