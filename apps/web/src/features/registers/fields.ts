/**
 * What the register screens derive from a descriptor's fields: a list cell's text, the form's starting values, the
 * body sent (checked by the contract's own zod schema first) and where an error belongs.
 */
import type { z } from 'zod';
import type { FieldDef, RegisterDescriptor } from '@pdv/contract/registers/descriptor';
import { formatCpfCnpj } from '@pdv/domain/documents';
import { formatMoney, formatPercent, formatQuantity, fromDecimal, percentFromDecimal, quantityFromDecimal } from '@pdv/domain/money';
import type { ErrorBody } from '@pdv/contract/common';
import { yesNo } from '../../ui/format.ts';
import { dateToBR, maskCep, maskPhone } from '../../ui/masks.ts';

export type Row = Record<string, unknown>;
/** The form's values: a field's value as its input holds it (money in centavos, the rest as on the wire). */
export type FormValues = Record<string, unknown>;
export type FieldErrors = Record<string, string>;

const NUMERIC = new Set<FieldDef['kind']>(['integer', 'money', 'percent', 'quantity']);

export const isNumeric = (field: FieldDef) => NUMERIC.has(field.kind);

/** The list's columns: the fields marked `list`, in order. */
export function listFields(d: RegisterDescriptor): Array<[string, FieldDef]> {
  return Object.entries(d.fields).filter(([, f]) => f.list);
}

/** A scalar as text (an object as JSON, never '[object Object]'). */
export function textOf(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : (JSON.stringify(value) ?? '');
}

/** A value as the list shows it. */
export function cellText(field: FieldDef, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = textOf(value);
  const option = field.options?.[text];
  if (option !== undefined) return option;
  switch (field.kind) {
    case 'money':
      return formatMoney(fromDecimal(value as number));
    case 'percent':
      return formatPercent(percentFromDecimal(value as number));
    case 'quantity':
      // A field of its own precision (a price indexer's factor, 4 places) shows all of them.
      return field.decimals !== undefined && field.decimals !== 3
        ? Number(value).toLocaleString('pt-BR', { minimumFractionDigits: field.decimals, maximumFractionDigits: field.decimals })
        : formatQuantity(quantityFromDecimal(value as number));
    case 'boolean':
      return yesNo(value === true);
    case 'date':
      return dateToBR(text);
    case 'cpf':
    case 'cnpj':
      return formatCpfCnpj(text);
    case 'cep':
      return maskCep(text);
    case 'phone':
      return maskPhone(text);
    default:
      return text;
  }
}

/** A new record's values: each field's default, empty otherwise. */
export function emptyValues(d: RegisterDescriptor): FormValues {
  const values: FormValues = {};
  for (const [name, field] of Object.entries(d.fields)) {
    if (field.kind === 'money') values[name] = typeof field.default === 'number' ? fromDecimal(field.default) : null;
    else if (field.default !== undefined) values[name] = field.default;
    else if (field.kind === 'boolean') values[name] = false;
    else if (isNumeric(field) || field.kind === 'date' || field.kind === 'ref' || field.kind === 'enum') values[name] = null;
    else values[name] = '';
  }
  if (d.isPadrao) values['is_padrao'] = false;
  return values;
}

/** A row's values in the form. */
export function valuesOf(d: RegisterDescriptor, row: Row): FormValues {
  const values = emptyValues(d);
  for (const [name, field] of Object.entries(d.fields)) {
    const v = row[name];
    if (v === null || v === undefined) continue;
    values[name] = field.kind === 'money' ? fromDecimal(v as number) : v;
  }
  if (d.isPadrao) values['is_padrao'] = row['is_padrao'] === true;
  for (const name of Object.keys(d.extra ?? {})) if (row[name] !== undefined) values[name] = row[name];
  return values;
}

/** The values as the API takes them (money back in reais). */
export function bodyOf(d: RegisterDescriptor, values: FormValues): Row {
  const body: Row = {};
  for (const [name, field] of Object.entries(d.fields)) {
    const v = values[name];
    // A field the server computes is never sent.
    if (field.computed) continue;
    // A secret is never read back: left empty, the stored one stays.
    if (field.secret && (v === '' || v === null || v === undefined)) continue;
    body[name] = field.kind === 'money' && typeof v === 'number' ? v / 100 : v;
  }
  if (d.isPadrao) body['is_padrao'] = values['is_padrao'] === true;
  for (const name of Object.keys(d.extra ?? {})) if (values[name] !== undefined) body[name] = values[name];
  return body;
}

/**
 * The issues of the contract's schema, by field (the first one of each). A register's `check` names a child row's
 * field as one dotted path ('parametros.2.chave'): it belongs to its list member ('parametros'), whose tab shows it.
 */
export function errorsOfIssues(issues: readonly z.core.$ZodIssue[]): { fields: FieldErrors; other: string[] } {
  const fields: FieldErrors = {};
  const other: string[] = [];
  for (const issue of issues) {
    const first = issue.path[0];
    const key = typeof first === 'string' ? first.split('.')[0] : first;
    if (typeof key === 'string') fields[key] ??= issue.message;
    else other.push(issue.message);
  }
  return { fields, other };
}

function fieldNamed(d: RegisterDescriptor, text: string): string | null {
  const lower = text.toLowerCase();
  const named = Object.entries(d.fields).filter(([, f]) => lower.includes(f.label.toLowerCase()));
  // The longest label wins ("Razão social" over "Razão").
  named.sort(([, a], [, b]) => b.label.length - a.label.length);
  return named[0]?.[0] ?? null;
}

/**
 * A server refusal by field: an `erros` line 'campo: mensagem' goes to that field; the message goes to the field whose
 * label it names ('Já existe um registro com sigla "UN".' → Sigla). What no field claims is `other`.
 */
export function errorsOfBody(d: RegisterDescriptor, body: ErrorBody | null, text: string): { fields: FieldErrors; other: string[] } {
  const fields: FieldErrors = {};
  const other: string[] = [];
  const erros = (body?.erros ?? []).filter((e) => e.trim() !== '');
  for (const line of erros) {
    const m = /^([\w.]+): (.*)$/.exec(line);
    const path = m?.[1]?.split('.')[0];
    if (m && path && (path in d.fields || path in (d.extra ?? {}) || path === 'is_padrao')) fields[path] ??= m[2] ?? line;
    else other.push(line);
  }
  if (erros.length === 0) {
    const field = fieldNamed(d, text);
    if (field) fields[field] = text;
    else other.push(text);
  } else if (!other.includes(text) && Object.keys(fields).length === 0) {
    other.unshift(text);
  }
  return { fields, other };
}
