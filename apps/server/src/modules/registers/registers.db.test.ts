/**
 * The registers built from descriptors (packages/contract/src/registers), through their generated routes: every
 * register's whole life (create, find with search/sort/paging, find_by_id, update, situacao, delete as a tombstone)
 * generated from its descriptor, then each rule the descriptors declare (unique fields, one default, a referenced row
 * that cannot be deleted), and each descriptor checked against its table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteName } from '@pdv/contract/routes';
import { REGISTER_MESSAGES, fieldSchema, type FieldDef, type RegisterDescriptor } from '@pdv/contract/registers/descriptor';
import { REGISTERS } from '@pdv/contract/registers/index';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';

let t: TestApp;
let manager: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
});
afterAll(async () => {
  await t.close();
});

const route = (d: RegisterDescriptor, action: string) => `${d.name}${action}` as RouteName;

/** A valid value of a field, distinct per `n`. */
function sample(field: FieldDef, n: number): unknown {
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

function sampleBody(d: RegisterDescriptor, n: number): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(d.fields)) {
    const value = sample(field, n);
    if (value !== null) body[name] = value;
  }
  return body;
}

for (const d of REGISTERS as readonly RegisterDescriptor[]) {
  describe(`${d.label.plural} (${d.path}), generated from the descriptor`, () => {
    it('create, find_by_id, find with search and sort, update, situacao and delete', async () => {
      const first = await expectOk(t, route(d, 'Create'), sampleBody(d, 1), manager);
      const id = first.json[d.id] as number;
      expect(id).toBeGreaterThan(0);
      const second = await expectOk(t, route(d, 'Create'), sampleBody(d, 2), manager);
      const id2 = second.json[d.id] as number;

      const byId = await expectOk(t, route(d, 'FindById'), { [d.id]: id }, manager);
      expect(byId.json).toEqual(first.json);

      const searchable = Object.entries(d.fields).find(([, f]) => f.search)?.[0];
      const found = await expectOk(t, route(d, 'Find'), { search: searchable ? String(first.json[searchable]) : '' }, manager);
      expect((found.json['rows'] as Array<Record<string, unknown>>).map((r) => r[d.id])).toContain(id);

      // Sort by the id both ways, one row a page.
      const asc = await t.call('POST', `${d.path}/find`, { column: d.id, order: 'ASC', take: 1, skip: 0 }, manager);
      const desc = await t.call('POST', `${d.path}/find`, { column: d.id, order: 'DESC', take: 1 }, manager);
      expect(asc.status).toBe(200);
      expect(desc.status).toBe(200);
      expect((desc.json['rows'] as Array<Record<string, unknown>>)[0]?.[d.id]).toBe(Math.max(id, id2));
      expect(desc.json['count']).toBeGreaterThanOrEqual(2);

      const text = Object.entries(d.fields).find(([, f]) => f.kind === 'text' && f.required)?.[0];
      if (text) {
        const updated = await expectOk(t, route(d, 'Update'), { [d.id]: id, [text]: 'Alterado pelo teste' }, manager);
        expect(updated.json[text]).toBe('Alterado pelo teste');
      }
      if (d.situacao) {
        const off = await expectOk(t, route(d, 'Situacao'), { [d.id]: id, situacao: 'Inativo' }, manager);
        expect(off.json['situacao']).toBe('Inativo');
        const filtered = await expectOk(t, route(d, 'Find'), { filter: { situacao: 'Inativo' } }, manager);
        expect((filtered.json['rows'] as Array<Record<string, unknown>>).every((r) => r['situacao'] === 'Inativo')).toBe(true);
      }

      // Another organization sees none of it.
      expect((await t.call(routes[route(d, 'FindById')].method, routes[route(d, 'FindById')].path, { [d.id]: id }, other)).status).toBe(404);

      const deleted = await expectOk(t, route(d, 'Delete'), { [d.id]: id }, manager);
      expect(deleted.json).toEqual({ [d.id]: id, excluido: true });
      expect((await t.call('POST', `${d.path}/find_by_id`, { [d.id]: id }, manager)).status).toBe(404);
      await t.db.system(async (tx) => {
        const { rows } = await tx.query(`SELECT data_exclusao FROM ${d.table} WHERE ${d.id} = $1`, [id]);
        expect(rows[0]?.['data_exclusao']).not.toBeNull();
      });
    });

    it('refuses bad input with a pt-BR message and writes nothing', async () => {
      const count = async () =>
        t.db.system(async (tx) => Number((await tx.query(`SELECT count(*) AS n FROM ${d.table}`)).rows[0]?.['n']));
      const before = await count();
      for (const [name, field] of Object.entries(d.fields)) {
        if (!field.required) continue;
        const body = sampleBody(d, 3);
        delete body[name];
        const res = await t.call('POST', `${d.path}/create`, body, manager);
        expect(res.status).toBe(400);
        expect(String(res.json['message'])).toMatch(/[ãçéíóúâêô]|Informe|inválid/i);
      }
      const unknownColumn = await t.call('POST', `${d.path}/find`, { column: 'senha' }, manager);
      expect(unknownColumn.status).toBe(400);
      expect(await count()).toBe(before);
    });

    it('has an index for its list: the default sort (organization, then the column, then the id)', async () => {
      const column = d.list.sort.column;
      const field = d.fields[column];
      const key = field && ['text', 'digits', 'email', 'phone', 'cep', 'color', 'cpf', 'cnpj', 'enum'].includes(field.kind) ? `lower(${column})` : column;
      const indexes = await t.db.system(async (tx) =>
        (await tx.query<{ indexdef: string }>('SELECT indexdef FROM pg_indexes WHERE tablename = $1', [d.table])).rows.map((r) => r.indexdef),
      );
      expect(indexes.some((def) => def.includes(`(id_organization, ${key}, ${d.id})`)), indexes.join('\n')).toBe(true);
    });

    it('matches its table: every field a column, required ones NOT NULL, numeric kinds numeric', async () => {
      await t.db.system(async (tx) => {
        const { rows } = await tx.query<{ column_name: string; is_nullable: string; data_type: string; column_default: string | null }>(
          `SELECT column_name, is_nullable, data_type, column_default FROM information_schema.columns WHERE table_name = $1`,
          [d.table],
        );
        const columns = new Map(rows.map((r) => [r.column_name, r]));
        for (const required of ['id_organization', d.id, 'data_cadastro', 'data_alteracao', 'data_exclusao']) {
          expect(columns.has(required), `${d.table}.${required}`).toBe(true);
        }
        if (d.scope === 'branch') expect(columns.has('id_filial')).toBe(true);
        if (d.situacao) expect(columns.get('situacao')?.data_type).toBe('text');
        if (d.isPadrao) expect(columns.get('is_padrao')?.data_type).toBe('boolean');
        const types: Record<FieldDef['kind'], string[]> = {
          text: ['text', 'character varying'], digits: ['text', 'character varying'], email: ['text', 'character varying'], phone: ['text', 'character varying'],
          cep: ['text', 'character varying'], color: ['text', 'character varying'], cpf: ['text', 'character varying'],
          cnpj: ['text', 'character varying'], enum: ['text', 'character varying'],
          integer: ['integer', 'smallint', 'bigint'], ref: ['integer', 'bigint'],
          money: ['numeric'], percent: ['numeric'], quantity: ['numeric'], boolean: ['boolean'], date: ['date'],
        };
        for (const [name, field] of Object.entries(d.fields)) {
          const column = columns.get(name);
          expect(column, `${d.table}.${name} exists`).toBeDefined();
          expect(types[field.kind], `${d.table}.${name} is ${column?.data_type}, the descriptor says ${field.kind}`).toContain(column?.data_type);
          if (column?.is_nullable === 'NO' && column.column_default === null) {
            expect(field.required || field.default !== undefined, `${d.table}.${name} is NOT NULL without a default: required`).toBe(true);
          }
          if (field.required) expect(column?.is_nullable, `${d.table}.${name} is required`).toBe('NO');
          if (!field.required && field.default === undefined) {
            expect(column?.is_nullable, `${d.table}.${name} may be null in the descriptor`).toBe('YES');
          }
          // The schema accepts its own sample.
          const value = sample(field, 1);
          if (value !== null) expect(fieldSchema(field).safeParse(value).success, `${name} accepts ${JSON.stringify(value)}`).toBe(true);
        }
      });
    });
  });
}

