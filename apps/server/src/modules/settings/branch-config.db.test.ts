/**
 * The branch configuration register (packages/contract/src/registers/branch-config.ts): its rows made by the database
 * with each branch, its routes (find, find_by_id, update), its secrets, its refusals and isolation, and each setting of
 * issue 18 changing what the server does when it is edited through PUT /api/branch-config/update.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTER_MESSAGES } from '@pdv/contract/registers/descriptor';
import { MESSAGES } from '@pdv/domain/messages';
import { SAT_MESSAGES } from '@pdv/domain/sat';
import { pdfText } from '@pdv/documents/pdf-text';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { countRows, loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let manager: string;
let cashier: string;
let other: string;
let f: SaleFixture;
/** The configuration rows of the demo's branches 1 (the manager's and the cashier's active one) and 2. */
let config1: number;
let config2: number;
let branch2: number;

type Row = Record<string, unknown>;
const sql = async (text: string, params: unknown[] = []) => (await t.db.system((tx) => tx.query<Row>(text, params))).rows;

/** Edits the active branch's configuration through the register's route, as the screen does. */
async function configure(values: Row, token = manager): Promise<Row> {
  return (await expectOk(t, 'branchConfigUpdate', { id_filial_configuracao: config1, ...values }, token)).json;
}

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  cashier = await t.login('caixa@demo.com.br');
  other = await t.login('outra@demo.com.br');
  f = await loadSaleFixture(t.db);
  const rows = await sql(
    `SELECT c.id_filial_configuracao AS id, f.codigo_filial, f.id_filial FROM filial_configuracao c JOIN filial f USING (id_organization, id_filial)
      JOIN organization o USING (id_organization) WHERE o.nome = 'Demo Moda' ORDER BY f.codigo_filial`,
  );
  config1 = Number(rows[0]!['id']);
  config2 = Number(rows[1]!['id']);
  branch2 = Number(rows[1]!['id_filial']);
  await sql('UPDATE estoque SET quantidade = 10, quantidade_reserva = 0 WHERE id_estoque = $1', [f.product.id_estoque]);
});
afterAll(async () => {
  await t.close();
});

describe('rows', () => {
  it('every branch has one, made by the database with the defaults of 002 §9; its first stock address becomes the sale address', async () => {
    const missing = await sql(`SELECT f.id_filial FROM filial f WHERE NOT EXISTS
      (SELECT 1 FROM filial_configuracao c WHERE c.id_organization = f.id_organization AND c.id_filial = f.id_filial)`);
    expect(missing).toEqual([]);
    const [branch] = await sql(
      `INSERT INTO filial (id_organization, id_empresa, codigo_filial, cnpj, razao_social, nome_fantasia)
       SELECT id_organization, id_empresa, '99', '11222333000181', 'Filial Nova Ltda', 'Filial Nova' FROM filial WHERE id_filial = $1
       RETURNING id_organization, id_filial`, [f.id_filial]);
    const [made] = await sql('SELECT * FROM filial_configuracao WHERE id_filial = $1', [branch!['id_filial']]);
    expect(made).toMatchObject({
      fuso_horario: -3, tamanho_codigo_produto_pesavel: 4, identificador_produto_pesavel: '2', codigo_regime_tributario: 1,
      ambiente_emissao: 2, tipo_preco_padrao: 'Varejo', modo_finalizacao: 'Modal', proporcao_imagem: '1/1',
      imprimir_segunda_via_contingencia: true, id_endereco_estoque_venda: null, obrigar_vendedor_venda_pdv: false,
    });
    const [address] = await sql(
      `INSERT INTO endereco_estoque (id_organization, id_filial, codigo, descricao) VALUES ($1, $2, 'A1', 'Loja') RETURNING id_endereco_estoque`,
      [branch!['id_organization'], branch!['id_filial']]);
    const [after] = await sql('SELECT id_endereco_estoque_venda FROM filial_configuracao WHERE id_filial = $1', [branch!['id_filial']]);
    expect(after!['id_endereco_estoque_venda']).toBe(address!['id_endereco_estoque']);
  });

  it('is made too when the application role (row-level security on) inserts the branch', async () => {
    const [org] = await sql('SELECT id_organization, id_empresa FROM filial WHERE id_filial = $1', [f.id_filial]);
    const made = await t.db.tenant({ id_organization: Number(org!['id_organization']) }, async (tx) => {
      const { rows } = await tx.query<{ id_filial: number }>(
        `INSERT INTO filial (id_organization, id_empresa, codigo_filial, cnpj, razao_social) VALUES ($1, $2, '98', '11444777000161', 'Filial RLS Ltda')
         RETURNING id_filial`, [org!['id_organization'], org!['id_empresa']]);
      return (await tx.query('SELECT fuso_horario FROM filial_configuracao WHERE id_filial = $1', [rows[0]!.id_filial])).rows;
    });
    expect(made).toEqual([{ fuso_horario: -3 }]);
  });

  it('find shows the active branch\'s configuration only; there is no create or delete', async () => {
    const found = await expectOk(t, 'branchConfigFind', {}, manager);
    expect((found.json['rows'] as Row[]).map((r) => r['id_filial_configuracao'])).toEqual([config1]);
    const byId = await expectOk(t, 'branchConfigFindById', { id_filial_configuracao: config1 }, manager);
    expect(byId.json).toMatchObject({ id_filial: f.id_filial, fuso_horario: -3 });
    expect((await t.call('POST', '/branch-config/create', {}, manager)).status).toBe(404);
    expect((await t.call('POST', '/branch-config/delete', { id_filial_configuracao: config1 }, manager)).status).toBe(404);
  });
});

