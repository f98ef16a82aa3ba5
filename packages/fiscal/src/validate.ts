/**
 * Schema validation of the fiscal messages against the official package (schemas/, PL_010_V1.30) with libxml2
 * (xmllint-wasm), answering in pt-BR which field is at fault.
 *
 * Speed: xmllint-wasm's validateXML() starts a worker, instantiates the WebAssembly module and compiles the whole
 * schema again on every call: 130-450 ms per NF-e validation measured here (2 cores; about 40-115 ms of it is the
 * schema compilation, the rest worker and WebAssembly start-up). So each schema gets one long-lived xmllint run
 * (xmllint-worker.cjs, schema-worker.ts) that compiles it once and then validates document after document read from
 * its standard input: a 20-item NFC-e validates in about 3 ms (median) after warm-up. Figures in bench/fiscal.bench.ts.
 *
 * Before libxml2 sees a document, our own parser checks that it is well-formed: the worker's framing of documents
 * relies on libxml2 reading each one to its end, which a malformed one may not do.
 */
import { readFileSync } from 'node:fs';
import { attributeValue, descendants, parseXml, XmlParseError } from './xml-parse.ts';
import { SchemaWorker } from './schema-worker.ts';

/**
 * The official schemas: packages/fiscal/schemas from the sources (tsx, vitest); `schemas/` beside the bundle when the
 * server runs compiled (scripts/build-server.mjs copies them there).
 */
export const SCHEMA_DIR = new URL(import.meta.url.endsWith('.ts') ? '../schemas/' : './schemas/', import.meta.url);

/** Main schema file of each message. */
export const SCHEMA_FILES = {
  nfe: 'nfe_v4.00.xsd',
  procNFe: 'procNFe_v4.00.xsd',
  enviNFe: 'enviNFe_v4.00.xsd',
  retEnviNFe: 'retEnviNFe_v4.00.xsd',
  consReciNFe: 'consReciNFe_v4.00.xsd',
  retConsReciNFe: 'retConsReciNFe_v4.00.xsd',
  consSitNFe: 'consSitNFe_v4.00.xsd',
  retConsSitNFe: 'retConsSitNFe_v4.00.xsd',
  consStatServ: 'consStatServ_v4.00.xsd',
  retConsStatServ: 'retConsStatServ_v4.00.xsd',
  inutNFe: 'inutNFe_v4.00.xsd',
  retInutNFe: 'retInutNFe_v4.00.xsd',
  procInutNFe: 'procInutNFe_v4.00.xsd',
  /** Any event; validateXml picks the event's own schema for 110111 and 110110 (see eventSchema). */
  envEvento: 'envEvento_v1.00.xsd',
  envEventoCancNFe: 'envEventoCancNFe_v1.00.xsd',
  envCCe: 'envCCe_v1.00.xsd',
  /** The recipient's manifestation (210200, 210210, 210220, 210240). */
  envConfRecebto: 'envConfRecebto_v1.00.xsd',
  retEnvEvento: 'retEnvEvento_v1.00.xsd',
  procEventoNFe: 'procEventoNFe_v1.00.xsd',
  /** NFeDistribuicaoDFe (sefaz/dist-dfe.ts). */
  distDFeInt: 'distDFeInt_v1.01.xsd',
  retDistDFeInt: 'retDistDFeInt_v1.01.xsd',
  resNFe: 'resNFe_v1.01.xsd',
  /** CF-e-SAT layout 0.08: what the application sends the SAT (cfe-xml.ts) and what the SAT returns. */
  cfe: 'CfeDadosVendaAPL_0008.xsd',
  cfeSat: 'CfeDadosVendaSAT_0008.xsd',
} as const;

export type SchemaName = keyof typeof SCHEMA_FILES;

export interface SchemaError {
  /** The element (or attribute) at fault, by its local name ('NCM', 'Id'); '' when it is the document. */
  field: string;
  /** What to show the user, pt-BR. */
  message: string;
  /** libxml2's own line, for logs. */
  raw: string;
}

export interface ValidationResult {
  valid: boolean;
  errors: SchemaError[];
}

/** The schema file and every file it includes or imports, transitively: [fileName, contents], main first. */
export function schemaClosure(mainFile: string): Array<{ fileName: string; contents: string }> {
  const files = new Map<string, string>();
  const visit = (name: string) => {
    if (files.has(name)) return;
    const text = readFileSync(new URL(name, SCHEMA_DIR), 'utf8');
    files.set(name, text);
    for (const m of text.matchAll(/<xs:(?:include|import)\b[^>]*?\bschemaLocation="([^"]+)"/g)) visit(m[1]!);
  };
  visit(mainFile);
  return [...files].map(([fileName, contents]) => ({ fileName, contents }));
}

