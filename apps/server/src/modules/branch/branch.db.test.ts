/**
 * The branch register beyond what registers.db.test.ts generates from its descriptor: the IBGE cities, the address
 * filled by the server, the IE per UF, the logo, the A1 certificate, the e-mail accounts with a test send through a
 * fake SMTP server, and the platform apps (000 §6). Every refusal writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTER_MESSAGES } from '@pdv/contract/registers/descriptor';
import { BRANCH_MESSAGES as M } from '@pdv/domain/branch-messages';
import { cnpjCheckDigits } from '@pdv/domain/documents';
import { CERTIFICATE_MESSAGES } from '@pdv/fiscal/certificate';
import { createTestCertificate } from '@pdv/fiscal/testing/test-certificate';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { startFakeSmtp, type FakeSmtp } from '../../testing/fake-smtp.ts';
import { expectOk } from '../../testing/routes.ts';

let t: TestApp;
let manager: string;
let other: string;
let smtp: FakeSmtp;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
  smtp = await startFakeSmtp('loja@demo.com.br', 'senha-smtp');
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});

const count = async (table: string) =>
  t.db.system(async (tx) => Number((await tx.query(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.['n']));

/** A valid CNPJ with the given root (8 digits). */
function cnpjOf(root: string): string {
  seq += 1;
  const base = `${root}${String(seq).padStart(4, '0')}`;
  return base + cnpjCheckDigits(base);
}

async function newBranch(extra: Record<string, unknown> = {}) {
  seq += 1;
  const res = await expectOk(t, 'branchCreate', { codigo_filial: `T${seq}`, cnpj: cnpjOf('11222333'), razao_social: 'Filial de Teste Ltda', ...extra }, manager);
  return res.json as Record<string, unknown> & { id_filial: number; cnpj: string };
}

describe('IBGE cities', () => {
  it('holds the 5,570 municipalities with their official codes', async () => {
    expect(await count('cidade')).toBe(5570);
    for (const [id, nome, uf] of [[3550308, 'São Paulo', 'SP'], [3304557, 'Rio de Janeiro', 'RJ'], [5300108, 'Brasília', 'DF'], [3106200, 'Belo Horizonte', 'MG']] as const) {
      const res = await expectOk(t, 'cityFindById', { id_cidade: id }, manager);
      expect(res.json).toEqual({ id_cidade: id, nome, uf });
    }
    expect((await t.call('POST', '/city/find_by_id', { id_cidade: 9999999 }, manager)).status).toBe(404);
  });

  it('finds by name prefix whatever the accents and case, the exact name first, and filters by UF', async () => {
    const sp = await expectOk(t, 'cityFind', { search: 'SAO PAULO' }, manager);
    const rows = sp.json['rows'] as Array<{ id_cidade: number; nome: string }>;
    expect(rows[0]).toEqual({ id_cidade: 3550308, nome: 'São Paulo', uf: 'SP' });
    expect(rows.every((r) => /^s[aã]o paulo/i.test(r.nome))).toBe(true);
    const belo = await expectOk(t, 'cityFind', { search: 'belo hor', uf: 'mg' }, manager);
    expect(belo.json['rows']).toEqual([{ id_cidade: 3106200, nome: 'Belo Horizonte', uf: 'MG' }]);
    const byCode = await expectOk(t, 'cityFind', { search: '5300108' }, manager);
    expect(byCode.json['rows']).toEqual([{ id_cidade: 5300108, nome: 'Brasília', uf: 'DF' }]);
    const wildcard = await expectOk(t, 'cityFind', { search: '%' }, manager);
    expect(wildcard.json['rows']).toEqual([]);
    expect((await t.call('POST', '/city/find', { uf: 'São Paulo' }, manager)).status).toBe(400);
  });
});

