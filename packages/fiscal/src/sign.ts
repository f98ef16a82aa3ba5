/**
 * XML-DSig enveloped signatures as the NF-e manual asks for them (MOC 7.0, item 4.3): one Reference to the Id of the
 * signed element (infNFe, infEvento, infInut), transforms enveloped-signature + C14N 1.0, digest SHA-1, signature
 * RSA-SHA1, KeyInfo with the X509 certificate. The Signature is appended as the last child of the signed element's
 * parent (after infNFeSupl in an NFC-e).
 *
 * The canonical form comes from our own C14N (c14n.ts) over our own parser (xml-parse.ts); hashing and RSA from
 * node:crypto. `verifyXmlSignature` checks signatures made by anyone (tests cross-check with xml-crypto, and verify
 * third-party samples with this verifier). It checks the signature with the certificate in KeyInfo; whether that
 * certificate is trustworthy (ICP-Brasil chain, revocation) is not its business.
 */
import { createHash, createPrivateKey, createVerify, createSign, X509Certificate, type KeyObject } from 'node:crypto';
import { C14N, C14N_WITH_COMMENTS, canonicalize, escapeC14nAttribute, inScopeNamespaces, renderNamespaces } from './c14n.ts';
import { childElement, descendants, parseXml, textContent, type XmlElement } from './xml-parse.ts';

export const DSIG_NAMESPACE = 'http://www.w3.org/2000/09/xmldsig#';
const ENVELOPED = `${DSIG_NAMESPACE}enveloped-signature`;
const RSA_SHA1 = `${DSIG_NAMESPACE}rsa-sha1`;
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA1 = `${DSIG_NAMESPACE}sha1`;
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';

/** The elements the NF-e family signs (and the CF-e's infCFe, which the SAT signs: its emulator uses this). */
export type SignedTag = 'infNFe' | 'infEvento' | 'infInut' | 'infCFe';

/** What signing needs from a certificate (loadCertificate's answer has it). */
export interface SigningCertificate {
  privateKeyPem: string;
  certificateBase64: string;
}

export interface SignOptions {
  /** Local name of the element to sign; it must carry an Id attribute. */
  tag: SignedTag;
  certificate: SigningCertificate;
}

const keyCache = new Map<string, KeyObject>();

function privateKey(pem: string): KeyObject {
  let key = keyCache.get(pem);
  if (!key) {
    if (keyCache.size >= 16) keyCache.clear();
    key = createPrivateKey(pem);
    keyCache.set(pem, key);
  }
  return key;
}

function isSignature(el: XmlElement): boolean {
  return el.local === 'Signature' && el.namespace === DSIG_NAMESPACE;
}

/** Elements named `tag` with an Id, in document order. */
function targets(root: XmlElement, tag: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const el of descendants(root)) if (el.local === tag && el.attributes.some((a) => a.name === 'Id')) out.push(el);
  return out;
}

function idOf(el: XmlElement): string {
  return el.attributes.find((a) => a.name === 'Id')!.value;
}

/** SignedInfo in canonical form, with the namespaces it has in scope at its place in the document. */
function signedInfoCanonical(parent: XmlElement, id: string, digest: string): string {
  const scope = inScopeNamespaces(parent);
  scope.set('', DSIG_NAMESPACE);
  scope.delete('xml');
  return `<SignedInfo${renderNamespaces([...scope])}>${signedInfoBody(id, digest)}</SignedInfo>`;
}

function signedInfoBody(id: string, digest: string): string {
  return `<CanonicalizationMethod Algorithm="${C14N}"></CanonicalizationMethod>`
    + `<SignatureMethod Algorithm="${RSA_SHA1}"></SignatureMethod>`
    + `<Reference URI="#${escapeC14nAttribute(id)}"><Transforms>`
    + `<Transform Algorithm="${ENVELOPED}"></Transform><Transform Algorithm="${C14N}"></Transform></Transforms>`
    + `<DigestMethod Algorithm="${SHA1}"></DigestMethod><DigestValue>${digest}</DigestValue></Reference>`;
}

