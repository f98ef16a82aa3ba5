import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINANCE_MESSAGES } from '@pdv/domain/financial-document';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { insertReceivable, reverseInvoiceReceivables } from './service.ts';
import { backfillOpeningLaunches } from '../../db/migrations/034_financial_opening_launch.ts';

let t: TestApp;
let manager: string;
let other: string;
let noPermission: string;
let conta: number;
let otherConta: number;
let branch2Doc: number;
let pessoa: number;

const RUN = String(Date.now() % 100000);
const thisMonth = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 8);
const due = (day: number) => `${thisMonth()}${String(day).padStart(2, '0')}`;

type Doc = Record<string, unknown> & { id_documento_financeiro: number; lancamentos: Array<Record<string, unknown>> };

/** The discharges among a document's launches (the first launch of each is its opening, tipo Abertura). */
const baixas = (launches: unknown) => (launches as Array<Record<string, unknown>>).filter((l) => l['tipo'] === 'Baixa');

async function create(fields: Record<string, unknown> = {}, token = manager): Promise<Doc> {
  const res = await expectOk(t, 'documentFinancialCreate', { operacao: 'Saida', valor_documento: 100, data_vencimento: due(10), ...fields }, token);
  return res.json as Doc;
}

async function rowCount(sql: string, params: unknown[] = []): Promise<number> {
  return t.db.system(async (tx) => Number((await tx.query<{ n: string }>(sql, params)).rows[0]?.n ?? 0));
}

async function byId(id: number): Promise<Doc> {
  return (await expectOk(t, 'documentFinancialFindById', { id_documento_financeiro: id }, manager)).json as Doc;
}

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
  noPermission = await t.login('caixa@demo.com.br');
  await t.db.system(async (tx) => {
    const q = async (sql: string) => Number((await tx.query<{ id: number }>(sql)).rows[0]?.id);
    conta = await q(`INSERT INTO conta_bancaria (id_organization, descricao) SELECT id_organization, 'Banco teste ${RUN}' FROM organization WHERE nome = 'Demo Moda' RETURNING id_conta AS id`);
    otherConta = await q(`INSERT INTO conta_bancaria (id_organization, descricao) SELECT id_organization, 'Conta alheia' FROM organization WHERE nome <> 'Demo Moda' ORDER BY id_organization LIMIT 1 RETURNING id_conta AS id`);
    pessoa = await q(`SELECT id_pessoa AS id FROM pessoa p JOIN organization o USING (id_organization) WHERE o.nome = 'Demo Moda' ORDER BY id_pessoa LIMIT 1`);
    branch2Doc = await q(`INSERT INTO documento_financeiro (id_organization, id_filial, numero, operacao, valor_documento, valor_atualizado, saldo, data_vencimento)
      SELECT f.id_organization, f.id_filial, 'FIL2-${RUN}', 'Saida', 50, 50, 50, CURRENT_DATE FROM filial f JOIN organization o USING (id_organization)
       WHERE o.nome = 'Demo Moda' AND f.codigo_filial = '2' RETURNING id_documento_financeiro AS id`);
  });
});
afterAll(async () => {
  await t.close();
});

