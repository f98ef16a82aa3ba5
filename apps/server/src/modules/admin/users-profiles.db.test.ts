/**
 * The user and profile registers' own rules (the generated life of both is in registers.db.test.ts): a profile with
 * its permissions and branches in one request, a user with its branch profiles and login, temporary passwords and the
 * change they ask for, e-mails unique on the platform, and what a dishonest manager cannot do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTER_MESSAGES } from '@pdv/contract/registers/descriptor';
import { MESSAGES } from '@pdv/domain/messages';
import { USER_MESSAGES } from '@pdv/domain/user-rules';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';

let t: TestApp;
let manager: string;
let other: string;
let branch1: number;
let branch2: number;
let foreignBranch: number;
let gerenteProfile: number;
let caixaProfile: number;
let foreignProfile: number;

type Json = Record<string, unknown>;

const one = async (sql: string, params: unknown[] = []) =>
  t.db.system(async (tx) => (await tx.query<{ id: number }>(sql, params)).rows[0]!.id);
const count = async (sql: string, params: unknown[] = []) =>
  t.db.system(async (tx) => Number((await tx.query<{ n: number }>(sql, params)).rows[0]!.n));

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
  const demo = `(SELECT id_organization FROM organization WHERE nome = 'Demo Moda')`;
  branch1 = await one(`SELECT id_filial AS id FROM filial WHERE id_organization = ${demo} AND codigo_filial = '1'`);
  branch2 = await one(`SELECT id_filial AS id FROM filial WHERE id_organization = ${demo} AND codigo_filial = '2'`);
  foreignBranch = await one(`SELECT id_filial AS id FROM filial WHERE id_organization <> ${demo} LIMIT 1`);
  gerenteProfile = await one(`SELECT id_perfil AS id FROM perfil WHERE id_organization = ${demo} AND descricao = 'Gerente'`);
  caixaProfile = await one(`SELECT id_perfil AS id FROM perfil WHERE id_organization = ${demo} AND descricao = 'Caixa'`);
  foreignProfile = await one(`SELECT id_perfil AS id FROM perfil WHERE id_organization <> ${demo} LIMIT 1`);
});
afterAll(async () => {
  await t.close();
});

let serial = 0;
const unique = (prefix: string) => `${prefix} ${++serial}-${Math.random().toString(36).slice(2, 7)}`;
const email = () => `usuario${++serial}.${Math.random().toString(36).slice(2, 7)}@exemplo.com.br`;

async function makeProfile(permissions: Array<{ rotulo: string; tipo: '1' | '2' }>, filiais = [branch1], token = manager) {
  const res = await expectOk(t, 'profileCreate', { descricao: unique('Perfil'), perfil_permissao: permissions, filiais }, token);
  return res.json['id_perfil'] as number;
}

async function makeUser(perfis: Array<{ id_filial: number; id_perfil: number; is_principal?: boolean }>, senha = 'provisoria1') {
  const address = email();
  const res = await expectOk(t, 'userCreate', { nome: unique('Usuário'), email: address, senha, perfis }, manager);
  return { id: res.json['id_usuario'] as number, email: address, row: res.json };
}

/** Signs in with a temporary password and chooses `nova`; answers the token. */
async function firstSignIn(address: string, temporary: string, nova = 'definitiva1') {
  const token = await t.login(address, temporary);
  await expectOk(t, 'userChangePassword', { senha_atual: temporary, nova_senha: nova }, token);
  return token;
}

