import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itauRetorno400 } from '@pdv/banking/testing/retorno-builder';
import { readCnab400 } from '@pdv/banking/cnab400';
import { ITAU_400 } from '@pdv/banking/cnab400-banks';
import { BOLETO_MESSAGES as M } from '@pdv/domain/boleto';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';

let t: TestApp;
let manager: string;
let other: string;
let noPermission: string;
let itau: number;
let payer: number;
let noAddress: number;
let config: number;
let branch2Doc: number;

const RUN = String(Date.now() % 100000);
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
type Json = Record<string, unknown>;

async function receivable(fields: Json = {}): Promise<{ id: number; numero: string }> {
  const res = await expectOk(t, 'documentFinancialCreate', { operacao: 'Entrada', valor_documento: 150, data_vencimento: future(20), id_pessoa: payer, ...fields }, manager);
  return { id: res.json['id_documento_financeiro'] as number, numero: String(res.json['numero']) };
}
const count = (sql: string, params: unknown[]) => t.db.system(async (tx) => Number((await tx.query<{ n: string }>(sql, params)).rows[0]?.n ?? 0));

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
    noAddress = await q(`INSERT INTO pessoa (id_organization, nome, tipo, cpf) SELECT id_organization, 'Sem Endereço ${RUN}', 'F', '52998224725' FROM organization WHERE nome = 'Demo Moda' RETURNING id_pessoa AS id`);
    branch2Doc = await q(`INSERT INTO documento_financeiro (id_organization, id_filial, numero, operacao, valor_documento, valor_atualizado, saldo, data_vencimento, id_pessoa)
      SELECT f.id_organization, f.id_filial, 'B2-${RUN}', 'Entrada', 50, 50, 50, CURRENT_DATE + 10, ${payer} FROM filial f JOIN organization o USING (id_organization)
       WHERE o.nome = 'Demo Moda' AND f.codigo_filial = '2' RETURNING id_documento_financeiro AS id`);
  });
  const cfg = await expectOk(t, 'boletoConfigCreate', { descricao: `Itaú ${RUN}`, id_conta: itau, carteira: '109', tipo_multa: 'Percentual', valor_multa: 2, tipo_juro: 'Percentual', valor_juro: 1, is_padrao: true }, manager);
  config = cfg.json['id_configuracao_boleto'] as number;
});
afterAll(async () => {
  await t.close();
});

describe('boleto configuration', () => {
  it('defaults to 15 days, CNAB 400 and Percentual; one default at a time', async () => {
    const row = (await expectOk(t, 'boletoConfigFindById', { id_configuracao_boleto: config }, manager)).json;
    expect(row).toMatchObject({ dias_expiracao: 15, cnab: '400', tipo_multa: 'Percentual', tipo_juro: 'Percentual', is_padrao: true });
    const second = await expectOk(t, 'boletoConfigCreate', { descricao: `Outra ${RUN}`, id_conta: itau, is_padrao: true }, manager);
    expect(await count(`SELECT count(*) AS n FROM configuracao_boleto WHERE id_configuracao_boleto = $1 AND is_padrao`, [config])).toBe(0);
    await expectOk(t, 'boletoConfigUpdate', { id_configuracao_boleto: config, is_padrao: true }, manager);
    expect(await count(`SELECT count(*) AS n FROM configuracao_boleto WHERE id_configuracao_boleto = $1 AND is_padrao`, [second.json['id_configuracao_boleto']])).toBe(0);
  });

  it('refuses 3 decimals for a Valor fine and more than 100% in pt-BR', async () => {
    const bad = await t.call('POST', '/demand_config/create', { descricao: `Ruim ${RUN}`, id_conta: itau, tipo_multa: 'Valor', valor_multa: 2.125 }, manager);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain(M.valuePlaces('Valor da multa'));
    const pct = await t.call('POST', '/demand_config/create', { descricao: `Ruim2 ${RUN}`, id_conta: itau, tipo_juro: 'Percentual', valor_juro: 1.125 }, manager);
    expect(pct.status).toBe(200);
  });
});

