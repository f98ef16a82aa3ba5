import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isValidAccessKey, isValidCNF, parseAccessKey } from './access-key.ts';
import { loadCertificate } from './certificate.ts';
import { emitSignedNFe, SchemaValidationError } from './emit.ts';
import { buildNFeXml, dateTimeTz, HOMOLOGATION_DEST_NAME } from './nfe-xml.ts';
import { HOMOLOGATION_TEXT } from './nfe-det.ts';
import { signXml, verifyXmlSignature } from './sign.ts';
import { makeItem, makeNFCeInput, makeNFeInput, TEST_EMITTER_CNPJ } from './testing/nfe-factory.ts';
import { createTestCertificate, TEST_CERTIFICATE_PASSWORD } from './testing/test-certificate.ts';
import type { NFeInput } from './types.ts';
import { validateXml } from './validate.ts';

const certificate = loadCertificate(createTestCertificate({ cnpj: TEST_EMITTER_CNPJ, name: 'LOJA DEMO MODA LTDA' }), TEST_CERTIFICATE_PASSWORD);
const between = (xml: string, tag: string) => xml.slice(xml.indexOf(`<${tag}>`), xml.indexOf(`</${tag}>`) + tag.length + 3);

/** A normal-regime NF-e going through most groups: ICMS by several CSTs, ST, FCP, IPI, PIS/COFINS, IBS/CBS, transport. */
function fullNFe(): NFeInput {
  const base = makeNFeInput();
  return makeNFeInput({
    emit: { ...base.emit, CRT: 3 },
    det: [
      makeItem({ CFOP: '6102', vDesc: 100, vFrete: 250, qCom: 2500, vUnCom: 1999 }, {
        ICMS: { orig: 0, CST: '00', pICMS: 1200, pFCP: 200 }, IPI: { CST: '50', pIPI: 500 }, PIS: { CST: '01', p: 165 },
        COFINS: { CST: '01', p: 760 }, IBSCBS: { CST: '000', cClassTrib: '000001', pIBSUF: 10, pCBS: 90 }, vTotTrib: 1234,
      }),
      makeItem({ CFOP: '6403' }, { ICMS: { orig: 0, CST: '10', pICMS: 1200, pFCP: 200, modBCST: 4, pMVAST: 4000, pICMSST: 1800, pFCPST: 200 } }),
      makeItem({ CFOP: '6102' }, { ICMS: { orig: 0, CST: '20', pRedBC: 3333, pICMS: 1800, vICMSDeson: 100, motDesICMS: 9, indDeduzDeson: 1 } }),
      makeItem({ CFOP: '6405', cEAN: '7891000315508' }, { ICMS: { orig: 1, CST: '60', vBCSTRet: 1000, pST: 1800, vICMSSTRet: 180 } }),
      makeItem({ CFOP: '6102' }, { ICMS: { orig: 0, CST: '70', pRedBC: 1000, pICMS: 1800, pICMSST: 1800, pMVAST: 3000 } }),
      makeItem({ CFOP: '6102' }, { ICMS: { orig: 0, CST: '90', pICMS: 1200, pFCP: 200, modBCST: 6, pICMSST: 1800, pFCPST: 200 } }),
      makeItem({ CFOP: '6102', indTot: 0 }, { ICMS: { orig: 0, CST: '90', pICMS: 1800 } }),
    ],
    transp: { modFrete: 0, transporta: { CNPJ: '11444777000161', xNome: 'TRANSPORTES LTDA', UF: 'SP' },
      veicTransp: { placa: 'ABC-1D23', UF: 'SP' }, vol: [{ qVol: 2, esp: 'CAIXA', pesoL: 12_500, pesoB: 13_250 }] },
    pag: { detPag: [{ indPag: 1, tPag: '15', vPag: 32_000 }] },
    infAdic: { infCpl: 'Pedido 123\nEntregar no período da manhã' },
    infRespTec: { CNPJ: '11444777000161', xContato: 'Suporte PDV', email: 'suporte@example.com.br', fone: '(11) 3333-4444', CSRT: { idCSRT: '1', token: 'TOKEN' } },
  });
}

