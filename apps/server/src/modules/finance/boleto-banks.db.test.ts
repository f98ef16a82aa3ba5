/**
 * Every bank homologated on the server besides Itaú and BB (boleto.db.test.ts): a boleto issued through /demand/create
 * whose barcode and linha digitável packages/banking reads back (free field, value, due date, printed nosso número);
 * the remessa generated through /demand/update-remessa read back by the package's parser of that bank's layout; a
 * retorno of that bank paying it settles the document once (the same file again, and the same line in another file,
 * settle nothing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barcodeFromLinha, buildBarcode, dateFromFactor, linhaDigitavel, parseBarcode } from '@pdv/banking/boleto';
import { readCnab400 } from '@pdv/banking/cnab400';
import { readCnab240 } from '@pdv/banking/cnab240';
import { BANRISUL_400, BRADESCO_400, CAIXA_400, SANTANDER_400, UNICRED_400 } from '@pdv/banking/cnab400-banks';
import { SICOOB_240, SICREDI_240 } from '@pdv/banking/cnab240-banks';
import type { Remessa } from '@pdv/banking/cnab-model';
import { buildFreeField, nossoNumeroImpresso, parseFreeField, unicredNossoNumeroDv } from '@pdv/banking/free-field';
import { BANRISUL_RETORNO_400, BRADESCO_RETORNO_400, CAIXA_RETORNO_400, febraban240, SANTANDER_RETORNO_400, UNICRED_RETORNO_400 } from '@pdv/banking/retorno-banks';
import { retorno240, retorno400, type RetornoLine } from '@pdv/banking/testing/retorno-builder';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';

let t: TestApp;
let manager: string;
let payer: number;

const RUN = String(Date.now() % 100000);
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
type Json = Record<string, unknown>;

interface Case {
  nome: string;
  banco: string;
  conta: { agencia: string; digito_agencia?: string; numero: string; digito_conta?: string };
  config: Json;
  cnab: '400' | '240';
  parse: (text: string) => Remessa;
  /** The retorno of this bank paying `lines`, the account named as the bank names it (written by hand here). */
  retorno: (lines: RetornoLine[]) => string;
  /** The nosso número as the retorno carries it, from the remessa's. */
  retornoNn?: (remessaNn: string) => string;
  pago: string;
}

const CASES: Case[] = [
  {
    nome: 'Bradesco', banco: '237', cnab: '400', conta: { agencia: '1234', digito_agencia: '3', numero: '0012345', digito_conta: '6' },
    config: { carteira: '09', codigo_cedente: '4540691' }, parse: (x) => readCnab400(BRADESCO_400, x),
    retorno: (l) => retorno400(BRADESCO_RETORNO_400, '4540691', l), pago: '06',
  },
  {
    nome: 'Santander', banco: '033', cnab: '400', conta: { agencia: '0730', numero: '00035110', digito_conta: '1' },
    config: { carteira: '101', convenio: '7777751', codigo_transmissao: '17777751042700080112' }, parse: (x) => readCnab400(SANTANDER_400, x),
    retorno: (l) => retorno400(SANTANDER_RETORNO_400, '073000035110', l), pago: '06',
  },
  {
    nome: 'Caixa', banco: '104', cnab: '400', conta: { agencia: '1234', numero: '00000123', digito_conta: '0' },
    config: { codigo_cedente: '005507' }, parse: (x) => readCnab400(CAIXA_400, x),
    retorno: (l) => retorno400(CAIXA_RETORNO_400, '1234005507', l), pago: '21',
  },
  {
    nome: 'Banrisul', banco: '041', cnab: '400', conta: { agencia: '1102', numero: '000000015', digito_conta: '0' },
    config: { codigo_cedente: '9000150' }, parse: (x) => readCnab400(BANRISUL_400, x),
    // Banrisul's header leaves the code in zeros; its details carry agência + código + the first NC digit ('46' of 9000150).
    retorno: (l) => retorno400(BANRISUL_RETORNO_400, '110290001504', l, { headerZeros: true }), retornoNn: (nn) => nn.slice(0, 8), pago: '06',
  },
  {
    nome: 'Sicoob', banco: '756', cnab: '240', conta: { agencia: '4327', digito_agencia: '3', numero: '3666', digito_conta: '8' },
    config: { cnab: '240', codigo_cedente: '229385', modalidade: '01' }, parse: (x) => readCnab240(SICOOB_240, x),
    retorno: (l) => retorno240(febraban240('756'), '04327000000003666', l), pago: '06',
  },
  {
    nome: 'Sicredi', banco: '748', cnab: '240', conta: { agencia: '0165', numero: '623', digito_conta: '8' },
    config: { cnab: '240', codigo_cedente: '0206238' }, parse: (x) => readCnab240(SICREDI_240, x),
    retorno: (l) => retorno240(febraban240('748'), '00165000000000623', l), pago: '06',
  },
  {
    nome: 'Unicred', banco: '136', cnab: '400', conta: { agencia: '4205', digito_agencia: '0', numero: '6000156', digito_conta: '6' },
    config: { carteira: '21', codigo_cedente: '20925442' }, parse: (x) => readCnab400(UNICRED_400, x),
    // The retorno carries the nosso número with its check digit.
    retorno: (l) => retorno400(UNICRED_RETORNO_400, '420560001566', l), retornoNn: (nn) => `${nn}${unicredNossoNumeroDv(nn)}`, pago: '06',
  },
];

