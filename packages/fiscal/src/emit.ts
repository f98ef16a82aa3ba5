/**
 * The whole emission of one NF-e/NFC-e: build (with the QR code of an NFC-e), sign, check against the official schema.
 * What comes out is what is stored and sent, byte for byte, every time (a resend must reuse it: SEFAZ answers 539 to
 * the same key with other content).
 */
import { ValidationError } from '@pdv/domain/errors';
import { buildNFeXml, type BuiltNFe } from './nfe-xml.ts';
import { signXml, type SigningCertificate } from './sign.ts';
import type { NFeInput } from './types.ts';
import { validateXml, type SchemaError } from './validate.ts';

/** The signed document failed the schema: the first field-level message, all of them in `errors`. */
export class SchemaValidationError extends ValidationError {
  readonly errors: SchemaError[];

  constructor(errors: SchemaError[]) {
    super(errors[0]?.message ?? 'XML inválido pelo schema.', errors[0]?.field);
    this.errors = errors;
  }
}

export interface EmitOptions {
  certificate: SigningCertificate;
  /** Check the signed XML against nfe_v4.00.xsd (default true). */
  validate?: boolean;
}

/** Build, sign and (by default) validate. `xml` is the signed NFe. */
export async function emitSignedNFe(input: NFeInput, options: EmitOptions): Promise<BuiltNFe> {
  const built = buildNFeXml(input);
  const xml = signXml(built.xml, { tag: 'infNFe', certificate: options.certificate });
  if (options.validate !== false) {
    const result = await validateXml(xml, 'nfe');
    if (!result.valid) throw new SchemaValidationError(result.errors);
  }
  return { ...built, xml };
}
