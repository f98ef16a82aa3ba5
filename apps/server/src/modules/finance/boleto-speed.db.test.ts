/**
 * Issue 25 "Speed": boletos for 1,000 receivables and their remessa in at most 30 s on this machine, through the
 * routes (a single request each, as the modal and the drawer send them).
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

it('issues 1,000 boletos and their remessa in at most 30 s', async () => {
  const start = performance.now();
  const res = await expectOk(t, 'demandCreate', { id_configuracao_boleto: config, documentos: docs }, manager);
  expect((res.json['resultados'] as Array<{ success: boolean }>).filter((r) => r.success)).toHaveLength(1000);
  const rem = await expectOk(t, 'demandUpdateRemessa', { id_conta: itau }, manager);
  const seconds = (performance.now() - start) / 1000;
  expect(rem.json['quantidade']).toBe(1000);
  console.log(`boletos: 1000 issued and their remessa in ${seconds.toFixed(1)} s`);
  expect(seconds).toBeLessThanOrEqual(30);
}, 120_000);