/** The envEvento schema of the event inside: cancellation and correction letter have their own. */
export function eventSchema(xml: string): SchemaName {
  const tp = /<tpEvento>\s*(\d{6})\s*<\/tpEvento>/.exec(xml)?.[1];
  if (tp === '110111') return 'envEventoCancNFe';
  if (tp === '110110') return 'envCCe';
  if (tp && /^2102[0-4]0$/.test(tp)) return 'envConfRecebto';
  return 'envEvento';
}

/** Particles between an element declaration and the element or type that holds it. */
const GROUPS = new Set(['sequence', 'choice', 'all']);

/**
 * Names known to these schema files, and those that can be left out where they are declared: minOccurs="0" on the
 * declaration or on an enclosing sequence/choice, or one alternative of a choice. Lets a message tell "CFOP is
 * missing" from "uCom is out of place" when libxml2 lists the optional elements before the required one. A name
 * optional in one place and required in another counts as optional: the message then stays the cautious one.
 */
export function schemaElementNames(files: Array<{ contents: string }>): { known: Set<string>; optional: Set<string> } {
  const known = new Set<string>();
  const optional = new Set<string>();
  for (const { contents } of files) {
    for (const el of descendants(parseXml(contents).root)) {
      if (el.local !== 'element') continue;
      const name = attributeValue(el, 'name') ?? attributeValue(el, 'ref')?.replace(/^.*:/, '');
      if (!name) continue;
      known.add(name);
      let canSkip = attributeValue(el, 'minOccurs') === '0';
      for (let p = el.parent; p && !canSkip && GROUPS.has(p.local); p = p.parent) {
        if (attributeValue(p, 'minOccurs') === '0') canSkip = true;
        if (p.local === 'choice' && p.children.filter((c) => c.kind === 'element').length > 1) canSkip = true;
      }
      if (canSkip) optional.add(name);
    }
  }
  return { known, optional };
}

interface Validator {
  worker: SchemaWorker;
  names: { known: Set<string>; optional: Set<string> };
}

const validators = new Map<string, Validator>();

function validatorFor(file: string): Validator {
  let validator = validators.get(file);
  if (!validator) {
    const files = schemaClosure(file);
    validator = { worker: new SchemaWorker(files), names: schemaElementNames(files) };
    validators.set(file, validator);
  }
  return validator;
}

/** Validates a message against its official schema. Throws only when the validator itself fails. */
export async function validateXml(xml: string, schema: SchemaName): Promise<ValidationResult> {
  try {
    parseXml(xml);
  } catch (error) {
    if (error instanceof XmlParseError) return { valid: false, errors: [{ field: '', message: `${error.message}.`, raw: error.message }] };
    throw error;
  }
  const name = schema === 'envEvento' ? eventSchema(xml) : schema;
  const validator = validatorFor(SCHEMA_FILES[name]);
  const lines = await validator.worker.validate(xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml);
  const errors = describeSchemaErrors(lines, name, validator.names);
  const valid = errors.length === 0 && lines.includes('- validates');
  if (!valid && errors.length === 0) {
    errors.push({ field: '', message: 'Documento não validado pelo schema (sem detalhe do validador).', raw: lines.join('\n') });
  }
  return { valid, errors };
}

/** Compiles the schemas now (the first validation of each schema otherwise pays for it). */
export async function warmUpValidator(schemas: SchemaName[] = ['nfe']): Promise<void> {
  await Promise.all(schemas.map((s) => validatorFor(SCHEMA_FILES[s]).worker.ready()));
}

/** Stops the xmllint workers (they do not keep the process alive, but tests and shutdown may want them gone). */
export async function closeValidators(): Promise<void> {
  const all = [...validators.values()];
  validators.clear();
  await Promise.all(all.map((v) => v.worker.close()));
}

// libxml2 messages in pt-BR --------------------------------------------------------------------------------------

const local = (qname: string) => qname.replace(/^\{[^}]*\}/, '');
const names = (list: string) => list.split(',').map((s) => local(s.trim())).filter((s) => s !== '');