describe('secrets', () => {
  it('the CSC, the point-of-sale token and the SAT signature are never answered nor synced; left out of an update they stay', async () => {
    await sql(`UPDATE filial_configuracao SET pdv_token = 'tok-123', sat_assinatura_ac = 'SATSIG' WHERE id_filial_configuracao = $1`, [config1]);
    const [before] = await sql('SELECT csc FROM filial_configuracao WHERE id_filial_configuracao = $1', [config1]);
    const row = (await expectOk(t, 'branchConfigFindById', { id_filial_configuracao: config1 }, manager)).json;
    for (const secret of ['csc', 'pdv_token', 'sat_assinatura_ac']) expect(Object.keys(row)).not.toContain(secret);
    const listed = await t.call('POST', '/branch-config/find', {}, manager);
    for (const secret of [String(before!['csc']), 'tok-123', 'SATSIG']) {
      expect(JSON.stringify(row)).not.toContain(secret);
      expect(JSON.stringify(listed.json)).not.toContain(secret);
    }
    // An update without them keeps them; a new value replaces one.
    await configure({ dias_tolerancia_troca: 30 });
    expect((await sql('SELECT csc, pdv_token FROM filial_configuracao WHERE id_filial_configuracao = $1', [config1]))[0])
      .toEqual({ csc: before!['csc'], pdv_token: 'tok-123' });
    const updated = await configure({ pdv_token: 'novo-token' });
    expect(JSON.stringify(updated)).not.toContain('novo-token');
    expect((await sql('SELECT pdv_token FROM filial_configuracao WHERE id_filial_configuracao = $1', [config1]))[0]).toEqual({ pdv_token: 'novo-token' });
    const synced = await t.call('POST', '/branch-config/list-by-changes', { date_change: '', offset: 0 }, manager);
    const text = JSON.stringify(synced.json);
    for (const secret of [String(before!['csc']), 'novo-token', 'SATSIG']) expect(text).not.toContain(secret);
    expect(Object.keys((synced.json['rows'] as Row[])[0] ?? {})).not.toContain('sat_assinatura_ac');
  });
});

