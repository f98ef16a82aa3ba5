/**
 * A throw-away certificate shaped like an ICP-Brasil A1 e-CNPJ, for tests and the demo shop: RSA 2048, self-signed,
 * CN "NAME:CNPJ", the CNPJ also in the otherName 2.16.76.1.3.3, packed as PKCS#12 (3DES). Never a real certificate and
 * never committed: made when needed. The key comes from node:crypto (native, fast) and is handed to node-forge.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { OID_ICP_BRASIL_CNPJ } from '../certificate.ts';

export interface TestCertificateInput {
  cnpj: string;
  name: string;
  /** Days of validity from `notBefore` (default 365). */
  days?: number;
  password?: string;
  /** Start of validity (default: one day ago). An old date with few days makes an expired certificate. */
  notBefore?: Date;
}

export const TEST_CERTIFICATE_PASSWORD = 'senha-de-teste';

const DAY = 86_400_000;

/** subjectAltName with the ICP-Brasil otherName carrying the CNPJ (forge cannot write otherName itself). */
function altNameWithCnpj(cnpj: string): forge.asn1.Asn1 {
  const { asn1 } = forge;
  const otherName = asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(OID_ICP_BRASIL_CNPJ).getBytes()),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, cnpj),
    ]),
  ]);
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [otherName]);
}

/** A PKCS#12 file (the bytes of a .pfx). */
export function createTestCertificate(input: TestCertificateInput): Buffer {
  const password = input.password ?? TEST_CERTIFICATE_PASSWORD;
  const cnpj = input.cnpj.toUpperCase().replace(/[^0-9A-Z]/g, '');
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  // A positive serial: first byte below 0x80.
  cert.serialNumber = `01${randomBytes(9).toString('hex')}`;
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  const notBefore = input.notBefore ?? new Date(Date.now() - DAY);
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter = new Date(notBefore.getTime() + (input.days ?? 365) * DAY);
  const subject = [
    { name: 'countryName', value: 'BR' },
    { name: 'organizationName', value: 'ICP-Brasil' },
    { shortName: 'OU', value: 'Certificado de teste - sem valor' },
    { name: 'commonName', value: `${input.name}:${cnpj}` },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyEncipherment: true },
    { name: 'extKeyUsage', clientAuth: true, emailProtection: true },
    { id: '2.5.29.17', name: 'subjectAltName', value: altNameWithCnpj(cnpj) },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}
