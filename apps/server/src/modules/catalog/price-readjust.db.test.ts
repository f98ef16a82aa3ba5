/**
 * Price configuration and readjust (issue 30; 002 §2 price simulation/readjust, price history): the simulation is what
 * the apply writes, in one transaction, each price recorded in the price history with the user and the readjust; bad
 * input refused with the pt-BR messages and nothing written; another organization's products untouched. The
 * configuration register's plain life (find, create, situacao, delete, bad bodies) is the generated suites'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromDecimal } from '@pdv/domain/money';
import { PRICE_READJUST_MESSAGES as M, readjustByPercent } from '@pdv/domain/price-readjust';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';

let t: TestApp;
let manager: string;
let other: string;
let cashier: string;

type Row = Record<string, unknown>;
interface Price { id: number; id_filial: number; venda: string; atacado: string }
interface Line { id_produto_grade_filial: number; id_filial: number; preco_venda_atual: number; preco_venda_novo: number; preco_atacado_atual: number; preco_atacado_novo: number }

const rows = async <T,>(sql: string, params: unknown[] = []) => (await t.db.system((tx) => tx.query<T>(sql, params))).rows;

/** The live branch prices of an organization's products `ids` (every branch), by price row. */
async function prices(ids: number[]): Promise<Price[]> {
  return rows<Price>(
    `SELECT pgf.id_produto_grade_filial AS id, pgf.id_filial, pgf.preco_venda::text AS venda, pgf.preco_atacado::text AS atacado
       FROM produto_grade_filial pgf JOIN produto_grade g ON g.id_organization = pgf.id_organization AND g.id_produto_grade = pgf.id_produto_grade
      WHERE g.id_produto = ANY($1::int[]) AND pgf.data_exclusao IS NULL AND g.data_exclusao IS NULL ORDER BY 1`,
    [ids],
  );
}

/** Products with live priced variations of the organization of user `email`, `n` of them from `offset`. */
async function productsOf(email: string, n: number, offset = 0): Promise<number[]> {
  const found = await rows<{ id_produto: number }>(
    `SELECT p.id_produto FROM produto p JOIN usuario u ON u.id_organization = p.id_organization
      WHERE u.email = $1 AND p.data_exclusao IS NULL
        AND EXISTS (SELECT 1 FROM produto_grade g JOIN produto_grade_filial f ON f.id_organization = g.id_organization AND f.id_produto_grade = g.id_produto_grade
                     WHERE g.id_produto = p.id_produto AND f.data_exclusao IS NULL AND g.data_exclusao IS NULL AND f.preco_venda > 0)
      ORDER BY p.id_produto LIMIT $2 OFFSET $3`,
    [email, n, offset],
  );
  return found.map((r) => r.id_produto);
}

/** A new brand of the caller's organization with the products `ids`. */
async function brandWith(token: string, descricao: string, ids: number[]): Promise<number> {
  const brand = await expectOk(t, 'brandCreate', { descricao }, token);
  const id_marca = Number(brand.json['id_marca']);
  for (const id_produto of ids) await expectOk(t, 'productUpdate', { id_produto, id_marca }, token);
  return id_marca;
}

