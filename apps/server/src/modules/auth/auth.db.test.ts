import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionUser } from '@pdv/contract/session';
import { MESSAGES } from '@pdv/domain/messages';
import { createTestApp, TEST_SECRET, type TestApp } from '../../testing/app.ts';
import { createTokenService, TOKEN_AUDIENCE, TOKEN_ISSUER } from './token.ts';
import { loadCaller } from './caller.ts';
import { expectOk } from '../../testing/routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/auth/login', () => {
  it('signs the manager in with a token and the session user of the contract', async () => {
    const res = await expectOk(t, 'login', { email: 'gerente@demo.com.br', senha: 'demo1234' });
    expect(res.status).toBe(200);
    const usuario = sessionUser.parse(res.json['usuario']);
    expect(usuario.nome).toBe('Marina Souza');
    expect(usuario.filiais.map((f) => f.nome_fantasia)).toEqual(['Loja Centro', 'Loja Shopping']);
    expect(usuario.filial.nome_fantasia).toBe('Loja Centro');
    expect(usuario.id_filial_ativa).toBe(usuario.filial.id_filial);
    expect(usuario.permissoes?.some((p) => p.rotulo === 'FncListarFilial')).toBe(true);
    expect(JSON.stringify(res.json)).not.toMatch(/senha_hash|\$argon2/);
  });

  it('accepts the e-mail in any letter case', async () => {
    const res = await t.call('POST', '/auth/login', { email: 'Caixa@Demo.com.BR', senha: 'demo1234' });
    expect(res.status).toBe(200);
  });

  it('refuses a wrong password and an unknown e-mail with the same pt-BR message', async () => {
    const wrong = await t.call('POST', '/auth/login', { email: 'gerente@demo.com.br', senha: 'errada' });
    const unknown = await t.call('POST', '/auth/login', { email: 'ninguem@demo.com.br', senha: 'demo1234' });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ message: 'E-mail ou senha inválidos.' });
    expect(unknown.status).toBe(401);
    expect(unknown.json).toEqual(wrong.json);
  });

  it('answers 400 with the field at fault for a malformed e-mail', async () => {
    const res = await t.call('POST', '/auth/login', { email: 'não-é-email', senha: 'x' });
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(MESSAGES.invalidBody);
    expect(res.json['complement']).toBe('email: Informe um e-mail válido.');
  });

  it('gives the cashier only the permissions of its profile in branch 1', async () => {
    const res = await t.call('POST', '/auth/login', { email: 'caixa@demo.com.br', senha: 'demo1234' });
    const usuario = sessionUser.parse(res.json['usuario']);
    expect(usuario.permissoes?.map((p) => p.rotulo).sort()).toEqual(['FncListarCaixa', 'FncListarNotaFiscal', 'FncListarPedido', 'FncPontoVenda']);
    expect(usuario.filiais).toHaveLength(1);
  });

  it("carries the organization's theme colour", async () => {
    const res = await t.call('POST', '/auth/login', { email: 'outra@demo.com.br', senha: 'demo1234' });
    expect(sessionUser.parse(res.json['usuario']).cor_primaria).toBe('#1c7ed6');
  });
});