describe('financial documents: create, list, update', () => {
  it('creates a payable with the next number and lists it in the current month with totals', async () => {
    const next = (await expectOk(t, 'documentFinancialNextNumber', {}, manager)).json['numero'] as string;
    const doc = await create({ valor_documento: 123.45, id_pessoa: pessoa, observacao: `Aluguel ${RUN}` });
    expect(doc).toMatchObject({ numero: next, sequencia: 1, operacao: 'Saida', situacao: 'Aberto', valor_documento: 123.45, saldo: 123.45, valor_pago: 0 });
    const list = await expectOk(t, 'documentFinancialFind', { search: `Aluguel ${RUN}`, filter: { operacao: 'Saida' } }, manager);
    expect((list.json['rows'] as Doc[]).map((r) => r.id_documento_financeiro)).toEqual([doc.id_documento_financeiro]);
    expect(list.json['totais']).toEqual({ quantidade: 1, valor_documento: 123.45, valor_pago: 0, saldo: 123.45 });
    const values = await expectOk(t, 'documentFinancialFindValues', { search: `Aluguel ${RUN}` }, manager);
    expect(values.json).toEqual({ quantidade: 1, valor_documento: 123.45, valor_pago: 0, saldo: 123.45 });
    const byNumber = await expectOk(t, 'documentFinancialFindByNumber', { numero: next }, manager);
    expect((byNumber.json['rows'] as Doc[]).map((r) => r.id_documento_financeiro)).toContain(doc.id_documento_financeiro);
  });

  it('lists by due date desc, 20 a page, and leaves out other months unless asked', async () => {
    const tag = `Ordem ${RUN}`;
    for (const day of [3, 20, 12]) await create({ observacao: tag, data_vencimento: due(day) });
    await create({ observacao: tag, data_vencimento: '2020-01-15' });
    const list = await expectOk(t, 'documentFinancialFind', { search: tag }, manager);
    expect((list.json['rows'] as Doc[]).map((r) => r['data_vencimento'])).toEqual([due(20), due(12), due(3)]);
    const all = await expectOk(t, 'documentFinancialFind', { search: tag, filter: { data_inicio: '2020-01-01', data_fim: '2099-12-31' } }, manager);
    expect(all.json['count']).toBe(4);
    const page = await expectOk(t, 'documentFinancialFind', {}, manager);
    expect((page.json['rows'] as Doc[]).length).toBeLessThanOrEqual(20);
  });

  it('updates an open document and refuses a duplicate number in pt-BR', async () => {
    const doc = await create();
    const updated = await expectOk(t, 'documentFinancialUpdate', { id_documento_financeiro: doc.id_documento_financeiro, valor_documento: 80, data_vencimento: due(15) }, manager);
    expect(updated.json).toMatchObject({ valor_documento: 80, saldo: 80, data_vencimento: due(15) });
    const second = await create();
    const dup = await t.call('POST', '/document-financial/update', { id_documento_financeiro: second.id_documento_financeiro, numero: doc['numero'], sequencia: 1, valor_documento: 5, data_vencimento: due(1) }, manager);
    expect(dup.status).toBe(400);
    expect(dup.json['message']).toBe(FINANCE_MESSAGES.numberTaken);
  });

  it('refuses bad input with a pt-BR 400 and writes nothing', async () => {
    const before = await rowCount('SELECT count(*) AS n FROM documento_financeiro');
    for (const body of [
      { operacao: 'Saida', valor_documento: 0, data_vencimento: due(1) },
      { operacao: 'Saida', valor_documento: 10.001, data_vencimento: due(1) },
      { operacao: 'Pagar', valor_documento: 10, data_vencimento: due(1) },
      { operacao: 'Saida', valor_documento: 10, data_vencimento: '10/01/2026' },
      { operacao: 'Saida', valor_documento: 10, data_vencimento: due(1), id_pessoa: 999_999 },
    ]) {
      const res = await t.call('POST', '/document-financial/create', body, manager);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(String(res.json['message'])).toMatch(/[ãçéêíóú]|Informe|inválid|valor/i);
    }
    expect(await rowCount('SELECT count(*) AS n FROM documento_financeiro')).toBe(before);
  });
});

