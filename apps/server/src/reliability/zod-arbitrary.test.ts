import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routes } from '@pdv/contract/routes';
import { loginBody } from '@pdv/contract/session';
import { listByChangesBody } from '@pdv/contract/sync';
import { nfeCancelBody, nfeDisableRangeBody } from '@pdv/contract/invoice';
import { bodyArbitrary, mixedArbitrary, mutationArbitrary, RawJson, schemaAt, serialize, validArbitrary } from './zod-arbitrary.ts';

const parses = (schema: z.ZodType, value: unknown) => schema.safeParse(JSON.parse(serialize(value))).success;

describe('fast-check arbitraries from zod contracts', () => {
  it('walks the body schema of every route of the route table', () => {
    for (const [name, def] of Object.entries(routes)) {
      expect(() => fc.sample(bodyArbitrary(def.body), 5), name).not.toThrow();
    }
  }, 120_000);

  it('makes values that the schema accepts in valid mode (schemas without refinements)', () => {
    for (const schema of [loginBody, listByChangesBody, nfeCancelBody, nfeDisableRangeBody, routes.invoiceFind.body] as z.ZodType[]) {
      fc.assert(fc.property(validArbitrary(schema), (value) => parses(schema, value)), { numRuns: 200 });
    }
  }, 60_000);

  it('knows uuid, iso datetime, email, enum, literal, union, nullable, default and array bounds', () => {
    const schema = z.object({
      id: z.uuid(),
      at: z.iso.datetime({ offset: true }),
      email: z.email(),
      kind: z.enum(['Venda', 'Pedido']),
      literal: z.literal('Produto'),
      freight: z.union([z.literal(0), z.literal(9)]).optional().default(9),
      note: z.string().max(5).nullable(),
      n: z.number().int().min(1).max(3),
      list: z.array(z.boolean()).min(1).max(2),
    });
    fc.assert(fc.property(validArbitrary(schema), (value) => parses(schema, value)), { numRuns: 300 });
  });

  it('mixes in values the schema refuses, in mixed mode and in mutations of a good body', { timeout: 60_000 }, () => {
    const refusedMixed = fc.sample(mixedArbitrary(loginBody), 300).filter((v) => !parses(loginBody, v));
    expect(refusedMixed.length).toBeGreaterThan(30);
    const base = { email: 'gerente@demo.com.br', senha: 'demo1234' };
    const mutated = fc.sample(mutationArbitrary(loginBody, base), 300);
    expect(mutated.filter((v) => !parses(loginBody, v)).length).toBeGreaterThan(30);
    expect(base).toEqual({ email: 'gerente@demo.com.br', senha: 'demo1234' });
  });

  it('finds the schema of a nested field through arrays and wrappers', () => {
    const item = schemaAt(routes.operacao.body, ['itens', 0, 'quantidade']);
    expect((item as z.ZodType).safeParse(2).success).toBe(true);
    expect((item as z.ZodType).safeParse(0).success).toBe(false);
    expect(schemaAt(routes.operacao.body, ['nao_existe'])).toBeUndefined();
  });

  it('writes raw JSON pieces verbatim', () => {
    const text = serialize({ a: new RawJson('1e400'), b: [new RawJson('-0')], c: 'x' });
    expect(text).toBe('{"a":1e400,"b":[-0],"c":"x"}');
    expect(JSON.parse(text)).toEqual({ a: Infinity, b: [-0], c: 'x' });
  });

  it('leaves out excluded inputs (known bugs)', { timeout: 60_000 }, () => {
    const schema = z.object({
      s: z.string().max(30), d: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), c: z.string().max(40).optional(),
      t: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/),
    });
    const opts = { exclude: { nul: true, calendar: true, fields: { c: (v: unknown) => v === '09' } } };
    for (const v of fc.sample(mixedArbitrary(schema, opts), 500)) {
      const text = serialize(v);
      expect(text).not.toContain('\\u0000');
      const d = (v as { d?: unknown } | null)?.d;
      if (typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d)) {
        const parsed = new Date(`${d}T00:00:00Z`);
        expect(!Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === d && !d.startsWith('0000'), d).toBe(true);
      }
      expect((v as { c?: unknown } | null)?.c).not.toBe('09');
      const at = (v as { t?: unknown } | null)?.t;
      if (typeof at === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(at)) {
        expect(Number(at.slice(11, 13)) < 24 && Number(at.slice(14, 16)) < 60, at).toBe(true);
      }
    }
  });
});
