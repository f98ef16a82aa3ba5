import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORIZATION_MESSAGES } from '@pdv/domain/authorization';
import { MESSAGES } from '@pdv/domain/messages';
import { SUPERVISOR_PERMISSIONS } from '@pdv/domain/permissions';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { countRows } from '../../testing/sale.ts';

let t: TestApp;
let cashier: string;
let manager: string;
let branch2: string;

const CREDIT = SUPERVISOR_PERMISSIONS.managerCredit;
const validate = (body: Record<string, unknown>, token = cashier) => t.call('POST', '/user/validate-user-credential', body, token);
const managerGrant = async (extra: Record<string, unknown> = {}, token = cashier): Promise<number> => {
  const res = await expectOk(t, 'validateUserCredential', { email: 'gerente@demo.com.br', password: 'demo1234', permission: CREDIT, ...extra }, token);
  return Number(res.json['id_autorizacao']);
};
const row = async (id: number) => (await t.db.system((tx) => tx.query<Record<string, unknown>>(
  'SELECT situacao, permissao, origem, id_origem, id_usuario_solicitacao, id_usuario_autorizacao FROM autorizacao WHERE id_autorizacao = $1', [id]))).rows[0];
const userId = async (email: string) => Number((await t.db.system((tx) => tx.query<{ id: number }>(
  'SELECT id_usuario AS id FROM usuario WHERE email = $1', [email]))).rows[0]?.id);

beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.login('caixa@demo.com.br');
  manager = await t.login('gerente@demo.com.br');
  branch2 = await t.login('filial2@demo.com.br');
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/user/validate-user-credential records the grant', () => {
  it("answers the grant's id and records who asked, who granted, for what, in the cashier's branch", async () => {
    const id = await managerGrant({ origem: 'checkout', observacao: 'Cortesia' });
    expect(id).toBeGreaterThan(0);
    expect(await row(id)).toEqual({ situacao: 'Autorizada', permissao: CREDIT, origem: 'checkout', id_origem: null,
      id_usuario_solicitacao: await userId('caixa@demo.com.br'), id_usuario_autorizacao: await userId('gerente@demo.com.br') });
  });

  it('records nothing when refused, with the spec text', async () => {
    const before = await countRows(t.db, 'autorizacao');
    const res = await validate({ email: 'caixa@demo.com.br', password: 'demo1234', permission: CREDIT });
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(MESSAGES.credentialWithoutPermission);
    expect((await validate({ email: 'gerente@demo.com.br', password: 'errada', permission: CREDIT })).status).toBe(400);
    expect(await countRows(t.db, 'autorizacao')).toBe(before);
  });
});

describe('/api/authorization/create, update and list', () => {
  it('asks, grants the request with the credentials, lists it in the branch only, and cancels an unused one', async () => {
    const asked = await expectOk(t, 'authorizationCreate', { permissao: CREDIT, origem: 'checkout', observacao: 'Cliente fiel' }, cashier);
    const id = Number(asked.json['id_autorizacao']);
    expect(asked.json).toMatchObject({ situacao: 'Pendente', permissao: CREDIT, id_usuario_autorizacao: null });
    // A request grants nothing: spending it is refused.
    expect(await row(id)).toMatchObject({ situacao: 'Pendente' });
    // Granting another permission than asked is refused; the right one grants the same row.
    const wrong = await validate({ email: 'gerente@demo.com.br', password: 'demo1234', permission: SUPERVISOR_PERMISSIONS.tillDifference, id_autorizacao: id });
    expect(wrong.json['message']).toBe(AUTHORIZATION_MESSAGES.otherPermission);
    expect(await managerGrant({ id_autorizacao: id })).toBe(id);
    expect(await row(id)).toMatchObject({ situacao: 'Autorizada', id_usuario_autorizacao: await userId('gerente@demo.com.br') });
    const again = await validate({ email: 'gerente@demo.com.br', password: 'demo1234', permission: CREDIT, id_autorizacao: id });
    expect(again.json['message']).toBe(AUTHORIZATION_MESSAGES.notPending);

    const listed = await expectOk(t, 'authorizationList', { situacao: 'Autorizada' }, manager);
    expect((listed.json['rows'] as Array<{ id_autorizacao: number }>).map((r) => r.id_autorizacao)).toContain(id);
    const other = await expectOk(t, 'authorizationList', {}, branch2);
    expect((other.json['rows'] as Array<{ id_autorizacao: number }>).map((r) => r.id_autorizacao)).not.toContain(id);

    // Only the requester updates it; then it is cancelled and closed.
    expect((await t.call('PUT', '/authorization/update', { id_autorizacao: id, situacao: 'Cancelada' }, manager)).status).toBe(404);
    const cancelled = await expectOk(t, 'authorizationUpdate', { id_autorizacao: id, situacao: 'Cancelada', id_origem: 'x-1' }, cashier);
    expect(cancelled.json).toMatchObject({ situacao: 'Cancelada', id_origem: 'x-1' });
    const closed = await t.call('PUT', '/authorization/update', { id_autorizacao: id, observacao: 'de novo' }, cashier);
    expect(closed.json['message']).toBe(AUTHORIZATION_MESSAGES.alreadyClosed);
  });

  it('cannot be granted through update', async () => {
    const asked = await expectOk(t, 'authorizationCreate', { permissao: CREDIT }, cashier);
    const res = await t.call('PUT', '/authorization/update', { id_autorizacao: asked.json['id_autorizacao'], situacao: 'Autorizada' }, cashier);
    expect(res.status).toBe(400);
    expect(await row(Number(asked.json['id_autorizacao']))).toMatchObject({ situacao: 'Pendente' });
  });
});

