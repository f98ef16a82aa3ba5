/**
 * fast-check arbitraries generated from zod 4 schemas, for fuzzing the API from its contract. Walks
 * `schema._zod.def` (object, string, number, boolean, enum, literal, array, optional, nullable, default, union,
 * pipe, and the string formats uuid / iso datetime / email / regex) and answers:
 *
 * - `valid`: values that satisfy every check the generator can read (lengths, bounds, integer formats, patterns),
 *   reaching for the edges (empty, exact maximum length, bounds, unicode, NUL, SQL and LIKE metacharacters);
 * - `mixed`: the same, with hostile values mixed into any field (wrong types, one past a bound, huge strings,
 *   numbers a double cannot hold, deep nesting, prototype-pollution keys);
 * - `bodyArbitrary`: a route body, from both of the above, from mutations of a known-good body, and whole-body garbage.
 *
 * A value may contain `RawJson` pieces (text JSON.stringify cannot produce: 1e400, -0, 2^53+1): `serialize` writes
 * them verbatim. Refinements (`.refine`) cannot be read, so numbers favour integers and 2-3 decimal places.
 */
import fc from 'fast-check';

/** A piece of JSON text written as is by `serialize`. */
export class RawJson {
  constructor(readonly text: string) {}
}

interface Def {
  type: string;
  [key: string]: unknown;
}
interface CheckDef {
  check: string;
  [key: string]: unknown;
}

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): CheckDef[] =>
  ((def['checks'] as Array<{ _zod: { def: CheckDef } }> | undefined) ?? []).map((c) => c._zod.def);

export interface GenOptions {
  /** Values to favour for fields of this name (real ids of the test database, ...), valid-ish. */
  hints?: Record<string, fc.Arbitrary<unknown>>;
  /**
   * Leave out inputs that trigger server bugs already reported (each has its own *.bug.test.ts): the default run
   * stays green and still covers everything else. `nul`: U+0000 in strings. `calendar`: strings that match a
   * date pattern but name no real date or time (2024-13-45, year 0000, T30:00). `fields`: values to leave out of a
   * named field.
   */
  exclude?: { nul?: boolean; calendar?: boolean; fields?: Record<string, (value: unknown) => boolean> };
  /** Upper bound for generated array lengths (besides the exact-maximum boundary case). */
  maxArray?: number;
  /**
   * Arrays whose maximum is at most this also get bodies of exactly the maximum length (a 500-line sale is slow to
   * store: the default run keeps this small, the long run raises it). Default 50.
   */
  boundaryArrayMax?: number;
}

/** Strings a careless server chokes on. */
export const NASTY_STRINGS = [
  '', ' ', '  padded  ', 'ação é ótima — “aspas” ‘simples’', 'Ünïcödé ß ﬁ', '😀👍🏽👨‍👩‍👧‍👦', '\u202Eevil\u202C', 'zero\u200Bwidth',
  "'; DROP TABLE pedido; --", "' OR '1'='1", '%', '_', '%_%\\', '\\', '"', '\\"', '{{7*7}}', '${7*7}', '<script>alert(1)</script>',
  '../../../../etc/passwd', '__proto__', 'constructor', 'toString', 'null', 'undefined', 'NaN', '-0', '1e400', 'true',
  '\r\n\t', 'linha1\nlinha2', '\uD800', '\uDFFF', '\uFFFF', '\uFEFF', 'ﷺ', 'ǅ', 'İstanbul', '١٢٣', '٫', '0000-00-00', '9999-12-31',
  '\u0000', 'a\u0000b', '\u0001\u001f\u007f',
];

const HUGE = 200_000;

/** Any code point, lone surrogates included (fc.string's 'binary' unit costs seconds to set up). */
const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c));

/** fc.stringMatching is costly to build for long patterns (uuid, e-mail): one per pattern. */
const matchers = new Map<string, fc.Arbitrary<string>>();
function matching(pattern: RegExp): fc.Arbitrary<string> {
  let arb = matchers.get(pattern.source);
  if (!arb) {
    arb = fc.stringMatching(pattern);
    matchers.set(pattern.source, arb);
  }
  return arb;
}