const branchOf = async (email: string) =>
  (await rows<{ id: number }>(`SELECT id_filial_ativa AS id FROM usuario WHERE email = $1`, [email]))[0]!.id;

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
  cashier = await t.login('caixa@demo.com.br');
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('price readjust by percent', () => {
  it('applies exactly the previewed +5% on a brand in the active branch, with history rows naming the user and the readjust', async () => {
    const ids = await productsOf('gerente@demo.com.br', 2);
    const id_marca = await brandWith(manager, 'Marca do Reajuste', ids);
    const otherIds = await productsOf('outra@demo.com.br', 1);
    const otherBrand = await brandWith(other, 'Marca do Reajuste', otherIds);
    const branch = await branchOf('gerente@demo.com.br');
    const before = await prices(ids);
    const otherBefore = await prices(otherIds);
    const body = { modo: 'Percentual', percentual: 5, alvo: 'preco_venda', filtros: { id_marca: [id_marca] } };

    const sim = await expectOk(t, 'priceReadjustSimulate', body, manager);
    const linhas = sim.json['linhas'] as Line[];
    const inBranch = before.filter((p) => p.id_filial === branch);
    expect(linhas.map((l) => l.id_produto_grade_filial).sort((a, b) => a - b)).toEqual(inBranch.map((p) => p.id));
    for (const l of linhas) {
      const p = inBranch.find((x) => x.id === l.id_produto_grade_filial)!;
      const expected = readjustByPercent({ preco_venda: fromDecimal(p.venda), preco_atacado: fromDecimal(p.atacado) }, 500, 'preco_venda');
      expect([fromDecimal(l.preco_venda_atual), fromDecimal(l.preco_venda_novo), fromDecimal(l.preco_atacado_novo)])
        .toEqual([fromDecimal(p.venda), expected.preco_venda, fromDecimal(p.atacado)]);
    }
    // The simulation wrote nothing.
    expect(await prices(ids)).toEqual(before);

    const applied = await expectOk(t, 'priceReadjustApply', { ...body, assinatura: sim.json['assinatura'] }, manager);
    expect(applied.json).toMatchObject({ precos_reajustados: linhas.length, message: M.applied });
    const after = await prices(ids);
    for (const p of after) {
      const l = linhas.find((x) => x.id_produto_grade_filial === p.id);
      const was = before.find((x) => x.id === p.id)!;
      // The previewed price in the active branch; the other branch as it was.
      expect([Number(p.venda), Number(p.atacado)]).toEqual(l ? [l.preco_venda_novo, l.preco_atacado_novo] : [Number(was.venda), Number(was.atacado)]);
    }
    const history = await rows<{ id_produto_grade_filial: number; preco_venda: string; email: string; id_reajuste_preco: number }>(
      `SELECT h.id_produto_grade_filial, h.preco_venda::text, u.email, h.id_reajuste_preco FROM preco_historico h
         JOIN usuario u ON u.id_organization = h.id_organization AND u.id_usuario = h.id_usuario
        WHERE h.id_reajuste_preco = $1 ORDER BY 1`,
      [applied.json['id_reajuste_preco']],
    );
    expect(history.map((h) => [h.id_produto_grade_filial, Number(h.preco_venda), h.email])).toEqual(
      [...linhas].sort((a, b) => a.id_produto_grade_filial - b.id_produto_grade_filial).map((l) => [l.id_produto_grade_filial, l.preco_venda_novo, 'gerente@demo.com.br']),
    );
    const readjust = await rows<Row>(`SELECT modo, percentual::float8 AS percentual, precos_reajustados, filiais FROM reajuste_preco WHERE id_reajuste_preco = $1`,
      [applied.json['id_reajuste_preco']]);
    expect(readjust[0]).toMatchObject({ modo: 'Percentual', percentual: 5, precos_reajustados: linhas.length, filiais: [branch] });
    // The product's price tab reads the same history.
    const tab = await expectOk(t, 'priceHistoryList', { id_produto_grade_filial: linhas[0]!.id_produto_grade_filial }, manager);
    expect((tab.json['rows'] as Row[]).at(-1)).toMatchObject({ preco_venda: linhas[0]!.preco_venda_novo, usuario_nome: 'Marina Souza' });

    // Another organization's products, under a brand of the same name, are untouched; its manager sees only its own.
    expect(await prices(otherIds)).toEqual(otherBefore);
    const theirs = await expectOk(t, 'priceReadjustSimulate', { ...body, filtros: { id_marca: [otherBrand] } }, other);
    const theirIds = new Set((await prices(otherIds)).map((p) => p.id));
    expect((theirs.json['linhas'] as Line[]).every((l) => theirIds.has(l.id_produto_grade_filial))).toBe(true);

    // The same readjust again is another +5% over the new prices: the old assinatura no longer matches.
    const stale = await t.call('POST', '/price-readjust/apply', { ...body, assinatura: sim.json['assinatura'] }, manager);
    expect(stale.status).toBe(400);
    expect(stale.json['message']).toBe(M.stale);
    expect(await prices(ids)).toEqual(after);
  });

  it('refuses bad input with its message and writes nothing', async () => {
    const ids = await productsOf('gerente@demo.com.br', 1, 2);
    const id_marca = await brandWith(manager, 'Marca Recusada', ids);
    const [foreignBrand] = await rows<{ id_marca: number }>(
      `SELECT m.id_marca FROM marca m JOIN usuario u ON u.id_organization = m.id_organization WHERE u.email = 'outra@demo.com.br' LIMIT 1`);
    const foreignBranch = await branchOf('outra@demo.com.br');
    const before = await prices(ids);
    const base = { modo: 'Percentual', percentual: 5, filtros: { id_marca: [id_marca] } };
    const sim = await expectOk(t, 'priceReadjustSimulate', base, manager);
    const assinatura = sim.json['assinatura'];
    const cases: [unknown, string][] = [
      [{ ...base, percentual: 0 }, M.percentZero],
      [{ ...base, percentual: -100 }, M.percentRange],
      [{ ...base, percentual: 5.555 }, M.percentRange],
      [{ ...base, percentual: undefined }, M.percentRange],
      [{ ...base, filtros: {} }, M.filterRequired],
      [{ ...base, modo: 'Dobro' }, M.modeInvalid],
      [{ ...base, modo: 'Markup' }, M.configurationRequired],
      [{ ...base, modo: 'Markup', id_configuracao_preco: 999_999 }, M.configurationNotFound],
      [{ ...base, filtros: { id_marca: [foreignBrand!.id_marca] } }, M.brandNotFound],
      [{ ...base, filtros: { id_categoria: [999_999] } }, M.categoryNotFound],
      [{ ...base, filtros: { id_produto: [999_999] } }, M.productNotFound],
      [{ ...base, filiais: [foreignBranch] }, M.branchNotAllowed],
    ];
    for (const [body, message] of cases) {
      for (const path of ['/price-readjust/simulate', '/price-readjust/apply']) {
        const res = await t.call('POST', path, { ...(body as Row), ...(path.endsWith('apply') ? { assinatura } : {}) }, manager);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(JSON.stringify(res.json), JSON.stringify(body)).toContain(message);
      }
    }
    const noSignature = await t.call('POST', '/price-readjust/apply', base, manager);
    expect(noSignature.status).toBe(400);
    const forged = await t.call('POST', '/price-readjust/apply', { ...base, assinatura: '1-00000000' }, manager);
    expect(forged.json['message']).toBe(M.stale);
    // Prices sent by a client are not a member of the body.
    const withPrices = await t.call('POST', '/price-readjust/apply', { ...base, assinatura, linhas: [{ id_produto_grade_filial: 1, preco_venda_novo: 0.01 }] }, manager);
    expect(withPrices.status).toBe(400);
    // Without the price permission (the cashier): 403.
    expect((await t.call('POST', '/price-readjust/apply', { ...base, assinatura }, cashier)).status).toBe(403);
    expect((await t.call('POST', '/price-readjust/simulate', base, cashier)).status).toBe(403);
    expect(await prices(ids)).toEqual(before);
  });
});

