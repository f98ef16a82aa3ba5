/** Valid bodies of a register's create route, built from its descriptor (the generated register and sync suites). */
import type { FieldDef, RegisterDescriptor } from '@pdv/contract/registers/descriptor';
import { registerByName } from '@pdv/contract/registers/index';
import type { TestApp } from './app.ts';

/** A valid value of a field, distinct per `n` (null: leave the field out). */
export function sample(field: FieldDef, n: number): unknown {
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
    default:
      return null;
  }
}

/** A create body with a valid value for every field `sample` knows. */
export function sampleBody(d: RegisterDescriptor, n: number): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(d.fields)) {
    const value = sample(field, n);
    if (value !== null) body[name] = value;
  }
  return body;
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

