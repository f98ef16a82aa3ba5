/**
 * Fuzzing generated from the register descriptors (packages/contract/src/registers): for every register of REGISTERS,
 * bodies built from its fields' kinds (fast-check) against its real routes on the test database:
 *
 * - create and update: a valid body mutated by one to three of: a value of the wrong type, text over its max, a
 *   required field missing or null, a bad CPF/CNPJ/CEP/phone/e-mail/colour/date, huge, negative, fractional or
 *   infinite numbers, a value outside an enum, an extra field (id_organization, data_exclusao, id_filial, ...); and
 *   valid bodies;
 * - find: unknown and hostile sort columns, orders and filters, take/skip out of range, long searches;
 * - the situacao change (when the register has it): values other than 'Ativo' and 'Inativo'.
 *
 * The oracle is the register's own zod schema (the one the form checks with): a body it refuses is answered 400 with a
 * pt-BR message and leaves the register's table exactly as it was (row count and every row's text); a body it accepts
 * is answered 200 (a valid create adds one row), unless the server refuses a rule the schema cannot know (a duplicate
 * of a unique field, a ref naming no row) with a pt-BR 400, writing nothing. Never a 500. A find never writes.
 *
 * 25 bodies per route kind with a seed fixed per register in npm test (a few seconds), 300 with fresh seeds with
 * LONG=1 (npm run test:long); FUZZ_RUNS sets any count, FUZZ_SEED a seed.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_MESSAGES } from '@pdv/domain/catalogue-messages';
import { REGISTER_MESSAGES, registerSchemas, writableColumns, type FieldDef, type RegisterDescriptor } from '@pdv/contract/registers/descriptor';
import { REGISTERS } from '@pdv/contract/registers/index';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { sampleBody, validBody } from '../testing/registers.ts';
import { REGISTER_HOOKS } from '../register-hooks.ts';
import { answerProblems } from './answers.ts';
import { LONG, SKIP_SECOND_RUN } from './variant.ts';
import { RawJson, serialize } from './zod-arbitrary.ts';

const RUNS = Number(process.env['FUZZ_RUNS'] || (LONG ? 300 : 25));
const SKIP = SKIP_SECOND_RUN && !process.env['FUZZ_RUNS'];
const SEED = process.env['FUZZ_SEED'] ? Number(process.env['FUZZ_SEED']) : undefined;
const TIMEOUT = LONG ? 1_800_000 : 120_000;

/** Fixed per register and route kind in the fast run (reproducible), fresh in the long one. */
function seedFor(name: string): number | undefined {
  if (SEED !== undefined) return SEED;
  if (LONG) return undefined;
  let h = 2166136261;
  for (const c of name) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h | 0;
}

const TEXT_KINDS = new Set<FieldDef['kind']>(['text', 'email', 'phone', 'cep', 'color', 'cpf', 'cnpj']);
const INFINITY = new RawJson('1e999');

