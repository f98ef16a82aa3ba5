import { describe, expect, it } from 'vitest';
import { effectiveRate, ibsCbsXml, icmsXml, ipiXml, pisCofinsXml } from './nfe-taxes.ts';

describe('icmsXml (normal regime, by CST)', () => {
  it('CST 00: base × rate, FCP on the same base', () => {
    const { xml, values } = icmsXml({ orig: 0, CST: '00', pICMS: 1800, pFCP: 200 }, 10_000);
    expect(xml).toBe('<ICMS><ICMS00><orig>0</orig><CST>00</CST><modBC>3</modBC><vBC>100.00</vBC><pICMS>18.00</pICMS><vICMS>18.00</vICMS><pFCP>2.00</pFCP><vFCP>2.00</vFCP></ICMS00></ICMS>');
    expect(values).toMatchObject({ vBC: 10_000, vICMS: 1800, vFCP: 200, vST: 0 });
  });

  it('CST 20: reduces the base first, and rounds half-up once', () => {
    const { values } = icmsXml({ orig: 0, CST: '20', pRedBC: 3333, pICMS: 1800 }, 4990);
    // 49.90 - 33.33% = 33.27 (16.63 off), 18% of 33.27 = 5.9886 -> 5.99
    expect(values).toMatchObject({ vBC: 3327, vICMS: 599 });
  });

  it('CST 10: ST on the base plus IPI and MVA, minus the own ICMS', () => {
    const { xml, values } = icmsXml({ orig: 0, CST: '10', pICMS: 1200, pMVAST: 4000, pICMSST: 1800 }, 10_000, 500);
    // own 12.00; ST base (100 + 5 IPI) × 1.4 = 147.00; 18% = 26.46 - 12.00 = 14.46
    expect(values).toMatchObject({ vICMS: 1200, vBCST: 14_700, vST: 1446 });
    expect(xml).toContain('<modBCST>4</modBCST><pMVAST>40.00</pMVAST><vBCST>147.00</vBCST><pICMSST>18.00</pICMSST><vICMSST>14.46</vICMSST>');
  });

  it('CST 10 with FCP: vBCFCP/pFCP/vFCP on the own operation, vBCFCPST/pFCPST/vFCPST net of it', () => {
    const { xml, values } = icmsXml({ orig: 0, CST: '10', pICMS: 1200, pFCP: 200, modBCST: 4, pMVAST: 4000, pICMSST: 1800, pFCPST: 200 }, 10_000);
    // own 12.00 and FCP 2.00; ST base 140.00: 25.20 − 12.00 = 13.20; FCP-ST 2.80 − 2.00 = 0.80
    expect(xml).toBe('<ICMS><ICMS10><orig>0</orig><CST>10</CST><modBC>3</modBC><vBC>100.00</vBC><pICMS>12.00</pICMS><vICMS>12.00</vICMS>'
      + '<vBCFCP>100.00</vBCFCP><pFCP>2.00</pFCP><vFCP>2.00</vFCP><modBCST>4</modBCST><pMVAST>40.00</pMVAST><vBCST>140.00</vBCST>'
      + '<pICMSST>18.00</pICMSST><vICMSST>13.20</vICMSST><vBCFCPST>140.00</vBCFCPST><pFCPST>2.00</pFCPST><vFCPST>0.80</vFCPST></ICMS10></ICMS>');
    expect(values).toMatchObject({ vFCP: 200, vBCST: 14_000, vST: 1320, vFCPST: 80 });
  });

  it('CST 40/41/50: only origin, CST and an optional relief', () => {
    expect(icmsXml({ orig: 2, CST: '41' }, 10_000).xml).toBe('<ICMS><ICMS40><orig>2</orig><CST>41</CST></ICMS40></ICMS>');
    const { xml, values } = icmsXml({ orig: 0, CST: '40', vICMSDeson: 1800, motDesICMS: 7, indDeduzDeson: 1 }, 10_000);
    expect(xml).toContain('<vICMSDeson>18.00</vICMSDeson><motDesICMS>7</motDesICMS><indDeduzDeson>1</indDeduzDeson>');
    expect(values).toMatchObject({ vICMSDeson: 1800, deductDeson: true });
  });

  it('CST 51: the deferred share comes off the operation ICMS', () => {
    const { xml, values } = icmsXml({ orig: 0, CST: '51', pICMS: 1800, pDif: 3333 }, 10_000);
    expect(xml).toContain('<vICMSOp>18.00</vICMSOp><pDif>33.33</pDif><vICMSDif>6.00</vICMSDif><vICMS>12.00</vICMS>');
    expect(values.vICMS).toBe(1200);
  });

  it('CST 60: repeats the ST charged before, and carries retained FCP into the totals', () => {
    const { xml, values } = icmsXml({ orig: 0, CST: '60', vBCSTRet: 5000, pST: 1800, vICMSSTRet: 900, vFCPSTRet: 100, pFCPSTRet: 200 }, 10_000);
    expect(xml).toBe('<ICMS><ICMS60><orig>0</orig><CST>60</CST><vBCSTRet>50.00</vBCSTRet><pST>18.00</pST><vICMSSTRet>9.00</vICMSSTRet><vBCFCPSTRet>50.00</vBCFCPSTRet><pFCPSTRet>2.00</pFCPSTRet><vFCPSTRet>1.00</vFCPSTRet></ICMS60></ICMS>');
    expect(values).toMatchObject({ vICMS: 0, vFCPSTRet: 100 });
  });

  it('takes the amounts the caller gives instead of computing them', () => {
    expect(icmsXml({ orig: 0, CST: '00', pICMS: 1800, vBC: 5000, vICMS: 901 }, 10_000).values).toMatchObject({ vBC: 5000, vICMS: 901 });
  });

  it('refuses a missing or double code and a relief without its reason', () => {
    expect(() => icmsXml({ orig: 0 }, 100)).toThrow('CST ou CSOSN do ICMS não informado.');
    expect(() => icmsXml({ orig: 0, CST: '00', CSOSN: '102' }, 100)).toThrow('Informe CST ou CSOSN do ICMS, não ambos.');
    expect(() => icmsXml({ orig: 0, CST: '20', pRedBC: 100, pICMS: 100, vICMSDeson: 5 }, 100)).toThrow('Motivo da desoneração do ICMS');
  });
});