/** Turns xmllint's stderr lines for one document into field-level messages (duplicates of one fault merged). */
export function describeSchemaErrors(
  lines: string[],
  schema = '',
  names: { known?: ReadonlySet<string>; optional?: ReadonlySet<string> } = {},
): SchemaError[] {
  const out: SchemaError[] = [];
  const facetFields = new Set<string>();
  for (const line of lines) {
    const parser = /^-:(\d+): parser error : (.*)$/.exec(line);
    if (parser) {
      out.push({ field: '', message: `XML mal formado (linha ${parser[1]}): ${parser[2]!.trim()}.`, raw: line });
      continue;
    }
    const m = /^-:(\d+): (?:element \S+: )?Schemas validity error : (.*)$/.exec(line);
    if (!m) continue;
    const error = describeOne(m[2]!, schema, names.optional ?? new Set(), names.known);
    if (!error) continue;
    // libxml2 follows a facet failure with "... is not a valid value of the atomic type": one fault, one message.
    if (/\[facet '/.test(m[2]!)) facetFields.add(`${m[1]}:${error.field}`);
    else if (/is not a valid value of the (local )?atomic type/.test(m[2]!) && facetFields.has(`${m[1]}:${error.field}`)) continue;
    out.push({ ...error, raw: line });
  }
  return out;
}

/** The one required element of an "expected" list whose others are all optional, listed last, if that is the case. */
function missingRequired(expected: string[], optional: ReadonlySet<string>): string | undefined {
  const required = expected.filter((n) => !optional.has(n));
  return required.length === 1 && required[0] === expected[expected.length - 1] ? required[0] : undefined;
}

function describeOne(
  text: string,
  schema: string,
  optional: ReadonlySet<string>,
  known: ReadonlySet<string> | undefined,
): Omit<SchemaError, 'raw'> | null {
  const head = /^Element '([^']+)'(?:, attribute '([^']+)')?: (.*)$/.exec(text);
  if (!head) return { field: '', message: `Erro de schema: ${text}` };
  const element = local(head[1]!);
  const attribute = head[2];
  const body = head[3]!;
  const field = attribute ?? element;
  const subject = attribute ? `Atributo ${attribute} de ${element}` : `Campo ${element}`;

  const value = /The value '([^']*)'/.exec(body)?.[1];
  let m: RegExpExecArray | null;
  if (/\[facet 'pattern'\]/.test(body)) {
    return { field, message: `${subject} inválido: o valor '${value ?? ''}' não corresponde ao formato esperado.` };
  }
  if (/\[facet 'enumeration'\]/.test(body)) {
    return { field, message: `${subject} inválido: o valor '${value ?? ''}' não está entre os valores permitidos.` };
  }
  if ((m = /\[facet 'maxLength'\] The value has a length of '(\d+)'; this exceeds the allowed maximum length of '(\d+)'/.exec(body))) {
    return { field, message: `${subject} inválido: tamanho ${m[1]} acima do máximo de ${m[2]} caracteres.` };
  }
  if ((m = /\[facet 'minLength'\] The value has a length of '(\d+)'; this underruns the allowed minimum length of '(\d+)'/.exec(body))) {
    return { field, message: `${subject} inválido: tamanho ${m[1]} abaixo do mínimo de ${m[2]} caracteres.` };
  }
  if ((m = /\[facet 'length'\] The value has a length of '(\d+)'; this differs from the allowed length of '(\d+)'/.exec(body))) {
    return { field, message: `${subject} inválido: tamanho ${m[1]}, exigido ${m[2]} caracteres.` };
  }
  if ((m = /^'([^']*)' is not a valid value of the (?:local )?atomic type/.exec(body))) {
    return { field, message: `${subject} inválido: o valor '${m[1]}' não é aceito.` };
  }
  if ((m = /^Missing child element\(s\)\. Expected is (one of )?\( ([^)]*) \)/.exec(body))) {
    const expected = names(m[2]!);
    const missing = expected.length === 1 ? expected[0] : missingRequired(expected, optional);
    if (missing) return { field: missing, message: `Campo ${missing} obrigatório não informado.` };
    return { field: element, message: `Campo obrigatório não informado em ${element}: esperado um dos campos ${expected.join(', ')}.` };
  }
  if (/^This element is not expected\./.test(body)) {
    const list = /Expected is (?:one of )?\( ([^)]*) \)/.exec(body)?.[1];
    const expected = list ? names(list) : [];
    // An element the schema does not know at all is the fault itself, whatever comes next.
    const stranger = known !== undefined && !known.has(element);
    const missing = stranger ? undefined : expected.length === 1 ? expected[0] : missingRequired(expected, optional);
    if (missing) return { field: missing, message: `Campo ${missing} obrigatório não informado.` };
    if (expected.length > 1) {
      return { field: element, message: `Campo ${element} não esperado nesta posição (esperado um dos campos ${expected.join(', ')}).` };
    }
    return { field: element, message: `Campo ${element} não esperado nesta posição.` };
  }
  if ((m = /^The attribute '([^']+)' is required but missing/.exec(body))) {
    return { field: m[1]!, message: `Atributo ${m[1]} obrigatório não informado em ${element}.` };
  }
  if ((m = /^The attribute '([^']+)' is not allowed/.exec(body))) {
    return { field: m[1]!, message: `Atributo ${m[1]} não permitido em ${element}.` };
  }
  if (/No matching global declaration available for the validation root/.test(body)) {
    return { field: element, message: `Documento não corresponde ao schema ${schema}: elemento raiz ${element} inesperado.` };
  }
  return { field, message: `Erro de schema no campo ${field}: ${body}` };
}