function isNul(s: string): boolean {
  return s.includes('\u0000');
}

/**
 * Strings that look like AAAA-MM-DD (or a date and time) but name no real instant: no calendar date (2024-13-45),
 * year 0000, hour 24 or more, minute or second 60 or more, an offset beyond ±14:59.
 */
function badCalendar(s: string): boolean {
  const m = /(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-](\d{2}):(\d{2}))?)?/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (y === 0 || mo < 1 || mo > 12 || d < 1 || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return true;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)) return true;
  return m[8] !== undefined && (Number(m[8]) > 14 || Number(m[9]) > 59);
}

function stringFilter(opts: GenOptions) {
  return (s: string) => !(opts.exclude?.nul && isNul(s)) && !(opts.exclude?.calendar && badCalendar(s));
}

/** Deeply nested arrays/objects (JSON.parse builds them; the body never fits a schema). */
function deep(depth: number, kind: 'array' | 'object'): RawJson {
  return kind === 'array' ? new RawJson('['.repeat(depth) + ']'.repeat(depth)) : new RawJson('{"a":'.repeat(depth) + '1' + '}'.repeat(depth));
}

/** Objects that carry prototype-pollution keys as their own properties (as JSON.parse makes them). */
const POLLUTION: unknown[] = [
  JSON.parse('{"__proto__": {"isAdmin": true, "id_organization": 2}}'),
  JSON.parse('{"constructor": {"prototype": {"isAdmin": true}}}'),
  JSON.parse('{"__proto__": null}'),
  { prototype: { polluted: 1 } },
  { toString: 'x', valueOf: 1, hasOwnProperty: null },
];

/** Hostile values of any type, for any field. */
export function anyHostile(opts: GenOptions = {}): fc.Arbitrary<unknown> {
  const keep = stringFilter(opts);
  return fc.oneof(
    fc.constantFrom<unknown>(
      null, true, false, 0, -1, '', [], {}, [null], 'x'.repeat(HUGE), new RawJson('1e400'), new RawJson('-1e400'),
      new RawJson('-0'), new RawJson('9007199254740993'), new RawJson('123456789012345678901234567890'), 1e308, -1e308,
      Number.MIN_VALUE, 0.1 + 0.2, 'NaN', 'Infinity', '1e3', '0x1F', ' 7 ', '١٢', deep(2000, 'array'), deep(2000, 'object'),
      ...POLLUTION,
    ),
    fc.string({ unit: anyCodePoint, maxLength: 30 }).filter(keep),
    fc.double(),
    fc.integer(),
    fc.jsonValue({ maxDepth: 3 }).filter((v) => keep(JSON.stringify(v))),
  );
}

interface Ctx {
  mode: 'valid' | 'mixed';
  opts: GenOptions;
}

/** Mixed mode: the valid arbitrary most of the time, a hostile one sometimes. */
function mix(ctx: Ctx, valid: fc.Arbitrary<unknown>, hostile: () => fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  if (ctx.mode === 'valid') return valid;
  return fc.oneof({ weight: 7, arbitrary: valid }, { weight: 1, arbitrary: hostile() }, { weight: 1, arbitrary: anyHostile(ctx.opts) });
}

