/**
 * The financial settings registers' own rules (issue 19), through their routes: payment methods (shortcut key,
 * branches, the rows they point at, the point of sale's sync group), bank accounts (bank list, check digits, the real
 * foreign keys), installment plans (installments kept as excluded, one default branch), card operators (rates per
 * installment) and the cost-centre and chart-of-accounts trees (paths, no cycles). The generic life of each register
 * is registers.db.test.ts's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_ACCOUNT_MESSAGES } from '@pdv/domain/bank-account';
import { FINANCE_SETTINGS_MESSAGES as M } from '@pdv/domain/finance-settings';
import { MESSAGES } from '@pdv/domain/messages';
import { REGISTER_MESSAGES } from '@pdv/contract/registers/descriptor';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { loadSaleFixture, saleBody } from '../../testing/sale.ts';
import { demoIds, settle, type DemoIds } from '../../testing/sync.ts';

let t: TestApp;
let manager: string;
let other: string;
let cashier: string;
let ids: DemoIds;
/** A branch, a bank account and a person of the other organization. */
let foreign: { id_filial: number; id_conta: number; id_pessoa: number; id_centro_custo: number };

type Json = Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
  ids = await demoIds(t.db);
  // The cashier's profile may read the financial settings, not write them.
  await t.db.system(async (tx) => {
    await tx.query(
      `INSERT INTO perfil_permissao (id_organization, id_perfil, rotulo, tipo)
       SELECT p.id_organization, p.id_perfil, r, '1' FROM perfil p
        CROSS JOIN unnest(ARRAY['FncListarMeioPagamento', 'ViewContasBancarias', 'FncParcelamento', 'ViewOperadoraCartao',
                                'FncCadastrarCentroCusto', 'FncCadastrarPlanoConta']) AS r
        WHERE p.id_organization = $1 AND p.descricao = 'Caixa'`,
      [ids.demo],
    );
  });
  cashier = await t.login('caixa@demo.com.br');
  const conta = await expectOk(t, 'bankAccountCreate', { descricao: 'Caixa da outra loja' }, other);
  const centro = await expectOk(t, 'costCenterCreate', { descricao: 'Centro da outra loja' }, other);
  foreign = await t.db.system(async (tx) => ({
    id_filial: (await tx.query<{ id: number }>('SELECT id_filial AS id FROM filial WHERE id_organization = $1 LIMIT 1', [ids.other])).rows[0]!.id,
    id_pessoa: (await tx.query<{ id: number }>('SELECT id_pessoa AS id FROM pessoa WHERE id_organization = $1 LIMIT 1', [ids.other])).rows[0]!.id,
    id_conta: conta.json['id_conta'] as number,
    id_centro_custo: centro.json['id_centro_custo'] as number,
  }));
});
afterAll(async () => {
  await t.close();
});

const post = (path: string, body: unknown, token = manager) => t.call('POST', path, body, token);
const put = (path: string, body: unknown, token = manager) => t.call('PUT', path, body, token);

function expectRefused(res: { status: number; json: Json }, message: string) {
  expect(res.status, JSON.stringify(res.json)).toBe(400);
  expect(res.json['message']).toBe(message);
}

