/**
 * The catalogue registers' own rules (002 §3, issue 20): the category tree (paths, cycles, names per level), the
 * attribute's items (written with it, removed as tombstones, an item a product variation uses kept), the services'
 * prices (used by service orders), the classification; foreign ids, read-only and no-permission callers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_MESSAGES } from '@pdv/domain/catalogue-messages';
import { REGISTER_MESSAGES } from '@pdv/contract/registers/descriptor';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { catalogueService } from '../order/service-queries.ts';

let t: TestApp;
let manager: string;
let other: string;
let cashier: string;

type Row = Record<string, unknown>;
const rowsOf = (json: Row) => json['rows'] as Row[];

beforeAll(async () => {
  t = await createTestApp();
  // The cashier's profile may read categories (and nothing more of the catalogues).
  await t.db.system(async (tx) => {
    await tx.query(
      `INSERT INTO perfil_permissao (id_organization, id_perfil, rotulo, tipo, situacao)
       SELECT p.id_organization, p.id_perfil, 'FncListarCategoria', '1', 'Ativo' FROM perfil p
         JOIN organization o USING (id_organization) WHERE p.descricao = 'Caixa'`,
    );
  });
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
  cashier = await t.login('caixa@demo.com.br');
});
afterAll(async () => {
  await t.close();
});

describe('category tree', () => {
  it('numbers each category under its parent and lists the tree in order, 10 a page', async () => {
    const a = await expectOk(t, 'categoryCreate', { descricao: 'Árvore Bebidas' }, manager);
    const b = await expectOk(t, 'categoryCreate', { descricao: 'Árvore Refrigerantes', id_categoria_pai: a.json['id_categoria'] }, manager);
    const c = await expectOk(t, 'categoryCreate', { descricao: 'Árvore Sucos', id_categoria_pai: a.json['id_categoria'] }, manager);
    const d = await expectOk(t, 'categoryCreate', { descricao: 'Árvore Cola', id_categoria_pai: b.json['id_categoria'] }, manager);
    const ref = String(a.json['referencia_exibicao']);
    expect(ref).toMatch(/^\d+$/);
    expect(b.json['referencia_exibicao']).toBe(`${ref}.1`);
    expect(c.json['referencia_exibicao']).toBe(`${ref}.2`);
    expect(d.json['referencia_exibicao']).toBe(`${ref}.1.1`);

    const found = await expectOk(t, 'categoryFind', { search: 'Árvore' }, manager);
    expect(rowsOf(found.json).map((r) => r['descricao'])).toEqual(['Árvore Bebidas', 'Árvore Refrigerantes', 'Árvore Cola', 'Árvore Sucos']);
    const page = await expectOk(t, 'categoryFind', {}, manager);
    expect(rowsOf(page.json).length).toBeLessThanOrEqual(10);

    // The tenth sibling sorts after the ninth ('1.10' after '1.9').
    for (let i = 3; i <= 10; i++) await expectOk(t, 'categoryCreate', { descricao: `Árvore Filha ${i}`, id_categoria_pai: a.json['id_categoria'] }, manager);
    const children = await expectOk(t, 'categoryFind', { filter: { id_categoria_pai: a.json['id_categoria'] as number } }, manager);
    const refs = rowsOf(children.json).map((r) => String(r['referencia_exibicao']));
    expect(refs.slice(-2)).toEqual([`${ref}.9`, `${ref}.10`]);
  });

  it('moves a category with its sub-categories, and refuses a parent that is its own descendant', async () => {
    const top = await expectOk(t, 'categoryCreate', { descricao: 'Mover Topo' }, manager);
    const mid = await expectOk(t, 'categoryCreate', { descricao: 'Mover Meio', id_categoria_pai: top.json['id_categoria'] }, manager);
    const leaf = await expectOk(t, 'categoryCreate', { descricao: 'Mover Folha', id_categoria_pai: mid.json['id_categoria'] }, manager);
    const dest = await expectOk(t, 'categoryCreate', { descricao: 'Mover Destino' }, manager);

    for (const parent of [leaf.json['id_categoria'], mid.json['id_categoria'], top.json['id_categoria']]) {
      const res = await t.call('PUT', '/category/update', { id_categoria: top.json['id_categoria'], id_categoria_pai: parent }, manager);
      expect(res.status).toBe(400);
      expect(res.json['message']).toBe(CATALOGUE_MESSAGES.categoryCycle);
    }
    const unchanged = await expectOk(t, 'categoryFindById', { id_categoria: top.json['id_categoria'] }, manager);
    expect(unchanged.json['id_categoria_pai']).toBeNull();

    const moved = await expectOk(t, 'categoryUpdate', { id_categoria: mid.json['id_categoria'], id_categoria_pai: dest.json['id_categoria'] }, manager);
    expect(moved.json['referencia_exibicao']).toBe(`${String(dest.json['referencia_exibicao'])}.1`);
    const leafNow = await expectOk(t, 'categoryFindById', { id_categoria: leaf.json['id_categoria'] }, manager);
    expect(leafNow.json['referencia_exibicao']).toBe(`${String(dest.json['referencia_exibicao'])}.1.1`);

    // The server computes the path: a client cannot send it.
    const forged = await t.call('POST', '/category/create', { descricao: 'Forjada', referencia_exibicao: '9.9.9' }, manager);
    expect(forged.status).toBe(400);
  });

  it('refuses a name already used at the same level (not at another), and a parent of another organization', async () => {
    const top = await expectOk(t, 'categoryCreate', { descricao: 'Nível Único' }, manager);
    const again = await t.call('POST', '/category/create', { descricao: 'nível único' }, manager);
    expect(again.status).toBe(400);
    expect(again.json['message']).toBe(CATALOGUE_MESSAGES.categoryDuplicate('nível único'));
    await expectOk(t, 'categoryCreate', { descricao: 'Nível Único', id_categoria_pai: top.json['id_categoria'] }, manager);

    const foreign = await expectOk(t, 'categoryCreate', { descricao: 'Categoria da outra' }, other);
    const res = await t.call('POST', '/category/create', { descricao: 'Sob a outra', id_categoria_pai: foreign.json['id_categoria'] }, manager);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(REGISTER_MESSAGES.refNotFound('Categoria pai'));
    expect((await t.call('PUT', '/category/update', { id_categoria: foreign.json['id_categoria'], descricao: 'Roubada' }, manager)).status).toBe(404);
    expect((await t.call('POST', '/category/delete', { id_categoria: foreign.json['id_categoria'] }, manager)).status).toBe(404);
  });

  it('a category with sub-categories cannot be deleted', async () => {
    const top = await expectOk(t, 'categoryCreate', { descricao: 'Com Filhas' }, manager);
    await expectOk(t, 'categoryCreate', { descricao: 'Filha', id_categoria_pai: top.json['id_categoria'] }, manager);
    const res = await t.call('POST', '/category/delete', { id_categoria: top.json['id_categoria'] }, manager);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(REGISTER_MESSAGES.inUse('categorias'));
  });

  it('a read-only user lists but cannot write; a user without the permission cannot list', async () => {
    await expectOk(t, 'categoryFind', {}, cashier);
    const res = await t.call('POST', '/category/create', { descricao: 'Do caixa' }, cashier);
    expect(res.status).toBe(403);
    expect((await t.call('POST', '/attribute/find', {}, cashier)).status).toBe(403);
    expect((await t.call('POST', '/service/find', {}, cashier)).status).toBe(403);
  });
});

describe('attribute with items', () => {
  const itemsOf = (json: Row) => json['itens'] as Array<{ id_atributo_item: number; descricao: string; valor: string | null }>;

  it('writes its items with it, updates, adds and removes them as tombstones', async () => {
    const created = await expectOk(t, 'attributeCreate', {
      descricao: 'Cor teste', tipo: 'Cor', itens: [{ descricao: 'Azul', valor: '#0000FF' }, { descricao: 'Verde', valor: '#00FF00' }],
    }, manager);
    const id = created.json['id_atributo'];
    expect(itemsOf(created.json).map((i) => i.descricao)).toEqual(['Azul', 'Verde']);
    const [azul, verde] = itemsOf(created.json);
    const updated = await expectOk(t, 'attributeUpdate', {
      id_atributo: id, itens: [{ id_atributo_item: azul!.id_atributo_item, descricao: 'Azul marinho', valor: '#000080' }, { descricao: 'Preto' }],
    }, manager);
    expect(itemsOf(updated.json).map((i) => [i.descricao, i.valor])).toEqual([['Azul marinho', '#000080'], ['Preto', null]]);
    const byId = await expectOk(t, 'attributeFindById', { id_atributo: id }, manager);
    expect(byId.json).toEqual(updated.json);
    await t.db.system(async (tx) => {
      const { rows } = await tx.query('SELECT data_exclusao FROM atributo_item WHERE id_atributo_item = $1', [verde!.id_atributo_item]);
      expect(rows[0]?.['data_exclusao']).not.toBeNull();
    });
    // An update without `itens` keeps them.
    const renamed = await expectOk(t, 'attributeUpdate', { id_atributo: id, descricao: 'Cor teste 2' }, manager);
    expect(itemsOf(renamed.json)).toHaveLength(2);
  });

  it('refuses removing an item a product variation uses, naming it, and writes nothing', async () => {
    const created = await expectOk(t, 'attributeCreate', { descricao: 'Tamanho teste', itens: [{ descricao: 'P' }, { descricao: 'M' }] }, manager);
    const [p, m] = itemsOf(created.json);
    await t.db.system(async (tx) => {
      await tx.query(
        `INSERT INTO produto_grade_atributo (id_organization, id_produto_grade, id_atributo_item)
         SELECT g.id_organization, g.id_produto_grade, $1 FROM produto_grade g JOIN organization o USING (id_organization)
          WHERE g.data_exclusao IS NULL AND o.id_organization = (SELECT id_organization FROM atributo_item WHERE id_atributo_item = $1)
          ORDER BY g.id_produto_grade LIMIT 1`,
        [m!.id_atributo_item],
      );
    });
    const res = await t.call('PUT', '/attribute/update', { id_atributo: created.json['id_atributo'], descricao: 'Mudou', itens: [{ id_atributo_item: p!.id_atributo_item, descricao: 'P' }] }, manager);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(CATALOGUE_MESSAGES.attributeItemInUse('M'));
    const after = await expectOk(t, 'attributeFindById', { id_atributo: created.json['id_atributo'] }, manager);
    expect(after.json['descricao']).toBe('Tamanho teste');
    expect(itemsOf(after.json).map((i) => i.descricao)).toEqual(['P', 'M']);
    const del = await t.call('POST', '/attribute/delete', { id_atributo: created.json['id_atributo'] }, manager);
    expect(del.status).toBe(400);
    expect(del.json['message']).toBe(CATALOGUE_MESSAGES.attributeItemInUse('M'));
  });

  it('refuses duplicate items, an item of another attribute, and deletes with its items', async () => {
    const dup = await t.call('POST', '/attribute/create', { descricao: 'Duplicado', itens: [{ descricao: 'A' }, { descricao: 'a' }] }, manager);
    expect(dup.status).toBe(400);
    expect(dup.json['message']).toBe(CATALOGUE_MESSAGES.attributeItemDuplicate('a'));
    const one = await expectOk(t, 'attributeCreate', { descricao: 'Um', itens: [{ descricao: 'X' }] }, manager);
    const two = await expectOk(t, 'attributeCreate', { descricao: 'Dois', itens: [] }, manager);
    const stolen = itemsOf(one.json)[0]!.id_atributo_item;
    const res = await t.call('PUT', '/attribute/update', { id_atributo: two.json['id_atributo'], itens: [{ id_atributo_item: stolen, descricao: 'Y' }] }, manager);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(CATALOGUE_MESSAGES.attributeItemNotFound(stolen));
    const again = await t.call('POST', '/attribute/create', { descricao: 'um' }, manager);
    expect(again.status).toBe(400);
    expect(again.json['message']).toBe(REGISTER_MESSAGES.duplicate('descrição', 'um'));
    // Another organization's attribute is not found.
    expect((await t.call('POST', '/attribute/find_by_id', { id_atributo: one.json['id_atributo'] }, other)).status).toBe(404);
    await expectOk(t, 'attributeDelete', { id_atributo: one.json['id_atributo'] }, manager);
    await t.db.system(async (tx) => {
      const { rows } = await tx.query('SELECT data_exclusao FROM atributo_item WHERE id_atributo_item = $1', [stolen]);
      expect(rows[0]?.['data_exclusao']).not.toBeNull();
    });
  });
});

describe('services with their prices', () => {
  it('writes the prices the service orders use, and lists by id, 20 a page', async () => {
    const table = await t.db.system(async (tx) =>
      (await tx.query<{ id: number }>(
        `SELECT t.id_tabela_preco AS id FROM tabela_preco t JOIN usuario u USING (id_organization)
          WHERE u.email = 'gerente@demo.com.br' AND t.data_exclusao IS NULL LIMIT 1`,
      )).rows[0]?.id ?? null,
    );
    const precos = [{ valor: 80, is_padrao: true }, ...(table === null ? [] : [{ id_tabela_preco: table, valor: 70 }])];
    const created = await expectOk(t, 'serviceCreate', { descricao: 'Instalação de teste', codigo: 'INST-T', precos }, manager);
    const id = Number(created.json['id_servico']);
    expect(created.json['precos']).toEqual(precos.map((p) => ({ id_tabela_preco: p.id_tabela_preco ?? null, is_padrao: p.is_padrao === true, valor: p.valor })));
    const org = await t.db.system(async (tx) => (await tx.query<{ o: number }>('SELECT id_organization AS o FROM servico WHERE id_servico = $1', [id])).rows[0]!.o);
    const priced = await t.db.system((tx) => catalogueService(tx, org, id));
    expect(priced?.entries.find((e) => e.is_padrao)?.valor).toBe(8000);

    const updated = await expectOk(t, 'serviceUpdate', { id_servico: id, precos: [{ valor: 95.5, is_padrao: true }] }, manager);
    expect(updated.json['precos']).toEqual([{ id_tabela_preco: null, is_padrao: true, valor: 95.5 }]);
    const list = await expectOk(t, 'serviceFind', {}, manager);
    const ids = rowsOf(list.json).map((r) => Number(r['id_servico']));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(ids.length).toBeLessThanOrEqual(20);
    await expectOk(t, 'serviceDelete', { id_servico: id }, manager);
  });

  it('refuses two prices for one table, two defaults, a foreign table, a zero price', async () => {
    const otherTable = await t.db.system(async (tx) =>
      (await tx.query<{ id: number }>(
        `INSERT INTO tabela_preco (id_organization, descricao)
         SELECT id_organization, 'Tabela da outra' FROM usuario WHERE email = 'outra@demo.com.br' RETURNING id_tabela_preco AS id`,
      )).rows[0]!.id,
    );
    const cases: Array<[unknown[], string]> = [
      [[{ valor: 1, is_padrao: true }, { valor: 2, is_padrao: true }], CATALOGUE_MESSAGES.servicePriceDefaultTwice],
      [[{ id_tabela_preco: otherTable, valor: 1 }], CATALOGUE_MESSAGES.servicePriceTableNotFound],
      [[{ id_tabela_preco: otherTable, valor: 1 }, { id_tabela_preco: otherTable, valor: 2 }], CATALOGUE_MESSAGES.servicePriceTableDuplicate],
      [[{ valor: 0 }], 'Preço do serviço deve ser maior que zero.'],
    ];
    const count = () => t.db.system(async (tx) => Number((await tx.query('SELECT count(*) AS n FROM servico')).rows[0]?.['n']));
    const before = await count();
    for (const [precos, message] of cases) {
      const res = await t.call('POST', '/service/create', { descricao: 'Recusado', precos }, manager);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.json)).toContain(message);
    }
    expect(await count()).toBe(before);
  });
});

describe('classification', () => {
  it('is unique per organization and a person using it keeps it', async () => {
    const created = await expectOk(t, 'classificationCreate', { descricao: 'Cliente ouro' }, manager);
    const again = await t.call('POST', '/classification/create', { descricao: 'cliente ouro' }, manager);
    expect(again.status).toBe(400);
    await expectOk(t, 'classificationCreate', { descricao: 'Cliente ouro' }, other);
    await t.db.system(async (tx) => {
      await tx.query(
        `UPDATE pessoa SET id_classificacao = $1 WHERE id_pessoa = (
           SELECT min(id_pessoa) FROM pessoa WHERE id_organization = (SELECT id_organization FROM classificacao WHERE id_classificacao = $1))`,
        [created.json['id_classificacao']],
      );
    });
    const del = await t.call('POST', '/classification/delete', { id_classificacao: created.json['id_classificacao'] }, manager);
    expect(del.status).toBe(400);
    expect(del.json['message']).toBe(REGISTER_MESSAGES.inUse('pessoas'));
  });
});
