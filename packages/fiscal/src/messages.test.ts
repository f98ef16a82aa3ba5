import { describe, expect, it } from 'vitest';
import { loadCertificate } from './certificate.ts';
import { buildConsReciNFe, buildConsSitNFe, buildConsStatServ, buildEnviNFe, buildInutNFe, buildNfeProc, inutId } from './messages.ts';
import { buildNFeXml } from './nfe-xml.ts';
import { signXml, verifyXmlSignature } from './sign.ts';
import { makeNFCeInput, makeNFeInput } from './testing/nfe-factory.ts';
import { createTestCertificate, TEST_CERTIFICATE_PASSWORD } from './testing/test-certificate.ts';
import { validateXml } from './validate.ts';

const certificate = loadCertificate(createTestCertificate({ cnpj: '11222333000181', name: 'LOJA DEMO MODA LTDA' }), TEST_CERTIFICATE_PASSWORD);
const NS = 'xmlns="http://www.portalfiscal.inf.br/nfe"';

describe('inutNFe', () => {
  const input = { tpAmb: 2 as const, cUF: '35', ano: 2026, CNPJ: '11.222.333/0001-81', mod: 65 as const, serie: 1, nNFIni: 10, nNFFin: 12,
    xJust: 'Numeracao pulada por falha do sistema' };

  it('builds the Id from state, year, CNPJ, model, series and range', () => {
    expect(inutId({ cUF: '35', ano: '26', CNPJ: '11222333000181', mod: 65, serie: 1, nNFIni: 10, nNFFin: 12 }))
      .toBe('ID35261122233300018165001000000010000000012');
    expect(buildInutNFe(input)).toBe(
      `<inutNFe ${NS} versao="4.00"><infInut Id="ID35261122233300018165001000000010000000012"><tpAmb>2</tpAmb>`
      + '<xServ>INUTILIZAR</xServ><cUF>35</cUF><ano>26</ano><CNPJ>11222333000181</CNPJ><mod>65</mod><serie>1</serie>'
      + '<nNFIni>10</nNFIni><nNFFin>12</nNFFin><xJust>Numeracao pulada por falha do sistema</xJust></infInut></inutNFe>',
    );
  });

  it('validates against inutNFe_v4.00.xsd once signed', async () => {
    const signed = signXml(buildInutNFe(input), { tag: 'infInut', certificate });
    await expect(validateXml(signed, 'inutNFe')).resolves.toEqual({ valid: true, errors: [] });
    expect(verifyXmlSignature(signed).valid).toBe(true);
  });

  it('refuses an inverted range and a short justification', () => {
    expect(() => buildInutNFe({ ...input, nNFIni: 12, nNFFin: 10 })).toThrow('Faixa de numeração inválida');
    expect(() => buildInutNFe({ ...input, xJust: 'erro' })).toThrow('A justificativa da inutilização deve ter de 15 a 255 caracteres.');
  });
});

describe('consultations', () => {
  it('builds consSitNFe and consStatServ that validate', async () => {
    const consSit = buildConsSitNFe({ tpAmb: 2, chNFe: '35260511222333000181650010000000011817822496' });
    expect(consSit).toBe(`<consSitNFe ${NS} versao="4.00"><tpAmb>2</tpAmb><xServ>CONSULTAR</xServ><chNFe>35260511222333000181650010000000011817822496</chNFe></consSitNFe>`);
    const consStat = buildConsStatServ({ tpAmb: 1, cUF: '35' });
    expect(consStat).toBe(`<consStatServ ${NS} versao="4.00"><tpAmb>1</tpAmb><cUF>35</cUF><xServ>STATUS</xServ></consStatServ>`);
    await expect(validateXml(consSit, 'consSitNFe')).resolves.toEqual({ valid: true, errors: [] });
    await expect(validateXml(consStat, 'consStatServ')).resolves.toEqual({ valid: true, errors: [] });
    await expect(validateXml(buildConsReciNFe({ tpAmb: 2, nRec: '351000000000001' }), 'consReciNFe')).resolves.toMatchObject({ valid: true });
  });

  it('refuses a key with a wrong check digit and an unknown state', () => {
    expect(() => buildConsSitNFe({ tpAmb: 2, chNFe: '35260511222333000181650010000000011817822497' })).toThrow('Chave de acesso inválida');
    expect(() => buildConsStatServ({ tpAmb: 2, cUF: '99' })).toThrow("Código da UF inválido: '99'.");
  });
});

describe('enviNFe', () => {
  it('batches signed NFe byte for byte, and the batch validates with every signature intact', async () => {
    const nfes = [1, 2].map((nNF) => signXml(buildNFeXml(makeNFeInput({ ide: { ...makeNFeInput().ide, nNF } })).xml, { tag: 'infNFe', certificate }));
    const batch = buildEnviNFe({ idLote: 42, indSinc: 0, nfes: [`<?xml version="1.0" encoding="UTF-8"?>\n${nfes[0]}`, nfes[1]!] });
    expect(batch).toBe(`<enviNFe ${NS} versao="4.00"><idLote>42</idLote><indSinc>0</indSinc>${nfes[0]}${nfes[1]}</enviNFe>`);
    await expect(validateXml(batch, 'enviNFe')).resolves.toEqual({ valid: true, errors: [] });
    expect(verifyXmlSignature(batch)).toMatchObject({ valid: true, signatures: [{ valid: true }, { valid: true }] });
  });

  it('refuses an empty batch and something that is not an NFe', () => {
    expect(() => buildEnviNFe({ idLote: 1, indSinc: 1, nfes: [] })).toThrow('Um lote tem de 1 a 50 notas fiscais.');
    expect(() => buildEnviNFe({ idLote: 1, indSinc: 1, nfes: ['<evento/>'] })).toThrow('esperado o elemento NFe');
  });
});

describe('buildNfeProc', () => {
  const signed = signXml(buildNFeXml(makeNFCeInput()).xml, { tag: 'infNFe', certificate });
  const chave = /Id="NFe(\d{44})"/.exec(signed)![1]!;
  const prot = (key: string) => '<protNFe versao="4.00"><infProt><tpAmb>2</tpAmb><verAplic>SP_NFCE_PL_009_V400</verAplic>'
    + `<chNFe>${key}</chNFe><dhRecbto>2026-05-04T10:30:05-03:00</dhRecbto><nProt>135260000000001</nProt>`
    + '<digVal>AAAAAAAAAAAAAAAAAAAAAAAAAAA=</digVal><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe>';

  it('joins the signed NFe and its protocol into an nfeProc that validates, signature intact', async () => {
    const proc = buildNfeProc(signed, prot(chave));
    expect(proc.startsWith(`<nfeProc ${NS} versao="4.00">${signed}<protNFe versao="4.00">`)).toBe(true);
    await expect(validateXml(proc, 'procNFe')).resolves.toEqual({ valid: true, errors: [] });
    expect(verifyXmlSignature(proc).valid).toBe(true);
  });

  it('refuses a protocol of another key', () => {
    expect(() => buildNfeProc(signed, prot('35260511222333000181650010000000021817822493'))).toThrow(
      'O protocolo não corresponde a esta NF-e (chave de acesso diferente).',
    );
  });
});