async function receivable(valor: number): Promise<{ id: number; numero: string }> {
  const res = await expectOk(t, 'documentFinancialCreate', { operacao: 'Entrada', valor_documento: valor, data_vencimento: future(20), id_pessoa: payer }, manager);
  return { id: res.json['id_documento_financeiro'] as number, numero: String(res.json['numero']) };
}
const count = (sql: string, params: unknown[]) => t.db.system(async (tx) => Number((await tx.query<{ n: string }>(sql, params)).rows[0]?.n ?? 0));

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  payer = await t.db.system(async (tx) => Number((await tx.query<{ id: number }>(`SELECT p.id_pessoa AS id FROM pessoa p JOIN organization o USING (id_organization)
      WHERE o.nome = 'Demo Moda' AND (p.cpf IS NOT NULL OR p.cnpj IS NOT NULL)
        AND EXISTS (SELECT 1 FROM pessoa_endereco e WHERE e.id_organization = p.id_organization AND e.id_pessoa = p.id_pessoa AND e.cep IS NOT NULL AND e.numero IS NOT NULL AND e.bairro IS NOT NULL)
      ORDER BY p.id_pessoa LIMIT 1`)).rows[0]!.id));
});
afterAll(async () => {
  await t.close();
});

describe.each(CASES)('$nome ($banco), CNAB $cnab', (c) => {
  it('issues through /demand/create, the package reads the codes back, the remessa parses, a retorno settles once', async () => {
    const id_conta = await t.db.system(async (tx) => Number((await tx.query<{ id: number }>(
      `INSERT INTO conta_bancaria (id_organization, descricao, id_banco, agencia, digito_agencia, numero, digito_conta)
       SELECT id_organization, $1, $2, $3, $4, $5, $6 FROM organization WHERE nome = 'Demo Moda' RETURNING id_conta AS id`,
      [`${c.nome} ${RUN}`, Number(c.banco), c.conta.agencia, c.conta.digito_agencia ?? null, c.conta.numero, c.conta.digito_conta ?? null],
    )).rows[0]!.id));
    // Without its codes the bank cannot issue (001 §5 'Banco não homologado...').
    const bare = await expectOk(t, 'boletoConfigCreate', { descricao: `${c.nome} sem códigos ${RUN}`, id_conta, cnab: c.cnab }, manager);
    const a = await receivable(123.45);
    const refused = await t.call('POST', '/demand/create', { id_configuracao_boleto: bare.json['id_configuracao_boleto'], documentos: [a.id] }, manager);
    expect(refused.status).toBe(400);
    // The other CNAB format than the one this bank is homologated in is refused too.
    const wrongCnab = await expectOk(t, 'boletoConfigCreate', { descricao: `${c.nome} outro CNAB ${RUN}`, id_conta, ...c.config, cnab: c.cnab === '400' ? '240' : '400' }, manager);
    const refused2 = await t.call('POST', '/demand/create', { id_configuracao_boleto: wrongCnab.json['id_configuracao_boleto'], documentos: [a.id] }, manager);
    expect(refused2.status).toBe(400);

    const cfg = await expectOk(t, 'boletoConfigCreate', {
      descricao: `${c.nome} ${RUN}`, id_conta, tipo_multa: 'Percentual', valor_multa: 2, tipo_juro: 'Percentual', valor_juro: 3, ...c.config,
    }, manager);
    expect(cfg.json['cnab']).toBe(c.cnab);
    const b = await receivable(80.1);
    const res = await expectOk(t, 'demandCreate', { id_configuracao_boleto: cfg.json['id_configuracao_boleto'], documentos: [a.id, b.id] }, manager);
    expect((res.json['resultados'] as Json[]).map((r) => [r['success'], r['error_message']])).toEqual([[true, null], [true, null]]);
    const rows = (await expectOk(t, 'demandByDocuments', { documentos: [a.id, b.id] }, manager)).json['rows'] as Json[];
    const row = rows.find((r) => r['id_documento_financeiro'] === a.id)!;

    // Barcode and linha digitável round trip with packages/banking.
    const barcode = String(row['codigo_barra']);
    const fields = parseBarcode(barcode);
    expect(fields).toMatchObject({ bank: c.banco, currency: '9', value: 12345 });
    expect(buildBarcode(fields)).toBe(barcode);
    expect(linhaDigitavel(barcode)).toBe(row['linha_digitavel']);
    expect(barcodeFromLinha(String(row['linha_digitavel']))).toBe(barcode);
    expect(dateFromFactor(fields.factor, future(0))).toBe(row['data_vencimento']);
    const parts = parseFreeField(c.banco, fields.freeField);
    expect(buildFreeField(parts)).toBe(fields.freeField);
    expect(nossoNumeroImpresso(parts)).toBe(row['nosso_numero_banco']);
    expect(Number(String(parts.nossoNumero).slice(-5))).toBe(Number(row['nosso_numero']) % 100000);

    // The remessa through the route, read back by the bank's parser.
    const rem = await expectOk(t, 'demandUpdateRemessa', { id_conta }, manager);
    const file = String(rem.json['conteudo']);
    const width = Number(c.cnab);
    expect(file.endsWith('\r\n')).toBe(true);
    expect(file.split('\r\n').filter(Boolean).every((l) => l.length === width)).toBe(true);
    const parsed = c.parse(file);
    expect(parsed.banco).toBe(c.banco);
    expect(parsed.sequencial === 0 || parsed.sequencial === rem.json['sequencia']).toBe(true);
    expect(parsed.titulos.map((x) => x.valor).sort((x, y) => x - y)).toEqual([8010, 12345]);
    const titulo = parsed.titulos.find((x) => x.valor === 12345)!;
    expect(titulo.ocorrencia).toBe('01');
    expect(titulo.vencimento).toBe(row['data_vencimento']);
    expect(titulo.pagadorDocumento?.replace(/^0+/, '')).toBe(String(row['cnpj_cpf']).replace(/^0+/, ''));
    expect(rows.every((r) => r['situacao'] === 'Pendente')).toBe(true);
    const after = (await expectOk(t, 'demandByDocuments', { documentos: [a.id, b.id] }, manager)).json['rows'] as Json[];
    expect(after.every((r) => r['situacao'] === 'RemessaGerada')).toBe(true);

    // A retorno of this bank pays boleto a (with interest): settled once.
    const nn = (c.retornoNn ?? ((x: string) => x))(titulo.nossoNumero.trim());
    const retorno = c.retorno([{ nossoNumero: nn, ocorrencia: c.pago, valorTitulo: 12345, valorPago: 12500, juros: 155, data: future(0) }]);
    const first = await expectOk(t, 'demandRetorno', { id_conta, nome_arquivo: 'RET', conteudo: retorno }, manager);
    expect(first.json['erros']).toEqual([]);
    expect(first.json).toMatchObject({ aplicado: true, ja_processado: false, baixados: 1 });
    const doc = (await expectOk(t, 'documentFinancialFindById', { id_documento_financeiro: a.id }, manager)).json;
    expect(doc).toMatchObject({ situacao: 'Quitado', saldo: 0 });
    expect((doc['lancamentos'] as Json[]).map((l) => [l['tipo'], l['valor'], l['valor_juros']])).toEqual([['Abertura', 123.45, 0], ['Baixa', 125, 1.55]]);
    const again = await expectOk(t, 'demandRetorno', { id_conta, conteudo: retorno }, manager);
    expect(again.json).toMatchObject({ ja_processado: true, baixados: 0 });
    // The same payment in another file (one more line, a registration of b): nothing is settled twice.
    const nnB = (c.retornoNn ?? ((x: string) => x))(parsed.titulos.find((x) => x.valor === 8010)!.nossoNumero.trim());
    const other = c.retorno([
      { nossoNumero: nn, ocorrencia: c.pago, valorTitulo: 12345, valorPago: 12500, juros: 155, data: future(0) },
      { nossoNumero: nnB, ocorrencia: c.banco === '104' ? '01' : '02', valorTitulo: 8010, data: future(0) },
    ]);
    const third = await expectOk(t, 'demandRetorno', { id_conta, conteudo: other }, manager);
    expect(third.json).toMatchObject({ aplicado: true, ja_processado: false, baixados: 0 });
    expect(await count(`SELECT count(*) AS n FROM documento_financeiro_lancamento WHERE id_documento_financeiro = $1 AND tipo = 'Baixa'`, [a.id])).toBe(1);
    const docB = (await expectOk(t, 'documentFinancialFindById', { id_documento_financeiro: b.id }, manager)).json;
    expect(docB['situacao']).toBe('Aberto');
    // A retorno naming another account applies nothing.
    const alien = await expectOk(t, 'demandRetorno', { id_conta, conteudo: retornoOfAnotherAccount(c, nnB) }, manager);
    expect(alien.json).toMatchObject({ aplicado: false, baixados: 0 });
    expect((await expectOk(t, 'documentFinancialFindById', { id_documento_financeiro: b.id }, manager)).json['situacao']).toBe('Aberto');
  });
});

