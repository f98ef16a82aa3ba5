/**
 * Fiscal documents under concurrency on a PostgreSQL server (PGlite runs one transaction at a time): series numbering,
 * and one event per invoice at a time (event-claim.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FISCAL_MESSAGES as M } from '@pdv/domain/fiscal-messages';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let manager: string;
let f: SaleFixture;

beforeAll(async () => {
  t = await createTestApp({ sefaz: true });
  manager = await t.login('gerente@demo.com.br');
  f = await loadSaleFixture(t.db);
  await t.db.system((tx) => tx.query('UPDATE estoque SET quantidade = 1000 WHERE id_estoque = $1', [f.product.id_estoque]));
});
afterAll(async () => {
  await t.close();
});

describe('fiscal series under concurrency (PostgreSQL)', () => {
  it('30 NFC-e transmitted in parallel get contiguous numbers, none repeated, all authorized', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const res = await t.call('POST', '/operacao', saleBody(f, { modelo: '65' }), manager);
      ids.push(res.json['id_nota_fiscal'] as number);
    }
    const answers = await Promise.all(ids.map((id) => t.call('POST', '/nfe/transmitir', { id_nota_fiscal: id }, manager)));
    expect(answers.map((a) => a.json['success'])).toEqual(Array(30).fill(true));
    const numbers = answers.map((a) => (a.json['nota_fiscal'] as { numero_nota_fiscal: number }).numero_nota_fiscal).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(30);
    expect(numbers[29]! - numbers[0]!).toBe(29);
    const last = await t.db.system((tx) => tx.query<{ n: number }>(
      `SELECT ultima_numeracao AS n FROM serie_fiscal WHERE id_filial = $1 AND codigo_modelo = '65'`, [f.id_filial]));
    expect(last.rows[0]!.n).toBe(numbers[29]);
  });
});

describe('fiscal events under concurrency (PostgreSQL)', () => {
  /** A saved and authorized NF-e of one unit. */
  async function authorizedNfe(): Promise<number> {
    const refs = await t.db.system(async (tx) => ({
      serie: (await tx.query<{ id: number }>(
        `SELECT id_serie_fiscal AS id FROM serie_fiscal WHERE id_filial = $1 AND codigo_modelo = '55'`, [f.id_filial])).rows[0]?.id,
      customer: (await tx.query<{ id: number }>(
        `SELECT p.id_pessoa AS id FROM pessoa p JOIN pessoa_endereco e USING (id_organization, id_pessoa)
          WHERE p.id_organization = (SELECT id_organization FROM filial WHERE id_filial = $1) AND e.id_cidade IS NOT NULL
          ORDER BY p.id_pessoa LIMIT 1`, [f.id_filial])).rows[0]?.id,
    }));
    const saved = await t.call('POST', '/invoice/post', {
      modelo: '55', id_serie_fiscal: refs.serie, natureza_operacao: 'Venda de mercadoria', id_cliente: refs.customer,
      itens: [{ id_produto_grade_filial: f.product.id_produto_grade_filial, id_endereco_estoque: f.product.id_endereco_estoque,
        quantidade: 1, valor_unitario: f.product.preco }],
      pagamentos: [{ id_meio_pagamento: f.methods['01'], valor_total: f.product.preco }],
    }, manager);
    const id = saved.json['id_nota_fiscal'] as number;
    const sent = await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: id }, manager);
    expect((sent.json['nota_fiscal'] as Record<string, unknown> | undefined)?.['situacao'], JSON.stringify(sent.json)).toBe('Autorizada');
    return id;
  }

  it('3 parallel cancellations of one NF-e: one registers, its event keeps cStat 135 and its protocol', async () => {
    for (let round = 0; round < 3; round += 1) {
      const id = await authorizedNfe();
      const answers = await Promise.all([1, 2, 3].map(() =>
        t.call('POST', '/nfe/cancelar', { id_nota_fiscal: id, justificativa: 'Cliente desistiu da compra' }, manager)));
      const ok = answers.filter((a) => a.status === 200 && a.json['success'] === true);
      expect(ok.length, JSON.stringify(answers.map((a) => [a.status, a.json['message']]))).toBe(1);
      for (const other of answers.filter((a) => !ok.includes(a))) {
        expect([[409, M.eventInProgress], [400, M.notAuthorizedForEvent]]).toContainEqual([other.status, other.json['message']]);
      }
      const stored = await t.db.system((tx) => tx.query<Record<string, unknown>>(
        `SELECT e.sequencia, e.codigo_status, e.protocolo, nf.situacao, nf.evento_em_processamento
           FROM nota_fiscal_evento e JOIN nota_fiscal nf USING (id_organization, id_nota_fiscal) WHERE e.id_nota_fiscal = $1`, [id]));
      expect(stored.rows.map((e) => [e['sequencia'], e['codigo_status'], e['situacao'], e['evento_em_processamento']]))
        .toEqual([[1, 135, 'Cancelada', null]]);
      expect(stored.rows[0]?.['protocolo']).toMatch(/^\d{15}$/);
      const movements = await t.db.system((tx) => tx.query<{ n: number }>(
        `SELECT count(*)::integer AS n FROM movimentacao_estoque WHERE id_nota_fiscal = $1 AND origem = 'CancelamentoNotaFiscal'`, [id]));
      expect(movements.rows[0]?.n).toBe(1);
    }
  });
});