function stringArb(def: Def, ctx: Ctx): fc.Arbitrary<unknown> {
  const checks = checksOf(def);
  let min = 0;
  let max = Infinity;
  let pattern: RegExp | undefined = def['pattern'] instanceof RegExp ? def['pattern'] : undefined;
  let trims = false;
  for (const c of checks) {
    if (c.check === 'min_length') min = Math.max(min, Number(c['minimum']));
    else if (c.check === 'max_length') max = Math.min(max, Number(c['maximum']));
    else if (c.check === 'length_equals') min = max = Number(c['length']);
    else if (c.check === 'string_format' && c['pattern'] instanceof RegExp) pattern = c['pattern'];
    else if (c.check === 'overwrite') trims = true;
  }
  const keep = stringFilter(ctx.opts);
  // zod counts string lengths in code points (as PostgreSQL counts characters).
  const points = (s: string) => [...s].length;
  const fits = (s: string) => points(s) >= min && points(s) <= max && keep(s) && (!trims || points(s.trim()) >= min);
  const bounded = Math.min(max, 40);
  let valid: fc.Arbitrary<string>;
  if (pattern) {
    const matches = matching(pattern);
    // A date pattern (AAAA-MM-DD) matches mostly non-dates: real dates too, so valid bodies get past them.
    const realDate = fc
      .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    valid = (pattern.source.includes('\\d{4}-\\d{2}-\\d{2}') ? fc.oneof(realDate, matches) : matches)
      .filter((s) => points(s) <= max && keep(s));
  } else {
    const pad = (s: string) => (points(s) >= min ? s : s + 'x'.repeat(min - points(s)));
    const edges: string[] = [];
    if (Number.isFinite(max) && max <= HUGE) {
      edges.push('x'.repeat(max), 'ç'.repeat(max), '😀'.repeat(max));
    }
    if (min > 0) edges.push('y'.repeat(min));
    valid = fc
      .oneof(
        { weight: 4, arbitrary: fc.string({ minLength: Math.min(min, bounded), maxLength: Math.max(min, bounded) }) },
        { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: Math.min(min, bounded), maxLength: Math.max(min, bounded) }) },
        { weight: 1, arbitrary: fc.string({ unit: anyCodePoint, minLength: Math.min(min, bounded), maxLength: Math.max(min, bounded) }) },
        { weight: 2, arbitrary: fc.constantFrom(...NASTY_STRINGS).map(pad) },
        ...(edges.length > 0 ? [{ weight: 1, arbitrary: fc.constantFrom(...edges) }] : []),
      )
      .filter(fits);
  }
  return mix(ctx, valid, () =>
    fc.constantFrom<unknown>(
      ...(Number.isFinite(max) ? ['x'.repeat(max + 1)] : []),
      ...(min > 0 ? ['', 'x'.repeat(min - 1)] : []),
      'x'.repeat(HUGE), '😀'.repeat(HUGE / 2), 12345, 0, true, null, ['texto'], { texto: 'x' },
    ),
  );
}

function numberArb(def: Def, ctx: Ctx): fc.Arbitrary<unknown> {
  let lo = -1e9;
  let hi = 1e9;
  let loIncl = true;
  let hiIncl = true;
  let int = false;
  for (const c of checksOf(def)) {
    if (c.check === 'greater_than') {
      lo = Number(c['value']);
      loIncl = Boolean(c['inclusive']);
    } else if (c.check === 'less_than') {
      hi = Number(c['value']);
      hiIncl = Boolean(c['inclusive']);
    } else if (c.check === 'number_format') {
      int = /int/.test(String(c['format']));
    }
  }
  const coerce = def['coerce'] === true;
  const iLo = Math.ceil(loIncl ? lo : Math.floor(lo) + 1);
  const iHi = Math.floor(hiIncl ? hi : Math.ceil(hi) - 1);
  const inRange = (n: number) => (loIncl ? n >= lo : n > lo) && (hiIncl ? n <= hi : n < hi);
  const ints = fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: iLo, max: iHi }) },
    { weight: 1, arbitrary: fc.constantFrom(...[iLo, iLo + 1, iHi - 1, iHi].filter((n) => n >= iLo && n <= iHi)) },
  );
  let valid: fc.Arbitrary<unknown> = int
    ? ints
    : fc.oneof(
        { weight: 3, arbitrary: ints },
        { weight: 3, arbitrary: fc.integer({ min: Math.ceil(iLo * 100), max: Math.floor(iHi * 100) }).map((n) => n / 100) },
        { weight: 1, arbitrary: fc.integer({ min: Math.ceil(iLo * 1000), max: Math.floor(iHi * 1000) }).map((n) => n / 1000) },
        { weight: 1, arbitrary: fc.constantFrom(...[lo, hi, 0.01, 0.001].filter(inRange)) },
      ).filter((n) => typeof n === 'number' && inRange(n));
  if (coerce) valid = fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: valid.map((n) => String(n)) });
  return mix(ctx, valid, () =>
    fc.constantFrom<unknown>(
      lo - 1, hi + 1, loIncl ? lo - 0.001 : lo, hiIncl ? hi + 0.001 : hi, hi * 10, -1, 0, 1.5, 0.1 + 0.2, 1.005, 1e-7,
      123.456789, 2 ** 31, 2 ** 53, new RawJson('9007199254740993'), new RawJson('1e400'), new RawJson('-1e400'),
      new RawJson('-0'), new RawJson('1E2'), 1e308, 'NaN', 'Infinity', '-Infinity', '1e3', '0x1F', ' 7 ', '', '١٢', true, null,
      [5], ['7'], { valor: 1 },
    ),
  );
}