describe('tokens', () => {
  const paths = ['/user/session', '/user/is-active'];

  it('refuses a call without a token, with a garbage token, and with a token signed by another key', async () => {
    const otherKey = createTokenService(new TextEncoder().encode('another-secret-another-secret-another!!'), 3600);
    const forged = await otherKey.sign({ id_organization: 1, id_usuario: 1 });
    for (const path of paths) {
      expect((await t.call('GET', path)).status).toBe(401);
      expect((await t.call('GET', path, undefined, 'abc.def.ghi')).status).toBe(401);
      const res = await t.call('GET', path, undefined, forged);
      expect(res.status).toBe(401);
      expect(res.json['message']).toBe(MESSAGES.unauthenticated);
    }
  });

  it('refuses an expired token', async () => {
    const expired = await new SignJWT({ org: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(TEST_SECRET);
    expect((await t.call('GET', '/user/session', undefined, expired)).status).toBe(401);
  });

  it("refuses alg 'none', a wrong issuer and a wrong audience", async () => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const claims = { org: 1, sub: '1', iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, iat: now, exp: now + 600 };
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    expect((await t.call('GET', '/user/session', undefined, none)).status).toBe(401);
    const sign = (iss: string, aud: string) =>
      new SignJWT({ org: 1 }).setProtectedHeader({ alg: 'HS256' }).setSubject('1').setIssuer(iss).setAudience(aud)
        .setIssuedAt().setExpirationTime(now + 600).sign(TEST_SECRET);
    expect((await t.call('GET', '/user/session', undefined, await sign('outro', TOKEN_AUDIENCE))).status).toBe(401);
    expect((await t.call('GET', '/user/session', undefined, await sign(TOKEN_ISSUER, 'outro'))).status).toBe(401);
    // The same claims, properly signed, pass: the refusals above are about the token, not the user.
    expect((await t.call('GET', '/user/session', undefined, await sign(TOKEN_ISSUER, TOKEN_AUDIENCE))).status).toBe(200);
  });

  it("stops a disabled user's token at once and lets it work again when re-enabled", async () => {
    const manager = await t.login('gerente@demo.com.br');
    const seller = await t.login('filial2@demo.com.br');
    expect((await expectOk(t, 'isActive', undefined, seller)).json).toEqual({ is_active: true, situacao: 'Ativo' });
    const list = await t.call('POST', '/user/find', { search: 'filial2' }, manager);
    const id = (list.json['rows'] as Array<{ id_usuario: number }>)[0]?.id_usuario;
    expect(id).toBeDefined();
    const off = await expectOk(t, 'userSituacao', { id_usuario: id, situacao: 'Inativo' }, manager);
    expect(off.status).toBe(200);
    const refused = await t.call('GET', '/user/is-active', undefined, seller);
    expect(refused.status).toBe(401);
    expect(refused.json['message']).toBe(MESSAGES.userDisabled);
    const relogin = await t.call('POST', '/auth/login', { email: 'filial2@demo.com.br', senha: 'demo1234' });
    expect(relogin.status).toBe(401);
    await t.call('POST', '/user/enable-disable', { id_usuario: id, situacao: 'Ativo' }, manager);
    expect((await t.call('GET', '/user/is-active', undefined, seller)).status).toBe(200);
  });

  it('does not let a manager disable itself', async () => {
    const manager = await t.login('gerente@demo.com.br');
    const me = await expectOk(t, 'session', undefined, manager);
    const id = (me.json['usuario'] as { id_usuario: number }).id_usuario;
    const res = await t.call('POST', '/user/enable-disable', { id_usuario: id, situacao: 'Inativo' }, manager);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe('Você não pode desativar o próprio usuário.');
  });
});

describe('POST /api/user/set_active_branch', () => {
  it('switches the manager to branch 2 and changes the session', async () => {
    const token = await t.login('gerente@demo.com.br');
    const session = sessionUser.parse((await t.call('GET', '/user/session', undefined, token)).json['usuario']);
    const shopping = session.filiais.find((f) => f.nome_fantasia === 'Loja Shopping');
    const res = await t.call('POST', '/user/set_active_branch', { id_filial: shopping?.id_filial }, token);
    expect(res.status).toBe(200);
    const after = sessionUser.parse(res.json['usuario']);
    expect(after.filial.nome_fantasia).toBe('Loja Shopping');
    expect(after.id_filial_ativa).toBe(shopping?.id_filial);
    // Kept for the next call and the next login.
    const again = sessionUser.parse((await t.call('GET', '/user/session', undefined, token)).json['usuario']);
    expect(again.id_filial_ativa).toBe(shopping?.id_filial);
    const back = session.filial.id_filial;
    expect((await t.call('POST', '/user/set_active_branch', { id_filial: back }, token)).status).toBe(200);
  });

  it('refuses a branch the user has no profile in with the same 404 as a branch that does not exist', async () => {
    const manager = sessionUser.parse(
      (await t.call('POST', '/auth/login', { email: 'gerente@demo.com.br', senha: 'demo1234' })).json['usuario'],
    );
    const centro = manager.filiais.find((f) => f.nome_fantasia === 'Loja Centro')?.id_filial;
    const seller = await t.login('filial2@demo.com.br');
    const denied = await t.call('POST', '/user/set_active_branch', { id_filial: centro }, seller);
    const missing = await t.call('POST', '/user/set_active_branch', { id_filial: 999_999 }, seller);
    expect(denied.status).toBe(404);
    expect(denied.json).toEqual(missing.json);
  });

  it("answers a permission change with the new branch's permissions", async () => {
    // The manager holds the same profile in both branches; the cashier has one branch: check the seller's list.
    const res = await t.call('POST', '/auth/login', { email: 'filial2@demo.com.br', senha: 'demo1234' });
    const usuario = sessionUser.parse(res.json['usuario']);
    expect(usuario.filial.nome_fantasia).toBe('Loja Shopping');
    expect(usuario.permissoes?.find((p) => p.rotulo === 'FncListarProduto')?.tipo).toBe('1');
  });
});

describe('loadCaller', () => {
  it('falls back to the main branch when the stored one is no longer allowed, and refuses a user without a branch', async () => {
    const rollback = new Error('rollback');
    await t.db.system(async (tx) => {
      const user = (await tx.query<{ org: number; id: number }>(
        `SELECT id_organization AS org, id_usuario AS id FROM usuario WHERE email = 'filial2@demo.com.br'`)).rows[0];
      const branch = async (name: string) => (await tx.query<{ id: number }>(
        'SELECT id_filial AS id FROM filial WHERE id_organization = $1 AND nome_fantasia = $2', [user?.org, name])).rows[0]?.id;
      if (!user) throw new Error('filial2 missing');
      const centro = await branch('Loja Centro');
      const shopping = await branch('Loja Shopping');
      await tx.query('UPDATE usuario SET id_filial_ativa = $1 WHERE id_organization = $2 AND id_usuario = $3', [centro, user.org, user.id]);
      const caller = await loadCaller(tx, user.org, user.id);
      expect(caller.id_filial).toBe(shopping);
      expect(caller.branches.map((b) => b.nome_fantasia)).toEqual(['Loja Shopping']);
      expect(caller.ability.can('read', 'FncListarProduto')).toBe(true);
      // Asked for a branch it holds no profile in (a supervisor check): refused.
      await expect(loadCaller(tx, user.org, user.id, centro)).rejects.toMatchObject({ status: 403 });
      await tx.query('DELETE FROM perfil_filial_usuario WHERE id_organization = $1 AND id_usuario = $2', [user.org, user.id]);
      await expect(loadCaller(tx, user.org, user.id)).rejects.toMatchObject({
        status: 403, message: 'Usuário sem filial vinculada. Procure o gerente da loja.' });
      await expect(loadCaller(tx, user.org, 999_999)).rejects.toMatchObject({ status: 401 });
      throw rollback;
    }).catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
  });
});

describe('POST /api/user/validate-user-credential (supervisor override)', () => {
  it("accepts the manager's credentials for a permission the manager holds in the cashier's branch", async () => {
    const cashier = await t.login('caixa@demo.com.br');
    const res = await expectOk(t, 'validateUserCredential',
      { email: 'gerente@demo.com.br', password: 'demo1234', permission: 'FncListarFilial' }, cashier);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ nome: 'Marina Souza', autorizado: true });
  });

  it('refuses with the spec message when the user lacks the permission, the password is wrong, or the user is of another organization', async () => {
    const cashier = await t.login('caixa@demo.com.br');
    const cases = [
      { email: 'caixa@demo.com.br', password: 'demo1234', permission: 'FncListarFilial' },
      { email: 'gerente@demo.com.br', password: 'errada', permission: 'FncListarFilial' },
      { email: 'outra@demo.com.br', password: 'demo1234', permission: 'FncListarFilial' },
      { email: 'filial2@demo.com.br', password: 'demo1234', permission: 'FncPontoVenda' },
    ];
    for (const body of cases) {
      const res = await t.call('POST', '/user/validate-user-credential', body, cashier);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json['message']).toBe('O usuário não a permissão desejada.');
    }
  });
});

describe('GET /api/sys-main/version and /api/health', () => {
  it('answers a version whose last segment is the local database version 40', async () => {
    const res = await expectOk(t, 'version');
    expect(res.status).toBe(200);
    expect(String(res.json['version']).split('.').pop()).toBe('40');
    expect((await expectOk(t, 'health')).json).toEqual({ status: 'ok' });
  });
});
