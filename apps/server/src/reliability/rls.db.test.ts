/**
 * Row-level security, the second wall behind the scoped queries, over every table of the schema (db/database.db.test.ts
 * checks the foundation's tables): each table with an id_organization column has RLS enabled and forced, and as the
 * application role (pdv_app) a transaction whose organization setting is missing, empty, another organization's or not
 * a number sees no row of any of them, even after sales wrote rows in the sales tables. Runs on PGlite and on
 * PostgreSQL (npm test runs the db project on both).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE, type Tx } from '../db/database.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { loadSaleFixture, saleBody } from '../testing/sale.ts';

let t: TestApp;
let tables: string[];
let demoOrg: number;

beforeAll(async () => {
  t = await createTestApp();
  const manager = await t.login('gerente@demo.com.br');
  const f = await loadSaleFixture(t.db);
  // Rows in the sales tables too (operation, order, payments, stock movements, an NFC-e draft).
  for (const modelo of [null, '65'] as const) {
    const res = await t.call('POST', '/operacao', saleBody(f, { modelo }), manager);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  }
  const found = await t.db.system((tx) => tx.query<{ table_name: string }>(
    `SELECT c.table_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND c.column_name = 'id_organization' AND t.table_type = 'BASE TABLE'
      ORDER BY 1`));
  tables = found.rows.map((r) => r.table_name);
  const org = await t.db.system((tx) => tx.query<{ id: number }>(`SELECT id_organization AS id FROM organization WHERE nome = 'Demo Moda'`));
  demoOrg = org.rows[0]!.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** Rows of every tenant table seen by pdv_app after `setting` (null: the setting is never made). */
async function countsAs(setting: string | null): Promise<Record<string, number>> {
  return t.db.system(async (tx: Tx) => {
    await tx.query(`SET LOCAL ROLE ${APP_ROLE}`);
    if (setting !== null) await tx.query(`SELECT set_config('app.id_organization', $1, true)`, [setting]);
    const out: Record<string, number> = {};
    for (const table of tables) out[table] = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
    return out;
  });
}

describe('row-level security on every table with id_organization', () => {
  it('is enabled and forced, with a policy, on each of them', async () => {
    expect(tables.length).toBeGreaterThan(50);
    const { rows } = await t.db.system((tx) => tx.query<{ relname: string; rls: boolean; forced: boolean; policies: number }>(
      `SELECT c.relname, c.relrowsecurity AS rls, c.relforcerowsecurity AS forced,
              (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid) AS policies
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relname = ANY($1)`, [tables]));
    const weak = rows.filter((r) => !r.rls || !r.forced || r.policies === 0).map((r) => r.relname);
    console.log(`RLS: ${rows.length} tables with id_organization, ${weak.length} without forced RLS and a policy`);
    expect(weak).toEqual([]);
    expect(rows).toHaveLength(tables.length);
  });

  it("the right organization sees its rows (so the empty answers below are the policy's doing)", async () => {
    const seen = await countsAs(String(demoOrg));
    for (const table of ['organization', 'filial', 'produto', 'estoque', 'pessoa', 'operacao', 'pedido', 'pedido_item',
      'pedido_pagamento', 'movimentacao_estoque', 'nota_fiscal']) {
      expect(seen[table], table).toBeGreaterThan(0);
    }
  });

  it('a missing, empty or other organization setting returns nothing from any of them', async () => {
    for (const setting of [null, '', '999999', '0', '-1']) {
      const seen = await countsAs(setting);
      const leaking = Object.entries(seen).filter(([, n]) => n > 0);
      expect(leaking, `setting ${JSON.stringify(setting)}`).toEqual([]);
    }
  });

  it('a setting that is not a number fails the query instead of returning rows', async () => {
    for (const setting of ['abc', '1 OR true', `${demoOrg};`]) {
      await expect(countsAs(setting), setting).rejects.toThrow(/invalid input syntax for type integer/);
    }
  });
});