function literalValues(def: Def): unknown[] {
  if (def.type === 'enum') return Object.values(def['entries'] as Record<string, unknown>);
  return def['values'] as unknown[];
}

function choiceArb(def: Def, ctx: Ctx): fc.Arbitrary<unknown> {
  const values = literalValues(def);
  const strings = values.filter((v): v is string => typeof v === 'string');
  return mix(ctx, fc.constantFrom(...values), () =>
    fc.constantFrom<unknown>(
      ...strings.flatMap((s) => [s.toLowerCase(), s.toUpperCase(), ` ${s}`, `${s}\u0000`.replace('\u0000', ctx.opts.exclude?.nul ? '' : '\u0000'), [s]]),
      'outro', '', null, 42, true,
    ),
  );
}

/** Unwraps optional / nullable / default / pipe down to the schema that holds the value. */
export function unwrap(schema: unknown): unknown {
  let s = schema;
  for (;;) {
    const def = defOf(s);
    if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default' || def.type === 'prefault' || def.type === 'readonly') {
      s = def['innerType'];
    } else if (def.type === 'pipe') {
      s = def['in'];
    } else {
      return s;
    }
  }
}

function isOptional(schema: unknown): boolean {
  const def = defOf(schema);
  return def.type === 'optional' || def.type === 'default' || def.type === 'prefault';
}

/** Applies `exclude.fields[key]` to a field's arbitrary. */
function fieldFilter(opts: GenOptions, key: string | number | undefined, arb: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const drop = typeof key === 'string' ? opts.exclude?.fields?.[key] : undefined;
  return drop ? arb.filter((v) => !drop(v)) : arb;
}

function objectArb(def: Def, ctx: Ctx): fc.Arbitrary<unknown> {
  const shape = def['shape'] as Record<string, unknown>;
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  for (const [key, field] of Object.entries(shape)) {
    const own = gen(field, ctx);
    const hint = ctx.opts.hints?.[key];
    model[key] = fieldFilter(ctx.opts, key, hint ? fc.oneof({ weight: 4, arbitrary: hint }, { weight: 1, arbitrary: own }) : own);
    if (!isOptional(field)) required.push(key);
  }
  const record = fc.record(model, { requiredKeys: required }) as fc.Arbitrary<Record<string, unknown>>;
  if (ctx.mode === 'valid') return record;
  // Extra keys: unknown fields, and prototype-pollution keys as own properties.
  const withExtra = fc.tuple(record, fc.constantFrom<unknown>(...POLLUTION, { campo_inesperado: 1 }, { id_organization: 2 })).map(([r, extra]) => {
    const out = JSON.parse(JSON.stringify(extra)) as Record<string, unknown>;
    for (const [k, v] of Object.entries(r)) out[k] = v;
    return out;
  });
  return fc.oneof(
    { weight: 8, arbitrary: record },
    { weight: 1, arbitrary: withExtra },
    { weight: 1, arbitrary: fc.constantFrom<unknown>({}, [], 'objeto', 0, null, deep(3000, 'object')) },
  );
}

