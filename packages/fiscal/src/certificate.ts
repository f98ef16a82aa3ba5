/**
 * The branch's A1 digital certificate: a PKCS#12 (.pfx) file and its password. node-forge reads the file (Node's
 * crypto cannot open a PKCS#12), including the 3DES/RC2 files many ICP-Brasil authorities still issue; signing then
 * uses node:crypto with the PEM key.
 *
 * The e-CNPJ's CNPJ comes from the ICP-Brasil subjectAltName otherName 2.16.76.1.3.3 when present, else from the
 * "NAME:CNPJ" common name.
 */
import { ValidationError } from '@pdv/domain/errors';
import forge from 'node-forge';

/** ICP-Brasil otherName holding the CNPJ of the company that owns an e-CNPJ. */
export const OID_ICP_BRASIL_CNPJ = '2.16.76.1.3.3';

export const CERTIFICATE_MESSAGES = {
  wrongPassword: 'Senha do certificado digital inválida.',
  invalidFile: 'Arquivo do certificado digital inválido.',
  expired: (date: Date) => `Certificado digital vencido em ${formatDateBR(date)}.`,
  notYetValid: (date: Date) => `Certificado digital válido somente a partir de ${formatDateBR(date)}.`,
} as const;

export interface Certificate {
  /** The private key, PEM (PKCS#1). */
  privateKeyPem: string;
  /** The signer's certificate, PEM. */
  certificatePem: string;
  /** DER of the certificate in base64: the X509Certificate of a signature's KeyInfo. */
  certificateBase64: string;
  /** The subject's common name ("EMPRESA LTDA:12345678000195"). */
  subject: string;
  /** The owner's CNPJ (14 characters), or null when the certificate names none. */
  cnpj: string | null;
  notBefore: Date;
  notAfter: Date;
}

export interface LoadCertificateOptions {
  /** The moment the validity is checked against (default: now). */
  now?: Date;
  /** Answer an expired (or not yet valid) certificate instead of refusing it: to show its data on screen. */
  allowExpired?: boolean;
}

/** dd/mm/aaaa in Brasília time (UTC-3, no daylight saving since 2019). */
export function formatDateBR(date: Date): string {
  const local = new Date(date.getTime() - 3 * 3_600_000);
  const dd = String(local.getUTCDate()).padStart(2, '0');
  const mm = String(local.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${local.getUTCFullYear()}`;
}

function invalidFile(): ValidationError {
  return new ValidationError(CERTIFICATE_MESSAGES.invalidFile, 'certificado');
}

function openPkcs12(pfx: Uint8Array, password: string): forge.pkcs12.Pkcs12Pfx {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(pfx).toString('binary')));
  } catch {
    throw invalidFile();
  }
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    // A file with a MAC tells a wrong password apart ("PKCS#12 MAC could not be verified. Invalid password?"); one
    // without a MAC fails later, decrypting its bags into garbage, which also means a wrong password.
    const message = error instanceof Error ? error.message : '';
    if (/password|MAC|decrypt|Unsupported|Cannot read ASN\.1/i.test(message)) {
      throw new ValidationError(CERTIFICATE_MESSAGES.wrongPassword, 'senha');
    }
    throw invalidFile();
  }
}

type Bag = forge.pkcs12.Bag;

function bagsOf(p12: forge.pkcs12.Pkcs12Pfx, type: string): Bag[] {
  return p12.getBags({ bagType: type })[type] ?? [];
}

/** The CNPJ in the ICP-Brasil otherName of the subjectAltName, if any. */
function cnpjFromAltName(cert: forge.pki.Certificate): string | null {
  const ext = cert.getExtension('subjectAltName') as { altNames?: Array<{ type: number; value: unknown }> } | null;
  for (const alt of ext?.altNames ?? []) {
    if (alt.type !== 0 || !Array.isArray(alt.value)) continue;
    const [oid, wrapped] = alt.value as Array<forge.asn1.Asn1 | undefined>;
    if (!oid || typeof oid.value !== 'string' || forge.asn1.derToOid(oid.value) !== OID_ICP_BRASIL_CNPJ) continue;
    // [0] EXPLICIT holding an OCTET STRING (or a printable/UTF-8 string in some authorities' certificates).
    const inner = wrapped && Array.isArray(wrapped.value) ? wrapped.value[0] : undefined;
    const text = typeof inner?.value === 'string' ? inner.value : '';
    const cnpj = text.toUpperCase().replace(/[^0-9A-Z]/g, '');
    if (/^[0-9A-Z]{12}\d{2}$/.test(cnpj)) return cnpj;
  }
  return null;
}

function cnpjFromCommonName(cn: string): string | null {
  const match = /:([0-9A-Za-z]{12}\d{2})\s*$/.exec(cn);
  return match ? match[1]!.toUpperCase() : null;
}

/**
 * Opens an A1 certificate. Throws ValidationError with the message to show: wrong password, broken file, expired
 * (unless `allowExpired`).
 */
export function loadCertificate(pfx: Uint8Array, password: string, options: LoadCertificateOptions = {}): Certificate {
  const p12 = openPkcs12(pfx, password);
  const keyBag = bagsOf(p12, forge.pki.oids.pkcs8ShroudedKeyBag!)[0] ?? bagsOf(p12, forge.pki.oids.keyBag!)[0];
  const key = keyBag?.key;
  if (!key || !key.n) throw invalidFile();
  // The file may carry the chain: the signer's certificate is the one whose modulus matches the private key.
  const certs = bagsOf(p12, forge.pki.oids.certBag!).map((b) => b.cert).filter((c): c is forge.pki.Certificate => !!c);
  const cert = certs.find((c) => (c.publicKey as forge.pki.rsa.PublicKey).n?.equals(key.n));
  if (!cert) throw invalidFile();

  const now = options.now ?? new Date();
  const { notBefore, notAfter } = cert.validity;
  if (!options.allowExpired) {
    if (notAfter.getTime() < now.getTime()) throw new ValidationError(CERTIFICATE_MESSAGES.expired(notAfter), 'certificado');
    if (notBefore.getTime() > now.getTime()) {
      throw new ValidationError(CERTIFICATE_MESSAGES.notYetValid(notBefore), 'certificado');
    }
  }
  const cn = cert.subject.getField('CN') as { value?: unknown } | null;
  const subject = typeof cn?.value === 'string' ? cn.value : '';
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  return {
    privateKeyPem: forge.pki.privateKeyToPem(key),
    certificatePem: forge.pki.certificateToPem(cert),
    certificateBase64: Buffer.from(der, 'binary').toString('base64'),
    subject,
    cnpj: cnpjFromAltName(cert) ?? cnpjFromCommonName(subject),
    notBefore,
    notAfter,
  };
}
