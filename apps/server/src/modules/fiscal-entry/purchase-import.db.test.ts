/**
 * Purchase invoice import (issue 32) against the real database: preview and confirm of a supplier's NF-e XML, the
 * stock entered at net cost through the stock owner, payables from cobr/dup, the supplier created from the emitter,
 * matches remembered, and the dishonest caller (another organization, a key twice, another recipient, a half-matched
 * invoice) refused with nothing written.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withGtinCheckDigit } from '@pdv/domain/gtin';
import { PURCHASE_IMPORT_MESSAGES as M } from '@pdv/domain/purchase-import';
import { makePurchaseNFeXml, type PurchaseItemSpec } from '@pdv/fiscal/testing/purchase-factory';
import type { PurchaseImportDetail, PurchaseImportPreview } from '@pdv/contract/purchase-import';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { demoIds, type DemoIds } from '../../testing/sync.ts';

let t: TestApp;
let manager: string;
let other: string;
let ids: DemoIds;
let branchCnpj: string;

const one = async <T>(sql: string, params: unknown[] = []) => (await t.db.system((tx) => tx.query<T>(sql, params))).rows[0]!;
const count = async (sql: string, params: unknown[] = []) => (await one<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).n;
const stockOf = async (g: number) => Number((await one<{ q: string }>('SELECT coalesce(sum(quantidade), 0)::text AS q FROM estoque WHERE id_produto_grade_filial = $1', [g])).q);
const averageOf = async (g: number) => Number((await one<{ c: string }>('SELECT preco_custo_medio::text AS c FROM produto_grade_filial WHERE id_produto_grade_filial = $1', [g])).c);

let made = 0;
const RUN = String(randomInt(10_000, 99_999));
/** A product of the demo organization with one variation in branch 1; a barcode and a logistics unit when asked. */
async function makeProduct(descricao: string, opts: { gtin?: string; unit?: { sigla: string; multiplicador: number } } = {}) {
  return t.db.system(async (tx) => {
    const sku = `NFE${RUN}-${++made}`;
    const p = (await tx.query<{ id: number }>(
      `INSERT INTO produto (id_organization, descricao, sku, id_unidade_medida)
       SELECT $1, $2, $3, id_unidade_medida FROM produto WHERE id_organization = $1 AND data_exclusao IS NULL LIMIT 1 RETURNING id_produto AS id`,
      [ids.demo, descricao, sku])).rows[0]!.id;
    const g = (await tx.query<{ id: number }>(
      `INSERT INTO produto_grade (id_organization, id_produto, is_padrao, sku, descricao) VALUES ($1, $2, true, $3, 'Única') RETURNING id_produto_grade AS id`,
      [ids.demo, p, sku])).rows[0]!.id;
    const pgf = (await tx.query<{ id: number }>(
      `INSERT INTO produto_grade_filial (id_organization, id_produto_grade, id_filial) VALUES ($1, $2, $3) RETURNING id_produto_grade_filial AS id`,
      [ids.demo, g, ids.branch1])).rows[0]!.id;
    if (opts.gtin) {
      await tx.query('INSERT INTO produto_codigo_barra (id_organization, id_produto, id_produto_grade, codigo) VALUES ($1, $2, $3, $4)', [ids.demo, p, g, opts.gtin]);
    }
    if (opts.unit) {
      const u = (await tx.query<{ id: number }>(
        `INSERT INTO unidade_medida (id_organization, descricao, sigla) VALUES ($1, $2, $3) RETURNING id_unidade_medida AS id`,
        [ids.demo, `Caixa ${opts.unit.sigla}`, opts.unit.sigla])).rows[0]!.id;
      await tx.query('INSERT INTO produto_unidade_logistica (id_organization, id_produto, id_unidade_medida, multiplicador) VALUES ($1, $2, $3, $4)',
        [ids.demo, p, u, opts.unit.multiplicador]);
    }
    return pgf;
  });
}

let nNF = randomInt(100_000, 900_000);
const SUPPLIER = '11444777000161';
function invoice(items: PurchaseItemSpec[], over: { dest?: string; emit?: string; dups?: Array<[string, string, number]> } = {}) {
  return makePurchaseNFeXml({ emitCnpj: over.emit ?? SUPPLIER, destCnpj: over.dest ?? branchCnpj, nNF: ++nNF, items, dups: over.dups });
}

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
  ids = await demoIds(t.db);
  branchCnpj = (await one<{ cnpj: string }>('SELECT cnpj FROM filial WHERE id_filial = $1', [ids.branch1])).cnpj;
  // The branch in the normal regime: ICMS comes out of the cost.
  await t.db.system((tx) => tx.query('UPDATE filial_configuracao SET codigo_regime_tributario = 3 WHERE id_filial = $1', [ids.branch1]));
});
afterAll(async () => {
  await t.close();
});

