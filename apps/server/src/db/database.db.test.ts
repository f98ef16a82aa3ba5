import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../seed/demo.ts';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../testing/database.ts';
import { openDatabase } from './database.ts';
import { migrate } from './migrate.ts';

const TENANT_TABLES = ['organization', 'empresa', 'filial', 'perfil', 'perfil_permissao', 'perfil_filial', 'usuario', 'perfil_filial_usuario', 'login'];

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await migrate(t.db);
  await seedDemo(t.db);
});
afterAll(async () => {
  await t.drop();
});

describe('migrations and demo seed', () => {
  it('applies nothing the second time and seeds only an empty database', async () => {
    expect(await migrate(t.db)).toEqual([]);
    expect(await seedDemo(t.db)).toBe(false);
  });

  it('gives every tenant table id_organization NOT NULL leading its primary key', async () => {
    const { rows } = await t.db.system((tx) =>
      tx.query<{ table_name: string; first: string; nullable: string }>(`
        SELECT c.relname AS table_name, a.attname AS first, (NOT a.attnotnull)::text AS nullable
          FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
          JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = i.indkey[0]
         WHERE i.indisprimary AND c.relname = ANY($1)`, [TENANT_TABLES.filter((n) => n !== 'login')]),
    );
    expect(rows).toHaveLength(TENANT_TABLES.length - 1);
    for (const row of rows) {
      expect(row.first, row.table_name).toBe('id_organization');
      expect(row.nullable).toBe('false');
    }
  });
});

describe('row-level security (the second wall)', () => {
  it('forces RLS on every tenant table', async () => {
    const { rows } = await t.db.system((tx) =>
      tx.query<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>(
        'SELECT relname, relrowsecurity, relforcerowsecurity FROM pg_class WHERE relname = ANY($1)', [TENANT_TABLES]),
    );
    expect(rows).toHaveLength(TENANT_TABLES.length);
    for (const row of rows) expect([row.relname, row.relrowsecurity, row.relforcerowsecurity]).toEqual([row.relname, true, true]);
  });

  it('returns nothing from any tenant table when the organization setting is missing', async () => {
    await t.db.system(async (tx) => {
      await tx.query('SET LOCAL ROLE pdv_app');
      for (const table of TENANT_TABLES) {
        const { rows } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
        expect(rows[0]?.n, table).toBe(0);
      }
    });
  });

  it('returns nothing when the setting names another organization, even to a query without a WHERE', async () => {
    const counts = await t.db.tenant({ id_organization: 999_999 }, async (tx) => {
      const out: number[] = [];
      for (const table of TENANT_TABLES) out.push((await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n ?? -1);
      return out;
    });
    expect(counts.every((n) => n === 0)).toBe(true);
  });

  it("shows an organization only its own rows and refuses writing a row for another", async () => {
    const orgs = await t.db.system((tx) => tx.query<{ id_organization: number; nome: string }>('SELECT id_organization, nome FROM organization ORDER BY 1'));
    const [demo, other] = orgs.rows;
    if (!demo || !other) throw new Error('seed missing');
    const seen = await t.db.tenant(demo, (tx) => tx.query<{ nome_fantasia: string }>('SELECT nome_fantasia FROM filial ORDER BY codigo_filial'));
    expect(seen.rows.map((r) => r.nome_fantasia)).toEqual(['Loja Centro', 'Loja Shopping']);
    await expect(
      t.db.tenant(demo, (tx) => tx.query(`INSERT INTO perfil (id_organization, id_empresa, descricao) VALUES ($1, 1, 'Intruso')`, [other.id_organization])),
    ).rejects.toThrow(/row-level security/);
  });

  it('runs requests as a role that is neither superuser nor BYPASSRLS', async () => {
    const role = await t.db.tenant({ id_organization: 1 }, (tx) =>
      tx.query<{ rolsuper: boolean; rolbypassrls: boolean; current_user: string }>(
        'SELECT rolsuper, rolbypassrls, current_user FROM pg_roles WHERE rolname = current_user'),
    );
    expect(role.rows[0]).toEqual({ rolsuper: false, rolbypassrls: false, current_user: 'pdv_app' });
  });
});

describe('stopping and starting the server', () => {
  it('keeps every row (PGlite: its data directory on disk; PostgreSQL: the server database)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pdv-data-'));
    const server = usingPostgres ? await createTestDatabase() : undefined;
    const open = () => (server ? openDatabase({ url: server.url }) : openDatabase({ dataDir: dir }));
    try {
      if (server) await server.db.close();
      const first = await open();
      await migrate(first);
      await seedDemo(first);
      await first.system((tx) => tx.query(`UPDATE usuario SET nome = 'Marina S. Souza' WHERE email = 'gerente@demo.com.br'`));
      await first.close();
      const second = await open();
      expect(await migrate(second)).toEqual([]);
      expect(await seedDemo(second)).toBe(false);
      const { rows } = await second.system((tx) => tx.query<{ nome: string }>(`SELECT nome FROM usuario WHERE email = 'gerente@demo.com.br'`));
      expect(rows[0]?.nome).toBe('Marina S. Souza');
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
      if (server) await server.dropOnly();
    }
  });
});
