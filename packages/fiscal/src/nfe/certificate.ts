/**
 * The branch's A1 certificate: a PKCS#12 file and its password. node-forge reads PKCS#12 (Node's crypto does not
 * expose the key inside one), including the old RC2/3DES files many certificate authorities still issue.
 */
import forge from 'node-forge';

export interface Certificate {
  privateKeyPem: string;
  certificatePem: string;
  /** DER of the certificate in base64, as X509Certificate of the signature's KeyInfo. */
  certificateBase64: string;
  subject: string;
  /** The CNPJ of an e-CNPJ (from "NAME:CNPJ" in the CN, or the ICP-Brasil OID 2.16.76.1.3.3). */
  cnpj: string | null;
  notBefore: Date;
  notAfter: Date;
}

export class CertificateError extends Error {}

const brDate = (d: Date) =>
  `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;

export function loadCertificate(pfx: Buffer | Uint8Array, password: string, now = new Date()): Certificate {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(pfx).toString('binary')));
    try {
      p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
    } catch {
      throw new CertificateError('Senha do certificado digital inválida.');
    }
  } catch (error) {
    if (error instanceof CertificateError) throw error;
    throw new CertificateError('Arquivo do certificado digital inválido.');
  }
  const shrouded = forge.pki.oids['pkcs8ShroudedKeyBag']!;
  const plain = forge.pki.oids['keyBag']!;
  const certOid = forge.pki.oids['certBag']!;
  const keyBag = p12.getBags({ bagType: shrouded })[shrouded]?.[0] ?? p12.getBags({ bagType: plain })[plain]?.[0];
  const certBags: forge.pkcs12.Bag[] = p12.getBags({ bagType: certOid })[certOid] ?? [];
  const key = keyBag?.key;
  if (!key) throw new CertificateError('Arquivo do certificado digital inválido.');
  const publicPem = forge.pki.publicKeyToPem(forge.pki.setRsaPublicKey((key as forge.pki.rsa.PrivateKey).n, (key as forge.pki.rsa.PrivateKey).e));
  // The signer's certificate is the one whose public key matches the private key (a file may carry the chain too).
  const bag = certBags.find((b) => b.cert && forge.pki.publicKeyToPem(b.cert.publicKey) === publicPem) ?? certBags[0];
  const cert = bag?.cert;
  if (!cert) throw new CertificateError('Arquivo do certificado digital inválido.');
  const cn = String(cert.subject.getField('CN')?.value ?? '');
  const fromCn = /:(\d{14})$/.exec(cn)?.[1] ?? null;
  if (cert.validity.notAfter < now) throw new CertificateError(`Certificado digital vencido em ${brDate(cert.validity.notAfter)}.`);
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  return {
    privateKeyPem: forge.pki.privateKeyToPem(key),
    certificatePem: forge.pki.certificateToPem(cert),
    certificateBase64: Buffer.from(der, 'binary').toString('base64'),
    subject: cn,
    cnpj: fromCn,
    notBefore: cert.validity.notBefore,
    notAfter: cert.validity.notAfter,
  };
}
