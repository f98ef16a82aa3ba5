import { createHmac, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePix } from '@pdv/banking/pix';
import { AUTHORIZATION_MESSAGES } from '@pdv/domain/authorization';
import { BANK_MESSAGES as M } from '@pdv/domain/bank-integration';
import { SUPERVISOR_PERMISSIONS } from '@pdv/domain/permissions';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';
import { PixApiClient } from '@pdv/banking/bank-api/pix-client';
import { setupBank, webhookToken, FAKE_BANK_DEMO, type BankSetup } from './deps.ts';
import { withdrawDue } from './pix.ts';

let t: TestApp;
let bank: BankSetup;
let f: SaleFixture;
let manager: string;
let cashier: string;
let branch2: string;
let account: number;
let payer: number;
let base = '';

type Json = Record<string, unknown>;
const RUN = String(Date.now() % 100000);
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A one-line sale of the fixture paid by one PIX of `txid` for `valor` reais (the sale's total unless said). */
function pixSale(txid: string, valor?: number): Json {
  const body = saleBody(f);
  const total = body.pagamentos[0]!.valor_total;
  return { ...body, pagamentos: [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['17']!, valor_total: valor ?? total, txid_pix: txid }] };
}
const saleTotal = () => saleBody(f).pagamentos[0]!.valor_total;
/** A PIX typed at the till: no txid, no terminal fields (or the given ones). */
const barePixSale = (extra: Json = {}): Json => {
  const body = saleBody(f);
  return { ...body, pagamentos: [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['17']!, valor_total: saleTotal(), ...extra }] };
};
const operationCount = async (id: unknown) => Number((await t.db.system((tx) => tx.query<{ n: number }>(
  'SELECT count(*)::int AS n FROM operacao WHERE id_operacao = $1', [id]))).rows[0]?.n);
const remocao = async (txid: string) => (await t.db.system((tx) => tx.query<{ remocao_situacao: string | null; remocao_tentativas: number; end_to_end_id: string | null }>(
  'SELECT remocao_situacao, remocao_tentativas, end_to_end_id FROM pix_cobranca WHERE txid = $1', [txid]))).rows[0];
