/**
 * POST /api/sync/changed: which synced groups have rows after the client's positions, scoped like list-by-changes
 * (organization, active branch, the caller's own filter), and never an answer that would make a client skip a change
 * it has not read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listByChangesResult,
  SYNC_GROUPS,
  syncChangedResult,
  type SyncGroupName,
} from '@pdv/contract/sync';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { usingPostgres } from '../../testing/database.ts';
import { demoIds, holdTransaction, settle, type DemoIds } from '../../testing/sync.ts';
import { expectOk } from '../../testing/routes.ts';

let t: TestApp;
let manager: string;
let other: string;
let ids: DemoIds;

interface Position {
  date_change: string;
  offset: number;
}
type Positions = Partial<Record<SyncGroupName, Position>>;

async function changed(token: string, tables: Positions): Promise<SyncGroupName[]> {
  const res = await t.call('POST', '/sync/changed', { tables }, token);
  if (res.status !== 200) throw new Error(`sync/changed: ${res.status} ${JSON.stringify(res.json)}`);
  return syncChangedResult.parse(res.json).changed.sort();
}

/** Pages a group to its end from `position` (moved along); answers the rows received. */
async function pull(name: SyncGroupName, token: string, position: Position): Promise<Array<Record<string, unknown>>> {
  const rows: Array<Record<string, unknown>> = [];
  for (let pages = 0; pages < 1000; pages += 1) {
    const res = await t.call('POST', `/${SYNC_GROUPS[name].group}/list-by-changes`, { ...position, limit: 1000 }, token);
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.json)}`);
    const page = listByChangesResult.parse(res.json);
    rows.push(...page.rows);
    position.date_change = page.date_change;
    position.offset = page.offset;
    if (!page.has_more && !page.held_back) return rows;
    if (!page.has_more) await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${name}: sync does not end`);
}

/** Every group read to its end: the positions a client holds after a full load. */
async function loadAll(token: string): Promise<Positions> {
  const positions: Positions = {};
  for (const name of Object.keys(SYNC_GROUPS) as SyncGroupName[]) {
    const position = { date_change: '', offset: 0 };
    await pull(name, token, position);
    positions[name] = position;
  }
  return positions;
}

async function setBranch(token: string, id_filial: number): Promise<void> {
  const res = await t.call('POST', '/user/set_active_branch', { id_filial }, token);
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
  ids = await demoIds(t.db, ['caixa@demo.com.br']);
  await settle(t.db);
  await setBranch(manager, ids.branch1);
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/sync/changed', () => {
  it('names no group after a full load, and only the groups named and changed after a change', async () => {
    const positions = await loadAll(manager);
    expect(await changed(manager, positions)).toEqual([]);
    // From the start every group holding a row of the organization (or the active branch) is named.
    const fromStart: Positions = { branch: { date_change: '', offset: 0 }, product: { date_change: '', offset: 0 } };
    expect(await changed(manager, fromStart)).toEqual(['branch', 'product']);

    await t.db.system(async (tx) => {
      await tx.query(`UPDATE filial SET apelido = apelido WHERE id_filial = $1`, [ids.branch1]);
      await tx.query(
        `UPDATE produto_grade_filial SET preco_venda = preco_venda + 1
          WHERE id_produto_grade_filial = (SELECT min(id_produto_grade_filial) FROM produto_grade_filial WHERE id_filial = $1)`,
        [ids.branch1],
      );
    });
    await settle(t.db);
    expect(await changed(manager, positions)).toEqual(['branch', 'product-grid']);
    // A group not named is not answered.
    const { branch: _branch, ...rest } = positions;
    expect(await changed(manager, rest)).toEqual(['product-grid']);
    // Read to the end again: nothing left.
    for (const name of ['branch', 'product-grid'] as const) await pull(name, manager, positions[name] as Position);
    expect(await changed(manager, positions)).toEqual([]);
  });

  it('names a group whose variation changed (a joined table touches the per-branch row)', async () => {
    const positions = await loadAll(manager);
    await t.db.system((tx) =>
      tx.query(
        `UPDATE produto_grade SET descricao = descricao || '' WHERE id_produto_grade = (
           SELECT min(g.id_produto_grade) FROM produto_grade g JOIN produto_grade_filial f USING (id_organization, id_produto_grade)
            WHERE f.id_filial = $1)`,
        [ids.branch1],
      ),
    );
    await settle(t.db);
    expect(await changed(manager, positions)).toContain('product-grid');
  });

  it("never names a group for another organization's change or another branch's row", async () => {
    const mine = await loadAll(manager);
    const theirs = await loadAll(other);
    await t.db.system(async (tx) => {
      await tx.query(`UPDATE filial SET apelido = apelido WHERE id_organization = $1`, [ids.other]);
      await tx.query(`UPDATE estoque SET quantidade = quantidade WHERE id_filial = $1`, [ids.branch2]);
    });
    await settle(t.db);
    expect(await changed(manager, mine)).toEqual([]);
    expect(await changed(other, theirs)).toEqual(['branch']);
    // The other branch's stock once the manager works there (its position starts over, as the client's does).
    await setBranch(manager, ids.branch2);
    try {
      expect(await changed(manager, { stock: { date_change: '', offset: 0 } })).toEqual(['stock']);
    } finally {
      await setBranch(manager, ids.branch1);
    }
  });

  it("applies a group's own filter: another user's notification is not a change for the caller", async () => {
    const positions = await loadAll(manager);
    await t.db.system((tx) =>
      tx.query(
        `INSERT INTO notificacao (id_organization, id_usuario, tipo, titulo, mensagem) VALUES ($1, $2, 'Info', 'Só do caixa', 'Olá')`,
        [ids.demo, ids.users['caixa@demo.com.br']],
      ),
    );
    await settle(t.db);
    expect(await changed(manager, positions)).toEqual([]);
  });

  it('answers 400 in pt-BR to a position it never gave, and ignores groups it does not know', async () => {
    const bad = await t.call('POST', '/sync/changed', { tables: { user: { date_change: '2024-01-01', offset: 0 } } }, manager);
    expect(bad.status).toBe(400);
    const huge = await t.call('POST', '/sync/changed', { tables: { user: { date_change: '9'.repeat(40), offset: 0 } } }, manager);
    expect(huge.status).toBe(400);
    expect(huge.json['message']).toBe('Dados inválidos na requisição.');
    const unknown = await expectOk(t, 'syncChanged', { tables: { nada: { date_change: '', offset: 0 } } }, manager);
    expect([unknown.status, unknown.json['changed']]).toEqual([200, []]);
    const inherited = await t.call('POST', '/sync/changed', { tables: { constructor: { date_change: '', offset: 0 }, toString: { date_change: '', offset: 0 } } }, manager);
    expect([inherited.status, inherited.json['changed']]).toEqual([200, []]);
    // Leading zeros are the same mark (xid8 would read them as octal).
    const positions = await loadAll(manager);
    const user = positions.user as Position;
    expect(await changed(manager, { user: { ...user, date_change: `000${user.date_change}` } })).toEqual([]);
  });

  it('names a group whose committed rows list-by-changes still holds back behind a running transaction', async () => {
    const positions = await loadAll(manager);
    if (!usingPostgres) return; // PGlite runs one transaction at a time: nothing is ever held back there.
    const blocker = await holdTransaction(t.db);
    try {
      await t.db.system((tx) => tx.query(`UPDATE filial SET apelido = apelido WHERE id_filial = $1`, [ids.branch1]));
      const held = listByChangesResult.parse(
        (await t.call('POST', '/branch/list-by-changes', { ...positions.branch, limit: 1000 }, manager)).json,
      );
      expect([held.rows.length, held.held_back]).toEqual([0, true]);
      expect(await changed(manager, positions)).toEqual(['branch']);
    } finally {
      blocker.release();
      await blocker.ended;
    }
  });

  it('answers 401 without a token', async () => {
    const res = await t.call('POST', '/sync/changed', { tables: {} });
    expect(res.status).toBe(401);
  });
});

