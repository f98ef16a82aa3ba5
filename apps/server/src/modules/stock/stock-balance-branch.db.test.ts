/**
 * The stock balance beyond the active branch (issue 22): another branch the user works in, or all of them; a branch of
 * another organization, or one the user has no access to, is refused in pt-BR before anything is read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_DOCUMENT_MESSAGES as M } from '@pdv/domain/stock-document';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { demoIds, type DemoIds } from '../../testing/sync.ts';

let t: TestApp;
let manager: string;
let ids: DemoIds;
let otherBranch: number;

interface Row { id_filial: number; filial: string; id_estoque: number }

const rowsOf = (json: Record<string, unknown>) => json['rows'] as Row[];
const tableCount = async (branches: number[]) => (await t.db.system((tx) => tx.query<{ n: number }>(
  'SELECT count(*)::int AS n FROM estoque WHERE id_filial = ANY($1::int[]) AND data_exclusao IS NULL', [branches]))).rows[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  ids = await demoIds(t.db, ['gerente@demo.com.br']);
  otherBranch = (await t.db.system((tx) => tx.query<{ id: number }>('SELECT id_filial AS id FROM filial WHERE id_organization = $1 LIMIT 1', [ids.other]))).rows[0]!.id;
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/stock/balance by branch', () => {
  it('answers the active branch by default, another branch of the user, or all of them, each row naming its branch', async () => {
    const active = await expectOk(t, 'stockBalance', { take: 200 }, manager);
    expect(rowsOf(active.json).every((r) => r.id_filial === ids.branch1)).toBe(true);
    expect(active.json['count']).toBe(await tableCount([ids.branch1]));

    const second = await expectOk(t, 'stockBalance', { take: 200, filter: { id_filial: ids.branch2 } }, manager);
    expect(second.json['count']).toBe(await tableCount([ids.branch2]));
    expect((second.json['count'] as number) > 0).toBe(true);
    expect(rowsOf(second.json).every((r) => r.id_filial === ids.branch2 && r.filial !== '')).toBe(true);

    const session = await t.call('GET', '/user/session', undefined, manager);
    const allowed = (session.json['usuario'] as { filiais: Array<{ id_filial: number }> }).filiais.map((f) => f.id_filial);
    const all = await expectOk(t, 'stockBalance', { take: 200, filter: { todas_filiais: true } }, manager);
    expect(all.json['count']).toBe(await tableCount(allowed));
    expect(new Set(rowsOf(all.json).map((r) => r.id_filial))).toEqual(new Set([ids.branch1, ids.branch2].filter((b) => allowed.includes(b))));
  });

  it("refuses another organization's branch and a branch the user lost access to, and leaves it out of all the branches", async () => {
    for (const id_filial of [otherBranch, 999_999]) {
      const res = await t.call('POST', '/stock/balance', { filter: { id_filial } }, manager);
      expect(res.status).toBe(400);
      expect(res.json['message']).toBe(M.branchNotAllowed);
      expect(JSON.stringify(res.json)).not.toContain('id_estoque');
    }
    // The manager loses the second branch.
    await t.db.system((tx) => tx.query(
      `DELETE FROM perfil_filial_usuario u USING perfil_filial pf
        WHERE pf.id_organization = u.id_organization AND pf.id_perfil_filial = u.id_perfil_filial AND u.id_usuario = $1 AND pf.id_filial = $2`,
      [ids.users['gerente@demo.com.br'], ids.branch2]));
    const refused = await t.call('POST', '/stock/balance', { filter: { id_filial: ids.branch2 } }, manager);
    expect(refused.status).toBe(400);
    expect(refused.json['message']).toBe(M.branchNotAllowed);
    const all = await expectOk(t, 'stockBalance', { take: 200, filter: { todas_filiais: true } }, manager);
    expect(rowsOf(all.json).some((r) => r.id_filial === ids.branch2)).toBe(false);
    expect(all.json['count']).toBe(await tableCount([ids.branch1]));
  });
});
