// TLS material of the SEFAZ homologation simulator, made fresh at each start: a throw-away CA and a server
// certificate it signs for the loopback names. Keys come from node:crypto (fast, native); the X.509 certificates
// are written with node-forge. Nothing here is ever written to disk or committed.

import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

export interface SimulatorTlsMaterial {
  readonly caCertPem: string;
  readonly serverKeyPem: string;
  readonly serverCertPem: string;
}

function rsaKeyPair(): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

function serialNumber(): string {
  // Positive (leading byte below 0x80) and unique enough for a throw-away CA.
  return `01${randomBytes(15).toString('hex')}`;
}

function validity(cert: forge.pki.Certificate, days: number): void {
  const now = Date.now();
  cert.validity.notBefore = new Date(now - 24 * 3600 * 1000);
  cert.validity.notAfter = new Date(now + days * 24 * 3600 * 1000);
}

/** A CA and a server certificate for `hosts` (names or IP addresses; loopback names are always included). */
export function createSimulatorTlsMaterial(hosts: readonly string[] = []): SimulatorTlsMaterial {
  const caKeys = rsaKeyPair();
  const caKey = forge.pki.privateKeyFromPem(caKeys.privateKeyPem);
  const caSubject = [
    { name: 'commonName', value: 'SEFAZ homologation simulator CA' },
    { name: 'organizationName', value: 'PDV test tooling' },
    { name: 'countryName', value: 'BR' },
  ];
  const ca = forge.pki.createCertificate();
  ca.serialNumber = serialNumber();
  ca.publicKey = forge.pki.publicKeyFromPem(caKeys.publicKeyPem);
  validity(ca, 30);
  ca.setSubject(caSubject);
  ca.setIssuer(caSubject);
  ca.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  ca.sign(caKey, forge.md.sha256.create());

  const serverKeys = rsaKeyPair();
  const server = forge.pki.createCertificate();
  server.serialNumber = serialNumber();
  server.publicKey = forge.pki.publicKeyFromPem(serverKeys.publicKeyPem);
  validity(server, 30);
  server.setSubject([
    { name: 'commonName', value: 'localhost' },
    { name: 'organizationName', value: 'SEFAZ homologation simulator' },
  ]);
  server.setIssuer(caSubject);
  const names = new Set(['localhost', '127.0.0.1', '::1', ...hosts]);
  const altNames = [...names].map((name) =>
    /^[\d.]+$|:/.test(name) ? { type: 7, ip: name } : { type: 2, value: name },
  );
  server.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: ca.generateSubjectKeyIdentifier().getBytes() },
  ]);
  server.sign(caKey, forge.md.sha256.create());

  return {
    caCertPem: forge.pki.certificateToPem(ca),
    serverKeyPem: serverKeys.privateKeyPem,
    serverCertPem: forge.pki.certificateToPem(server),
  };
}
