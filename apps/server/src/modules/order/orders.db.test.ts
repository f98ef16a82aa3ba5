import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';
import { expectOk } from '../../testing/routes.ts';

let t: TestApp;
let cashier: string;
let f: SaleFixture;

const setConfig = (sql: string) => t.db.system((tx) => tx.query(`UPDATE filial_configuracao SET ${sql} WHERE id_filial = $1`, [f.id_filial]));
const system = (sql: string, params: unknown[] = []) => t.db.system((tx) => tx.query(sql, params));

beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.login('caixa@demo.com.br');
  f = await loadSaleFixture(t.db);
  await setConfig('is_liberar_pedido = false, fuso_horario = -3');
});
afterAll(async () => {
  await t.close();
});

async function create(body: Record<string, unknown> = {}) {
  return t.call('POST', '/order/create', { id_cliente: f.id_cliente, ...body }, cashier);
}
async function createOk(body: Record<string, unknown> = {}) {
  const res = await create(body);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json;
}
/** A pre-sale of the point of sale (an order with one item), with the customer set. */
async function preSale() {
  const sold = await t.call('POST', '/operacao', saleBody(f, { id_cliente: f.id_cliente }), cashier);
  expect(sold.status, JSON.stringify(sold.json)).toBe(200);
  return sold.json;
}
const update = (body: Record<string, unknown>) => t.call('PUT', '/order/update', body, cashier);

describe('POST /api/order/create', () => {
  it('creates the order in Edicao with the next number of the branch series shared with the point of sale', async () => {
    const sale = await preSale();
    const order = await createOk({ operacao: 'OrdemServico', observacao: 'Troca de tela', valor_frete: 12.5 });
    expect(order).toMatchObject({
      nsu: Number(sale['nsu']) + 1, operacao: 'OrdemServico', situacao: 'Edicao', id_filial: f.id_filial, id_cliente: f.id_cliente,
      tipo_frete: 9, valor_frete: 12.5, valor_total_liquido: 12.5, observacao: 'Troca de tela', itens: [], pagamentos: [],
    });
  });

  it('creates it in Liberado when the branch releases orders', async () => {
    await setConfig('is_liberar_pedido = true');
    try {
      expect((await createOk())['situacao']).toBe('Liberado');
    } finally {
      await setConfig('is_liberar_pedido = false');
    }
  });

  it('refuses an order without client with the spec message, and writes nothing', async () => {
    const before = await countRows(t.db, 'pedido');
    const res = await create({ id_cliente: null });
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe('Cliente não informado');
    expect(await countRows(t.db, 'pedido')).toBe(before);
  });

  it("refuses another organization's customer as an unknown one", async () => {
    const { rows } = await system(`SELECT id_pessoa FROM pessoa p JOIN organization o USING (id_organization) WHERE o.nome = 'Outra Loja' LIMIT 1`);
    const res = await create({ id_cliente: rows[0]!['id_pessoa'] });
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe('Cliente não encontrado.');
  });

  it('refuses an unknown operation and a bad freight type with a pt-BR 400', async () => {
    for (const body of [{ operacao: 'Venda' }, { tipo_frete: 7 }, { valor_frete: -1 }]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.json['message']).toBe('string');
    }
  });
});

