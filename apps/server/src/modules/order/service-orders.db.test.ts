import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OBJECT_IMAGE_MAX_BYTES } from '@pdv/contract/order-service';
import { MESSAGES } from '@pdv/domain/messages';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { SERVICE_ORDER_MESSAGES as M } from '@pdv/domain/service-order-rules';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, loadSaleFixture, type SaleFixture } from '../../testing/sale.ts';
import { expectOk } from '../../testing/routes.ts';

let t: TestApp;
let manager: string;
let cashier: string;
let other: string;
let branch2: string;
let f: SaleFixture;
let org: number;
let technician: number;

type Json = Record<string, unknown>;
const system = (sql: string, params: unknown[] = []) => t.db.system((tx) => tx.query<Json>(sql, params));
const cents = (v: unknown) => Math.round(Number(v) * 100);

/** A 1×1 PNG and a tiny JPEG header: real magic bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  cashier = await t.login('caixa@demo.com.br');
  other = await t.login('outra@demo.com.br');
  branch2 = await t.login('filial2@demo.com.br');
  f = await loadSaleFixture(t.db);
  await system('UPDATE filial_configuracao SET is_liberar_pedido = false, controla_estoque_negativo = false WHERE id_filial = $1', [f.id_filial]);
  const { rows } = await system(`SELECT u.id_organization, u.id_usuario FROM usuario u WHERE u.email = 'caixa@demo.com.br'`);
  org = Number(rows[0]!['id_organization']);
  technician = Number(rows[0]!['id_usuario']);
});
afterAll(async () => {
  await t.close();
});

async function newOrder(operacao = 'OrdemServico', token = manager): Promise<number> {
  const res = await t.call('POST', '/order/create', { operacao, id_cliente: f.id_cliente }, token);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return Number(res.json['id_pedido']);
}
const saveService = (body: Json, token = manager) => t.call('POST', '/order_service/save', body, token);
async function serviceOk(body: Json, token = manager): Promise<Json> {
  const res = await expectOk(t, 'orderServiceSave', body, token);
  return res.json;
}
type Service = { id_pedido_servico: number; valor_unitario: number; valor_desconto: number; valor_sub_total: number; valor_total: number; id_usuario_tecnico: number | null; tecnico_nome: string | null; descricao: string; quantidade: number };
const servicesOf = (order: Json) => order['servicos'] as Service[];
type ObjectRow = { id_pedido_objeto: number; descricao: string; numero_serie: string | null; defeito_relatado: string | null; imagens: { id_pedido_objeto_imagem: number; nome: string; mime: string; tamanho: number }[] };
const objectsOf = (order: Json) => order['objetos'] as ObjectRow[];
async function objectOk(id_pedido: number, body: Json = {}): Promise<ObjectRow> {
  const res = await expectOk(t, 'orderObjectSave', { id_pedido, descricao: 'Celular Moto G', numero_serie: 'SN123', defeito_relatado: 'Tela quebrada', ...body }, manager);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return objectsOf(res.json).at(-1)!;
}
const upload = (id_pedido_objeto: number, images: Json[], token = manager) =>
  t.call('POST', '/order_object/save_images', { id_pedido_objeto, list_images: images }, token);

describe('POST /api/order_service/save and /order_service/delete', () => {
  it('adds a service line with its technician and puts it in the order totals with the products', async () => {
    const id = await newOrder();
    const withItem = await t.call('POST', '/order_item/create', {
      id_pedido: id, id_produto_grade_filial: f.product.id_produto_grade_filial, id_endereco_estoque: f.product.id_endereco_estoque,
    }, manager);
    expect(withItem.status).toBe(200);
    const order = await serviceOk({
      id_pedido: id, descricao: 'Troca de tela', quantidade: 2, valor_unitario: 80, valor_desconto: 12.35, id_usuario_tecnico: technician,
    });
    const [line] = servicesOf(order);
    // 2 × (80,00 - 12,35) = 135,30; gross 160,00.
    expect(line).toMatchObject({ descricao: 'Troca de tela', quantidade: 2, valor_unitario: 80, valor_desconto: 12.35, valor_sub_total: 160,
      valor_total: 135.3, id_usuario_tecnico: technician, tecnico_nome: 'Carlos Lima' });
    const product = cents(f.product.preco);
    expect(cents(order['valor_total_bruto'])).toBe(product + 16000);
    expect(cents(order['valor_desconto'])).toBe(2470);
    expect(cents(order['valor_total_liquido'])).toBe(product + 13530);
  });

  it('changes and deletes a line, recalculating the order each time', async () => {
    const id = await newOrder();
    const first = servicesOf(await serviceOk({ id_pedido: id, descricao: 'Diagnóstico', valor_unitario: 50 }))[0]!;
    const changed = await serviceOk({ id_pedido: id, id_pedido_servico: first.id_pedido_servico, quantidade: 3, desconto_percentual: 10 });
    expect(servicesOf(changed)[0]).toMatchObject({ descricao: 'Diagnóstico', valor_unitario: 50, valor_desconto: 5, valor_total: 135 });
    expect(cents(changed['valor_total_liquido'])).toBe(13500);
    const gone = await expectOk(t, 'orderServiceDelete', { id_pedido_servico: first.id_pedido_servico }, manager);
    expect(gone.status).toBe(200);
    expect(servicesOf(gone.json)).toEqual([]);
    expect(cents(gone.json['valor_total_liquido'])).toBe(0);
    expect((await t.call('POST', '/order_service/delete', { id_pedido_servico: first.id_pedido_servico }, manager)).status).toBe(404);
  });

  it('prices a catalogue service by the service-price rule: the customer price list, else the default entry', async () => {
    const { rows: [svc] } = await system(`INSERT INTO servico (id_organization, descricao) VALUES ($1, 'Limpeza interna') RETURNING id_servico`, [org]);
    const { rows: [table] } = await system(`INSERT INTO tabela_preco (id_organization, descricao) VALUES ($1, 'Oficina') RETURNING id_tabela_preco`, [org]);
    await system(`INSERT INTO servico_preco (id_organization, id_servico, id_tabela_preco, is_padrao, valor) VALUES
      ($1, $2, NULL, false, 70), ($1, $2, NULL, true, 60), ($1, $2, $3, false, 45)`, [org, svc!['id_servico'], table!['id_tabela_preco']]);
    const id = await newOrder();
    const byDefault = servicesOf(await serviceOk({ id_pedido: id, id_servico: svc!['id_servico'] }))[0]!;
    expect(byDefault).toMatchObject({ descricao: 'Limpeza interna', valor_unitario: 60 });
    await system('UPDATE pessoa SET id_tabela_preco_padrao = $2 WHERE id_pessoa = $1', [f.id_cliente, table!['id_tabela_preco']]);
    try {
      const byList = servicesOf(await serviceOk({ id_pedido: id, id_servico: svc!['id_servico'] }))[1]!;
      expect(byList.valor_unitario).toBe(45);
    } finally {
      await system('UPDATE pessoa SET id_tabela_preco_padrao = NULL WHERE id_pessoa = $1', [f.id_cliente]);
    }
  });

  it('refuses with pt-BR messages and writes nothing', async () => {
    const id = await newOrder();
    const before = await countRows(t.db, 'pedido_servico');
    expect((await saveService({ id_pedido: id, valor_unitario: 10 })).json['message']).toBe(M.serviceDescriptionMissing);
    expect((await saveService({ id_pedido: id, descricao: 'X' })).json['message']).toBe(M.servicePriceMissing);
    expect((await saveService({ id_pedido: id, descricao: 'X', valor_unitario: 0 })).json['message']).toBe(MESSAGES.itemValueNotPositive);
    expect((await saveService({ id_pedido: id, descricao: 'X', valor_unitario: 10, valor_desconto: 10 })).json['message']).toBe(MESSAGES.itemValueNotPositive);
    expect((await saveService({ id_pedido: id, descricao: 'X', valor_unitario: 10, id_usuario_tecnico: 999999 })).json['message']).toBe(M.technicianNotFound);
    expect((await saveService({ id_pedido: id, id_servico: 999999 })).json['message']).toBe(M.catalogueServiceNotFound);
    const consignment = await newOrder('Consignacao');
    const refused = await saveService({ id_pedido: consignment, descricao: 'X', valor_unitario: 10 });
    expect(refused.status).toBe(400);
    expect(refused.json['message']).toBe('Consignações não aceitam serviços.');
    expect(await countRows(t.db, 'pedido_servico')).toBe(before);
  });

  it("caps the discount at the user's percentual_desconto_maximo with the point of sale's message", async () => {
    const id = await newOrder('OrdemServico', cashier);
    const res = await saveService({ id_pedido: id, descricao: 'Reparo', valor_unitario: 100, desconto_percentual: 6 }, cashier);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(MESSAGES.discountPercentAboveMax(500));
    expect((await saveService({ id_pedido: id, descricao: 'Reparo', valor_unitario: 100, desconto_percentual: 5 }, cashier)).status).toBe(200);
  });

  it('locks the services of an order that is invoiced or cancelled, and reopens a released one (000 §4.2-4.3)', async () => {
    const id = await newOrder();
    const line = servicesOf(await serviceOk({ id_pedido: id, descricao: 'Reparo', valor_unitario: 30 }))[0]!;
    expect((await expectOk(t, 'orderUpdate', { id_pedido: id, situacao: 'Liberado' }, manager)).json['situacao']).toBe('Liberado');
    const reopened = await serviceOk({ id_pedido: id, id_pedido_servico: line.id_pedido_servico, quantidade: 2 });
    expect(reopened['situacao']).toBe('Edicao');
    await system(`UPDATE pedido SET situacao = 'Faturado' WHERE id_pedido = $1`, [id]);
    const locked = await saveService({ id_pedido: id, id_pedido_servico: line.id_pedido_servico, quantidade: 5 });
    expect(locked.status).toBe(400);
    expect(locked.json['message']).toBe(ORDER_MESSAGES.locked('Faturado'));
    expect((await t.call('POST', '/order_service/delete', { id_pedido_servico: line.id_pedido_servico }, manager)).json['message'])
      .toBe(ORDER_MESSAGES.locked('Faturado'));
    await system(`UPDATE pedido SET situacao = 'Edicao', is_processando = true WHERE id_pedido = $1`, [id]);
    expect((await saveService({ id_pedido: id, descricao: 'Outro', valor_unitario: 1 })).json['message']).toBe(ORDER_MESSAGES.processing);
  });

  it("answers another organization's or branch's order and line like missing ones", async () => {
    const id = await newOrder();
    const line = servicesOf(await serviceOk({ id_pedido: id, descricao: 'Reparo', valor_unitario: 30 }))[0]!;
    for (const token of [other, branch2]) {
      const save = await saveService({ id_pedido: id, descricao: 'X', valor_unitario: 1 }, token);
      expect(save.status).toBe(404);
      expect(save.json['message']).toBe(ORDER_MESSAGES.notFound);
      const del = await t.call('POST', '/order_service/delete', { id_pedido_servico: line.id_pedido_servico }, token);
      expect(del.status).toBe(404);
      expect(del.json['message']).toBe(M.serviceNotFound);
    }
    // A line of another order of the same branch is not this order's.
    const second = await newOrder();
    expect((await saveService({ id_pedido: second, id_pedido_servico: line.id_pedido_servico, quantidade: 2 })).status).toBe(404);
  });
});

describe('POST /api/order_object/*', () => {
  it('saves, changes and deletes an object of a service order', async () => {
    const id = await newOrder();
    const object = await objectOk(id);
    expect(object).toMatchObject({ descricao: 'Celular Moto G', numero_serie: 'SN123', defeito_relatado: 'Tela quebrada', imagens: [] });
    const changed = await t.call('POST', '/order_object/save', { id_pedido: id, id_pedido_objeto: object.id_pedido_objeto, numero_serie: 'SN999' }, manager);
    expect(objectsOf(changed.json)[0]).toMatchObject({ descricao: 'Celular Moto G', numero_serie: 'SN999', defeito_relatado: 'Tela quebrada' });
    const gone = await expectOk(t, 'orderObjectDelete', { id_pedido_objeto: object.id_pedido_objeto }, manager);
    expect(gone.status).toBe(200);
    expect(objectsOf(gone.json)).toEqual([]);
  });

  it('refuses objects outside service orders, without a description, and on a locked order', async () => {
    const order = await newOrder('Pedido');
    const refused = await t.call('POST', '/order_object/save', { id_pedido: order, descricao: 'Relógio' }, manager);
    expect(refused.status).toBe(400);
    expect(refused.json['message']).toBe('Pedidos não aceitam objetos: objetos são da ordem de serviço.');
    const id = await newOrder();
    expect((await t.call('POST', '/order_object/save', { id_pedido: id, descricao: '  ' }, manager)).json['message']).toBe(M.objectDescriptionMissing);
    const object = await objectOk(id);
    await system(`UPDATE pedido SET situacao = 'Cancelado' WHERE id_pedido = $1`, [id]);
    const locked = await t.call('POST', '/order_object/save', { id_pedido: id, id_pedido_objeto: object.id_pedido_objeto, marca: 'X' }, manager);
    expect(locked.json['message']).toBe(ORDER_MESSAGES.locked('Cancelado'));
    expect((await upload(object.id_pedido_objeto, [{ mime: 'image/png', image: PNG.toString('base64') }])).json['message'])
      .toBe(ORDER_MESSAGES.locked('Cancelado'));
  });

  it('stores images by their bytes, answers them back, and deletes them', async () => {
    const id = await newOrder();
    const object = await objectOk(id);
    const res = await expectOk(t, 'orderObjectSaveImages', { id_pedido_objeto: object.id_pedido_objeto, list_images: [
      { nome: 'frente.png', mime: 'image/png', image: PNG.toString('base64') },
      { nome: 'verso.jpg', mime: 'image/jpeg', image: `data:image/jpeg;base64,${JPEG.toString('base64')}` },
    ] }, manager);
    const images = objectsOf(res.json)[0]!.imagens;
    expect(images.map((i) => [i.nome, i.mime, i.tamanho])).toEqual([['frente.png', 'image/png', PNG.length], ['verso.jpg', 'image/jpeg', JPEG.length]]);
    const read = await t.call('POST', '/order_object/image', { id_pedido_objeto_imagem: images[0]!.id_pedido_objeto_imagem }, cashier);
    expect(read.status).toBe(200);
    expect(Buffer.from(String(read.json['image']), 'base64').equals(PNG)).toBe(true);
    const del = await expectOk(t, 'orderObjectDeleteImage', { id_pedido_objeto_imagem: images[0]!.id_pedido_objeto_imagem }, manager);
    expect(objectsOf(del.json)[0]!.imagens.map((i) => i.nome)).toEqual(['verso.jpg']);
    expect((await t.call('POST', '/order_object/image', { id_pedido_objeto_imagem: images[0]!.id_pedido_objeto_imagem }, manager)).status).toBe(404);
    const { rows } = await system('SELECT conteudo IS NULL AS freed FROM pedido_objeto_imagem WHERE id_pedido_objeto_imagem = $1', [images[0]!.id_pedido_objeto_imagem]);
    expect(rows[0]!['freed']).toBe(true);
  });

  it('refuses a non-image, a type that does not match the bytes, and an image above the size limit, writing nothing', async () => {
    const id = await newOrder();
    const object = await objectOk(id);
    const before = await countRows(t.db, 'pedido_objeto_imagem');
    const text = await upload(object.id_pedido_objeto, [{ nome: 'a.png', mime: 'image/png', image: PNG.toString('base64') },
      { nome: 'nota.txt', mime: 'text/plain', image: Buffer.from('olá').toString('base64') }]);
    expect(text.status).toBe(400);
    expect(text.json['message']).toBe('A imagem nota.txt não é JPEG, PNG ou WebP.');
    const disguised = await upload(object.id_pedido_objeto, [{ nome: 'falsa.png', mime: 'image/png', image: Buffer.from('%PDF-1.4').toString('base64') }]);
    expect(disguised.json['message']).toBe('A imagem falsa.png não é JPEG, PNG ou WebP.');
    const big = Buffer.concat([JPEG, Buffer.alloc(OBJECT_IMAGE_MAX_BYTES)]);
    const tooBig = await upload(object.id_pedido_objeto, [{ nome: 'grande.jpg', mime: 'image/jpeg', image: big.toString('base64') }]);
    expect(tooBig.status).toBe(400);
    expect(String(tooBig.json['message'])).toContain('700 KB');
    expect(await countRows(t.db, 'pedido_objeto_imagem')).toBe(before);
  });

  it("answers another organization's or branch's object and image like missing ones", async () => {
    const id = await newOrder();
    const object = await objectOk(id);
    const res = await upload(object.id_pedido_objeto, [{ mime: 'image/png', image: PNG.toString('base64') }]);
    const image = objectsOf(res.json)[0]!.imagens[0]!;
    for (const token of [other, branch2]) {
      expect((await t.call('POST', '/order_object/save', { id_pedido: id, descricao: 'X' }, token)).status).toBe(404);
      expect((await t.call('POST', '/order_object/delete', { id_pedido_objeto: object.id_pedido_objeto }, token)).status).toBe(404);
      expect((await upload(object.id_pedido_objeto, [{ mime: 'image/png', image: PNG.toString('base64') }], token)).status).toBe(404);
      expect((await t.call('POST', '/order_object/image', { id_pedido_objeto_imagem: image.id_pedido_objeto_imagem }, token)).status).toBe(404);
      expect((await t.call('POST', '/order_object/delete_image', { id_pedido_objeto_imagem: image.id_pedido_objeto_imagem }, token)).json['message'])
        .toBe(M.imageNotFound);
    }
  });
});

describe('a service order through release and invoicing (000 §4.4)', () => {
  it('is invoiced only when released; the goods invoice takes the products share of the payments', async () => {
    const id = await newOrder();
    const item = await t.call('POST', '/order_item/create', {
      id_pedido: id, id_produto_grade_filial: f.product.id_produto_grade_filial, id_endereco_estoque: f.product.id_endereco_estoque,
    }, manager);
    expect(item.status).toBe(200);
    const order = await serviceOk({ id_pedido: id, descricao: 'Instalação', valor_unitario: 40, id_usuario_tecnico: technician });
    const total = Number(order['valor_total_liquido']);
    const paid = await t.call('POST', '/order_payment/create', { id_pedido: id, id_meio_pagamento: f.methods['01'], valor_total: total }, manager);
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    const early = await t.call('POST', '/order/order-invoice-list', { list_orders: [id], modelo: '55' }, manager);
    expect(early.status).toBe(400);
    expect(early.json['message']).toContain('Somente Ordens de serviço liberados podem ser faturados.');
    expect((await t.call('PUT', '/order/update', { id_pedido: id, situacao: 'Liberado' }, manager)).status).toBe(200);
    const invoiced = await expectOk(t, 'orderInvoiceList', { list_orders: [id], modelo: '55' }, manager);
    expect(invoiced.status, JSON.stringify(invoiced.json)).toBe(200);
    const id_nf = (invoiced.json['notas'] as { id_nota_fiscal: number }[])[0]!.id_nota_fiscal;
    const nf = await t.call('POST', '/invoice/find_by_id', { id_nota_fiscal: id_nf }, manager);
    const payments = nf.json['pagamentos'] as { valor_total: number }[];
    expect(payments.reduce((s, p) => s + cents(p.valor_total), 0)).toBe(cents(f.product.preco));
    const locked = await saveService({ id_pedido: id, descricao: 'Mais um', valor_unitario: 5 });
    expect(locked.json['message']).toBe(ORDER_MESSAGES.locked('NotaPendente'));
  });
});

describe('per-user caps on order item changes (002 §5)', () => {
  async function cashierLine() {
    const id = await newOrder('Pedido', cashier);
    const res = await t.call('POST', '/order_item/create', {
      id_pedido: id, id_produto_grade_filial: f.product.id_produto_grade_filial, id_endereco_estoque: f.product.id_endereco_estoque, quantidade: 2,
    }, cashier);
    expect(res.status).toBe(200);
    return { id, line: (res.json['itens'] as { id_pedido_item: number }[])[0]!.id_pedido_item };
  }
  const price = () => Number(f.product.preco);

  it('refuses a discount above percentual_desconto_maximo on create, update and patch_update', async () => {
    const { id, line } = await cashierLine();
    const create = await t.call('POST', '/order_item/create', {
      id_pedido: id, id_produto_grade_filial: f.product.id_produto_grade_filial, id_endereco_estoque: f.product.id_endereco_estoque, desconto_percentual: 5.01,
    }, cashier);
    expect(create.status).toBe(400);
    expect(create.json['message']).toBe(MESSAGES.discountPercentAboveMax(500));
    const update = await t.call('PUT', '/order_item/update', { id_pedido_item: line, quantidade: 2, desconto_percentual: 6 }, cashier);
    expect(update.json['message']).toBe(MESSAGES.discountPercentAboveMax(500));
    const patch = await t.call('PUT', '/order_item/patch_update', { id_pedido_item: line, valor_desconto_item: price() }, cashier);
    expect(patch.status).toBe(400);
    expect(String(patch.json['message'])).toMatch(/^O desconto máximo permitido é de R\$/);
    expect((await t.call('PUT', '/order_item/patch_update', { id_pedido_item: line, desconto_percentual: 5 }, cashier)).status).toBe(200);
    // The manager's 20% goes through, and a cashier may still change the note of that line.
    expect((await t.call('PUT', '/order_item/patch_update', { id_pedido_item: line, desconto_percentual: 15 }, manager)).status).toBe(200);
    expect((await t.call('PUT', '/order_item/patch_update', { id_pedido_item: line, observacao: 'embrulhar' }, cashier)).status).toBe(200);
  });

  it('refuses a subtotal discount above percentual_desconto_maximo, in percent and in value', async () => {
    const { id } = await cashierLine();
    const discount = (body: Json, token = cashier) => t.call('POST', '/order_item/calculate_subtotal_discount', { id_pedido: id, ...body }, token);
    const worth = Math.round(price() * 100) * 2;
    const percent = await discount({ desconto_percentual: 90 });
    expect(percent.status).toBe(400);
    expect(percent.json['message']).toBe(MESSAGES.discountPercentAboveMax(500));
    const value = await discount({ valor_desconto: Math.floor(worth * 0.5) / 100 });
    expect(value.status).toBe(400);
    expect(value.json['message']).toBe(MESSAGES.discountValueAboveMax(Math.floor((worth * 500) / 10_000), 500));
    const order = await t.call('POST', '/order/find_by_id', { id_pedido: id }, cashier);
    expect(order.json['valor_desconto_subtotal']).toBe(0);
    expect((await discount({ desconto_percentual: 5 })).status).toBe(200);
    expect((await discount({ valor_desconto: Math.floor(worth * 0.05) / 100 })).status).toBe(200);
    // The manager's 15% goes through.
    const managers = await discount({ desconto_percentual: 15 }, manager);
    expect(managers.status, JSON.stringify(managers.json)).toBe(200);
  });

  it('refuses a price below perc_max_reducao or above perc_max_aumento of the product price', async () => {
    const { line } = await cashierLine();
    await system(`UPDATE usuario SET perc_max_aumento_preco_produto = 10 WHERE email = 'caixa@demo.com.br'`);
    try {
      const low = Math.floor(price() * 0.9 * 100) / 100;
      const below = await t.call('PUT', '/order_item/patch_update', { id_pedido_item: line, valor_unitario: low }, cashier);
      expect(below.status).toBe(400);
      expect(below.json['message']).toBe(MESSAGES.priceReductionAboveMax(500));
      const above = await t.call('PUT', '/order_item/update', { id_pedido_item: line, quantidade: 2, valor_unitario: Math.ceil(price() * 1.2 * 100) / 100 }, cashier);
      expect(above.json['message']).toBe(MESSAGES.priceIncreaseAboveMax(1000));
      const within = Math.ceil(price() * 0.96 * 100) / 100;
      expect((await t.call('PUT', '/order_item/patch_update', { id_pedido_item: line, valor_unitario: within }, cashier)).status).toBe(200);
    } finally {
      await system(`UPDATE usuario SET perc_max_aumento_preco_produto = 100 WHERE email = 'caixa@demo.com.br'`);
    }
  });
});