function recordArb(def: Def, ctx: Ctx): fc.Arbitrary<unknown> {
  const keys = gen(def['keyType'], { ...ctx, mode: 'valid' }).filter((k): k is string => typeof k === 'string');
  const entries = fc.array(fc.tuple(keys, gen(def['valueType'], ctx)), { maxLength: ctx.opts.maxArray ?? 4 });
  const valid = entries.map((pairs) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of pairs) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    return out;
  });
  return mix(ctx, valid, () => fc.constantFrom<unknown>(...POLLUTION, [], 'objeto', 0, null, { x: 1 }, deep(3000, 'object')));
}

function arrayArb(def: Def, ctx: Ctx): fc.Arbitrary<unknown> {
  let min = 0;
  let max = 1000;
  for (const c of checksOf(def)) {
    if (c.check === 'min_length') min = Number(c['minimum']);
    else if (c.check === 'max_length') max = Number(c['maximum']);
    else if (c.check === 'length_equals') min = max = Number(c['length']);
  }
  const element = gen(def['element'], ctx);
  const cap = Math.min(max, min + (ctx.opts.maxArray ?? 4));
  const lists = fc.array(element, { minLength: min, maxLength: cap });
  const valid = max <= (ctx.opts.boundaryArrayMax ?? 50)
    ? fc.oneof(
        { weight: 12, arbitrary: lists },
        // Exactly the maximum length: one element repeated (cheap to generate, heavy to store).
        { weight: 1, arbitrary: gen(def['element'], { ...ctx, mode: 'valid' }).map((e) => Array.from({ length: max }, () => e)) },
      )
    : lists;
  return mix(ctx, valid, () =>
    fc.oneof(
      gen(def['element'], { ...ctx, mode: 'valid' }).map((e) => Array.from({ length: max + 1 }, () => e)),
      fc.constantFrom<unknown>([], [null], [[]], 'lista', { 0: 'x' }, null, deep(5000, 'array')),
    ),
  );
}

function gen(schema: unknown, ctx: Ctx): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return objectArb(def, ctx);
    case 'string':
      return stringArb(def, ctx);
    case 'number':
    case 'int':
      return numberArb(def, ctx);
    case 'boolean':
      return mix(ctx, fc.boolean(), () => fc.constantFrom<unknown>('true', 'false', 1, 0, null, 'sim'));
    case 'enum':
    case 'literal':
      return choiceArb(def, ctx);
    case 'array':
      return arrayArb(def, ctx);
    case 'record':
      return recordArb(def, ctx);
    case 'optional':
    case 'default':
    case 'prefault':
      // The key may be absent (decided by the object); present, it holds the inner value.
      return gen(def['innerType'], ctx);
    case 'nullable':
      return fc.oneof({ weight: 5, arbitrary: gen(def['innerType'], ctx) }, { weight: 1, arbitrary: fc.constant(null) });
    case 'readonly':
      return gen(def['innerType'], ctx);
    case 'union':
      return fc.oneof(...(def['options'] as unknown[]).map((o) => gen(o, ctx)));
    case 'pipe':
      return gen(def['in'], ctx);
    case 'never':
      return anyHostile(ctx.opts);
    default:
      throw new Error(`zod-arbitrary: schema type '${def.type}' is not supported; add it to the generator`);
  }
}

export function validArbitrary(schema: unknown, opts: GenOptions = {}): fc.Arbitrary<unknown> {
  return gen(schema, { mode: 'valid', opts });
}

export function mixedArbitrary(schema: unknown, opts: GenOptions = {}): fc.Arbitrary<unknown> {
  return gen(schema, { mode: 'mixed', opts });
}

type Path = Array<string | number>;