describe('buildNFeXml', () => {
  const nfce = buildNFeXml(makeNFCeInput());

  it('writes NFe > infNFe with version and Id from the key, no whitespace between elements', () => {
    expect(nfce.xml.startsWith(`<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe versao="4.00" Id="NFe${nfce.chave}"><ide><cUF>35</cUF><cNF>81782249</cNF>`)).toBe(true);
    expect(nfce.xml).not.toMatch(/>\s+</);
    expect(isValidAccessKey(nfce.chave)).toBe(true);
    expect(parseAccessKey(nfce.chave)).toMatchObject({ cUF: '35', aamm: '2605', cnpj: TEST_EMITTER_CNPJ, mod: '65', serie: 1, nNF: 1, tpEmis: 1, cNF: '81782249' });
    expect(nfce.xml).toContain(`<cDV>${nfce.chave.slice(-1)}</cDV>`);
  });

  it('puts infNFeSupl with the QR code and urlChave right after infNFe (NFC-e)', () => {
    expect(nfce.xml).toMatch(/<\/infNFe><infNFeSupl><qrCode>https:\/\/www\.homologacao\.nfce\.fazenda\.sp\.gov\.br\/[^<]+\?p=\d{44}\|2\|2\|1\|[0-9A-F]{40}<\/qrCode><urlChave>https:\/\/www\.homologacao\.nfce\.fazenda\.sp\.gov\.br\/consulta<\/urlChave><\/infNFeSupl><\/NFe>$/);
    expect(nfce.qrCode).toContain(`?p=${nfce.chave}|2|2|1|`);
  });

  it('gives an NFC-e consumer with only a CPF just the CPF (and the non-contributor flag)', () => {
    const xml = buildNFeXml(makeNFCeInput({ dest: { CPF: '529.982.247-25' } })).xml;
    expect(between(xml, 'dest')).toBe('<dest><CPF>52998224725</CPF><indIEDest>9</indIEDest></dest>');
  });

  it('writes a barcode only when its GTIN check digit holds', () => {
    const xml = buildNFeXml(makeNFCeInput({ det: [makeItem({ cEAN: '7891000315508' }), makeItem({ cEAN: '7891000315507' }), makeItem({ cEAN: null })] })).xml;
    expect(xml.match(/<cEAN>[^<]*<\/cEAN>/g)).toEqual(['<cEAN>SEM GTIN</cEAN>', '<cEAN>7891000315507</cEAN>', '<cEAN>SEM GTIN</cEAN>']);
    expect(xml.match(/<cEANTrib>[^<]*<\/cEANTrib>/g)).toEqual(['<cEANTrib>SEM GTIN</cEANTrib>', '<cEANTrib>7891000315507</cEANTrib>', '<cEANTrib>SEM GTIN</cEANTrib>']);
  });

  it('escapes text and writes decimals with the places of the schema', () => {
    const xml = buildNFeXml(makeNFCeInput({ ide: { ...makeNFCeInput().ide, tpAmb: 1 }, det: [makeItem({ xProd: 'CAFÉ <ESPECIAL> & CIA', qCom: 1500, vUnCom: 1999 })] })).xml;
    expect(xml).toContain('<xProd>CAFÉ &lt;ESPECIAL&gt; &amp; CIA</xProd>');
    expect(xml).toContain('<qCom>1.5000</qCom><vUnCom>19.99</vUnCom><vProd>29.99</vProd>');
  });

  it('follows the homologation rules: first item of an NFC-e and the NF-e recipient get the fixed texts', () => {
    expect(nfce.xml).toContain(`<xProd>${HOMOLOGATION_TEXT}</xProd>`);
    const nfe = buildNFeXml(makeNFeInput()).xml;
    expect(nfe).toContain(`<xNome>${HOMOLOGATION_DEST_NAME}</xNome>`);
    const production = buildNFeXml(makeNFeInput({ ide: { ...makeNFeInput().ide, tpAmb: 1 } })).xml;
    expect(production).toContain('<xNome>CLIENTE ATACADO LTDA</xNome>');
  });

  it('computes ICMSTot from the items, never from outside', () => {
    const built = buildNFeXml(fullNFe());
    const t = built.totals;
    // Item 1: 2.5 × 19.99 = 49.98 (49.975 rounded half-up), − 1.00 discount + 2.50 freight = base 51.48.
    expect(built.xml).toContain('<vProd>49.98</vProd>');
    expect(t.vProd).toBe(4998 + 5 * 4990); // item 7 has indTot 0
    expect(t.vDesc).toBe(100);
    expect(t.vFrete).toBe(250);
    expect(t.vNF).toBe(t.vProd - t.vDesc - 100 + t.vST + t.vFCPST + t.vFrete + t.vIPI);
    expect(between(built.xml, 'ICMSTot')).toContain(`<vNF>${(t.vNF / 100).toFixed(2)}</vNF><vTotTrib>12.34</vTotTrib>`);
    // IBS/CBS base (UB16-10): 51.48 less PIS 0.85, COFINS 3.91, ICMS 6.18 and FCP 1.03 = 39.51.
    expect(built.xml).toContain('<IBSCBSTot><vBCIBSCBS>39.51</vBCIBSCBS>');
    // The ST and FCP of items 2 (CST 10), 5 (CST 70) and 6 (CST 90 by the operation value) are summed into ICMSTot.
    expect(built.xml).toContain('<ICMS90><orig>0</orig><CST>90</CST><modBC>3</modBC><vBC>49.90</vBC><pICMS>12.00</pICMS><vICMS>5.99</vICMS>'
      + '<vBCFCP>49.90</vBCFCP><pFCP>2.00</pFCP><vFCP>1.00</vFCP><modBCST>6</modBCST><vBCST>49.90</vBCST><pICMSST>18.00</pICMSST>'
      + '<vICMSST>2.99</vICMSST><vBCFCPST>49.90</vBCFCPST><pFCPST>2.00</pFCPST><vFCPST>0.00</vFCPST></ICMS90>');
    const tot = between(built.xml, 'ICMSTot');
    expect(tot).toContain(`<vFCP>${(t.vFCP / 100).toFixed(2)}</vFCP><vBCST>${(t.vBCST / 100).toFixed(2)}</vBCST><vST>${(t.vST / 100).toFixed(2)}</vST><vFCPST>${(t.vFCPST / 100).toFixed(2)}</vFCPST>`);
    expect(t.vST).toBeGreaterThan(0);
    expect(t.vFCPST).toBeGreaterThan(0);
  });

  it('makes an NF-e with many tax groups that validates once signed', async () => {
    const built = buildNFeXml(fullNFe());
    expect(built.xml).toContain('<transp><modFrete>0</modFrete><transporta><CNPJ>11444777000161</CNPJ><xNome>TRANSPORTES LTDA</xNome><UF>SP</UF></transporta><veicTransp><placa>ABC1D23</placa><UF>SP</UF></veicTransp><vol><qVol>2</qVol><esp>CAIXA</esp><pesoL>12.500</pesoL><pesoB>13.250</pesoB></vol></transp>');
    expect(built.xml).toContain('<infCpl>Pedido 123 Entregar no período da manhã</infCpl>');
    const hash = createHash('sha1').update(`TOKEN${built.chave}`).digest('base64');
    expect(built.xml).toContain(`<fone>1133334444</fone><idCSRT>01</idCSRT><hashCSRT>${hash}</hashCSRT></infRespTec>`);
    const result = await validateXml(signXml(built.xml, { tag: 'infNFe', certificate }), 'nfe');
    expect(result).toEqual({ valid: true, errors: [] });
  });

  it('draws a cNF obeying the rules when none is given', () => {
    const input = makeNFCeInput({ ide: { ...makeNFCeInput().ide, cNF: null, nNF: 42 } });
    const built = buildNFeXml(input);
    expect(isValidCNF(built.cNF, 42)).toBe(true);
    expect(parseAccessKey(built.chave).cNF).toBe(built.cNF);
  });

  it('writes Date inputs in Brasília time', () => {
    const built = buildNFeXml(makeNFCeInput({ ide: { ...makeNFCeInput().ide, dhEmi: new Date('2026-06-01T02:15:00Z') } }));
    expect(built.dhEmi).toBe('2026-05-31T23:15:00-03:00');
    expect(parseAccessKey(built.chave).aamm).toBe('2605');
    expect(dateTimeTz(new Date('2026-06-01T02:15:00Z'), '-04:00')).toBe('2026-05-31T22:15:00-04:00');
  });

  it('writes card payments, change and a description for "outros"', () => {
    const xml = buildNFeXml(makeNFCeInput({ pag: { detPag: [
      { tPag: '03', vPag: 3000, card: { tpIntegra: 2, CNPJ: '11.444.777/0001-61', tBand: '01', cAut: 'A1B2C3' } },
      { tPag: '99', vPag: 3000 },
    ], vTroco: 1010 } })).xml;
    expect(between(xml, 'pag')).toBe('<pag><detPag><tPag>03</tPag><vPag>30.00</vPag><card><tpIntegra>2</tpIntegra><CNPJ>11444777000161</CNPJ><tBand>01</tBand><cAut>A1B2C3</cAut></card></detPag>'
      + '<detPag><tPag>99</tPag><xPag>Outros</xPag><vPag>30.00</vPag></detPag><vTroco>10.10</vTroco></pag>');
  });

  it('writes "90 sem pagamento" for an NF-e without payments', () => {
    expect(between(buildNFeXml(makeNFeInput({ pag: { detPag: [] } })).xml, 'pag')).toBe('<pag><detPag><tPag>90</tPag><vPag>0.00</vPag></detPag></pag>');
  });

  it.each([
    ['an NF-e without recipient', makeNFeInput({ dest: null }), 'Destinatário não informado'],
    ['an NF-e recipient without address', makeNFeInput({ dest: { CNPJ: '11444777000161', xNome: 'X' } }), 'Para emitir Nfe é necessário ter um endereço no cadastro do cliente.'],
    ['an NF-e recipient without name', makeNFeInput({ dest: { ...makeNFeInput().dest, xNome: null } }), 'Nome do destinatário não informado.'],
    ['an NFC-e without payments', makeNFCeInput({ pag: { detPag: [] } }), 'Nenhum pagamento informado'],
    ['an NFC-e without CSC', makeNFCeInput({ csc: null }), 'CSC (código de segurança do contribuinte) não informado para NFC-e.'],
    ['an empty nature of operation', makeNFCeInput({ ide: { ...makeNFCeInput().ide, natOp: ' ' } }), 'Natureza da operação não informada'],
    ['IPI in an NFC-e', makeNFCeInput({ det: [makeItem({}, { IPI: { CST: '50', pIPI: 100 } })] }), 'IPI não é permitido em NFC-e.'],
    ['a recipient CPF with a wrong digit', makeNFCeInput({ dest: { CPF: '52998224724' } }), "CPF do destinatário inválido: '52998224724'."],
    ['contingency without justification', makeNFCeInput({ ide: { ...makeNFCeInput().ide, tpEmis: 9 } }), 'Emissão em contingência exige'],
    ['a discount above the item', makeNFCeInput({ det: [makeItem({ vDesc: 5000 })] }), 'Item 1: desconto maior que o valor do item.'],
  ])('refuses %s in pt-BR', (_what, input, message) => {
    expect(() => buildNFeXml(input)).toThrow(message);
  });
});