describe('rules the descriptors declare', () => {
  it('a measure unit sigla is unique in the organization, whatever its case', async () => {
    await expectOk(t, 'measureUnitCreate', { descricao: 'Caixa com 12', sigla: 'CX12', multiplicador: 12 }, manager);
    const again = await t.call('POST', '/measure-unit/create', { descricao: 'Outra', sigla: 'cx12' }, manager);
    expect(again.status).toBe(400);
    expect(again.json['message']).toBe(REGISTER_MESSAGES.duplicate('sigla', 'cx12'));
    // Another organization may use it.
    await expectOk(t, 'measureUnitCreate', { descricao: 'Caixa com 12', sigla: 'CX12', multiplicador: 12 }, other);
  });

  it('one default: a new default brand stops the previous one being it', async () => {
    const a = await expectOk(t, 'brandCreate', { descricao: 'Marca padrão A', is_padrao: true }, manager);
    const b = await expectOk(t, 'brandCreate', { descricao: 'Marca padrão B', is_padrao: true }, manager);
    const defaults = await expectOk(t, 'brandFind', { filter: {}, take: 200 }, manager);
    const rows = defaults.json['rows'] as Array<Record<string, unknown>>;
    expect(rows.filter((r) => r['is_padrao']).map((r) => r['id_marca'])).toEqual([b.json['id_marca']]);
    expect(rows.find((r) => r['id_marca'] === a.json['id_marca'])?.['is_padrao']).toBe(false);
  });

  it('a brand a product uses cannot be deleted: the refusal names what uses it, and nothing changes', async () => {
    const used = await t.db.system(async (tx) =>
      (await tx.query<{ id: number }>(
        `SELECT p.id_marca AS id FROM produto p JOIN organization o USING (id_organization)
          WHERE o.nome = 'Demo Moda' AND p.id_marca IS NOT NULL AND p.data_exclusao IS NULL LIMIT 1`,
      )).rows[0]?.id,
    );
    expect(used).toBeDefined();
    const res = await t.call('POST', '/brand/delete', { id_marca: used }, manager);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(REGISTER_MESSAGES.inUse('produtos'));
    expect((await t.call('POST', '/brand/find_by_id', { id_marca: used }, manager)).status).toBe(200);
  });

  it('find: a filter on a column the descriptor does not offer is refused', async () => {
    const res = await t.call('POST', '/brand/find', { filter: { id_organization: 1 } }, manager);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain(REGISTER_MESSAGES.invalidFilter('id_organization'));
  });
});
