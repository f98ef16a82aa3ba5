import { readFileSync } from 'node:fs';
import { SignedXml } from 'xml-crypto';
import { describe, expect, it } from 'vitest';
import { loadCertificate } from './certificate.ts';
import { buildNFeXml } from './nfe-xml.ts';
import { digestOf, signXml, verifyXmlSignature } from './sign.ts';
import { makeNFCeInput, makeNFeInput } from './testing/nfe-factory.ts';
import { createTestCertificate, TEST_CERTIFICATE_PASSWORD } from './testing/test-certificate.ts';
import { validateXml } from './validate.ts';

const certificate = loadCertificate(createTestCertificate({ cnpj: '11222333000181', name: 'LOJA DEMO MODA LTDA' }), TEST_CERTIFICATE_PASSWORD);
const sample = (name: string) => readFileSync(new URL(`../test-data/samples/sped-nfe/${name}`, import.meta.url), 'utf8');
/** sped-nfe keeps its signed fixtures pretty-printed; they were signed without the whitespace between tags. */
const asSigned = (xml: string) => xml.replace(/>\s+</g, '><').trim();

/** xml-crypto's verdict: an implementation other than ours. */
function xmlCryptoAccepts(xml: string): boolean {
  const start = xml.indexOf('<Signature');
  const signature = xml.slice(start, xml.indexOf('</Signature>', start) + '</Signature>'.length);
  const verifier = new SignedXml({ publicCert: certificate.certificatePem });
  verifier.loadSignature(signature);
  try {
    return verifier.checkSignature(xml);
  } catch {
    return false;
  }
}

describe('signXml', () => {
  const nfce = buildNFeXml(makeNFCeInput()).xml;
  const signed = signXml(nfce, { tag: 'infNFe', certificate });

  it('appends the Signature as the last child of NFe, after infNFeSupl, leaving the rest byte for byte', () => {
    const at = signed.indexOf('<Signature xmlns="http://www.w3.org/2000/09/xmldsig#">');
    expect(signed.slice(0, at)).toBe(nfce.slice(0, -'</NFe>'.length));
    expect(signed.slice(at - '</infNFeSupl>'.length, at)).toBe('</infNFeSupl>');
    expect(signed.endsWith('</Signature></NFe>')).toBe(true);
  });

  it('uses C14N, RSA-SHA1, SHA-1 and one Reference to the Id, with the certificate in KeyInfo', () => {
    const id = /Id="(NFe\d{44})"/.exec(nfce)![1];
    expect(signed).toContain('<CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315">');
    expect(signed).toContain('<SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1">');
    expect(signed).toContain(`<Reference URI="#${id}"><Transforms><Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"></Transform><Transform Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"></Transform></Transforms><DigestMethod Algorithm="http://www.w3.org/2000/09/xmldsig#sha1">`);
    expect(signed).toContain(`<X509Certificate>${certificate.certificateBase64}</X509Certificate>`);
    expect(signed.match(/<Reference /g)).toHaveLength(1);
  });

  it('makes a signature xml-crypto accepts, for NFC-e and NF-e', () => {
    expect(xmlCryptoAccepts(signed)).toBe(true);
    expect(xmlCryptoAccepts(signXml(buildNFeXml(makeNFeInput()).xml, { tag: 'infNFe', certificate }))).toBe(true);
  });

  it('makes a signature that xml-crypto refuses once a signed value changes', () => {
    const tampered = signed.replace('<vUnCom>49.90</vUnCom>', '<vUnCom>4.99</vUnCom>');
    expect(tampered).not.toBe(signed);
    expect(xmlCryptoAccepts(tampered)).toBe(false);
    const verdict = verifyXmlSignature(tampered);
    expect(verdict.valid).toBe(false);
    expect(verdict.reason).toContain('DigestValue');
  });

  it('carries the DigestValue digestOf predicts (the offline QR code needs it before signing)', () => {
    expect(signed).toContain(`<DigestValue>${digestOf(nfce, 'infNFe')}</DigestValue>`);
  });

  it('keeps the signed NFC-e valid against nfe_v4.00.xsd', async () => {
    await expect(validateXml(signed, 'nfe')).resolves.toEqual({ valid: true, errors: [] });
  });

  it('signs each pending element of a batch once, inside its own parent', () => {
    const two = `<lote><evento xmlns="urn:x"><infEvento Id="ID1">a</infEvento></evento><evento xmlns="urn:x"><infEvento Id="ID2">b</infEvento></evento></lote>`;
    const out = signXml(two, { tag: 'infEvento', certificate });
    expect(out.match(/<Signature /g)).toHaveLength(2);
    expect(out).toMatch(/<infEvento Id="ID1">a<\/infEvento><Signature [^]*?<\/Signature><\/evento><evento/);
    expect(verifyXmlSignature(out)).toMatchObject({ valid: true, signatures: [{ reference: 'ID1' }, { reference: 'ID2' }] });
    expect(() => signXml(out, { tag: 'infEvento', certificate })).toThrow('já assinado');
  });

  it('says when there is nothing to sign', () => {
    expect(() => signXml('<NFe><x/></NFe>', { tag: 'infNFe', certificate })).toThrow('Elemento infNFe com atributo Id não encontrado');
  });
});