/** Values a field's schema should refuse (the oracle decides; a few may be accepted, e.g. an over-long text of spaces). */
function badValue(field: FieldDef): fc.Arbitrary<unknown> {
  const wrongType: unknown[] = [{}, [], [1], { valor: 1 }];
  if (field.kind !== 'boolean') wrongType.push(true, false);
  const isText = TEXT_KINDS.has(field.kind) || field.kind === 'enum' || field.kind === 'date';
  if (isText) wrongType.push(12, 0, -1.5);
  else wrongType.push('texto', '12', '');
  const max = field.max ?? 255;
  const byKind: Record<FieldDef['kind'], () => fc.Arbitrary<unknown>> = {
    text: () => fc.integer({ min: 1, max: 60 }).map((n) => 'x'.repeat(max + n)),
    digits: () => fc.constantFrom('12a4', '-1', '1.5', ' 1 2 ', '9'.repeat(max + 1)),
    cpf: () => fc.constantFrom('12345678900', '111.111.111-11', '529.982.247-24', 'abc', '1'.repeat(300)),
    cnpj: () => fc.constantFrom('11111111111111', '12.345.678/0001-00', '12.ABC.345/01DE-36', 'ABC', '0'.repeat(14)),
    cep: () => fc.constantFrom('123', '1234567890', 'abcdefgh', '01310-10'),
    phone: () => fc.constantFrom('123', '1'.repeat(12), '(11) 1234', 'telefone'),
    email: () => fc.constantFrom('a@', 'sem-arroba', 'a b@c.d', '@dominio.com', `${'a'.repeat(300)}@x.com`),
    color: () => fc.constantFrom('red', '#12345', '#GGGGGG', '7048e8'),
    integer: () => fc.constantFrom(1.5, 2 ** 31, -(2 ** 31) - 1, (field.maxValue ?? 2 ** 31) + 1, (field.min ?? -(2 ** 31)) - 1, INFINITY, -1e300),
    money: () => fc.constantFrom(-1, -0.01, 1.234, 1e15, 1e300, INFINITY, 0.001),
    percent: () => fc.constantFrom(-1, 100.01, 101, 1.234, 1e300, INFINITY),
    quantity: () => fc.constantFrom(-1, 0, 1.2345, 1e12, 1e300, INFINITY, (field.min ?? 0) - 0.001),
    boolean: () => fc.constantFrom('true', 'sim', 1, 0, 'false'),
    enum: () => fc.constantFrom('X', '', 'ativo', (field.values?.[0] ?? 'A').toLowerCase() + ' '),
    ref: () => fc.constantFrom(-1, 0, 1.5, 'abc', 2 ** 31, 99_999_999),
    date: () => fc.constantFrom('31/12/2026', '2026-13-01', '2026-02-30', 'amanhã', '2026-1-1'),
  };
  return fc.oneof(fc.constantFrom(...wrongType), byKind[field.kind]());
}

/** A valid value of a field, or null where the field may be empty. */
function validValue(field: FieldDef): fc.Arbitrary<unknown> {
  const max = Math.min(field.max ?? 255, 60);
  const nullable = field.required !== true && field.default === undefined;
  const value: Record<FieldDef['kind'], () => fc.Arbitrary<unknown>> = {
    text: () => fc.string({ minLength: 1, maxLength: max }).filter((s) => s.trim() !== ''),
    digits: () => fc.integer({ min: 0, max: 10 ** Math.min(max, 9) - 1 }).map(String),
    cpf: () => fc.constantFrom('52998224725', '529.982.247-25'),
    cnpj: () => fc.constantFrom('11222333000181', '11.222.333/0001-81'),
    cep: () => fc.constantFrom('01310100', '01310-100'),
    phone: () => fc.constantFrom('11987654321', '(11) 3456-7890'),
    email: () => fc.constantFrom('ana@exemplo.com.br', 'loja@teste.com'),
    color: () => fc.constantFrom('#7048e8', '#000000'),
    integer: () => fc.integer({ min: field.min ?? 0, max: field.maxValue ?? 1000 }),
    money: () => fc.integer({ min: 0, max: 10_000_000 }).map((c) => c / 100),
    percent: () => fc.integer({ min: 0, max: 10_000 }).map((c) => c / 100),
    // As many decimals as the field takes (3 unless it says otherwise).
    quantity: () => {
      const scale = 10 ** (field.decimals ?? 3);
      return fc.integer({ min: Math.ceil((field.min ?? 1 / scale) * scale), max: 1000 * scale }).map((m) => m / scale);
    },
    boolean: () => fc.boolean(),
    enum: () => fc.constantFrom(...(field.values ?? [''])),
    ref: () => fc.constant(null),
    date: () => fc.constantFrom('2026-01-31', '2000-02-29'),
  };
  const arbitrary = value[field.kind]();
  return nullable && field.kind !== 'boolean' ? fc.option(arbitrary, { nil: null }) : arbitrary;
}

