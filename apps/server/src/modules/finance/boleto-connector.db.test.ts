/**
 * Boletos through the shop's local connector (001 §7 Local boleto connector): the server reserves the nossos números
 * (the checks of /demand/create; sent again, the same numbers), records the connector's boletos only when their
 * barcode and linha digitável are what packages/banking builds for the reserved number (a tampered one: 400, nothing
 * written), and stores the connector's remessa only when it is the server's file. The connector is played here by
 * packages/banking, which is what apps/connector calls (e2e/boleto-connector.spec.ts runs the real one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAdapter, nnKey } from '@pdv/banking/bank-adapters';
import { emitirBoleto } from '@pdv/banking/emitir';
import { BOLETO_MESSAGES as M } from '@pdv/domain/boleto';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { remessaPlan, remessaText } from './boletos.ts';

let t: TestApp;
let manager: string;
let other: string;
let noPermission: string;
let itau: number;
let payer: number;
let config: number;

const RUN = String(Date.now() % 100000);
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
type Json = Record<string, unknown>;

async function receivable(fields: Json = {}): Promise<{ id: number; numero: string }> {
  const res = await expectOk(t, 'documentFinancialCreate', { operacao: 'Entrada', valor_documento: 150, data_vencimento: future(20), id_pessoa: payer, ...fields }, manager);
  return { id: res.json['id_documento_financeiro'] as number, numero: String(res.json['numero']) };
}
const count = (sql: string, params: unknown[]) => t.db.system(async (tx) => Number((await tx.query<{ n: string }>(sql, params)).rows[0]?.n ?? 0));
const nextNumber = () => count(`SELECT sequencia_nosso_numero AS n FROM conta_bancaria WHERE id_conta = $1`, [itau]);

/** What the connector answers for a reservation: packages/banking's boleto of each reserved document. */
function connectorBoletos(reserved: Json) {
  const conta = reserved['conta'] as { id_banco: number; agencia: string; digito_agencia: string | null; numero: string; digito_conta: string | null };
  const cfg = reserved['config'] as { cnab: string; carteira: string | null; convenio: string | null; codigo_cedente: string | null; modalidade: string | null; codigo_transmissao: string | null };
  const adapter = bankAdapter(conta.id_banco, cfg.cnab)!;
  const ano = String(reserved['data_documento']).slice(2, 4);
  return (reserved['documentos'] as Json[]).map((d) => {
    const codes = emitirBoleto({ parts: adapter.parts(conta, cfg, Number(d['nosso_numero']), ano), valor: Math.round(Number(d['valor']) * 100), vencimento: String(d['data_vencimento']) });
    return { id_documento_financeiro: Number(d['id_documento_financeiro']), nosso_numero: Number(d['nosso_numero']), codigo_barras: codes.codigoBarras, linha_digitavel: codes.linhaDigitavel };
  });
}

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
  noPermission = await t.login('caixa@demo.com.br');
  await t.db.system(async (tx) => {
    const q = async (sql: string) => Number((await tx.query<{ id: number }>(sql)).rows[0]?.id);
    itau = await q(`SELECT id_conta AS id FROM conta_bancaria c JOIN organization o USING (id_organization) WHERE o.nome = 'Demo Moda' AND c.id_banco = 341`);
    payer = await q(`SELECT p.id_pessoa AS id FROM pessoa p JOIN organization o USING (id_organization)
      WHERE o.nome = 'Demo Moda' AND (p.cpf IS NOT NULL OR p.cnpj IS NOT NULL)
        AND EXISTS (SELECT 1 FROM pessoa_endereco e WHERE e.id_organization = p.id_organization AND e.id_pessoa = p.id_pessoa AND e.cep IS NOT NULL AND e.numero IS NOT NULL AND e.bairro IS NOT NULL)
      ORDER BY p.id_pessoa LIMIT 1`);
  });
  const cfg = await expectOk(t, 'boletoConfigCreate', { descricao: `Itaú conector ${RUN}`, id_conta: itau, carteira: '109', tipo_multa: 'Percentual', valor_multa: 2, tipo_juro: 'Percentual', valor_juro: 1 }, manager);
  config = cfg.json['id_configuracao_boleto'] as number;
});
afterAll(async () => {
  await t.close();
});