describe('profiles', () => {
  it('creates a profile with its permissions and branches in one request, and find_by_id answers them', async () => {
    const id = await makeProfile([{ rotulo: 'FncListarMarca', tipo: '1' }, { rotulo: 'FncPontoVenda', tipo: '2' }], [branch1, branch2]);
    const res = await expectOk(t, 'profileFindById', { id_perfil: id }, manager);
    expect(res.json['perfil_permissao']).toEqual([{ rotulo: 'FncListarMarca', tipo: '1' }, { rotulo: 'FncPontoVenda', tipo: '2' }]);
    expect(res.json['filiais']).toEqual([branch1, branch2]);
    expect(res.json['situacao']).toBe('Ativo');
  });

  it('update replaces the whole permission list: a label left out is tombstoned, a changed one updated', async () => {
    const id = await makeProfile([{ rotulo: 'FncListarMarca', tipo: '1' }, { rotulo: 'FncPontoVenda', tipo: '2' }]);
    const res = await expectOk(t, 'profileUpdate', { id_perfil: id, perfil_permissao: [{ rotulo: 'FncListarMarca', tipo: '2' }] }, manager);
    expect(res.json['perfil_permissao']).toEqual([{ rotulo: 'FncListarMarca', tipo: '2' }]);
    expect(await count(`SELECT count(*) AS n FROM perfil_permissao WHERE id_perfil = $1 AND rotulo = 'FncPontoVenda' AND data_exclusao IS NOT NULL`, [id])).toBe(1);
    // A label given back revives its row.
    const back = await expectOk(t, 'profileUpdate', { id_perfil: id, perfil_permissao: [{ rotulo: 'FncPontoVenda', tipo: '1' }] }, manager);
    expect(back.json['perfil_permissao']).toEqual([{ rotulo: 'FncPontoVenda', tipo: '1' }]);
    // Without perfil_permissao the list stays as it is.
    const renamed = await expectOk(t, 'profileUpdate', { id_perfil: id, descricao: unique('Renomeado') }, manager);
    expect(renamed.json['perfil_permissao']).toEqual([{ rotulo: 'FncPontoVenda', tipo: '1' }]);
  });

  it('refuses an unknown label, a repeated label, a bad tipo and a repeated description, writing nothing', async () => {
    const before = await count('SELECT count(*) AS n FROM perfil');
    const unknown = await t.call('POST', '/profile/create', { descricao: unique('X'), perfil_permissao: [{ rotulo: 'FncTudo', tipo: '2' }] }, manager);
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.json)).toContain(USER_MESSAGES.unknownPermission('FncTudo'));
    const twice = await t.call('POST', '/profile/create', {
      descricao: unique('X'), perfil_permissao: [{ rotulo: 'FncListarMarca', tipo: '1' }, { rotulo: 'FncListarMarca', tipo: '2' }],
    }, manager);
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.json)).toContain(USER_MESSAGES.duplicatePermission('FncListarMarca'));
    const tipo = await t.call('POST', '/profile/create', { descricao: unique('X'), perfil_permissao: [{ rotulo: 'FncListarMarca', tipo: '3' }] }, manager);
    expect(tipo.status).toBe(400);
    const same = await t.call('POST', '/profile/create', { descricao: 'gerente' }, manager);
    expect(same.status).toBe(400);
    expect(same.json['message']).toBe(REGISTER_MESSAGES.duplicate('descrição', 'gerente'));
    expect(await count('SELECT count(*) AS n FROM perfil')).toBe(before);
  });

  it("answers 404 for another organization's branch and writes nothing (no profile without its branches)", async () => {
    const before = await count('SELECT count(*) AS n FROM perfil');
    const res = await t.call('POST', '/profile/create', { descricao: unique('Y'), filiais: [branch1, foreignBranch] }, manager);
    expect(res.status).toBe(404);
    expect(await count('SELECT count(*) AS n FROM perfil')).toBe(before);
    const theirs = await t.call('PUT', '/profile/update', { id_perfil: foreignProfile, descricao: 'Tomado' }, manager);
    expect(theirs.status).toBe(404);
    expect((await t.call('POST', '/profile/find_by_id', { id_perfil: foreignProfile }, manager)).status).toBe(404);
  });

  it('a profile users hold cannot be deleted, nor unlinked from a branch they hold it in', async () => {
    const id = await makeProfile([{ rotulo: 'FncListarMarca', tipo: '1' }], [branch1, branch2]);
    await makeUser([{ id_filial: branch1, id_perfil: id }]);
    const del = await t.call('POST', '/profile/delete', { id_perfil: id }, manager);
    expect(del.status).toBe(400);
    expect(del.json['message']).toBe(USER_MESSAGES.profileInUse);
    const unlink = await t.call('PUT', '/profile/update', { id_perfil: id, filiais: [branch2] }, manager);
    expect(unlink.status).toBe(400);
    expect(unlink.json['message']).toBe(USER_MESSAGES.profileUsedInBranch('Loja Centro'));
    // The branch no user holds it in may go.
    const kept = await expectOk(t, 'profileUpdate', { id_perfil: id, filiais: [branch1] }, manager);
    expect(kept.json['filiais']).toEqual([branch1]);
  });

  it('the organization keeps a user who manages users and profiles: the change that would remove the last one is refused and undone', async () => {
    const before = (await expectOk(t, 'profileFindById', { id_perfil: gerenteProfile }, manager)).json;
    const strip = await t.call('PUT', '/profile/update', {
      id_perfil: gerenteProfile, perfil_permissao: (before['perfil_permissao'] as Json[]).filter((p) => p['rotulo'] !== 'FncListarUsuario'),
    }, manager);
    expect(strip.status).toBe(400);
    expect(strip.json['message']).toBe(USER_MESSAGES.lastManager);
    const off = await t.call('POST', '/profile/enable-disable', { id_perfil: gerenteProfile, situacao: 'Inativo' }, manager);
    expect(off.status).toBe(400);
    expect(off.json['message']).toBe(USER_MESSAGES.lastManager);
    expect((await expectOk(t, 'profileFindById', { id_perfil: gerenteProfile }, manager)).json).toEqual(before);
  });
});