describe('purchase invoice import', () => {
  it('previews, refuses a half-matched confirm without writing, then imports: stock at net cost, payables, supplier, matches', async () => {
    const gtin = withGtinCheckDigit(`789${RUN}${String(randomInt(1_000, 9_999))}`);
    const byGtin = await makeProduct('Caneta azul (GTIN)', { gtin, unit: { sigla: `C${RUN}`, multiplicador: 12 } });
    const byHand = await makeProduct('Caderno (à mão)');
    const { xml, chave } = invoice([
      { cProd: 'CAN-1', cEAN: gtin, xProd: 'CANETA AZUL CX 12', uCom: `C${RUN}`, qCom: 2_000, vUnCom: 60_00 },
      { cProd: 'CAD-9', xProd: 'CADERNO 96 FOLHAS', uCom: 'UN', qCom: 10_000, vUnCom: 15_00 },
    ], { dups: [['001', '2026-06-04', 135_00], ['002', '2026-07-04', 135_00]] });

    const preview = (await expectOk(t, 'invoiceImportPreview', { xml }, manager)).json as unknown as PurchaseImportPreview;
    expect(preview.chave_acesso).toBe(chave);
    expect(preview.fornecedor).toMatchObject({ cnpj: SUPPLIER, nome: 'DISTRIBUIDORA TESTE LTDA' });
    const [first, second] = preview.itens;
    // 120,00 of goods with 18% ICMS (21,60) taken out for a normal-regime reseller; PIS/COFINS stay (cumulative).
    expect(first).toMatchObject({ valor_custo_bruto: 120, credito_icms: 21.6, credito_pis_cofins: 0, valor_custo_liquido: 98.4 });
    expect(first?.produto).toMatchObject({ id_produto_grade_filial: byGtin, origem: 'gtin', multiplicador: 12 });
    expect(second?.produto).toBeNull();
    // Non-cumulative PIS/COFINS (asked on the screen): 1,65% + 7,6% of 120,00 come out too.
    const lucroReal = (await expectOk(t, 'invoiceImportPreview', { xml, pis_cofins_nao_cumulativo: true }, manager)).json as unknown as PurchaseImportPreview;
    expect(lucroReal.itens[0]).toMatchObject({ credito_icms: 21.6, credito_pis_cofins: 11.1, valor_custo_liquido: 87.3 });

    const people = await count('pessoa WHERE cnpj = $1', [SUPPLIER]);
    const refused = await t.call('POST', '/invoice-import/confirm', { xml }, manager);
    expect(refused.status).toBe(400);
    expect(refused.json['message']).toBe(M.itemNotMatched(2));
    expect(await count('nota_fiscal_entrada WHERE chave_acesso = $1', [chave])).toBe(0);
    expect(await count('pessoa WHERE cnpj = $1', [SUPPLIER])).toBe(people);
    expect(await stockOf(byGtin)).toBe(0);

    const done = (await expectOk(t, 'invoiceImportConfirm', { xml, itens: [{ n_item: 2, id_produto_grade_filial: byHand }] }, manager)).json as unknown as PurchaseImportDetail;
    expect(done.situacao).toBe('Importada');
    // 2 boxes of 12 = 24 pens at 98,40 / 24 = 4,10; 10 notebooks at (150,00 − 27,00) / 10 = 12,30.
    expect(await stockOf(byGtin)).toBe(24);
    expect(await averageOf(byGtin)).toBe(4.1);
    expect(await stockOf(byHand)).toBe(10);
    expect(await averageOf(byHand)).toBe(12.3);
    expect(done.itens.map((i) => [i.quantidade, i.valor_custo_unitario])).toEqual([[24, 4.1], [10, 12.3]]);
    expect(done.documentos_financeiros.map((d) => [d.valor, d.data_vencimento])).toEqual([[135, '2026-06-04'], [135, '2026-07-04']]);
    const payables = await count(`documento_financeiro WHERE id_documento_financeiro = ANY($1::int[]) AND operacao = 'Saida' AND id_pessoa = $2`,
      [done.documentos_financeiros.map((d) => d.id_documento_financeiro), done.id_fornecedor]);
    expect(payables).toBe(2);
    expect((await one<{ f: boolean }>('SELECT is_fornecedor AS f FROM pessoa WHERE id_pessoa = $1', [done.id_fornecedor])).f).toBe(true);
    expect(await count(`movimentacao_estoque WHERE id_documento_estoque = $1`, [done.id_documento_estoque])).toBe(2);

    // The same key again: refused, in pt-BR, and nothing more written.
    const again = await t.call('POST', '/invoice-import/confirm', { xml, itens: [{ n_item: 2, id_produto_grade_filial: byHand }] }, manager);
    expect(again.status).toBe(400);
    expect(again.json['message']).toBe(M.alreadyImported(chave));
    expect((await t.call('POST', '/invoice-import/preview', { xml }, manager)).json['message']).toBe(M.alreadyImported(chave));
    expect(await stockOf(byHand)).toBe(10);

    // The next invoice of the supplier: the hand match is remembered.
    const next = invoice([{ cProd: 'CAD-9', xProd: 'CADERNO 96 FOLHAS', qCom: 1_000, vUnCom: 15_00 }]);
    const p2 = (await expectOk(t, 'invoiceImportPreview', { xml: next.xml }, manager)).json as unknown as PurchaseImportPreview;
    expect(p2.itens[0]?.produto).toMatchObject({ id_produto_grade_filial: byHand, origem: 'fornecedor' });

    // Listed and found by id; another organization sees nothing of it.
    const list = (await expectOk(t, 'invoiceImportFind', { search: chave }, manager)).json as unknown as { rows: Array<{ chave_acesso: string }> };
    expect(list.rows.map((r) => r.chave_acesso)).toEqual([chave]);
    await expectOk(t, 'invoiceImportFindById', { id_nota_fiscal_entrada: done.id_nota_fiscal_entrada }, manager);
    const theirs = await t.call('POST', '/invoice-import/find_by_id', { id_nota_fiscal_entrada: done.id_nota_fiscal_entrada }, other);
    expect(theirs.status).toBe(404);
    expect(((await t.call('POST', '/invoice-import/find', { search: chave }, other)).json['rows'] as unknown[])).toEqual([]);
  });

  it('refuses an XML whose recipient is not the branch, another organization importing it, and broken or foreign XML', async () => {
    const g = await makeProduct('Produto destinatário errado');
    const wrong = invoice([{ cProd: 'X1', xProd: 'ITEM', qCom: 1_000, vUnCom: 1_00 }], { dest: '11222333000181' === branchCnpj ? '11444777000161' : '11222333000181' });
    for (const route of ['preview', 'confirm']) {
      const res = await t.call('POST', `/invoice-import/${route}`, { xml: wrong.xml, itens: route === 'confirm' ? [{ n_item: 1, id_produto_grade_filial: g }] : undefined }, manager);
      expect(res.status, JSON.stringify(res.json)).toBe(400);
      expect(res.json['message']).toBe(M.notRecipient);
    }
    expect(await count('nota_fiscal_entrada WHERE chave_acesso = $1', [wrong.chave])).toBe(0);

    // Our branch's invoice, confirmed by a user of another organization (their branch has another CNPJ), naming our variation.
    const ours = invoice([{ cProd: 'X2', xProd: 'ITEM', qCom: 1_000, vUnCom: 1_00 }]);
    const foreign = await t.call('POST', '/invoice-import/confirm', { xml: ours.xml, itens: [{ n_item: 1, id_produto_grade_filial: g }] }, other);
    expect(foreign.status).toBe(400);
    expect(await count('nota_fiscal_entrada WHERE chave_acesso = $1', [ours.chave])).toBe(0);

    // A variation of another branch or organization is not ours to enter: refused by the hand match.
    const bad = await t.call('POST', '/invoice-import/confirm', { xml: ours.xml, itens: [{ n_item: 1, id_produto_grade_filial: 2_000_000_000 }] }, manager);
    expect(bad.status).toBe(400);
    expect(bad.json['message']).toBe(M.productNotFound(1));
    const big = invoice([{ cProd: 'X3', xProd: 'ITEM', qCom: 2_000, vUnCom: 1_00 }]);
    const huge = await t.call('POST', '/invoice-import/confirm', { xml: big.xml, itens: [{ n_item: 1, id_produto_grade_filial: g, multiplicador: 999_999.999 }] }, manager);
    expect(huge.status).toBe(400);
    expect(huge.json['message']).toBe(M.quantityTooLarge(1));
    expect(await count('nota_fiscal_entrada WHERE chave_acesso = $1', [big.chave])).toBe(0);
    const unknownItem = await t.call('POST', '/invoice-import/confirm', { xml: ours.xml, itens: [{ n_item: 7, id_produto_grade_filial: g }] }, manager);
    expect(unknownItem.json['message']).toBe(M.itemMatchUnknown(7));

    for (const xml of ['<nfe', '<root/>', ours.xml.replace(/<NCM>[0-9]+<\/NCM>/, '<NCM>ABC</NCM>'), ours.xml.replace(/Id="NFe([0-9]{43})[0-9]"/, (_m, k: string) => `Id="NFe${k}${(Number(ours.chave.at(-1)) + 1) % 10}"`)]) {
      const res = await t.call('POST', '/invoice-import/preview', { xml }, manager);
      expect(res.status, xml.slice(0, 40)).toBe(400);
      expect(typeof res.json['message']).toBe('string');
    }
    expect((await t.call('POST', '/invoice-import/preview', { xml: '' }, manager)).status).toBe(400);
  });
});
