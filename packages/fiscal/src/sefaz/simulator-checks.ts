// What the SEFAZ homologation simulator checks on a received document before any business rule, besides the XSD
// (validate.ts) and the access key's check digit (access-key.ts): the XML signature, with xml-crypto, an
// implementation other than the one that signs (sign.ts).

import { SignedXml } from 'xml-crypto';
import { SCHEMA_FILES, validateXml, type SchemaName } from '../validate.ts';
import { elementXml, type XmlElement } from './xml.ts';

export interface SchemaVerdict {
  readonly valid: boolean;
  readonly errors: readonly string[];
}

/**
 * Validation by schema file name (e.g. 'enviNFe_v4.00.xsd'), kept for the callers that name files; it is
 * validate.ts's validateXml (long-lived xmllint workers), and answers libxml2's own lines as errors.
 */
export async function validateAgainstSchema(xml: string, schemaFile: string): Promise<SchemaVerdict> {
  const name = (Object.keys(SCHEMA_FILES) as SchemaName[]).find((key) => SCHEMA_FILES[key] === schemaFile);
  if (!name) throw new Error(`Schema ${schemaFile} não suportado`);
  const result = await validateXml(xml, name);
  return { valid: result.valid, errors: result.errors.map((e) => e.raw) };
}

const SIGNATURE_NS = 'http://www.w3.org/2000/09/xmldsig#';

/**
 * Verifies the enveloped signature inside `signed` (an NFe, evento or inutNFe element of `source`) with the
 * certificate of its KeyInfo. Any structural problem counts as a failed verification.
 */
export function verifyEnvelopedSignature(source: string, signed: XmlElement): boolean {
  const signature = signed.children.find((c) => c.localName === 'Signature' && c.namespace === SIGNATURE_NS);
  if (!signature) return false;
  try {
    const verifier = new SignedXml({ getCertFromKeyInfo: (keyInfo) => SignedXml.getCertFromKeyInfo(keyInfo) });
    verifier.loadSignature(elementXml(source, signature));
    return verifier.checkSignature(elementXml(source, signed));
  } catch {
    return false;
  }
}