describe('branch address and registration', () => {
  it("fills cidade and uf from the IBGE city, whatever the client sends, and follows a change of city", async () => {
    const created = await newBranch({ id_cidade: 3304557, cidade: 'Cidade Falsa', uf: 'XX', ie: '78.527.323', cep: '20040-002' });
    expect(created).toMatchObject({ id_cidade: 3304557, cidade: 'Rio de Janeiro', uf: 'RJ', ie: '78527323', cep: '20040002' });
    const moved = await expectOk(t, 'branchUpdate', { id_filial: created.id_filial, id_cidade: 3550308, ie: 'ISENTO' }, manager);
    expect(moved.json).toMatchObject({ cidade: 'São Paulo', uf: 'SP', ie: 'ISENTO' });
    const cleared = await expectOk(t, 'branchUpdate', { id_filial: created.id_filial, id_cidade: null, cidade: 'Outra' }, manager);
    expect(cleared.json).toMatchObject({ id_cidade: null, cidade: null, uf: null });
  });

  it('refuses bad input with pt-BR messages and writes nothing', async () => {
    const existing = await newBranch({ id_cidade: 3550308 });
    const before = await count('filial');
    const base = { codigo_filial: 'NOVA', cnpj: cnpjOf('11222333'), razao_social: 'Nova Ltda' };
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ ...base, codigo_filial: String(existing['codigo_filial']).toLowerCase() }, REGISTER_MESSAGES.duplicate('código', String(existing['codigo_filial']).toLowerCase())],
      [{ ...base, cnpj: '11.222.333/0001-00' }, REGISTER_MESSAGES.invalidCnpj],
      [{ ...base, id_cidade: 3304557, ie: '78527324' }, M.invalidIe('RJ')],
      [{ ...base, ie: '78527323' }, M.ieNeedsCity],
      [{ ...base, id_cidade: 1234567 }, M.cityNotFound],
      [{ ...base, id_tabela_preco_padrao: 999_999 }, M.priceTableNotFound],
    ];
    for (const [body, message] of refusals) {
      const res = await t.call('POST', '/branch/create', body, manager);
      expect(res.status, JSON.stringify(body)).toBe(400);
      // The contract's refusals name the field in erros ('cnpj: CNPJ Inválido'); the server's are the message.
      expect([res.json['message'], ...((res.json['erros'] as string[] | undefined) ?? []).map((e) => e.replace(/^\w+: /, ''))]).toContain(message);
    }
    const update = await t.call('PUT', '/branch/update', { id_filial: existing.id_filial, ie: '110.042.490.115' }, manager);
    expect(update.status).toBe(400);
    expect(update.json['message']).toBe(M.invalidIe('SP'));
    expect(await count('filial')).toBe(before);
    // Another organization's price table is not one of ours.
    const foreignTable = await t.db.system(async (tx) => (await tx.query<{ id: number }>(
      `SELECT id_tabela_preco AS id FROM tabela_preco t JOIN organization o USING (id_organization) WHERE o.nome = 'Outra Loja' LIMIT 1`)).rows[0]?.id);
    if (foreignTable !== undefined) {
      const res = await t.call('POST', '/branch/create', { ...base, id_tabela_preco_padrao: foreignTable }, manager);
      expect(res.json['message']).toBe(M.priceTableNotFound);
    }
  });

  it("answers 404 for another organization's branch", async () => {
    const mine = await newBranch();
    expect((await t.call('PUT', '/branch/update', { id_filial: mine.id_filial, apelido: 'x' }, other)).status).toBe(404);
    expect((await t.call('POST', '/branch/find_by_id', { id_filial: mine.id_filial }, other)).status).toBe(404);
  });
});

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

