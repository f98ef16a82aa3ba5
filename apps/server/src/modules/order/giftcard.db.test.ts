import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { loadSaleFixture, type SaleFixture } from '../../testing/sale.ts';
import { redeemGiftCard } from '../giftcard/service.ts';
import { expectOk } from '../../testing/routes.ts';

let t: TestApp;
let cashier: string;
/** The manager (gerente@demo.com.br): holds the gift-card credit (a voucher's balance without a sale). */
let manager: string;
/** Ana Ribeiro, of Loja Shopping (branch 2) only: the cards below are Loja Centro's (branch 1). */
let branch2: string;
let f: SaleFixture;
let org: number;
let id_usuario: number;

beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.login('caixa@demo.com.br');
  manager = await t.login('gerente@demo.com.br');
  branch2 = await t.login('filial2@demo.com.br');
  f = await loadSaleFixture(t.db);
  const { rows } = await t.db.system((tx) =>
    tx.query<{ org: number; id_usuario: number }>(`SELECT id_organization AS org, id_usuario FROM usuario WHERE email = 'caixa@demo.com.br'`));
  org = rows[0]!.org;
  id_usuario = rows[0]!.id_usuario;
});
afterAll(async () => {
  await t.close();
});

const REASON = 'Cortesia: atraso na entrega';

