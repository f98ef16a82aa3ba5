import { readFileSync } from 'node:fs';
import { SignedXml } from 'xml-crypto';
import { describe, expect, it } from 'vitest';
import { accessKeyDigit, isAcceptableCNF, isValidAccessKey, parseAccessKey, randomCNF } from './access-key.ts';
import { loadCertificate } from './certificate.ts';
import { emitSignedNFe, SchemaValidationError } from './emit.ts';
import { buildDisableXml, buildEventXml, wrapEnvEvento } from './events.ts';
import type { NFeInput } from './nfe-xml.ts';
import { signXml, verifyOwnSignature } from './sign.ts';
import { createTestCertificate } from './test-certificate.ts';
import { describeSchemaError, validateXml } from './validate.ts';

const CNPJ = '12345678000195';
const certificate = loadCertificate(createTestCertificate({ cnpj: CNPJ, name: 'DEMO MODA LTDA', password: 'x' }), 'x');

function input(over: Partial<NFeInput> = {}): NFeInput {
  return {
    mod: '65', cUF: '35', natOp: 'Venda de mercadoria', serie: 1, nNF: 42, dhEmi: new Date('2026-11-21T13:00:00Z'), tpNF: 1,
    tpEmis: 1, tpAmb: 2, finNFe: 1, indFinal: 1, indPres: 1,
    emit: { CNPJ, xNome: 'Demo Moda Ltda', xFant: 'Demo Moda', IE: '110042490114', CRT: 1,
      ender: { xLgr: 'Rua Barão de Itapetininga', nro: '120', xBairro: 'República', cMun: '3550308', xMun: 'São Paulo', UF: 'SP', CEP: '01042000' } },
    dest: { CPF: '52998224725', indIEDest: 9 },
    items: Array.from({ length: 3 }, (_, i) => ({
      cProd: `SKU-${i}`, cEAN: '7891234567895', xProd: `Camiseta & Cia <${i}>`, NCM: '61091000', CFOP: '5102', uCom: 'UN', qCom: 1500,
      vUnCom: 3990, vDesc: i === 0 ? 185 : 0, orig: 0,
      taxes: { icms: { CSOSN: '102', pICMS: 0 }, pis: { CST: '49', pPIS: 0 }, cofins: { CST: '49', pCOFINS: 0 } },
    })),
    modFrete: 9,
    payments: [{ tPag: '01', vPag: 20000 }],
    vTroco: 20000 - 17770,
    ...over,
  };
}

function independentlyVerified(xml: string, tag: string): boolean {
  const doc = xml;
  const signature = /<Signature[\s\S]*<\/Signature>/.exec(doc)?.[0];
  if (!signature) return false;
  const verifier = new SignedXml({ getCertFromKeyInfo: (keyInfo) => SignedXml.getCertFromKeyInfo(keyInfo) });
  verifier.loadSignature(signature);
  void tag;
  return verifier.checkSignature(doc);
}

describe('access key', () => {
  it('agrees with every vector of the reference file', () => {
    const lines = readFileSync(new URL('../../test-data/vectors/access_keys.tsv', import.meta.url), 'utf8').trim().split('\n').slice(1);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) {
      const [key, verdict] = line.split('\t');
      expect(isValidAccessKey(key!), key).toBe(verdict === 'True');
    }
  });
  it('computes the check digit of an alphanumeric CNPJ key by ASCII code minus 48', () => {
    const body = '3526111234ABCD5678905565001000000042100012345'.slice(0, 43);
    const key = body + String(accessKeyDigit(body));
    expect(isValidAccessKey(key)).toBe(true);
    expect(parseAccessKey(key).cnpj).toBe('1234ABCD567890');
  });
  it('never draws a cNF equal to nNF, of one repeated digit or a running sequence', () => {
    for (let i = 0; i < 200; i += 1) expect(isAcceptableCNF(randomCNF(i), i)).toBe(true);
    expect(isAcceptableCNF('00000042', 42)).toBe(false);
    expect(isAcceptableCNF('11111111', 1)).toBe(false);
    expect(isAcceptableCNF('12345678', 1)).toBe(false);
    expect(isAcceptableCNF('87654321', 1)).toBe(false);
  });
});

