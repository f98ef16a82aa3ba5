/** Discharges under concurrency (PostgreSQL: PGlite runs one transaction at a time). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINANCE_MESSAGES } from '@pdv/domain/financial-document';
import { createTestApp, type TestApp } from '../../testing/app.ts';

let t: TestApp;
let manager: string;
let conta: number;

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  conta = await t.db.system(async (tx) => Number((await tx.query<{ id: number }>(
    `INSERT INTO conta_bancaria (id_organization, descricao) SELECT id_organization, 'Banco concorrência' FROM organization
      WHERE nome = 'Demo Moda' RETURNING id_conta AS id`)).rows[0]?.id));
});
afterAll(async () => {
  await t.close();
});

describe('discharges under concurrency (PostgreSQL)', () => {
  it('20 parallel discharges of R$ 10,00 on a R$ 100,00 document: exactly 10 pass, the balance ends at zero, never below', async () => {
    const created = await t.call('POST', '/document-financial/create', { operacao: 'Saida', valor_documento: 100, data_vencimento: '2026-01-10' }, manager);
    expect(created.status).toBe(200);
    const id = created.json['id_documento_financeiro'] as number;
    const results = await Promise.all(Array.from({ length: 20 }, () =>
      t.call('POST', '/document-financial/discharge_document_financial', { documentos: [id], valor_total: 10, id_conta: conta }, manager)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    for (const refused of results.filter((r) => r.status !== 200)) {
      expect(refused.status).toBe(400);
      expect([FINANCE_MESSAGES.dischargeAboveOpen, FINANCE_MESSAGES.notOpen]).toContain(refused.json['message']);
    }
    const { rows } = await t.db.system((tx) => tx.query<{ saldo: string; situacao: string; pago: string; n: string }>(
      `SELECT d.saldo::text AS saldo, d.situacao, sum(l.valor)::text AS pago, count(l.*)::text AS n
         FROM documento_financeiro d JOIN documento_financeiro_lancamento l USING (id_organization, id_documento_financeiro)
        WHERE d.id_documento_financeiro = $1 AND l.tipo = 'Baixa' GROUP BY d.saldo, d.situacao`, [id]));
    expect(rows[0]).toEqual({ saldo: '0.00', situacao: 'Quitado', pago: '100.00', n: '10' });
  });
});
