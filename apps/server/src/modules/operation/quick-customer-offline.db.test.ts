/**
 * A customer saved by the point of sale's quick save with the network off travels inside the sale (cliente_rapido):
 * the server creates it in the sale's transaction, a second offline sale of the same customer (same till UUID) finds
 * it instead of making another, a customer registered meanwhile with the same CPF takes the sale, a resend changes
 * nothing, bad data refuses the sale without writing the person, and id_cliente with cliente_rapido is refused.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cpfCheckDigits } from '@pdv/domain/documents';
import { MESSAGES } from '@pdv/domain/messages';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let cashier: string;
let f: SaleFixture;

const cpf = (base: number) => {
  const b = String(base).padStart(9, '0');
  return b + cpfCheckDigits(b);
};
type Json = Record<string, unknown>;
const persons = async (where: string, params: unknown[]) =>
  (await t.db.system((tx) => tx.query<Json>(`SELECT * FROM pessoa WHERE ${where} ORDER BY id_pessoa`, params))).rows;
const customerOfOrder = async (id_pedido: unknown) =>
  (await t.db.system((tx) => tx.query<{ id_cliente: number | null }>('SELECT id_cliente FROM pedido WHERE id_pedido = $1', [id_pedido]))).rows[0]!.id_cliente;

beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.login('caixa@demo.com.br');
  f = await loadSaleFixture(t.db);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.system((tx) => tx.query('UPDATE estoque SET quantidade = 50, quantidade_reserva = 0 WHERE id_estoque = $1', [f.product.id_estoque]));
});

describe('a customer quick-saved offline, sent with its sale', () => {
  it('is created once with the sale, found again by the till UUID, and a resend writes nothing more', async () => {
    const uuid = randomUUID();
    const doc = cpf(801802803);
    const cadastro = {
      nome: 'Cliente Sem Rede', cpf: doc, telefone: '(11) 97777-6666',
      endereco: { cep: '01310-100', endereco: 'Av. Paulista', numero: '1000', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP' },
    };
    const first = saleBody(f, { cliente_rapido: { uuid, cadastro } });
    const res = await t.call('POST', '/operacao', first, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const created = await persons('uuid_cadastro = $1', [uuid]);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ nome: 'Cliente Sem Rede', cpf: doc, tipo: 'F', is_cliente: true, id_organization: 1 });
    const id = created[0]!['id_pessoa'];
    expect(res.json['id_cliente']).toBe(id);
    expect(await customerOfOrder(res.json['id_pedido'])).toBe(id);
    // The address and the branch of the sale came with it.
    const address = await t.db.system((tx) => tx.query<Json>('SELECT cep, is_principal FROM pessoa_endereco WHERE id_pessoa = $1', [id]));
    expect(address.rows).toEqual([{ cep: '01310100', is_principal: true }]);
    const branches = await t.db.system((tx) => tx.query<Json>('SELECT id_filial FROM pessoa_filial WHERE id_pessoa = $1', [id]));
    expect(branches.rows).toEqual([{ id_filial: first.id_filial }]);

    // The resend: the first answer, no second person.
    const again = await t.call('POST', '/operacao', first, cashier);
    expect(again.json).toEqual({ ...res.json, duplicado: true });
    // A second sale of the same customer made offline on the same till: the same person.
    const second = await t.call('POST', '/operacao', saleBody(f, { cliente_rapido: { uuid, cadastro } }), cashier);
    expect(second.status, JSON.stringify(second.json)).toBe(200);
    expect(second.json['id_cliente']).toBe(id);
    expect(await persons('cpf = $1', [doc])).toHaveLength(1);
  });

  it('goes to the customer registered meanwhile with the same CPF, not a duplicate', async () => {
    const doc = cpf(802803804);
    const online = await t.call('POST', '/people/quick-create', { nome: 'Cadastrada Online', cpf: doc }, cashier);
    expect(online.status, JSON.stringify(online.json)).toBe(200);
    const id = (online.json['pessoa'] as Json)['id_pessoa'];
    const res = await t.call('POST', '/operacao', saleBody(f, { cliente_rapido: { uuid: randomUUID(), cadastro: { nome: 'Digitada Offline', cpf: doc } } }), cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json['id_cliente']).toBe(id);
    expect(await persons('cpf = $1', [doc])).toEqual([expect.objectContaining({ nome: 'Cadastrada Online' })]);
  });

  it('refuses bad data and id_cliente with it, writing neither the sale nor the person', async () => {
    const uuid = randomUUID();
    const bad = saleBody(f, { cliente_rapido: { uuid, cadastro: { nome: 'CPF Errado', cpf: '11111111111' } } });
    const refused = await t.call('POST', '/operacao', bad, cashier);
    expect(refused.status).toBe(400);
    const both = saleBody(f, { id_cliente: f.id_cliente, cliente_rapido: { uuid, cadastro: { nome: 'Os Dois' } } });
    const twice = await t.call('POST', '/operacao', both, cashier);
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.json)).toContain(MESSAGES.quickCustomerWithId);
    // A member the quick save does not allow (credit rules) is refused too.
    const sneaky = saleBody(f, { cliente_rapido: { uuid, cadastro: { nome: 'Com Crédito', valor_devedor_maximo: 99999 } as never } });
    expect((await t.call('POST', '/operacao', sneaky, cashier)).status).toBe(400);
    expect(await persons('uuid_cadastro = $1', [uuid])).toHaveLength(0);
    const orders = await t.db.system((tx) => tx.query('SELECT 1 FROM pedido WHERE id_operacao = ANY($1)', [[bad.id_operacao, both.id_operacao, sneaky.id_operacao]]));
    expect(orders.rows).toHaveLength(0);
  });
});
