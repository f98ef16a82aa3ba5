/**
 * Promotions for services (issue 30; 002 §3 "Promotion: ... services", migration 071 promocao_servico): a promotion's
 * discount per catalogue service prices an order's service line after the service's price list, by the rule that
 * picks a product's promotion (price-check.ts servicePromotion), and the line names it (pedido_servico.id_promocao).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_RULE_MESSAGES } from '@pdv/domain/price-rules';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { loadSaleFixture, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let manager: string;
let f: SaleFixture;
let org: number;
let servico: number;

type Json = Record<string, unknown>;
const system = (sql: string, params: unknown[] = []) => t.db.system((tx) => tx.query<Json>(sql, params));
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000 - 3 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  f = await loadSaleFixture(t.db);
  await system('UPDATE filial_configuracao SET is_liberar_pedido = false WHERE id_filial = $1', [f.id_filial]);
  const { rows } = await system(`SELECT id_organization FROM usuario WHERE email = 'gerente@demo.com.br'`);
  org = Number(rows[0]!['id_organization']);
  const created = await system(`INSERT INTO servico (id_organization, descricao) VALUES ($1, 'Ajuste de barra') RETURNING id_servico`, [org]);
  servico = Number(created.rows[0]!['id_servico']);
  await system(`INSERT INTO servico_preco (id_organization, id_servico, id_tabela_preco, is_padrao, valor) VALUES ($1, $2, NULL, true, 60)`, [org, servico]);
});
afterAll(async () => {
  await t.close();
});

async function newOrder(): Promise<number> {
  const res = await t.call('POST', '/order/create', { operacao: 'OrdemServico', id_cliente: f.id_cliente }, manager);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return Number(res.json['id_pedido']);
}
/** The order's service lines as stored (price and promotion). */
const lines = async (id_pedido: number) => (await system(
  `SELECT valor_unitario::float8 AS valor_unitario, id_promocao FROM pedido_servico WHERE id_pedido = $1 AND data_exclusao IS NULL
    ORDER BY id_pedido_servico`, [id_pedido])).rows;
const promotion = async (descricao: string, rule: Json) => Number((await expectOk(t, 'promotionCreate', {
  descricao, data_inicio: day(-1), data_fim: day(1), servicos: [{ id_servico: servico, ...rule }],
}, manager)).json['id_promocao']);

describe('service promotions in orders', () => {
  let dez: number;
  let valor: number;

  it('a 10% promotion on the service prices its line 54,00 (60,00 from the list) and the line names it', async () => {
    dez = await promotion('Serviço 10%', { tipo: 'Percentual', venda: 10 });
    const id = await newOrder();
    await expectOk(t, 'orderServiceSave', { id_pedido: id, id_servico: servico }, manager);
    expect(await lines(id)).toEqual([{ valor_unitario: 54, id_promocao: dez }]);
  });

  it('the best of overlapping promotions wins (R$ 8,00 off beats 10%), a typed price names none', async () => {
    valor = await promotion('Serviço R$ 8', { tipo: 'Valor', venda: 8 });
    const id = await newOrder();
    await expectOk(t, 'orderServiceSave', { id_pedido: id, id_servico: servico }, manager);
    await expectOk(t, 'orderServiceSave', { id_pedido: id, id_servico: servico, valor_unitario: 59 }, manager);
    expect(await lines(id)).toEqual([{ valor_unitario: 52, id_promocao: valor }, { valor_unitario: 59, id_promocao: null }]);
  });

  it('a disabled or expired promotion does not apply; the promotion versions keep its services', async () => {
    await expectOk(t, 'promotionSituacao', { id_promocao: valor, situacao: 'Inativo' }, manager);
    await expectOk(t, 'promotionUpdate', { id_promocao: dez, data_inicio: day(-10), data_fim: day(-5) }, manager);
    const id = await newOrder();
    await expectOk(t, 'orderServiceSave', { id_pedido: id, id_servico: servico }, manager);
    expect(await lines(id)).toEqual([{ valor_unitario: 60, id_promocao: null }]);
    const kept = await system(`SELECT regra->'servicos' AS servicos FROM regra_preco_versao WHERE tipo = 'Promocao' AND id_regra = $1`, [dez]);
    expect(kept.rows[0]!['servicos']).toEqual([expect.objectContaining({ id: servico, tipo: 'Percentual', venda: '10.00' })]);
  });

  it('refuses a service that does not exist, and the same service twice', async () => {
    const missing = await t.call('POST', '/promotion/create', {
      descricao: 'X', data_inicio: day(0), data_fim: day(1), servicos: [{ id_servico: 999_999, venda: 5 }],
    }, manager);
    expect(missing.status).toBe(400);
    expect(missing.json['message']).toBe(PRICE_RULE_MESSAGES.serviceNotFound);
    const twice = await t.call('POST', '/promotion/create', {
      descricao: 'X', data_inicio: day(0), data_fim: day(1), servicos: [{ id_servico: servico, venda: 5 }, { id_servico: servico, venda: 6 }],
    }, manager);
    expect(twice.status).toBe(400);
    expect(twice.json['message']).toBe(PRICE_RULE_MESSAGES.entryDuplicate);
  });
});