describe('payment methods', () => {
  it('stores every option of the point of sale and the branches it is offered in', async () => {
    const conta = await expectOk(t, 'bankAccountCreate', { descricao: 'Conta PIX', id_banco: 341, agencia: '2545', numero: '02366', digito_conta: '1' }, manager);
    const plano = await expectOk(t, 'installmentCreate', { descricao: 'Boleto 1x a 3x', parcelas: [{ parcela: 1, dias_parcela: 30, percentual_acrescimo: 0 }] }, manager);
    const created = await expectOk(t, 'paymentMethodCreate', {
      descricao: 'Boleto parcelado', meio_pagamento: '15', tecla_atalho: 'Ctrl+B', utilizar_parcela: true, obrigar_parcelamento: true,
      id_parcelamento: plano.json['id_parcelamento'], obrigar_conta: true, id_conta: conta.json['id_conta'], utilizar_captura: false,
      emitir_boleto_apos_nota: true, tipo_ajuste: 'Acrescimo', tipo_valor_ajuste: 'Valor', valor_ajuste: 2.5, filiais: [ids.branch2],
    }, manager);
    expect(created.json).toMatchObject({ meio_pagamento: '15', tecla_atalho: 'Ctrl+B', obrigar_conta: true, valor_ajuste: 2.5, filiais: [ids.branch2] });
    const id = created.json['id_meio_pagamento'];
    const moved = await expectOk(t, 'paymentMethodUpdate', { id_meio_pagamento: id, filiais: [ids.branch1, ids.branch2] }, manager);
    expect(moved.json['filiais']).toEqual([ids.branch1, ids.branch2]);
    const byId = await expectOk(t, 'paymentMethodFindById', { id_meio_pagamento: id }, manager);
    expect(byId.json['filiais']).toEqual([ids.branch1, ids.branch2]);
    // Unchanged when the body does not name them.
    await expectOk(t, 'paymentMethodUpdate', { id_meio_pagamento: id, descricao: 'Boleto em parcelas' }, manager);
    expect((await expectOk(t, 'paymentMethodFindById', { id_meio_pagamento: id }, manager)).json['filiais']).toEqual([ids.branch1, ids.branch2]);
  });

  it('refuses a shortcut key another live method of the organization has, naming it; a deleted one frees it', async () => {
    await expectOk(t, 'paymentMethodCreate', { descricao: 'Vale troca', meio_pagamento: '99', tecla_atalho: 'Alt+V' }, manager);
    const before = await t.db.system(async (tx) => Number((await tx.query('SELECT count(*) AS n FROM meio_pagamento')).rows[0]?.['n']));
    expectRefused(await post('/payment_method/create', { descricao: 'Outro', meio_pagamento: '99', tecla_atalho: 'alt+v' }), M.shortcutInUse('alt+v', 'Vale troca'));
    expect(await t.db.system(async (tx) => Number((await tx.query('SELECT count(*) AS n FROM meio_pagamento')).rows[0]?.['n']))).toBe(before);
    // Another organization may use it.
    await expectOk(t, 'paymentMethodCreate', { descricao: 'Vale troca', meio_pagamento: '99', tecla_atalho: 'Alt+V' }, other);
    // Changing another method to it is refused too.
    const second = await expectOk(t, 'paymentMethodCreate', { descricao: 'Vale troca 2', meio_pagamento: '99', tecla_atalho: 'Alt+W' }, manager);
    expectRefused(await put('/payment_method/update', { id_meio_pagamento: second.json['id_meio_pagamento'], tecla_atalho: 'Alt+V' }), M.shortcutInUse('Alt+V', 'Vale troca'));
    await expectOk(t, 'paymentMethodDelete', { id_meio_pagamento: second.json['id_meio_pagamento'] }, manager);
    await expectOk(t, 'paymentMethodCreate', { descricao: 'Vale troca 3', meio_pagamento: '99', tecla_atalho: 'Alt+W' }, manager);
  });

  it('refuses options that contradict each other', async () => {
    // Forcing installments is using them; leaving them while still forced is refused.
    const forced = await expectOk(t, 'paymentMethodCreate', { descricao: 'Carnê obrigatório', meio_pagamento: '05', obrigar_parcelamento: true }, manager);
    expect(forced.json).toMatchObject({ obrigar_parcelamento: true, utilizar_parcela: true });
    expectRefused(await put('/payment_method/update', { id_meio_pagamento: forced.json['id_meio_pagamento'], utilizar_parcela: false }), M.forcedInstallmentsUnused);
    expectRefused(await post('/payment_method/create', { descricao: 'X', meio_pagamento: '01', tipo_ajuste: 'Desconto', valor_ajuste: 5 }), M.adjustmentTypeRequired);
    // A value without a kind of adjustment is no adjustment.
    const none = await expectOk(t, 'paymentMethodCreate', { descricao: 'Sem ajuste', meio_pagamento: '01', tipo_valor_ajuste: 'Valor', valor_ajuste: 5 }, manager);
    expect(none.json).toMatchObject({ tipo_ajuste: null, tipo_valor_ajuste: null, valor_ajuste: 0 });
    expectRefused(
      await post('/payment_method/create', { descricao: 'X', meio_pagamento: '01', tipo_ajuste: 'Desconto', tipo_valor_ajuste: 'Percentual', valor_ajuste: 150 }),
      M.adjustmentPercentTooHigh,
    );
    const code = await post('/payment_method/create', { descricao: 'X', meio_pagamento: '07' });
    expect(code.status).toBe(400);
  });

  it('refuses rows of another organization: account, card operator, plan and branches', async () => {
    expectRefused(await post('/payment_method/create', { descricao: 'X', meio_pagamento: '17', id_conta: foreign.id_conta }), M.accountNotFound);
    expectRefused(await post('/payment_method/create', { descricao: 'X', meio_pagamento: '17', filiais: [foreign.id_filial] }), M.branchNotFound);
    expectRefused(await post('/payment_method/create', { descricao: 'X', meio_pagamento: '03', id_operadora_cartao: 999_999 }), M.cardOperatorNotFound);
    expectRefused(await post('/payment_method/create', { descricao: 'X', meio_pagamento: '03', id_parcelamento: 999_999 }), M.installmentPlanNotFound);
    // And another organization's method is not found at all.
    const mine = await expectOk(t, 'paymentMethodCreate', { descricao: 'Só nosso', meio_pagamento: '01' }, manager);
    const theirs = await put('/payment_method/update', { id_meio_pagamento: mine.json['id_meio_pagamento'], descricao: 'Deles' }, other);
    expect(theirs.status).toBe(404);
    expect((await post('/payment_method/delete', { id_meio_pagamento: mine.json['id_meio_pagamento'] }, other)).status).toBe(404);
  });

  it('a read-only user lists and opens, but cannot write', async () => {
    await expectOk(t, 'paymentMethodFind', {}, cashier);
    const res = await post('/payment_method/create', { descricao: 'Do caixa', meio_pagamento: '01' }, cashier);
    expect(res.status).toBe(403);
    expect(res.json['message']).toBe(MESSAGES.forbidden);
    for (const [path, body] of [
      ['/bank_account/create', { descricao: 'Do caixa' }],
      ['/installment/create', { descricao: 'Do caixa' }],
      ['/card_operator/create', { nome: 'Do caixa' }],
      ['/cost_center/create', { descricao: 'Do caixa' }],
      ['/account_plan/create', { descricao: 'Do caixa' }],
    ] as const) {
      expect((await post(path, body, cashier)).status, path).toBe(403);
    }
  });

  it('a change of the method or of its branches reaches the point of sale’s sync group', async () => {
    const read = async (date_change: string) =>
      (await expectOk(t, 'sync_method_payment', { date_change, limit: 5000 }, manager)).json as { rows: Json[]; date_change: string };
    await settle(t.db);
    let mark = (await read('')).date_change;
    const created = await expectOk(t, 'paymentMethodCreate', { descricao: 'PIX do caixa 2', meio_pagamento: '17', tecla_atalho: 'Alt+P', filiais: [ids.branch1] }, manager);
    const id = created.json['id_meio_pagamento'];
    await settle(t.db);
    let page = await read(mark);
    expect(page.rows.find((r) => r['id_meio_pagamento'] === id)).toMatchObject({ descricao: 'PIX do caixa 2', tecla_atalho: 'Alt+P', filiais: [{ id_filial: ids.branch1 }] });
    mark = page.date_change;
    // Only the branch links change: the method comes again, with them.
    await expectOk(t, 'paymentMethodUpdate', { id_meio_pagamento: id, filiais: [ids.branch2] }, manager);
    await settle(t.db);
    page = await read(mark);
    expect(page.rows.find((r) => r['id_meio_pagamento'] === id)?.['filiais']).toEqual([{ id_filial: ids.branch2 }]);
    mark = page.date_change;
    await expectOk(t, 'paymentMethodDelete', { id_meio_pagamento: id }, manager);
    await settle(t.db);
    page = await read(mark);
    expect(page.rows.find((r) => r['id_meio_pagamento'] === id)?.['data_exclusao']).toBeTruthy();
  });
});

