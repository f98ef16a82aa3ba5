/**
 * Fixed-width record layouts (CNAB 400 and 240): each field is a position range with a kind, either mapped to our
 * data (beneficiário 'b.', título 't.', file 'r.'), or a constant the bank requires, or computed (record sequence,
 * record count, total value). The same layout writes a record from our data and reads a record back into it; a
 * constant that does not match is reported with the field's name.
 */
import { ValidationError } from '@pdv/domain/errors';
import type { Remessa, Titulo } from './cnab-model.ts';
import { BANKING_MESSAGES as M } from './messages.ts';

export type FieldKind =
  | 'n' // digits, right-aligned, zero padded
  | 'nz' // CNPJ/CPF in a field of 15: read as its 14 digits
  | 'x' // text, left-aligned, blank padded, upper-case ASCII
  | 'xr' // text, right-aligned, blank padded (some banks' 'uso da empresa')
  | 'd' // date ddmmyy (zeros when absent)
  | 'D' // date ddmmyyyy (zeros when absent)
  | 'Y' // date yyyymmdd (zeros when absent)
  | 'v' // integer amount (centavos or the field's scale), zero padded
  | 'vb' // the same, but blank when absent (Banrisul's interest)
  | 'c' // constant
  | 'seq' // record sequence in the file
  | 'count' // records in the file (or lot)
  | 'titles' // títulos in the file
  | 'records' // the header and the details (BRB's header count: its trailer is not counted)
  | 'total'; // sum of the títulos' values

export interface Field {
  start: number;
  end: number;
  kind: FieldKind;
  /** 'b.agencia', 't.valor', 'r.sequencial', 't.codigos.tipoEmissao'; for 'c', the constant. */
  key: string;
  /** The name in the bank's manual / the YAML layouts, when it differs from the key. */
  name?: string;
}

export type Layout = readonly Field[];

export const f = (start: number, end: number, kind: FieldKind, key = '', name?: string): Field =>
  name === undefined ? { start, end, kind, key } : { start, end, kind, key, name };
export const blank = (start: number, end: number): Field => f(start, end, 'c', ' '.repeat(end - start + 1));
export const zeros = (start: number, end: number): Field => f(start, end, 'c', '0'.repeat(end - start + 1));
export const lit = (start: number, value: string): Field => f(start, start + value.length - 1, 'c', value);

export interface Context {
  remessa: Remessa;
  titulo?: Titulo;
  /** 1-based record number in the file. */
  sequence: number;
  /** Records in the file (trailer) or lot. */
  count: number;
}

/** Upper-case ASCII without accents, as the banks' files expect. */
export function cnabText(value: string): string {
  return value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7E]/g, ' ').toUpperCase();
}

function toDate(iso: string | undefined, long: boolean): string {
  if (!iso) return long ? '00000000' : '000000';
  const [y, m, d] = iso.split('-');
  return long ? `${d}${m}${y}` : `${d}${m}${y!.slice(2)}`;
}

function fromDate(raw: string): string | undefined {
  if (/^0+$/.test(raw) || raw.trim() === '') return undefined;
  const d = raw.slice(0, 2);
  const m = raw.slice(2, 4);
  const y = raw.length === 8 ? raw.slice(4) : `${Number(raw.slice(4)) < 70 ? '20' : '19'}${raw.slice(4)}`;
  return `${y}-${m}-${d}`;
}

type Scalar = string | number | undefined;

function lookup(ctx: Context, key: string): Scalar {
  const [scope, ...path] = key.split('.');
  let v: unknown = scope === 'b' ? ctx.remessa.beneficiario : scope === 't' ? ctx.titulo : scope === 'r' ? ctx.remessa : undefined;
  for (const p of path) v = v === undefined || v === null ? undefined : (v as Record<string, unknown>)[p];
  return typeof v === 'string' || typeof v === 'number' ? v : undefined;
}

function assign(target: Record<string, unknown>, path: string[], value: unknown): void {
  let o = target;
  for (const p of path.slice(0, -1)) o = (o[p] ??= {}) as Record<string, unknown>;
  if (value !== undefined) o[path[path.length - 1]!] = value;
}

function fit(field: Field, text: string, right: boolean, pad: string): string {
  const size = field.end - field.start + 1;
  if (text.length > size) return right ? text.slice(text.length - size) : text.slice(0, size);
  return right ? text.padStart(size, pad) : text.padEnd(size, pad);
}

/**
 * A number in its field: texts may be cut to the field (names, addresses: the banks' own rule), numbers never are,
 * a nosso número or an amount that does not fit is refused. Leading zeros beyond the size are dropped.
 */