describe('PUT /api/order/update: status transitions (000 §4.3, §4.4) and locking (§4.2)', () => {
  it('releases an order, returns it to edition and recomputes the net total when the freight changes', async () => {
    const sale = await preSale();
    const id_pedido = sale['id_pedido'];
    const before = Number(sale['valor_total']);
    const released = await update({ id_pedido, situacao: 'Liberado', valor_frete: 5 });
    expect(released.status, JSON.stringify(released.json)).toBe(200);
    expect(released.json).toMatchObject({ situacao: 'Liberado', valor_frete: 5, valor_total_liquido: Math.round((before + 5) * 100) / 100 });
    const back = await update({ id_pedido, situacao: 'Edicao' });
    expect(back.json['situacao']).toBe('Edicao');
    expect(back.json['valor_total_liquido']).toBe(released.json['valor_total_liquido']);
  });

  it('requires the client unless the new status is Cancelado', async () => {
    const order = await createOk();
    const refused = await update({ id_pedido: order['id_pedido'], id_cliente: null, situacao: 'Liberado' });
    expect(refused.status).toBe(400);
    expect(refused.json['message']).toBe('Cliente não informado');
    const cancelled = await update({ id_pedido: order['id_pedido'], id_cliente: null, situacao: 'Cancelado' });
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);
    expect(cancelled.json).toMatchObject({ situacao: 'Cancelado', id_cliente: null });
  });

  it('locks a cancelled order: no header change and no way out of Cancelado', async () => {
    const order = await createOk();
    await update({ id_pedido: order['id_pedido'], situacao: 'Cancelado' });
    const edit = await update({ id_pedido: order['id_pedido'], observacao: 'mudou' });
    expect(edit.status).toBe(400);
    expect(edit.json['message']).toBe('O pedido está cancelado e não pode ser alterado.');
    const reopen = await update({ id_pedido: order['id_pedido'], situacao: 'Liberado' });
    expect(reopen.status).toBe(400);
    expect(reopen.json['message']).toBe('Não é possível alterar a situação do pedido de cancelado para liberado.');
  });

  it('refuses to invoice a quote', async () => {
    const quote = await createOk({ operacao: 'Orcamento', data_validade: '2099-12-31' });
    await update({ id_pedido: quote['id_pedido'], situacao: 'Liberado' });
    for (const situacao of ['NotaPendente', 'Faturado']) {
      const res = await update({ id_pedido: quote['id_pedido'], situacao });
      expect(res.status).toBe(400);
      expect(res.json['message']).toBe(ORDER_MESSAGES.quoteCannotBeInvoiced);
    }
  });

  it('keeps a quote in Edicao: releasing it is refused (update and release list), cancelling it is not', async () => {
    const quote = await createOk({ operacao: 'Orcamento', data_validade: '2099-12-31' });
    for (const situacao of ['Liberado', 'EnviadoCliente']) {
      const res = await update({ id_pedido: quote['id_pedido'], situacao });
      expect(res.status).toBe(400);
      expect(res.json['message']).toBe(ORDER_MESSAGES.quoteStaysInEdition);
    }
    const listed = await t.call('POST', '/order/order_release-list', { list_orders: [quote['id_pedido']] }, cashier);
    expect(listed.status).toBe(400);
    expect(listed.json['message']).toBe(ORDER_MESSAGES.orderOfList(Number(quote['nsu']), ORDER_MESSAGES.quoteStaysInEdition));
    const row = await system('SELECT situacao FROM pedido WHERE id_pedido = $1', [quote['id_pedido']]);
    expect(row.rows[0]).toEqual({ situacao: 'Edicao' });
    const cancelled = await update({ id_pedido: quote['id_pedido'], situacao: 'Cancelado' });
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);
    expect(cancelled.json['situacao']).toBe('Cancelado');
  });

  it('starts a quote in Edicao even when the branch releases orders', async () => {
    await setConfig('is_liberar_pedido = true');
    try {
      expect((await createOk({ operacao: 'Orcamento', data_validade: '2099-12-31' }))['situacao']).toBe('Edicao');
    } finally {
      await setConfig('is_liberar_pedido = false');
    }
  });

  it('invoices Pedido and OrdemServico only when released, with the spec message', async () => {
    const sale = await preSale();
    const refused = await update({ id_pedido: sale['id_pedido'], situacao: 'Faturado' });
    expect(refused.status).toBe(400);
    expect(refused.json['message']).toBe('Somente Pedidos liberados podem ser faturados.');
    const os = await createOk({ operacao: 'OrdemServico' });
    const osRefused = await update({ id_pedido: os['id_pedido'], situacao: 'NotaPendente' });
    expect(osRefused.json['message']).toBe('Somente Ordens de serviço liberados podem ser faturados.');

    expect((await update({ id_pedido: sale['id_pedido'], situacao: 'Liberado' })).status).toBe(200);
    const pending = await update({ id_pedido: sale['id_pedido'], situacao: 'NotaPendente' });
    expect(pending.status, JSON.stringify(pending.json)).toBe(200);
    const invoiced = await update({ id_pedido: sale['id_pedido'], situacao: 'Faturado' });
    expect(invoiced.json['situacao']).toBe('Faturado');
    const locked = await update({ id_pedido: sale['id_pedido'], observacao: 'depois de faturado' });
    expect(locked.status).toBe(400);
    expect(locked.json['message']).toBe('O pedido está faturado e não pode ser alterado.');
  });

  it('refuses to invoice a released order without items', async () => {
    const order = await createOk();
    await update({ id_pedido: order['id_pedido'], situacao: 'Liberado' });
    const res = await update({ id_pedido: order['id_pedido'], situacao: 'NotaPendente' });
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe('O pedido não possui itens para ser faturados.');
  });

  it('invoices a consignment only when it waits for conclusion', async () => {
    const order = await createOk({ operacao: 'Consignacao' });
    const id_pedido = order['id_pedido'];
    expect((await update({ id_pedido, situacao: 'EnviadoCliente' })).status).toBe(200);
    const early = await update({ id_pedido, situacao: 'Faturado' });
    expect(early.status).toBe(400);
    expect(early.json['message']).toBe(ORDER_MESSAGES.transitionRefused('EnviadoCliente', 'Faturado'));
    // Sent to the customer, the order is locked (000 §4.2).
    const edit = await update({ id_pedido, observacao: 'x' });
    expect(edit.json['message']).toBe('O pedido está enviado ao cliente e não pode ser alterado.');
  });

  it('locks an order that is processing', async () => {
    const order = await createOk();
    await system('UPDATE pedido SET is_processando = true WHERE id_pedido = $1', [order['id_pedido']]);
    const res = await update({ id_pedido: order['id_pedido'], situacao: 'Liberado' });
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe('O pedido está em processamento e não pode ser alterado.');
  });

  it("answers 404 for another branch's order and an unknown one", async () => {
    const order = await createOk();
    const otherBranch = await t.call('PUT', '/order/update', { id_pedido: order['id_pedido'], situacao: 'Liberado' },
      await t.login('filial2@demo.com.br'));
    expect(otherBranch.status).toBe(404);
    expect(otherBranch.json).toEqual({ message: 'Não foi possível localizar o pedido' });
    expect((await update({ id_pedido: 999_999, situacao: 'Liberado' })).json).toEqual(otherBranch.json);
  });
});

