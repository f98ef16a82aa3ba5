/**
 * The product register's own tabs (issue 20): gallery, suppliers, fiscal scenarios, nutritional information, ANP
 * data, kit (a kit sold through POST /api/operacao takes its components' stock) and the product's stock movements.
 * Every route succeeds for the owner, answers 404 to another organization, and refuses bad input in pt-BR, writing
 * nothing.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@pdv/domain/messages';
import { PRODUCT_TAB_MESSAGES as M } from '@pdv/domain/product-tab-messages';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { countRows, loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let manager: string;
let other: string;
let sale: SaleFixture;
let org: number;
/** A demo product with no other use in these tests, and the products of the fixture's two grid rows. */
let id_produto: number;
let componentA: { id_produto: number; id_produto_grade: number };
let componentB: { id_produto: number; id_produto_grade: number };
let supplier: number;
let customer: number;
let scenario: number;

const one = async <T>(sql: string, params: unknown[] = []) => (await t.db.system((tx) => tx.query<T>(sql, params))).rows[0]!;

async function png(width: number, height: number): Promise<string> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#3366cc' } }).png().toBuffer();
  return bytes.toString('base64');
}

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
  sale = await loadSaleFixture(t.db);
  org = (await one<{ id: number }>(`SELECT id_organization AS id FROM organization WHERE nome = 'Demo Moda'`)).id;
  const gradeOf = (pgf: number) => one<{ id_produto: number; id_produto_grade: number }>(
    `SELECT g.id_produto, g.id_produto_grade FROM produto_grade_filial pgf JOIN produto_grade g USING (id_organization, id_produto_grade)
      WHERE pgf.id_produto_grade_filial = $1`, [pgf]);
  componentA = await gradeOf(sale.product.id_produto_grade_filial);
  componentB = await gradeOf(sale.second.id_produto_grade_filial);
  id_produto = (await one<{ id: number }>(
    `SELECT id_produto AS id FROM produto WHERE id_organization = $1 AND id_produto NOT IN ($2, $3) ORDER BY id_produto LIMIT 1`,
    [org, componentA.id_produto, componentB.id_produto])).id;
  supplier = (await one<{ id: number }>(
    `INSERT INTO pessoa (id_organization, tipo, nome, cnpj, is_fornecedor) VALUES ($1, 'J', 'Tecidos Aurora Ltda', '11222333000181', true)
     RETURNING id_pessoa AS id`, [org])).id;
  customer = sale.id_cliente;
  scenario = (await one<{ id: number }>(
    'SELECT id_cenario_fiscal AS id FROM cenario_fiscal WHERE id_organization = $1 AND data_exclusao IS NULL ORDER BY id_cenario_fiscal LIMIT 1', [org])).id;
});
afterAll(async () => {
  await t.close();
});

