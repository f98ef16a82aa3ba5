/** POST /api/profile/find: the organization's profiles, searched and paged, with their permissions and branches. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';

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

type Profile = { id_perfil: number; descricao: string; perfil_permissao: unknown[]; filiais: Array<{ id_filial: number }> };

const profilesOf = async (organization: string) =>
  (await t.db.system((tx) => tx.query<{ id_perfil: number; descricao: string }>(
    `SELECT p.id_perfil, p.descricao FROM perfil p JOIN organization o USING (id_organization)
      WHERE o.nome = $1 AND p.data_exclusao IS NULL ORDER BY p.descricao, p.id_perfil`, [organization]))).rows;

describe('POST /api/profile/find', () => {
  it('lists the profiles of the caller organization only, in order, with the total count', async () => {
    const res = await expectOk(t, 'profileFind', {}, manager);
    const rows = res.json['rows'] as Profile[];
    const truth = await profilesOf('Demo Moda');
    expect(truth.length).toBeGreaterThan(1);
    expect(rows.map((p) => [p.id_perfil, p.descricao])).toEqual(truth.slice(0, 20).map((p) => [p.id_perfil, p.descricao]));
    expect(res.json['count']).toBe(truth.length);
    const gerente = rows.find((p) => p.descricao === 'Gerente');
    expect(gerente?.perfil_permissao.length).toBeGreaterThan(0);
    expect(gerente?.filiais.length).toBeGreaterThan(0);

    const theirs = await expectOk(t, 'profileFind', {}, other);
    const otherIds = new Set((await profilesOf('Outra Loja')).map((p) => p.id_perfil));
    for (const p of theirs.json['rows'] as Profile[]) expect(otherIds.has(p.id_perfil), p.descricao).toBe(true);
    expect((theirs.json['rows'] as Profile[]).some((p) => truth.some((d) => d.id_perfil === p.id_perfil))).toBe(false);
  });

  it('searches by description and pages with skip and take', async () => {
    const found = await expectOk(t, 'profileFind', { search: 'geren' }, manager);
    expect((found.json['rows'] as Profile[]).map((p) => p.descricao)).toEqual(['Gerente']);
    expect(found.json['count']).toBe(1);
    const truth = await profilesOf('Demo Moda');
    const second = await expectOk(t, 'profileFind', { skip: 1, take: 1 }, manager);
    expect((second.json['rows'] as Profile[]).map((p) => p.id_perfil)).toEqual([truth[1]?.id_perfil]);
    expect(second.json['count']).toBe(truth.length);
  });
});