describe('verifyXmlSignature', () => {
  it('accepts our own signatures', () => {
    const signed = signXml(buildNFeXml(makeNFeInput()).xml, { tag: 'infNFe', certificate });
    expect(verifyXmlSignature(signed)).toMatchObject({ valid: true, reason: null, signatures: [{ valid: true, certificateBase64: certificate.certificateBase64 }] });
  });

  it.each(['nfce_com_qrcode.xml', 'nfe_layout4_com_prot.xml', '2017signed.xml'])('verifies the signature of the sped-nfe sample %s', (name) => {
    const result = verifyXmlSignature(asSigned(sample(name)));
    expect(result.reason).toBeNull();
    expect(result.valid).toBe(true);
  });

  it('accepts a signature made by xml-crypto (another signer)', () => {
    const xml = buildNFeXml(makeNFeInput()).xml;
    const signer = new SignedXml({ privateKey: certificate.privateKeyPem, publicCert: certificate.certificatePem });
    signer.addReference({
      xpath: "//*[local-name(.)='infNFe']",
      transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315'],
      digestAlgorithm: 'http://www.w3.org/2000/09/xmldsig#sha1',
    });
    signer.canonicalizationAlgorithm = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
    signer.signatureAlgorithm = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';
    signer.computeSignature(xml, { location: { reference: "//*[local-name(.)='infNFe']", action: 'after' } });
    expect(verifyXmlSignature(signer.getSignedXml())).toMatchObject({ valid: true });
  });

  it('refuses a sample whose signed content was changed', () => {
    const tampered = asSigned(sample('nfce_com_qrcode.xml')).replace('<vProd>96.22</vProd>', '<vProd>9.62</vProd>');
    const verdict = verifyXmlSignature(tampered);
    expect(verdict.valid).toBe(false);
    expect(verdict.reason).toContain('não confere');
  });

  it('refuses a changed SignatureValue and a document without signature', () => {
    const signed = signXml(buildNFeXml(makeNFeInput()).xml, { tag: 'infNFe', certificate });
    const value = /<SignatureValue>([^<]+)</.exec(signed)![1]!;
    const broken = signed.replace(value, `${value.slice(0, 10)}${value[10] === 'A' ? 'B' : 'A'}${value.slice(11)}`);
    expect(verifyXmlSignature(broken)).toMatchObject({ valid: false, reason: 'O valor da assinatura (SignatureValue) não confere com o certificado.' });
    expect(verifyXmlSignature('<NFe/>')).toMatchObject({ valid: false, reason: 'Documento sem assinatura digital.' });
  });
});