describe('bank accounts', () => {
  it('takes an account whose check digits follow its bank (Banco do Brasil, Itaú, Bradesco) and one without a bank', async () => {
    const bb = await expectOk(t, 'bankAccountCreate', { descricao: 'BB movimento', id_banco: 1, agencia: '0001', digito_agencia: '9', numero: '12345678', digito_conta: '9' }, manager);
    expect(bb.json).toMatchObject({ id_banco: 1, agencia: '0001', numero: '12345678', situacao: 'Ativo' });
    await expectOk(t, 'bankAccountCreate', { descricao: 'Bradesco', id_banco: 237, agencia: '0001', digito_agencia: '9', numero: '1234567', digito_conta: '4' }, manager);
    await expectOk(t, 'bankAccountCreate', { descricao: 'Itaú', id_banco: 341, agencia: '2545', numero: '02366', digito_conta: '1' }, manager);
    await expectOk(t, 'bankAccountCreate', { descricao: 'Cofre', chave_pix: 'loja@exemplo.com.br' }, manager);
    const x = await expectOk(t, 'bankAccountCreate', { descricao: 'BB com X', id_banco: 1, agencia: '0001', digito_agencia: '9', numero: '6', digito_conta: 'x' }, manager);
    expect(x.json['digito_conta']).toBe('X');
  });

  it('refuses a wrong check digit naming the right one, letters in the numbers and a bank not in the list', async () => {
    const wrong = await post('/bank_account/create', { descricao: 'Errada', id_banco: 341, agencia: '2545', numero: '02366', digito_conta: '7' });
    expectRefused(wrong, BANK_ACCOUNT_MESSAGES.accountDigitWrong('Itaú Unibanco', '1'));
    expect(wrong.json['erros']).toEqual([`digito_conta: ${BANK_ACCOUNT_MESSAGES.accountDigitWrong('Itaú Unibanco', '1')}`]);
    expectRefused(
      await post('/bank_account/create', { descricao: 'Errada', id_banco: 1, agencia: '0001', digito_agencia: '1', numero: '12345678', digito_conta: '9' }),
      BANK_ACCOUNT_MESSAGES.agencyDigitWrong('Banco do Brasil', '9'),
    );
    const letters = await post('/bank_account/create', { descricao: 'Errada', agencia: '12a4' });
    expect(letters.status).toBe(400);
    expect(JSON.stringify(letters.json)).toContain(REGISTER_MESSAGES.onlyDigits('Agência'));
    expectRefused(await post('/bank_account/create', { descricao: 'Errada', id_banco: 999, agencia: '1', numero: '1' }), BANK_ACCOUNT_MESSAGES.bankNotFound);
    // An update that breaks the digit of what is stored is refused too.
    const ok = await expectOk(t, 'bankAccountCreate', { descricao: 'Itaú 2', id_banco: 341, agencia: '2545', numero: '02366', digito_conta: '1' }, manager);
    expectRefused(await put('/bank_account/update', { id_conta: ok.json['id_conta'], numero: '02367' }), BANK_ACCOUNT_MESSAGES.accountDigitWrong('Itaú Unibanco', '9'));
  });

  it('payment methods and card operators point at accounts with a real foreign key: a used account is not deleted', async () => {
    const conta = await expectOk(t, 'bankAccountCreate', { descricao: 'Conta da maquininha' }, manager);
    const id_conta = conta.json['id_conta'] as number;
    await expectOk(t, 'cardOperatorCreate', { nome: 'Rede X', id_conta }, manager);
    const res = await post('/bank_account/delete', { id_conta });
    expectRefused(res, REGISTER_MESSAGES.inUse('operadoras de cartão'));
    const fks = await t.db.system(async (tx) =>
      (await tx.query<{ t: string }>(
        `SELECT conrelid::regclass::text AS t FROM pg_constraint WHERE contype = 'f' AND confrelid = 'conta_bancaria'::regclass ORDER BY 1`,
      )).rows.map((r) => r.t),
    );
    expect(fks).toEqual(expect.arrayContaining(['meio_pagamento', 'operadora_cartao']));
  });

  it('a sale may name an account of the organization for its payment (the till offers the synced ones)', async () => {
    const f = await loadSaleFixture(t.db);
    const conta = await expectOk(t, 'bankAccountCreate', { descricao: 'Conta do caixa 1' }, manager);
    const body = saleBody(f);
    body.pagamentos = [{ ...body.pagamentos[0]!, id_conta: conta.json['id_conta'] }];
    const sold = await t.call('POST', '/operacao', body, manager);
    expect(sold.status, JSON.stringify(sold.json)).toBe(200);
    const stored = await t.db.system(async (tx) =>
      (await tx.query<{ id_conta: number }>('SELECT id_conta FROM pedido_pagamento WHERE id_pedido = $1', [sold.json['id_pedido']])).rows,
    );
    expect(stored.map((r) => r.id_conta)).toEqual([conta.json['id_conta']]);
  });

  it('is synced to the point of sale’s account store', async () => {
    await settle(t.db);
    const page = await expectOk(t, 'sync_account', { date_change: '', limit: 5000 }, manager);
    const rows = page.json['rows'] as Json[];
    expect(rows.some((r) => r['descricao'] === 'BB movimento')).toBe(true);
    expect(rows.every((r) => r['descricao'] !== 'Caixa da outra loja')).toBe(true);
  });
});

