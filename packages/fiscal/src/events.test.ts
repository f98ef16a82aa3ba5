import { SignedXml } from 'xml-crypto';
import { describe, expect, it } from 'vitest';
import { loadCertificate } from './certificate.ts';
import { buildEnvEvento, buildEventoXml, CCE_CONDICOES_DE_USO, eventId, wrapEnvEvento, type EventoInput } from './events.ts';
import { signXml, verifyXmlSignature } from './sign.ts';
import { createTestCertificate, TEST_CERTIFICATE_PASSWORD } from './testing/test-certificate.ts';
import { validateXml } from './validate.ts';

const certificate = loadCertificate(createTestCertificate({ cnpj: '11222333000181', name: 'LOJA DEMO MODA LTDA' }), TEST_CERTIFICATE_PASSWORD);
const CHAVE = '35260511222333000181650010000000011817822496';

const cancelamento: EventoInput = {
  tpEvento: '110111', chNFe: CHAVE, tpAmb: 2, CNPJ: '11.222.333/0001-81', dhEvento: new Date('2026-05-04T13:45:00Z'),
  nProt: '135260000000001', xJust: 'Venda cancelada a pedido do cliente',
};
const cartaCorrecao: EventoInput = {
  tpEvento: '110110', chNFe: CHAVE, tpAmb: 2, CNPJ: '11222333000181', dhEvento: '2026-05-04T10:45:00-03:00', nSeqEvento: 2,
  xCorrecao: 'Endereço de entrega: Rua das Flores, 100 — fundos',
};

describe('cancellation event (110111)', () => {
  const xml = buildEnvEvento({ idLote: 1, evento: cancelamento });

  it('builds the envEvento with the event Id, the key state as cOrgao and Brasília time', () => {
    expect(xml).toBe(
      '<envEvento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00"><idLote>1</idLote>'
      + '<evento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00">'
      + `<infEvento Id="ID110111${CHAVE}01"><cOrgao>35</cOrgao><tpAmb>2</tpAmb><CNPJ>11222333000181</CNPJ><chNFe>${CHAVE}</chNFe>`
      + '<dhEvento>2026-05-04T10:45:00-03:00</dhEvento><tpEvento>110111</tpEvento><nSeqEvento>1</nSeqEvento><verEvento>1.00</verEvento>'
      + '<detEvento versao="1.00"><descEvento>Cancelamento</descEvento><nProt>135260000000001</nProt>'
      + '<xJust>Venda cancelada a pedido do cliente</xJust></detEvento></infEvento></evento></envEvento>',
    );
  });

  it('validates against the cancellation schema once signed, and the signature holds for xml-crypto', async () => {
    const signed = signXml(xml, { tag: 'infEvento', certificate });
    expect(signed).toMatch(/<\/infEvento><Signature [^]*<\/Signature><\/evento><\/envEvento>$/);
    await expect(validateXml(signed, 'envEvento')).resolves.toEqual({ valid: true, errors: [] });
    const verifier = new SignedXml({ publicCert: certificate.certificatePem });
    verifier.loadSignature(signed.slice(signed.indexOf('<Signature'), signed.indexOf('</Signature>') + 12));
    expect(verifier.checkSignature(signed)).toBe(true);
  });

  it('is refused by the schema before signing', async () => {
    const result = await validateXml(xml, 'envEvento');
    expect(result.valid).toBe(false);
    expect(result.errors[0]?.message).toBe('Campo Signature obrigatório não informado.');
  });

  it('refuses a justification out of 15-255 characters and a bad protocol', () => {
    expect(() => buildEventoXml({ ...cancelamento, xJust: 'curta' })).toThrow('A justificativa do cancelamento deve ter de 15 a 255 caracteres.');
    expect(() => buildEventoXml({ ...cancelamento, xJust: 'x'.repeat(256) })).toThrow('15 a 255');
    expect(() => buildEventoXml({ ...cancelamento, nProt: '123' })).toThrow("Protocolo de autorização inválido: '123'.");
    expect(() => buildEventoXml({ ...cancelamento, chNFe: CHAVE.replace(/6$/, '7') })).toThrow('Chave de acesso inválida');
  });
});

describe('correction letter (110110)', () => {
  it('carries the fixed conditions of use and validates once signed', async () => {
    const signed = signXml(buildEnvEvento({ idLote: '202605040001', evento: cartaCorrecao }), { tag: 'infEvento', certificate });
    expect(signed).toContain(`<infEvento Id="ID110110${CHAVE}02">`);
    expect(signed).toContain(`<xCondUso>${CCE_CONDICOES_DE_USO}</xCondUso>`);
    // Typographic dash cleaned to what the schema accepts.
    expect(signed).toContain('<xCorrecao>Endereço de entrega: Rua das Flores, 100 - fundos</xCorrecao>');
    await expect(validateXml(signed, 'envEvento')).resolves.toEqual({ valid: true, errors: [] });
    expect(verifyXmlSignature(signed).valid).toBe(true);
  });

  it('refuses a correction out of 15-1000 characters and a sequence beyond 20', () => {
    expect(() => buildEventoXml({ ...cartaCorrecao, xCorrecao: 'pouco' })).toThrow('O texto da carta de correção deve ter de 15 a 1000 caracteres.');
    expect(() => buildEventoXml({ ...cartaCorrecao, nSeqEvento: 21 })).toThrow('Sequência do evento deve ser de 1 a 20.');
  });
});

describe('wrapEnvEvento', () => {
  it('puts signed events in a batch, dropping their XML declarations', () => {
    const signed = signXml(buildEventoXml(cancelamento), { tag: 'infEvento', certificate });
    const batch = wrapEnvEvento(`<?xml version="1.0" encoding="UTF-8"?>${signed}`, 7);
    expect(batch.startsWith('<envEvento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00"><idLote>7</idLote><evento ')).toBe(true);
    expect(verifyXmlSignature(batch).valid).toBe(true);
    expect(() => wrapEnvEvento(signed, 'abc')).toThrow("Número do lote inválido: 'abc'");
  });

  it('writes the event Id as ID + type + key + two-digit sequence', () => {
    expect(eventId('110110', CHAVE, 3)).toBe(`ID110110${CHAVE}03`);
  });
});