describe('NFC-e in offline contingency (tpEmis 9)', () => {
  const input = makeNFCeInput({
    ide: { ...makeNFCeInput().ide, tpEmis: 9, dhCont: '2026-05-04T10:00:00-03:00', xJust: 'Sem conexão com a internet na loja' },
  });

  it('puts the future signature DigestValue in the QR code, and the signature carries that same value', async () => {
    const built = buildNFeXml(input);
    expect(built.xml).toContain('<tpEmis>9</tpEmis>');
    expect(built.xml).toContain('<dhCont>2026-05-04T10:00:00-03:00</dhCont><xJust>Sem conexão com a internet na loja</xJust>');
    const signed = signXml(built.xml, { tag: 'infNFe', certificate });
    const digest = /<DigestValue>([^<]+)</.exec(signed)![1]!;
    expect(digest).toBe(built.digestValue);
    expect(built.qrCode).toContain(`?p=${built.chave}|2|2|04|49.90|${Buffer.from(digest, 'ascii').toString('hex')}|1|`);
    await expect(validateXml(signed, 'nfe')).resolves.toEqual({ valid: true, errors: [] });
  });
});

describe('emitSignedNFe', () => {
  it('builds, signs and validates in one step', async () => {
    const emitted = await emitSignedNFe(makeNFCeInput(), { certificate });
    expect(verifyXmlSignature(emitted.xml).valid).toBe(true);
    expect(emitted.xml.endsWith('</Signature></NFe>')).toBe(true);
  });

  it('stops with the first schema message when the document is refused', async () => {
    const input = makeNFCeInput({ det: [makeItem({ uCom: 'UNIDADE' })] });
    // uCom is cut to 6 characters by the writer; an NCM of the wrong size gets through to the schema instead.
    input.det[0]!.prod.NCM = '12';
    input.det[0]!.prod.CEST = '123';
    const failure = emitSignedNFe(input, { certificate });
    await expect(failure).rejects.toBeInstanceOf(SchemaValidationError);
    await expect(failure).rejects.toThrow("Campo CEST inválido: o valor '123' não corresponde ao formato esperado.");
  });
});