describe('discharge and reversal', () => {
  it('discharges partially then fully into a bank account, and reverses the last discharge', async () => {
    const doc = await create({ valor_documento: 100 });
    const first = await expectOk(t, 'documentFinancialDischarge', { documentos: [doc.id_documento_financeiro], valor_total: 30, id_conta: conta }, manager);
    expect((first.json['documentos'] as Doc[])[0]).toMatchObject({ situacao: 'Parcial', saldo: 70, valor_pago: 30 });
    const second = await expectOk(t, 'documentFinancialDischarge', { documentos: [doc.id_documento_financeiro], valor_total: 65, valor_desconto: 5, id_conta: conta }, manager);
    const paid = (second.json['documentos'] as Doc[])[0]!;
    expect(paid).toMatchObject({ situacao: 'Quitado', saldo: 0, valor_pago: 95 });
    const launch = (second.json['lancamentos'] as Array<Record<string, unknown>>)[0]!;
    expect(launch).toMatchObject({ valor: 65, valor_baixado: 70, valor_desconto: 5, id_conta: conta, is_estornado: false });
    const launches = await expectOk(t, 'documentFinancialLaunchFind', { id_documento_financeiro: doc.id_documento_financeiro }, manager);
    expect((launches.json['rows'] as Array<Record<string, unknown>>).map((l) => [l['tipo'], l['valor'], l['valor_baixado']]))
      .toEqual([['Abertura', 100, 0], ['Baixa', 30, 30], ['Baixa', 65, 70]]);

    const reversed = await expectOk(t, 'documentFinancialLaunchCancel', { id_documento_financeiro_lancamento: launch['id_documento_financeiro_lancamento'], observacao: 'Pago em duplicidade' }, manager);
    expect(reversed.json).toMatchObject({ situacao: 'Parcial', saldo: 70, valor_pago: 30 });
    expect(baixas(reversed.json['lancamentos'])[1]).toMatchObject({ is_estornado: true, observacao_estorno: 'Pago em duplicidade' });

    const twice = await t.call('POST', '/document_financial_launch/cancel_document_launch', { id_documento_financeiro_lancamento: launch['id_documento_financeiro_lancamento'], observacao: 'De novo' }, manager);
    expect(twice.status).toBe(400);
    expect(twice.json['message']).toBe(FINANCE_MESSAGES.launchAlreadyReversed);
    expect((await byId(doc.id_documento_financeiro))).toMatchObject({ saldo: 70, situacao: 'Parcial' });
  });

  it('allocates one payment across documents in the order given', async () => {
    const a = await create({ valor_documento: 30 });
    const b = await create({ valor_documento: 50 });
    const res = await expectOk(t, 'documentFinancialDischarge', { documentos: [b.id_documento_financeiro, a.id_documento_financeiro], valor_total: 60, id_conta: conta }, manager);
    expect((res.json['documentos'] as Doc[]).map((d) => [d['situacao'], d['saldo']])).toEqual([['Quitado', 0], ['Parcial', 20]]);
  });

  it('refuses a dishonest discharge above the open balance and writes nothing', async () => {
    const doc = await create({ valor_documento: 40 });
    const launches = await rowCount('SELECT count(*) AS n FROM documento_financeiro_lancamento');
    const res = await t.call('POST', '/document-financial/discharge_document_financial', { documentos: [doc.id_documento_financeiro], valor_total: 40.01, id_conta: conta }, manager);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(FINANCE_MESSAGES.dischargeAboveOpen);
    const repeated = await t.call('POST', '/document-financial/discharge_document_financial', { documentos: [doc.id_documento_financeiro, doc.id_documento_financeiro], valor_total: 80, id_conta: conta }, manager);
    expect(repeated.status).toBe(400);
    expect(await rowCount('SELECT count(*) AS n FROM documento_financeiro_lancamento')).toBe(launches);
    expect(await byId(doc.id_documento_financeiro)).toMatchObject({ saldo: 40, situacao: 'Aberto' });
  });

  it('refuses another organization\'s bank account and an unknown document like a missing one', async () => {
    const doc = await create({ valor_documento: 40 });
    const foreign = await t.call('POST', '/document-financial/discharge_document_financial', { documentos: [doc.id_documento_financeiro], valor_total: 10, id_conta: otherConta }, manager);
    expect(foreign.status).toBe(400);
    expect(foreign.json['message']).toBe(FINANCE_MESSAGES.bankAccountNotFound);
    const theirs = await t.call('POST', '/document-financial/discharge_document_financial', { documentos: [doc.id_documento_financeiro], valor_total: 10, id_conta: conta }, other);
    expect(theirs.status).toBe(400);
  });

  it('charges interest and fine on the open balance of a late document when asked', async () => {
    await t.db.system((tx) => tx.query(`UPDATE filial_configuracao c SET percentual_multa = 2, dias_para_multa = 0, percentual_juros = 3
      FROM usuario u WHERE u.email = 'gerente@demo.com.br' AND c.id_organization = u.id_organization AND c.id_filial = u.id_filial_ativa`));
    try {
      const today = new Date(Date.now() - 3 * 3_600_000);
      const late = new Date(today.getTime() - 10 * 86_400_000).toISOString().slice(0, 10);
      const doc = await create({ valor_documento: 100, data_vencimento: late });
      const found = await byId(doc.id_documento_financeiro);
      // 2% fine and 3% a month for 10 days (1%).
      expect(found).toMatchObject({ valor_multa: 2, valor_juros: 1 });
      const res = await expectOk(t, 'documentFinancialDischarge', { documentos: [doc.id_documento_financeiro], valor_total: 103, calcular_juros_multa: true, id_conta: conta }, manager);
      expect((res.json['lancamentos'] as Array<Record<string, unknown>>)[0]).toMatchObject({ valor: 103, valor_juros: 1, valor_multa: 2, valor_baixado: 100 });
      expect((res.json['documentos'] as Doc[])[0]).toMatchObject({ situacao: 'Quitado', saldo: 0 });
    } finally {
      await t.db.system((tx) => tx.query(`UPDATE filial_configuracao SET percentual_multa = 0, dias_para_multa = 0, percentual_juros = 0`));
    }
  });
});

