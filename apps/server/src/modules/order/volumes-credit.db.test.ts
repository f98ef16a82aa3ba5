import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@pdv/domain/messages';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';
import { expectOk } from '../../testing/routes.ts';

let t: TestApp;
let cashier: string;
let manager: string;
let other: string;
let f: SaleFixture;

const system = (sql: string, params: unknown[] = []) => t.db.system((tx) => tx.query(sql, params));

beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.login('caixa@demo.com.br');
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
  f = await loadSaleFixture(t.db);
  await system('UPDATE filial_configuracao SET is_liberar_pedido = false WHERE id_filial = $1', [f.id_filial]);
});
afterAll(async () => {
  await t.close();
});

async function newOrder(): Promise<number> {
  const res = await t.call('POST', '/order/create', { id_cliente: f.id_cliente }, cashier);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return Number(res.json['id_pedido']);
}
/** An NFC-e draft of a sale (id_nota_fiscal). */
async function invoice(fields: Record<string, unknown> = {}): Promise<number> {
  const res = await t.call('POST', '/operacao', saleBody(f, { modelo: '65', ...fields }), cashier);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return Number(res.json['id_nota_fiscal']);
}

describe('/api/volume/*', () => {
  it('requires quantity, net and gross weight and a saved order or invoice, with the spec texts', async () => {
    const before = await countRows(t.db, 'volume');
    const unsaved = await t.call('POST', '/volume/create', { quantidade: 1, peso_liquido: 1, peso_bruto: 1 }, cashier);
    expect(unsaved.status).toBe(400);
    expect(unsaved.json['message']).toBe('Salve o pedido ou a nota, antes de continuar.');
    const id_pedido = await newOrder();
    const empty = await t.call('POST', '/volume/create', { id_pedido }, cashier);
    expect(empty.json['erros']).toEqual(['Informe a quantidade', 'Informe o peso líquido.', 'Informe o peso bruto']);
    expect((await t.call('POST', '/volume/create', { id_pedido, quantidade: 2, peso_liquido: 1 }, cashier)).json['message'])
      .toBe('Informe o peso bruto');
    expect(await countRows(t.db, 'volume')).toBe(before);
  });

  it('creates, updates and deletes a volume of an order', async () => {
    const id_pedido = await newOrder();
    const created = await expectOk(t, 'volumeCreate',
      { id_pedido, quantidade: 2, especie: 'Caixa', marca: 'Demo', peso_liquido: 1.25, peso_bruto: 1.5 }, cashier);
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    expect(created.json).toMatchObject({ id_pedido, id_nota_fiscal: null, quantidade: 2, especie: 'Caixa', peso_liquido: 1.25, peso_bruto: 1.5 });
    const id_volume = created.json['id_volume'];
    const updated = await expectOk(t, 'volumeUpdate', { id_volume, quantidade: 3, peso_liquido: 2, peso_bruto: 2.4 }, cashier);
    expect(updated.json).toMatchObject({ quantidade: 3, especie: null, peso_bruto: 2.4 });
    const deleted = await expectOk(t, 'volumeDelete', { id_volume }, cashier);
    expect(deleted.status).toBe(200);
    expect(await countRows(t.db, 'volume WHERE id_volume = $1 AND data_exclusao IS NOT NULL', [id_volume])).toBe(1);
    const again = await t.call('POST', '/volume/delete', { id_volume }, cashier);
    expect(again.status).toBe(404);
    expect(again.json['message']).toBe(ORDER_MESSAGES.volumeNotFound);
  });

  it("answers the order's live volumes with the order (find_by_nsu), for the order screen", async () => {
    const id_pedido = await newOrder();
    const kept = await t.call('POST', '/volume/create', { id_pedido, quantidade: 1, especie: 'Caixa', peso_liquido: 0.5, peso_bruto: 0.75 }, cashier);
    const gone = await t.call('POST', '/volume/create', { id_pedido, quantidade: 2, peso_liquido: 1, peso_bruto: 1.2 }, cashier);
    await t.call('POST', '/volume/delete', { id_volume: gone.json['id_volume'] }, cashier);
    const order = await t.call('POST', '/order/find_by_id', { id_pedido }, cashier);
    const full = await t.call('POST', '/order/find_by_nsu', { nsu: order.json['nsu'] }, cashier);
    expect(full.status, JSON.stringify(full.json)).toBe(200);
    expect(full.json['volumes']).toEqual([
      { id_volume: kept.json['id_volume'], id_pedido, id_nota_fiscal: null, quantidade: 1, especie: 'Caixa', marca: null, numeracao: null,
        peso_liquido: 0.5, peso_bruto: 0.75 },
    ]);
  });

  it("needs the order's client and an order that can be edited", async () => {
    const sold = await t.call('POST', '/operacao', saleBody(f), cashier); // a pre-sale without client
    const noClient = await t.call('POST', '/volume/create', { id_pedido: sold.json['id_pedido'], quantidade: 1, peso_liquido: 1, peso_bruto: 1 }, cashier);
    expect(noClient.json['message']).toBe('Cliente do pedido não informado');
    const id_pedido = await newOrder();
    await t.call('PUT', '/order/update', { id_pedido, situacao: 'Cancelado' }, cashier);
    const locked = await t.call('POST', '/volume/create', { id_pedido, quantidade: 1, peso_liquido: 1, peso_bruto: 1 }, cashier);
    expect(locked.status).toBe(400);
    expect(locked.json['message']).toBe('O pedido está cancelado e não pode ser alterado.');
  });

  it("takes a volume of an invoice draft, and answers another organization's invoice like a missing one", async () => {
    const id_nota_fiscal = await invoice();
    const ok = await t.call('POST', '/volume/create', { id_nota_fiscal, quantidade: 1, peso_liquido: 0.5, peso_bruto: 0.6 }, cashier);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const detail = await t.call('POST', '/invoice/find_by_id', { id_nota_fiscal }, cashier);
    expect(detail.json['volumes']).toEqual([expect.objectContaining({ quantidade: 1, peso_bruto: 0.6 })]);
    const foreign = await t.call('POST', '/volume/create', { id_nota_fiscal, quantidade: 1, peso_liquido: 1, peso_bruto: 1 }, other);
    const missing = await t.call('POST', '/volume/create', { id_nota_fiscal: 999_999, quantidade: 1, peso_liquido: 1, peso_bruto: 1 }, other);
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual(missing.json);
    const both = await t.call('POST', '/volume/create', { id_pedido: await newOrder(), id_nota_fiscal, quantidade: 1, peso_liquido: 1, peso_bruto: 1 }, cashier);
    expect(both.json['message']).toBe(ORDER_MESSAGES.volumeTwoParents);
  });
});