describe('gallery', () => {
  type Img = { id_produto_galeria: number; ordem: number; nome: string; url: string; url_miniatura: string; largura: number; mime: string };

  it('stores an image and its thumbnail, the first being the main one, and moves and deletes them', async () => {
    const first = await expectOk(t, 'productGaleryCreate', { id_produto, nome: 'frente.png', mime: 'image/png', image: await png(800, 400) }, manager);
    const second = await expectOk(t, 'productPostImage', { id_produto, nome: 'verso.png', mime: 'image/png', image: `data:image/png;base64,${await png(300, 300)}` }, manager);
    let rows = second.json['rows'] as Img[];
    // post_product_image puts its image first: it is the product's main image.
    expect(rows.map((r) => [r.nome, r.ordem])).toEqual([['verso.png', 1], ['frente.png', 2]]);
    expect((first.json['rows'] as Img[])[0]!.largura).toBe(800);
    const main = await one<{ url_imagem_principal: string }>('SELECT url_imagem_principal FROM produto WHERE id_produto = $1', [id_produto]);
    expect(main.url_imagem_principal).toMatch(/^produtos\/\d+\/[0-9a-f-]+\.png$/);

    // The thumbnail is a WebP no larger than 256 px, served by its signed link; the original too.
    const front = rows.find((r) => r.nome === 'frente.png')!;
    const thumb = await t.app.inject({ method: 'GET', url: front.url_miniatura });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([256, 128]);
    expect((await t.app.inject({ method: 'GET', url: front.url })).headers['content-type']).toBe('image/png');

    rows = (await expectOk(t, 'productGaleryUpdate', { id_produto_galeria: front.id_produto_galeria, ordem: 1 }, manager)).json['rows'] as Img[];
    expect(rows.map((r) => r.nome)).toEqual(['frente.png', 'verso.png']);
    const moved = await one<{ url_imagem_principal: string }>('SELECT url_imagem_principal FROM produto WHERE id_produto = $1', [id_produto]);
    expect(moved.url_imagem_principal).not.toBe(main.url_imagem_principal);

    rows = (await expectOk(t, 'productGaleryDelete', { id_produto_galeria: front.id_produto_galeria }, manager)).json['rows'] as Img[];
    expect(rows.map((r) => [r.nome, r.ordem])).toEqual([['verso.png', 1]]);
    expect((await t.app.inject({ method: 'GET', url: front.url_miniatura })).statusCode).toBe(404);
    rows = (await expectOk(t, 'productGaleryFind', { id_produto }, manager)).json['rows'] as Img[];
    expect(rows).toHaveLength(1);
  });

  it('refuses a file that is not an image, whatever its declared type, and one over 5 MB, writing nothing', async () => {
    const before = await countRows(t.db, 'produto_galeria');
    const text = await t.call('POST', '/product_galery/create', { id_produto, nome: 'nota.png', mime: 'image/png', image: Buffer.from('não sou imagem').toString('base64') }, manager);
    expect(text.status).toBe(400);
    expect(text.json['message']).toBe(M.imageNotImage('nota.png'));
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    Buffer.from(await png(10, 10), 'base64').copy(big);
    const large = await t.call('POST', '/product/post_product_image', { id_produto, nome: 'grande.png', mime: 'image/png', image: big.toString('base64') }, manager);
    expect(large.status).toBe(400);
    expect(large.json['message']).toBe(M.imageTooLarge('grande.png'));
    // Past the upload routes' own body limit (7.5 MB of JSON), the framework's refusal, still in pt-BR.
    const huge = await t.call('POST', '/product_galery/create', { id_produto, mime: 'image/png', image: 'A'.repeat(8_000_000) }, manager);
    expect([huge.status, huge.json['message']]).toEqual([413, MESSAGES.bodyTooLarge]);
    const bad = await t.call('POST', '/product_galery/update', { id_produto_galeria: 1, ordem: 0 }, manager);
    expect(bad.status).toBe(400);
    expect(await countRows(t.db, 'produto_galeria')).toBe(before);
  });

  it("answers 404 to another organization's user for the product and its images", async () => {
    const [img] = (await expectOk(t, 'productGaleryFind', { id_produto }, manager)).json['rows'] as Img[];
    expect((await t.call('POST', '/product_galery/find', { id_produto }, other)).status).toBe(404);
    expect((await t.call('POST', '/product_galery/create', { id_produto, mime: 'image/png', image: await png(5, 5) }, other)).status).toBe(404);
    expect((await t.call('POST', '/product_galery/update', { id_produto_galeria: img!.id_produto_galeria, ordem: 1 }, other)).status).toBe(404);
    expect((await t.call('POST', '/product_galery/delete', { id_produto_galeria: img!.id_produto_galeria }, other)).status).toBe(404);
  });
});