describe('launches by hand, invoice and report', () => {
  it('creates a launch with typed interest and fine, and changes its note and date only', async () => {
    const doc = await create({ valor_documento: 200 });
    const res = await expectOk(t, 'documentFinancialLaunchCreate', { id_documento_financeiro: doc.id_documento_financeiro, valor: 55, valor_juros: 3, valor_multa: 2, id_conta: conta, observacao: 'Pago no banco' }, manager);
    expect(res.json).toMatchObject({ situacao: 'Parcial', saldo: 150, valor_pago: 55 });
    const launch = baixas(res.json['lancamentos'])[0]!;
    expect(launch).toMatchObject({ valor: 55, valor_juros: 3, valor_multa: 2, valor_baixado: 50, observacao: 'Pago no banco' });
    const updated = await expectOk(t, 'documentFinancialLaunchUpdate', { id_documento_financeiro_lancamento: launch['id_documento_financeiro_lancamento'], observacao: 'Pago na agência', data_efetivacao: due(2) }, manager);
    expect(baixas(updated.json['lancamentos'])[0]).toMatchObject({ observacao: 'Pago na agência', data_efetivacao: due(2), valor: 55 });
    const over = await t.call('POST', '/document_financial_launch/create', { id_documento_financeiro: doc.id_documento_financeiro, valor: 150.01, id_conta: conta }, manager);
    expect(over.status).toBe(400);
    expect(over.json['message']).toBe(FINANCE_MESSAGES.dischargeAboveOpen);
    const theirs = await t.call('POST', '/document_financial_launch/create', { id_documento_financeiro: doc.id_documento_financeiro, valor: 1, id_conta: conta }, other);
    expect(theirs.status).toBe(400);
    expect((await byId(doc.id_documento_financeiro))).toMatchObject({ saldo: 150 });
  });

  it('answers no invoice for a document made by hand', async () => {
    const doc = await create();
    const res = await expectOk(t, 'documentFinancialFindInvoice', { id_documento_financeiro: doc.id_documento_financeiro }, manager);
    expect(res.json).toEqual({ nota_fiscal: null });
  });

  it('reports the filter grouped by due date, summarized or detailed, with totals', async () => {
    const tag = `Relatório ${RUN}`;
    await create({ observacao: tag, valor_documento: 10, data_vencimento: due(5) });
    await create({ observacao: tag, valor_documento: 20, data_vencimento: due(5) });
    await create({ observacao: tag, valor_documento: 30, data_vencimento: due(6) });
    const summary = await expectOk(t, 'documentFinancialFindReport', { search: tag }, manager);
    expect(summary.json).toEqual({
      grupos: [
        { chave: due(5), totais: { quantidade: 2, valor_documento: 30, valor_pago: 0, saldo: 30 }, documentos: [] },
        { chave: due(6), totais: { quantidade: 1, valor_documento: 30, valor_pago: 0, saldo: 30 }, documentos: [] },
      ],
      totais: { quantidade: 3, valor_documento: 60, valor_pago: 0, saldo: 60 },
    });
    const detailed = await t.call('POST', '/document-financial/find_report', { search: tag, agrupamento: 'documento', tipo: 'detalhado' }, manager);
    expect((detailed.json['grupos'] as Array<{ documentos: unknown[] }>).flatMap((g) => g.documentos)).toHaveLength(3);
  });
});

