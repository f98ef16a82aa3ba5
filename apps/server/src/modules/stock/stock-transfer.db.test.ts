/**
 * Transfers between branches against the SEFAZ homologation simulator: processing issues the transfer NF-e (CFOP 5152
 * within the state, 6152 across, the destination branch as recipient) and, once authorized, the goods leave Loja
 * Centro and enter Loja Shopping (balances and movements of both); a rejected NF-e leaves the document pending with no
 * movement; another organization's branch, the same branch and a short stock are refused with nothing written; a
 * processed transfer is reversed only after its NF-e is cancelled, in both branches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@pdv/domain/messages';
import { STOCK_DOCUMENT_MESSAGES as M } from '@pdv/domain/stock-document';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { demoIds, type DemoIds } from '../../testing/sync.ts';
import { loadSaleFixture, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let manager: string;
let ids: DemoIds;
let sale: SaleFixture;
let tipo: number;
let destGrade: number;
let destAddress: number;
let cnpj1: string;
let cnpj2: string;

const one = async <T>(sql: string, params: unknown[] = []) => (await t.db.system((tx) => tx.query<T>(sql, params))).rows[0]!;
const count = async (table: string) => (await one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).n;
const stockAt = async (g: number, a: number) =>
  Number((await one<{ q: string } | undefined>('SELECT quantidade::text AS q FROM estoque WHERE id_produto_grade_filial = $1 AND id_endereco_estoque = $2', [g, a]))?.q ?? 0);

beforeAll(async () => {
  t = await createTestApp({ sefaz: true });
  manager = await t.login('gerente@demo.com.br');
  ids = await demoIds(t.db);
  sale = await loadSaleFixture(t.db);
  tipo = (await one<{ id: number }>(`SELECT id_tipo_movimentacao_estoque AS id FROM tipo_movimentacao_estoque WHERE id_organization = $1 AND codigo = 'TRANSFERENCIA'`, [ids.demo])).id;
  destGrade = (await one<{ id: number }>(
    `SELECT d.id_produto_grade_filial AS id FROM produto_grade_filial o JOIN produto_grade_filial d USING (id_organization, id_produto_grade)
      WHERE o.id_produto_grade_filial = $1 AND d.id_filial = $2`, [sale.product.id_produto_grade_filial, ids.branch2])).id;
  destAddress = (await one<{ id: number }>(
    `SELECT coalesce(c.id_endereco_estoque_venda, (SELECT min(id_endereco_estoque) FROM endereco_estoque a WHERE a.id_filial = c.id_filial)) AS id
       FROM filial_configuracao c WHERE c.id_filial = $1`, [ids.branch2])).id;
  cnpj1 = (await one<{ c: string }>('SELECT cnpj AS c FROM filial WHERE id_filial = $1', [ids.branch1])).c;
  cnpj2 = (await one<{ c: string }>('SELECT cnpj AS c FROM filial WHERE id_filial = $1', [ids.branch2])).c;
}, 120_000);
afterAll(async () => {
  await t.close();
});

const create = async (quantidade: number, extra: Record<string, unknown> = {}) => {
  const res = await expectOk(t, 'stockMovementCreate', {
    id_tipo_movimentacao_estoque: tipo, observacao: 'Reposição da loja do shopping', id_filial_destino: ids.branch2,
    itens: [{ id_produto_grade_filial: sale.product.id_produto_grade_filial, id_endereco_estoque: sale.product.id_endereco_estoque, quantidade }],
    ...extra,
  }, manager);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json['id_documento_estoque'] as number;
};
const invoiceOf = (id: number) => one<{ id_nota_fiscal: number; situacao: string; xml: string | null; numero: number | null }>(
  `SELECT n.id_nota_fiscal, n.situacao, coalesce(n.xml_autorizado, n.xml_assinado) AS xml, n.numero_nota_fiscal AS numero
     FROM documento_estoque d JOIN nota_fiscal n USING (id_organization, id_nota_fiscal) WHERE d.id_documento_estoque = $1`, [id]);

describe('transfers between branches', () => {
  it('refuses another organization\'s branch, the same branch and a destination on an exit, writing nothing', async () => {
    const docs = await count('documento_estoque');
    const foreignBranch = (await one<{ id: number }>('SELECT id_filial AS id FROM filial WHERE id_organization = $1 LIMIT 1', [ids.other])).id;
    const body = (id_filial_destino: number) => ({ id_tipo_movimentacao_estoque: tipo, id_filial_destino,
      itens: [{ id_produto_grade_filial: sale.product.id_produto_grade_filial, id_endereco_estoque: sale.product.id_endereco_estoque, quantidade: 1 }] });
    const foreign = await t.call('POST', '/stock-movement/create', body(foreignBranch), manager);
    expect(foreign.status).toBe(400);
    expect(foreign.json['message']).toBe(M.branchNotFound);
    const same = await t.call('POST', '/stock-movement/create', body(ids.branch1), manager);
    expect(same.status).toBe(400);
    expect(same.json['message']).toBe(M.sameBranch);
    const saida = (await one<{ id: number }>(`SELECT id_tipo_movimentacao_estoque AS id FROM tipo_movimentacao_estoque WHERE id_organization = $1 AND codigo = 'SAIDA'`, [ids.demo])).id;
    const exit = await t.call('POST', '/stock-movement/create', { ...body(ids.branch2), id_tipo_movimentacao_estoque: saida }, manager);
    expect(exit.status).toBe(400);
    expect(exit.json['message']).toBe(M.destinationNotTransfer);
    // A draft cannot be turned towards another organization's branch either.
    const id = await create(1);
    const moved = await t.call('PUT', '/stock-movement/update', { ...body(foreignBranch), id_documento_estoque: id }, manager);
    expect(moved.status).toBe(400);
    expect((await one<{ d: number }>('SELECT id_filial_destino AS d FROM documento_estoque WHERE id_documento_estoque = $1', [id])).d).toBe(ids.branch2);
    expect(await count('documento_estoque')).toBe(docs + 1);
    await expectOk(t, 'stockMovementDelete', { id_documento_estoque: id }, manager);
  });

  it('transfers 5 units from Loja Centro to Loja Shopping with an authorized transfer NF-e (CFOP 5152), both balances moved', async () => {
    const origin0 = await stockAt(sale.product.id_produto_grade_filial, sale.product.id_endereco_estoque);
    const dest0 = await stockAt(destGrade, destAddress);
    // The goods cost R$ 20,00 at the origin and the destination's average is R$ 10,00 over its stock.
    await t.db.system(async (tx) => {
      await tx.query('UPDATE produto_grade_filial SET preco_custo_medio = 20 WHERE id_produto_grade_filial = $1', [sale.product.id_produto_grade_filial]);
      await tx.query('UPDATE produto_grade_filial SET preco_custo_medio = 10 WHERE id_produto_grade_filial = $1', [destGrade]);
    });
    const destStock = Number((await one<{ q: string }>('SELECT coalesce(sum(quantidade), 0)::text AS q FROM estoque WHERE id_produto_grade_filial = $1 AND data_exclusao IS NULL', [destGrade])).q);
    const id = await create(5);
    const draft = await expectOk(t, 'stockMovementFindById', { id_documento_estoque: id }, manager);
    expect(draft.json).toMatchObject({ tipo_destino: 'Filial', id_filial_destino: ids.branch2, filial_destino: 'Loja Shopping', id_nota_fiscal: null });

    const done = await expectOk(t, 'stockMovementProcess', { id_documento_estoque: id }, manager);
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect(done.json).toMatchObject({ situacao: 1, situacao_nota_fiscal: 'Autorizada' });
    expect(await stockAt(sale.product.id_produto_grade_filial, sale.product.id_endereco_estoque)).toBe(origin0 - 5);
    expect(await stockAt(destGrade, destAddress)).toBe(dest0 + 5);
    // An entry at the destination at the origin's average cost (the line has no unit value); the origin's stays.
    const average = async (g: number) => Number((await one<{ c: string }>('SELECT preco_custo_medio::text AS c FROM produto_grade_filial WHERE id_produto_grade_filial = $1', [g])).c);
    const expected = destStock > 0 ? Math.round(((Math.max(destStock, 0) * 1000 + 5 * 2000) / (destStock + 5))) / 100 : 20;
    expect(await average(destGrade)).toBe(expected);
    expect(await average(sale.product.id_produto_grade_filial)).toBe(20);

    const nf = await invoiceOf(id);
    expect(nf.situacao).toBe('Autorizada');
    expect(nf.xml).toContain('<CFOP>5152</CFOP>');
    expect(nf.xml).toContain(`<dest><CNPJ>${cnpj2}</CNPJ>`);
    expect(nf.xml).toContain(`<emit><CNPJ>${cnpj1}</CNPJ>`);
    expect(nf.xml).toContain('<idDest>1</idDest>');
    expect(nf.xml).toMatch(/<ICMS41><orig>\d<\/orig><CST>41<\/CST>|<CSOSN>400<\/CSOSN>/);
    const moves = (await t.db.system((tx) => tx.query<{ id_filial: number; q: string; id_nota_fiscal: number | null }>(
      'SELECT id_filial, quantidade::text AS q, id_nota_fiscal FROM movimentacao_estoque WHERE id_documento_estoque = $1 ORDER BY id_filial', [id]))).rows;
    expect(moves.map((m) => [m.id_filial, Number(m.q)])).toEqual([[ids.branch1, -5], [ids.branch2, 5]]);
    // The NF-e itself moved nothing: the document did, once.
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM movimentacao_estoque WHERE id_nota_fiscal = $1', [nf.id_nota_fiscal])).n).toBe(0);

    const again = await t.call('POST', '/stock-movement/process', { id_documento_estoque: id }, manager);
    expect(again.status).toBe(400);
    expect(await stockAt(destGrade, destAddress)).toBe(dest0 + 5);
  });

  it('refuses a transfer the origin stock does not cover under negative-stock control: no NF-e, no movement', async () => {
    await t.db.system((tx) => tx.query('UPDATE filial_configuracao SET controla_estoque_negativo = true WHERE id_filial = $1', [ids.branch1]));
    try {
      const available = await stockAt(sale.product.id_produto_grade_filial, sale.product.id_endereco_estoque);
      const id = await create(available + 1);
      const [nfs, moves] = [await count('nota_fiscal'), await count('movimentacao_estoque')];
      const res = await t.call('POST', '/stock-movement/process', { id_documento_estoque: id }, manager);
      expect(res.status).toBe(400);
      expect(res.json['message']).toBe(MESSAGES.stockInsufficient(available * 1000, (available + 1) * 1000));
      expect([await count('nota_fiscal'), await count('movimentacao_estoque')]).toEqual([nfs, moves]);
      expect((await one<{ s: number }>('SELECT situacao::int AS s FROM documento_estoque WHERE id_documento_estoque = $1', [id])).s).toBe(0);
    } finally {
      await t.db.system((tx) => tx.query('UPDATE filial_configuracao SET controla_estoque_negativo = false WHERE id_filial = $1', [ids.branch1]));
    }
  });

  it('leaves a transfer whose NF-e SEFAZ rejects pending with no movement, and processes it with the same NF-e once corrected', async () => {
    const state = t.fiscal!.simulator!.state;
    // SEFAZ refuses every number of the series (206: number disabled).
    state.disabledRanges.push({ cnpj: cnpj1, mod: '55', serie: '1', nNFIni: 1, nNFFin: 999_999_999, nProt: '135000000000001' });
    const origin0 = await stockAt(sale.product.id_produto_grade_filial, sale.product.id_endereco_estoque);
    const id = await create(2);
    const moves = await count('movimentacao_estoque');
    const res = await t.call('POST', '/stock-movement/process', { id_documento_estoque: id }, manager);
    expect(res.status).toBe(400);
    expect(res.json['message']).toMatch(/^Transferência não processada: a NF-e não foi autorizada\. .*206/);
    expect(await count('movimentacao_estoque')).toBe(moves);
    expect(await stockAt(sale.product.id_produto_grade_filial, sale.product.id_endereco_estoque)).toBe(origin0);
    const rejected = await invoiceOf(id);
    expect(rejected.situacao).toBe('Rejeitada');
    const doc = await expectOk(t, 'stockMovementFindById', { id_documento_estoque: id }, manager);
    expect(doc.json).toMatchObject({ situacao: 0, situacao_nota_fiscal: 'Rejeitada' });

    state.disabledRanges.length = 0;
    const done = await expectOk(t, 'stockMovementProcess', { id_documento_estoque: id }, manager);
    expect(done.json['situacao']).toBe(1);
    expect((await invoiceOf(id)).id_nota_fiscal).toBe(rejected.id_nota_fiscal);
    expect(await stockAt(sale.product.id_produto_grade_filial, sale.product.id_endereco_estoque)).toBe(origin0 - 2);
  });

  it('reverses a processed transfer in both branches only after its NF-e is cancelled', async () => {
    const origin0 = await stockAt(sale.product.id_produto_grade_filial, sale.product.id_endereco_estoque);
    const dest0 = await stockAt(destGrade, destAddress);
    const id = await create(3);
    await expectOk(t, 'stockMovementProcess', { id_documento_estoque: id }, manager);
    const nf = await invoiceOf(id);
    const docsBefore = (await t.db.system((tx) => tx.query<{ n: number }>('SELECT count(*)::int AS n FROM documento_estoque'))).rows[0]!.n;
    const refused = await t.call('POST', '/stock-movement/cancel', { id_documento_estoque: id }, manager);
    expect(refused.status).toBe(400);
    expect(refused.json['message']).toBe(M.transferInvoiceNotCancelled(nf.numero));
    // Refused before anything: no counter-document.
    expect((await t.db.system((tx) => tx.query<{ n: number }>('SELECT count(*)::int AS n FROM documento_estoque'))).rows[0]!.n).toBe(docsBefore);
    const cancelled = await expectOk(t, 'nfeCancelar', { id_nota_fiscal: nf.id_nota_fiscal, justificativa: 'Transferencia feita por engano' }, manager);
    expect(cancelled.json['success'], JSON.stringify(cancelled.json)).toBe(true);
    const undone = await expectOk(t, 'stockMovementCancel', { id_documento_estoque: id }, manager);
    expect(undone.json['situacao']).toBe(2);
    expect(await stockAt(sale.product.id_produto_grade_filial, sale.product.id_endereco_estoque)).toBe(origin0);
    expect(await stockAt(destGrade, destAddress)).toBe(dest0);
    // Through its counter-document in the origin branch, processed, naming it, with no NF-e of its own; its movements
    // undo the transfer in both branches.
    const counterId = undone.json['id_documento_estorno'] as number;
    const counter = await expectOk(t, 'stockMovementFindById', { id_documento_estoque: counterId }, manager);
    expect(counter.json).toMatchObject({ situacao: 1, operacao: 'Transferencia', id_filial_destino: ids.branch2, id_documento_estornado: id, id_nota_fiscal: null });
    const moves = (await t.db.system((tx) => tx.query<{ id_filial: number; q: string }>(
      'SELECT id_filial, sum(quantidade)::text AS q FROM movimentacao_estoque WHERE id_documento_estoque = $1 GROUP BY id_filial ORDER BY id_filial', [counterId]))).rows;
    expect(moves.map((m) => [m.id_filial, Number(m.q)])).toEqual([[ids.branch1, 3], [ids.branch2, -3]].sort((a, b) => a[0]! - b[0]!));
    const again = await t.call('POST', '/stock-movement/cancel', { id_documento_estoque: counterId }, manager);
    expect(again.json['message']).toBe(M.counterNotCancellable(id));
  });

  it('issues CFOP 6152 when the destination branch is in another state', async () => {
    await t.db.system((tx) => tx.query(`UPDATE filial SET uf = 'RJ', id_cidade = 3304557, cidade = 'Rio de Janeiro' WHERE id_filial = $1`, [ids.branch2]));
    const id = await create(1);
    const done = await expectOk(t, 'stockMovementProcess', { id_documento_estoque: id }, manager);
    expect(done.json['situacao'], JSON.stringify(done.json)).toBe(1);
    const nf = await invoiceOf(id);
    expect(nf.xml).toContain('<CFOP>6152</CFOP>');
    expect(nf.xml).toContain('<idDest>2</idDest>');
  });
});