const manualGrant = async () => (await expectOk(t, 'validateUserCredential', { email: 'gerente@demo.com.br', password: 'demo1234', permission: SUPERVISOR_PERMISSIONS.manualPix }, cashier)).json['id_autorizacao'];
const charge = async (valor: number, token = cashier) => (await expectOk(t, 'bankNewQrcodeDynamic', { valor }, token)).json as { txid: string; brcode: string; situacao: string; valor: number };
const situacao = async (txid: string) => (await expectOk(t, 'bankFindByCode', { txid }, cashier)).json['situacao'];
const hook = (org: number, body: string, key = webhookToken(bank.deps, org), signature = createHmac('sha256', bank.deps.signatureKey!).update(body).digest('hex')) =>
  fetch(`${base}/api/bank-integration/webhook/${org}/${key}/pix`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-fake-bank-signature': signature }, body });
const orgId = async () => Number((await t.db.system((tx) => tx.query<{ id: number }>("SELECT id_organization AS id FROM organization WHERE nome = 'Demo Moda'"))).rows[0]?.id);

beforeAll(async () => {
  bank = await setupBank({ BANK_MODE: 'fake' }, 'http://127.0.0.1:9');
  t = await createTestApp({ app: { bank: bank.deps } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  bank.deps.publicUrl = base;
  f = await loadSaleFixture(t.db);
  manager = await t.login('gerente@demo.com.br');
  cashier = await t.login('caixa@demo.com.br');
  branch2 = await t.login('filial2@demo.com.br');
  await t.db.system(async (tx) => {
    payer = Number((await tx.query<{ id: number }>(`SELECT p.id_pessoa AS id FROM pessoa p JOIN organization o USING (id_organization)
      WHERE o.nome = 'Demo Moda' AND (p.cpf IS NOT NULL OR p.cnpj IS NOT NULL)
        AND EXISTS (SELECT 1 FROM pessoa_endereco e WHERE e.id_organization = p.id_organization AND e.id_pessoa = p.id_pessoa AND e.cep IS NOT NULL AND e.numero IS NOT NULL AND e.bairro IS NOT NULL)
      ORDER BY p.id_pessoa LIMIT 1`)).rows[0]?.id);
  });
});
afterAll(async () => {
  await t.close();
  await bank.close();
});

describe('PIX at the point of sale', () => {
  it('a branch without an integrated PIX account takes a PIX typed at the till, as before', async () => {
    const sale = barePixSale();
    const res = await t.call('POST', '/operacao', sale, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await operationCount(sale['id_operacao'])).toBe(1);
  });

  it('refuses a charge while no account of the branch uses the bank integration with a PIX key', async () => {
    const res = await t.call('POST', '/bank-integration/new_qrcode_dynamic', { valor: 10 }, cashier);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(M.noPixAccount);
    account = await t.db.system(async (tx) => Number((await tx.query<{ id: number }>(
      `INSERT INTO conta_bancaria (id_organization, descricao, id_banco, agencia, numero, digito_conta, chave_pix, utilizar_moderbank, codigo_moderbank)
       SELECT id_organization, 'BB integração ${RUN}', 1, '1234', '56789', '0', 'pix@demomoda.exemplo.com.br', true, '${FAKE_BANK_DEMO.convenio}'
         FROM organization WHERE nome = 'Demo Moda' RETURNING id_conta AS id`)).rows[0]?.id));
  });

  it('refuses a PIX with neither a charge nor a terminal at a branch with an integrated PIX account, writing nothing', async () => {
    const sale = barePixSale();
    const res = await t.call('POST', '/operacao', sale, cashier);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(M.pixWithoutCharge);
    expect(await operationCount(sale['id_operacao'])).toBe(0);
    // A terminal's Pix (TEF) carries its NSU and integration type: the terminal received it.
    const tef = barePixSale({ cartao_nsu: '123456', cartao_tipo_integracao: '1' });
    const ok = await t.call('POST', '/operacao', tef, cashier);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    // Other methods are not concerned.
    expect((await t.call('POST', '/operacao', saleBody(f), cashier)).status).toBe(200);
  });

  it("makes a dynamic charge of the amount whose BR Code points at the bank's location", async () => {
    const c = await charge(12.34);
    expect(c.situacao).toBe('Ativa');
    const parsed = parsePix(c.brcode);
    expect(parsed.valor).toBe(1234);
    expect(parsed.url).toBe(bank.fake!.state.cobs.get(c.txid)!.location);
    expect(bank.fake!.state.webhooks.get('pix@demomoda.exemplo.com.br')).toContain(`/api/bank-integration/webhook/${await orgId()}/`);
  });

  it('refuses a sale whose PIX charge is not paid, and one naming an unknown txid', async () => {
    const c = await charge(saleTotal());
    const unpaid = await t.call('POST', '/operacao', pixSale(c.txid), cashier);
    expect(unpaid.status).toBe(400);
    expect(unpaid.json['message']).toBe(M.pixNotPaid);
    const unknown = await t.call('POST', '/operacao', pixSale('X'.repeat(32)), cashier);
    expect(unknown.status).toBe(400);
    expect(unknown.json['message']).toBe(M.pixNotFound);
  });

  it('ignores a webhook with a wrong key or signature, and one the bank does not confirm', async () => {
    const org = await orgId();
    const c = await charge(saleTotal());
    const body = JSON.stringify({ pix: [{ txid: c.txid, valor: '999.99', endToEndId: 'E1', horario: new Date().toISOString() }] });
    expect((await hook(org, body, 'f'.repeat(64))).status).toBe(401);
    expect((await hook(org, body, undefined, 'assinatura')).status).toBe(401);
    // Correctly signed, but the bank still says ATIVA: nothing is marked.
    const res = await hook(org, body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ pagos: 0 });
    expect(await situacao(c.txid)).toBe('Ativa');
  });

  it("marks the charge paid when the bank's webhook arrives, then the sale goes through once and only for its amount", async () => {
    const c = await charge(saleTotal());
    await bank.fake!.pay(c.txid);
    expect(await situacao(c.txid)).toBe('Paga');
    // The PIX line claims a cent less than charged (the cent in cash): the amounts must match.
    const split = pixSale(c.txid, Math.round(saleTotal() * 100 - 1) / 100);
    const other = await t.call('POST', '/operacao', { ...split, pagamentos: [...(split['pagamentos'] as Json[]), { id_pagamento: randomUUID(), id_meio_pagamento: f.methods['01']!, valor_total: 0.01 }] }, cashier);
    expect(other.status).toBe(400);
    expect(other.json['message']).toBe(M.pixValueMismatch);
    const sale = pixSale(c.txid);
    const ok = await t.call('POST', '/operacao', sale, cashier);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    // The same operation sent again is the same sale; another sale with the same charge is refused.
    expect((await t.call('POST', '/operacao', sale, cashier)).status).toBe(200);
    const again = await t.call('POST', '/operacao', pixSale(c.txid), cashier);
    expect(again.status).toBe(400);
    expect(again.json['message']).toBe(M.pixAlreadyUsed);
  });

  it('takes a sale finished offline with its paid charge when the outbox sends it later', async () => {
    const c = await charge(saleTotal());
    await bank.fake!.pay(c.txid);
    const startedAt = new Date(Date.now() - 20 * 60_000).toISOString();
    const sale: Json = { ...pixSale(c.txid), data_inicio: startedAt, data_fim: new Date(Date.now() - 15 * 60_000).toISOString() };
    const ok = await t.call('POST', '/operacao', sale, cashier);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(await operationCount(sale['id_operacao'])).toBe(1);
  });

  it('refuses the same charge twice in one sale', async () => {
    // A charge of half the sale named by two PIX lines of half each (the odd cent, if any, in cash).
    const half = Math.floor(saleTotal() * 50) / 100;
    const c = await charge(half);
    await bank.fake!.pay(c.txid);
    const sale = pixSale(c.txid);
    const line = () => ({ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['17']!, valor_total: half, txid_pix: c.txid });
    const rest = Math.round((saleTotal() - 2 * half) * 100) / 100;
    const cash = rest > 0 ? [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['01']!, valor_total: rest }] : [];
    const twice = await t.call('POST', '/operacao', { ...sale, pagamentos: [line(), line(), ...cash] }, cashier);
    expect(twice.status).toBe(400);
    expect(twice.json['message']).toBe(M.pixAlreadyUsed);
    expect(await operationCount(sale['id_operacao'])).toBe(0);
  });

  it("refuses a paid charge of another branch or of another organization as one that does not exist", async () => {
    const total = saleTotal().toFixed(2);
    const [ownBranch2, otherOrg] = await t.db.system(async (tx) => {
      const insert = async (org: string, filial: string, conta: string) => {
        const txid = `T${randomUUID().replace(/-/g, '')}`.slice(0, 32);
        await tx.query(`INSERT INTO pix_cobranca (id_organization, id_filial, id_conta, txid, valor, situacao, chave, location, brcode, id_usuario, end_to_end_id, data_pagamento)
          SELECT o, f, c, $1, $2, 'Paga', 'chave', 'loc', 'brcode', 1, 'E1', now() FROM (SELECT (${org}) AS o, (${filial}) AS f, (${conta}) AS c) x`, [txid, total]);
        return txid;
      };
      const demo = `(SELECT id_organization FROM organization WHERE nome = 'Demo Moda')`;
      const a = await insert(demo, `SELECT id_filial FROM filial WHERE id_organization = ${demo} AND id_filial <> ${f.id_filial} ORDER BY id_filial LIMIT 1`, String(account));
      const other = `(SELECT id_organization FROM usuario WHERE email = 'outra@demo.com.br')`;
      const conta = Number((await tx.query<{ id: number }>(`INSERT INTO conta_bancaria (id_organization, descricao, id_banco, agencia, numero, digito_conta)
        SELECT ${other}, 'Outra ${RUN}', 1, '1', '2', '0' RETURNING id_conta AS id`)).rows[0]?.id);
      const b = await insert(other, `SELECT id_filial FROM filial WHERE id_organization = ${other} ORDER BY id_filial LIMIT 1`, String(conta));
      return [a, b];
    });
    for (const txid of [ownBranch2, otherOrg]) {
      const sale = pixSale(txid);
      const res = await t.call('POST', '/operacao', sale, cashier);
      expect(res.status, txid).toBe(400);
      expect(res.json['message']).toBe(M.pixNotFound);
      expect(await operationCount(sale['id_operacao'])).toBe(0);
    }
  });

  it("does not let another branch read or spend the branch's charge", async () => {
    const c = await charge(saleTotal());
    await bank.fake!.pay(c.txid);
    expect((await t.call('POST', '/bank-integration/find-by-code', { txid: c.txid }, branch2)).status).toBe(404);
  });

  it('confirms by hand only with a supervisor grant, spends it, and lists the charge as confirmed manually', async () => {
    const c = await charge(saleTotal());
    const none = await t.call('POST', '/bank-integration/pix-confirm-manual', { txid: c.txid, id_autorizacao: 999999 }, cashier);
    expect(none.status).toBe(400);
    expect(none.json['message']).toBe(AUTHORIZATION_MESSAGES.notFound);
    // A grant of another permission does not do.
    const other = await expectOk(t, 'validateUserCredential', { email: 'gerente@demo.com.br', password: 'demo1234', permission: SUPERVISOR_PERMISSIONS.managerCredit }, cashier);
    const wrong = await t.call('POST', '/bank-integration/pix-confirm-manual', { txid: c.txid, id_autorizacao: other.json['id_autorizacao'] }, cashier);
    expect(wrong.status).toBe(400);
    expect(wrong.json['message']).toBe(AUTHORIZATION_MESSAGES.otherPermission);
    expect(await situacao(c.txid)).toBe('Ativa');
    const grant = await expectOk(t, 'validateUserCredential', { email: 'gerente@demo.com.br', password: 'demo1234', permission: SUPERVISOR_PERMISSIONS.manualPix }, cashier);
    const done = await expectOk(t, 'bankPixConfirmManual', { txid: c.txid, id_autorizacao: grant.json['id_autorizacao'] }, cashier);
    expect(done.json).toMatchObject({ situacao: 'ConfirmadaManual', id_autorizacao: grant.json['id_autorizacao'] });
    expect(done.json['id_usuario_autorizacao']).toBeGreaterThan(0);
    // Withdrawn at the bank: the customer can no longer pay it.
    expect(done.json['remocao_situacao']).toBe('Removida');
    expect(bank.fake!.state.cobs.get(c.txid)!.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    await expect(bank.fake!.pay(c.txid)).rejects.toThrow();
    const reuse = await t.call('POST', '/bank-integration/pix-confirm-manual', { txid: c.txid, id_autorizacao: grant.json['id_autorizacao'] }, cashier);
    expect(reuse.json['message']).toBe(M.pixAlreadyPaid);
    const listed = await expectOk(t, 'bankPixList', { situacao: 'ConfirmadaManual' }, manager);
    expect((listed.json['rows'] as Json[]).map((r) => r['txid'])).toContain(c.txid);
    expect((await t.call('POST', '/operacao', pixSale(c.txid), cashier)).status).toBe(200);
  });
});

describe('withdrawal at the bank of a charge confirmed by hand', () => {
  /** Runs `fn` with the server's PIX client pointed at a port nobody listens on (the bank unreachable). */
  async function bankDown<T>(fn: () => Promise<T>): Promise<T> {
    const real = bank.deps.pix;
    bank.deps.pix = new PixApiClient({ baseUrl: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'y', timeoutMs: 2000 });
    try {
      return await fn();
    } finally {
      bank.deps.pix = real;
    }
  }
  const later = (hours = 24) => new Date(Date.now() + hours * 3_600_000);

  it('confirms by hand while the bank is unreachable, keeps the withdrawal pending, and the background round withdraws it', async () => {
    const c = await charge(saleTotal());
    const grant = await manualGrant();
    const done = await bankDown(() => expectOk(t, 'bankPixConfirmManual', { txid: c.txid, id_autorizacao: grant }, cashier));
    expect(done.json).toMatchObject({ situacao: 'ConfirmadaManual', remocao_situacao: 'Pendente', remocao_tentativas: 1 });
    expect(bank.fake!.state.cobs.get(c.txid)!.status).toBe('ATIVA');
    // The sale goes through meanwhile: the supervisor confirmed it.
    expect((await t.call('POST', '/operacao', pixSale(c.txid), cashier)).status).toBe(200);
    // Not due yet: nothing is tried.
    expect(await withdrawDue(t.db, bank.deps, new Date())).toEqual({ tried: 0, withdrawn: 0 });
    // Still down when due: one more attempt counted.
    expect(await bankDown(() => withdrawDue(t.db, bank.deps, later()))).toEqual({ tried: 1, withdrawn: 0 });
    expect(await remocao(c.txid)).toMatchObject({ remocao_situacao: 'Pendente', remocao_tentativas: 2 });
    // The bank is back (the next attempt is due after the doubled wait).
    expect(await withdrawDue(t.db, bank.deps, later(48))).toEqual({ tried: 1, withdrawn: 1 });
    expect(await remocao(c.txid)).toMatchObject({ remocao_situacao: 'Removida', remocao_tentativas: 3 });
    expect(bank.fake!.state.cobs.get(c.txid)!.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    await expect(bank.fake!.pay(c.txid)).rejects.toThrow();
    expect(await withdrawDue(t.db, bank.deps, later(72))).toEqual({ tried: 0, withdrawn: 0 });
  });

  it('records a charge the customer paid before the withdrawal reached the bank (PagaNoBanco, with its endToEndId)', async () => {
    const c = await charge(saleTotal());
    const grant = await manualGrant();
    await bankDown(() => expectOk(t, 'bankPixConfirmManual', { txid: c.txid, id_autorizacao: grant }, cashier));
    const paid = await bank.fake!.pay(c.txid);
    // The webhook changes nothing on a charge confirmed by hand.
    expect(await situacao(c.txid)).toBe('ConfirmadaManual');
    expect((await withdrawDue(t.db, bank.deps, later())).withdrawn).toBe(1);
    expect(await remocao(c.txid)).toMatchObject({ remocao_situacao: 'PagaNoBanco', end_to_end_id: paid.endToEndId });
  });
});

describe('bank login and the bank screen', () => {
  it('checks the login fields in order with the spec texts', async () => {
    for (const [body, message] of [
      [{ cnpj: '', cpf: '', senha: '' }, M.companyDocument],
      [{ cnpj: FAKE_BANK_DEMO.cnpj, cpf: '', senha: '' }, M.operatorDocument],
      [{ cnpj: FAKE_BANK_DEMO.cnpj, cpf: FAKE_BANK_DEMO.cpf, senha: '' }, M.password],
    ] as const) {
      const res = await t.call('POST', '/bank-integration/auth-company', body, manager);
      expect(res.status).toBe(400);
      expect(res.json['message']).toBe(message);
    }
  });

  it('needs the bank login before the statement; the login takes the two steps and lasts 1 hour', async () => {
    const before = await t.call('POST', '/bank-integration/list-statements', { id_conta: account }, manager);
    expect(before.status).toBe(400);
    expect(before.json['message']).toBe(M.bankLoginRequired);
    const wrong = await expectOk(t, 'bankAuthCompany', { cnpj: '11.222.333/0001-81', cpf: '123.456.789-09', senha: 'errada' }, manager);
    expect(wrong.json).toMatchObject({ success: false, error_message: 'Usuário ou senha inválidos.' });
    const step1 = await expectOk(t, 'bankAuthCompany', { cnpj: '11.222.333/0001-81', cpf: '123.456.789-09', senha: FAKE_BANK_DEMO.senha }, manager);
    expect(step1.json['success']).toBe(true);
    const short = await t.call('POST', '/bank-integration/validate-auth-company', { token: step1.json['token'], data: '123' }, manager);
    expect(short.json['message']).toBe(M.codeLength);
    const bad = await expectOk(t, 'bankValidateAuthCompany', { token: step1.json['token'], data: '000000' }, manager);
    expect(bad.json).toMatchObject({ success: false, error_message: 'Código inválido.' });
    const ok = await expectOk(t, 'bankValidateAuthCompany', { token: step1.json['token'], data: FAKE_BANK_DEMO.code }, manager);
    expect(ok.json['success']).toBe(true);
    const ttl = Date.parse(String(ok.json['tokenBankExpire'])) - Date.now();
    expect(ttl).toBeGreaterThan(3_590_000);
    expect(ttl).toBeLessThanOrEqual(3_600_000);
    expect((await expectOk(t, 'bankSession', {}, manager)).json['logged']).toBe(true);
    const statement = await expectOk(t, 'bankListStatements', { id_conta: account }, manager);
    expect((statement.json['rows'] as Json[]).some((r) => r['historico'] === 'PIX RECEBIDO' && r['sinal'] === 'C')).toBe(true);
    const pix = await expectOk(t, 'bankInstantPayment', { id_conta: account, inicio: future(-1), fim: future(1) }, manager);
    expect((pix.json['rows'] as Json[]).length).toBeGreaterThan(0);
  });

  it("a cashier without the bank accounts' permission cannot use the bank screen", async () => {
    expect((await t.call('POST', '/bank-integration/list-statements', { id_conta: account }, cashier)).status).toBe(403);
  });

  it('the login of one user is not the login of another', async () => {
    await t.db.system((tx) => tx.query("UPDATE usuario_token_banco SET token_bank_expire = now() - interval '1 second'"));
    expect((await expectOk(t, 'bankSession', {}, manager)).json['logged']).toBe(false);
    const res = await t.call('POST', '/bank-integration/invoice_list', {}, manager);
    expect(res.json['message']).toBe(M.bankLoginRequired);
    const step1 = await expectOk(t, 'bankAuthCompany', { cnpj: FAKE_BANK_DEMO.cnpj, cpf: FAKE_BANK_DEMO.cpf, senha: FAKE_BANK_DEMO.senha }, manager);
    await expectOk(t, 'bankValidateAuthCompany', { token: step1.json['token'], data: FAKE_BANK_DEMO.code }, manager);
  });

  it('registers the boleto of a receivable online, lists it, writes it off at the bank, and refuses a second write-off', async () => {
    const doc = await expectOk(t, 'documentFinancialCreate', { operacao: 'Entrada', valor_documento: 150.75, data_vencimento: future(20), id_pessoa: payer }, manager);
    const id = doc.json['id_documento_financeiro'];
    const reg = await expectOk(t, 'bankInvoice', { id_documento_financeiro: id, id_conta: account }, manager);
    expect(reg.json).toMatchObject({ success: true, situacao: 'Registrado', valor: 150.75, data_vencimento: future(20), convenio: FAKE_BANK_DEMO.convenio });
    expect(String(reg.json['codigo_barra'])).toMatch(/^001\d{41}$/);
    const twice = await t.call('POST', '/bank-integration/invoice', { id_documento_financeiro: id, id_conta: account }, manager);
    expect(twice.status).toBe(400);
    const list = await expectOk(t, 'bankInvoiceList', { situacao: 'Registrado' }, manager);
    expect((list.json['rows'] as Json[]).map((r) => r['id_boleto_registrado'])).toContain(reg.json['id_boleto_registrado']);
    const found = await expectOk(t, 'bankInvoiceFindByCode', { idDemand: reg.json['id_boleto_registrado'] }, manager);
    expect(found.json['situacao']).toBe('Registrado');
    const cancelled = await expectOk(t, 'bankInvoiceCancel', { idDemand: reg.json['id_boleto_registrado'] }, manager);
    expect(cancelled.json['situacao']).toBe('Baixado');
    expect(bank.fake!.state.boletos.get(String(reg.json['numero']))?.estado).toBe('BAIXA');
    const again = await t.call('POST', '/bank-integration/invoice_cancel', { idDemand: reg.json['id_boleto_registrado'] }, manager);
    expect(again.status).toBe(400);
    expect(again.json['message']).toBe(M.boletoNotOpen);
  });

  it("answers another organization's ids exactly like ids that do not exist", async () => {
    const other = await t.login('outra@demo.com.br');
    const step1 = await expectOk(t, 'bankAuthCompany', { cnpj: FAKE_BANK_DEMO.cnpj, cpf: FAKE_BANK_DEMO.cpf, senha: FAKE_BANK_DEMO.senha }, other);
    await expectOk(t, 'bankValidateAuthCompany', { token: step1.json['token'], data: FAKE_BANK_DEMO.code }, other);
    const c = await charge(saleTotal());
    const boleto = (await expectOk(t, 'bankInvoiceList', {}, manager)).json['rows'] as Json[];
    const idDemand = Number(boleto[0]?.['id_boleto_registrado']);
    const cases: Array<[string, Json, Json]> = [
      ['/bank-integration/find-by-code', { txid: c.txid }, { txid: 'Z'.repeat(32) }],
      ['/bank-integration/pix-confirm-manual', { txid: c.txid, id_autorizacao: 1 }, { txid: 'Z'.repeat(32), id_autorizacao: 1 }],
      ['/bank-integration/invoice_find_by_code', { idDemand }, { idDemand: 999_999 }],
      ['/bank-integration/invoice_cancel', { idDemand }, { idDemand: 999_999 }],
      ['/bank-integration/list-statements', { id_conta: account }, { id_conta: 999_999 }],
      ['/bank-integration/instant_payment', { id_conta: account, inicio: future(-1), fim: future(1) }, { id_conta: 999_999, inicio: future(-1), fim: future(1) }],
      ['/bank-integration/invoice', { id_documento_financeiro: 1, id_conta: account }, { id_documento_financeiro: 1, id_conta: 999_999 }],
      ['/bank-integration/new_qrcode_dynamic', { valor: 1, id_conta: account }, { valor: 1, id_conta: 999_999 }],
    ];
    for (const [path, foreign, missing] of cases) {
      const a = await t.call('POST', path, foreign, other);
      const b = await t.call('POST', path, missing, other);
      expect(a.status, path).toBeGreaterThanOrEqual(400);
      expect([a.status, a.json], path).toEqual([b.status, b.json]);
    }
    expect(await situacao(c.txid)).toBe('Ativa');
  });
});