describe('boletos issued by the local connector', () => {
  it('reserves one nosso número per eligible document, the same ones when sent again, and records what the connector issued', async () => {
    const a = await receivable();
    const b = await receivable({ valor_documento: 80.5 });
    const payable = await expectOk(t, 'documentFinancialCreate', { operacao: 'Saida', valor_documento: 10, data_vencimento: future(5) }, manager);
    const before = await nextNumber();
    const body = { id_configuracao_boleto: config, documentos: [a.id, b.id, payable.json['id_documento_financeiro'] as number] };
    const first = await expectOk(t, 'demandConnectorReserve', body, manager);
    const out = first.json['resultados'] as Json[];
    expect(out.map((r) => r['success'])).toEqual([true, true, false]);
    expect(out[2]!['error_message']).toBe(M.perDocument(String(payable.json['numero']), M.notEligible));
    expect((first.json['documentos'] as Json[]).map((d) => d['nosso_numero'])).toEqual([before, before + 1]);
    expect(await nextNumber()).toBe(before + 2);
    // Sent again (a lost answer, a second click): the same numbers, none consumed.
    const again = await expectOk(t, 'demandConnectorReserve', body, manager);
    expect((again.json['documentos'] as Json[]).map((d) => d['nosso_numero'])).toEqual([before, before + 1]);
    expect(await nextNumber()).toBe(before + 2);
    expect(await count(`SELECT count(*) AS n FROM boleto WHERE id_documento_financeiro = ANY($1::int[])`, [[a.id, b.id]])).toBe(0);

    const boletos = connectorBoletos(again.json);
    const rec = await expectOk(t, 'demandConnectorRecord', { boletos }, manager);
    expect((rec.json['resultados'] as Json[]).map((r) => r['success'])).toEqual([true, true]);
    const rows = (await expectOk(t, 'demandByDocuments', { documentos: [a.id, b.id] }, manager)).json['rows'] as Json[];
    expect(rows.map((r) => [Number(r['nosso_numero']), r['situacao'], r['codigo_barra']]).sort()).toEqual(
      boletos.map((x) => [x.nosso_numero, 'Pendente', x.codigo_barras]).sort(),
    );
    // A retry of the record answers the same boletos and writes none.
    const retry = await expectOk(t, 'demandConnectorRecord', { boletos }, manager);
    expect((retry.json['resultados'] as Json[]).map((r) => r['id_boleto'])).toEqual((rec.json['resultados'] as Json[]).map((r) => r['id_boleto']));
    expect(await count(`SELECT count(*) AS n FROM boleto WHERE id_documento_financeiro = ANY($1::int[])`, [[a.id, b.id]])).toBe(2);
    // Issued now: reserving again is refused per document as /demand/create refuses it.
    const issued = await expectOk(t, 'demandConnectorReserve', { id_configuracao_boleto: config, documentos: [a.id] }, manager);
    expect((issued.json['resultados'] as Json[])[0]!['error_message']).toBe(M.perDocument(a.numero, M.alreadyIssued));
    expect(await nextNumber()).toBe(before + 2);
  });

  it('refuses a tampered barcode or linha digitável, a number not reserved, and another organization, with nothing written', async () => {
    const a = await receivable({ valor_documento: 45 });
    const reserved = await expectOk(t, 'demandConnectorReserve', { id_configuracao_boleto: config, documentos: [a.id] }, manager);
    const [honest] = connectorBoletos(reserved.json);
    // Another value in the barcode (R$ 1,00 instead of R$ 45,00), with its check digits right: what a dishonest caller would send.
    const cheap = emitirBoleto({ parts: bankAdapter(341, '400')!.parts(reserved.json['conta'] as never, reserved.json['config'] as never, honest!.nosso_numero, String(reserved.json['data_documento']).slice(2, 4)), valor: 100, vencimento: String((reserved.json['documentos'] as Json[])[0]!['data_vencimento']) });
    const tampered = await t.call('POST', '/demand/connector-record', { boletos: [{ ...honest, codigo_barras: cheap.codigoBarras, linha_digitavel: cheap.linhaDigitavel }] }, manager);
    expect([tampered.status, tampered.json['message']]).toEqual([400, M.barcodeMismatch(a.numero)]);
    const line = await t.call('POST', '/demand/connector-record', { boletos: [{ ...honest, linha_digitavel: cheap.linhaDigitavel }] }, manager);
    expect([line.status, line.json['message']]).toEqual([400, M.lineMismatch(a.numero)]);
    const unreserved = await t.call('POST', '/demand/connector-record', { boletos: [{ ...honest, nosso_numero: honest!.nosso_numero + 1 }] }, manager);
    expect([unreserved.status, unreserved.json['message']]).toEqual([400, M.reservationMissing(a.numero, honest!.nosso_numero + 1)]);
    const alien = await t.call('POST', '/demand/connector-record', { boletos: [honest] }, other);
    expect(alien.status).toBe(400);
    const alienReserve = await t.call('POST', '/demand/connector-reserve', { id_configuracao_boleto: config, documentos: [a.id] }, other);
    expect([alienReserve.status, alienReserve.json['message']]).toEqual([400, M.noConfig]);
    // Another organization's document in the manager's reservation: no such document here, no number drawn.
    const theirs = await expectOk(t, 'documentFinancialCreate', { operacao: 'Entrada', valor_documento: 10, data_vencimento: future(5) }, other);
    const theirId = theirs.json['id_documento_financeiro'] as number;
    const before = await nextNumber();
    const foreign = await expectOk(t, 'demandConnectorReserve', { id_configuracao_boleto: config, documentos: [theirId] }, manager);
    expect(foreign.json['resultados']).toEqual([expect.objectContaining({ success: false, error_message: M.perDocument(String(theirId), M.noFinancialDocument) })]);
    expect(foreign.json['documentos']).toEqual([]);
    expect(await nextNumber()).toBe(before);
    const foreignRecord = await t.call('POST', '/demand/connector-record', { boletos: [{ ...honest, id_documento_financeiro: theirId }] }, manager);
    expect([foreignRecord.status, foreignRecord.json['message']]).toEqual([400, M.reservationMissing(String(theirId), honest!.nosso_numero)]);
    const forbidden = await t.call('POST', '/demand/connector-reserve', { id_configuracao_boleto: config, documentos: [a.id] }, noPermission);
    expect(forbidden.status).toBe(403);
    expect(await count(`SELECT count(*) AS n FROM boleto WHERE id_documento_financeiro = $1`, [a.id])).toBe(0);
    // The honest answer still records.
    await expectOk(t, 'demandConnectorRecord', { boletos: [honest] }, manager);
    expect(await count(`SELECT count(*) AS n FROM boleto WHERE id_documento_financeiro = $1`, [a.id])).toBe(1);
  });

  it('does not record a boleto whose document is no longer open: the reservation is given up, its number not reused', async () => {
    const a = await receivable({ valor_documento: 60 });
    const reserved = await expectOk(t, 'demandConnectorReserve', { id_configuracao_boleto: config, documentos: [a.id] }, manager);
    const [honest] = connectorBoletos(reserved.json);
    await t.db.system((tx) => tx.query(`UPDATE documento_financeiro SET situacao = 'Quitado', saldo = 0 WHERE id_documento_financeiro = $1`, [a.id]));
    const res = await expectOk(t, 'demandConnectorRecord', { boletos: [honest] }, manager);
    expect((res.json['resultados'] as Json[])[0]).toMatchObject({ success: false, error_message: M.perDocument(a.numero, M.notEligible) });
    expect(await count(`SELECT count(*) AS n FROM boleto WHERE id_documento_financeiro = $1`, [a.id])).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM boleto_reserva WHERE id_documento_financeiro = $1 AND data_descarte IS NOT NULL`, [a.id])).toBe(1);
  });

  it('stores the connector\'s remessa only when it is the server\'s file; gives the retorno header and the known nossos números', async () => {
    const a = await receivable({ valor_documento: 99 });
    const reserved = await expectOk(t, 'demandConnectorReserve', { id_configuracao_boleto: config, documentos: [a.id] }, manager);
    await expectOk(t, 'demandConnectorRecord', { boletos: connectorBoletos(reserved.json) }, manager);
    const req = (await expectOk(t, 'demandConnectorRemessa', { id_conta: itau }, manager)).json;
    expect(req).toMatchObject({ banco: { id_banco: 341, tipo_cobranca: 6, cnab: '400' } });
    const titulos = req['lista_titulos'] as Json[];
    expect(titulos.some((x) => x['numero_documento'] === a.numero && x['especie'] === 'DM' && x['dias_protesto'] === 0)).toBe(true);
    const seq = await count(`SELECT sequencia_arquivo_remessa AS n FROM conta_bancaria WHERE id_conta = $1`, [itau]);
    expect(req['numero_remessa']).toBe(seq);
    const record = { id_conta: itau, numero_remessa: req['numero_remessa'], data_geracao: req['data_geracao'], hora_geracao: req['hora_geracao'] };
    const scope = await t.db.system(async (tx) => (await tx.query<{ org: number; id_filial: number }>(`SELECT id_organization AS org, id_filial FROM documento_financeiro WHERE id_documento_financeiro = $1`, [a.id])).rows[0]!);
    const honest = await t.db.system(async (tx) => remessaText(await remessaPlan(tx, scope, itau), String(req['data_geracao']), Number(req['numero_remessa']), String(req['hora_geracao'])));
    const tampered = await t.call('POST', '/demand/connector-remessa-record', { ...record, conteudo: honest.replace(/0000009900/, '0000000100') }, manager);
    expect([tampered.status, tampered.json['message']]).toEqual([400, M.remessaMismatch]);
    const stale = await t.call('POST', '/demand/connector-remessa-record', { ...record, numero_remessa: seq + 5, conteudo: honest }, manager);
    expect([stale.status, stale.json['message']]).toEqual([400, M.remessaChanged]);
    const alien = await t.call('POST', '/demand/connector-remessa-record', { ...record, conteudo: honest }, other);
    expect(alien.status).toBe(404);
    expect(await count(`SELECT sequencia_arquivo_remessa AS n FROM conta_bancaria WHERE id_conta = $1`, [itau])).toBe(seq);
    const stored = await expectOk(t, 'demandConnectorRemessaRecord', { ...record, conteudo: honest.replace(/\r\n/g, '\n') }, manager);
    expect(stored.json).toMatchObject({ sequencia: seq, conteudo: honest });
    const [row] = (await expectOk(t, 'demandByDocuments', { documentos: [a.id] }, manager)).json['rows'] as Json[];
    expect(row!['situacao']).toBe('RemessaGerada');
    expect(await count(`SELECT sequencia_arquivo_remessa AS n FROM conta_bancaria WHERE id_conta = $1`, [itau])).toBe(seq + 1);

    const account = (await expectOk(t, 'demandConnectorAccount', { id_conta: itau }, manager)).json;
    expect(account).toMatchObject({ banco: { id_banco: 341, tipo_cobranca: 6 }, conta: { agencia: expect.any(String) as string } });
    expect(account['conhecidos']).toContain(nnKey(String(row!['nosso_numero'])));
    const alienAccount = await t.call('POST', '/demand/connector-account', { id_conta: itau }, other);
    expect(alienAccount.status).toBe(404);
  });
});
