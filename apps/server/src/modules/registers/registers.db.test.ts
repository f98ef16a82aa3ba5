/**
 * The registers built from descriptors (packages/contract/src/registers), through their generated routes: every
 * register's whole life (create, find with search/sort/paging, find_by_id, update, situacao, delete as a tombstone)
 * generated from its descriptor, then each rule the descriptors declare (unique fields, one default, a referenced row
 * that cannot be deleted), and each descriptor checked against its table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteName } from '@pdv/contract/routes';
import { REGISTER_MESSAGES, fieldSchema, type FieldDef, type RegisterDescriptor } from '@pdv/contract/registers/descriptor';
import { REGISTERS, registerByName } from '@pdv/contract/registers/index';
import type { Tx } from '../../db/database.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { sample, validBody } from '../../testing/registers.ts';
import { expectOk } from '../../testing/routes.ts';
import { HttpError } from '../../http/errors.ts';
import { createRow, updateRow } from './queries.ts';

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

const COLUMN_TYPES: Record<FieldDef['kind'], string[]> = {
  text: ['text', 'character varying'], digits: ['text', 'character varying'], email: ['text', 'character varying'], phone: ['text', 'character varying'],
  cep: ['text', 'character varying'], color: ['text', 'character varying'], cpf: ['text', 'character varying'],
  cnpj: ['text', 'character varying'], enum: ['text', 'character varying'],
  integer: ['integer', 'smallint', 'bigint'], ref: ['integer', 'bigint'],
  money: ['numeric'], percent: ['numeric'], quantity: ['numeric'], boolean: ['boolean'], date: ['date'],
};

/** Where a descriptor and its table disagree (empty when they agree). */
async function tableDisagreements(tx: Tx, d: RegisterDescriptor): Promise<string[]> {
  const { rows } = await tx.query<{
    column_name: string; is_nullable: string; data_type: string; column_default: string | null; is_identity: string; character_maximum_length: number | null;
  }>(
    `SELECT column_name, is_nullable, data_type, column_default, is_identity, character_maximum_length
       FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
    [d.table],
  );
  const problems: string[] = [];
  if (rows.length === 0) return [`${d.table}: no such table`];
  const columns = new Map(rows.map((r) => [r.column_name, r]));
  const known = new Set(['id_organization', d.id, 'data_cadastro', 'data_alteracao', 'data_exclusao', 'sync_xid', 'situacao', 'is_padrao',
    ...(FILLED_BY_TRIGGER[d.table] ?? []),
    ...(d.scope === 'branch' ? ['id_filial'] : []), ...Object.keys(d.fields)]);
  for (const required of ['id_organization', d.id, 'data_cadastro', 'data_alteracao', 'data_exclusao']) {
    if (!columns.has(required)) problems.push(`${d.table}.${required} is missing`);
  }
  if (d.scope === 'branch' && !columns.has('id_filial')) problems.push(`${d.table}.id_filial is missing (branch scope)`);
  if (Boolean(d.situacao) !== columns.has('situacao')) problems.push(`${d.table}: situacao ${d.situacao ? 'declared but missing' : 'in the table, not declared'}`);
  if (d.situacao && columns.get('situacao')?.data_type !== 'text') problems.push(`${d.table}.situacao is not text`);
  // is_padrao may also be a plain field (a default per type and operation, kept by the register's own hooks).
  if (Boolean(d.isPadrao) !== columns.has('is_padrao') && !('is_padrao' in d.fields)) problems.push(`${d.table}: is_padrao ${d.isPadrao ? 'declared but missing' : 'in the table, not declared'}`);
  if (d.isPadrao && columns.get('is_padrao')?.data_type !== 'boolean') problems.push(`${d.table}.is_padrao is not boolean`);
  for (const [name, field] of Object.entries(d.fields)) {
    const column = columns.get(name);
    if (!column) {
      problems.push(`${d.table}.${name} does not exist`);
      continue;
    }
    if (!COLUMN_TYPES[field.kind].includes(column.data_type)) problems.push(`${d.table}.${name} is ${column.data_type}, the descriptor says ${field.kind}`);
    if (column.is_nullable === 'NO' && column.column_default === null && !(field.required || field.default !== undefined)) {
      problems.push(`${d.table}.${name} is NOT NULL without a default: required`);
    }
    if (field.required && column.is_nullable !== 'NO') problems.push(`${d.table}.${name} is required but may be null`);
    if (!field.required && field.default === undefined && column.is_nullable !== 'YES') problems.push(`${d.table}.${name} may be null in the descriptor`);
    const max = field.max ?? 255;
    if (column.character_maximum_length !== null && TEXT_FIELD_KINDS.has(field.kind) && column.character_maximum_length < max) {
      problems.push(`${d.table}.${name} holds ${column.character_maximum_length} characters, the descriptor allows ${max}`);
    }
  }
  // A NOT NULL column the descriptor does not know and the database does not fill would make every create fail.
  for (const column of rows) {
    if (known.has(column.column_name)) continue;
    if (column.is_nullable === 'NO' && column.column_default === null && column.is_identity !== 'YES') {
      problems.push(`${d.table}.${column.column_name} is NOT NULL without a default and not in the descriptor`);
    }
  }
  return problems;
}

/** NOT NULL columns a BEFORE INSERT trigger fills (a new branch's company: migration 021). */
const FILLED_BY_TRIGGER: Record<string, string[]> = { filial: ['id_empresa'] };

const TEXT_FIELD_KINDS = new Set<FieldDef['kind']>(['text', 'digits', 'email', 'phone', 'cep', 'color', 'cpf', 'cnpj', 'enum']);

for (const d of REGISTERS as readonly RegisterDescriptor[]) {
  describe(`${d.label.plural} (${d.path}), generated from the descriptor`, () => {
    if (d.fixedRows) it('fixed rows: find and find_by_id show the scope\'s rows, update changes them; no create, situacao or delete', async () => {
      const found = await expectOk(t, route(d, 'Find'), {}, manager);
      const rows = found.json['rows'] as Array<Record<string, unknown>>;
      expect(rows.length).toBeGreaterThan(0);
      const id = rows[0]![d.id] as number;
      const byId = await expectOk(t, route(d, 'FindById'), { [d.id]: id }, manager);
      expect(byId.json).toEqual(rows[0]);
      const [name, field] = Object.entries(d.fields).find(([, f]) => f.kind === 'boolean' && !f.secret)!;
      const updated = await expectOk(t, route(d, 'Update'), { [d.id]: id, [name]: !byId.json[name] }, manager);
      expect(updated.json[name], field.label).toBe(!byId.json[name]);
      await expectOk(t, route(d, 'Update'), { [d.id]: id, [name]: byId.json[name] }, manager);
      expect((await t.call('POST', `${d.path}/find_by_id`, { [d.id]: id }, other)).status).toBe(404);
      for (const action of ['create', 'enable-disable', 'delete']) {
        expect((await t.call('POST', `${d.path}/${action}`, { [d.id]: id }, manager)).status, action).toBe(404);
      }
    });

    else it('create, find_by_id, find with search and sort, update, situacao and delete', async () => {
      const first = await expectOk(t, route(d, 'Create'), await validBody(t, d, 1, manager), manager);
      const id = first.json[d.id] as number;
      expect(id).toBeGreaterThan(0);
      const second = await expectOk(t, route(d, 'Create'), await validBody(t, d, 2, manager), manager);
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
        const body = await validBody(t, d, 3, manager);
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
      if (column === d.id) {
        // Sorted by its id: the primary key (organization, id) is the list's index.
        const pk = await t.db.system(async (tx) => (await tx.query<{ def: string }>(
          `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'p'`, [d.table])).rows[0]?.def);
        expect(pk).toBe(`PRIMARY KEY (id_organization, ${d.id})`);
        return;
      }
      const field = d.fields[column];
      const key = field && ['text', 'digits', 'email', 'phone', 'cep', 'color', 'cpf', 'cnpj', 'enum'].includes(field.kind) ? `lower(${column})` : column;
      const indexes = await t.db.system(async (tx) =>
        (await tx.query<{ indexdef: string }>('SELECT indexdef FROM pg_indexes WHERE tablename = $1', [d.table])).rows.map((r) => r.indexdef),
      );
      // Sorted by the id itself (services, 002 §9): the primary key's order.
      const wanted = column === d.id ? `(id_organization, ${d.id})` : `(id_organization, ${key}, ${d.id})`;
      expect(indexes.some((def) => def.includes(wanted)), indexes.join('\n')).toBe(true);
    });

    it('matches its table: every field a column of its kind, required ones NOT NULL, no unknown NOT NULL column', async () => {
      expect(await t.db.system((tx) => tableDisagreements(tx, d))).toEqual([]);
      for (const [name, field] of Object.entries(d.fields)) {
        // The schema accepts its own sample.
        const value = sample(field, 1);
        if (value !== null) expect(fieldSchema(field).safeParse(value).success, `${name} accepts ${JSON.stringify(value)}`).toBe(true);
      }
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

  it('a unique text is refused whatever the case of an accented capital (Útil and útil), on any collation', async () => {
    await expectOk(t, 'brandCreate', { descricao: 'Útil' }, manager);
    const again = await t.call('POST', '/brand/create', { descricao: 'útil' }, manager);
    expect(again.status).toBe(400);
    expect(again.json['message']).toBe(REGISTER_MESSAGES.duplicate('descrição', 'útil'));
    // Another accent is another name, and another organization may use the same one.
    await expectOk(t, 'brandCreate', { descricao: 'Útíl' }, manager);
    await expectOk(t, 'brandCreate', { descricao: 'útil' }, other);
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
    expect(String(res.json['complement'])).toContain(REGISTER_MESSAGES.invalidFilter('id_organization'));
  });

  it('a ref field must name a live row of its register in the caller organization: refused in pt-BR beside the field', async () => {
    // A category register whose parent is a category (the table's own foreign key), declared here: no register of
    // REGISTERS has a ref yet.
    const category = {
      name: 'categoryTest', path: '/category-test', table: 'categoria', id: 'id_categoria',
      label: { singular: 'Categoria', plural: 'Categorias', feminine: true }, permission: 'FncListarCategoria', scope: 'organization',
      fields: {
        descricao: { kind: 'text', label: 'Descrição', required: true, max: 100 },
        id_categoria_pai: { kind: 'ref', label: 'Categoria pai', ref: 'categoryTest' },
      },
      situacao: true, isPadrao: true,
      list: { pageSize: 20, sort: { column: 'descricao', order: 'ASC' } },
      screen: { path: '/category-test', form: 'panel' },
    } as const satisfies RegisterDescriptor;
    const registers = (name: string) => (name === 'categoryTest' ? category : undefined);
    const orgs = await t.db.system(async (tx) =>
      (await tx.query<{ nome: string; id: number }>(`SELECT nome, id_organization AS id FROM organization`)).rows,
    );
    const demo = { id_organization: orgs.find((o) => o.nome === 'Demo Moda')!.id, id_filial: 0 };
    const another = { id_organization: orgs.find((o) => o.nome !== 'Demo Moda')!.id, id_filial: 0 };
    const refused = async (write: () => Promise<unknown>) => {
      const error = await write().then(() => null, (e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(400);
      expect((error as HttpError).message).toBe(REGISTER_MESSAGES.refNotFound('Categoria pai'));
      expect((error as HttpError).erros).toEqual([`id_categoria_pai: ${REGISTER_MESSAGES.refNotFound('Categoria pai')}`]);
    };
    await t.db.system(async (tx) => {
      const count = async () => Number((await tx.query('SELECT count(*) AS n FROM categoria')).rows[0]?.['n']);
      const parent = await createRow(tx, category, demo, { descricao: 'Pai' }, registers);
      const theirs = await createRow(tx, category, another, { descricao: 'Deles' }, registers);
      const gone = await createRow(tx, category, demo, { descricao: 'Excluída' }, registers);
      await tx.query('UPDATE categoria SET data_exclusao = now() WHERE id_categoria = $1', [gone['id_categoria']]);
      const before = await count();
      await refused(() => createRow(tx, category, demo, { descricao: 'Filha', id_categoria_pai: 99_999_999 }, registers));
      await refused(() => createRow(tx, category, demo, { descricao: 'Filha', id_categoria_pai: theirs['id_categoria'] }, registers));
      await refused(() => createRow(tx, category, demo, { descricao: 'Filha', id_categoria_pai: gone['id_categoria'] }, registers));
      expect(await count()).toBe(before);
      const child = await createRow(tx, category, demo, { descricao: 'Filha', id_categoria_pai: parent['id_categoria'] }, registers);
      expect(child['id_categoria_pai']).toBe(parent['id_categoria']);
      await refused(() => updateRow(tx, category, demo, Number(child['id_categoria']), { id_categoria_pai: theirs['id_categoria'] }, registers));
      // Emptying it is allowed.
      expect((await updateRow(tx, category, demo, Number(child['id_categoria']), { id_categoria_pai: null }, registers))?.['id_categoria_pai']).toBeNull();
    });
  });

  it('a descriptor that disagrees with its table is caught', async () => {
    const brand = registerByName('brand')!;
    const wrong: RegisterDescriptor = {
      ...brand,
      fields: {
        ...brand.fields,
        logo: { kind: 'text', label: 'Logo', required: true },
        inexistente: { kind: 'text', label: 'Inexistente' },
        descricao: { kind: 'money', label: 'Descrição' },
      },
      situacao: false,
    };
    const { isPadrao: _padrao, ...withoutDefault } = brand;
    const problems = await t.db.system((tx) => tableDisagreements(tx, wrong));
    expect(problems).toEqual(expect.arrayContaining([
      'marca.logo is required but may be null',
      'marca.inexistente does not exist',
      'marca.descricao is text, the descriptor says money',
      'marca: situacao in the table, not declared',
    ]));
    expect(await t.db.system((tx) => tableDisagreements(tx, { ...withoutDefault, fields: { logo: brand.fields['logo']! } }))).toEqual([
      'marca: is_padrao in the table, not declared',
      'marca.descricao is NOT NULL without a default and not in the descriptor',
    ]);
    expect(await t.db.system((tx) => tableDisagreements(tx, { ...brand, table: 'marca_nenhuma' }))).toEqual(['marca_nenhuma: no such table']);
  });
});