describe('installment plans', () => {
  it('keeps a removed installment as excluded, edits a changed one, adds a new one', async () => {
    const plan = await expectOk(t, 'installmentCreate', {
      descricao: 'Crediário 1x a 3x', tipo_calculo: 'Composto', valor_minimo_parcelamento: 50, valor_minimo_juros: 100,
      parcelas: [
        { parcela: 1, dias_parcela: 30, percentual_acrescimo: 0 },
        { parcela: 2, dias_parcela: 60, percentual_acrescimo: 1.5 },
        { parcela: 3, dias_parcela: 90, percentual_acrescimo: 3 },
      ],
      filiais: [{ id_filial: ids.branch1, is_padrao: false }],
    }, manager);
    const id = plan.json['id_parcelamento'];
    expect(plan.json).toMatchObject({ tipo_calculo: 'Composto', valor_minimo_parcelamento: 50 });
    expect((plan.json['parcelas'] as Json[]).map((p) => p['parcela'])).toEqual([1, 2, 3]);
    const edited = await expectOk(t, 'installmentUpdate', {
      id_parcelamento: id,
      parcelas: [
        { parcela: 1, dias_parcela: 30, percentual_acrescimo: 0 },
        { parcela: 2, dias_parcela: 45, percentual_acrescimo: 1.5 },
      ],
    }, manager);
    expect(edited.json['parcelas']).toEqual([
      { parcela: 1, dias_parcela: 30, percentual_acrescimo: 0 },
      { parcela: 2, dias_parcela: 45, percentual_acrescimo: 1.5 },
    ]);
    const stored = await t.db.system(async (tx) =>
      (await tx.query<{ parcela: number; is_excluido: boolean }>(
        'SELECT parcela, is_excluido FROM parcelamento_parcela WHERE id_parcelamento = $1 ORDER BY parcela', [id],
      )).rows,
    );
    expect(stored).toEqual([{ parcela: 1, is_excluido: false }, { parcela: 2, is_excluido: false }, { parcela: 3, is_excluido: true }]);
  });

  it('refuses installments out of order or repeated, an empty list, two default branches and another organization’s branch', async () => {
    const base = { descricao: 'Ruim' };
    expectRefused(await post('/installment/create', { ...base, parcelas: [{ parcela: 1, dias_parcela: 60, percentual_acrescimo: 0 }, { parcela: 2, dias_parcela: 30, percentual_acrescimo: 0 }] }), M.installmentDaysOrder);
    expectRefused(await post('/installment/create', { ...base, parcelas: [{ parcela: 1, dias_parcela: 30, percentual_acrescimo: 0 }, { parcela: 1, dias_parcela: 60, percentual_acrescimo: 0 }] }), M.installmentNumberRepeated(1));
    expectRefused(await post('/installment/create', { ...base, parcelas: [] }), M.installmentsRequired);
    expectRefused(await post('/installment/create', { ...base, filiais: [{ id_filial: ids.branch1, is_padrao: true }, { id_filial: ids.branch2, is_padrao: true }] }), M.oneDefaultBranch);
    expectRefused(await post('/installment/create', { ...base, filiais: [{ id_filial: foreign.id_filial }] }), M.branchNotFound);
  });

  it('a branch has one default plan: a new default there clears the previous one', async () => {
    const a = await expectOk(t, 'installmentCreate', { descricao: 'Padrão A', filiais: [{ id_filial: ids.branch2, is_padrao: true }] }, manager);
    const b = await expectOk(t, 'installmentCreate', { descricao: 'Padrão B', filiais: [{ id_filial: ids.branch2, is_padrao: true }] }, manager);
    const aNow = await expectOk(t, 'installmentFindById', { id_parcelamento: a.json['id_parcelamento'] }, manager);
    expect(aNow.json['filiais']).toEqual([{ id_filial: ids.branch2, is_padrao: false }]);
    expect(b.json['filiais']).toEqual([{ id_filial: ids.branch2, is_padrao: true }]);
  });

  it('a plan with installments can be deleted; one a payment method uses cannot', async () => {
    const plan = await expectOk(t, 'installmentCreate', { descricao: 'Apagar', parcelas: [{ parcela: 1, dias_parcela: 30, percentual_acrescimo: 0 }], filiais: [{ id_filial: ids.branch1 }] }, manager);
    await expectOk(t, 'installmentDelete', { id_parcelamento: plan.json['id_parcelamento'] }, manager);
    const used = await expectOk(t, 'installmentCreate', { descricao: 'Usado' }, manager);
    await expectOk(t, 'paymentMethodCreate', { descricao: 'Usa o plano', meio_pagamento: '05', utilizar_parcela: true, id_parcelamento: used.json['id_parcelamento'] }, manager);
    expectRefused(await post('/installment/delete', { id_parcelamento: used.json['id_parcelamento'] }), REGISTER_MESSAGES.inUse('meios de pagamento'));
  });
});

