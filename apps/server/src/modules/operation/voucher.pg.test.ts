/** Credit vouchers through POST /api/operacao under real concurrency (PostgreSQL; PGlite runs one transaction at a time). */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperacaoBody } from '@pdv/contract/operation';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let cashier: string;
let f: SaleFixture;
let voucherProduct: number;

beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.login('caixa@demo.com.br');
  f = await loadSaleFixture(t.db);
  const { rows } = await t.db.system((tx) => tx.query<{ id: number }>(
    'SELECT id_produto_grade_filial_vale_credito AS id FROM filial_configuracao WHERE id_filial = $1', [f.id_filial]));
  voucherProduct = rows[0]!.id;
  await t.db.system((tx) => tx.query('UPDATE estoque SET quantidade = 1000 WHERE id_estoque = $1', [f.product.id_estoque]));
});
afterAll(async () => {
  await t.close();
});

const voucherSale = (valor: number): OperacaoBody => saleBody(f, {
  modo_operacao: 'ValeCredito',
  itens: [{ id_item: randomUUID(), tipo_item: 'Produto', id_produto_grade_filial: voucherProduct, id_endereco_estoque: f.product.id_endereco_estoque,
    descricao: 'Vale Crédito', quantidade: 1, valor_unitario: valor }],
  pagamentos: [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['01']!, valor_total: valor }],
});

describe('credit vouchers in /operacao under concurrency (PostgreSQL)', () => {
  it('the same voucher sale sent 8 times at once issues one voucher', async () => {
    const body = voucherSale(40);
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.call('POST', '/operacao', body, cashier)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.json['id_vale_credito'])).size).toBe(1);
    expect(answers.filter((a) => a.json['duplicado'] === false)).toHaveLength(1);
    expect(await countRows(t.db, 'vale_credito WHERE id_operacao = $1', [body.id_operacao])).toBe(1);
  });

  it('12 parallel sales paying 30 with a voucher of 100: exactly 3 are paid and 10 is left', async () => {
    const sold = await t.call('POST', '/operacao', voucherSale(100), cashier);
    const id_vale_credito = Number(sold.json['id_vale_credito']);
    const rest = Math.round((f.product.preco - 30) * 100) / 100;
    const bodies = Array.from({ length: 12 }, () => {
      const body = saleBody(f);
      body.pagamentos = [
        { id_pagamento: randomUUID(), id_meio_pagamento: f.methods['12']!, valor_total: 30, id_vale_credito },
        { id_pagamento: randomUUID(), id_meio_pagamento: f.methods['01']!, valor_total: rest },
      ];
      return body;
    });
    const answers = await Promise.all(bodies.map((b) => t.call('POST', '/operacao', b, cashier)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(9);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.json['message']).toMatch(/^Saldo do vale crédito insuficiente\. Saldo disponível: R\$ (10|40|70),00\.$/);
    }
    const { rows } = await t.db.system((tx) => tx.query<{ saldo: string }>('SELECT saldo::text FROM vale_credito WHERE id_vale_credito = $1', [id_vale_credito]));
    expect(rows[0]!.saldo).toBe('10.00');
    expect(await countRows(t.db, `vale_credito_movimentacao WHERE id_vale_credito = $1 AND tipo = 'Resgate'`, [id_vale_credito])).toBe(3);
  });
});