/** Every path inside a JSON value (not the root itself). */
export function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const out: Path[] = [];
  if (Array.isArray(value)) {
    value.forEach((v, i) => out.push([...prefix, i], ...pathsOf(v, [...prefix, i])));
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out.push([...prefix, k], ...pathsOf(v, [...prefix, k]));
  }
  return out;
}

/** The schema found at a path of a value of `schema` (with the field's own wrappers), or undefined. */
export function schemaAt(schema: unknown, path: Path): unknown {
  let s: unknown = schema;
  for (const step of path) {
    const def = defOf(unwrap(s));
    if (def.type === 'object' && typeof step === 'string') s = (def['shape'] as Record<string, unknown>)[step];
    else if (def.type === 'array' && typeof step === 'number') s = def['element'];
    else if (def.type === 'record' && typeof step === 'string') s = def['valueType'];
    else return undefined;
    if (s === undefined) return undefined;
  }
  return s;
}

/** Sets (or removes, for undefined) the value at a path, in place; skips a path that no longer leads anywhere. */
function setAt(root: unknown, path: Path, value: unknown): void {
  let node = root as Record<string | number, unknown> | null;
  for (const step of path.slice(0, -1)) {
    const next = node?.[step];
    if (next === null || typeof next !== 'object') return;
    node = next as Record<string | number, unknown>;
  }
  if (node === null || typeof node !== 'object') return;
  const last = path[path.length - 1]!;
  if (value === undefined && !Array.isArray(node)) delete node[last];
  else node[last] = value;
}

/** A known-good body with one to three of its fields replaced by generated (often hostile) values, or removed. */
export function mutationArbitrary(schema: unknown, base: unknown, opts: GenOptions = {}): fc.Arbitrary<unknown> {
  const paths = pathsOf(base).filter((p) => schemaAt(schema, p) !== undefined);
  if (paths.length === 0) return fc.constant(base);
  const replacement = (p: Path) => {
    const field = schemaAt(schema, p);
    const key = p[p.length - 1];
    const hint = typeof key === 'string' ? opts.hints?.[key] : undefined;
    return fieldFilter(opts, key, fc.oneof(
      ...(hint ? [{ weight: 3, arbitrary: hint }] : []),
      { weight: 3, arbitrary: validArbitrary(field, opts) },
      { weight: 4, arbitrary: mixedArbitrary(field, opts) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ));
  };
  return fc
    .shuffledSubarray(paths, { minLength: 1, maxLength: Math.min(3, paths.length) })
    .chain((chosen) => fc.tuple(...chosen.map((p) => replacement(p).map((v) => [p, v] as const))))
    .map((changes) => {
      // The base is plain JSON: a JSON copy is a deep copy. Deeper paths first, so a replaced parent wins.
      const body = JSON.parse(JSON.stringify(base)) as unknown;
      for (const [p, v] of [...changes].sort((a, b) => b[0].length - a[0].length)) setAt(body, p, v);
      return body;
    });
}

/** Whole bodies that are not objects of the route's shape. */
export function garbageBody(opts: GenOptions = {}): fc.Arbitrary<unknown> {
  return anyHostile(opts);
}

/** A route body: valid, mixed, mutated from a known-good one, or garbage. */
export function bodyArbitrary(schema: unknown, opts: GenOptions & { base?: unknown } = {}): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: validArbitrary(schema, opts) },
    { weight: 3, arbitrary: mixedArbitrary(schema, opts) },
    ...(opts.base !== undefined ? [{ weight: 4, arbitrary: mutationArbitrary(schema, opts.base, opts) }] : []),
    { weight: 1, arbitrary: garbageBody(opts) },
  );
}

/** JSON text of a generated value, with its RawJson pieces written verbatim. */
export function serialize(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `@@raw${raws.length - 1}@@`;
    }
    return v;
  }) ?? 'null';
  return raws.length === 0 ? text : text.replace(/"@@raw(\d+)@@"/g, (_m, i: string) => raws[Number(i)]!);
}