describe('boleto issue', () => {
  it('issues one boleto per eligible document with consecutive nossos números, and a result per document', async () => {
    const a = await receivable();
    const b = await receivable({ valor_documento: 80.5 });
    const payable = await expectOk(t, 'documentFinancialCreate', { operacao: 'Saida', valor_documento: 10, data_vencimento: future(5) }, manager);
    const bare = await receivable({ id_pessoa: noAddress });
    const before = await count(`SELECT sequencia_nosso_numero AS n FROM conta_bancaria WHERE id_conta = $1`, [itau]);
    const valid = await expectOk(t, 'demandValidateCreate', { id_configuracao_boleto: config, documentos: [a.id] }, manager);
    expect((valid.json['resultados'] as Json[])[0]).toMatchObject({ success: true });
    expect(await count(`SELECT count(*) AS n FROM boleto WHERE id_documento_financeiro = $1`, [a.id])).toBe(0);
    const res = await expectOk(t, 'demandCreate', { id_configuracao_boleto: config, documentos: [a.id, b.id, payable.json['id_documento_financeiro'], bare.id, branch2Doc] }, manager);
    const out = res.json['resultados'] as Json[];
    expect(out.map((r) => r['success'])).toEqual([true, true, false, false, false]);
    expect(out[2]!['error_message']).toBe(M.perDocument(String(payable.json['numero']), M.notEligible));
    expect(out[3]!['error_message']).toBe(M.perDocument(bare.numero, M.addressMissing));
    expect(out[4]!['error_message']).toBe(M.perDocument(String(branch2Doc), M.noFinancialDocument));
    expect(await count(`SELECT sequencia_nosso_numero AS n FROM conta_bancaria WHERE id_conta = $1`, [itau])).toBe(before + 2);
    const list = await expectOk(t, 'demandByDocuments', { documentos: [a.id, b.id] }, manager);
    const rows = list.json['rows'] as Json[];
    expect(rows.map((r) => Number(r['nosso_numero'])).sort()).toEqual([before, before + 1]);
    expect(rows.every((r) => r['situacao'] === 'Pendente' && String(r['codigo_barra']).startsWith('3419'))).toBe(true);
    const again = await expectOk(t, 'demandCreate', { id_configuracao_boleto: config, documentos: [a.id] }, manager);
    expect((again.json['resultados'] as Json[])[0]!['error_message']).toBe(M.perDocument(a.numero, M.alreadyIssued));
    const one = await expectOk(t, 'demandGetById', { id_boleto: rows[0]!['id_boleto'] }, manager);
    expect(one.json['id_boleto']).toBe(rows[0]!['id_boleto']);
    const found = await expectOk(t, 'demandFind', { filter: { id_documento_financeiro: a.id } }, manager);
    expect(found.json['count']).toBe(1);
    const pdf = await expectOk(t, 'demandPdf', { id_boleto: rows[0]!['id_boleto'] }, manager);
    expect(Buffer.from(String(pdf.json['pdf_base64']), 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses with the 001 §5 messages: no documents, no configuration, another organization\'s configuration', async () => {
    const a = await receivable();
    const none = await t.call('POST', '/demand/create', { id_configuracao_boleto: config, documentos: [] }, manager);
    expect([none.status, none.json['message']]).toEqual([400, M.noDocuments]);
    const noCfg = await t.call('POST', '/demand/create', { documentos: [a.id] }, manager);
    expect([noCfg.status, noCfg.json['message']]).toEqual([400, M.noConfig]);
    const alien = await t.call('POST', '/demand/create', { id_configuracao_boleto: config, documentos: [a.id] }, other);
    expect(alien.status).toBe(400);
    expect(await count(`SELECT count(*) AS n FROM boleto WHERE id_documento_financeiro = $1`, [a.id])).toBe(0);
    const forbidden = await t.call('POST', '/demand/create', { id_configuracao_boleto: config, documentos: [a.id] }, noPermission);
    expect(forbidden.status).toBe(403);
    const dishonest = await t.call('POST', '/demand/create', { id_configuracao_boleto: config, documentos: [a.id], valor_multa: -1 }, manager);
    expect(dishonest.status).toBe(400);
  });

  it('refuses a bank not homologated here', async () => {
    const till = await t.db.system(async (tx) => Number((await tx.query<{ id: number }>(`SELECT id_conta AS id FROM conta_bancaria c JOIN organization o USING (id_organization) WHERE o.nome = 'Demo Moda' AND c.id_banco IS NULL LIMIT 1`)).rows[0]!.id));
    const cfg = await expectOk(t, 'boletoConfigCreate', { descricao: `Caixa ${RUN}`, id_conta: till }, manager);
    const a = await receivable();
    const res = await t.call('POST', '/demand/create', { id_configuracao_boleto: cfg.json['id_configuracao_boleto'], documentos: [a.id] }, manager);
    expect([res.status, res.json['message']]).toEqual([400, M.bankNotCertified]);
  });
});

describe('remessa and retorno', () => {
  it('makes the remessa of the pending boletos, then a retorno settles one document once', async () => {
    const a = await receivable({ valor_documento: 200 });
    const b = await receivable({ valor_documento: 90 });
    await expectOk(t, 'demandCreate', { id_configuracao_boleto: config, documentos: [a.id, b.id] }, manager);
    const seq = (await expectOk(t, 'bankAccountNextRemessaNumber', { id_conta: itau }, manager)).json['numero'] as number;
    const ourNext = (await expectOk(t, 'bankAccountNextOurNumber', { id_conta: itau }, manager)).json['numero'] as number;
    expect(ourNext).toBeGreaterThan(1);
    const rem = await expectOk(t, 'demandUpdateRemessa', { id_conta: itau }, manager);
    expect(rem.json['sequencia']).toBe(seq);
    const file = String(rem.json['conteudo']);
    expect(file.split('\r\n').filter(Boolean).every((l) => l.length === 400)).toBe(true);
    const parsed = readCnab400(ITAU_400, file);
    const boletos = (await expectOk(t, 'demandByDocuments', { documentos: [a.id, b.id] }, manager)).json['rows'] as Json[];
    expect(boletos.every((r) => r['situacao'] === 'RemessaGerada')).toBe(true);
    const nnA = String(boletos.find((r) => r['id_documento_financeiro'] === a.id)!['nosso_numero']);
    expect(parsed.titulos.map((x) => Number(x.nossoNumero))).toContain(Number(nnA));
    const again = await t.call('POST', '/demand/update-remessa', { id_conta: itau }, manager);
    expect([again.status, again.json['message']]).toEqual([400, M.remessaEmpty]);
    const download = await expectOk(t, 'demandRemessaFile', { id_boleto_remessa: rem.json['id_boleto_remessa'] }, manager);
    expect(download.json['conteudo']).toBe(file);

    const retorno = itauRetorno400('2545', '02366', [{ nossoNumero: nnA, ocorrencia: '06', valorTitulo: 20000, valorPago: 20150, juros: 150, data: future(0) }]);
    const first = await expectOk(t, 'demandRetorno', { id_conta: itau, nome_arquivo: 'RET.RET', conteudo: retorno }, manager);
    expect(first.json).toMatchObject({ aplicado: true, ja_processado: false, baixados: 1 });
    const doc = (await expectOk(t, 'documentFinancialFindById', { id_documento_financeiro: a.id }, manager)).json;
    expect(doc).toMatchObject({ situacao: 'Quitado', saldo: 0 });
    expect((doc['lancamentos'] as Json[]).map((l) => [l['tipo'], l['valor'], l['valor_juros']])).toEqual([['Abertura', 200, 0], ['Baixa', 201.5, 1.5]]);
    const second = await expectOk(t, 'demandRetorno', { id_conta: itau, nome_arquivo: 'RET.RET', conteudo: retorno }, manager);
    expect(second.json).toMatchObject({ ja_processado: true, baixados: 0 });
    // The same payment line in another file (a different header date): the boleto is settled once.
    const lines = retorno.split('\r\n');
    lines[0] = `${lines[0]!.slice(0, 94)}010199${lines[0]!.slice(100)}`;
    const third = await expectOk(t, 'demandRetorno', { id_conta: itau, conteudo: lines.join('\r\n') }, manager);
    expect(third.json['ja_processado']).toBe(false);
    expect(third.json['baixados']).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM documento_financeiro_lancamento WHERE id_documento_financeiro = $1 AND tipo = 'Baixa'`, [a.id])).toBe(1);
  });

  it('applies nothing of a file with an unknown nosso número or of another account, and isolates accounts', async () => {
    const bad = itauRetorno400('2545', '02366', [{ nossoNumero: '99999999', ocorrencia: '06', valorTitulo: 100, valorPago: 100, data: future(0) }]);
    const res = await expectOk(t, 'demandRetorno', { id_conta: itau, conteudo: bad }, manager);
    expect(res.json).toMatchObject({ aplicado: false, baixados: 0 });
    expect((res.json['erros'] as Json[]).length).toBeGreaterThan(0);
    const otherAccount = itauRetorno400('9999', '11111', []);
    const res2 = await expectOk(t, 'demandRetorno', { id_conta: itau, conteudo: otherAccount }, manager);
    expect(res2.json['aplicado']).toBe(false);
    const alien = await t.call('POST', '/demand/ler-retorno', { id_conta: itau, conteudo: bad }, other);
    expect(alien.status).toBe(404);
    const empty = await t.call('POST', '/demand/ler-retorno', { id_conta: itau, conteudo: '' }, manager);
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.json)).toContain(M.fileMissing);
  });

  it('cancels a boleto; another organization sees none of them', async () => {
    const a = await receivable();
    const res = await expectOk(t, 'demandCreate', { id_configuracao_boleto: config, documentos: [a.id] }, manager);
    const id = (res.json['resultados'] as Json[])[0]!['id_boleto'] as number;
    const alien = await t.call('POST', '/demand/get-by-id', { id_boleto: id }, other);
    expect(alien.status).toBe(404);
    const alienPdf = await t.call('POST', '/demand/pdf', { id_boleto: id }, other);
    expect(alienPdf.status).toBe(404);
    const cancelled = await expectOk(t, 'demandUpdate', { id_boleto: id, situacao: 'Cancelado' }, manager);
    expect(cancelled.json['situacao']).toBe('Cancelado');
  });
});

describe('Banco do Brasil (convênio of 7 digits)', () => {
  it('issues with the 17-digit nosso número and writes its CNAB 400 remessa; without a 7-digit convênio it is refused', async () => {
    const bb = await t.db.system(async (tx) => Number((await tx.query<{ id: number }>(`SELECT id_conta AS id FROM conta_bancaria c JOIN organization o USING (id_organization) WHERE o.nome = 'Demo Moda' AND c.id_banco = 1`)).rows[0]!.id));
    const noConvenio = await expectOk(t, 'boletoConfigCreate', { descricao: `BB sem convênio ${RUN}`, id_conta: bb, carteira: '17' }, manager);
    const a = await receivable({ valor_documento: 33.33 });
    const refused = await t.call('POST', '/demand/create', { id_configuracao_boleto: noConvenio.json['id_configuracao_boleto'], documentos: [a.id] }, manager);
    expect([refused.status, refused.json['message']]).toEqual([400, M.bankNotCertified]);
    const cfg = await expectOk(t, 'boletoConfigCreate', { descricao: `BB ${RUN}`, id_conta: bb, carteira: '17', convenio: '1234567' }, manager);
    const res = await expectOk(t, 'demandCreate', { id_configuracao_boleto: cfg.json['id_configuracao_boleto'], documentos: [a.id] }, manager);
    expect((res.json['resultados'] as Json[])[0]).toMatchObject({ success: true });
    const [row] = (await expectOk(t, 'demandByDocuments', { documentos: [a.id] }, manager)).json['rows'] as Json[];
    expect(String(row!['nosso_numero_banco'])).toMatch(/^1234567\d{10}$/);
    expect(String(row!['codigo_barra']).startsWith('0019')).toBe(true);
    const rem = await expectOk(t, 'demandUpdateRemessa', { id_conta: bb }, manager);
    const lines = String(rem.json['conteudo']).split('\r\n').filter(Boolean);
    expect(lines.every((l) => l.length === 400)).toBe(true);
    expect(lines[1]!.slice(63, 80)).toBe(String(row!['nosso_numero_banco']));
  });
});