describe('price readjust in another branch', () => {
  it('refuses a branch where the user\'s profile does not manage prices, and writes nothing', async () => {
    const ids = await productsOf('gerente@demo.com.br', 1, 5);
    const id_marca = await brandWith(manager, 'Marca de Filial', ids);
    const active = await branchOf('gerente@demo.com.br');
    // The manager's profile in the other branch becomes the sellers' (no price permission).
    const [swap] = await rows<{ id: number; gerente: number; vendedor: number; filial: number }>(
      `SELECT pfu.id_perfil_filial_usuario AS id, pfu.id_perfil_filial AS gerente, pv.id_perfil_filial AS vendedor, pf.id_filial AS filial
         FROM perfil_filial_usuario pfu
         JOIN usuario u ON u.id_organization = pfu.id_organization AND u.id_usuario = pfu.id_usuario
         JOIN perfil_filial pf ON pf.id_organization = pfu.id_organization AND pf.id_perfil_filial = pfu.id_perfil_filial
         JOIN perfil_filial pv ON pv.id_organization = pf.id_organization AND pv.id_filial = pf.id_filial
         JOIN perfil p ON p.id_organization = pv.id_organization AND p.id_perfil = pv.id_perfil AND p.descricao = 'Vendedor'
        WHERE u.email = 'gerente@demo.com.br' AND pf.id_filial <> $1`,
      [active],
    );
    const before = await prices(ids);
    await rows('UPDATE perfil_filial_usuario SET id_perfil_filial = $2 WHERE id_perfil_filial_usuario = $1', [swap!.id, swap!.vendedor]);
    try {
      const body = { modo: 'Percentual', percentual: 5, filtros: { id_marca: [id_marca] }, filiais: [active, swap!.filial] };
      const res = await t.call('POST', '/price-readjust/simulate', body, manager);
      expect(res.status).toBe(400);
      expect(res.json['message']).toBe(M.branchNotAllowed);
      // The active branch alone is the manager's to readjust.
      await expectOk(t, 'priceReadjustSimulate', { ...body, filiais: [active] }, manager);
    } finally {
      await rows('UPDATE perfil_filial_usuario SET id_perfil_filial = $2 WHERE id_perfil_filial_usuario = $1', [swap!.id, swap!.gerente]);
    }
    expect(await prices(ids)).toEqual(before);
  });
});

