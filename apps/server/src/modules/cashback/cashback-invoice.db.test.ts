/**
 * Cashback and the NFC-e (issue 30, fiscal/events.ts): a sale finished as NFC-e to a customer accrues its cashback; once
 * the NFC-e is authorized and then cancelled at SEFAZ (the simulator), the accrual is reversed, once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { countRows, loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let manager: string;
let cashier: string;
let f: SaleFixture;

type Row = Record<string, unknown>;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000 - 3 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({ sefaz: true });
  manager = await t.login('gerente@demo.com.br');
  cashier = await t.login('caixa@demo.com.br');
  f = await loadSaleFixture(t.db);
  await t.db.system((tx) => tx.query('UPDATE estoque SET quantidade = 1000 WHERE id_estoque = $1', [f.product.id_estoque]));
  await t.db.system((tx) => tx.query('UPDATE filial_configuracao SET valor_resgate_cashback = 0, dias_bloqueio_cashback = 0 WHERE id_filial = $1', [f.id_filial]));
  const { rows } = await t.db.system((tx) => tx.query<{ id_categoria: number }>(
    `SELECT p.id_categoria FROM produto_grade_filial pgf
       JOIN produto_grade pg ON pg.id_organization = pgf.id_organization AND pg.id_produto_grade = pgf.id_produto_grade
       JOIN produto p ON p.id_organization = pg.id_organization AND p.id_produto = pg.id_produto
      WHERE pgf.id_produto_grade_filial = $1`, [f.product.id_produto_grade_filial]));
  await expectOk(t, 'promotionCreate', {
    descricao: 'Cashback na NFC-e', data_inicio: day(-1), data_fim: day(1), is_desconto: false, is_cashback: true,
    categorias: [{ id_categoria: rows[0]!.id_categoria, tipo: 'Percentual', venda: 0, atacado: 0, cashback_tipo: 'Percentual', cashback_venda: 10, cashback_atacado: 5 }],
  }, manager);
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('cashback of a sale finished as NFC-e', () => {
  it('is accrued with the sale and reversed once when the authorized NFC-e is cancelled', async () => {
    const person = await expectOk(t, 'personCreate', { nome: `Cliente ${randomUUID().slice(0, 8)}`, is_cliente: true }, manager);
    const id_pessoa = Number(person.json['id_pessoa']);
    const sold = await t.call('POST', '/operacao', saleBody(f, { id_cliente: id_pessoa, modelo: '65' }), cashier);
    expect(sold.status, JSON.stringify(sold.json)).toBe(200);
    const id_nota_fiscal = Number(sold.json['id_nota_fiscal']);
    expect(id_nota_fiscal).toBeGreaterThan(0);
    const accrued = Math.floor(Math.round(f.product.preco * 100) / 10) / 100;
    expect(accrued).toBeGreaterThan(0);
    const history = async () => (await expectOk(t, 'peopleCashbackHistory', { id_pessoa }, manager)).json;
    expect((await history())['saldo']).toBe(accrued);

    const sent = await t.call('POST', '/nfe/transmitir', { id_nota_fiscal }, manager);
    expect((sent.json['nota_fiscal'] as Row | undefined)?.['situacao'], JSON.stringify(sent.json)).toBe('Autorizada');
    const cancel = () => t.call('POST', '/nfe/cancelar', { id_nota_fiscal, justificativa: 'Cliente desistiu da compra' }, manager);
    const cancelled = await cancel();
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);
    const after = await history();
    expect(after['saldo']).toBe(0);
    expect((after['lancamentos'] as Row[]).filter((e) => e['tipo'] === 'Estorno')).toHaveLength(1);
    // Asked again, the cancellation reverses nothing more.
    await cancel();
    expect(await countRows(t.db, `pessoa_cashback_lancamento WHERE id_pessoa = $1 AND tipo = 'Estorno'`, [id_pessoa])).toBe(1);
    expect((await history())['saldo']).toBe(0);
  });
});