describe('/api/people_account_history/create and the customer credit', () => {
  const balance = async (id_pessoa: number) => {
    const { rows } = await system('SELECT saldo FROM pessoa_conta_corrente WHERE id_pessoa = $1', [id_pessoa]);
    return rows[0] ? Number(rows[0]['saldo']) : null;
  };
  const create = (body: Record<string, unknown>, token = cashier) => t.call('POST', '/people_account_history/create', body, token);

  it('answers the credit-on-return checks with the spec texts', async () => {
    const res = await create({});
    expect(res.status).toBe(400);
    expect(res.json['erros']).toEqual(['Valor não informado.', 'Nota Fiscal não informado.', 'Pessoa não localizada.']);
    const unknown = await create({ valor: 10, id_nota_fiscal: await invoice(), id_pessoa: 999_999 });
    expect(unknown.status).toBe(404);
    expect(unknown.json['message']).toBe('Pessoa não localizada.');
  });

  it('generates credit once per return invoice and spends it down to zero, never below', async () => {
    const id_pessoa = f.id_cliente;
    const start = (await balance(id_pessoa)) ?? 0;
    // A sales-return NF-e of the branch, authorized (only a return invoice generates credit: credit-origin.db.test.ts).
    const id_nota_fiscal = await invoice({ id_cliente: id_pessoa });
    await system(`UPDATE nota_fiscal SET tipo_nota = 'Devolucao', operacao = 'Entrada', situacao = 'Autorizada', valor_nota_fiscal = 50
      WHERE id_nota_fiscal = $1`, [id_nota_fiscal]);
    const credit = await expectOk(t, 'peopleAccountHistoryCreate', { valor: 50, id_nota_fiscal, id_pessoa, observacao: 'Devolução' }, cashier);
    expect(credit.status, JSON.stringify(credit.json)).toBe(200);
    expect(credit.json).toMatchObject({ operacao: 'Entrada', tipo: 'Devolucao', valor: 50, saldo_anterior: start, saldo: start + 50,
      message: 'Crédito gerado com suceso.' });
    const twice = await create({ valor: 50, id_nota_fiscal, id_pessoa });
    expect(twice.status).toBe(400);
    expect(await balance(id_pessoa)).toBe(start + 50);
    const id_operacao = randomUUID();
    const spent = await create({ operacao: 'Saida', tipo: 'Resgate', valor: start + 50, id_pessoa, id_operacao });
    expect(spent.json).toMatchObject({ saldo: 0, saldo_posterior: 0 });
    const resend = await create({ operacao: 'Saida', tipo: 'Resgate', valor: start + 50, id_pessoa, id_operacao });
    expect(resend.status).toBe(200);
    expect(await countRows(t.db, `pessoa_conta_historico WHERE id_operacao = $1`, [id_operacao])).toBe(1);
    const over = await create({ operacao: 'Saida', tipo: 'Resgate', valor: 0.01, id_pessoa, id_operacao: randomUUID() });
    expect(over.status).toBe(400);
    expect(over.json['message']).toBe('Saldo de crédito do cliente insuficiente. Saldo disponível: R$ 0,00.');
    expect(await balance(id_pessoa)).toBe(0);
  });

  it('refuses to spend credit of a customer without an account, and a person of another organization', async () => {
    const { rows } = await system(`INSERT INTO pessoa (id_organization, nome, tipo) SELECT id_organization, 'Sem Crédito', 'F' FROM pessoa
      WHERE id_pessoa = $1 RETURNING id_pessoa`, [f.id_cliente]);
    const id_pessoa = Number(rows[0]!['id_pessoa']);
    const res = await create({ operacao: 'Saida', valor: 1, id_pessoa });
    expect(res.json['message']).toBe(MESSAGES.customerCreditNotFound);
    const foreign = await create({ valor: 1, id_nota_fiscal: 999_999, id_pessoa: f.id_cliente }, other);
    expect(foreign.status).toBe(404);
    expect(foreign.json['message']).toBe('Pessoa não localizada.');
    expect((await create({ valor: 1, id_nota_fiscal: 999_999, id_pessoa: f.id_cliente }, manager)).status).toBe(404);
  });
});