/** Columns a body must never set. */
const EXTRA_FIELDS = ['id_organization', 'data_exclusao', 'data_cadastro', 'id_filial', 'sync_xid', 'campo_extra', 'senha'];

type Body = Record<string, unknown>;
type Mutation = (body: Body) => Body;

function mutationArbitrary(d: RegisterDescriptor): fc.Arbitrary<Mutation> {
  const fields = Object.entries(d.fields).filter(([, f]) => !f.computed);
  const required = fields.filter(([, f]) => f.required).map(([n]) => n);
  const notNull = fields.filter(([, f]) => f.required || f.default !== undefined).map(([n]) => n);
  const options: Array<fc.Arbitrary<Mutation>> = [
    fc.constantFrom(...fields).chain(([name, field]) => badValue(field).map((v): Mutation => (b) => ({ ...b, [name]: v }))),
    fc.tuple(fc.constantFrom(...EXTRA_FIELDS), fc.oneof(fc.integer(), fc.string(), fc.constant(null)))
      .map(([name, v]): Mutation => (b) => ({ ...b, [name]: v })),
  ];
  if (required.length > 0) options.push(fc.constantFrom(...required).map((name): Mutation => (b) => Object.fromEntries(Object.entries(b).filter(([k]) => k !== name))));
  if (notNull.length > 0) options.push(fc.constantFrom(...notNull).map((name): Mutation => (b) => ({ ...b, [name]: null })));
  if (d.situacao) options.push(fc.constantFrom('ativo', 'X', '', null, 1).map((v): Mutation => (b) => ({ ...b, situacao: v })));
  if (d.isPadrao) options.push(fc.constantFrom('true', 1, null, 'sim').map((v): Mutation => (b) => ({ ...b, is_padrao: v })));
  return fc.oneof(...options);
}

/** A valid create body (unique text fields made unique by the sample). */
function validBodyArbitrary(d: RegisterDescriptor, base: Body): fc.Arbitrary<Body> {
  // A ref takes the id of a live row (the base body's, from testing/registers.ts validBody) or, when it may, none.
  // A register with a rule across fields (its check: a CSOSN only for some regimes) keeps the base body's coherent
  // values; the mutations still change each of them.
  const shape = Object.fromEntries(Object.entries(d.fields).filter(([, f]) => !f.computed).map(([n, f]) => [
    n, f.kind === 'ref' && base[n] !== undefined ? (f.required ? fc.constant(base[n]) : fc.constantFrom(base[n], null))
      : d.check ? fc.constant(base[n] ?? null) : validValue(f),
  ]));
  return fc.tuple(fc.record(shape), fc.integer({ min: 1, max: 1_000_000 })).map(([values, n]) => {
    const sample = sampleBody(d, n);
    const body: Body = { ...values };
    // Unique fields get the sample's random text, so that two valid bodies rarely collide.
    for (const [name, field] of Object.entries(d.fields)) if (field.unique && sample[name] !== undefined) body[name] = sample[name];
    for (const [name, value] of Object.entries(body)) if (value === null && d.fields[name]?.required) body[name] = sample[name];
    return body;
  });
}

function createArbitrary(d: RegisterDescriptor, base: Body): fc.Arbitrary<Body> {
  return fc.oneof(
    { weight: 1, arbitrary: validBodyArbitrary(d, base) },
    { weight: 4, arbitrary: fc.tuple(validBodyArbitrary(d, base), fc.array(mutationArbitrary(d), { minLength: 1, maxLength: 3 })).map(([b, ms]) => ms.reduce((x, m) => m(x), b)) },
  );
}