describe('users', () => {
  it('creates a user with a branch profile and a temporary password: the first sign-in must choose a new one', async () => {
    const profile = await makeProfile([{ rotulo: 'FncListarMarca', tipo: '1' }, { rotulo: 'FncPontoVenda', tipo: '2' }]);
    const u = await makeUser([{ id_filial: branch1, id_perfil: profile }], 'temporaria1');
    expect(u.row['perfis']).toEqual([{ id_filial: branch1, filial: 'Loja Centro', id_perfil: profile, perfil: expect.any(String) as unknown, is_principal: true }]);
    const signIn = await t.call('POST', '/auth/login', { email: u.email, senha: 'temporaria1' });
    expect(signIn.status).toBe(200);
    const usuario = signIn.json['usuario'] as Json;
    expect(usuario['solicitar_nova_senha']).toBe(true);
    const token = signIn.json['token'] as string;
    // Until the change, only the session and the change itself answer.
    const blocked = await t.call('POST', '/brand/find', {}, token);
    expect(blocked.status).toBe(403);
    expect(blocked.json['message']).toBe(USER_MESSAGES.newPasswordRequired);
    expect((await t.call('GET', '/user/session', undefined, token)).status).toBe(200);
    const wrong = await t.call('POST', '/user/change-password', { senha_atual: 'errada123', nova_senha: 'definitiva1' }, token);
    expect(wrong.status).toBe(400);
    expect(wrong.json['message']).toBe(USER_MESSAGES.wrongCurrentPassword);
    const same = await t.call('POST', '/user/change-password', { senha_atual: 'temporaria1', nova_senha: 'temporaria1' }, token);
    expect(same.json['message']).toBe(USER_MESSAGES.samePassword);
    const short = await t.call('POST', '/user/change-password', { senha_atual: 'temporaria1', nova_senha: 'curta' }, token);
    expect(short.status).toBe(400);
    const changed = await expectOk(t, 'userChangePassword', { senha_atual: 'temporaria1', nova_senha: 'definitiva1' }, token);
    const session = changed.json['usuario'] as Json;
    expect(session['solicitar_nova_senha']).toBe(false);
    expect((session['permissoes'] as Json[]).map((p) => [p['rotulo'], p['tipo']])).toEqual([['FncListarMarca', '1'], ['FncPontoVenda', '2']]);
    expect((await t.call('POST', '/brand/find', {}, token)).status).toBe(200);
    expect((await t.call('POST', '/brand/create', { descricao: unique('Marca') }, token)).status).toBe(403);
    // The temporary password no longer signs in; the new one does.
    expect((await t.call('POST', '/auth/login', { email: u.email, senha: 'temporaria1' })).status).toBe(401);
    expect((await t.call('POST', '/auth/login', { email: u.email, senha: 'definitiva1' })).status).toBe(200);
  });

  it('reset_password: the old password stops at once, the temporary one is answered once and asks for a new one', async () => {
    const u = await makeUser([{ id_filial: branch1, id_perfil: caixaProfile }]);
    const token = await firstSignIn(u.email, 'provisoria1', 'definitiva1');
    const reset = await expectOk(t, 'userResetPassword', { id_usuario: u.id }, manager);
    const temporary = reset.json['senha_temporaria'] as string;
    expect(temporary).toMatch(/^[A-Za-z0-9]{10}$/);
    expect((await t.call('POST', '/auth/login', { email: u.email, senha: 'definitiva1' })).status).toBe(401);
    // A session opened before the reset can do nothing but change the password (which needs the new one).
    expect((await t.call('POST', '/order/find', {}, token)).json['message']).toBe(USER_MESSAGES.newPasswordRequired);
    const again = await t.call('POST', '/auth/login', { email: u.email, senha: temporary });
    expect((again.json['usuario'] as Json)['solicitar_nova_senha']).toBe(true);
    // Set by the manager: nothing is answered back.
    const typed = await expectOk(t, 'userResetPassword', { id_usuario: u.id, senha: 'digitada12' }, manager);
    expect(typed.json['senha_temporaria']).toBeNull();
    expect((await t.call('POST', '/auth/login', { email: u.email, senha: 'digitada12' })).status).toBe(200);
  });

  it('one profile per branch and one main branch: the first becomes main, two mains or a branch twice are refused', async () => {
    const both = await makeProfile([{ rotulo: 'FncListarMarca', tipo: '1' }], [branch1, branch2]);
    const u = await makeUser([{ id_filial: branch1, id_perfil: both }, { id_filial: branch2, id_perfil: both }]);
    expect((u.row['perfis'] as Json[]).map((p) => [p['id_filial'], p['is_principal']])).toEqual([[branch1, true], [branch2, false]]);
    const moved = await expectOk(t, 'userUpdate', {
      id_usuario: u.id, perfis: [{ id_filial: branch1, id_perfil: both }, { id_filial: branch2, id_perfil: both, is_principal: true }],
    }, manager);
    expect((moved.json['perfis'] as Json[]).map((p) => [p['id_filial'], p['is_principal']])).toEqual([[branch2, true], [branch1, false]]);
    const two = await t.call('PUT', '/user/update', {
      id_usuario: u.id, perfis: [{ id_filial: branch1, id_perfil: both, is_principal: true }, { id_filial: branch2, id_perfil: both, is_principal: true }],
    }, manager);
    expect(two.status).toBe(400);
    expect(two.json['message']).toBe(USER_MESSAGES.oneMainBranch);
    const twice = await t.call('PUT', '/user/update', {
      id_usuario: u.id, perfis: [{ id_filial: branch1, id_perfil: both }, { id_filial: branch1, id_perfil: caixaProfile }],
    }, manager);
    expect(twice.json['message']).toBe(USER_MESSAGES.oneProfilePerBranch);
    // The Caixa profile is offered in Loja Centro only.
    const notThere = await t.call('PUT', '/user/update', { id_usuario: u.id, perfis: [{ id_filial: branch2, id_perfil: caixaProfile }] }, manager);
    expect(notThere.status).toBe(400);
    expect(notThere.json['message']).toBe(USER_MESSAGES.profileNotInBranch('Caixa', 'Loja Shopping'));
    // Nothing of the refused updates was written.
    expect(((await expectOk(t, 'userFindById', { id_usuario: u.id }, manager)).json['perfis'] as Json[]).map((p) => p['id_filial'])).toEqual([branch2, branch1]);
  });

  it("answers 404 for another organization's profile, branch or user, and writes nothing", async () => {
    const before = await count('SELECT count(*) AS n FROM usuario');
    const profile = await t.call('POST', '/user/create', { nome: 'X', email: email(), perfis: [{ id_filial: branch1, id_perfil: foreignProfile }] }, manager);
    expect(profile.status).toBe(404);
    const branch = await t.call('POST', '/user/create', { nome: 'X', email: email(), perfis: [{ id_filial: foreignBranch, id_perfil: gerenteProfile }] }, manager);
    expect(branch.status).toBe(404);
    expect(await count('SELECT count(*) AS n FROM usuario')).toBe(before);
    const theirs = await one(`SELECT id_usuario AS id FROM usuario WHERE email = 'outra@demo.com.br'`);
    for (const [method, path, body] of [
      ['PUT', '/user/update', { id_usuario: theirs, nome: 'Tomado' }],
      ['POST', '/user/reset_password', { id_usuario: theirs }],
      ['POST', '/user/enable-disable', { id_usuario: theirs, situacao: 'Inativo' }],
      ['POST', '/user/delete', { id_usuario: theirs }],
    ] as const) {
      const res = await t.call(method, path, body, manager);
      expect(res.status, path).toBe(404);
      expect(res.json['message']).toBe(MESSAGES.notFound);
    }
    expect((await t.call('POST', '/auth/login', { email: 'outra@demo.com.br', senha: 'demo1234' })).status).toBe(200);
  });

  it('an e-mail is unique on the whole platform, whatever its case', async () => {
    const before = await count('SELECT count(*) AS n FROM usuario');
    for (const taken of ['caixa@demo.com.br', 'CAIXA@demo.com.br', 'outra@demo.com.br']) {
      const res = await t.call('POST', '/user/create', { nome: 'Duplicado', email: taken }, manager);
      expect(res.status, taken).toBe(400);
      expect(res.json['message']).toBe(USER_MESSAGES.emailInUse);
    }
    expect(await count('SELECT count(*) AS n FROM usuario')).toBe(before);
    const u = await makeUser([{ id_filial: branch1, id_perfil: caixaProfile }]);
    const changed = await t.call('PUT', '/user/update', { id_usuario: u.id, email: 'outra@demo.com.br' }, manager);
    expect(changed.json['message']).toBe(USER_MESSAGES.emailInUse);
    // A new e-mail moves the login: the user signs in with it.
    const address = email();
    await expectOk(t, 'userUpdate', { id_usuario: u.id, email: address.toUpperCase() }, manager);
    expect((await t.call('POST', '/auth/login', { email: address, senha: 'provisoria1' })).status).toBe(200);
    // A deleted user's e-mail is free again.
    await expectOk(t, 'userDelete', { id_usuario: u.id }, manager);
    expect((await t.call('POST', '/auth/login', { email: address, senha: 'provisoria1' })).status).toBe(401);
    await expectOk(t, 'userCreate', { nome: 'De novo', email: address }, manager);
  });

  it('limits are percentages from 0 to 100; flags and limits are stored', async () => {
    for (const bad of [101, -1, 10.555]) {
      const res = await t.call('POST', '/user/create', { nome: 'X', email: email(), percentual_desconto_maximo: bad }, manager);
      expect(res.status, String(bad)).toBe(400);
    }
    const res = await expectOk(t, 'userCreate', {
      nome: 'Vendedor sem acesso', email: email(), is_vendedor: true, is_login: false,
      percentual_desconto_maximo: 12.5, perc_max_aumento_preco_produto: 100, perc_max_reducao_preco_produto: 0,
    }, manager);
    expect(res.json).toMatchObject({ is_vendedor: true, is_login: false, percentual_desconto_maximo: 12.5, perc_max_aumento_preco_produto: 100 });
  });

  // Runs while the demo manager is its organization's only one (the tests above give no one user management).
  it('a manager cannot disable or delete itself, nor be left without a manager', async () => {
    const me = (await expectOk(t, 'session', undefined, manager)).json['usuario'] as Json;
    const off = await t.call('POST', '/user/enable-disable', { id_usuario: me['id_usuario'], situacao: 'Inativo' }, manager);
    expect(off.json['message']).toBe(USER_MESSAGES.cannotDisableSelf);
    const noLogin = await t.call('PUT', '/user/update', { id_usuario: me['id_usuario'], is_login: false }, manager);
    expect(noLogin.json['message']).toBe(USER_MESSAGES.cannotDisableSelf);
    const del = await t.call('POST', '/user/delete', { id_usuario: me['id_usuario'] }, manager);
    expect(del.json['message']).toBe(USER_MESSAGES.cannotDeleteSelf);
    // Giving itself a profile without user management would leave the organization without a manager.
    const demote = await t.call('PUT', '/user/update', { id_usuario: me['id_usuario'], perfis: [{ id_filial: branch1, id_perfil: caixaProfile }] }, manager);
    expect(demote.status).toBe(400);
    expect(demote.json['message']).toBe(USER_MESSAGES.lastManager);
    expect(((await expectOk(t, 'userFindById', { id_usuario: me['id_usuario'] }, manager)).json['perfis'] as Json[]).length).toBe(2);
  });

  it('a profile change reaches its users at their next session reload, without signing in again', async () => {
    const profile = await makeProfile([{ rotulo: 'FncListarMarca', tipo: '1' }]);
    const u = await makeUser([{ id_filial: branch1, id_perfil: profile }]);
    const token = await firstSignIn(u.email, 'provisoria1');
    const stamp = async () => one('SELECT extract(epoch FROM data_alteracao) * 1000000 AS id FROM usuario WHERE id_usuario = $1', [u.id]);
    const before = await stamp();
    await expectOk(t, 'profileUpdate', { id_perfil: profile, perfil_permissao: [{ rotulo: 'FncListarMarca', tipo: '2' }, { rotulo: 'FncPontoVenda', tipo: '2' }] }, manager);
    // The holder's row is stamped (its sync event tells the signed-in clients to reload their session).
    expect(await stamp()).toBeGreaterThan(before);
    const session = (await expectOk(t, 'session', undefined, token)).json['usuario'] as Json;
    expect((session['permissoes'] as Json[]).map((p) => [p['rotulo'], p['tipo']])).toEqual([['FncListarMarca', '2'], ['FncPontoVenda', '2']]);
    expect((await t.call('POST', '/brand/create', { descricao: unique('Marca') }, token)).status).toBe(200);
  });
});