function fitNumber(field: Field, digits: string): string {
  const size = field.end - field.start + 1;
  const trimmed = digits.length > size ? digits.replace(/^0+/, '') : digits;
  if (trimmed.length > size) {
    const campo = field.name ?? field.key.split('.').pop() ?? `${field.start}-${field.end}`;
    throw new ValidationError(M.campoTamanhoMaximo(campo, size), campo);
  }
  return trimmed.padStart(size, '0');
}

function numberText(value: Scalar, field: Field): string {
  if (typeof value === 'number' && (!Number.isInteger(value) || value < 0)) {
    throw new ValidationError(M.campoSomenteDigitos(field.name ?? field.key), field.key);
  }
  return String(value ?? 0);
}

export function writeRecord(layout: Layout, ctx: Context, size: number): string {
  let out = '';
  for (const field of layout) {
    if (field.start !== out.length + 1) throw new Error(`layout gap/overlap at ${field.start} (${field.key})`);
    const value = lookup(ctx, field.key);
    switch (field.kind) {
      case 'c': out += field.key; break;
      case 'n': case 'nz': out += fitNumber(field, String(value ?? '').replace(/\D/g, '')); break;
      case 'x': out += fit(field, cnabText(String(value ?? '')), false, ' '); break;
      case 'xr': out += fit(field, cnabText(String(value ?? '')), true, ' '); break;
      case 'd': out += toDate(value === undefined ? undefined : String(value), false); break;
      case 'D': out += toDate(value === undefined ? undefined : String(value), true); break;
      case 'Y': out += value === undefined ? '00000000' : String(value).replace(/-/g, ''); break;
      case 'v': out += fitNumber(field, numberText(value, field)); break;
      case 'vb': out += value === undefined ? ' '.repeat(field.end - field.start + 1) : fitNumber(field, numberText(value, field)); break;
      case 'seq': out += fitNumber(field, String(ctx.sequence)); break;
      case 'count': out += fitNumber(field, String(ctx.count)); break;
      case 'titles': out += fitNumber(field, String(ctx.remessa.titulos.length)); break;
      case 'records': out += fitNumber(field, String(ctx.count - 1)); break;
      case 'total': out += fitNumber(field, String(ctx.remessa.titulos.reduce((s, t) => s + t.valor, 0))); break;
    }
  }
  if (out.length !== size) throw new Error(`layout of ${out.length} characters, expected ${size}`);
  return out;
}

/** Reads a record into `remessa` (beneficiário and file fields) and `titulo`, checking constants. */
export function readRecord(layout: Layout, line: string, lineNo: number, remessa: Remessa, titulo?: Titulo): void {
  for (const field of layout) {
    const raw = line.slice(field.start - 1, field.end);
    if (field.kind === 'c') {
      if (raw !== field.key) throw new ValidationError(M.layoutDivergente(lineNo, field.name ?? `${field.start}-${field.end}`), 'arquivo');
      continue;
    }
    if (field.kind === 'seq' || field.kind === 'count' || field.kind === 'titles' || field.kind === 'total' || field.kind === 'records') continue;
    let value: unknown;
    switch (field.kind) {
      case 'n': value = raw; break;
      case 'nz': value = raw.length > 14 && raw.startsWith('0') ? raw.slice(raw.length - 14) : raw; break;
      case 'x': value = raw.trimEnd(); break;
      case 'xr': value = raw.trim(); break;
      case 'd': case 'D': value = fromDate(raw); break;
      case 'Y': value = /^0+$/.test(raw) || raw.trim() === '' ? undefined : `${raw.slice(0, 4)}-${raw.slice(4, 6)}-${raw.slice(6, 8)}`; break;
      case 'v': case 'vb':
        if (field.kind === 'vb' && raw.trim() === '') break;
        if (!/^\d+$/.test(raw)) throw new ValidationError(M.layoutDivergente(lineNo, field.name ?? field.key), 'arquivo');
        value = Number(raw);
        break;
    }
    const [scope, ...path] = field.key.split('.');
    if (scope === 'b') assign(remessa.beneficiario as unknown as Record<string, unknown>, path, value);
    else if (scope === 'r') assign(remessa as unknown as Record<string, unknown>, path, field.key === 'r.sequencial' ? Number(value) : value);
    else if (scope === 't' && titulo) assign(titulo as unknown as Record<string, unknown>, path, value);
  }
}

export const emptyRemessa = (banco: string): Remessa => ({
  banco, beneficiario: { nome: '', agencia: '' }, dataGeracao: '', sequencial: 0, titulos: [],
});
