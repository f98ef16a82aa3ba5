import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECONCILIATION_MESSAGES as M } from '@pdv/domain/bank-reconciliation';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', '..', 'packages', 'banking', 'src', 'testing', 'ofx');
const itau = readFileSync(join(fixtures, 'itau-1x-1252-utf8.ofx')).toString('base64');
const b64 = (text: string) => Buffer.from(text, 'latin1').toString('base64');
const ofx = (acct: string, trns: Array<[string, string, string]>) => b64(
  `OFXHEADER:100\nDATA:OFXSGML\nCHARSET:1252\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>0341<ACCTID>${acct}</BANKACCTFROM><BANKTRANLIST>`
  + trns.map(([fitid, date, amount]) => `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${date}<TRNAMT>${amount}<FITID>${fitid}<MEMO>Linha ${fitid}</STMTTRN>`).join('')
  + '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
);

let t: TestApp;
let manager: string;
let other: string;
let cashier: string;
let conta: number;
let otherConta: number;
let operatorPerson: number;

type Row = Record<string, unknown> & { id_conta_conciliacao: number; correspondencia: Record<string, unknown> | null };
const RUN = String(Date.now() % 100000);

async function find(body: Record<string, unknown> = {}) {
  const res = await expectOk(t, 'bankReconciliationFind', { id_conta: conta, take: 200, ...body }, manager);
  return res.json as { rows: Row[]; count: number; totais: Record<string, number> };
}

async function paid(operacao: 'Entrada' | 'Saida', valor: number, on: string, id_pessoa?: number): Promise<number> {
  const doc = (await expectOk(t, 'documentFinancialCreate', { operacao, valor_documento: valor, data_vencimento: on, ...(id_pessoa ? { id_pessoa } : {}) }, manager)).json;
  const res = await expectOk(t, 'documentFinancialDischarge', { documentos: [doc['id_documento_financeiro']], valor_total: valor, id_conta: conta, data_pagamento: on }, manager);
  return (res.json['lancamentos'] as Array<{ id_documento_financeiro_lancamento: number }>)[0]!.id_documento_financeiro_lancamento;
}

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
  cashier = await t.login('caixa@demo.com.br');
  await t.db.system(async (tx) => {
    const q = async (sql: string) => Number((await tx.query<{ id: number }>(sql)).rows[0]?.id);
    conta = await q(`INSERT INTO conta_bancaria (id_organization, descricao, numero, digito_conta) SELECT id_organization, 'Itaú conciliação ${RUN}', '12345', '6'
      FROM organization WHERE nome = 'Demo Moda' RETURNING id_conta AS id`);
    otherConta = await q(`INSERT INTO conta_bancaria (id_organization, descricao, numero) SELECT id_organization, 'Conta alheia ${RUN}', '999'
      FROM usuario WHERE email = 'outra@demo.com.br' RETURNING id_conta AS id`);
    operatorPerson = await q(`INSERT INTO pessoa (id_organization, nome, tipo, is_operadora_cartao) SELECT id_organization, 'Adquirente ${RUN}', 'J', true
      FROM organization WHERE nome = 'Demo Moda' RETURNING id_pessoa AS id`);
    await tx.query(`INSERT INTO operadora_cartao (id_organization, nome, id_pessoa, id_conta) SELECT id_organization, 'Adquirente ${RUN}', $1, $2
      FROM organization WHERE nome = 'Demo Moda'`, [operatorPerson, conta]);
  });
});
afterAll(async () => {
  await t.close();
});

let receipt: number;
let payment: number;

