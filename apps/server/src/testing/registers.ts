/** Valid bodies of a register's create route, built from its descriptor (the generated register and sync suites). */
import type { FieldDef, RegisterDescriptor } from '@pdv/contract/registers/descriptor';
import { cnpjCheckDigits } from '@pdv/domain/documents';
import { registerByName } from '@pdv/contract/registers/index';
import type { TestApp } from './app.ts';

/** A valid value of a field, distinct per `n` (null: leave the field out). */
export function sample(field: FieldDef, n: number): unknown {
  // A field whose valid values follow a rule of its own (a CFOP, a CST) gives examples of them.
  if (field.examples && field.examples.length > 0) return field.examples[n % field.examples.length] ?? null;
  switch (field.kind) {
    case 'text':
      return `${n}${Math.random().toString(36).slice(2, 10)}`.slice(0, field.max ?? 255);
    case 'integer':
      return Math.min(field.maxValue ?? 1000, (field.min ?? 0) + (n % 3));
    case 'money':
      return 10 + n;
    case 'percent':
      return 5;
    case 'quantity':
      return 1 + n;
    case 'boolean':
      return n % 2 === 0;
    case 'enum':
      return field.values?.[0] ?? null;
    case 'email':
      return `teste${n}@exemplo.com.br`;
    case 'date':
      return `2026-01-${String(1 + (n % 28)).padStart(2, '0')}`;
    case 'cnpj': {
      const base = `${String(n).padStart(4, '0')}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      return base + cnpjCheckDigits(base);
    }
    default:
      return null;
  }
}

/** Values a register's own rules need beyond its fields' kinds (a branch's IE is checked against its city's UF). */
const SAMPLE_OVERRIDES: Record<string, Record<string, unknown>> = {
  branch: { ie: 'ISENTO', id_tabela_preco_padrao: null },
};

/** A create body with a valid value for every field `sample` knows. */
export function sampleBody(d: RegisterDescriptor, n: number): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(d.fields)) {
    if (field.computed) continue;
    const value = sample(field, n);
    if (value !== null) body[name] = value;
  }
  return { ...body, ...SAMPLE_OVERRIDES[d.name] };
}

/**
 * A create body the server accepts: sampleBody, with each required ref naming a live row of its register (one the
 * caller lists, or one created for it).
 */
export async function validBody(t: TestApp, d: RegisterDescriptor, n: number, token: string): Promise<Record<string, unknown>> {
  const body = sampleBody(d, n);
  for (const [name, field] of Object.entries(d.fields)) {
    if (field.kind !== 'ref' || !field.required) continue;
    const target = registerByName(field.ref ?? '');
    if (!target) throw new Error(`${d.name}.${name}: ref '${String(field.ref)}' names no register`);
    const found = await t.call('POST', `${target.path}/find`, { take: 1 }, token);
    let id = (found.json['rows'] as Array<Record<string, unknown>> | undefined)?.[0]?.[target.id];
    if (id === undefined) id = (await t.call('POST', `${target.path}/create`, await validBody(t, target, n, token), token)).json[target.id];
    body[name] = id;
  }
  return body;
}