describe('a dishonest manager (manages users and profiles, holds little else)', () => {
  let limited: string;
  let limitedId: number;
  let limitedProfile: number;

  beforeAll(async () => {
    limitedProfile = await makeProfile([
      { rotulo: 'FncListarUsuario', tipo: '2' }, { rotulo: 'FncListarPerfil', tipo: '2' }, { rotulo: 'FncListarMarca', tipo: '1' },
    ]);
    const u = await makeUser([{ id_filial: branch1, id_perfil: limitedProfile }]);
    limitedId = u.id;
    limited = await firstSignIn(u.email, 'provisoria1');
  });

  it('cannot create a profile, nor edit its own, with a permission it does not hold', async () => {
    const before = await count('SELECT count(*) AS n FROM perfil');
    const res = await t.call('POST', '/profile/create', { descricao: unique('Tudo'), perfil_permissao: [{ rotulo: 'FncPontoVenda', tipo: '2' }] }, limited);
    expect(res.status).toBe(403);
    expect(res.json['message']).toBe(USER_MESSAGES.beyondPowers('Ponto de venda'));
    const raise = await t.call('POST', '/profile/create', { descricao: unique('Mais'), perfil_permissao: [{ rotulo: 'FncListarMarca', tipo: '2' }] }, limited);
    expect(raise.json['message']).toBe(USER_MESSAGES.beyondPowers('Marcas'));
    expect(await count('SELECT count(*) AS n FROM perfil')).toBe(before);
    const own = await t.call('PUT', '/profile/update', {
      id_perfil: limitedProfile,
      perfil_permissao: [{ rotulo: 'FncListarUsuario', tipo: '2' }, { rotulo: 'FncListarPerfil', tipo: '2' }, { rotulo: 'FncListarFilial', tipo: '2' }],
    }, limited);
    expect(own.status).toBe(403);
    // Within its powers it may.
    await expectOk(t, 'profileCreate', { descricao: unique('Só marcas'), perfil_permissao: [{ rotulo: 'FncListarMarca', tipo: '1' }], filiais: [branch1] }, limited);
  });

  it("cannot give itself the manager's profile, nor edit, reset or disable a user or profile above it", async () => {
    const promote = await t.call('PUT', '/user/update', { id_usuario: limitedId, perfis: [{ id_filial: branch1, id_perfil: gerenteProfile }] }, limited);
    expect(promote.status).toBe(403);
    expect(String(promote.json['message'])).toContain('Você não pode conceder permissões que não tem');
    const boss = await one(`SELECT id_usuario AS id FROM usuario WHERE email = 'gerente@demo.com.br'`);
    for (const [method, path, body] of [
      ['POST', '/user/reset_password', { id_usuario: boss }],
      ['PUT', '/user/update', { id_usuario: boss, email: 'meu@exemplo.com.br' }],
      ['POST', '/user/enable-disable', { id_usuario: boss, situacao: 'Inativo' }],
      ['POST', '/user/delete', { id_usuario: boss }],
    ] as const) {
      const res = await t.call(method, path, body, limited);
      expect(res.status, path).toBe(403);
      expect(res.json['message']).toBe(USER_MESSAGES.userBeyondPowers);
    }
    const edit = await t.call('POST', '/profile/enable-disable', { id_perfil: gerenteProfile, situacao: 'Inativo' }, limited);
    expect(edit.status).toBe(403);
    expect(edit.json['message']).toBe(USER_MESSAGES.profileBeyondPowers);
    expect((await t.call('POST', '/auth/login', { email: 'gerente@demo.com.br', senha: 'demo1234' })).status).toBe(200);
  });

  it('may still manage users within its powers', async () => {
    const below = await makeProfile([{ rotulo: 'FncListarMarca', tipo: '1' }]);
    const res = await t.call('POST', '/user/create', { nome: 'Estagiário', email: email(), perfis: [{ id_filial: branch1, id_perfil: below }] }, limited);
    expect(res.status).toBe(200);
    expect((await t.call('POST', '/user/reset_password', { id_usuario: res.json['id_usuario'] }, limited)).status).toBe(200);
  });

  it('may edit itself sending back a profile it holds in another branch above its powers here', async () => {
    const wide = await makeProfile([{ rotulo: 'FncListarUsuario', tipo: '2' }, { rotulo: 'FncListarPerfil', tipo: '2' }, { rotulo: 'FncPontoVenda', tipo: '2' }], [branch2]);
    const u = await makeUser([{ id_filial: branch1, id_perfil: limitedProfile, is_principal: true }, { id_filial: branch2, id_perfil: wide }]);
    const token = await firstSignIn(u.email, 'provisoria1');
    const self = await expectOk(t, 'userFindById', { id_usuario: u.id }, token);
    const saved = await expectOk(t, 'userUpdate', { id_usuario: u.id, nome: 'Renomeado', perfis: self.json['perfis'] }, token);
    expect(saved.json['nome']).toBe('Renomeado');
    // But it cannot give the wider profile anew, here or to anyone.
    const again = await t.call('PUT', '/user/update', { id_usuario: limitedId, perfis: [{ id_filial: branch1, id_perfil: limitedProfile }, { id_filial: branch2, id_perfil: wide }] }, token);
    expect(again.status).toBe(403);
  });

  it('its own session shows its permissions: no more than its profile', async () => {
    const session = (await expectOk(t, 'session', undefined, limited)).json['usuario'] as Json;
    expect((session['permissoes'] as Json[]).map((p) => p['rotulo']).sort()).toEqual(['FncListarMarca', 'FncListarPerfil', 'FncListarUsuario']);
    expect((await t.call('POST', '/order/find', {}, limited)).status).toBe(403);
    expect((await t.call('POST', '/user/find', {}, other)).status).toBe(200);
  });
});