describe('suppliers', () => {
  type Row = { id_produto_fornecedor: number; id_pessoa: number; nome: string; codigo_produto_fornecedor: string | null; situacao: string };

  it('links a supplier with its code, changes and removes it; the options list only suppliers', async () => {
    const options = (await expectOk(t, 'productSupplierOptions', { search: 'aurora' }, manager)).json['rows'] as Array<{ id_pessoa: number }>;
    expect(options.map((o) => o.id_pessoa)).toEqual([supplier]);
    const all = (await expectOk(t, 'productSupplierOptions', {}, manager)).json['rows'] as Array<{ id_pessoa: number }>;
    expect(all.map((o) => o.id_pessoa)).not.toContain(customer);

    let rows = (await expectOk(t, 'productSupplierSave', { id_produto, id_pessoa: supplier, codigo_produto_fornecedor: 'AUR-001' }, manager)).json['rows'] as Row[];
    expect(rows).toEqual([expect.objectContaining({ id_pessoa: supplier, nome: 'Tecidos Aurora Ltda', codigo_produto_fornecedor: 'AUR-001', situacao: 'Ativo' })]);
    const link = rows[0]!.id_produto_fornecedor;
    rows = (await expectOk(t, 'productSupplierSave', { id_produto, id_produto_fornecedor: link, id_pessoa: supplier, codigo_produto_fornecedor: 'AUR-002', situacao: 'Inativo' }, manager)).json['rows'] as Row[];
    expect(rows.map((r) => [r.codigo_produto_fornecedor, r.situacao])).toEqual([['AUR-002', 'Inativo']]);
    expect(((await expectOk(t, 'productSupplierFind', { id_produto }, manager)).json['rows'] as Row[])).toHaveLength(1);
    rows = (await expectOk(t, 'productSupplierDelete', { id_produto_fornecedor: link }, manager)).json['rows'] as Row[];
    expect(rows).toEqual([]);
  });

  it('refuses a person who is no supplier, the same supplier twice and a code already on another product', async () => {
    const notSupplier = await t.call('POST', '/product_supplier/save', { id_produto, id_pessoa: customer }, manager);
    expect([notSupplier.status, notSupplier.json['message']]).toEqual([400, M.supplierNotSupplier]);
    await expectOk(t, 'productSupplierSave', { id_produto, id_pessoa: supplier, codigo_produto_fornecedor: 'X-9' }, manager);
    const twice = await t.call('POST', '/product_supplier/save', { id_produto, id_pessoa: supplier }, manager);
    expect([twice.status, twice.json['message']]).toEqual([400, M.supplierTwice]);
    const taken = await t.call('POST', '/product_supplier/save', { id_produto: componentA.id_produto, id_pessoa: supplier, codigo_produto_fornecedor: 'X-9' }, manager);
    expect(taken.status).toBe(400);
    expect(taken.json['message']).toMatch(/^Este código do fornecedor já está vinculado ao produto "/);
    const longCode = await t.call('POST', '/product_supplier/save', { id_produto, id_pessoa: supplier, codigo_produto_fornecedor: 'x'.repeat(61) }, manager);
    expect(longCode.status).toBe(400);
  });

  it("answers 404 to another organization's user", async () => {
    const [row] = (await expectOk(t, 'productSupplierFind', { id_produto }, manager)).json['rows'] as Row[];
    expect((await t.call('POST', '/product_supplier/find', { id_produto }, other)).status).toBe(404);
    expect((await t.call('POST', '/product_supplier/save', { id_produto, id_pessoa: supplier }, other)).status).toBe(404);
    expect((await t.call('POST', '/product_supplier/delete', { id_produto_fornecedor: row!.id_produto_fornecedor }, other)).status).toBe(404);
    const theirs = (await t.call('POST', '/product_supplier/options', { search: 'aurora' }, other)).json['rows'];
    expect(theirs).toEqual([]);
  });
});

describe('fiscal scenarios', () => {
  type Row = { id_produto_cenario_fiscal: number; id_cenario_fiscal: number; descricao: string };

  it('links a scenario once, lists and removes it', async () => {
    const options = (await expectOk(t, 'productFiscalScenarioOptions', {}, manager)).json['rows'] as Array<{ id_cenario_fiscal: number }>;
    expect(options.map((o) => o.id_cenario_fiscal)).toContain(scenario);
    const rows = (await expectOk(t, 'productFiscalScenarioCreate', { id_produto, id_cenario_fiscal: scenario }, manager)).json['rows'] as Row[];
    expect(rows.map((r) => r.id_cenario_fiscal)).toEqual([scenario]);
    const twice = await t.call('POST', '/product_fiscal_scenario/create', { id_produto, id_cenario_fiscal: scenario }, manager);
    expect([twice.status, twice.json['message']]).toEqual([400, M.fiscalScenarioTwice]);
    expect(((await expectOk(t, 'productFiscalScenarioFind', { id_produto }, manager)).json['rows'] as Row[])).toHaveLength(1);
    // Another organization's user reaches neither the product nor the link.
    expect((await t.call('POST', '/product_fiscal_scenario/find', { id_produto }, other)).status).toBe(404);
    expect((await t.call('POST', '/product_fiscal_scenario/delete', { id_produto_cenario_fiscal: rows[0]!.id_produto_cenario_fiscal }, other)).status).toBe(404);
    expect(((await expectOk(t, 'productFiscalScenarioDelete', { id_produto_cenario_fiscal: rows[0]!.id_produto_cenario_fiscal }, manager)).json['rows'] as Row[])).toEqual([]);
  });

  it("refuses another organization's scenario as missing", async () => {
    const theirs = (await one<{ id: number }>('SELECT id_cenario_fiscal AS id FROM cenario_fiscal WHERE id_organization <> $1 LIMIT 1', [org])).id;
    expect((await t.call('POST', '/product_fiscal_scenario/create', { id_produto, id_cenario_fiscal: theirs }, manager)).status).toBe(404);
  });
});

describe('nutritional information', () => {
  it('answers law 360 by default, saves the portion and every nutrient with its percent', async () => {
    const empty = (await expectOk(t, 'productNutritionGet', { id_produto }, manager)).json;
    expect(empty).toMatchObject({ cadastrada: false, tipo_lei: '360', valor_energetico: null, unidade_porcao: 'g' });
    const body = {
      id_produto, porcao: '30 g (1 unidade)', quantidade_porcao: 30, medida_caseira: '1 unidade', valor_energetico: 120,
      valor_energetico_percentual: 6, carboidratos: 15.5, carboidratos_percentual: 5, acucares: 4, proteinas: 2.5, proteinas_percentual: 3,
      gorduras_totais: 5, gorduras_totais_percentual: 9, gorduras_saturadas: 2, gorduras_saturadas_percentual: 9, gorduras_trans: 0,
      fibra_alimentar: 1, fibra_alimentar_percentual: 4, sodio: 95, sodio_percentual: 4,
    };
    await expectOk(t, 'productNutritionSave', body, manager);
    const saved = (await expectOk(t, 'productNutritionGet', { id_produto }, manager)).json;
    expect(saved).toMatchObject({ ...body, cadastrada: true, tipo_lei: '360', acucares_percentual: null });
  });

  it('refuses a negative nutrient and an unknown law with pt-BR messages, changing nothing', async () => {
    const negative = await t.call('POST', '/product_nutrition/save', { id_produto, sodio: -1 }, manager);
    expect(negative.status).toBe(400);
    expect(JSON.stringify(negative.json)).toContain('Sódio: não pode ser negativo.');
    const law = await t.call('POST', '/product_nutrition/save', { id_produto, tipo_lei: '999' }, manager);
    expect(law.status).toBe(400);
    expect(JSON.stringify(law.json)).toContain('Tipo de lei: informe 360 ou 429.');
    expect((await expectOk(t, 'productNutritionGet', { id_produto }, manager)).json['sodio']).toBe(95);
    expect((await t.call('POST', '/product_nutrition/get', { id_produto }, other)).status).toBe(404);
    expect((await t.call('POST', '/product_nutrition/save', { id_produto }, other)).status).toBe(404);
  });
});

describe('ANP fuel data', () => {
  const gas = { codigo_anp: '210203001', descricao_anp: 'GLP', percentual_glp: 60, percentual_gas_natural_nacional: 30, percentual_gas_natural_importado: 10, uf_consumo: 'SP', codif: '123456' };

  it('saves, reads and removes the fuel group', async () => {
    expect((await expectOk(t, 'productAnpGet', { id_produto }, manager)).json['anp']).toBeNull();
    const saved = (await expectOk(t, 'productAnpSave', { id_produto, ...gas, valor_partida: 12.5 }, manager)).json['anp'];
    expect(saved).toMatchObject({ ...gas, valor_partida: 12.5, percentual_biodiesel: null });
    expect((await expectOk(t, 'productAnpGet', { id_produto }, manager)).json['anp']).toMatchObject(gas);
    expect((await expectOk(t, 'productAnpDelete', { id_produto }, manager)).json['anp']).toBeNull();
  });

  it('refuses a code without 9 digits and gas shares above 100 %, writing nothing', async () => {
    const code = await t.call('POST', '/product_anp/save', { ...gas, id_produto, codigo_anp: '1234' }, manager);
    expect(code.status).toBe(400);
    expect(JSON.stringify(code.json)).toContain('Código ANP: informe os 9 dígitos');
    const sum = await t.call('POST', '/product_anp/save', { ...gas, id_produto, percentual_gas_natural_importado: 10.0001 }, manager);
    expect([sum.status, sum.json['message']]).toEqual([400, M.anpGasSum]);
    expect(await countRows(t.db, 'produto_anp')).toBe(0);
    expect((await t.call('POST', '/product_anp/get', { id_produto }, other)).status).toBe(404);
    expect((await t.call('POST', '/product_anp/save', { id_produto, ...gas }, other)).status).toBe(404);
    expect((await t.call('POST', '/product_anp/delete', { id_produto }, other)).status).toBe(404);
  });
});

describe('kit', () => {
  let kitProduct: number;
  let kitPgf: number;

  beforeAll(async () => {
    // A kit product of the demo organization, sold in branch 1 at 50.00, with no stock of its own.
    const row = await t.db.system(async (tx) => {
      const p = (await tx.query<{ id: number }>(
        `INSERT INTO produto (id_organization, descricao, sku, id_unidade_medida, preco_venda)
         SELECT id_organization, 'Kit Presente', 'KIT-001', id_unidade_medida, 50 FROM produto WHERE id_produto = $1 RETURNING id_produto AS id`,
        [id_produto])).rows[0]!.id;
      const g = (await tx.query<{ id: number }>(
        `INSERT INTO produto_grade (id_organization, id_produto, is_padrao) VALUES ($1, $2, true) RETURNING id_produto_grade AS id`, [org, p])).rows[0]!.id;
      const pgf = (await tx.query<{ id: number }>(
        `INSERT INTO produto_grade_filial (id_organization, id_produto_grade, id_filial, preco_venda) VALUES ($1, $2, $3, 50)
         RETURNING id_produto_grade_filial AS id`, [org, g, sale.id_filial])).rows[0]!.id;
      return { p, pgf };
    });
    kitProduct = row.p;
    kitPgf = row.pgf;
  });

  it('saves the components with their quantities and finds variations to add', async () => {
    const options = (await expectOk(t, 'productKitOptions', { search: '' }, manager)).json['rows'] as Array<{ id_produto_grade: number }>;
    expect(options.length).toBeGreaterThan(0);
    const saved = await expectOk(t, 'productKitSave', { id_produto: kitProduct, itens: [
      { id_produto_grade: componentA.id_produto_grade, quantidade: 2 }, { id_produto_grade: componentB.id_produto_grade, quantidade: 1 },
    ] }, manager);
    expect((saved.json['rows'] as Array<{ id_produto_grade: number; quantidade: number }>).map((r) => [r.id_produto_grade, r.quantidade]))
      .toEqual([[componentA.id_produto_grade, 2], [componentB.id_produto_grade, 1]]);
    const component = (await expectOk(t, 'productKitFind', { id_produto: componentA.id_produto }, manager)).json;
    expect(component['componente_de']).toEqual(['Kit Presente']);
  });

  it('refuses the kit inside itself, a kit as a component, a component twice and a component that would become a kit', async () => {
    const self = await t.call('POST', '/product_kit/save', { id_produto: kitProduct, itens: [{ id_produto_grade: componentA.id_produto_grade, quantidade: 2 },
      { id_produto_grade: (await one<{ id: number }>('SELECT id_produto_grade AS id FROM produto_grade WHERE id_produto = $1', [kitProduct])).id, quantidade: 1 }] }, manager);
    expect([self.status, self.json['message']]).toEqual([400, M.kitComponentIsSelf]);
    const kitGrade = (await one<{ id: number }>('SELECT id_produto_grade AS id FROM produto_grade WHERE id_produto = $1', [kitProduct])).id;
    const nested = await t.call('POST', '/product_kit/save', { id_produto, itens: [{ id_produto_grade: kitGrade, quantidade: 1 }] }, manager);
    expect([nested.status, nested.json['message']]).toEqual([400, M.kitComponentIsKit('Kit Presente')]);
    const twice = await t.call('POST', '/product_kit/save', { id_produto, itens: [{ id_produto_grade: componentA.id_produto_grade, quantidade: 1 },
      { id_produto_grade: componentA.id_produto_grade, quantidade: 2 }] }, manager);
    expect(twice.status).toBe(400);
    const parent = await t.call('POST', '/product_kit/save', { id_produto: componentA.id_produto, itens: [{ id_produto_grade: componentB.id_produto_grade, quantidade: 1 }] }, manager);
    expect([parent.status, parent.json['message']]).toEqual([400, M.kitIsComponent('Kit Presente')]);
    const zero = await t.call('POST', '/product_kit/save', { id_produto, itens: [{ id_produto_grade: componentA.id_produto_grade, quantidade: 0 }] }, manager);
    expect(zero.status).toBe(400);
    expect(await countRows(t.db, 'produto_kit_item WHERE data_exclusao IS NULL')).toBe(2);
    expect((await t.call('POST', '/product_kit/find', { id_produto: kitProduct }, other)).status).toBe(404);
    expect((await t.call('POST', '/product_kit/save', { id_produto: kitProduct, itens: [] }, other)).status).toBe(404);
  });

  it("selling two kits through POST /api/operacao takes the components' stock, not the kit's", async () => {
    // Ten of each component at the address the kit is sold from (the branch controls negative stock).
    const address = sale.product.id_endereco_estoque;
    for (const pgf of [sale.product.id_produto_grade_filial, sale.second.id_produto_grade_filial]) {
      await t.db.system((tx) => tx.query(
        `INSERT INTO estoque (id_organization, id_filial, id_endereco_estoque, id_produto_grade_filial, quantidade) VALUES ($1, $2, $3, $4, 10)
         ON CONFLICT (id_organization, id_produto_grade_filial, id_endereco_estoque) DO UPDATE SET quantidade = 10, quantidade_reserva = 0`,
        [org, sale.id_filial, address, pgf]));
    }
    const stockOf = async (pgf: number) => Number((await one<{ q: string }>(
      'SELECT quantidade::text AS q FROM estoque WHERE id_produto_grade_filial = $1 AND id_endereco_estoque = $2', [pgf, address])).q);
    const a = await stockOf(sale.product.id_produto_grade_filial);
    const b = await stockOf(sale.second.id_produto_grade_filial);
    const body = saleBody(sale);
    const item = { ...body.itens[0]!, id_produto_grade_filial: kitPgf, descricao: 'Kit Presente', quantidade: 2, valor_unitario: 50, tipo_preco: 'Varejo' as const, is_atacarejo: false };
    const res = await expectOk(t, 'operacao', { ...body, itens: [item], pagamentos: [{ ...body.pagamentos[0]!, valor_total: 100 }] }, manager);
    expect(res.json['situacao']).toBe('Processado');
    expect(await stockOf(sale.product.id_produto_grade_filial)).toBe(a - 4);
    expect(await stockOf(sale.second.id_produto_grade_filial)).toBe(b - 2);
    expect(await countRows(t.db, 'estoque WHERE id_produto_grade_filial = $1', [kitPgf])).toBe(0);
    const moves = await countRows(t.db, 'movimentacao_estoque WHERE id_operacao = $1', [body.id_operacao]);
    expect(moves).toBe(2);
  });

  it("a kit given back by the customer (Devolucao) brings its components' stock back", async () => {
    const address = sale.product.id_endereco_estoque;
    const stockOf = async (pgf: number) => Number((await one<{ q: string }>(
      'SELECT quantidade::text AS q FROM estoque WHERE id_produto_grade_filial = $1 AND id_endereco_estoque = $2', [pgf, address])).q);
    const body = saleBody(sale, { id_cliente: sale.id_cliente });
    const item = { ...body.itens[0]!, id_produto_grade_filial: kitPgf, descricao: 'Kit Presente', quantidade: 1, valor_unitario: 50, tipo_preco: 'Varejo' as const, is_atacarejo: false };
    const sold = await expectOk(t, 'operacao', { ...body, itens: [item], pagamentos: [{ ...body.pagamentos[0]!, valor_total: 50 }] }, manager);
    const id_pedido = sold.json['id_pedido'] as number;
    const line = (await one<{ id: number }>('SELECT id_pedido_item AS id FROM pedido_item WHERE id_pedido = $1', [id_pedido])).id;
    const a = await stockOf(sale.product.id_produto_grade_filial);
    const b = await stockOf(sale.second.id_produto_grade_filial);
    const back = {
      id_operacao: randomUUID(), modo_operacao: 'Devolucao' as const, modelo: null, id_filial: sale.id_filial, id_cliente: sale.id_cliente,
      data_inicio: new Date().toISOString(), id_pedido_origem: id_pedido, pagamentos: [],
      itens: [{ id_item: randomUUID(), tipo_item: 'Produto' as const, id_produto_grade_filial: kitPgf, id_endereco_estoque: address,
        descricao: 'Kit Presente', quantidade: 1, valor_unitario: 50, id_item_origem: line }],
    };
    await expectOk(t, 'operacao', back, manager);
    expect(await stockOf(sale.product.id_produto_grade_filial)).toBe(a + 2);
    expect(await stockOf(sale.second.id_produto_grade_filial)).toBe(b + 1);
    expect(await countRows(t.db, 'estoque WHERE id_produto_grade_filial = $1', [kitPgf])).toBe(0);
  });

  it('refuses a sale of a kit whose component has no grid row in the branch, moving nothing', async () => {
    const lonely = await t.db.system(async (tx) => {
      const p = (await tx.query<{ id: number }>(
        `INSERT INTO produto (id_organization, descricao, sku, id_unidade_medida) SELECT id_organization, 'Laço avulso', 'LACO-1', id_unidade_medida
           FROM produto WHERE id_produto = $1 RETURNING id_produto AS id`, [id_produto])).rows[0]!.id;
      return (await tx.query<{ id: number }>(
        'INSERT INTO produto_grade (id_organization, id_produto, is_padrao) VALUES ($1, $2, true) RETURNING id_produto_grade AS id', [org, p])).rows[0]!.id;
    });
    await expectOk(t, 'productKitSave', { id_produto: kitProduct, itens: [
      { id_produto_grade: componentA.id_produto_grade, quantidade: 2 }, { id_produto_grade: lonely, quantidade: 1 },
    ] }, manager);
    const before = await countRows(t.db, 'movimentacao_estoque');
    const body = saleBody(sale);
    const item = { ...body.itens[0]!, id_produto_grade_filial: kitPgf, descricao: 'Kit Presente', quantidade: 1, valor_unitario: 50, tipo_preco: 'Varejo' as const, is_atacarejo: false };
    const res = await t.call('POST', '/operacao', { ...body, itens: [item], pagamentos: [{ ...body.pagamentos[0]!, valor_total: 50 }] }, manager);
    expect([res.status, res.json['message']]).toEqual([400, M.kitComponentNotInBranch('Laço avulso')]);
    expect(await countRows(t.db, 'movimentacao_estoque')).toBe(before);
  });
});

describe('stock movements of a product', () => {
  type Row = { variacao: string; origem: string; quantidade: number; quantidade_anterior: number; quantidade_posterior: number; usuario: string | null };

  it("lists the movements of the product's variations in the active branch, newest first, and searches and filters them", async () => {
    const body = saleBody(sale);
    await expectOk(t, 'operacao', body, manager);
    const res = await expectOk(t, 'stockListByProduct', { id_produto: componentA.id_produto }, manager);
    const rows = res.json['rows'] as Row[];
    expect(res.json['count']).toBeGreaterThanOrEqual(2);
    expect(rows[0]).toMatchObject({ origem: 'Pedido', quantidade: -1 });
    expect(rows[0]!.quantidade_posterior).toBe(rows[0]!.quantidade_anterior - 1);
    expect(rows[0]!.usuario).not.toBeNull();
    const none = await expectOk(t, 'stockListByProduct', { id_produto: componentA.id_produto, search: 'nada-assim' }, manager);
    expect(none.json['rows']).toEqual([]);
    const future = await expectOk(t, 'stockListByProduct', { id_produto: componentA.id_produto, filter: { data_inicio: '2999-01-01' } }, manager);
    expect(future.json['count']).toBe(0);
  });

  it("answers 404 to another organization's user and 400 to a bad date", async () => {
    expect((await t.call('POST', '/stock/list-by-product', { id_produto: componentA.id_produto }, other)).status).toBe(404);
    const bad = await t.call('POST', '/stock/list-by-product', { id_produto: componentA.id_produto, filter: { data_inicio: '01/01/2024' } }, manager);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('Data inválida');
  });
});