describe('bank conciliation', () => {
  it('imports an OFX statement once: the same file again adds no line', async () => {
    receipt = await paid('Entrada', 1500, '2026-03-04');
    payment = await paid('Saida', 1234.56, '2026-03-10');
    const first = await expectOk(t, 'bankReconciliationImport', { id_conta: conta, nome_arquivo: 'extrato.ofx', conteudo_base64: itau }, manager);
    expect(first.json).toEqual({ banco: '0341', agencia: '1234', conta: '0012345-6', data_inicio: '2026-03-01', data_fim: '2026-03-20', quantidade: 3, novas: 3, ja_importadas: 0 });
    const again = await expectOk(t, 'bankReconciliationImport', { id_conta: conta, conteudo_base64: itau }, manager);
    expect(again.json).toMatchObject({ quantidade: 3, novas: 0, ja_importadas: 3 });
  });

  it('lists the lines newest first with the launch each one matches, and the unmatched one without', async () => {
    const list = await find();
    expect(list.rows.map((r) => [r['data_emissao_nfe'], r['valor'], r['situacao']])).toEqual([
      ['2026-03-11', -12.5, 'Pendente'], ['2026-03-10', -1234.56, 'Pendente'], ['2026-03-05', 1500, 'Pendente'],
    ]);
    expect(list.rows.map((r) => r.correspondencia?.['id_documento_financeiro_lancamento'] ?? null)).toEqual([null, payment, receipt]);
    expect(list.rows[1]!.correspondencia).toMatchObject({ tipo: 'Lancamento', data: '2026-03-10', valor: -1234.56 });
    expect(list.totais).toEqual({ sugeridas: 2, sem_correspondencia: 1, conciliadas: 0 });
    expect((await find({ visao: 'sem_correspondencia' })).rows.map((r) => r['valor'])).toEqual([-12.5]);
    expect((await find({ take: 1, skip: 1 })).rows.map((r) => r['valor'])).toEqual([-1234.56]);
  });

  it('confirms two lines; the unmatched line stays visible and a re-import proposes nothing twice', async () => {
    const list = await find({ visao: 'sugeridas' });
    for (const r of list.rows) {
      const ok = await expectOk(t, 'bankReconciliationConfirm', { id_conta_conciliacao: r.id_conta_conciliacao, id_documento_financeiro_lancamento: r.correspondencia!['id_documento_financeiro_lancamento'] }, manager);
      expect(ok.json).toMatchObject({ situacao: 'Conciliado', correspondencia: { id_documento_financeiro_lancamento: r.correspondencia!['id_documento_financeiro_lancamento'] } });
    }
    await expectOk(t, 'bankReconciliationImport', { id_conta: conta, conteudo_base64: itau }, manager);
    const after = await find();
    expect(after.totais).toEqual({ sugeridas: 0, sem_correspondencia: 1, conciliadas: 2 });
    expect(after.rows.map((r) => r['situacao'])).toEqual(['Pendente', 'Conciliado', 'Conciliado']);
    expect(after.rows[0]!.correspondencia).toBeNull();
    expect(after.rows[2]!['data_conciliacao']).toEqual(expect.any(String));
  });

  it('refuses in pt-BR: a line twice, a launch twice, another amount, no launch or two, and writes nothing', async () => {
    const [unmatched, , done] = (await find()).rows;
    const twice = await t.call('POST', '/bank_conciliation/confirm', { id_conta_conciliacao: done!.id_conta_conciliacao, id_documento_financeiro_lancamento: receipt }, manager);
    expect([twice.status, twice.json['message']]).toEqual([400, M.alreadyReconciled]);
    const taken = await t.call('POST', '/bank_conciliation/confirm', { id_conta_conciliacao: unmatched!.id_conta_conciliacao, id_documento_financeiro_lancamento: receipt }, manager);
    expect([taken.status, taken.json['message']]).toEqual([400, M.candidateNotFound]);
    const small = await paid('Entrada', 7, '2026-03-11');
    // By hand: a payment of the fee's amount 20 days later is offered for the unmatched line, not the R$ 7,00.
    const fee = await paid('Saida', 12.5, '2026-03-31');
    const offered = await expectOk(t, 'bankReconciliationCandidates', { id_conta_conciliacao: unmatched!.id_conta_conciliacao }, manager);
    expect((offered.json['rows'] as Array<Record<string, unknown>>).map((c) => c['id_documento_financeiro_lancamento'])).toEqual([fee]);
    expect((await expectOk(t, 'bankReconciliationCandidates', { id_conta_conciliacao: done!.id_conta_conciliacao }, manager)).json['rows']).toEqual([]);
    const amount = await t.call('POST', '/bank_conciliation/confirm', { id_conta_conciliacao: unmatched!.id_conta_conciliacao, id_documento_financeiro_lancamento: small }, manager);
    expect([amount.status, amount.json['message']]).toEqual([400, M.valueMismatch]);
    for (const body of [{ id_conta_conciliacao: unmatched!.id_conta_conciliacao }, { id_conta_conciliacao: unmatched!.id_conta_conciliacao, id_documento_financeiro_lancamento: small, id_conta_bancaria_lancamento: 1 }]) {
      const none = await t.call('POST', '/bank_conciliation/confirm', body, manager);
      expect([none.status, none.json['complement']]).toEqual([400, M.chooseOne]);
    }
    const notOfx = await t.call('POST', '/bank_conciliation/import', { id_conta: conta, conteudo_base64: b64('02RETORNO01COBRANCA') }, manager);
    expect([notOfx.status, notOfx.json['message']]).toEqual([400, 'O arquivo não é um extrato OFX.']);
    const otherAccount = await t.call('POST', '/bank_conciliation/import', { id_conta: conta, conteudo_base64: ofx('777-1', [['x', '20260301', '1,00']]) }, manager);
    expect([otherAccount.status, otherAccount.json['message']]).toEqual([400, M.otherAccount]);
    const empty = await t.call('POST', '/bank_conciliation/import', { id_conta: conta, conteudo_base64: '' }, manager);
    expect([empty.status, empty.json['complement']]).toEqual([400, `conteudo_base64: ${M.fileMissing}`]);
    expect((await find()).totais).toEqual({ sugeridas: 0, sem_correspondencia: 1, conciliadas: 2 });
  });

  it('undoes a confirmation and proposes the launch again', async () => {
    const done = (await find({ visao: 'conciliadas' })).rows.find((r) => r.correspondencia?.['id_documento_financeiro_lancamento'] === receipt)!;
    const undone = await expectOk(t, 'bankReconciliationUndo', { id_conta_conciliacao: done.id_conta_conciliacao }, manager);
    expect(undone.json).toMatchObject({ situacao: 'Pendente', correspondencia: { id_documento_financeiro_lancamento: receipt }, data_conciliacao: null });
    const again = await t.call('POST', '/bank_conciliation/undo', { id_conta_conciliacao: done.id_conta_conciliacao }, manager);
    expect([again.status, again.json['message']]).toEqual([400, M.notReconciled]);
  });

  it('matches a card operator\'s expected credit and settles the receivable into the account on confirm', async () => {
    const doc = (await expectOk(t, 'documentFinancialCreate', { operacao: 'Entrada', valor_documento: 89.9, data_vencimento: '2026-03-15', id_pessoa: operatorPerson }, manager)).json;
    await expectOk(t, 'bankReconciliationImport', { id_conta: conta, conteudo_base64: ofx('12345-6', [[`card-${RUN}`, '20260316', '89,90']]) }, manager);
    const line = (await find({ visao: 'sugeridas' })).rows.find((r) => r['fitid'] === `card-${RUN}`)!;
    expect(line.correspondencia).toMatchObject({ tipo: 'Cartao', id_documento_financeiro: doc['id_documento_financeiro'], data: '2026-03-15', valor: 89.9 });
    const ok = await expectOk(t, 'bankReconciliationConfirm', { id_conta_conciliacao: line.id_conta_conciliacao, id_documento_financeiro: doc['id_documento_financeiro'] }, manager);
    expect(ok.json).toMatchObject({ situacao: 'Conciliado', correspondencia: { tipo: 'Lancamento', id_documento_financeiro: doc['id_documento_financeiro'], data: '2026-03-16' } });
    const settled = await expectOk(t, 'documentFinancialFindById', { id_documento_financeiro: doc['id_documento_financeiro'] }, manager);
    expect(settled.json).toMatchObject({ situacao: 'Quitado', saldo: 0 });

    // Undone: the discharge the confirm made is reversed, the receivable is open again and proposed again.
    await expectOk(t, 'bankReconciliationUndo', { id_conta_conciliacao: line.id_conta_conciliacao }, manager);
    const reopened = await expectOk(t, 'documentFinancialFindById', { id_documento_financeiro: doc['id_documento_financeiro'] }, manager);
    expect(reopened.json).toMatchObject({ situacao: 'Aberto', saldo: 89.9 });
    const launches = reopened.json['lancamentos'] as Array<Record<string, unknown>>;
    expect(launches.map((l) => [l['tipo'], l['valor'], l['is_estornado']])).toEqual([['Abertura', 89.9, false], ['Baixa', 89.9, true]]);
    const proposed = (await find({ visao: 'sugeridas' })).rows.find((r) => r['fitid'] === `card-${RUN}`)!;
    expect(proposed.correspondencia).toMatchObject({ tipo: 'Cartao', id_documento_financeiro: doc['id_documento_financeiro'] });
    // Confirmed again: paid once, not twice.
    await expectOk(t, 'bankReconciliationConfirm', { id_conta_conciliacao: line.id_conta_conciliacao, id_documento_financeiro: doc['id_documento_financeiro'] }, manager);
    const again = await expectOk(t, 'documentFinancialFindById', { id_documento_financeiro: doc['id_documento_financeiro'] }, manager);
    expect(again.json).toMatchObject({ situacao: 'Quitado', saldo: 0 });
  });

  it('answers another organization exactly as a row that does not exist', async () => {
    const line = (await find()).rows[0]!;
    for (const [path, body] of [
      ['/bank_conciliation/find', { id_conta: conta }],
      ['/bank_conciliation/import', { id_conta: conta, conteudo_base64: itau }],
      ['/bank_conciliation/confirm', { id_conta_conciliacao: line.id_conta_conciliacao, id_documento_financeiro_lancamento: receipt }],
      ['/bank_conciliation/undo', { id_conta_conciliacao: line.id_conta_conciliacao }],
      ['/bank_conciliation/candidates', { id_conta_conciliacao: line.id_conta_conciliacao }],
    ] as const) {
      const theirs = await t.call('POST', path, body, other);
      expect([path, theirs.status]).toEqual([path, 404]);
    }
    const foreignAccount = await t.call('POST', '/bank_conciliation/import', { id_conta: otherConta, conteudo_base64: itau }, manager);
    expect(foreignAccount.status).toBe(404);
    const mine = await t.call('POST', '/bank_conciliation/import', { id_conta: otherConta, conteudo_base64: itau }, other);
    expect([mine.status, mine.json['message']]).toEqual([400, M.otherAccount]);
    const forbidden = await t.call('POST', '/bank_conciliation/confirm', { id_conta_conciliacao: line.id_conta_conciliacao, id_documento_financeiro_lancamento: receipt }, cashier);
    expect(forbidden.status).toBe(403);
  });
});

