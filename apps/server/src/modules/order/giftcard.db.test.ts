import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { loadSaleFixture, type SaleFixture } from '../../testing/sale.ts';
import { redeemGiftCard } from '../giftcard/service.ts';
import { expectOk } from '../../testing/routes.ts';

let t: TestApp;
let cashier: string;
let f: SaleFixture;
let org: number;
let id_usuario: number;

beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.login('caixa@demo.com.br');
  f = await loadSaleFixture(t.db);
  const { rows } = await t.db.system((tx) =>
    tx.query<{ org: number; id_usuario: number }>(`SELECT id_organization AS org, id_usuario FROM usuario WHERE email = 'caixa@demo.com.br'`));
  org = rows[0]!.org;
  id_usuario = rows[0]!.id_usuario;
});
afterAll(async () => {
  await t.close();
});

async function sell(body: Record<string, unknown>) {
  const res = await expectOk(t, 'giftCardSell', body, cashier);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json;
}
const redeem = (id_vale_credito: number, valor: number, id_operacao: string | null = randomUUID()) =>
  t.db.tenant({ id_organization: org }, (tx) =>
    redeemGiftCard(tx, { org, id_filial: f.id_filial, id_usuario, id_vale_credito, valor, id_operacao }));

describe('gift cards (001 §7)', () => {
  it('generates consecutive codes of the branch series', async () => {
    const a = await expectOk(t, 'giftCardNextCode', {}, cashier);
    const b = await t.call('POST', '/gift_card/generate-next-code', {}, cashier);
    expect(a.json['codigo']).toMatch(/^\d{12}$/);
    expect(Number(b.json['codigo'])).toBe(Number(a.json['codigo']) + 1);
  });

  it('sells a voucher whose balance is its value, once per operation', async () => {
    const id_operacao = randomUUID();
    const card = await sell({ valor: 100, id_pessoa: f.id_cliente, id_operacao });
    expect(card).toMatchObject({ valor: 100, saldo: 100, situacao: 'Ativo', id_pessoa: f.id_cliente, id_filial: f.id_filial });
    const again = await sell({ valor: 100, id_pessoa: f.id_cliente, id_operacao });
    expect(again['id_vale_credito']).toBe(card['id_vale_credito']);
    const movements = await t.db.system((tx) =>
      tx.query('SELECT tipo FROM vale_credito_movimentacao WHERE id_vale_credito = $1', [card['id_vale_credito']]));
    expect(movements.rows).toEqual([{ tipo: 'Emissao' }]);
  });

  it('refuses a code already used and a value of zero', async () => {
    await sell({ codigo: 'PRESENTE01', valor: 20 });
    const taken = await t.call('POST', '/gift_card/sell-in-checkout', { codigo: 'presente01', valor: 30 }, cashier);
    expect(taken.status).toBe(400);
    expect(taken.json['message']).toBe('Já existe um vale crédito com este código.');
    const zero = await t.call('POST', '/gift_card/sell-in-checkout', { valor: 0 }, cashier);
    expect(zero.status).toBe(400);
  });

  it('finds a voucher by its code in any branch of the organization, and not in another organization', async () => {
    const card = await sell({ codigo: 'ACHEI123', valor: 15 });
    const found = await t.call('POST', '/gift_card/get-by-gift-card', { codigo: 'achei123' }, await t.login('filial2@demo.com.br'));
    expect(found.status, JSON.stringify(found.json)).toBe(200);
    expect(found.json['id_vale_credito']).toBe(card['id_vale_credito']);
    const foreign = await t.call('POST', '/gift_card/get-by-gift-card', { codigo: 'ACHEI123' }, await t.login('outra@demo.com.br'));
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual({ message: 'Vale crédito não encontrado.' });
    const list = await expectOk(t, 'giftCardFind', { search: 'achei' }, cashier);
    expect((list.json['rows'] as Array<Record<string, unknown>>).map((r) => r['codigo'])).toEqual(['ACHEI123']);
  });

  it('redeems from the balance, once per operation, never below zero', async () => {
    const card = await sell({ valor: 100 });
    const id = Number(card['id_vale_credito']);
    const op = randomUUID();
    expect(await redeem(id, 3000, op)).toEqual({ saldo: 7000, duplicado: false });
    expect(await redeem(id, 3000, op)).toEqual({ saldo: 7000, duplicado: true });
    await expect(redeem(id, 8000)).rejects.toThrow('Saldo do vale crédito insuficiente. Saldo disponível: R$ 70,00.');
    expect(await redeem(id, 7000)).toEqual({ saldo: 0, duplicado: false });
    const after = await t.call('POST', '/gift_card/get-by-gift-card', { codigo: card['codigo'] }, cashier);
    expect(after.json['saldo']).toBe(0);
  });

  it('lists the customer vouchers that can pay and cancels one with a reason, writing its balance off', async () => {
    const card = await sell({ valor: 40, id_pessoa: f.id_cliente });
    const before = await t.call('POST', '/gift_card/list-disponibles', { id_people: f.id_cliente }, cashier);
    expect((before.json['rows'] as Array<Record<string, unknown>>).map((r) => r['id_vale_credito'])).toContain(card['id_vale_credito']);

    const noReason = await t.call('POST', '/gift_card/cancel', { id_vale_credito: card['id_vale_credito'], motivo_cancelamento: ' ' }, cashier);
    expect(noReason.status).toBe(400);
    const cancelled = await t.call('POST', '/gift_card/cancel', { id_vale_credito: card['id_vale_credito'], motivo_cancelamento: 'Cliente desistiu' }, cashier);
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);
    expect(cancelled.json).toMatchObject({ situacao: 'Cancelado', saldo: 0, motivo_cancelamento: 'Cliente desistiu' });
    const twice = await t.call('POST', '/gift_card/cancel', { id_vale_credito: card['id_vale_credito'], motivo_cancelamento: 'De novo' }, cashier);
    expect(twice.status).toBe(400);
    expect(twice.json['message']).toBe('Vale crédito cancelado.');
    await expect(redeem(Number(card['id_vale_credito']), 100)).rejects.toThrow('Vale crédito cancelado.');
    const after = await t.call('POST', '/gift_card/list-disponibles', { id_people: f.id_cliente }, cashier);
    expect((after.json['rows'] as Array<Record<string, unknown>>).map((r) => r['id_vale_credito'])).not.toContain(card['id_vale_credito']);
  });

  it('refuses to cancel a voucher with no balance left', async () => {
    const card = await sell({ valor: 10 });
    await redeem(Number(card['id_vale_credito']), 1000);
    const res = await t.call('POST', '/gift_card/cancel', { id_vale_credito: card['id_vale_credito'], motivo_cancelamento: 'Sem saldo' }, cashier);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe('Vale crédito sem saldo para cancelar.');
  });
});