/** The retorno of `c` with the account identifier changed (digits 9 instead of the account's). */
function retornoOfAnotherAccount(c: Case, nn: string): string {
  const good = c.retorno([{ nossoNumero: nn, ocorrencia: c.pago, valorTitulo: 8010, valorPago: 8010, data: future(0) }]);
  const lines = good.split('\r\n');
  const conta: Record<string, [number, number]> = { '237': [27, 46], '033': [27, 38], '104': [27, 36], '041': [18, 29], '756': [59, 70], '748': [59, 70], '136': [27, 38] };
  const [s, e] = conta[c.banco]!;
  const n = c.banco === '041' ? 1 : 0;
  lines[n] = `${lines[n]!.slice(0, s - 1)}${'9'.repeat(e - s + 1)}${lines[n]!.slice(e)}`;
  return lines.join('\r\n');
}

describe('the demo', () => {
  it("has a Sicoob account with a CNAB 240 configuration that issues and writes its remessa", async () => {
    const cfg = await t.db.system(async (tx) => (await tx.query<{ id: number; id_conta: number }>(
      `SELECT c.id_configuracao_boleto AS id, c.id_conta FROM configuracao_boleto c JOIN organization o USING (id_organization)
        WHERE o.nome = 'Demo Moda' AND c.descricao = 'Sicoob CNAB 240'`)).rows[0]!);
    expect((await expectOk(t, 'boletoConfigFindById', { id_configuracao_boleto: cfg.id }, manager)).json).toMatchObject({ cnab: '240', is_padrao: false });
    const a = await receivable(45);
    const res = await expectOk(t, 'demandCreate', { id_configuracao_boleto: cfg.id, documentos: [a.id] }, manager);
    expect((res.json['resultados'] as Json[])[0]).toMatchObject({ success: true });
    const [row] = (await expectOk(t, 'demandByDocuments', { documentos: [a.id] }, manager)).json['rows'] as Json[];
    expect(String(row!['codigo_barra']).startsWith('7569')).toBe(true);
    const rem = await expectOk(t, 'demandUpdateRemessa', { id_conta: cfg.id_conta }, manager);
    expect(readCnab240(SICOOB_240, String(rem.json['conteudo'])).titulos.map((x) => x.valor)).toContain(4500);
  });
});