describe('bank account launches', () => {
  it('lists the discharges into and out of an account with its balances, reversed ones left out', async () => {
    const account = await t.db.system(async (tx) => Number((await tx.query<{ id: number }>(
      `INSERT INTO conta_bancaria (id_organization, descricao) SELECT id_organization, 'Extrato ${RUN}' FROM organization WHERE nome = 'Demo Moda' RETURNING id_conta AS id`)).rows[0]?.id));
    const payable = await create({ valor_documento: 40 });
    const receivable = await create({ operacao: 'Entrada', valor_documento: 100, id_pessoa: pessoa });
    await expectOk(t, 'documentFinancialDischarge', { documentos: [receivable.id_documento_financeiro], valor_total: 100, id_conta: account }, manager);
    const paid = await expectOk(t, 'documentFinancialDischarge', { documentos: [payable.id_documento_financeiro], valor_total: 40, id_conta: account }, manager);
    const extra = await expectOk(t, 'documentFinancialLaunchCreate', { id_documento_financeiro: (await create({ operacao: 'Entrada', valor_documento: 5 })).id_documento_financeiro, valor: 5, id_conta: account }, manager);
    await expectOk(t, 'documentFinancialLaunchCancel', { id_documento_financeiro_lancamento: baixas(extra.json['lancamentos'])[0]!['id_documento_financeiro_lancamento'], observacao: 'Errado' }, manager);

    const res = await expectOk(t, 'bankAccountLaunchFind', { id_conta: account }, manager);
    expect((res.json['rows'] as Array<Record<string, unknown>>).map((r) => [r['tipo'], r['valor']])).toEqual([['Credito', 100], ['Debito', 40]]);
    expect(res.json).toMatchObject({ count: 2, saldo_anterior: 0, entradas: 100, saidas: 40, saldo_final: 60 });
    expect((res.json['rows'] as Array<Record<string, unknown>>)[1]!['id_documento_financeiro_lancamento'])
      .toBe((paid.json['lancamentos'] as Array<Record<string, unknown>>)[0]!['id_documento_financeiro_lancamento']);
    const later = await expectOk(t, 'bankAccountLaunchFind', { id_conta: account, data_inicio: '2099-01-01', data_fim: '2099-01-31' }, manager);
    expect(later.json).toMatchObject({ count: 0, saldo_anterior: 60, saldo_final: 60 });
    const movement = await expectOk(t, 'bankAccountMovement', {}, manager);
    expect((movement.json['rows'] as Array<Record<string, unknown>>).find((r) => r['id_conta'] === account)).toMatchObject({ entradas: 100, saidas: 40, saldo_final: 60 });
    const theirs = await t.call('POST', '/bank_account_launch/find', { id_conta: account }, other);
    expect(theirs.status).toBe(404);
  });

  it('transfers between two accounts: a debit in one, a credit in the other, refused between the same or a foreign one', async () => {
    const [from, to] = await t.db.system(async (tx) => (await tx.query<{ id: number }>(
      `INSERT INTO conta_bancaria (id_organization, descricao) SELECT id_organization, d FROM organization, unnest(ARRAY['Origem ${RUN}', 'Destino ${RUN}']) AS d
        WHERE nome = 'Demo Moda' RETURNING id_conta AS id`)).rows.map((r) => Number(r.id)));
    const res = await expectOk(t, 'bankAccountTransfer', { id_conta_origem: from, id_conta_destino: to, valor: 25.5, descricao: 'Reforço de caixa' }, manager);
    expect((res.json['lancamentos'] as Array<Record<string, unknown>>).map((l) => [l['tipo'], l['valor']])).toEqual([['Debito', 25.5], ['Credito', 25.5]]);
    expect((await expectOk(t, 'bankAccountLaunchFind', { id_conta: from }, manager)).json).toMatchObject({ count: 1, saidas: 25.5, saldo_final: -25.5 });
    expect((await expectOk(t, 'bankAccountLaunchFind', { id_conta: to }, manager)).json).toMatchObject({ count: 1, entradas: 25.5, saldo_final: 25.5 });
    const before = await rowCount('SELECT count(*) AS n FROM conta_bancaria_lancamento');
    const same = await t.call('POST', '/bank_account/transfer', { id_conta_origem: from, id_conta_destino: from, valor: 1 }, manager);
    expect(same.status).toBe(400);
    expect(same.json['message']).toBe(FINANCE_MESSAGES.transferSameAccount);
    const foreign = await t.call('POST', '/bank_account/transfer', { id_conta_origem: from, id_conta_destino: otherConta, valor: 1 }, manager);
    expect(foreign.status).toBe(400);
    expect(foreign.json['message']).toBe(FINANCE_MESSAGES.bankAccountNotFound);
    const zero = await t.call('POST', '/bank_account/transfer', { id_conta_origem: from, id_conta_destino: to, valor: 0 }, manager);
    expect(zero.status).toBe(400);
    expect(await rowCount('SELECT count(*) AS n FROM conta_bancaria_lancamento')).toBe(before);

    // Made by mistake: reversed whole, both balances back, once; with a reason; another organization cannot reach it.
    const id_transferencia = res.json['id_transferencia'] as string;
    const listed = async (caller: string) => ((await expectOk(t, 'bankAccountTransferFind', {}, caller)).json['rows'] as Array<Record<string, unknown>>)
      .find((r) => r['id_transferencia'] === id_transferencia);
    expect(await listed(manager)).toMatchObject({
      valor: 25.5, descricao: 'Reforço de caixa', id_conta_origem: from, conta_origem: `Origem ${RUN}`, id_conta_destino: to, conta_destino: `Destino ${RUN}`, is_estornado: false,
    });
    expect(await listed(other)).toBeUndefined();
    const noReason = await t.call('POST', '/bank_account/transfer/cancel', { id_transferencia, observacao: ' ' }, manager);
    expect(noReason.status).toBe(400);
    expect(noReason.json['erros']).toEqual([`observacao: ${FINANCE_MESSAGES.reversalNote}`]);
    const theirs = await t.call('POST', '/bank_account/transfer/cancel', { id_transferencia, observacao: 'Engano' }, other);
    expect([theirs.status, theirs.json['message']]).toEqual([404, FINANCE_MESSAGES.transferNotFound]);
    const undone = await expectOk(t, 'bankAccountTransferCancel', { id_transferencia, observacao: 'Conta errada' }, manager);
    expect((undone.json['lancamentos'] as Array<Record<string, unknown>>).map((l) => l['descricao'])).toEqual([
      'Reforço de caixa (estornada: Conta errada)', 'Reforço de caixa (estornada: Conta errada)',
    ]);
    expect((await expectOk(t, 'bankAccountLaunchFind', { id_conta: from }, manager)).json).toMatchObject({ saldo_final: 0 });
    expect((await expectOk(t, 'bankAccountLaunchFind', { id_conta: to }, manager)).json).toMatchObject({ saldo_final: 0 });
    expect(await listed(manager)).toMatchObject({ is_estornado: true, descricao: 'Reforço de caixa (estornada: Conta errada)' });
    const twice = await t.call('POST', '/bank_account/transfer/cancel', { id_transferencia, observacao: 'De novo' }, manager);
    expect([twice.status, twice.json['message']]).toEqual([400, FINANCE_MESSAGES.transferAlreadyReversed]);
  });
});

