/**
 * Every synced group, generated from SYNC_GROUPS: the demo manager pages it to the end and gets rows of its own
 * organization; another organization's user never gets one of them; branch-owned groups send the active branch's
 * rows only; a tombstone arrives as a row carrying data_exclusao.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listByChangesResult, SYNC_GROUPS, syncedRegisters, type SyncGroup, type SyncGroupName } from '@pdv/contract/sync';
import type { RouteName } from '@pdv/contract/routes';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { validBody } from '../../testing/registers.ts';
import { expectOk } from '../../testing/routes.ts';
import { demoIds, settle, type DemoIds } from '../../testing/sync.ts';
import { SYNC_SOURCES } from './sources.ts';

let t: TestApp;
let manager: string;
let other: string;
let ids: DemoIds;

type Row = Record<string, unknown>;
interface Position {
  date_change: string;
  offset: number;
}

async function pull(group: SyncGroup, token: string, position: Position = { date_change: '', offset: 0 }): Promise<Row[]> {
  const rows: Row[] = [];
  for (let pages = 0; pages < 1000; pages += 1) {
    const res = await expectOk(t, `sync_${group.group}` as RouteName, { ...position, limit: group.pageSize }, token);
    const page = listByChangesResult.parse(res.json);
    rows.push(...page.rows);
    position.date_change = page.date_change;
    position.offset = page.offset;
    if (!page.has_more) return rows;
  }
  throw new Error(`${group.group}: sync does not end`);
}

/** The ids a group's source holds for an organization (and branch), read as the owner. */
async function truth(name: SyncGroupName, id_organization: number, id_filial?: number): Promise<Set<number>> {
  const source = SYNC_SOURCES[name];
  const branch = id_filial === undefined ? '' : ' AND id_filial = $2';
  const { rows } = await t.db.system((tx) =>
    tx.query<{ id: number }>(
      `SELECT ${source.id} AS id FROM ${source.from ?? source.table} WHERE id_organization = $1${branch}`,
      id_filial === undefined ? [id_organization] : [id_organization, id_filial],
    ),
  );
  return new Set(rows.map((r) => r.id));
}

const idsOf = (rows: Row[], field: string) => rows.map((r) => Number(r[field]));

async function setBranch(id_filial: number): Promise<void> {
  const res = await t.call('POST', '/user/set_active_branch', { id_filial }, manager);
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
  ids = await demoIds(t.db, ['gerente@demo.com.br', 'caixa@demo.com.br', 'filial2@demo.com.br']);
  // A synced register the demo seed has no rows of (a new one) gets two in each organization, written by its create
  // route, so that every group below has rows to send.
  for (const d of syncedRegisters()) {
    for (const [organization, token] of [[ids.demo, manager], [ids.other, other]] as const) {
      if ((await truth(d.syncGroup as SyncGroupName, organization)).size > 0) continue;
      for (const n of [1, 2]) expect((await t.call('POST', `${d.path}/create`, await validBody(t, d, n, token), token)).status).toBe(200);
    }
  }
  await settle(t.db);
});
afterAll(async () => {
  await t.close();
});

const groups = Object.entries(SYNC_GROUPS) as Array<[SyncGroupName, SyncGroup]>;