/** A voucher issued without a sale by the manager (sell-in-checkout), with a reason. */
async function sell(body: Record<string, unknown>) {
  const res = await expectOk(t, 'giftCardSell', { observacao: REASON, ...body }, manager);
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
    const taken = await t.call('POST', '/gift_card/sell-in-checkout', { codigo: 'presente01', valor: 30, observacao: REASON }, manager);
    expect(taken.status).toBe(400);
    expect(taken.json['message']).toBe('Já existe um vale crédito com este código.');
    const zero = await t.call('POST', '/gift_card/sell-in-checkout', { valor: 0, observacao: REASON }, manager);
    expect(zero.status).toBe(400);
  });

  it('finds a voucher by its code in its branch, and not in another organization', async () => {
    const card = await sell({ codigo: 'ACHEI123', valor: 15 });
    const found = await t.call('POST', '/gift_card/get-by-gift-card', { codigo: 'achei123' }, cashier);
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

  it('keeps every gift-card route to the caller\'s branch: a Loja Shopping user neither reads nor cancels a Loja Centro card', async () => {
    const card = await sell({ codigo: 'CENTRO01', valor: 40, id_pessoa: f.id_cliente });
    const id_vale_credito = card['id_vale_credito'];
    const missing = { message: 'Vale crédito não encontrado.' };
    // Each route answers the Loja Centro card exactly like a card that does not exist.
    const byCode = await t.call('POST', '/gift_card/get-by-gift-card', { codigo: 'CENTRO01' }, branch2);
    expect({ status: byCode.status, json: byCode.json }).toEqual({ status: 404, json: missing });
    const printed = await t.call('POST', '/gift_card/imprimir', { id_vale_credito }, branch2);
    const printedMissing = await t.call('POST', '/gift_card/imprimir', { id_vale_credito: 999_999 }, branch2);
    expect(printed.status).toBe(404);
    expect(printed.json).toEqual(printedMissing.json);
    const cancel = await t.call('POST', '/gift_card/cancel', { id_vale_credito, motivo_cancelamento: 'Tentativa de outra loja' }, branch2);
    expect({ status: cancel.status, json: cancel.json }).toEqual({ status: 404, json: missing });
    const available = await t.call('POST', '/gift_card/list-disponibles', { id_people: f.id_cliente }, branch2);
    expect(available.status).toBe(200);
    expect((available.json['rows'] as Array<Record<string, unknown>>).map((r) => r['id_vale_credito'])).not.toContain(id_vale_credito);
    const listed = await t.call('POST', '/gift_card/find', { search: 'centro01' }, branch2);
    expect(listed.json).toMatchObject({ rows: [], count: 0 });
    // Nothing changed, and Loja Centro still reaches its card through the same routes.
    const after = await t.db.system((tx) => tx.query('SELECT situacao, saldo::float AS saldo FROM vale_credito WHERE id_vale_credito = $1',
      [id_vale_credito]));
    expect(after.rows).toEqual([{ situacao: 'Ativo', saldo: 40 }]);
    expect((await t.call('POST', '/gift_card/get-by-gift-card', { codigo: 'CENTRO01' }, cashier)).status).toBe(200);
    expect((await t.call('POST', '/gift_card/imprimir', { id_vale_credito }, cashier)).status).toBe(200);
    const own = await t.call('POST', '/gift_card/list-disponibles', { id_people: f.id_cliente }, cashier);
    expect((own.json['rows'] as Array<Record<string, unknown>>).map((r) => r['id_vale_credito'])).toContain(id_vale_credito);
    expect((await t.call('POST', '/gift_card/find', { search: 'centro01' }, cashier)).json['count']).toBe(1);
  });

  it('skips the codes of the series a custom code already took, and refuses a custom code already taken with a 400', async () => {
    const current = Number((await t.call('POST', '/gift_card/generate-next-code', {}, cashier)).json['codigo']);
    const code = (n: number) => String(n).padStart(12, '0');
    // The next two codes of the series are taken by custom codes.
    await sell({ codigo: code(current + 1), valor: 5 });
    await sell({ codigo: code(current + 2), valor: 5 });
    const next = await t.call('POST', '/gift_card/generate-next-code', {}, cashier);
    expect(next.json['codigo']).toBe(code(current + 3));
    await sell({ codigo: code(current + 4), valor: 5 });
    const issued = await sell({ valor: 7 });
    expect(issued['codigo']).toBe(code(current + 5));
    // A custom code equal to one taken (by the series or by hand) is refused in pt-BR, and nothing is written.
    const before = await t.db.system((tx) => tx.query('SELECT count(*)::int AS n FROM vale_credito'));
    for (const codigo of [code(current + 5), code(current + 1)]) {
      const res = await t.call('POST', '/gift_card/sell-in-checkout', { codigo, valor: 9, observacao: REASON }, manager);
      expect({ status: res.status, json: res.json }).toEqual({ status: 400, json: { message: 'Já existe um vale crédito com este código.' } });
    }
    expect((await t.db.system((tx) => tx.query('SELECT count(*)::int AS n FROM vale_credito'))).rows).toEqual(before.rows);
  });

  it('issues a balance without a sale only as a manager\'s credit with its reason: the cashier is refused', async () => {
    const before = await t.db.system((tx) => tx.query('SELECT count(*)::int AS n FROM vale_credito'));
    const refused = await t.call('POST', '/gift_card/sell-in-checkout', { valor: 999_999.99, observacao: REASON }, cashier);
    expect(refused.status).toBe(403);
    expect(refused.json['message']).toBe(
      'Somente o gerente pode emitir vale crédito sem venda. Para vender um vale crédito, informe o valor e finalize a venda com o pagamento.');
    const noReason = await t.call('POST', '/gift_card/sell-in-checkout', { valor: 10 }, manager);
    expect(noReason.status).toBe(400);
    expect(noReason.json['complement']).toContain('Informe o motivo da emissão do vale crédito.');
    const blank = await t.call('POST', '/gift_card/sell-in-checkout', { valor: 10, observacao: '  ' }, manager);
    expect(blank.status).toBe(400);
    expect(blank.json['complement']).toContain('Informe o motivo da emissão do vale crédito.');
    expect((await t.db.system((tx) => tx.query('SELECT count(*)::int AS n FROM vale_credito'))).rows).toEqual(before.rows);
    // The manager's credit keeps its reason on the card.
    const card = await sell({ valor: 12, observacao: 'Acordo com o cliente' });
    const stored = await t.db.system((tx) => tx.query('SELECT observacao, id_usuario FROM vale_credito WHERE id_vale_credito = $1',
      [card['id_vale_credito']]));
    const managerId = await t.db.system((tx) => tx.query<{ id: number }>(`SELECT id_usuario AS id FROM usuario WHERE email = 'gerente@demo.com.br'`));
    expect(stored.rows).toEqual([{ observacao: 'Acordo com o cliente', id_usuario: managerId.rows[0]?.id }]);
  });
});