describe('bad input', () => {
  it.each([
    [{ modo_finalizacao: 'Talvez' }, "Modo de finalização (Modal: pergunta o documento; Imprimir: imprime direto) deve ser 'Modal', 'Imprimir'."],
    [{ tipo_preco_padrao: 'Promocional' }, "Tipo de preço padrão deve ser 'Varejo', 'Atacado'."],
    [{ codigo_modelo_padrao_venda: '01' }, "Modelo padrão da venda deve ser '55', '65', '59'."],
    [{ fuso_horario: 3 }, 'Fuso horário (horas em relação a UTC) inválido.'],
    [{ dias_tolerancia_troca: -1 }, 'Dias de tolerância para troca inválido.'],
    [{ obrigar_vendedor_venda_pdv: 'sim' }, 'Obrigar vendedor na venda inválido.'],
    [{ id_filial: 2 }, null],
  ])('refuses %j with a pt-BR message and writes nothing', async (values, message) => {
    const [before] = await sql('SELECT * FROM filial_configuracao WHERE id_filial_configuracao = $1', [config1]);
    const res = await t.call('PUT', '/branch-config/update', { id_filial_configuracao: config1, obrigar_cliente_venda_pdv: true, ...values }, manager);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(MESSAGES.invalidBody);
    if (message) expect(res.json['erros']).toEqual([expect.stringContaining(message)]);
    expect((await sql('SELECT * FROM filial_configuracao WHERE id_filial_configuracao = $1', [config1]))[0]).toEqual(before);
  });

  it('offers SAT (model 59) only to a branch that already uses it: São Paulo closed the CF-e-SAT in 2026', async () => {
    const [before] = await sql('SELECT * FROM filial_configuracao WHERE id_filial_configuracao = $1', [config1]);
    expect(before!['codigo_modelo_padrao_venda']).not.toBe('59');
    const res = await t.call('PUT', '/branch-config/update', { id_filial_configuracao: config1, codigo_modelo_padrao_venda: '59' }, manager);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(SAT_MESSAGES.satClosed);
    expect((await sql('SELECT * FROM filial_configuracao WHERE id_filial_configuracao = $1', [config1]))[0]).toEqual(before);
    // NFC-e stays what the branch chooses.
    expect((await t.call('PUT', '/branch-config/update', { id_filial_configuracao: config1, codigo_modelo_padrao_venda: '65' }, manager)).status).toBe(200);
    // A branch that still issues CF-e-SAT keeps it and may save its configuration with it.
    await t.db.system((tx) => tx.query("UPDATE filial_configuracao SET codigo_modelo_padrao_venda = '59' WHERE id_filial_configuracao = $1", [config1]));
    try {
      const kept = await t.call('PUT', '/branch-config/update', { id_filial_configuracao: config1, codigo_modelo_padrao_venda: '59', obrigar_cliente_venda_pdv: false }, manager);
      expect(kept.status, JSON.stringify(kept.json)).toBe(200);
    } finally {
      await t.db.system((tx) => tx.query('UPDATE filial_configuracao SET codigo_modelo_padrao_venda = $2 WHERE id_filial_configuracao = $1',
        [config1, before!['codigo_modelo_padrao_venda']]));
    }
  });

  it("refuses a sale address of another branch with the field's message, not a 500", async () => {
    const [address] = await sql('SELECT id_endereco_estoque FROM endereco_estoque WHERE id_filial = $1 LIMIT 1', [branch2]);
    const res = await t.call('PUT', '/branch-config/update',
      { id_filial_configuracao: config1, id_endereco_estoque_venda: address!['id_endereco_estoque'] }, manager);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(REGISTER_MESSAGES.refNotFound('Endereço de estoque da venda'));
  });
});

