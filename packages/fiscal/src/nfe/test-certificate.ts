/**
 * A throw-away e-CNPJ-like A1 certificate for tests and the demo shop: RSA 2048, self-signed, CN "NAME:CNPJ",
 * packed as PKCS#12. Never a real certificate, never committed: made when needed.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

export function createTestCertificate(input: { cnpj: string; name: string; password?: string; days?: number }): Buffer {
  const password = input.password ?? 'senha-de-teste';
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const cert = forge.pki.createCertificate();
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600_000);
  cert.validity.notAfter = new Date(Date.now() + (input.days ?? 365) * 24 * 3600_000);
  const subject = [
    { name: 'commonName', value: `${input.name}:${input.cnpj}` },
    { name: 'organizationName', value: 'ICP-Brasil (certificado de teste)' },
    { name: 'countryName', value: 'BR' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([{ name: 'basicConstraints', cA: false }, { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyEncipherment: true }]);
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  cert.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}
