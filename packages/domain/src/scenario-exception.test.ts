import { describe, expect, it } from 'vitest';
import { applyScenarioException, matchingException, type ScenarioExceptionRow } from './scenario-exception.ts';

const ex = (id: number, over: Partial<ScenarioExceptionRow>): ScenarioExceptionRow => ({
  id_cenario_fiscal_excecao: id, uf: null, codigo_ncm: null, cfop: null, icms_cst: null, icms_csosn: null, icms_aliquota: 0, ...over,
});
const taxes = { cfop: '5102', icms_cst: '00', icms_csosn: null, icms_aliquota: '18.0000', pis_cst: '01' };

describe('fiscal scenario exceptions', () => {
  it('applies to an item only when every condition it gives holds', () => {
    const rj = ex(1, { uf: 'RJ', icms_aliquota: 20 });
    const shirts = ex(2, { codigo_ncm: '61091000', icms_aliquota: 12 });
    const both = ex(3, { uf: 'RJ', codigo_ncm: '61091000', icms_aliquota: 7 });
    expect(matchingException([rj, shirts, both], { uf: 'SP', codigo_ncm: '62034200' })).toBeNull();
    expect(matchingException([rj, shirts], { uf: 'RJ', codigo_ncm: '62034200' })).toBe(rj);
    expect(matchingException([rj, shirts], { uf: 'SP', codigo_ncm: '61091000' })).toBe(shirts);
  });

  it('takes the most specific: state and NCM, then NCM, then state; the first registered among equals', () => {
    const rj = ex(1, { uf: 'RJ' });
    const shirts = ex(2, { codigo_ncm: '61091000' });
    const both = ex(3, { uf: 'rj', codigo_ncm: '61091000' });
    const shirtsAgain = ex(4, { codigo_ncm: '61091000' });
    expect(matchingException([rj, shirts, both], { uf: 'RJ', codigo_ncm: '61091000' })).toBe(both);
    expect(matchingException([shirtsAgain, rj, shirts], { uf: 'RJ', codigo_ncm: '61091000' })).toBe(shirts);
  });

  it("replaces the CFOP and the ICMS code it gives and the ICMS rate, keeping the scenario's other values", () => {
    const out = applyScenarioException(taxes, [ex(1, { uf: 'RJ', cfop: '6108', icms_cst: '20', icms_aliquota: '12.0000' })], { uf: 'RJ', codigo_ncm: null });
    expect(out).toEqual({ cfop: '6108', icms_cst: '20', icms_csosn: null, icms_aliquota: '12.0000', pis_cst: '01' });
    const rateOnly = applyScenarioException(taxes, [ex(1, { codigo_ncm: '61091000', icms_aliquota: 7 })], { uf: 'SP', codigo_ncm: '61091000' });
    expect(rateOnly).toEqual({ ...taxes, icms_aliquota: 7 });
    expect(applyScenarioException(taxes, [], { uf: 'SP', codigo_ncm: '61091000' })).toBe(taxes);
  });

  it("replaces the scenario's ST rate, MVA and FCP with the winner's", () => {
    const withSt = { ...taxes, icmsst_aliquota: '0.0000', icmsst_mva: '0.0000', fcp_percentual: '0.0000' };
    const rj = ex(1, { uf: 'RJ', icms_cst: '10', icms_aliquota: 12, icmsst_aliquota: '20.0000', icmsst_mva: '45.5000', fcp_percentual: '2.0000' });
    expect(applyScenarioException(withSt, [rj], { uf: 'RJ', codigo_ncm: null })).toEqual({
      ...withSt, icms_cst: '10', icms_aliquota: 12, icmsst_aliquota: '20.0000', icmsst_mva: '45.5000', fcp_percentual: '2.0000',
    });
  });
});