describe('cash flow by day', () => {
  it('gives each day its money in and out, the expected documents, and the opening and closing balances', async () => {
    const res = await expectOk(t, 'documentFinancialCashFlow', { data_inicio: '2026-03-01', data_fim: '2026-03-31', id_conta: conta }, manager);
    const flow = res.json as { saldo_inicial: number; saldo_final: number; dias: Array<Record<string, unknown>>; totais: Record<string, number> };
    expect(flow.saldo_inicial).toBe(0);
    expect(flow.dias).toHaveLength(31);
    const day = (d: string) => flow.dias.find((x) => x['data'] === d)!;
    expect(day('2026-03-04')).toMatchObject({ entradas: 1500, saidas: 0, saldo: 1500 });
    expect(day('2026-03-10')).toMatchObject({ entradas: 0, saidas: 1234.56, saldo: 265.44 });
    expect(day('2026-03-16')).toMatchObject({ entradas: 89.9 });
    expect([flow.totais['entradas'], flow.totais['saidas']]).toEqual([1596.9, 1247.06]);
    expect(flow.saldo_final).toBe(349.84);
    const april = await expectOk(t, 'documentFinancialCashFlow', { data_inicio: '2026-04-01', data_fim: '2026-04-02', id_conta: conta }, manager);
    expect(april.json).toMatchObject({ saldo_inicial: 349.84, saldo_final: 349.84 });
  });

  it('adds the open receivables and payables to the forecast on their due dates', async () => {
    await expectOk(t, 'documentFinancialCreate', { operacao: 'Entrada', valor_documento: 300, data_vencimento: '2031-05-10' }, manager);
    await expectOk(t, 'documentFinancialCreate', { operacao: 'Saida', valor_documento: 120, data_vencimento: '2031-05-11' }, manager);
    const res = await expectOk(t, 'documentFinancialCashFlow', { data_inicio: '2031-05-10', data_fim: '2031-05-11', id_conta: conta }, manager);
    const flow = res.json as { saldo_inicial: number; dias: Array<Record<string, number>>; saldo_final_previsto: number };
    expect(flow.dias.map((d) => [d['a_receber'], d['a_pagar']])).toEqual([[300, 0], [0, 120]]);
    expect(Math.round(flow.saldo_final_previsto * 100)).toBe(Math.round(flow.saldo_inicial * 100) + 18000);
  });

  it('refuses a reversed, too long or impossible period in pt-BR and another organization\'s account as missing', async () => {
    const reversed = await t.call('POST', '/document-financial/cash-flow', { data_inicio: '2026-03-10', data_fim: '2026-03-01' }, manager);
    expect([reversed.status, reversed.json['complement']]).toEqual([400, `data_fim: ${M.periodInvalid}`]);
    const long = await t.call('POST', '/document-financial/cash-flow', { data_inicio: '2026-01-01', data_fim: '2027-06-01' }, manager);
    expect([long.status, long.json['message']]).toEqual([400, M.periodTooLong]);
    const impossible = await t.call('POST', '/document-financial/cash-flow', { data_inicio: '2026-02-30', data_fim: '2026-03-01' }, manager);
    expect(impossible.status).toBe(400);
    const theirs = await t.call('POST', '/document-financial/cash-flow', { data_inicio: '2026-03-01', data_fim: '2026-03-31', id_conta: conta }, other);
    expect(theirs.status).toBe(404);
  });
});

describe('a reversed discharge', () => {
  it('gives its confirmed line back to Pendente, without a proposal', async () => {
    const line = (await find({ visao: 'conciliadas' })).rows.find((r) => r.correspondencia?.['id_documento_financeiro_lancamento'] === payment)!;
    await expectOk(t, 'documentFinancialLaunchCancel', { id_documento_financeiro_lancamento: payment, observacao: 'Pago em duplicidade' }, manager);
    const after = (await find()).rows.find((r) => r.id_conta_conciliacao === line.id_conta_conciliacao)!;
    expect(after).toMatchObject({ situacao: 'Pendente', correspondencia: null, data_conciliacao: null });
  });
});
