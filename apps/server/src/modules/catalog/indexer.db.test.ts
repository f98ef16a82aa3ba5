/**
 * Price indexers (002 §2 /indexer): a factor change reprices the linked products' sale and wholesale prices in every
 * branch by the domain rule, records the variation and the price history with the user; the rules and isolation.
 * The register's plain life (find, create, update, situacao, delete, bad bodies) is the generated suites'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_INDEXER_MESSAGES as M, repriceCents } from '@pdv/domain/price-indexer';
import { fromDecimal } from '@pdv/domain/money';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';

let t: TestApp;
let manager: string;
let other: string;
let cashier: string;

type Row = Record<string, unknown>;
interface Price { id: number; id_filial: number; venda: string; atacado: string }

const rows = async <T,>(sql: string, params: unknown[] = []) => (await t.db.system((tx) => tx.query<T>(sql, params))).rows;

/** The live branch prices of product `id`, by price row. */
async function prices(id: number): Promise<Price[]> {
  return rows<Price>(
    `SELECT pgf.id_produto_grade_filial AS id, pgf.id_filial, pgf.preco_venda::text AS venda, pgf.preco_atacado::text AS atacado
       FROM produto_grade_filial pgf JOIN produto_grade g ON g.id_organization = pgf.id_organization AND g.id_produto_grade = pgf.id_produto_grade
      WHERE g.id_produto = $1 AND pgf.data_exclusao IS NULL ORDER BY 1`,
    [id],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
  cashier = await t.login('caixa@demo.com.br');
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('price indexers', () => {
  it('reprices the linked products in every branch when the factor changes, and keeps the variation', async () => {
    const created = await expectOk(t, 'priceIndexerCreate', { descricao: 'Dólar comercial', fator: 5 }, manager);
    const id = Number(created.json['id_indexador']);
    const [linked, untouched] = await rows<{ id_produto: number }>(
      `SELECT p.id_produto FROM produto p JOIN usuario u ON u.id_organization = p.id_organization
        WHERE u.email = 'gerente@demo.com.br' AND p.data_exclusao IS NULL
          AND EXISTS (SELECT 1 FROM produto_grade g JOIN produto_grade_filial f ON f.id_organization = g.id_organization AND f.id_produto_grade = g.id_produto_grade
                       WHERE g.id_produto = p.id_produto AND f.data_exclusao IS NULL AND f.preco_venda > 0)
        ORDER BY p.id_produto LIMIT 2`,
    );
    await expectOk(t, 'productUpdate', { id_produto: linked!.id_produto, id_indexador: id }, manager);
    const shown = await expectOk(t, 'productFindById', { id_produto: linked!.id_produto }, manager);
    expect(shown.json['id_indexador']).toBe(id);
    const before = await prices(linked!.id_produto);
    const untouchedBefore = await prices(untouched!.id_produto);
    expect(new Set(before.map((p) => p.id_filial)).size).toBeGreaterThan(0);

    const updated = await expectOk(t, 'priceIndexerUpdate', { id_indexador: id, fator: 5.5 }, manager);
    const after = await prices(linked!.id_produto);
    expect(after.map((p) => fromDecimal(p.venda))).toEqual(before.map((p) => repriceCents(fromDecimal(p.venda), 5, 5.5)));
    expect(after.map((p) => fromDecimal(p.atacado))).toEqual(before.map((p) => repriceCents(fromDecimal(p.atacado), 5, 5.5)));
    expect(await prices(untouched!.id_produto)).toEqual(untouchedBefore);

    // The variations, newest first, with the counts and the user; the price history names the user too.
    const variations = updated.json['variacoes'] as Row[];
    expect(variations.map((v) => [v['fator_anterior'], v['fator']])).toEqual([[5, 5.5], [null, 5]]);
    expect(variations[0]).toMatchObject({ produtos_reajustados: 1, precos_reajustados: before.length });
    expect(typeof variations[0]?.['usuario_nome']).toBe('string');
    expect(updated.json['produtos_vinculados']).toBe(1);
    const history = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM preco_historico h JOIN usuario u ON u.id_organization = h.id_organization AND u.id_usuario = h.id_usuario
        WHERE u.email = 'gerente@demo.com.br' AND h.id_produto_grade_filial = ANY($1::int[])`,
      [after.map((p) => p.id)],
    );
    expect(history[0]!.n).toBeGreaterThanOrEqual(after.length);

    // The same factor again, or another field only, reprices nothing and records nothing.
    const same = await expectOk(t, 'priceIndexerUpdate', { id_indexador: id, descricao: 'Dólar PTAX' }, manager);
    expect((same.json['variacoes'] as Row[]).length).toBe(2);
    expect(await prices(linked!.id_produto)).toEqual(after);
  });

  it('refuses a factor of zero or below with the pt-BR message, writing nothing', async () => {
    const zero = await t.call('POST', '/price-indexer/create', { descricao: 'Zero', fator: 0 }, manager);
    expect(zero.status).toBe(400);
    expect(zero.json['erros']).toEqual([`fator: ${M.factorPositive}`]);
    const created = await expectOk(t, 'priceIndexerCreate', { descricao: 'IPCA', fator: 1 }, manager);
    const negative = await t.call('PUT', '/price-indexer/update', { id_indexador: created.json['id_indexador'], fator: -2 }, manager);
    expect(negative.status).toBe(400);
    const found = await expectOk(t, 'priceIndexerFindById', { id_indexador: created.json['id_indexador'] }, manager);
    expect(found.json['fator']).toBe(1);
  });

  it('keeps organizations apart and asks for the permission to write', async () => {
    const created = await expectOk(t, 'priceIndexerCreate', { descricao: 'Euro', fator: 6.1 }, manager);
    const id = created.json['id_indexador'];
    expect((await t.call('POST', '/price-indexer/find_by_id', { id_indexador: id }, other)).status).toBe(404);
    expect((await t.call('PUT', '/price-indexer/update', { id_indexador: id, fator: 9 }, other)).status).toBe(404);
    // A product of another organization cannot point at it.
    const [foreign] = await rows<{ id_produto: number }>(
      `SELECT p.id_produto FROM produto p JOIN usuario u ON u.id_organization = p.id_organization WHERE u.email = 'outra@demo.com.br' AND p.data_exclusao IS NULL LIMIT 1`,
    );
    if (foreign) expect((await t.call('PUT', '/product/update', { id_produto: foreign.id_produto, id_indexador: id }, other)).status).toBe(404);
    // The demo cashier does not manage prices.
    expect((await t.call('PUT', '/price-indexer/update', { id_indexador: id, fator: 1 }, cashier)).status).toBe(403);
    const found = await expectOk(t, 'priceIndexerFindById', { id_indexador: id }, manager);
    expect(found.json['fator']).toBe(6.1);
  });

  it('refuses to delete an indexer a product follows, naming what uses it', async () => {
    const created = await expectOk(t, 'priceIndexerCreate', { descricao: 'Frete', fator: 1.1 }, manager);
    const id = Number(created.json['id_indexador']);
    const [product] = await rows<{ id_produto: number }>(
      `SELECT p.id_produto FROM produto p JOIN usuario u ON u.id_organization = p.id_organization
        WHERE u.email = 'gerente@demo.com.br' AND p.data_exclusao IS NULL ORDER BY p.id_produto DESC LIMIT 1`,
    );
    await expectOk(t, 'productUpdate', { id_produto: product!.id_produto, id_indexador: id }, manager);
    const refused = await t.call('POST', '/price-indexer/delete', { id_indexador: id }, manager);
    expect(refused.status).toBe(400);
    await expectOk(t, 'productUpdate', { id_produto: product!.id_produto, id_indexador: null }, manager);
    await expectOk(t, 'priceIndexerDelete', { id_indexador: id }, manager);
  });
});