describe('banks (001 §7 /bank/find and /bank/find_by_branch)', () => {
  it('lists the banks by code or name, paged, and the banks of a branch\'s live accounts; another branch is 404', async () => {
    const all = await expectOk(t, 'bankFind', { search: '', take: 5, skip: 0 }, manager);
    expect((all.json['rows'] as Array<Record<string, unknown>>)[0]).toEqual({ id_banco: 1, codigo: '001', nome: 'Banco do Brasil' });
    expect(all.json['count']).toBeGreaterThan(5);
    const byName = await expectOk(t, 'bankFind', { search: 'itaú' }, manager);
    expect((byName.json['rows'] as Array<Record<string, unknown>>).map((r) => r['codigo'])).toContain('341');
    const byCode = await expectOk(t, 'bankFind', { search: '237' }, manager);
    expect((byCode.json['rows'] as Array<Record<string, unknown>>).map((r) => r['codigo'])).toEqual(['237']);
    expect((await t.call('POST', '/bank/find', { search: '%' }, manager)).json['count']).toBe(0);

    const [branch, foreignBranch] = await t.db.system(async (tx) => {
      const mine = await tx.query<{ id: number }>(`SELECT f.id_filial AS id FROM filial f JOIN organization o USING (id_organization) WHERE o.nome = 'Demo Moda' AND f.codigo_filial = '1'`);
      await tx.query(`INSERT INTO conta_bancaria (id_organization, descricao, id_banco, id_filial)
        SELECT id_organization, 'Bradesco da loja ${RUN}', 237, $1 FROM organization WHERE nome = 'Demo Moda'`, [mine.rows[0]!.id]);
      const theirs = await tx.query<{ id: number }>(`SELECT f.id_filial AS id FROM filial f JOIN organization o USING (id_organization) WHERE o.nome <> 'Demo Moda' LIMIT 1`);
      return [mine.rows[0]!.id, theirs.rows[0]!.id];
    });
    const banks = await expectOk(t, 'bankFindByBranch', { where: { id_filial: branch } }, manager);
    expect((banks.json['rows'] as Array<Record<string, unknown>>).map((r) => r['codigo'])).toContain('237');
    expect((await t.call('POST', '/bank/find_by_branch', { where: { id_filial: foreignBranch } }, manager)).status).toBe(404);
    expect((await t.call('POST', '/bank/find', {}, noPermission)).status).toBe(403);
  });
});

describe('split and cancel', () => {
  it('splits an open document into instalments adding up to it, and refuses a split that does not add up', async () => {
    const doc = await create({ valor_documento: 100 });
    const bad = await t.call('POST', '/document-financial/split_document', { id_documento_financeiro: doc.id_documento_financeiro, parcelas: [{ valor: 50, data_vencimento: due(10) }, { valor: 49.99, data_vencimento: due(20) }] }, manager);
    expect(bad.status).toBe(400);
    expect(bad.json['message']).toBe(FINANCE_MESSAGES.splitSum);
    const res = await expectOk(t, 'documentFinancialSplit', { id_documento_financeiro: doc.id_documento_financeiro, parcelas: [{ valor: 33.34, data_vencimento: due(10) }, { valor: 33.33, data_vencimento: due(20) }, { valor: 33.33, data_vencimento: due(28) }] }, manager);
    const docs = res.json['documentos'] as Doc[];
    expect(docs.map((d) => [d['numero'], d['sequencia'], d['valor_documento']])).toEqual([[doc['numero'], 1, 33.34], [doc['numero'], 2, 33.33], [doc['numero'], 3, 33.33]]);
  });

  it('cancels one or many documents, reversing their discharges, all or none, and refuses to discharge a cancelled one', async () => {
    const a = await create();
    const b = await create();
    const c = await create();
    const cancelled = await create();
    await expectOk(t, 'documentFinancialCancel', { id_documento_financeiro: cancelled.id_documento_financeiro }, manager);
    await expectOk(t, 'documentFinancialDischarge', { documentos: [c.id_documento_financeiro], valor_total: 10, id_conta: conta }, manager);
    // One of them already cancelled: nothing happens to the others.
    const mixed = await t.call('POST', '/document_financial/cancel_many_document_financial', { ids: [a.id_documento_financeiro, cancelled.id_documento_financeiro] }, manager);
    expect(mixed.status).toBe(400);
    expect(mixed.json['message']).toBe(FINANCE_MESSAGES.alreadyCancelled);
    expect(await byId(a.id_documento_financeiro)).toMatchObject({ situacao: 'Aberto' });

    const one = await expectOk(t, 'documentFinancialCancel', { id_documento_financeiro: a.id_documento_financeiro }, manager);
    expect(one.json).toMatchObject({ situacao: 'Estornado', saldo: 0 });
    // Reversing a whole document marks all its launches reversed (002 §4).
    const many = await expectOk(t, 'documentFinancialCancelMany', { ids: [b.id_documento_financeiro, c.id_documento_financeiro] }, manager);
    const [bb, cc] = many.json['documentos'] as Doc[];
    expect(bb).toMatchObject({ situacao: 'Estornado' });
    expect(cc).toMatchObject({ situacao: 'Estornado', saldo: 0, valor_pago: 0 });
    expect(cc!.lancamentos).toEqual([
      expect.objectContaining({ tipo: 'Abertura', is_estornado: true, observacao_estorno: FINANCE_MESSAGES.documentReversedNote }),
      expect.objectContaining({ tipo: 'Baixa', is_estornado: true, observacao_estorno: FINANCE_MESSAGES.documentReversedNote }),
    ]);

    const res = await t.call('POST', '/document-financial/discharge_document_financial', { documentos: [a.id_documento_financeiro], valor_total: 10, id_conta: conta }, manager);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(FINANCE_MESSAGES.notOpen);
    const again = await t.call('POST', '/document-financial/cancel_document_financial', { id_documento_financeiro: a.id_documento_financeiro }, manager);
    expect(again.json['message']).toBe(FINANCE_MESSAGES.alreadyCancelled);
    const reverse = await t.call('POST', '/document_financial_launch/cancel_document_launch', { id_documento_financeiro_lancamento: cc!.lancamentos[0]!['id_documento_financeiro_lancamento'], observacao: 'De novo' }, manager);
    expect(reverse.status).toBe(400);
    expect(await byId(c.id_documento_financeiro)).toMatchObject({ situacao: 'Estornado', saldo: 0 });
  });
});

