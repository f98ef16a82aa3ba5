/**
 * Issue 25 "Speed", the correctness half: boletos for 1,000 receivables and their remessa through the routes (a single
 * request each, as the modal and the drawer send them), issued in one batch with consecutive nossos números. The time
 * is measured by bench/boleto.bench.ts (`npm run bench -- boleto`), against packages/banking alone: no wall-clock
 * assertion here.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';

let t: TestApp;
let manager: string;
let itau: number;
let config: number;
let docs: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  await t.db.system(async (tx) => {
    itau = (await tx.query<{ id: number }>(`SELECT id_conta AS id FROM conta_bancaria c JOIN organization o USING (id_organization) WHERE o.nome = 'Demo Moda' AND c.id_banco = 341`)).rows[0]!.id;
    const payer = (await tx.query<{ id: number }>(`SELECT p.id_pessoa AS id FROM pessoa p JOIN organization o USING (id_organization)
      WHERE o.nome = 'Demo Moda' AND p.cpf IS NOT NULL AND EXISTS (SELECT 1 FROM pessoa_endereco e WHERE e.id_pessoa = p.id_pessoa AND e.cep IS NOT NULL) ORDER BY 1 LIMIT 1`)).rows[0]!.id;
    docs = (await tx.query<{ id: number }>(`INSERT INTO documento_financeiro (id_organization, id_filial, numero, operacao, valor_documento, valor_atualizado, saldo, data_vencimento, id_pessoa)
      SELECT f.id_organization, f.id_filial, 'BENCH-' || g, 'Entrada', 100 + g, 100 + g, 100 + g, CURRENT_DATE + 20, ${payer}
        FROM filial f JOIN organization o USING (id_organization), generate_series(1, 1000) g
       WHERE o.nome = 'Demo Moda' AND f.codigo_filial = '1' RETURNING id_documento_financeiro AS id`)).rows.map((r) => r.id);
  });
  config = (await expectOk(t, 'boletoConfigCreate', { descricao: 'Bench', id_conta: itau, carteira: '109', valor_multa: 2, valor_juro: 1 }, manager)).json['id_configuracao_boleto'] as number;
}, 120_000);
afterAll(async () => {
  await t.close();
});

it('issues 1,000 boletos in one request, numbered in the order given, and their remessa holds them all', async () => {
  const before = await t.db.system(async (tx) => Number((await tx.query<{ n: number }>('SELECT sequencia_nosso_numero AS n FROM conta_bancaria WHERE id_conta = $1', [itau])).rows[0]!.n));
  const res = await expectOk(t, 'demandCreate', { id_configuracao_boleto: config, documentos: docs }, manager);
  const results = res.json['resultados'] as Array<{ success: boolean; id_documento_financeiro: number; id_boleto: number }>;
  expect(results.filter((r) => r.success)).toHaveLength(1000);
  expect(results.map((r) => r.id_documento_financeiro)).toEqual(docs);
  const issued = await t.db.system(async (tx) => (await tx.query<{ id_boleto: number; id_documento_financeiro: number; nosso_numero: string }>(
    'SELECT id_boleto, id_documento_financeiro, nosso_numero::text AS nosso_numero FROM boleto WHERE id_boleto = ANY($1::int[])', [results.map((r) => r.id_boleto)])).rows);
  const byDoc = new Map(issued.map((b) => [b.id_documento_financeiro, b]));
  // Each result names its own document's boleto, and the numbers follow the documents' order from the account's sequence.
  docs.forEach((d, i) => {
    expect(byDoc.get(d)?.id_boleto).toBe(results[i]!.id_boleto);
    expect(Number(byDoc.get(d)?.nosso_numero)).toBe(before + i);
  });
  const after = await t.db.system(async (tx) => Number((await tx.query<{ n: number }>('SELECT sequencia_nosso_numero AS n FROM conta_bancaria WHERE id_conta = $1', [itau])).rows[0]!.n));
  expect(after).toBe(before + 1000);
  const rem = await expectOk(t, 'demandUpdateRemessa', { id_conta: itau }, manager);
  expect(rem.json['quantidade']).toBe(1000);
  // Itaú CNAB 400: header, one detail (type 1) and one fine record (type 2) per boleto, trailer.
  const lines = String(rem.json['conteudo']).split('\r\n').filter(Boolean);
  expect(lines.filter((l) => l.startsWith('1'))).toHaveLength(1000);
  expect(lines).toHaveLength(2002);
}, 300_000);