describe('logo', () => {
  it('stores a PNG, answers it, marks the branch, and removes it', async () => {
    const b = await newBranch();
    const none = await expectOk(t, 'branchLogoGet', { id_filial: b.id_filial }, manager);
    expect(none.json).toEqual({ id_filial: b.id_filial, logo: null });
    const saved = await expectOk(t, 'branchLogoSave', { id_filial: b.id_filial, arquivo_base64: `data:image/png;base64,${PNG.toString('base64')}` }, manager);
    expect(saved.json['logo']).toEqual({ tipo: 'image/png', tamanho: PNG.length, base64: PNG.toString('base64') });
    const row = await expectOk(t, 'branchFindById', { id_filial: b.id_filial }, manager);
    expect(row.json['data_alteracao']).not.toBe(b['data_alteracao']);
    const hash = await t.db.system(async (tx) => (await tx.query<{ logo: string }>('SELECT logo FROM filial WHERE id_filial = $1', [b.id_filial])).rows[0]?.logo);
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    const removed = await expectOk(t, 'branchLogoRemove', { id_filial: b.id_filial }, manager);
    expect(removed.json['logo']).toBeNull();
  });

  it('refuses another format by its bytes, an oversized image and bad base64, writing nothing', async () => {
    const b = await newBranch();
    const cases: Array<[string, string]> = [
      [Buffer.from('GIF89a\u0001\u0000\u0001\u0000').toString('base64'), M.logoFormat],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'), M.logoFormat],
      [Buffer.concat([PNG, Buffer.alloc(600 * 1024)]).toString('base64'), M.logoTooLarge(512)],
    ];
    for (const [arquivo_base64, message] of cases) {
      const res = await t.call('POST', '/branch/logo/save', { id_filial: b.id_filial, arquivo_base64 }, manager);
      expect(res.status).toBe(400);
      expect(res.json['message']).toBe(message);
    }
    const bad = await t.call('POST', '/branch/logo/save', { id_filial: b.id_filial, arquivo_base64: 'não é base64' }, manager);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain(M.invalidBase64);
    expect(await count('filial_logo')).toBe(0);
    expect((await t.call('POST', '/branch/logo/get', { id_filial: b.id_filial }, other)).status).toBe(404);
  });
});