describe('guarantee: a reader that reads only the groups named changed never misses a committed change', () => {
  it('with concurrent writers whose transactions start before the reader and commit after it', async () => {
    const WRITERS = usingPostgres ? 6 : 2;
    const ROUNDS = usingPostgres ? 20 : 8;
    let running = true;
    const writer = async (w: number) => {
      for (let round = 0; round < ROUNDS; round += 1) {
        await t.db.system(async (tx) => {
          await tx.query(`INSERT INTO usuario (id_organization, nome, email) VALUES ($1, $2, $3)`, [
            ids.demo,
            `Mudança ${w}.${round}`,
            `c${w}r${round}@demo.com.br`,
          ]);
          await tx.query(
            `UPDATE usuario SET nome = nome || '*' WHERE id_organization = $1 AND id_usuario = (
               SELECT id_usuario FROM usuario WHERE id_organization = $1 ORDER BY random() LIMIT 1)`,
            [ids.demo],
          );
          await tx.query(`SELECT pg_sleep($1)`, [Math.random() * 0.03]);
        });
      }
    };
    const local = new Map<number, Record<string, unknown>>();
    const position = { date_change: '', offset: 0 };
    const apply = (rows: Array<Record<string, unknown>>) => {
      for (const row of rows) local.set(Number(row['id_usuario']), row);
    };
    apply(await pull('user', manager, position));
    let checks = 0;
    let reads = 0;
    const step = async () => {
      checks += 1;
      if ((await changed(manager, { user: position })).includes('user')) {
        reads += 1;
        apply(await pull('user', manager, position));
      }
    };
    const reader = async () => {
      while (running) await step();
    };
    const readerDone = reader();
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    running = false;
    await readerDone;
    await settle(t.db);
    await step();
    expect(await changed(manager, { user: position })).toEqual([]);
    const truth = await t.db.system((tx) =>
      tx.query<{ id_usuario: number; nome: string }>(`SELECT id_usuario, nome FROM usuario WHERE id_organization = $1`, [ids.demo]),
    );
    console.log(`sync/changed guarantee: ${WRITERS} writers, ${truth.rows.length} rows, ${checks} checks, ${reads} reads`);
    expect(local.size).toBe(truth.rows.length);
    for (const row of truth.rows) expect(local.get(row.id_usuario)?.['nome'], `user ${row.id_usuario}`).toBe(row.nome);
  });
});