function digestElement(el: XmlElement): string {
  return createHash('sha1').update(canonicalize(el, { exclude: isSignature }), 'utf8').digest('base64');
}

/**
 * The DigestValue a signature of the first `tag` element would carry: what the offline NFC-e QR code needs before
 * the document is signed (the digest does not depend on anything outside the signed element).
 */
export function digestOf(xml: string, tag: SignedTag): string {
  const el = targets(parseXml(xml).root, tag)[0];
  if (!el) throw new Error(`Elemento ${tag} com atributo Id não encontrado no XML.`);
  return digestElement(el);
}

/**
 * Signs every `tag` element (with an Id) whose parent has no Signature yet, appending each Signature as the last
 * child of that parent. Everything else in the document is kept byte for byte.
 */
export function signXml(xml: string, options: SignOptions): string {
  const { root } = parseXml(xml);
  const pending = targets(root, options.tag).filter((el) => !el.parent?.children.some((c) => c.kind === 'element' && isSignature(c)));
  if (pending.length === 0) throw new Error(`Elemento ${options.tag} com atributo Id não encontrado no XML (ou já assinado).`);
  const key = privateKey(options.certificate.privateKeyPem);
  const certificate = options.certificate.certificateBase64.replace(/\s+/g, '');
  let out = xml;
  // From the last to the first, so earlier offsets stay right.
  for (const el of [...pending].reverse()) {
    const parent = el.parent!;
    const id = idOf(el);
    const digest = digestElement(el);
    const value = createSign('RSA-SHA1').update(signedInfoCanonical(parent, id, digest), 'utf8').sign(key, 'base64');
    const signature = `<Signature xmlns="${DSIG_NAMESPACE}"><SignedInfo>${signedInfoBody(id, digest)}</SignedInfo>`
      + `<SignatureValue>${value}</SignatureValue>`
      + `<KeyInfo><X509Data><X509Certificate>${certificate}</X509Certificate></X509Data></KeyInfo></Signature>`;
    out = out.slice(0, parent.contentEnd) + signature + out.slice(parent.contentEnd);
  }
  return out;
}

// Verification -------------------------------------------------------------------------------------------------

export interface SignatureCheck {
  valid: boolean;
  /** The Id the signature references ('' for the whole document). */
  reference: string | null;
  /** Why it failed (pt-BR), null when valid. */
  reason: string | null;
  /** The X509Certificate of KeyInfo (base64 DER). */
  certificateBase64: string | null;
}

export interface VerifyResult {
  /** True when the document has at least one signature and all of them hold. */
  valid: boolean;
  signatures: SignatureCheck[];
  /** The first failure's reason (pt-BR), null when valid. */
  reason: string | null;
}

class SignatureFailure extends Error {}

function dsChild(el: XmlElement, local: string): XmlElement {
  const child = childElement(el, local, DSIG_NAMESPACE);
  if (!child) throw new SignatureFailure(`Assinatura sem o elemento ${local}.`);
  return child;
}

function algorithm(el: XmlElement): string {
  return el.attributes.find((a) => a.name === 'Algorithm')?.value ?? '';
}

function canonicalFor(method: string): { withComments: boolean } {
  if (method === C14N) return { withComments: false };
  if (method === C14N_WITH_COMMENTS) return { withComments: true };
  throw new SignatureFailure(`Método de canonicalização não suportado: ${method}.`);
}

function findById(root: XmlElement, id: string): XmlElement {
  const found: XmlElement[] = [];
  for (const el of descendants(root)) {
    if (el.attributes.some((a) => (a.name === 'Id' || a.name === 'ID' || a.name === 'id') && a.value === id)) found.push(el);
  }
  if (found.length !== 1) {
    throw new SignatureFailure(found.length === 0 ? `Elemento referenciado #${id} não encontrado.` : `Id ${id} repetido no documento.`);
  }
  return found[0]!;
}