describe.each(groups)('POST /api/%s/list-by-changes', (name, group) => {
  const source = SYNC_SOURCES[name];

  it('pages to the end for the demo manager, with rows of its organization only, each once', async () => {
    const rows = await pull(group, manager);
    expect(rows.length).toBeGreaterThan(0);
    const mine = await truth(name, ids.demo);
    const theirs = await truth(name, ids.other);
    for (const id of idsOf(rows, source.id)) {
      expect(mine.has(id), `${source.id} ${id} of the demo organization`).toBe(true);
      expect(theirs.has(id)).toBe(false);
    }
    expect(new Set(idsOf(rows, source.id)).size).toBe(rows.length);
    for (const row of rows) expect(row[group.key], `${group.key} on every row`).not.toBeUndefined();
  });

  it("never sends a row of the demo organization to another organization's user", async () => {
    const mine = new Set(idsOf(await pull(group, manager), group.key));
    const theirs = await pull(group, other);
    expect(theirs.length, 'the other organization has rows too').toBeGreaterThan(0);
    const leaked = idsOf(theirs, group.key).filter((key) => mine.has(key));
    expect(leaked).toEqual([]);
    const otherTruth = await truth(name, ids.other);
    for (const id of idsOf(theirs, source.id)) expect(otherTruth.has(id)).toBe(true);
  });

  if (group.scope === 'branch') {
    it('sends only the rows of the active branch, and the other branch after a switch', async () => {
      try {
        const first = await pull(group, manager);
        await setBranch(ids.branch2);
        const second = await pull(group, manager);
        expect(first.every((r) => r['id_filial'] === ids.branch1)).toBe(true);
        expect(second.every((r) => r['id_filial'] === ids.branch2)).toBe(true);
        expect(new Set(idsOf(first, source.id))).toEqual(await truth(name, ids.demo, ids.branch1));
        expect(new Set(idsOf(second, source.id))).toEqual(await truth(name, ids.demo, ids.branch2));
        expect(second.length).toBeGreaterThan(0);
      } finally {
        await setBranch(ids.branch1);
      }
    });
  }

  it('reads its stream from an index on (organization[, branch], sync_xid, id)', async () => {
    const columns = group.scope === 'branch' ? ['id_organization', 'id_filial', 'sync_xid', source.id] : ['id_organization', 'sync_xid', source.id];
    const { rows } = await t.db.system((tx) =>
      tx.query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = $1`, [source.table]),
    );
    expect(rows.map((r) => r.indexdef.replace(/^.* USING btree /, ''))).toContain(`(${columns.join(', ')})`);
  });

  it('brings a tombstone as a row with data_exclusao after the position already reached', async () => {
    const position: Position = { date_change: '', offset: 0 };
    const rows = await pull(group, manager, position);
    // Not the caller itself, nor a branch it works in: the test must still be able to call.
    const target: Row | undefined =
      name === 'branch' ? { id_filial: await insertSpareBranch() }
      : name === 'user' ? rows.find((r) => r['id_usuario'] !== ids.users['gerente@demo.com.br'])
      : rows[0];
    if (!target) throw new Error(`${name}: no row to delete`);
    const id = Number(target[source.id]);
    const update = `UPDATE ${source.table} SET data_exclusao = $3 WHERE id_organization = $1 AND ${source.id} = $2`;
    await t.db.system((tx) => tx.query(update, [ids.demo, id, new Date()]));
    try {
      let found: Row | undefined;
      for (const end = Date.now() + 15_000; !found && Date.now() < end; ) {
        found = (await pull(group, manager, position)).find((r) => Number(r[source.id]) === id);
      }
      expect(found?.['data_exclusao'], 'the tombstone carries its deletion time').toEqual(expect.any(String));
      if (target[group.key] !== undefined) expect(found?.[group.key]).toEqual(target[group.key]);
    } finally {
      await t.db.system((tx) => tx.query(update, [ids.demo, id, null]));
    }
  });
});

/** A third branch of the demo organization nobody works in (a tombstone of the branch group must not be one in use). */
async function insertSpareBranch(): Promise<number> {
  const { rows } = await t.db.system((tx) =>
    tx.query<{ id: number }>(
      `INSERT INTO filial (id_organization, id_empresa, codigo_filial, cnpj, razao_social, nome_fantasia)
       SELECT id_organization, id_empresa, '9', cnpj, razao_social, 'Loja Fechada' FROM filial WHERE id_filial = $1
       RETURNING id_filial AS id`,
      [ids.branch1],
    ),
  );
  return rows[0]?.id ?? 0;
}

describe('user group', () => {
  it('names the branches each user works in, so that the point of sale offers the branch sellers only', async () => {
    const rows = await pull(SYNC_GROUPS.user, manager);
    const branchesOf = (email: string) =>
      ((rows.find((r) => r['id_usuario'] === ids.users[email])?.['filiais'] ?? []) as Row[]).map((f) => Number(f['id_filial'])).sort((a, b) => a - b);
    const [centro, shopping] = [ids.branch1, ids.branch2];
    expect(branchesOf('caixa@demo.com.br')).toEqual([centro]);
    expect(branchesOf('filial2@demo.com.br')).toEqual([shopping]);
    expect(branchesOf('gerente@demo.com.br')).toEqual([centro, shopping].sort((a, b) => a - b));
  });
});
