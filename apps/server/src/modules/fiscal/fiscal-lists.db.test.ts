/**
 * The fiscal calls no other test saw succeed, against the SEFAZ homologation simulator: transmitting and cancelling a
 * list of invoices, reading an invoice by its access key, and disabling numbers (one rejected invoice's number, and a
 * range of a series).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FISCAL_MESSAGES as M } from '@pdv/domain/fiscal-messages';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { countRows, loadSaleFixture, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let manager: string;
let sale: SaleFixture;
let serie55: number;
let codigoSerie55: number;
let customerWithAddress: number;

beforeAll(async () => {
  t = await createTestApp({ sefaz: true });
  manager = await t.login('gerente@demo.com.br');
  sale = await loadSaleFixture(t.db);
  await t.db.system(async (tx) => {
    const serie = (await tx.query<{ id: number; codigo: number }>(
      `SELECT id_serie_fiscal AS id, codigo_serie AS codigo FROM serie_fiscal WHERE id_filial = $1 AND codigo_modelo = '55'`,
      [sale.id_filial])).rows[0]!;
    serie55 = serie.id;
    codigoSerie55 = Number(serie.codigo);
    customerWithAddress = (await tx.query<{ id: number }>(
      `SELECT p.id_pessoa AS id FROM pessoa p JOIN pessoa_endereco e USING (id_organization, id_pessoa)
        JOIN organization o USING (id_organization)
        WHERE o.nome = 'Demo Moda' AND e.id_cidade IS NOT NULL ORDER BY p.id_pessoa LIMIT 1`)).rows[0]!.id;
  });
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function draft(): Promise<number> {
  const res = await expectOk(t, 'invoicePost', {
    modelo: '55', id_serie_fiscal: serie55, natureza_operacao: 'Venda de mercadoria', id_cliente: customerWithAddress,
    itens: [{ id_produto_grade_filial: sale.product.id_produto_grade_filial, id_endereco_estoque: sale.product.id_endereco_estoque,
      quantidade: 1, valor_unitario: 10 }],
    pagamentos: [{ id_meio_pagamento: sale.methods['01'], valor_total: 10 }],
  }, manager);
  return res.json['id_nota_fiscal'] as number;
}

const situacaoOf = async (id: number) =>
  (await t.db.system((tx) => tx.query<{ situacao: string; codigo_status: number | null }>(
    'SELECT situacao, codigo_status FROM nota_fiscal WHERE id_nota_fiscal = $1', [id]))).rows[0];

type Summary = { id_nota_fiscal: number; situacao: string; chave_acesso: string | null };
type Many = { success: boolean; message: string; erros: string[]; resultados: Array<{ success: boolean; nota_fiscal: Summary | null }> };

describe('lists of invoices', () => {
  it('transmits a list (both authorized), finds one by its access key, and cancels the list', async () => {
    const ids = [await draft(), await draft()];
    const sent = (await expectOk(t, 'nfeRequestList', { list_ids_invoice: ids }, manager)).json as Many;
    expect(sent.erros).toEqual([]);
    expect(sent).toMatchObject({ success: true, message: '2 nota(s) transmitida(s).' });
    expect(sent.resultados.map((r) => [r.success, r.nota_fiscal?.id_nota_fiscal, r.nota_fiscal?.situacao]))
      .toEqual(ids.map((id) => [true, id, 'Autorizada']));
    for (const id of ids) expect((await situacaoOf(id))?.situacao).toBe('Autorizada');

    const key = sent.resultados[1]?.nota_fiscal?.chave_acesso ?? '';
    expect(key).toHaveLength(44);
    const byKey = await expectOk(t, 'invoiceFindByKey', { chave_acesso: key }, manager);
    expect(byKey.json).toMatchObject({ id_nota_fiscal: ids[1], chave_acesso: key, situacao: 'Autorizada' });
    const unknownKey = await t.call('POST', '/invoice/find_by_key', { chave_acesso: key.replace(/^35/, '41') }, manager);
    expect(unknownKey.status).toBe(404);

    const cancelled = (await expectOk(t, 'nfeCancelarLista', { list_ids_invoice: ids, justificativa: 'Pedido cancelado pelo cliente' },
      manager)).json as Many;
    expect(cancelled).toMatchObject({ success: true, message: 'Notas canceladas com sucesso.', erros: [] });
    for (const id of ids) expect((await situacaoOf(id))?.situacao).toBe('Cancelada');
    expect(await countRows(t.db, `nota_fiscal_evento WHERE id_nota_fiscal = ANY($1) AND tipo_evento = '110111' AND codigo_status = 135`,
      [ids])).toBe(2);
  });

  it('refuses an empty list with the spec message', async () => {
    const res = await t.call('POST', '/nfe/invoice-request-list', { list_ids_invoice: [] }, manager);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(M.transmitManyEmpty);
  });
});

describe('disabling numbers (inutilização)', () => {
  it("disables a rejected invoice's number and marks the invoice Inutilizada", async () => {
    const id = await draft();
    // What a rejected transmission leaves: the invoice kept its number and series, Rejeitada.
    await t.db.system((tx) => tx.query(
      `UPDATE nota_fiscal SET situacao = 'Rejeitada', numero_nota_fiscal = 880001, serie = $2, codigo_status = 539 WHERE id_nota_fiscal = $1`,
      [id, codigoSerie55]));
    const res = await expectOk(t, 'nfeInutilizar', { id_nota_fiscal: id, justificativa: 'Número rejeitado pela SEFAZ' }, manager);
    expect(res.json).toMatchObject({ success: true, status: '102', nota_fiscal: { id_nota_fiscal: id, situacao: 'Inutilizada' } });
    expect(await situacaoOf(id)).toEqual({ situacao: 'Inutilizada', codigo_status: 102 });
    expect(await countRows(t.db, `inutilizacao WHERE numero_inicial = 880001 AND numero_final = 880001 AND codigo_status = 102
      AND protocolo IS NOT NULL`)).toBe(1);
  });

  it('disables a range of a series once; the simulator refuses the same range again', async () => {
    const body = { id_filial: sale.id_filial, modelo: '55', serie: codigoSerie55, numeracaoInicial: 890010, numeracaoFinal: 890015,
      justificativa: 'Falha na numeração do sistema' };
    const res = await expectOk(t, 'nfeInutilizarFaixa', body, manager);
    expect(res.json).toMatchObject({ success: true, status: '102' });
    expect(res.json['protocolo']).toMatch(/^\d{15}$/);
    expect(await countRows(t.db, `inutilizacao WHERE numero_inicial = 890010 AND numero_final = 890015 AND codigo_status = 102`)).toBe(1);
    const again = await t.call('POST', '/nfe/inutilizar_faixa', body, manager);
    expect(again.json).toMatchObject({ success: false, status: '563' });
  });
});