describe('isolation and permission', () => {
  it("another organization's caller gets 404 for this configuration; a branch's caller gets 404 for another branch's", async () => {
    expect((await t.call('PUT', '/branch-config/update', { id_filial_configuracao: config1, fuso_horario: -4 }, other)).status).toBe(404);
    expect((await t.call('POST', '/branch-config/find_by_id', { id_filial_configuracao: config1 }, other)).status).toBe(404);
    // The manager works in both branches, with branch 1 active: branch 2's configuration is edited from branch 2.
    expect((await t.call('PUT', '/branch-config/update', { id_filial_configuracao: config2, fuso_horario: -4 }, manager)).status).toBe(404);
    expect((await sql('SELECT fuso_horario FROM filial_configuracao WHERE id_filial_configuracao = $1', [config2]))[0]).toEqual({ fuso_horario: -3 });
  });

  it("a user working only in branch 2 edits branch 2's configuration, never branch 1's, even with the permission", async () => {
    const seller = await t.login('filial2@demo.com.br');
    expect((await t.call('POST', '/branch-config/find', {}, seller)).status).toBe(403);
    await sql(`INSERT INTO perfil_permissao (id_organization, id_perfil, rotulo, tipo, situacao)
      SELECT id_organization, id_perfil, 'FncListarFilial', '2', 'Ativo' FROM perfil WHERE descricao = 'Vendedor'
        AND id_organization = (SELECT id_organization FROM filial WHERE id_filial = $1)`, [branch2]);
    const mine = await expectOk(t, 'branchConfigFind', {}, seller);
    expect((mine.json['rows'] as Row[]).map((r) => r['id_filial_configuracao'])).toEqual([config2]);
    expect((await t.call('PUT', '/branch-config/update', { id_filial_configuracao: config1, is_pdv_offline: false }, seller)).status).toBe(404);
    expect((await t.call('POST', '/user/set_active_branch', { id_filial: f.id_filial }, seller)).status).toBeGreaterThanOrEqual(400);
  });

  it('a cashier without the branch permission may not read or edit it', async () => {
    expect((await t.call('POST', '/branch-config/find', {}, cashier)).status).toBe(403);
    expect((await t.call('PUT', '/branch-config/update', { id_filial_configuracao: config1, fuso_horario: -4 }, cashier)).status).toBe(403);
  });
});