describe('card operators', () => {
  it('stores the rates per installment in order and refuses a repeated one or another organization’s person', async () => {
    const op = await expectOk(t, 'cardOperatorCreate', {
      nome: 'Stone', rede: 'Stone', operacao: 'Credito', taxa: 1.99, dias_credito: 30, dia_vencimento: 10, dia_fixo_parcela: 15,
      tipo_calculo_taxa_cartao_credito: 'Parcela', taxas_parcela: [{ parcela: 3, taxa: 4.1 }, { parcela: 2, taxa: 3.5 }],
    }, manager);
    expect(op.json).toMatchObject({ taxa: 1.99, dia_vencimento: 10, dia_fixo_parcela: 15, taxas_parcela: [{ parcela: 2, taxa: 3.5 }, { parcela: 3, taxa: 4.1 }] });
    expectRefused(await post('/card_operator/create', { nome: 'X', taxas_parcela: [{ parcela: 2, taxa: 1 }, { parcela: 2, taxa: 2 }] }), M.rateInstallmentRepeated(2));
    expectRefused(await post('/card_operator/create', { nome: 'X', id_pessoa: foreign.id_pessoa }), M.personNotFound);
    expect((await post('/card_operator/create', { nome: 'X', dia_vencimento: 32 })).status).toBe(400);
  });
});