function checkReference(root: XmlElement, signature: XmlElement, reference: XmlElement): string {
  const uri = reference.attributes.find((a) => a.name === 'URI')?.value ?? '';
  if (uri !== '' && !uri.startsWith('#')) throw new SignatureFailure(`Referência externa não suportada: ${uri}.`);
  const target = uri === '' ? root : findById(root, uri.slice(1));
  let enveloped = false;
  let c14n = { withComments: false };
  const transforms = childElement(reference, 'Transforms', DSIG_NAMESPACE);
  for (const t of transforms ? transforms.children : []) {
    if (t.kind !== 'element') continue;
    const alg = algorithm(t);
    if (alg === ENVELOPED) enveloped = true;
    else c14n = canonicalFor(alg);
  }
  const digestMethod = algorithm(dsChild(reference, 'DigestMethod'));
  const hash = digestMethod === SHA1 ? 'sha1' : digestMethod === SHA256 ? 'sha256' : null;
  if (!hash) throw new SignatureFailure(`Algoritmo de resumo não suportado: ${digestMethod}.`);
  const bytes = canonicalize(target, { withComments: c14n.withComments, exclude: enveloped ? (el) => el === signature : undefined });
  const actual = createHash(hash).update(bytes, 'utf8').digest();
  const expected = Buffer.from(textContent(dsChild(reference, 'DigestValue')).replace(/\s+/g, ''), 'base64');
  if (!actual.equals(expected)) throw new SignatureFailure(`O resumo (DigestValue) de ${uri || 'documento'} não confere: o conteúdo assinado foi alterado.`);
  return uri.slice(1);
}

function checkSignature(root: XmlElement, signature: XmlElement): SignatureCheck {
  let certificateBase64: string | null = null;
  let reference: string | null = null;
  try {
    const signedInfo = dsChild(signature, 'SignedInfo');
    const c14n = canonicalFor(algorithm(dsChild(signedInfo, 'CanonicalizationMethod')));
    const method = algorithm(dsChild(signedInfo, 'SignatureMethod'));
    const rsa = method === RSA_SHA1 ? 'RSA-SHA1' : method === RSA_SHA256 ? 'RSA-SHA256' : null;
    if (!rsa) throw new SignatureFailure(`Algoritmo de assinatura não suportado: ${method}.`);
    const references = signedInfo.children.filter((c): c is XmlElement => c.kind === 'element' && c.local === 'Reference');
    if (references.length === 0) throw new SignatureFailure('Assinatura sem referência.');
    for (const ref of references) reference = checkReference(root, signature, ref);
    const keyInfo = dsChild(signature, 'KeyInfo');
    const x509 = childElement(dsChild(keyInfo, 'X509Data'), 'X509Certificate', DSIG_NAMESPACE);
    if (!x509) throw new SignatureFailure('Assinatura sem o certificado (X509Certificate).');
    certificateBase64 = textContent(x509).replace(/\s+/g, '');
    let publicKey: KeyObject;
    try {
      publicKey = new X509Certificate(Buffer.from(certificateBase64, 'base64')).publicKey;
    } catch {
      throw new SignatureFailure('Certificado da assinatura ilegível.');
    }
    const value = Buffer.from(textContent(dsChild(signature, 'SignatureValue')).replace(/\s+/g, ''), 'base64');
    const ok = createVerify(rsa).update(canonicalize(signedInfo, c14n), 'utf8').verify(publicKey, value);
    if (!ok) throw new SignatureFailure('O valor da assinatura (SignatureValue) não confere com o certificado.');
    return { valid: true, reference, reason: null, certificateBase64 };
  } catch (error) {
    if (!(error instanceof SignatureFailure)) throw error;
    return { valid: false, reference, reason: error.message, certificateBase64 };
  }
}

/** Verifies every XML-DSig signature of the document (an NFe, nfeProc, evento, inutNFe...). */
export function verifyXmlSignature(xml: string): VerifyResult {
  let root: XmlElement;
  try {
    root = parseXml(xml).root;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { valid: false, signatures: [], reason };
  }
  const signatures = [...descendants(root)].filter(isSignature).map((s) => checkSignature(root, s));
  if (signatures.length === 0) return { valid: false, signatures, reason: 'Documento sem assinatura digital.' };
  const failed = signatures.find((s) => !s.valid);
  return { valid: !failed, signatures, reason: failed?.reason ?? null };
}