describe('opening launch (Abertura, 002 §4)', () => {
  it('a new document has one opening launch with its amount, which pays nothing and follows an edit of the amount', async () => {
    const doc = await create({ valor_documento: 80 });
    expect(doc).toMatchObject({ valor_pago: 0, saldo: 80 });
    expect(doc.lancamentos).toEqual([expect.objectContaining({ tipo: 'Abertura', valor: 80, valor_baixado: 0, id_conta: null, is_estornado: false })]);
    const edited = await expectOk(t, 'documentFinancialUpdate', { id_documento_financeiro: doc.id_documento_financeiro, valor_documento: 90, data_vencimento: due(11) }, manager);
    expect((edited.json as Doc).lancamentos).toEqual([expect.objectContaining({ tipo: 'Abertura', valor: 90 })]);
    // Splitting: the document keeps the first instalment, each new one gets its own opening launch.
    const split = await expectOk(t, 'documentFinancialSplit', { id_documento_financeiro: doc.id_documento_financeiro, parcelas: [
      { valor: 50, data_vencimento: due(11) }, { valor: 40, data_vencimento: due(21) }] }, manager);
    expect((split.json['documentos'] as Doc[]).map((d) => d.lancamentos.map((l) => [l['tipo'], l['valor']]))).toEqual([[['Abertura', 50]], [['Abertura', 40]]]);
  });

  it('reversing the opening launch reverses every launch of the document and cancels it, once', async () => {
    const account = await t.db.system(async (tx) => Number((await tx.query<{ id: number }>(
      `INSERT INTO conta_bancaria (id_organization, descricao) SELECT id_organization, 'Abertura ${RUN}' FROM organization WHERE nome = 'Demo Moda' RETURNING id_conta AS id`)).rows[0]?.id));
    const doc = await create({ valor_documento: 100 });
    await expectOk(t, 'documentFinancialDischarge', { documentos: [doc.id_documento_financeiro], valor_total: 30, id_conta: account }, manager);
    await expectOk(t, 'documentFinancialDischarge', { documentos: [doc.id_documento_financeiro], valor_total: 20, id_conta: account }, manager);
    const opening = (await byId(doc.id_documento_financeiro)).lancamentos.find((l) => l['tipo'] === 'Abertura')!;
    const res = await expectOk(t, 'documentFinancialLaunchCancel', { id_documento_financeiro_lancamento: opening['id_documento_financeiro_lancamento'], observacao: 'Lançado por engano' }, manager);
    expect(res.json).toMatchObject({ situacao: 'Estornado', saldo: 0, valor_pago: 0 });
    expect((res.json as Doc).lancamentos.map((l) => [l['tipo'], l['is_estornado'], l['observacao_estorno']])).toEqual([
      ['Abertura', true, 'Lançado por engano'], ['Baixa', true, 'Lançado por engano'], ['Baixa', true, 'Lançado por engano']]);
    // The discharges left the account's movement with it.
    const moves = await expectOk(t, 'bankAccountLaunchFind', { id_conta: account }, manager);
    expect(moves.json).toMatchObject({ count: 0, entradas: 0, saidas: 0 });
    const twice = await t.call('POST', '/document_financial_launch/cancel_document_launch', { id_documento_financeiro_lancamento: opening['id_documento_financeiro_lancamento'], observacao: 'De novo' }, manager);
    expect(twice.status).toBe(400);
    expect(twice.json['message']).toBe(FINANCE_MESSAGES.launchAlreadyReversed);
    // Another organization's user cannot reach it.
    const fresh = await create();
    const theirs = await t.call('POST', '/document_financial_launch/cancel_document_launch', { id_documento_financeiro_lancamento: fresh.lancamentos[0]!['id_documento_financeiro_lancamento'], observacao: 'Alheio' }, other);
    expect(theirs.status).toBe(404);
    expect(await byId(fresh.id_documento_financeiro)).toMatchObject({ situacao: 'Aberto', saldo: 100 });
  });

  it('a sale\'s receivable has its opening launch, and a cancelled invoice reverses the open ones with it', async () => {
    const nota = 900_000 + Number(RUN);
    const ids = await t.db.system(async (tx) => {
      const [b] = (await tx.query<{ org: number; id_filial: number }>(
        `SELECT f.id_organization AS org, f.id_filial FROM filial f JOIN organization o USING (id_organization) WHERE o.nome = 'Demo Moda' AND f.codigo_filial = '1'`)).rows;
      const [m] = (await tx.query<{ id: number }>('SELECT id_meio_pagamento AS id FROM meio_pagamento WHERE id_organization = $1 ORDER BY 1 LIMIT 1', [b!.org])).rows;
      for (const sequencia of [1, 2]) {
        await insertReceivable(tx, { org: b!.org, id_filial: b!.id_filial, numero: `NF-${RUN}`, sequencia, valor: 2500, vencimento: due(15),
          id_pessoa: pessoa, id_meio_pagamento: m!.id, id_pedido: null, id_nota_fiscal: nota, id_operacao: null });
      }
      const rows = (await tx.query<{ id: number }>('SELECT id_documento_financeiro AS id FROM documento_financeiro WHERE id_nota_fiscal = $1 ORDER BY sequencia', [nota])).rows;
      await reverseInvoiceReceivables(tx, b!.org, nota);
      return rows.map((r) => r.id);
    });
    expect(ids).toHaveLength(2);
    for (const id of ids) {
      const d = await byId(id);
      expect(d).toMatchObject({ situacao: 'Estornado', saldo: 0 });
      expect(d.lancamentos).toEqual([expect.objectContaining({ tipo: 'Abertura', valor: 25, is_estornado: true, observacao_estorno: FINANCE_MESSAGES.documentReversedNote })]);
    }
  });

  it('migration 034 gives the documents made before it their opening launch, reversed with a cancelled document', async () => {
    const [open, cancelled] = await t.db.system(async (tx) => {
      const ins = async (situacao: string, saldo: number) => Number((await tx.query<{ id: number }>(
        `INSERT INTO documento_financeiro (id_organization, id_filial, numero, operacao, situacao, valor_documento, valor_atualizado, saldo, data_vencimento)
         SELECT f.id_organization, f.id_filial, 'OLD-${RUN}', 'Saida', $1, 70, 70, $2, CURRENT_DATE FROM filial f JOIN organization o USING (id_organization)
          WHERE o.nome = 'Demo Moda' AND f.codigo_filial = '1' RETURNING id_documento_financeiro AS id`, [situacao, saldo])).rows[0]?.id);
      return [await ins('Aberto', 70), await ins('Estornado', 0)];
    });
    await t.db.system((tx) => tx.exec(backfillOpeningLaunches));
    await t.db.system((tx) => tx.exec(backfillOpeningLaunches));
    const rows = await t.db.system(async (tx) => (await tx.query(
      `SELECT id_documento_financeiro AS id, tipo, valor::float AS valor, is_estornado FROM documento_financeiro_lancamento
        WHERE id_documento_financeiro = ANY($1) ORDER BY id_documento_financeiro`, [[open, cancelled]])).rows);
    expect(rows).toEqual([{ id: open, tipo: 'Abertura', valor: 70, is_estornado: false }, { id: cancelled, tipo: 'Abertura', valor: 70, is_estornado: true }]);
  });
});