describe('settings act where they are read (edited through the register)', () => {
  it('obrigar_vendedor_venda_pdv: POST /api/operacao refuses a sale without a seller with the spec message, and takes it once off', async () => {
    await configure({ obrigar_vendedor_venda_pdv: true });
    try {
      const body = saleBody(f);
      const refused = await t.call('POST', '/operacao', body, cashier);
      expect(refused.status).toBe(400);
      expect(refused.json['message']).toBe(MESSAGES.sellerRequired);
      expect(await countRows(t.db, 'operacao WHERE id_operacao = $1', [body.id_operacao])).toBe(0);
      const [me] = await sql(`SELECT id_usuario FROM usuario WHERE email = 'caixa@demo.com.br'`);
      const withSeller = await t.call('POST', '/operacao', { ...saleBody(f), id_usuario_vendedor: me!['id_usuario'] }, cashier);
      expect(withSeller.status, JSON.stringify(withSeller.json)).toBe(200);
    } finally {
      await configure({ obrigar_vendedor_venda_pdv: false });
    }
    expect((await t.call('POST', '/operacao', saleBody(f), cashier)).status).toBe(200);
  });

  it('obrigar_cliente_venda_pdv: a sale without a customer is refused with the spec message while on', async () => {
    await configure({ obrigar_cliente_venda_pdv: true });
    try {
      const refused = await t.call('POST', '/operacao', saleBody(f), cashier);
      expect(refused.status).toBe(400);
      expect(refused.json['message']).toBe(MESSAGES.customerRequired);
      expect((await t.call('POST', '/operacao', saleBody(f, { id_cliente: f.id_cliente }), cashier)).status).toBe(200);
    } finally {
      await configure({ obrigar_cliente_venda_pdv: false });
    }
    expect((await t.call('POST', '/operacao', saleBody(f), cashier)).status).toBe(200);
  });

  it('controla_estoque_negativo: more than the stock is refused while on, sold into negative stock while off', async () => {
    await sql('UPDATE estoque SET quantidade = 2, quantidade_reserva = 0 WHERE id_estoque = $1', [f.product.id_estoque]);
    await configure({ controla_estoque_negativo: true });
    const refused = await t.call('POST', '/operacao', saleBody(f, {}, 3), cashier);
    expect(refused.status).toBe(400);
    expect(refused.json['message']).toBe('Estoque insuficiente. Estoque atual: 2,000. Quantidade informada: 3,000.');
    await configure({ controla_estoque_negativo: false });
    expect((await t.call('POST', '/operacao', saleBody(f, {}, 3), cashier)).status).toBe(200);
    expect((await sql('SELECT quantidade::float8 AS q FROM estoque WHERE id_estoque = $1', [f.product.id_estoque]))[0]).toEqual({ q: -1 });
    await configure({ controla_estoque_negativo: true });
    await sql('UPDATE estoque SET quantidade = 10 WHERE id_estoque = $1', [f.product.id_estoque]);
  });

  it('is_liberar_pedido: a new order starts Liberado while on, Edicao while off', async () => {
    await configure({ is_liberar_pedido: true });
    const released = await expectOk(t, 'orderCreate', { id_cliente: f.id_cliente }, cashier);
    expect(released.json['situacao']).toBe('Liberado');
    await configure({ is_liberar_pedido: false });
    const editing = await expectOk(t, 'orderCreate', { id_cliente: f.id_cliente }, cashier);
    expect(editing.json['situacao']).toBe('Edicao');
  });

  it('dias_tolerancia_troca: a sale 10 days old may be exchanged within 30 days, not within 7', async () => {
    const sold = await t.call('POST', '/operacao', saleBody(f, { id_cliente: f.id_cliente }), cashier);
    expect(sold.status, JSON.stringify(sold.json)).toBe(200);
    await sql(`UPDATE pedido SET data_cadastro = now() - interval '10 days' WHERE id_pedido = $1`, [sold.json['id_pedido']]);
    const expired = async () => {
      const list = await expectOk(t, 'returnSales', { id_cliente: f.id_cliente }, cashier);
      return (list.json['rows'] as Row[]).find((r) => r['id'] === sold.json['id_pedido'] && r['origem'] === 'Pedido')?.['troca_expirada'];
    };
    await configure({ dias_tolerancia_troca: 30 });
    expect(await expired()).toBe(false);
    await configure({ dias_tolerancia_troca: 7 });
    try {
      expect(await expired()).toBe(true);
    } finally {
      await configure({ dias_tolerancia_troca: 30 });
    }
  });

  it('codigo_modelo_padrao_pedido and _consignacao: the model of an order\'s and a consignment\'s invoice when none is asked', async () => {
    await configure({ is_liberar_pedido: false });
    const modelOf = async (id_nota_fiscal: unknown) =>
      (await sql('SELECT modelo FROM nota_fiscal WHERE id_nota_fiscal = $1', [id_nota_fiscal]))[0]?.['modelo'];
    /** An order (or consignment) of one unit, released (or sent and finished) so it can be invoiced. */
    const order = async (operacao: 'Pedido' | 'Consignacao') => {
      const created = await expectOk(t, 'orderCreate', { id_cliente: f.id_cliente, operacao }, cashier);
      const id_pedido = Number(created.json['id_pedido']);
      await expectOk(t, 'orderItemCreate', { id_pedido, id_produto_grade_filial: f.product.id_produto_grade_filial,
        id_endereco_estoque: f.product.id_endereco_estoque, quantidade: 1, valor_unitario: f.product.preco }, cashier);
      if (operacao === 'Pedido') {
        const res = await t.call('PUT', '/order/update', { id_pedido, situacao: 'Liberado' }, cashier);
        expect(res.status, JSON.stringify(res.json)).toBe(200);
      } else {
        expect((await t.call('POST', '/order/consignment_invoice_pending', { id_pedido }, cashier)).status).toBe(200);
        expect((await t.call('POST', '/order/consignment_invoice_finish', { id_pedido }, cashier)).status).toBe(200);
      }
      return id_pedido;
    };
    await configure({ codigo_modelo_padrao_pedido: '65', codigo_modelo_padrao_consignacao: '55' });
    try {
      const invoiced = await expectOk(t, 'orderInvoiceList', { list_orders: [await order('Pedido')] }, cashier);
      expect(await modelOf((invoiced.json['notas'] as Row[])[0]?.['id_nota_fiscal'])).toBe('65');
      const sold = await expectOk(t, 'consignmentSell', { id_pedido: await order('Consignacao') }, cashier);
      expect(await modelOf(sold.json['id_nota_fiscal'])).toBe('55');
      await configure({ codigo_modelo_padrao_pedido: '55', codigo_modelo_padrao_consignacao: '65' });
      const again = await expectOk(t, 'orderInvoiceList', { list_orders: [await order('Pedido')] }, cashier);
      expect(await modelOf((again.json['notas'] as Row[])[0]?.['id_nota_fiscal'])).toBe('55');
      const soldAgain = await expectOk(t, 'consignmentSell', { id_pedido: await order('Consignacao') }, cashier);
      expect(await modelOf(soldAgain.json['id_nota_fiscal'])).toBe('65');
    } finally {
      await configure({ codigo_modelo_padrao_pedido: null, codigo_modelo_padrao_consignacao: null });
    }
  });

  it('the till picks up a change without signing in again: the branch-config group brings the edited row', async () => {
    const first = await expectOk(t, 'sync_branch-config', { date_change: '', offset: 0 }, cashier);
    const position = { date_change: first.json['date_change'], offset: first.json['offset'] };
    await configure({ obrigar_vendedor_venda_pdv: true, modo_finalizacao: 'Imprimir', tipo_preco_padrao: 'Atacado' });
    try {
      const next = await expectOk(t, 'sync_branch-config', position, cashier);
      expect(next.json['rows']).toEqual([expect.objectContaining({
        id_filial_configuracao: config1, obrigar_vendedor_venda_pdv: true, modo_finalizacao: 'Imprimir', tipo_preco_padrao: 'Atacado',
      })]);
    } finally {
      await configure({ obrigar_vendedor_venda_pdv: false, modo_finalizacao: 'Modal', tipo_preco_padrao: 'Varejo' });
    }
  });
});

