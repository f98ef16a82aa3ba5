/**
 * XML-DSig enveloped signature of NF-e documents: C14N 1.0 (inclusive), RSA-SHA1, one Reference to the signed
 * element's Id, KeyInfo with the X509 certificate. The documents come from xml-writer.ts, already in canonical form,
 * so the canonical bytes of the signed element are its text with the inherited default namespace declared on it.
 */
import { createHash, createSign, createVerify, X509Certificate } from 'node:crypto';
import type { Certificate } from './certificate.ts';
import { NFE_NAMESPACE } from './nfe-xml.ts';

export type SignedTag = 'infNFe' | 'infEvento' | 'infInut';
const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';

function signedElement(xml: string, tag: SignedTag): { text: string; id: string; end: number } {
  const start = xml.indexOf(`<${tag} `);
  const close = `</${tag}>`;
  const endIndex = xml.indexOf(close, start);
  if (start < 0 || endIndex < 0) throw new Error(`elemento ${tag} não encontrado`);
  const text = xml.slice(start, endIndex + close.length);
  const id = /^<[^>]*\bId="([^"]+)"/.exec(text)?.[1];
  if (!id) throw new Error(`${tag} sem atributo Id`);
  return { text, id, end: endIndex + close.length };
}

/** Canonical form of the element: the NF-e default namespace, inherited from its parent, declared on it. */
function canonical(elementText: string, tag: string): string {
  return elementText.replace(`<${tag} `, `<${tag} xmlns="${NFE_NAMESPACE}" `);
}

/** SHA-1 digest (base64) of the signed element: what DigestValue will hold (the offline QR code needs it first). */
export function digestOf(xml: string, tag: SignedTag): string {
  const { text } = signedElement(xml, tag);
  return createHash('sha1').update(canonical(text, tag), 'utf8').digest('base64');
}

function signedInfo(id: string, digest: string, withNamespace: boolean): string {
  const ns = withNamespace ? ` xmlns="${DSIG}"` : '';
  return `<SignedInfo${ns}><CanonicalizationMethod Algorithm="${C14N}"></CanonicalizationMethod>`
    + `<SignatureMethod Algorithm="${DSIG}rsa-sha1"></SignatureMethod><Reference URI="#${id}"><Transforms>`
    + `<Transform Algorithm="${DSIG}enveloped-signature"></Transform><Transform Algorithm="${C14N}"></Transform></Transforms>`
    + `<DigestMethod Algorithm="${DSIG}sha1"></DigestMethod><DigestValue>${digest}</DigestValue></Reference></SignedInfo>`;
}

/** Signs the element and appends the Signature as the last child of the document's root element. */
export function signXml(xml: string, tag: SignedTag, certificate: Pick<Certificate, 'privateKeyPem' | 'certificateBase64'>): string {
  const { id } = signedElement(xml, tag);
  const digest = digestOf(xml, tag);
  const value = createSign('RSA-SHA1').update(signedInfo(id, digest, true), 'utf8').sign(certificate.privateKeyPem, 'base64');
  const signature = `<Signature xmlns="${DSIG}">${signedInfo(id, digest, false)}<SignatureValue>${value}</SignatureValue>`
    + `<KeyInfo><X509Data><X509Certificate>${certificate.certificateBase64}</X509Certificate></X509Data></KeyInfo></Signature>`;
  const rootClose = xml.lastIndexOf('</');
  return xml.slice(0, rootClose) + signature + xml.slice(rootClose);
}

/**
 * Verifies a signature made by signXml (our own documents: canonical text). Returns false on any mismatch. Tests use
 * xml-crypto, an independent implementation, as the real judge.
 */
export function verifyOwnSignature(xml: string, tag: SignedTag): boolean {
  try {
    const { id } = signedElement(xml, tag);
    const digest = /<DigestValue>([^<]+)<\/DigestValue>/.exec(xml)?.[1];
    const value = /<SignatureValue>([^<]+)<\/SignatureValue>/.exec(xml)?.[1];
    const cert = /<X509Certificate>([^<]+)<\/X509Certificate>/.exec(xml)?.[1];
    if (!digest || !value || !cert || digest !== digestOf(xml, tag)) return false;
    const pem = new X509Certificate(Buffer.from(cert, 'base64')).publicKey;
    return createVerify('RSA-SHA1').update(signedInfo(id, digest, true), 'utf8').verify(pem, value, 'base64');
  } catch {
    return false;
  }
}
