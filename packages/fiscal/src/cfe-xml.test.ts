import { generateKeyPairSync, createVerify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { ValidationError } from '@pdv/domain/errors';
import { SAT_CODES, SAT_SOFTWARE_HOUSE_CNPJ } from '@pdv/domain/sat';
import { buildCFeCancXml, buildCFeXml, cfeFromInvoice, cfeQrCode, cfeRate, parseSatAnswer, signAC, type CFeInput } from './cfe-xml.ts';
import { childElement, childElements, parseXml, textContent, type XmlElement } from './xml-parse.ts';
import { closeValidators, validateXml } from './validate.ts';

const SAMPLES = '/work/shared/fiscal/samples/satcfe/';
const sample = (name: string) => readFileSync(`${SAMPLES}${name}`, 'utf8');
const TEST_SIGN_AC = 'SGR-SAT SISTEMA DE GESTAO E RETAGUARDA DO SAT';

afterAll(() => closeValidators());

/** The sample sale of satcfe (enviardadosvenda-cfe.xml) as our input. */
const toddynho: CFeInput = {
  softwareHouseCnpj: SAT_SOFTWARE_HOUSE_CNPJ, signAC: TEST_SIGN_AC, numeroCaixa: 2,
  emit: { CNPJ: '08.723.218/0001-86', IE: '149.626.224.113', IM: '123123', cRegTribISSQN: 3, indRatISSQN: 'N' },
  dest: null,
  det: [{ cProd: '7894321722016', xProd: 'TODDYNHO 200 ML', CFOP: '5102', uCom: 'UN', qCom: 1000, vUnCom: 200,
    ICMS: { orig: 0, CSOSN: '500' }, PIS: { CST: '49' }, COFINS: { CST: '49' } }],
  pgto: [{ meio_pagamento: '01', vMP: 200 }],
};

/** Element names in document order, with their text when a leaf: the shape two CF-e share. */
function shape(el: XmlElement, out: string[] = []): string[] {
  const kids = childElements(el);
  out.push(kids.length === 0 ? `${el.local}=${textContent(el).trim()}` : el.local);
  for (const k of kids) shape(k, out);
  return out;
}

describe('CF-e 0.08 sale (EnviarDadosVenda)', () => {
  it('writes the sample sale element for element and validates against CfeDadosVendaAPL_0008', async () => {
    const xml = buildCFeXml(toddynho);
    const ours = shape(parseXml(xml).root);
    const theirs = shape(parseXml(sample('enviardadosvenda-cfe.xml')).root).filter((s) => !s.startsWith('infAdic') && !s.startsWith('infCpl'));
    expect(ours).toEqual(theirs);
    expect(xml).toContain('<infCFe versaoDadosEnt="0.08">');
    const result = await validateXml(xml, 'cfe');
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('sends PIX and bank deposit as other (99), keeps cash and cards, and the software house CNPJ in ide', async () => {
    const xml = buildCFeXml({ ...toddynho, det: [{ ...toddynho.det[0]!, qCom: 3000 }],
      pgto: [{ meio_pagamento: '17', vMP: 200 }, { meio_pagamento: '16', vMP: 100 }, { meio_pagamento: '03', vMP: 150 }, { meio_pagamento: '01', vMP: 150 }] });
    const codes = [...xml.matchAll(/<cMP>(\d\d)<\/cMP>/g)].map((m) => m[1]);
    expect(codes).toEqual(['99', '99', '03', '01']);
    expect(xml).toContain(`<ide><CNPJ>${SAT_SOFTWARE_HOUSE_CNPJ}</CNPJ>`);
    expect((await validateXml(xml, 'cfe')).valid).toBe(true);
  });

  it('writes the normal regime, rates as fractions, the customer and the subtotal discount, and still validates', async () => {
    const xml = buildCFeXml({
      ...toddynho,
      emit: { CNPJ: '08723218000186', IE: '149626224113' },
      dest: { CPF: '111.444.777-35', xNome: 'Maria da Silva' },
      det: [
        { cProd: 'A1', cEAN: '7891000315507', xProd: 'Queijo minas kg', NCM: '04069090', CFOP: '5102', uCom: 'KG', qCom: 1250, vUnCom: 3990,
          vDesc: 100, ICMS: { orig: 0, CST: '00', pICMS: 1800 }, PIS: { CST: '01', p: 165 }, COFINS: { CST: '01', p: 760 } },
        { cProd: 'B2', cEAN: '1234567890123', xProd: 'Refrigerante', CFOP: '5405', uCom: 'UN', qCom: 2000, vUnCom: 650,
          ICMS: { orig: 0, CST: '60' }, PIS: { CST: '04' }, COFINS: { CST: '04' } },
      ],
      vDescSubtot: 50,
      pgto: [{ meio_pagamento: '04', vMP: 6138 }],
    });
    expect(xml).toContain('<ICMS00><Orig>0</Orig><CST>00</CST><pICMS>18.00</pICMS></ICMS00>');
    expect(xml).toContain('<PISAliq><CST>01</CST><vBC>48.88</vBC><pPIS>0.0165</pPIS></PISAliq>');
    expect(xml).toContain('<dest><CPF>11144477735</CPF><xNome>Maria da Silva</xNome></dest>');
    // A barcode with a wrong check digit is left out; a good one is written.
    expect(xml).toContain('<cEAN>7891000315507</cEAN>');
    expect(xml).not.toContain('1234567890123');
    expect(xml).toContain('<DescAcrEntr><vDescSubtot>0.50</vDescSubtot></DescAcrEntr>');
    const result = await validateXml(xml, 'cfe');
    expect(result.errors).toEqual([]);
  });

  it('refuses what the SAT would refuse, in pt-BR', () => {
    expect(() => buildCFeXml({ ...toddynho, pgto: [{ meio_pagamento: '01', vMP: 199 }] })).toThrow('Os pagamentos não cobrem o total do CF-e.');
    expect(() => buildCFeXml({ ...toddynho, det: [] })).toThrow('O CF-e não tem itens.');
    expect(() => buildCFeXml({ ...toddynho, det: [{ ...toddynho.det[0]!, ICMS: { orig: 0, CST: '10' } }] })).toThrow(ValidationError);
    expect(() => buildCFeXml({ ...toddynho, det: [{ ...toddynho.det[0]!, ICMS: { orig: 0, CSOSN: '101' } }] })).toThrow('CSOSN 101 não é aceito pelo SAT');
    expect(() => buildCFeXml({ ...toddynho, softwareHouseCnpj: '123' })).toThrow('CNPJ da software house do SAT deve ter 14 dígitos.');
    expect(() => buildCFeXml({ ...toddynho, signAC: '' })).toThrow('Assinatura do AC (SAT) não informada.');
    expect(() => buildCFeXml({ ...toddynho, numeroCaixa: 1000 })).toThrow('Número do caixa do SAT deve ser de 1 a 999.');
  });

  it('rates with 4 places', () => {
    expect(cfeRate(165)).toBe('0.0165');
    expect(cfeRate(760)).toBe('0.0760');
    expect(() => cfeRate(-1)).toThrow(RangeError);
  });

  it('is built from the invoice input the NFC-e uses: items, taxes and payments', () => {
    const input = cfeFromInvoice({
      emit: { CNPJ: '08723218000186', xNome: 'Loja', IE: '149626224113', CRT: 1,
        enderEmit: { xLgr: 'Rua A', nro: '1', xBairro: 'Centro', cMun: '3550308', xMun: 'São Paulo', UF: 'SP' } },
      dest: { CPF: '11144477735', xNome: 'Maria' },
      det: [{ prod: { cProd: '1', xProd: 'Item', NCM: '04069090', CFOP: '5102', uCom: 'UN', qCom: 1000, vUnCom: 1000 },
        imposto: { ICMS: { orig: 0, CSOSN: '102' }, PIS: { CST: '49' }, COFINS: { CST: '49' } } }],
      pag: { detPag: [{ tPag: '17', vPag: 1000 }] },
    }, { softwareHouseCnpj: SAT_SOFTWARE_HOUSE_CNPJ, signAC: TEST_SIGN_AC, numeroCaixa: 1 });
    const xml = buildCFeXml(input);
    expect(xml).toContain('<MP><cMP>99</cMP><vMP>10.00</vMP></MP>');
    expect(xml).toContain('<ICMSSN102><Orig>0</Orig><CSOSN>102</CSOSN></ICMSSN102>');
  });
});

describe('CF-e cancellation (CancelarUltimaVenda)', () => {
  it('writes the sample cancellation element for element', () => {
    const xml = buildCFeCancXml({ chave: 'CFe35150908723218000186599000040190000360539948', softwareHouseCnpj: SAT_SOFTWARE_HOUSE_CNPJ, signAC: TEST_SIGN_AC, numeroCaixa: 2 });
    const theirs = parseXml(sample('cancelarultimavenda-cfecanc.xml')).root;
    const ours = parseXml(xml).root;
    expect(shape(ours)).toEqual(shape(theirs));
    const inf = (r: XmlElement) => childElement(r, 'infCFe')!;
    expect(inf(ours).attributes.find((a) => a.local === 'chCanc')?.value).toBe(inf(theirs).attributes.find((a) => a.local === 'chCanc')?.value);
  });

  it('refuses a key that is not a CF-e (model 59)', () => {
    const base = { softwareHouseCnpj: SAT_SOFTWARE_HOUSE_CNPJ, signAC: TEST_SIGN_AC, numeroCaixa: 2 };
    expect(() => buildCFeCancXml({ ...base, chave: '35150908723218000186659000040190000360539948' })).toThrow('Chave do CF-e inválida.');
    expect(() => buildCFeCancXml({ ...base, chave: '123' })).toThrow('Chave do CF-e inválida.');
  });
});

describe('signAC', () => {
  it("is the RSA-SHA256 signature of the software house's CNPJ followed by the taxpayer's, 344 base64 characters", () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const signature = signAC(SAT_SOFTWARE_HOUSE_CNPJ, '08.723.218/0001-86', privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
    expect(signature).toHaveLength(344);
    const ok = createVerify('RSA-SHA256').update(`${SAT_SOFTWARE_HOUSE_CNPJ}08723218000186`).verify(publicKey, signature, 'base64');
    expect(ok).toBe(true);
    const other = createVerify('RSA-SHA256').update(`${SAT_SOFTWARE_HOUSE_CNPJ}08723218000187`).verify(publicKey, signature, 'base64');
    expect(other).toBe(false);
  });
});

describe("the SAT's answer lines", () => {
  it('reads the recorded successes: the CF-e, key, time stamp and QR signature', () => {
    const sale = parseSatAnswer(sample('enviardadosvenda-respostas-de-sucesso.txt').split('\n')[0]!, SAT_CODES.saleAuthorized);
    expect(sale.codigo).toBe('06000');
    expect(sale.chaveConsulta).toBe('CFe35150708723218000186599000040190000215133408');
    expect(sale.timeStamp).toBe('20150718154423');
    expect(sale.valorTotal).toBe('2.00');
    expect(sale.assinaturaQRCODE).toHaveLength(344);
    expect(sale.xml).toContain('<nCFe>000021</nCFe>');
    const cancel = parseSatAnswer(sample('cancelarultimavenda-respostas-de-sucesso.txt').split('\n')[0]!, SAT_CODES.cancelled);
    expect(cancel.codigo).toBe('07000');
    expect(cancel.xml).toContain('<CFeCanc>');
    expect(cfeQrCode({ chave: sale.chaveConsulta!, timeStamp: sale.timeStamp!, valorTotal: sale.valorTotal!, cpfCnpj: null, assinaturaQRCODE: 'X' }))
      .toBe('35150708723218000186599000040190000215133408|20150718154423|2.00||X');
  });

  it('reads every recorded failure as its own code and message', () => {
    for (const [file, success] of [['enviardadosvenda-respostas-de-falha.txt', SAT_CODES.saleAuthorized], ['cancelarultimavenda-respostas-de-falha.txt', SAT_CODES.cancelled]] as const) {
      for (const line of sample(file).split('\n').filter(Boolean)) {
        const answer = parseSatAnswer(line, success);
        expect(answer.codigo).toBe(line.split('|')[1]);
        expect(answer.codigo).not.toBe(success);
        expect(answer.mensagem).toBe(line.split('|')[2]);
        expect(answer.xml).toBeNull();
      }
    }
  });

  it('reads a malformed line as 99999 (ours), never as a success', () => {
    for (const line of sample('enviardadosvenda-respostas-invalidas.txt').split('\n').filter(Boolean)) {
      expect(parseSatAnswer(line, SAT_CODES.saleAuthorized).codigo).toBe(SAT_CODES.failure);
    }
    expect(parseSatAnswer('1|06000|0000|ok', SAT_CODES.saleAuthorized).codigo).toBe(SAT_CODES.failure);
  });
});
