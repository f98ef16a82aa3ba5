/**
 * The local copy is shared by whoever signs in on a device, so it holds what the least-privileged role of its branch
 * may see: every synced group, paged to the end by the cashier (and by the manager: what a manager syncs stays on the
 * device for the next cashier), carries none of the fields below, at any depth of a row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listByChangesResult, SYNC_GROUPS, type SyncGroup, type SyncGroupName } from '@pdv/contract/sync';
import { RESEND_WITHOUT_SECRETS } from '../../db/migrations/017_sync_secrets_event_claim.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { demoIds, settle, type DemoIds } from '../../testing/sync.ts';

/** The fields no synced row may carry. */
const FORBIDDEN = {
  /** In no row of any group: cost prices, the NFC-e CSC, tokens, passwords, certificates. */
  anywhere: [
    'preco_custo', 'preco_custo_medio', 'custo', 'custo_medio', 'csc', 'id_csc', 'pdv_token', 'senha', 'senha_hash',
    'senha_certificado_digital', 'certificado_digital', 'pfx',
  ],
  /** Users' discount and price limits: in no user row but, at most, the caller's own. */
  otherUsers: ['percentual_desconto_maximo', 'perc_max_aumento_preco_produto', 'perc_max_reducao_preco_produto'],
} as const;

type Row = Record<string, unknown>;
interface Position {
  date_change: string;
  offset: number;
}

let t: TestApp;
let cashier: string;
let manager: string;
let ids: DemoIds;
/** The CSC values of the demo's branches: no page may contain them, whatever the field is called. */
let cscValues: string[];

beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.login('caixa@demo.com.br');
  manager = await t.login('gerente@demo.com.br');
  ids = await demoIds(t.db, ['caixa@demo.com.br', 'gerente@demo.com.br']);
  const { rows } = await t.db.system((tx) =>
    tx.query<{ csc: string }>(`SELECT csc FROM filial_configuracao WHERE id_organization = $1 AND csc IS NOT NULL`, [ids.demo]),
  );
  cscValues = rows.map((r) => r.csc);
  await settle(t.db);
});
afterAll(async () => {
  await t.close();
});

async function pull(group: SyncGroup, token: string, position: Position = { date_change: '', offset: 0 }) {
  const rows: Row[] = [];
  const texts: string[] = [];
  for (let pages = 0; pages < 1000; pages += 1) {
    const res = await t.call('POST', `/${group.group}/list-by-changes`, { ...position, limit: group.pageSize }, token);
    if (res.status !== 200) throw new Error(`${group.group}: ${res.status} ${JSON.stringify(res.json)}`);
    texts.push(JSON.stringify(res.json));
    const page = listByChangesResult.parse(res.json);
    rows.push(...page.rows);
    position.date_change = page.date_change;
    position.offset = page.offset;
    if (!page.has_more) return { rows, text: texts.join('\n') };
  }
  throw new Error(`${group.group}: sync does not end`);
}

/** Every key of a row, of the objects it nests (arrays of branches, installments) included. */
function keysOf(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysOf(inner, into);
    }
  }
  return into;
}

/** The forbidden fields a row of `name` carries, for the caller `self`. */
function leaks(name: SyncGroupName, row: Row, self: number): string[] {
  const keys = keysOf(row);
  const found: string[] = FORBIDDEN.anywhere.filter((field) => keys.has(field));
  if (name === 'user' && row['id_usuario'] !== self) found.push(...FORBIDDEN.otherUsers.filter((field) => keys.has(field)));
  return found;
}

const groups = Object.entries(SYNC_GROUPS) as Array<[SyncGroupName, SyncGroup]>;

describe.each(groups)('POST /api/%s/list-by-changes sends no secret', (name, group) => {
  it.each([
    ['the cashier', 'caixa@demo.com.br'],
    ['the manager', 'gerente@demo.com.br'],
  ])('to %s: no cost price, no other user limit, no CSC or token in any row', async (_who, email) => {
    const token = email === 'caixa@demo.com.br' ? cashier : manager;
    const self = ids.users[email];
    const { rows, text } = await pull(group, token);
    const found = rows.flatMap((row) => leaks(name, row, self ?? -1).map((field) => `${String(row[group.key])}.${field}`));
    expect(found).toEqual([]);
    for (const csc of cscValues) expect(text.includes(csc), 'the CSC value in a page').toBe(false);
  });
});

describe('rows a device already holds', () => {
  it('come again, as they are sent now, to a device that had read them (migration 017)', async () => {
    const tracked = [SYNC_GROUPS.product, SYNC_GROUPS.user, SYNC_GROUPS['branch-config']].map((group) => ({
      group,
      position: { date_change: '', offset: 0 },
      before: [] as Row[],
    }));
    const byKey = (group: SyncGroup, rows: Row[]) => [...rows].sort((a, b) => Number(a[group.key]) - Number(b[group.key]));
    for (const stream of tracked) stream.before = (await pull(stream.group, manager, stream.position)).rows;
    await t.db.system((tx) => tx.exec(RESEND_WITHOUT_SECRETS));
    await settle(t.db);
    for (const { group, position, before } of tracked) {
      const again = (await pull(group, manager, position)).rows;
      const live = before.filter((r) => r['data_exclusao'] === null);
      expect(live.length, group.group).toBeGreaterThan(0);
      // The same rows (data_alteracao included: the re-send is no change of theirs), none missing.
      expect(byKey(group, again), group.group).toEqual(byKey(group, live));
    }
  });
});