describe('emission', () => {
  it('builds, signs and validates an NFC-e whose signature an independent implementation accepts', async () => {
    const nfe = await emitSignedNFe(input(), { certificate, uf: 'SP', csc: { id: '000001', token: 'CSC-DE-TESTE-0001' } });
    expect(isValidAccessKey(nfe.chave)).toBe(true);
    expect(nfe.totals.vNF).toBe(17770);
    expect(nfe.xml).toContain('<xProd>NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL</xProd>');
    expect(nfe.xml).toContain('Camiseta &amp; Cia &lt;1&gt;');
    expect(nfe.qrCode).toMatch(/\?p=\d{44}\|2\|2\|1\|[0-9A-F]{40}$/);
    expect(independentlyVerified(nfe.xml, 'infNFe')).toBe(true);
    expect(verifyOwnSignature(nfe.xml, 'infNFe')).toBe(true);
    const tampered = nfe.xml.replace('<vNF>177.70</vNF>', '<vNF>1.00</vNF>');
    expect(independentlyVerified(tampered, 'infNFe')).toBe(false);
    expect(verifyOwnSignature(tampered, 'infNFe')).toBe(false);
  });

  it('issues the offline-contingency NFC-e with tpEmis 9, dhCont, xJust and the offline QR code', async () => {
    const nfe = await emitSignedNFe(input({ tpEmis: 9, dhCont: new Date('2026-11-21T13:00:00Z'), xJust: 'SEFAZ sem resposta no tempo limite' }),
      { certificate, uf: 'SP', csc: { id: '000001', token: 'CSC' } });
    expect(nfe.chave[34]).toBe('9');
    expect(nfe.xml).toContain('<tpEmis>9</tpEmis>');
    expect(nfe.qrCode).toMatch(/\?p=\d{44}\|2\|2\|21\|177\.70\|[0-9a-f]{56}\|1\|[0-9A-F]{40}$/);
    expect(independentlyVerified(nfe.xml, 'infNFe')).toBe(true);
  });

  it('builds an NF-e to a company in another state and validates it', async () => {
    const nfe = await emitSignedNFe(input({ mod: '55', indPres: 9, indFinal: 0,
      dest: { CNPJ: '11222333000181', xNome: 'Cliente', indIEDest: 9,
        ender: { xLgr: 'Av. Afonso Pena', nro: '1500', xBairro: 'Centro', cMun: '3106200', xMun: 'Belo Horizonte', UF: 'MG', CEP: '30130005' } },
      items: input().items.map((i) => ({ ...i, CFOP: '6102' })), refNFe: [] }), { certificate, uf: 'SP' });
    expect(nfe.xml).toContain('<idDest>2</idDest>');
    expect(independentlyVerified(nfe.xml, 'infNFe')).toBe(true);
  });

  it('refuses a document the schema refuses, naming the field in pt-BR', async () => {
    const bad = input({ items: input().items.map((i) => ({ ...i, NCM: '123' })) });
    const error = await emitSignedNFe(bad, { certificate, uf: 'SP', csc: { id: '1', token: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SchemaValidationError);
    expect((error as SchemaValidationError).message).toBe("Campo NCM inválido: o valor '123' não corresponde ao formato esperado.");
  });

  it('describes a missing element', () => {
    expect(describeSchemaError("file.xml:1: element prod: Schemas validity error : Element '{http://www.portalfiscal.inf.br/nfe}prod': Missing child element(s). Expected is ( {http://www.portalfiscal.inf.br/nfe}CFOP ).").message)
      .toBe('Campo CFOP obrigatório não informado (em prod).');
  });
});

describe('events and disablement', () => {
  it('signs a cancellation and a correction letter that validate and verify', async () => {
    const chave = '35261112345678000195650010000000421000123452';
    for (const [tipo, schema, texto] of [['110111', 'envEventoCancNFe', 'Cliente desistiu da compra na loja'], ['110110', 'envCCe', 'Correção do endereço de entrega']] as const) {
      const evento = signXml(buildEventXml({ tipo, cOrgao: '35', tpAmb: 2, CNPJ, chave, sequencia: 1, dhEvento: new Date(), nProt: '135260000000001', texto }), 'infEvento', certificate);
      expect(independentlyVerified(evento, 'infEvento')).toBe(true);
      const result = await validateXml(wrapEnvEvento(evento, '1'), schema);
      expect(result.errors).toEqual([]);
    }
  });
  it('signs an inutilização that validates', async () => {
    const xml = signXml(buildDisableXml({ tpAmb: 2, cUF: '35', ano: 26, CNPJ, mod: '65', serie: 1, inicial: 10, final: 12,
      xJust: 'Numeracao pulada por falha do sistema' }), 'infInut', certificate);
    expect(independentlyVerified(xml, 'infInut')).toBe(true);
    expect((await validateXml(xml, 'inutNFe')).errors).toEqual([]);
  });
  it('reads the certificate and refuses a wrong password in pt-BR', () => {
    expect(certificate.cnpj).toBe(CNPJ);
    expect(() => loadCertificate(createTestCertificate({ cnpj: CNPJ, name: 'X', password: 'a' }), 'b')).toThrow('Senha do certificado digital inválida.');
    expect(() => loadCertificate(Buffer.from('lixo'), 'b')).toThrow('Arquivo do certificado digital inválido.');
  });
});
