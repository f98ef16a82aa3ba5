/**
 * The whole emission of one document: build, QR code (NFC-e), sign, check against the official schema. What leaves
 * here is what is stored and sent, byte for byte, every time.
 */
import type { Certificate } from './certificate.ts';
import { buildNFeXml, type BuiltNFe, type NFeInput } from './nfe-xml.ts';
import { infNFeSupl, nfceQrCode, urlChave } from './qrcode.ts';
import { digestOf, signXml } from './sign.ts';
import { validateXml, type SchemaError } from './validate.ts';
import { money } from './xml-writer.ts';

export class SchemaValidationError extends Error {
  constructor(readonly errors: SchemaError[]) {
    super(errors[0]?.message ?? 'XML inválido');
  }
}

export interface SignedNFe extends BuiltNFe {
  digest: string;
  qrCode: string | null;
}

export interface EmitOptions {
  certificate: Pick<Certificate, 'privateKeyPem' | 'certificateBase64'>;
  uf: string;
  /** NFC-e: the branch's CSC id and token. */
  csc?: { id: string; token: string } | null;
  /** Skip the schema check (benchmarks of the build alone). */
  validate?: boolean;
}

export async function emitSignedNFe(input: NFeInput, options: EmitOptions): Promise<SignedNFe> {
  const built = buildNFeXml(input);
  let xml = built.xml;
  const digest = digestOf(xml, 'infNFe');
  let qrCode: string | null = null;
  if (input.mod === '65') {
    if (!options.csc) throw new Error('CSC não informado para NFC-e');
    const day = Number(built.dhEmi.slice(8, 10));
    qrCode = nfceQrCode({
      uf: options.uf, chave: built.chave, tpAmb: input.tpAmb, idCSC: options.csc.id, csc: options.csc.token,
      offline: input.tpEmis === 9 ? { dia: day, vNF: money(built.totals.vNF), digestValue: digest } : null,
    });
    const end = xml.indexOf('</infNFe>') + '</infNFe>'.length;
    xml = xml.slice(0, end) + infNFeSupl(qrCode, urlChave(options.uf, input.tpAmb)) + xml.slice(end);
  }
  const signed = signXml(xml, 'infNFe', options.certificate);
  if (options.validate !== false) {
    const result = await validateXml(signed, 'nfe');
    if (!result.valid) throw new SchemaValidationError(result.errors);
  }
  return { ...built, xml: signed, digest, qrCode };
}