describe('cost centres and chart of accounts as trees', () => {
  it('numbers the nodes from their parent, moves a branch of the tree with its paths, and refuses a cycle', async () => {
    const mk = async (descricao: string, id_centro_custo_pai: number | null = null) =>
      (await expectOk(t, 'costCenterCreate', { descricao, id_centro_custo_pai, referencia_exibicao: '9.9.9' }, manager)).json;
    const a = await mk('Administrativo');
    const b = await mk('Comercial');
    const a1 = await mk('RH', a['id_centro_custo'] as number);
    const a11 = await mk('Treinamento', a1['id_centro_custo'] as number);
    const root = Number(a['referencia_exibicao']);
    expect(b['referencia_exibicao']).toBe(String(root + 1));
    expect(a1['referencia_exibicao']).toBe(`${root}.1`);
    expect(a11['referencia_exibicao']).toBe(`${root}.1.1`);

    expectRefused(await put('/cost_center/update', { id_centro_custo: a['id_centro_custo'], id_centro_custo_pai: a11['id_centro_custo'] }), M.parentIsDescendant);
    expectRefused(await put('/cost_center/update', { id_centro_custo: a['id_centro_custo'], id_centro_custo_pai: a['id_centro_custo'] }), M.parentIsItself);
    expectRefused(await put('/cost_center/update', { id_centro_custo: a['id_centro_custo'], id_centro_custo_pai: foreign.id_centro_custo }), M.parentNotFound);

    const moved = await expectOk(t, 'costCenterUpdate', { id_centro_custo: a1['id_centro_custo'], id_centro_custo_pai: b['id_centro_custo'] }, manager);
    expect(moved.json['referencia_exibicao']).toBe(`${root + 1}.1`);
    const below = await expectOk(t, 'costCenterFindById', { id_centro_custo: a11['id_centro_custo'] }, manager);
    expect(below.json['referencia_exibicao']).toBe(`${root + 1}.1.1`);
    // A client's path is never taken.
    const kept = await expectOk(t, 'costCenterUpdate', { id_centro_custo: b['id_centro_custo'], referencia_exibicao: '42' }, manager);
    expect(kept.json['referencia_exibicao']).toBe(String(root + 1));
    // A node with live children is not deleted.
    expectRefused(await post('/cost_center/delete', { id_centro_custo: b['id_centro_custo'] }), REGISTER_MESSAGES.inUse('centros de custo abaixo deste'));
  });

  it('the chart of accounts keeps is_recorrente and permitir_lancamento, and lists 30 a page in tree order', async () => {
    const receitas = await expectOk(t, 'accountPlanCreate', { descricao: 'Receitas', tipo: 'Receita', permitir_lancamento: false }, manager);
    const vendas = await expectOk(t, 'accountPlanCreate', {
      descricao: 'Vendas', tipo: 'Receita', id_plano_conta_pai: receitas.json['id_plano_conta'], is_recorrente: true,
    }, manager);
    expect(vendas.json).toMatchObject({ is_recorrente: true, permitir_lancamento: true, referencia_exibicao: `${String(receitas.json['referencia_exibicao'])}.1` });
    const list = await expectOk(t, 'accountPlanFind', {}, manager);
    const refs = (list.json['rows'] as Json[]).map((r) => String(r['referencia_exibicao']));
    expect(refs.indexOf(String(vendas.json['referencia_exibicao']))).toBe(refs.indexOf(String(receitas.json['referencia_exibicao'])) + 1);
    expect((list.json['rows'] as Json[]).length).toBeLessThanOrEqual(30);
  });

  it('lists the tree in its order: a parent before its children, the 2nd child before the 10th', async () => {
    const top = await expectOk(t, 'accountPlanCreate', { descricao: 'Despesas', tipo: 'Despesa' }, manager);
    const id_plano_conta_pai = top.json['id_plano_conta'];
    for (let i = 1; i <= 11; i += 1) await expectOk(t, 'accountPlanCreate', { descricao: `Despesa ${i}`, id_plano_conta_pai }, manager);
    const list = await expectOk(t, 'accountPlanFind', { search: 'Despesa', take: 30 }, manager);
    const root = String(top.json['referencia_exibicao']);
    expect((list.json['rows'] as Json[]).map((r) => r['referencia_exibicao'])).toEqual([root, ...Array.from({ length: 11 }, (_, i) => `${root}.${i + 1}`)]);
    expect((list.json['rows'] as Json[]).every((r) => !('caminho' in r))).toBe(true);
  });
});