describe('A1 certificate', () => {
  it('opens the PKCS#12 with its password, keeps it, and answers only its holder and expiry', async () => {
    const b = await newBranch();
    const pfx = createTestCertificate({ cnpj: b.cnpj, name: 'FILIAL DE TESTE LTDA', password: 'segredo-1', days: 20 });
    const res = await expectOk(t, 'branchCertificateUpload', { id_filial: b.id_filial, arquivo_base64: pfx.toString('base64'), senha: 'segredo-1' }, manager);
    const cert = res.json['certificado'] as Record<string, string>;
    expect(cert['titular']).toBe(`FILIAL DE TESTE LTDA:${b.cnpj}`);
    expect(cert['cnpj']).toBe(b.cnpj);
    expect(new Date(cert['validade']!).getTime()).toBeGreaterThan(Date.now() + 18 * 86_400_000);
    expect(JSON.stringify(res.json)).not.toContain('segredo-1');
    const got = await expectOk(t, 'branchCertificateGet', { id_filial: b.id_filial }, manager);
    expect(got.json).toEqual(res.json);
    expect(Object.keys(got.json['certificado'] as object).sort()).toEqual(['cnpj', 'data_cadastro', 'titular', 'validade']);
    // A certificate of the same company (another branch of the same root) is accepted: SEFAZ compares the root.
    const sibling = createTestCertificate({ cnpj: cnpjOf(b.cnpj.slice(0, 8)), name: 'MATRIZ', password: 'x' });
    await expectOk(t, 'branchCertificateUpload', { id_filial: b.id_filial, arquivo_base64: sibling.toString('base64'), senha: 'x' }, manager);
    const removed = await expectOk(t, 'branchCertificateRemove', { id_filial: b.id_filial }, manager);
    expect(removed.json['certificado']).toBeNull();
  });

  it('refuses a wrong password, an expired certificate, another company and a broken file, writing nothing', async () => {
    const b = await newBranch();
    const good = createTestCertificate({ cnpj: b.cnpj, name: 'FILIAL', password: 'certa' });
    const expired = createTestCertificate({ cnpj: b.cnpj, name: 'FILIAL', password: 'certa', notBefore: new Date('2024-01-10T12:00:00Z'), days: 30 });
    const foreign = createTestCertificate({ cnpj: cnpjOf('99888777'), name: 'OUTRA EMPRESA', password: 'certa' });
    const before = await count('certificado_digital');
    const cases: Array<[Buffer, string, string | RegExp]> = [
      [good, 'errada', CERTIFICATE_MESSAGES.wrongPassword],
      [expired, 'certa', CERTIFICATE_MESSAGES.expired(new Date('2024-02-09T12:00:00Z'))],
      [foreign, 'certa', /^O certificado digital é do CNPJ 99888777/],
      [Buffer.from('isto não é um certificado'), 'certa', CERTIFICATE_MESSAGES.invalidFile],
    ];
    for (const [pfx, senha, message] of cases) {
      const res = await t.call('POST', '/branch/certificate/upload', { id_filial: b.id_filial, arquivo_base64: pfx.toString('base64'), senha }, manager);
      expect(res.status).toBe(400);
      expect(res.json['message']).toMatch(typeof message === 'string' ? new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`) : message);
    }
    expect(await count('certificado_digital')).toBe(before);
    const foreignOrg = await t.call('POST', '/branch/certificate/upload', { id_filial: b.id_filial, arquivo_base64: good.toString('base64'), senha: 'certa' }, other);
    expect(foreignOrg.status).toBe(404);
  });
});

describe('e-mail accounts', () => {
  it('creates, lists without the password, updates keeping it, uses one at a time, and deletes', async () => {
    const b = await newBranch();
    const first = await expectOk(t, 'branchEmailCreate', {
      id_filial: b.id_filial, email: 'loja@demo.com.br', nome_remetente: 'Loja Teste', servidor_smtp: '127.0.0.1', porta: smtp.port,
      seguranca: 'Nenhuma', usuario: 'loja@demo.com.br', senha: 'senha-smtp',
    }, manager);
    expect(first.json).toMatchObject({ is_padrao: true, possui_senha: true });
    expect(JSON.stringify(first.json)).not.toContain('senha-smtp');
    const second = await expectOk(t, 'branchEmailCreate', { id_filial: b.id_filial, email: 'vendas@demo.com.br', servidor_smtp: 'smtp.demo.com.br', porta: 587 }, manager);
    expect(second.json).toMatchObject({ is_padrao: false, possui_senha: false, seguranca: 'STARTTLS' });
    const id1 = first.json['id_filial_email'] as number;
    const id2 = second.json['id_filial_email'] as number;

    const updated = await expectOk(t, 'branchEmailUpdate', { id_filial_email: id1, nome_remetente: 'Loja Nova' }, manager);
    expect(updated.json).toMatchObject({ nome_remetente: 'Loja Nova', possui_senha: true });
    await expectOk(t, 'branchEmailUse', { id_filial_email: id2 }, manager);
    const list = await expectOk(t, 'branchEmailList', { id_filial: b.id_filial }, manager);
    const rows = list.json['rows'] as Array<Record<string, unknown>>;
    expect(rows.map((r) => [r['id_filial_email'], r['is_padrao']])).toEqual([[id2, true], [id1, false]]);
    expect(JSON.stringify(list.json)).not.toContain('senha-smtp');

    await expectOk(t, 'branchEmailDelete', { id_filial_email: id2 }, manager);
    expect((await expectOk(t, 'branchEmailList', { id_filial: b.id_filial }, manager)).json['rows']).toHaveLength(1);
    expect((await t.call('POST', '/branch-email/use', { id_filial_email: id2 }, manager)).status).toBe(404);
    expect((await t.call('POST', '/branch-email/list', { id_filial: b.id_filial }, other)).status).toBe(404);
    expect((await t.call('PUT', '/branch-email/update', { id_filial_email: id1, porta: 25 }, other)).status).toBe(404);
  });

  it('sends the test message through the account over SMTP, and says why when the server refuses', async () => {
    const b = await newBranch();
    const account = await expectOk(t, 'branchEmailCreate', {
      id_filial: b.id_filial, email: 'loja@demo.com.br', nome_remetente: 'Loja Teste', servidor_smtp: '127.0.0.1', porta: smtp.port,
      seguranca: 'Nenhuma', usuario: 'loja@demo.com.br', senha: 'senha-smtp',
    }, manager);
    const id = account.json['id_filial_email'] as number;
    const sent = await expectOk(t, 'branchEmailTest', { id_filial_email: id, destinatario: 'dono@demo.com.br' }, manager);
    expect(sent.json).toEqual({ message: M.emailTestSent('dono@demo.com.br') });
    const mail = smtp.received.at(-1)!;
    expect(mail.from).toBe('loja@demo.com.br');
    expect(mail.to).toEqual(['dono@demo.com.br']);
    expect(mail.data).toContain(`Subject: ${M.emailTestSubject}`);

    await expectOk(t, 'branchEmailUpdate', { id_filial_email: id, senha: 'senha-errada' }, manager);
    const refused = await t.call('POST', '/branch-email/test', { id_filial_email: id, destinatario: 'dono@demo.com.br' }, manager);
    expect(refused.status).toBe(400);
    expect(refused.json['message']).toBe(M.emailTestFailed(M.smtpAuthFailed));

    await expectOk(t, 'branchEmailUpdate', { id_filial_email: id, porta: 1 }, manager);
    const closed = await t.call('POST', '/branch-email/test', { id_filial_email: id, destinatario: 'dono@demo.com.br' }, manager);
    expect(closed.json['message']).toBe(M.emailTestFailed(M.smtpUnreachable));

    // Tests never leave the machine: another host is refused before any connection.
    await expectOk(t, 'branchEmailUpdate', { id_filial_email: id, servidor_smtp: 'smtp.exemplo.com.br' }, manager);
    const outside = await t.call('POST', '/branch-email/test', { id_filial_email: id, destinatario: 'dono@demo.com.br' }, manager);
    expect(outside.json['message']).toBe(M.emailTestFailed(M.smtpHostNotAllowed));
    expect((await t.call('POST', '/branch-email/test', { id_filial_email: id, destinatario: 'x@y.com' }, other)).status).toBe(404);
  });
});

describe('platform apps (000 §6)', () => {
  it('checks an active app, refuses an inactive one with the spec message, and hides other organizations', async () => {
    const org = await t.db.system(async (tx) => (await tx.query<{ id: number }>(`SELECT id_organization AS id FROM organization WHERE nome = 'Demo Moda'`)).rows[0]!.id);
    const ok = await expectOk(t, 'activationCheck', { id_app: 2, id_organization: org }, manager);
    expect(ok.json).toEqual({ id_app: 2, nome: 'Ponto de Venda', ativo: true });
    const inactive = await t.call('POST', '/activations/check', { id_app: 5, id_organization: org }, manager);
    expect(inactive.status).toBe(400);
    expect(inactive.json['message']).toBe('O Aplicativo E-commerce não está ativo na plataforma.');
    const unknown = await t.call('POST', '/activations/check', { id_app: 4, id_organization: org }, manager);
    expect(unknown.json['message']).toBe(M.appNotFound);
    expect((await t.call('POST', '/activations/check', { id_app: 1, id_organization: org }, other)).status).toBe(404);
  });

  it("lists the organization's active apps: the main ones for the demo, more once activated", async () => {
    const apps = await expectOk(t, 'platformAppsActive', {}, manager);
    expect(apps.json['rows']).toEqual([{ id_app: 1, nome: 'Gestão' }, { id_app: 2, nome: 'Ponto de Venda' }, { id_app: 3, nome: 'Retaguarda' }]);
    await t.db.system((tx) => tx.query(`INSERT INTO organization_aplicativo (id_organization, id_app)
      SELECT id_organization, 8 FROM organization WHERE nome = 'Outra Loja'`));
    const others = await expectOk(t, 'platformAppsActive', {}, other);
    expect((others.json['rows'] as Array<{ id_app: number }>).map((r) => r.id_app)).toEqual([1, 2, 3, 8]);
    expect((await expectOk(t, 'platformAppsActive', {}, manager)).json['rows']).toHaveLength(3);
  });
});