function findArbitrary(d: RegisterDescriptor): fc.Arbitrary<Body> {
  const columns = ['data_cadastro', 'data_alteracao', d.id, ...writableColumns(d)];
  const filterable = [...Object.entries(d.fields).filter(([, f]) => f.filter).map(([n]) => n), ...(d.situacao ? ['situacao'] : [])];
  const valid = fc.record(
    {
      search: fc.string({ maxLength: 40 }),
      column: fc.constantFrom(...columns),
      order: fc.constantFrom('ASC', 'DESC', 'asc', 'desc'),
      filter: d.situacao ? fc.constantFrom({}, { situacao: 'Ativo' }, { situacao: 'Inativo' }) : fc.constant({}),
      take: fc.integer({ min: 1, max: 200 }),
      skip: fc.integer({ min: 0, max: 1000 }),
    },
    { requiredKeys: [] },
  );
  const hostileColumn: fc.Arbitrary<string> = fc.constantFrom('senha', 'id_organization', 'sync_xid', `${d.id}; DROP TABLE ${d.table}`, '1', 'lower(descricao)', '', 'data_exclusao');
  const hostile = fc.record(
    {
      search: fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('%', '_', '\\', "'; --", 'x'.repeat(201)), fc.integer()),
      column: fc.oneof(fc.constantFrom(...columns), hostileColumn, fc.string({ maxLength: 20 })),
      order: fc.constantFrom('ASC', 'desc', 'sideways', '', 1, null),
      filter: fc.oneof(
        fc.dictionary(fc.oneof(fc.constantFrom(...filterable, 'id_organization', 'data_exclusao', 'senha', `${d.id} OR 1=1`), fc.string({ maxLength: 12 })),
          fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean(), fc.constant(null), fc.constant({}), fc.constant([1])), { maxKeys: 3 }),
        fc.constantFrom(null, 'situacao', [], 1),
      ),
      take: fc.oneof(fc.integer({ min: -5, max: 300 }), fc.constantFrom(0, 1e9, 1.5, '20', 'muitos', INFINITY)),
      skip: fc.oneof(fc.integer({ min: -5, max: 2_000_000 }), fc.constantFrom(1.5, '0', null, INFINITY)),
    },
    { requiredKeys: [] },
  );
  return fc.oneof({ weight: 1, arbitrary: valid }, { weight: 2, arbitrary: hostile });
}

let t: TestApp;
let manager: string;

beforeAll(async () => {
  if (SKIP) return;
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
}, 300_000);
afterAll(async () => {
  await t?.close();
});

/** The register's whole table as text: any write changes it. */
async function fingerprint(d: RegisterDescriptor): Promise<string> {
  return t.db.system(async (tx) => {
    const { rows } = await tx.query<{ n: number; h: string }>(
      `SELECT count(*)::int AS n, coalesce(md5(string_agg(r::text, '|' ORDER BY r.id_organization, r.${d.id})), '') AS h FROM ${d.table} r`,
    );
    return `${rows[0]?.n}:${rows[0]?.h}`;
  });
}

async function send(method: 'POST' | 'PUT', path: string, text: string): Promise<{ status: number; body: string }> {
  const res = await t.app.inject({
    method, url: `/api${path}`, payload: text,
    headers: { authorization: `Bearer ${manager}`, 'content-type': 'application/json' },
  });
  return { status: res.statusCode, body: res.body };
}

/** Refusals the schema cannot foresee: the server's own rules over the table's rows. */
function isRuleRefusal(d: RegisterDescriptor, message: string, erros: unknown): boolean {
  return Object.values(d.fields).some((f) => message.startsWith(REGISTER_MESSAGES.duplicate(f.label.toLowerCase(), '').slice(0, -2))
    || message === REGISTER_MESSAGES.refNotFound(f.label))
    // A register hook's rule across rows (a category's name taken at its level, a parent under its own child).
    || message.startsWith(CATALOGUE_MESSAGES.categoryDuplicate('').split('""')[0]!) || message === CATALOGUE_MESSAGES.categoryCycle
    || ownRuleRefusal(d, message, erros);
}

