import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildAccessKey, UF_CODES, type UF } from './access-key.ts';
import { NFCE_ADDRESSES, nfceQrCode, qrCodeUrl, urlChave } from './qrcode.ts';
import { attributeValue, descendants, parseXml, type XmlElement } from './xml-parse.ts';

// The official rules, read out of the schema package rather than retyped.
const schemaRoot = (file: string) => parseXml(readFileSync(new URL(`../schemas/${file}`, import.meta.url), 'utf8')).root;
const leiaute = schemaRoot('leiauteNFe_v4.00.xsd');
const tipos = schemaRoot('tiposBasico_v4.00.xsd');

function declaration(root: XmlElement, local: string, name: string): XmlElement {
  for (const el of descendants(root)) if (el.local === local && attributeValue(el, 'name') === name) return el;
  throw new Error(`${name} não encontrado no schema`);
}
function facets(el: XmlElement, facet: string): string[] {
  return [...descendants(el)].filter((e) => e.local === facet).map((e) => attributeValue(e, 'value')!);
}
/** An XSD pattern as a JavaScript RegExp: XSD patterns are anchored at both ends. */
const xsdRegex = (pattern: string) => new RegExp(`^(?:${pattern})$`, 'u');

const qrCodeElement = declaration(leiaute, 'element', 'qrCode');
const QR_PATTERNS = facets(qrCodeElement, 'pattern').map(xsdRegex);
const QR_MIN = Number(facets(qrCodeElement, 'minLength')[0]);
const QR_MAX = Number(facets(qrCodeElement, 'maxLength')[0]);
const urlChaveElement = declaration(leiaute, 'element', 'urlChave');
const URL_MIN = Number(facets(urlChaveElement, 'minLength')[0]);
const URL_MAX = Number(facets(urlChaveElement, 'maxLength')[0]);
const TSTRING = facets(declaration(tipos, 'simpleType', 'TString'), 'pattern').map(xsdRegex);

const acceptsQrCode = (qr: string) => qr.length >= QR_MIN && qr.length <= QR_MAX && QR_PATTERNS.some((p) => p.test(qr));
const keyFor = (uf: UF, tpEmis: 1 | 9) =>
  buildAccessKey({ cUF: UF_CODES[uf], aamm: '2605', cnpj: '11222333000181', mod: 65, serie: 1, nNF: 1, tpEmis, cNF: '81782249' });

describe('the schema rules read from leiauteNFe_v4.00.xsd', () => {
  it('has the v1, v2 and v3 QR code patterns and the urlChave size', () => {
    expect(QR_PATTERNS).toHaveLength(5);
    expect([QR_MIN, QR_MAX, URL_MIN, URL_MAX]).toEqual([60, 1000, 21, 85]);
  });
});

describe('nfceQrCode', () => {
  const online = {
    uf: 'SP', chave: keyFor('SP', 1), tpAmb: 2 as const, idCSC: '000001', csc: 'CSC-DE-TESTE-0123456789',
  };

  it('writes the online v2 payload with idCSC without leading zeros and the SHA-1 of payload + CSC', () => {
    const payload = `${online.chave}|2|2|1`;
    const hash = createHash('sha1').update(`${payload}${online.csc}`).digest('hex').toUpperCase();
    expect(nfceQrCode(online)).toBe(`${qrCodeUrl('SP', 2)}?p=${payload}|${hash}`);
  });

  it('writes the offline v2 payload with the day, vNF and the DigestValue in hex, as the sped-nfe sample does', () => {
    // From samples/sped-nfe/nfce_com_qrcode.xml: DigestValue m9ZrQTKMxv7A1Blnf/nmNGVX+N8= on day 01 with vNF 150.00.
    const qr = nfceQrCode({ ...online, uf: 'BA', chave: keyFor('BA', 9), offline: { day: 1, vNF: '150.00', digestValue: 'm9ZrQTKMxv7A1Blnf/nmNGVX+N8=' } });
    expect(qr).toContain(`?p=${keyFor('BA', 9)}|2|2|01|150.00|6d395a7251544b4d7876374131426c6e662f6e6d4e4756582b4e383d|1|`);
    expect(acceptsQrCode(qr)).toBe(true);
  });

  it.each(Object.keys(NFCE_ADDRESSES) as UF[])('matches the schema patterns for %s in both environments, online and offline', (uf) => {
    for (const tpAmb of [1, 2] as const) {
      const base = { uf, tpAmb, idCSC: '000002', csc: 'ABCDEF0123456789' };
      expect(acceptsQrCode(nfceQrCode({ ...base, chave: keyFor(uf, 1) }))).toBe(true);
      expect(acceptsQrCode(nfceQrCode({ ...base, chave: keyFor(uf, 9), offline: { day: 31, vNF: '0.10', digestValue: 'OZImXzkhvK2D0ABoXkChyiO2KxQ=' } }))).toBe(true);
      const url = urlChave(uf, tpAmb);
      expect(url.length).toBeGreaterThanOrEqual(URL_MIN);
      expect(url.length).toBeLessThanOrEqual(URL_MAX);
      expect(TSTRING.some((p) => p.test(url))).toBe(true);
    }
  });

  it('covers the 27 states', () => {
    expect(Object.keys(NFCE_ADDRESSES).sort()).toEqual(Object.keys(UF_CODES).sort());
  });

  it('refuses a missing CSC and an unknown state', () => {
    expect(() => nfceQrCode({ ...online, csc: ' ' })).toThrow('CSC (código de segurança do contribuinte) não informado para NFC-e.');
    expect(() => nfceQrCode({ ...online, idCSC: 'abc' })).toThrow("Identificador do CSC inválido: 'abc'.");
    expect(() => qrCodeUrl('XX', 1)).toThrow("UF sem endereço de consulta de NFC-e: 'XX'.");
  });

  it('picks the production or homologation address', () => {
    expect(qrCodeUrl('SP', 1)).toBe('https://www.nfce.fazenda.sp.gov.br/NFCeConsultaPublica/Paginas/ConsultaQRCode.aspx');
    expect(qrCodeUrl('SP', 2)).toBe('https://www.homologacao.nfce.fazenda.sp.gov.br/NFCeConsultaPublica/Paginas/ConsultaQRCode.aspx');
    expect(urlChave('PR', 2)).toBe('http://www.fazenda.pr.gov.br/nfce/consulta');
  });
});
