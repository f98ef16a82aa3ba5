import { createPrivateKey, X509Certificate } from 'node:crypto';
import { ValidationError } from '@pdv/domain/errors';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { CERTIFICATE_MESSAGES, formatDateBR, loadCertificate } from './certificate.ts';
import { createTestCertificate, TEST_CERTIFICATE_PASSWORD } from './testing/test-certificate.ts';

// RSA key generation is the slow part: one certificate for the file, plus the expired one.
const CNPJ = '12ABC34501DE35';
const pfx = createTestCertificate({ cnpj: CNPJ, name: 'LOJA DEMO LTDA' });

describe('loadCertificate', () => {
  it('reads key, certificate, subject, CNPJ and validity of an A1 file', () => {
    const cert = loadCertificate(pfx, TEST_CERTIFICATE_PASSWORD);
    expect(cert.subject).toBe(`LOJA DEMO LTDA:${CNPJ}`);
    expect(cert.cnpj).toBe(CNPJ);
    expect(cert.privateKeyPem).toMatch(/^-----BEGIN RSA PRIVATE KEY-----/);
    expect(cert.certificatePem).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(cert.notAfter.getTime()).toBeGreaterThan(Date.now());
    // The base64 DER is the same certificate node:crypto reads.
    const x509 = new X509Certificate(Buffer.from(cert.certificateBase64, 'base64'));
    expect(x509.subject).toContain(`CN=LOJA DEMO LTDA:${CNPJ}`);
    expect(x509.checkPrivateKey(createPrivateKey(cert.privateKeyPem))).toBe(true);
  });

  it('takes the CNPJ from the ICP-Brasil otherName when the common name has none', () => {
    const loaded = loadCertificate(resigned((cert) => cert.setSubject([{ name: 'commonName', value: 'EMPRESA SEM CNPJ NO NOME' }])), 'x');
    expect(loaded.subject).toBe('EMPRESA SEM CNPJ NO NOME');
    expect(loaded.cnpj).toBe(CNPJ);
  });

  it('says the password is wrong', () => {
    expect(() => loadCertificate(pfx, 'outra senha')).toThrow(ValidationError);
    expect(() => loadCertificate(pfx, 'outra senha')).toThrow(CERTIFICATE_MESSAGES.wrongPassword);
  });

  it('says the file is not a certificate', () => {
    expect(() => loadCertificate(Buffer.from('isto não é um pfx'), 'x')).toThrow('Arquivo do certificado digital inválido.');
    expect(() => loadCertificate(pfx.subarray(0, 200), TEST_CERTIFICATE_PASSWORD)).toThrow(/certificado digital inválid/);
  });

  it('refuses an expired certificate with its expiry date, unless asked to read it anyway', () => {
    const expired = resigned((cert) => {
      cert.validity.notBefore = new Date('2024-01-10T12:00:00Z');
      cert.validity.notAfter = new Date('2024-02-09T12:00:00Z');
    });
    expect(() => loadCertificate(expired, 'x')).toThrow('Certificado digital vencido em 09/02/2024.');
    expect(loadCertificate(expired, 'x', { allowExpired: true }).subject).toBe(`LOJA DEMO LTDA:${CNPJ}`);
  });

  it('checks validity against the moment given', () => {
    expect(() => loadCertificate(pfx, TEST_CERTIFICATE_PASSWORD, { now: new Date(Date.now() + 400 * 86_400_000) })).toThrow(
      /^Certificado digital vencido em \d{2}\/\d{2}\/\d{4}\.$/,
    );
    expect(() => loadCertificate(pfx, TEST_CERTIFICATE_PASSWORD, { now: new Date('2000-01-01T00:00:00Z') })).toThrow(
      'Certificado digital válido somente a partir de',
    );
  });
});

describe('formatDateBR', () => {
  it('writes the date as Brasília sees it', () => {
    expect(formatDateBR(new Date('2026-03-01T02:00:00Z'))).toBe('28/02/2026');
    expect(formatDateBR(new Date('2026-03-01T03:00:00Z'))).toBe('01/03/2026');
  });
});

/** The test certificate changed by `change` and signed again with its own key, packed with password 'x'. */
function resigned(change: (cert: forge.pki.Certificate) => void): Buffer {
  const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(pfx.toString('binary')), false, TEST_CERTIFICATE_PASSWORD);
  const key = p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[forge.pki.oids.pkcs8ShroudedKeyBag!]![0]!.key!;
  const cert = p12.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!]![0]!.cert!;
  change(cert);
  cert.sign(key, forge.md.sha256.create());
  const out = forge.pkcs12.toPkcs12Asn1(key, [cert], 'x', { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(out).getBytes(), 'binary');
}