describe('isolation and permission', () => {
  it('hides another branch\'s documents from the active branch', async () => {
    const res = await t.call('POST', '/document-financial/find_by_id', { id_documento_financeiro: branch2Doc }, manager);
    expect(res.status).toBe(404);
    const list = await expectOk(t, 'documentFinancialFind', { search: `FIL2-${RUN}`, filter: { data_inicio: '2000-01-01', data_fim: '2099-12-31' } }, manager);
    expect(list.json['count']).toBe(0);
    const cancel = await t.call('POST', '/document-financial/cancel_document_financial', { id_documento_financeiro: branch2Doc }, manager);
    expect(cancel.status).toBe(404);
  });

  it('hides one organization\'s documents from another', async () => {
    const doc = await create({ observacao: `Isolada ${RUN}` });
    const res = await t.call('POST', '/document-financial/find_by_id', { id_documento_financeiro: doc.id_documento_financeiro }, other);
    expect(res.status).toBe(404);
    const list = await expectOk(t, 'documentFinancialFind', { search: `Isolada ${RUN}` }, other);
    expect(list.json['count']).toBe(0);
  });

  it('answers 404 for the documents of an invoice the branch does not have (routes.db.test.ts proves a real one)', async () => {
    const res = await t.call('POST', '/document-financial/get_documents_by_invoice', { id_nota_fiscal: 999_999 }, manager);
    expect(res.status).toBe(404);
  });

  it('refuses a user without the financial documents permission', async () => {
    const res = await t.call('POST', '/document-financial/create', { operacao: 'Saida', valor_documento: 10, data_vencimento: due(1) }, noPermission);
    expect(res.status).toBe(403);
  });
});