describe('icmsXml (Simples Nacional, by CSOSN)', () => {
  it('101: the credit the buyer may take', () => {
    const { xml, values } = icmsXml({ orig: 0, CSOSN: '101', pCredSN: 125 }, 10_000);
    expect(xml).toBe('<ICMS><ICMSSN101><orig>0</orig><CSOSN>101</CSOSN><pCredSN>1.25</pCredSN><vCredICMSSN>1.25</vCredICMSSN></ICMSSN101></ICMS>');
    expect(values.vICMS).toBe(0);
  });

  it('102, 103, 300 and 400 share one group', () => {
    for (const CSOSN of ['102', '103', '300', '400'] as const) {
      expect(icmsXml({ orig: 0, CSOSN }, 100).xml).toBe(`<ICMS><ICMSSN102><orig>0</orig><CSOSN>${CSOSN}</CSOSN></ICMSSN102></ICMS>`);
    }
  });

  it('202: ST of a Simples shop counts in vBCST and vST', () => {
    const { values } = icmsXml({ orig: 0, CSOSN: '202', pMVAST: 3000, pICMSST: 1800 }, 10_000);
    expect(values).toMatchObject({ vBCST: 13_000, vST: 2340 });
  });

  it('500 and 900 write their groups', () => {
    expect(icmsXml({ orig: 0, CSOSN: '500' }, 100).xml).toBe('<ICMS><ICMSSN500><orig>0</orig><CSOSN>500</CSOSN></ICMSSN500></ICMS>');
    expect(icmsXml({ orig: 0, CSOSN: '900', pICMS: 1200 }, 10_000).values).toMatchObject({ vBC: 10_000, vICMS: 1200 });
  });
});

