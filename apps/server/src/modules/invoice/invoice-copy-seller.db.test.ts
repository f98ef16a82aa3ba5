/**
 * /invoice/invoice-duplicate, /invoice/changeSeller and /invoice_item/update_user_seller (000 §7.4, issue 31): a copy
 * is a new draft with the same content and none of the fiscal identity; the seller changes on the header and lines
 * or on one line, a user of the organization or none; all of the caller's branch only.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SALE_BUILD_MESSAGES } from '@pdv/domain/sale-build';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let manager: string;
let branch2: string;
let other: string;
let f: SaleFixture;
let seller: number;
let otherOrgUser: number;

const system = <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) => t.db.system((tx) => tx.query<R>(sql, params));

beforeAll(async () => {
  t = await createTestApp({ sefaz: true });
  manager = await t.login('gerente@demo.com.br');
  branch2 = await t.login('filial2@demo.com.br');
  other = await t.login('outra@demo.com.br');
  f = await loadSaleFixture(t.db);
  seller = (await system<{ id: number }>(`SELECT id_usuario AS id FROM usuario WHERE email = 'caixa@demo.com.br'`)).rows[0]!.id;
  otherOrgUser = (await system<{ id: number }>(`SELECT id_usuario AS id FROM usuario WHERE email = 'outra@demo.com.br'`)).rows[0]!.id;
}, 120_000);
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await system('UPDATE estoque SET quantidade = 50, quantidade_reserva = 0 WHERE id_estoque = $1', [f.product.id_estoque]);
});

async function authorizedNfce(): Promise<number> {
  const res = await t.call('POST', '/operacao', saleBody(f, { modelo: '65', cliente_cpf_cnpj: '52998224725' }, 2), manager);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const id = res.json['id_nota_fiscal'] as number;
  expect((await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: id }, manager)).json['success']).toBe(true);
  return id;
}

describe('/invoice/invoice-duplicate', () => {
  it('copies an authorized NFC-e into a new draft without its number, key, XML or protocol, which is authorized in its turn', async () => {
    const id = await authorizedNfce();
    const source = (await t.call('POST', '/invoice/find_by_id', { id_nota_fiscal: id }, manager)).json;
    const copy = await expectOk(t, 'invoiceDuplicate', { id_nota_fiscal: id }, manager);
    expect(copy.status, JSON.stringify(copy.json)).toBe(200);
    expect(copy.json).toMatchObject({ situacao: 'EmEdicao', modelo: '65', numero_nota_fiscal: null, chave_acesso: null, protocolo: null,
      valor_nota_fiscal: source['valor_nota_fiscal'], cliente_cpf_cnpj: '52998224725', natureza_operacao: source['natureza_operacao'] });
    expect(copy.json['id_nota_fiscal']).not.toBe(id);
    const items = (j: Record<string, unknown>) => (j['itens'] as Array<Record<string, unknown>>).map((i) => [i['id_produto_grade_filial'], i['quantidade'], i['valor_unitario']]);
    expect(items(copy.json)).toEqual(items(source));
    expect((copy.json['pagamentos'] as unknown[]).length).toBe((source['pagamentos'] as unknown[]).length);
    const sent = await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: copy.json['id_nota_fiscal'] }, manager);
    expect(sent.json['success'], JSON.stringify(sent.json)).toBe(true);
    expect((sent.json['nota_fiscal'] as Record<string, unknown>)['numero_nota_fiscal']).not.toBe(source['numero_nota_fiscal']);
  });

  it("answers another branch's or organization's invoice as not found, writing nothing", async () => {
    const id = await authorizedNfce();
    const before = Number((await system<{ n: number }>('SELECT count(*)::int AS n FROM nota_fiscal')).rows[0]!.n);
    expect((await t.call('POST', '/invoice/invoice-duplicate', { id_nota_fiscal: id }, branch2)).status).toBe(404);
    expect((await t.call('POST', '/invoice/invoice-duplicate', { id_nota_fiscal: id }, other)).status).toBe(404);
    expect(Number((await system<{ n: number }>('SELECT count(*)::int AS n FROM nota_fiscal')).rows[0]!.n)).toBe(before);
  });
});

describe('the seller of an invoice', () => {
  it('/invoice/changeSeller sets it on the header and every line, even after authorization; none clears it', async () => {
    const id = await authorizedNfce();
    const changed = await expectOk(t, 'invoiceChangeSeller', { id_nota_fiscal: id, id_usuario_vendedor: seller }, manager);
    expect(changed.json['id_usuario_vendedor']).toBe(seller);
    const lines = await system<{ v: number | null }>('SELECT id_usuario_vendedor AS v FROM nota_fiscal_item WHERE id_nota_fiscal = $1', [id]);
    expect(lines.rows.every((r) => r.v === seller)).toBe(true);
    const cleared = await t.call('POST', '/invoice/changeSeller', { id_nota_fiscal: id, id_usuario_vendedor: null }, manager);
    expect(cleared.json['id_usuario_vendedor']).toBeNull();
  });

  it('/invoice_item/update_user_seller sets one line only', async () => {
    const id = await authorizedNfce();
    await t.call('POST', '/invoice/changeSeller', { id_nota_fiscal: id, id_usuario_vendedor: null }, manager);
    const line = (await system<{ id: number }>('SELECT id_nota_fiscal_item AS id FROM nota_fiscal_item WHERE id_nota_fiscal = $1 LIMIT 1', [id])).rows[0]!.id;
    await expectOk(t, 'invoiceItemUpdateUserSeller', { id_nota_fiscal: id, id_nota_fiscal_item: line, id_usuario_vendedor: seller }, manager);
    const rows = await system<{ item: number | null; header: number | null }>(
      `SELECT i.id_usuario_vendedor AS item, n.id_usuario_vendedor AS header FROM nota_fiscal_item i JOIN nota_fiscal n USING (id_organization, id_nota_fiscal)
        WHERE i.id_nota_fiscal_item = $1`, [line]);
    expect(rows.rows[0]).toEqual({ item: seller, header: null });
  });

  it('/invoice/invoice_link_seller gives a seller to the header and the lines without one, keeping the others', async () => {
    const id = await authorizedNfce();
    await t.call('POST', '/invoice/changeSeller', { id_nota_fiscal: id, id_usuario_vendedor: null }, manager);
    const line = (await system<{ id: number }>('SELECT id_nota_fiscal_item AS id FROM nota_fiscal_item WHERE id_nota_fiscal = $1 LIMIT 1', [id])).rows[0]!.id;
    const managerId = (await system<{ id: number }>(`SELECT id_usuario AS id FROM usuario WHERE email = 'gerente@demo.com.br'`)).rows[0]!.id;
    await t.call('POST', '/invoice_item/update_user_seller', { id_nota_fiscal: id, id_nota_fiscal_item: line, id_usuario_vendedor: managerId }, manager);
    const linked = await expectOk(t, 'invoiceLinkSeller', { id_nota_fiscal: id, id_usuario_vendedor: seller }, manager);
    expect(linked.json['id_usuario_vendedor']).toBe(seller);
    const rows = await system<{ id: number; v: number }>(
      'SELECT id_nota_fiscal_item AS id, id_usuario_vendedor AS v FROM nota_fiscal_item WHERE id_nota_fiscal = $1', [id]);
    for (const r of rows.rows) expect(r.v).toBe(r.id === line ? managerId : seller);
    const refused = await t.call('POST', '/invoice/invoice_link_seller', { id_nota_fiscal: id, id_usuario_vendedor: otherOrgUser }, manager);
    expect(refused.json['message']).toBe(SALE_BUILD_MESSAGES.sellerNotFound);
  });

  it("refuses a user of another organization ('Vendedor não encontrado.') and another branch's invoice", async () => {
    const id = await authorizedNfce();
    const refused = await t.call('POST', '/invoice/changeSeller', { id_nota_fiscal: id, id_usuario_vendedor: otherOrgUser }, manager);
    expect(refused.status).toBe(400);
    expect(refused.json['message']).toBe(SALE_BUILD_MESSAGES.sellerNotFound);
    expect((await t.call('POST', '/invoice/changeSeller', { id_nota_fiscal: id, id_usuario_vendedor: null }, branch2)).status).toBe(404);
    const header = await system<{ v: number | null }>('SELECT id_usuario_vendedor AS v FROM nota_fiscal WHERE id_nota_fiscal = $1', [id]);
    expect(header.rows[0]!.v).not.toBe(otherOrgUser);
  });
});