describe('POST /api/order/duplicate-order', () => {
  it('copies the header and lines, not the payments, under a new number in Edicao', async () => {
    const sale = await preSale();
    await update({ id_pedido: sale['id_pedido'], situacao: 'Liberado', observacao: 'original' });
    const res = await expectOk(t, 'orderDuplicate', { id_pedido: sale['id_pedido'] }, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const source = (await t.call('POST', '/order/find_by_id', { id_pedido: sale['id_pedido'] }, cashier)).json;
    expect(res.json).toMatchObject({
      situacao: 'Edicao', id_pedido_origem: sale['id_pedido'], id_cliente: f.id_cliente, observacao: 'original',
      valor_total_liquido: source['valor_total_liquido'], valor_total_bruto: source['valor_total_bruto'], pagamentos: [],
    });
    expect(res.json['nsu']).toBeGreaterThan(Number(sale['nsu']));
    const strip = (items: unknown) => (items as Array<Record<string, unknown>>).map(({ id_pedido_item: _, ...rest }) => rest);
    expect(strip(res.json['itens'])).toEqual(strip(source['itens']));
  });
});

describe('POST /api/order/order_release-list', () => {
  it('releases every order of the list', async () => {
    const a = await createOk();
    const b = await createOk();
    const res = await expectOk(t, 'orderReleaseList', { list_orders: [a['id_pedido'], b['id_pedido']] }, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json['pedidos']).toEqual([
      { id_pedido: a['id_pedido'], nsu: a['nsu'], situacao: 'Liberado' },
      { id_pedido: b['id_pedido'], nsu: b['nsu'], situacao: 'Liberado' },
    ]);
  });

  it('releases none when one is refused, and lists the refusals', async () => {
    const ok = await createOk();
    const noClient = await createOk();
    await system('UPDATE pedido SET id_cliente = NULL WHERE id_pedido = $1', [noClient['id_pedido']]);
    const res = await t.call('POST', '/order/order_release-list', { list_orders: [ok['id_pedido'], noClient['id_pedido'], 999_999] }, cashier);
    expect(res.status).toBe(400);
    expect(res.json['erros']).toEqual([`Pedido ${String(noClient['nsu'])}: Cliente não informado`, 'Não foi possível localizar o pedido (999999).']);
    const still = await t.call('POST', '/order/find_by_id', { id_pedido: ok['id_pedido'] }, cashier);
    expect(still.json['situacao']).toBe('Edicao');
  });
});

describe('POST /api/order/find', () => {
  it('lists this month up to today in the branch time zone, newest first, 20 a page', async () => {
    for (let i = 0; i < 21; i += 1) await createOk();
    const old = await createOk();
    await system(`UPDATE pedido SET data_cadastro = now() - interval '40 days' WHERE id_pedido = $1`, [old['id_pedido']]);
    const res = await expectOk(t, 'orderFind', {}, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const rows = res.json['rows'] as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(20);
    expect(Number(res.json['count'])).toBeGreaterThan(20);
    const dates = rows.map((r) => String(r['data_cadastro']));
    expect([...dates].sort().reverse()).toEqual(dates);
    const all = await t.call('POST', '/order/find', { take: 200 }, cashier);
    expect((all.json['rows'] as Array<Record<string, unknown>>).map((r) => r['id_pedido'])).not.toContain(old['id_pedido']);
    expect(rows[0]).toMatchObject({ id_filial: f.id_filial });
  });

  it('reads the days in the branch offset: 02:00 UTC on the 1st is still the last day of the month before in UTC-3', async () => {
    const order = await createOk();
    await system(`UPDATE pedido SET data_cadastro = '2024-03-01T02:00:00Z' WHERE id_pedido = $1`, [order['id_pedido']]);
    const ids = async (filter: Record<string, unknown>) =>
      ((await t.call('POST', '/order/find', { filter }, cashier)).json['rows'] as Array<Record<string, unknown>>).map((r) => r['id_pedido']);
    expect(await ids({ data_inicio: '2024-02-29', data_fim: '2024-02-29' })).toEqual([order['id_pedido']]);
    expect(await ids({ data_inicio: '2024-03-01', data_fim: '2024-03-01' })).toEqual([]);
  });

  it('filters by one or several statuses and by operation', async () => {
    const quote = await createOk({ operacao: 'Orcamento' });
    const cancelled = await createOk();
    await update({ id_pedido: cancelled['id_pedido'], situacao: 'Cancelado' });
    const rowsOf = async (filter: Record<string, unknown>) =>
      (await t.call('POST', '/order/find', { filter, take: 200 }, cashier)).json['rows'] as Array<Record<string, unknown>>;
    const onlyCancelled = await rowsOf({ situacao: 'Cancelado' });
    expect(onlyCancelled.every((r) => r['situacao'] === 'Cancelado')).toBe(true);
    expect(onlyCancelled.map((r) => r['id_pedido'])).toContain(cancelled['id_pedido']);
    const two = await rowsOf({ situacao: ['Cancelado', 'Edicao'] });
    expect(new Set(two.map((r) => r['situacao']))).toEqual(new Set(['Cancelado', 'Edicao']));
    expect((await rowsOf({ operacao: 'Orcamento' })).map((r) => r['id_pedido'])).toContain(quote['id_pedido']);
    const bySearch = await t.call('POST', '/order/find', { search: String(quote['nsu']) }, cashier);
    expect((bySearch.json['rows'] as Array<Record<string, unknown>>).map((r) => r['id_pedido'])).toContain(quote['id_pedido']);
  });
});

describe('POST /api/order/find_by_nsu and /order/operation-find', () => {
  it('finds the branch order by number (and operation) and by the operation that made it', async () => {
    const body = saleBody(f, { id_cliente: f.id_cliente });
    const sale = (await t.call('POST', '/operacao', body, cashier)).json;
    const byNsu = await t.call('POST', '/order/find_by_nsu', { nsu: sale['nsu'], id_filial: f.id_filial, operacao: 'Pedido' }, cashier);
    expect(byNsu.status, JSON.stringify(byNsu.json)).toBe(200);
    expect(byNsu.json['id_pedido']).toBe(sale['id_pedido']);
    const byOperation = await expectOk(t, 'orderOperationFind', { id: body.id_operacao }, cashier);
    expect(byOperation.json['id_pedido']).toBe(sale['id_pedido']);

    const wrongOperation = await t.call('POST', '/order/find_by_nsu', { nsu: sale['nsu'], operacao: 'Orcamento' }, cashier);
    expect(wrongOperation.status).toBe(404);
    expect(wrongOperation.json).toEqual({ message: 'Não foi possível localizar o pedido' });
    expect((await t.call('POST', '/order/operation-find', { id: randomUUID() }, cashier)).status).toBe(404);
    // The Loja Shopping's seller has no profile in the Loja Centro.
    const otherBranch = await t.call('POST', '/order/find_by_nsu', { nsu: sale['nsu'], id_filial: f.id_filial }, await t.login('filial2@demo.com.br'));
    expect(otherBranch.status).toBe(404);
    expect(otherBranch.json).toEqual(wrongOperation.json);
  });
});
