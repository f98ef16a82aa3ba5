import { describe, expect, it } from 'vitest';
import { ValidationError } from '@pdv/domain/errors';
import { parseNFe } from './danfe-parse.ts';
import { authorized, nfeSamples, sampleXml, setTag } from './danfe-testing.ts';

/** The schema's generated templates: every value is the placeholder "string". */
const TEMPLATES = [
  'sped-nfe/nfe_PL_10b_v1.30.xml',
  'sped-nfe/nfe_v4.00_PL_009q.xml',
  'sped-nfe/nfe_v4.00_PL_010C.xml',
  'sped-nfe/procNFe_PL_010C_cnpjalfa.xml',
];
const DOCUMENTS = nfeSamples().filter((path) => !TEMPLATES.includes(path));

describe('parseNFe', () => {
  it('finds the samples it is tested against', () => {
    expect(DOCUMENTS.length).toBeGreaterThanOrEqual(20);
  });

  it.each(DOCUMENTS)('reads %s into a DANFE with its key, items and totals', (path) => {
    const data = parseNFe(sampleXml(path));
    // The key repeats the note's model, series and number (cUF AAMM CNPJ mod serie nNF tpEmis cNF cDV).
    expect(data.chave).toMatch(/^\d{44}$/);
    expect(data.chave.slice(20, 22)).toBe(data.ide.mod);
    expect(data.chave.slice(22, 25)).toBe(data.ide.serie.padStart(3, '0'));
    expect(data.chave.slice(25, 34)).toBe(data.ide.nNF.padStart(9, '0'));
    expect(data.itens.length).toBeGreaterThan(0);
    expect(data.total.vNF).toBeGreaterThan(0);
    for (const item of data.itens) expect(Number.isSafeInteger(item.vProd)).toBe(true);
  });

  it.each(TEMPLATES)('refuses the schema template %s, naming the placeholder key', (path) => {
    expect(() => parseNFe(sampleXml(path))).toThrow('Chave de acesso inválida no Id de infNFe: "string"');
  });

  it('reads an offline-contingency NFC-e with its QR code, consultation URL and payment', () => {
    const data = parseNFe(sampleXml('sped-nfe/nfce_com_qrcode.xml'));
    expect(data.chave).toBe('29181033657677000156650010001654399001654399');
    expect(data.ide).toMatchObject({
      mod: '65',
      serie: '1',
      nNF: '165439',
      tpEmis: '9',
      tpAmb: '2',
      dhEmi: '2018-10-01T07:28:14-04:00',
      dhCont: '2018-10-01T14:54:34-04:00',
      xJust: 'PROBLEMAS TECNICOS',
    });
    expect(data.emit).toMatchObject({ CNPJ: '33657677000156', xNome: 'PMZ CENTRO NORTE S/A', IE: '130796832' });
    expect(data.dest).toBeNull();
    expect(data.itens[1]).toMatchObject({
      nItem: 2,
      cProd: '10029200332',
      cEAN: null,
      qCom: '1.0000',
      vUnCom: '53.7800',
      vProd: 5378,
      icms: { orig: '0', CST: '60', CSOSN: null },
    });
    expect(data.total).toMatchObject({ vProd: 15000, vNF: 15000, vPIS: 89, vCOFINS: 409, vTotTrib: 3575 });
    expect(data.pag).toEqual({
      detPag: [{ indPag: null, tPag: '04', xPag: null, vPag: 15000, card: null }],
      vTroco: 0,
    });
    expect(data.qrCode).toMatch(
      /^http:\/\/hnfe\.sefaz\.ba\.gov\.br\/.*\?p=29181033657677000156650010001654399001654399\|2\|2\|01\|150\.00\|/,
    );
    expect(data.urlChave).toBe('http://hinternet.sefaz.ba.gov.br/nfce/consulta');
    expect(data.infAdic.infCpl).toBe('11899318;422-JERK DIONNY;CLIENTE RECUSOU INFORMAR CPF/CNPJ NO CUPOM');
    expect(data.protocolo).toBeNull();
  });

  it('reads the protocol, instalments and recipient of an nfeProc', () => {
    const data = parseNFe(sampleXml('sped-nfe/nfe_layout4_com_prot.xml'));
    expect(data.protocolo).toEqual({
      nProt: '143180006932433',
      dhRecbto: '2018-09-25T16:21:05-03:00',
      cStat: '100',
      xMotivo: 'Autorizado o uso da NF-e',
    });
    expect(data.cobr).toEqual({
      fat: { nFat: '173', vOrig: 100, vDesc: 0, vLiq: 100 },
      dup: [{ nDup: '001', dVenc: '2018-12-31', vDup: 100 }],
    });
    expect(data.dest).toMatchObject({ CNPJ: '58716523000119', IE: '112006603110' });
    expect(data.dest?.enderDest).toMatchObject({ xMun: 'SAO PAULO', UF: 'SP', CEP: '04207040' });
    expect(data.ide.dhSaiEnt).toBe('2018-09-25T15:14:00-03:00');
    expect(data.transp).toEqual({ modFrete: '9', transporta: null, veicTransp: null, vol: [] });
  });

  it('reads item discounts, ICMS and IPI, carrier and volumes', () => {
    const data = parseNFe(sampleXml('nfelib/35180834128745000152550010000476861118934859-nfe.xml'));
    expect(data.itens).toHaveLength(41);
    expect(data.itens[0]).toMatchObject({
      cProd: '2094',
      xProd: 'GRANOLA TRADICIONAL 800G',
      NCM: '19041000',
      CFOP: '5401',
      qCom: '36.0000',
      vUnCom: '12.8400000',
      vProd: 46224,
      vDesc: 4622,
      icms: { CST: '70', vBC: 27736, pICMS: '18.00', vICMS: 4992, vBCST: 71285, vICMSST: 7839 },
      ipi: { CST: '51', pIPI: null, vIPI: 0 },
    });
    expect(data.total).toMatchObject({
      vBC: 197879,
      vICMS: 35356,
      vBCST: 243848,
      vST: 26358,
      vDesc: 12689,
      vNF: 325192,
    });
    expect(data.total.vTotTrib).toBeNull();
    expect(data.transp.transporta).toMatchObject({ CNPJ: '34128745000152', xMun: 'São João da Boa Vista', UF: 'SP' });
    expect(data.transp.vol).toEqual([
      { qVol: '43', esp: null, marca: null, nVol: null, pesoL: '198.700', pesoB: '198.700' },
    ]);
    expect(data.pag.detPag[0]?.tPag).toBe('15');
  });

  it('reads a recipient by CPF and one from abroad', () => {
    expect(parseNFe(sampleXml('nfelib/35180834128745000152550010000476121675985748-nfe.xml')).dest?.CPF).toBe(
      '68834846982',
    );
    const foreign = parseNFe(sampleXml('nfelib/42210775277525000178550030000266631762885493-procNFe.xml')).dest;
    expect(foreign).toMatchObject({ CPF: null, CNPJ: null, idEstrangeiro: 'EXTERIOR' });
  });

  it('takes the key from an Id written without the NFe prefix', () => {
    const data = parseNFe(sampleXml('nfelib/NFe35200159594315000157550010000000012062777161.xml'));
    expect(data.chave).toBe('35200159594315000157550010000000012062777161');
  });

  it('reads a layout 3.10 note, which has no payment group', () => {
    const data = parseNFe(sampleXml('sped-nfe/2017protocoled.xml'));
    expect(data.versao).toBe('3.10');
    expect(data.pag).toEqual({ detPag: [], vTroco: 0 });
    expect(data.protocolo?.cStat).toBe('100');
  });

  it('reads the protocol of an NFC-e authorised later', () => {
    const data = parseNFe(authorized(sampleXml('sped-nfe/nfce.xml')));
    expect(data.ide.mod).toBe('65');
    expect(data.protocolo).toMatchObject({ nProt: '141200000012345', cStat: '100' });
  });

  it('refuses an amount that is not a number, naming the field', () => {
    const xml = setTag(sampleXml('sped-nfe/nfce.xml'), 'vNF', '30,00');
    expect(() => parseNFe(xml)).toThrow(ValidationError);
    expect(() => parseNFe(xml)).toThrow('XML da NF-e inválido: vNF "30,00" não é um valor');
  });

  it('refuses a document that is not an NF-e', () => {
    expect(() => parseNFe('<CFe><infCFe/></CFe>')).toThrow('raiz <CFe> não é NFe nem nfeProc');
    expect(() => parseNFe('<NFe><infNFe Id="NFe123"></infNFe></NFe>')).toThrow('Chave de acesso inválida');
  });
});