describe('price configuration and readjust by markup', () => {
  it('keeps the markup rules in order and refuses a rule out of range', async () => {
    const created = await expectOk(t, 'priceConfigurationCreate', {
      descricao: 'Markup padrão',
      regras: [
        { descricao: 'Varejo', tipo: 'Markup', valor: 80, preco_base: 'preco_custo', preco_alvo: 'preco_venda' },
        { descricao: 'Atacado', tipo: 'Markup', valor: -10, preco_base: 'preco_venda', preco_alvo: 'preco_atacado' },
      ],
    }, manager);
    const id = created.json['id_configuracao_preco'];
    const found = await expectOk(t, 'priceConfigurationFindById', { id_configuracao_preco: id }, manager);
    expect((found.json['regras'] as Row[]).map((r) => [r['descricao'], r['valor']])).toEqual([['Varejo', 80], ['Atacado', -10]]);
    const bad = await t.call('POST', '/price-configuration/create', {
      descricao: 'Margem impossível', regras: [{ descricao: 'X', tipo: 'Margem', valor: 100, preco_base: 'preco_custo', preco_alvo: 'preco_venda' }],
    }, manager);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain(M.marginRange);
    const same = await t.call('POST', '/price-configuration/create', {
      descricao: 'Sobre si', regras: [{ descricao: 'X', tipo: 'Valor', valor: 1, preco_base: 'preco_venda', preco_alvo: 'preco_venda' }],
    }, manager);
    expect(JSON.stringify(same.json)).toContain(M.ruleSamePrice);
    // Another organization does not see it (404 like an id that does not exist).
    expect((await t.call('POST', '/price-configuration/find_by_id', { id_configuracao_preco: id }, other)).status).toBe(404);
  });

  it('reprices from the cost by the rules in both branches, skips a variation without cost, and refuses an inactive configuration', async () => {
    const ids = await productsOf('gerente@demo.com.br', 2, 3);
    const id_marca = await brandWith(manager, 'Marca do Markup', ids);
    const branches = (await rows<{ id_filial: number }>(
      `SELECT f.id_filial FROM filial f JOIN usuario u ON u.id_organization = f.id_organization WHERE u.email = 'gerente@demo.com.br' ORDER BY 1`)).map((r) => r.id_filial);
    const all = await prices(ids);
    const [first, ...rest] = all;
    // One variation costs R$ 10,00; the others were never given a cost.
    await rows(`UPDATE produto_grade_filial SET preco_custo = CASE WHEN id_produto_grade_filial = $1 THEN 10 ELSE 0 END WHERE id_produto_grade_filial = ANY($2::int[])`,
      [first!.id, all.map((p) => p.id)]);
    const config = await expectOk(t, 'priceConfigurationCreate', {
      descricao: 'Markup de custo',
      regras: [
        { descricao: 'Varejo', tipo: 'Markup', valor: 80, preco_base: 'preco_custo', preco_alvo: 'preco_venda' },
        { descricao: 'Atacado', tipo: 'Markup', valor: -10, preco_base: 'preco_venda', preco_alvo: 'preco_atacado' },
      ],
    }, manager);
    const id_configuracao_preco = config.json['id_configuracao_preco'];
    const body = { modo: 'Markup', id_configuracao_preco, filtros: { id_marca: [id_marca] }, filiais: branches };
    const sim = await expectOk(t, 'priceReadjustSimulate', body, manager);
    const linhas = sim.json['linhas'] as Line[];
    // The variation with cost: 10,00 + 80% = 18,00, wholesale 18,00 − 10% = 16,20. The others: their wholesale from their sale price.
    expect(linhas.find((l) => l.id_produto_grade_filial === first!.id)).toMatchObject({ preco_venda_novo: 18, preco_atacado_novo: 16.2 });
    for (const p of rest) {
      const l = linhas.find((x) => x.id_produto_grade_filial === p.id);
      const atacado = Math.round(fromDecimal(p.venda) * 0.9) / 100;
      if (l) expect([l.preco_venda_novo, l.preco_atacado_novo]).toEqual([Number(p.venda), atacado]);
      else expect(Number(p.atacado)).toBe(atacado);
    }
    // Both branches' rows were readjusted (the body named both).
    expect([...new Set(linhas.map((l) => l.id_filial))].sort((a, b) => a - b)).toEqual([...new Set(all.map((p) => p.id_filial))].sort((a, b) => a - b));
    expect(branches.length).toBeGreaterThan(1);

    await expectOk(t, 'priceConfigurationSituacao', { id_configuracao_preco, situacao: 'Inativo' }, manager);
    const inactive = await t.call('POST', '/price-readjust/apply', { ...body, assinatura: sim.json['assinatura'] }, manager);
    expect(inactive.json['message']).toBe(M.configurationInactive);
    await expectOk(t, 'priceConfigurationSituacao', { id_configuracao_preco, situacao: 'Ativo' }, manager);

    await expectOk(t, 'priceReadjustApply', { ...body, assinatura: sim.json['assinatura'] }, manager);
    const after = await prices(ids);
    for (const l of linhas) expect(after.find((p) => p.id === l.id_produto_grade_filial)).toMatchObject({
      venda: l.preco_venda_novo.toFixed(2), atacado: l.preco_atacado_novo.toFixed(2),
    });
    // Nothing left to change: the same readjust again finds no price to write.
    const again = await expectOk(t, 'priceReadjustSimulate', body, manager);
    expect(again.json['linhas']).toEqual([]);
    const none = await t.call('POST', '/price-readjust/apply', { ...body, assinatura: again.json['assinatura'] }, manager);
    expect(none.json['message']).toBe(M.nothingToChange);
  });
});
