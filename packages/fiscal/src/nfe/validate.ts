/**
 * Schema check of every document before it is sent: libxml2 (xmllint-wasm) with the official schema package. A
 * failure is told in pt-BR naming the field at fault.
 */
import { validateAgainstSchema } from '../sefaz/simulator-checks.ts';

export interface SchemaError {
  field: string;
  message: string;
}

export interface SchemaResult {
  valid: boolean;
  errors: SchemaError[];
}

export const SCHEMAS = {
  nfe: 'nfe_v4.00.xsd',
  enviNFe: 'enviNFe_v4.00.xsd',
  procNFe: 'procNFe_v4.00.xsd',
  envEvento: 'envEvento_v1.00.xsd',
  envEventoCancNFe: 'envEventoCancNFe_v1.00.xsd',
  envCCe: 'envCCe_v1.00.xsd',
  inutNFe: 'inutNFe_v4.00.xsd',
  consSitNFe: 'consSitNFe_v4.00.xsd',
  consStatServ: 'consStatServ_v4.00.xsd',
} as const;
export type SchemaName = keyof typeof SCHEMAS;

/** One libxml2 message in pt-BR, with the element it is about. */
export function describeSchemaError(raw: string): SchemaError {
  const field = /Element '(?:\{[^}]*\})?([A-Za-z0-9_]+)'/.exec(raw)?.[1] ?? /element ([A-Za-z0-9_]+):/.exec(raw)?.[1] ?? 'documento';
  const value = /The value '([^']*)'/.exec(raw)?.[1];
  const expected = /Expected is (?:one of )?\( ?([^)]*)\)/.exec(raw)?.[1]?.replace(/\{[^}]*\}/g, '').trim();
  let message: string;
  if (/\[facet '(pattern|enumeration)'\]/.test(raw)) {
    message = `Campo ${field} inválido: o valor '${value ?? ''}' não corresponde ao formato esperado.`;
  } else if (/\[facet '(minLength|maxLength|length|totalDigits|fractionDigits)'\]/.test(raw)) {
    message = `Campo ${field} inválido: o valor '${value ?? ''}' tem tamanho fora do permitido.`;
  } else if (/Missing child element/.test(raw)) {
    message = `Campo ${expected ?? '?'} obrigatório não informado (em ${field}).`;
  } else if (/This element is not expected/.test(raw)) {
    message = expected ? `Campo ${field} fora de ordem ou não permitido aqui (esperado: ${expected}).` : `Campo ${field} não permitido aqui.`;
  } else if (/is not a valid value/.test(raw)) {
    message = `Campo ${field} inválido: o valor '${value ?? ''}' não é aceito.`;
  } else {
    message = `Erro de schema no campo ${field}: ${raw.replace(/^.*Schemas validity error : /, '').trim()}`;
  }
  return { field, message };
}

export async function validateXml(xml: string, schema: SchemaName): Promise<SchemaResult> {
  const verdict = await validateAgainstSchema(xml, SCHEMAS[schema]);
  return { valid: verdict.valid, errors: verdict.errors.map(describeSchemaError) };
}