describe('IPI, PIS, COFINS and IBS/CBS', () => {
  it('IPI taxed by rate, and IPINT for the untaxed CSTs', () => {
    expect(ipiXml({ CST: '50', pIPI: 500 }, 10_000)).toEqual({
      xml: '<IPI><cEnq>999</cEnq><IPITrib><CST>50</CST><vBC>100.00</vBC><pIPI>5.00</pIPI><vIPI>5.00</vIPI></IPITrib></IPI>', vIPI: 500,
    });
    expect(ipiXml({ CST: '53' }, 10_000)).toEqual({ xml: '<IPI><cEnq>999</cEnq><IPINT><CST>53</CST></IPINT></IPI>', vIPI: 0 });
  });

  it('PIS/COFINS by rate, not taxed and other', () => {
    expect(pisCofinsXml('PIS', { CST: '01', p: 165 }, 10_000)).toEqual({
      xml: '<PIS><PISAliq><CST>01</CST><vBC>100.00</vBC><pPIS>1.65</pPIS><vPIS>1.65</vPIS></PISAliq></PIS>', value: 165,
    });
    expect(pisCofinsXml('COFINS', { CST: '7' }, 10_000)).toEqual({ xml: '<COFINS><COFINSNT><CST>07</CST></COFINSNT></COFINS>', value: 0 });
    expect(pisCofinsXml('COFINS', { CST: '99', vBC: 5000, p: 760 }, 10_000).value).toBe(380);
    expect(() => pisCofinsXml('PIS', { CST: '03' }, 100)).toThrow('CST de PIS não suportado: 03.');
  });

  it('IBS/CBS with rates writes gIBSCBS with UF, municipal and federal shares', () => {
    const { xml, values } = ibsCbsXml({ CST: '000', cClassTrib: '000001', pIBSUF: 10, pCBS: 90 }, 10_000);
    expect(xml).toBe('<IBSCBS><CST>000</CST><cClassTrib>000001</cClassTrib><gIBSCBS><vBC>100.00</vBC><gIBSUF><pIBSUF>0.10</pIBSUF><vIBSUF>0.10</vIBSUF></gIBSUF><gIBSMun><pIBSMun>0.00</pIBSMun><vIBSMun>0.00</vIBSMun></gIBSMun><vIBS>0.10</vIBS><gCBS><pCBS>0.90</pCBS><vCBS>0.90</vCBS></gCBS></gIBSCBS></IBSCBS>');
    expect(values).toEqual({ vBC: 10_000, vIBSUF: 10, vIBSMun: 0, vIBS: 10, vCBS: 90 });
  });

  it('IBS/CBS without rates (exemption) writes only CST and class', () => {
    expect(ibsCbsXml({ CST: '410', cClassTrib: '410001' }, 100)).toEqual({ xml: '<IBSCBS><CST>410</CST><cClassTrib>410001</cClassTrib></IBSCBS>', values: null });
    expect(() => ibsCbsXml({ CST: '41', cClassTrib: '410001' }, 100)).toThrow("CST de IBS/CBS inválido: '41'.");
  });

  it('IBS/CBS with reductions writes gRed with the effective rate and taxes on it', () => {
    // cClassTrib 200025-like: IBS reduced by 60%, CBS by 100%; 2026 test rates 0.10% and 0.90% on 1,234.56.
    const { xml, values } = ibsCbsXml({ CST: '200', cClassTrib: '200025', pIBSUF: 10, pIBSMun: 0, pCBS: 90, pRedIBS: 6000, pRedCBS: 10_000 }, 123_456);
    expect(xml).toContain('<gIBSUF><pIBSUF>0.10</pIBSUF><gRed><pRedAliq>60.0000</pRedAliq><pAliqEfet>0.0400</pAliqEfet></gRed><vIBSUF>0.49</vIBSUF></gIBSUF>');
    expect(xml).toContain('<gCBS><pCBS>0.90</pCBS><gRed><pRedAliq>100.0000</pRedAliq><pAliqEfet>0.0000</pAliqEfet></gRed><vCBS>0.00</vCBS></gCBS>');
    expect(values).toEqual({ vBC: 123_456, vIBSUF: 49, vIBSMun: 0, vIBS: 49, vCBS: 0 });
    expect(effectiveRate(90, 3333)).toBe(6000); // 0.90 × 0.6667 = 0.60003 → 0.6000
    expect(() => ibsCbsXml({ CST: '200', cClassTrib: '200025', pCBS: 90, pRedCBS: 10_001 }, 100)).toThrow('Percentual de redução de alíquota inválido: 100.01.');
  });
});