// Kept beside the others so a reader finds every setting here; the sale with an NFC-e needs the fiscal simulator.
describe('settings of the fiscal documents (edited through the register)', () => {
  it('fuso_horario and impressao_comprovante_troca: the NFC-e is dated in the branch zone and prints the exchange voucher', async () => {
    await configure({ fuso_horario: -5, impressao_comprovante_troca: true, impressao_comprovante_troca_por_produto: false });
    try {
      const res = await t.call('POST', '/operacao', saleBody(f, { modelo: '65', id_operacao: randomUUID() }), manager);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const id = res.json['id_nota_fiscal'] as number;
      const sent = await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: id }, manager);
      expect(sent.json['success'], JSON.stringify(sent.json)).toBe(true);
      const [xml] = await sql('SELECT xml_assinado AS xml FROM nota_fiscal WHERE id_nota_fiscal = $1', [id]);
      expect(String(xml!['xml'])).toMatch(/<dhEmi>[^<]*-05:00<\/dhEmi>/);
      const printed = async () => {
        const link = await expectOk(t, 'nfeImprimir', { id_nota_fiscal: id }, manager);
        const pdf = await t.app.inject({ method: 'GET', url: link.json['url_pdf'] as string });
        expect(pdf.statusCode).toBe(200);
        return pdfText(pdf.rawPayload);
      };
      expect(await printed()).toContain('COMPROVANTE DE TROCA');
      await configure({ impressao_comprovante_troca: false });
      expect(await printed()).not.toContain('COMPROVANTE DE TROCA');
    } finally {
      await configure({ fuso_horario: -3 });
    }
  });
});