/**
 * A rule of the register's own hooks (a check digit, a shortcut key another row holds, a parent below the node): a
 * pt-BR refusal whose first `erros` line names a field or `extra` member of the register ('campo: mensagem').
 */
function ownRuleRefusal(d: RegisterDescriptor, message: string, erros: unknown): boolean {
  if (REGISTER_HOOKS[d.name]?.beforeWrite === undefined || !Array.isArray(erros) || typeof erros[0] !== 'string') return false;
  const [, member, text] = /^(\w+): (.*)$/.exec(erros[0]) ?? [];
  return member !== undefined && (member in d.fields || member in (d.extra ?? {})) && text === message;
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

describe.skipIf(SKIP)('fuzzing generated from the register descriptors', () => {
  it('covers every register', () => {
    expect(REGISTERS.length).toBeGreaterThanOrEqual(3);
  });

  for (const d of REGISTERS as readonly RegisterDescriptor[]) {
    const schemas = registerSchemas(d);

    /**
     * Sends a body and checks the answer against the schema; returns what happened. `writes`: a 200 may change the
     * table (checked by the caller); otherwise the table must be as it was.
     */
    const check = async (
      method: 'POST' | 'PUT', route: string, schema: { safeParse: (v: unknown) => { success: boolean } }, body: unknown, writes: boolean,
      stored?: Body,
    ) => {
      const text = serialize(body);
      const accepted = schema.safeParse(parse(text)).success;
      const before = await fingerprint(d);
      const res = await send(method, `${d.path}/${route}`, text);
      const problems = answerProblems(res.status, res.body);
      const where = `${method} ${d.path}/${route} ${text.slice(0, 400)} → ${res.status} ${res.body.slice(0, 300)}`;
      expect(problems, where).toEqual([]);
      const answer = res.status >= 400 ? (parse(res.body) as { message?: unknown; erros?: unknown } | undefined) : undefined;
      const said = answer?.message;
      const message = typeof said === 'string' ? said : '';
      if (!accepted) expect(res.status, `the schema refuses it: ${where}`).toBe(400);
      else if (res.status !== 200) {
        expect([400, 404], where).toContain(res.status);
        if (res.status === 400) {
          // A rule across fields (the descriptor's check) sees the whole row on the server: an update is also right to
          // be refused when the stored row with the body's changes breaks it.
          const merged = stored === undefined ? null : registerSchemas(d).update.safeParse({ ...stored, ...(parse(text) as Body) });
          const crossField = merged !== null && !merged.success && merged.error.issues.some((i) => i.message === message);
          // A register's own rule across rows (a series number taken in the model, a numbering that cannot go back)
          // refuses beside the field it names.
          const erros = (parse(res.body) as { erros?: unknown } | undefined)?.erros;
          const namesField = Array.isArray(erros) && erros.some((e) => typeof e === 'string' && (/^(\w+): /.exec(e)?.[1] ?? '') in d.fields);
          expect(isRuleRefusal(d, message, erros) || message === REGISTER_MESSAGES.nothingToUpdate || crossField || namesField,
            `accepted by the schema, refused by: ${where}`).toBe(true);
        }
      }
      if (res.status !== 200 || !writes) expect(await fingerprint(d), `wrote although ${res.status}: ${where}`).toBe(before);
      const ownRule = res.status === 400 && accepted && ownRuleRefusal(d, message, answer?.erros);
      return { accepted, status: res.status, json: parse(res.body) as Body | undefined, before, ownRule };
    };

    describe(`${d.label.plural} (${d.path})`, () => {
      // A register of fixed rows (one per branch) has no create: its rows are fuzzed by update.
      if (!d.fixedRows) it(`create: ${RUNS} bad and valid bodies answer 400 in pt-BR writing nothing, or 200 adding one row`, async () => {
        let created = 0;
        let decided = 0;
        const base = await validBody(t, d, 9, manager);
        await fc.assert(
          fc.asyncProperty(createArbitrary(d, base), async (body) => {
            const r = await check('POST', 'create', schemas.create, body, true);
            // A valid body a register's own rule refused (beside its field) was decided too, not lost.
            if (r.ownRule) decided += 1;
            if (r.status === 200) {
              created += 1;
              expect(Number((await fingerprint(d)).split(':')[0])).toBe(Number(r.before.split(':')[0]) + 1);
            }
          }),
          { numRuns: RUNS, seed: seedFor(`${d.name}Create`) },
        );
        expect(created + decided, 'some valid bodies were created (or refused by the register\'s own rules)').toBeGreaterThan(0);
      }, TIMEOUT);

      it(`update: ${RUNS} bad and valid bodies on a live row, and ids of no row`, async () => {
        const row = d.fixedRows
          ? { status: 200, json: ((await t.call('POST', `${d.path}/find`, { take: 1 }, manager)).json['rows'] as Body[])[0]! }
          : await t.call('POST', `${d.path}/create`, await validBody(t, d, 7, manager), manager);
        expect(row.status).toBe(200);
        const id = row.json[d.id] as number;
        const ids = fc.oneof({ weight: 6, arbitrary: fc.constant<unknown>(id) }, { weight: 1, arbitrary: fc.constantFrom<unknown>(99_999_999, -1, 0, 'abc', null, 1.5) });
        const base = await validBody(t, d, 9, manager);
        const partial = fc.tuple(createArbitrary(d, base), fc.integer({ min: 0, max: 2 ** 10 })).map(([b, mask]) =>
          Object.fromEntries(Object.entries(b).filter((_, i) => (mask >> i) % 2 === 0 || i >= 10)));
        let updated = 0;
        await fc.assert(
          fc.asyncProperty(ids, partial, async (which, body) => {
            const current = which === id ? (await t.call('POST', `${d.path}/find_by_id`, { [d.id]: id }, manager)).json : undefined;
            const stored = current === undefined ? undefined
              : Object.fromEntries(Object.entries(current).filter(([k]) => k in d.fields || k === d.id));
            const r = await check('PUT', 'update', schemas.update, { ...body, [d.id]: which }, true, stored);
            if (r.status === 200) updated += 1;
          }),
          { numRuns: RUNS, seed: seedFor(`${d.name}Update`) },
        );
        expect(updated, 'some valid updates went through').toBeGreaterThan(0);
      }, TIMEOUT);

      it(`find: ${RUNS} sorts, filters, pages and searches, hostile ones refused in pt-BR, none writing`, async () => {
        let found = 0;
        await fc.assert(
          fc.asyncProperty(findArbitrary(d), async (body) => {
            const r = await check('POST', 'find', schemas.find, body, false);
            if (r.status === 200) {
              found += 1;
              expect(Array.isArray(r.json?.['rows'])).toBe(true);
            }
          }),
          { numRuns: RUNS, seed: seedFor(`${d.name}Find`) },
        );
        expect(found, 'some finds were valid').toBeGreaterThan(0);
      }, TIMEOUT);

      if (d.situacao) {
        it('situacao: values other than Ativo and Inativo are refused in pt-BR and write nothing', async () => {
          const row = await t.call('POST', `${d.path}/create`, await validBody(t, d, 8, manager), manager);
          const id = row.json[d.id] as number;
          await fc.assert(
            fc.asyncProperty(fc.constantFrom<unknown>('Ativo', 'Inativo', 'ativo', 'INATIVO', '', 'X', null, 1, true, {}), async (situacao) => {
              await check('POST', 'enable-disable', schemas.situacao, { [d.id]: id, situacao }, true);
            }),
            { numRuns: Math.min(RUNS, 20), seed: seedFor(`${d.name}Situacao`) },
          );
        }, TIMEOUT);
      }
    });
  }
});
