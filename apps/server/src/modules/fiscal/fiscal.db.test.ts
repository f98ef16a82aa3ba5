/**
 * Invoices end to end against the SEFAZ homologation simulator over real HTTPS with mutual TLS: an NF-e from the back
 * office (save, transmit, print, cancel with stock coming back), an NFC-e from a sale, offline contingency when SEFAZ
 * stops answering and its automatic transmission when it is back, and the spec's validation messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FISCAL_MESSAGES as M } from '@pdv/domain/fiscal-messages';
import { isValidAccessKey } from '@pdv/fiscal/access-key';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';
import { sendDueContingency } from './service.ts';
import { expectOk } from '../../testing/routes.ts';
import { pdfText } from '@pdv/documents/pdf-text';

let t: TestApp;
let manager: string;
let sale: SaleFixture;
let serie55: number;
let customerWithAddress: number;

const stockOf = async (id_estoque: number) =>
  Number((await t.db.system((tx) => tx.query<{ q: string }>('SELECT quantidade AS q FROM estoque WHERE id_estoque = $1', [id_estoque]))).rows[0]!.q);

beforeAll(async () => {
  t = await createTestApp({ sefaz: true });
  manager = await t.login('gerente@demo.com.br');
  sale = await loadSaleFixture(t.db);
  await t.db.system(async (tx) => {
    serie55 = (await tx.query<{ id: number }>(
      `SELECT id_serie_fiscal AS id FROM serie_fiscal WHERE id_filial = $1 AND codigo_modelo = '55'`, [sale.id_filial])).rows[0]!.id;
    customerWithAddress = (await tx.query<{ id: number }>(
      `SELECT p.id_pessoa AS id FROM pessoa p JOIN pessoa_endereco e USING (id_organization, id_pessoa)
        JOIN organization o USING (id_organization)
        WHERE o.nome = 'Demo Moda' AND e.id_cidade IS NOT NULL ORDER BY p.id_pessoa LIMIT 1`)).rows[0]!.id;
  });
}, 120_000);
afterAll(async () => {
  await t.close();
});

function nfeBody(fields: Record<string, unknown> = {}) {
  return {
    modelo: '55', id_serie_fiscal: serie55, natureza_operacao: 'Venda de mercadoria', id_cliente: customerWithAddress,
    itens: [{ id_produto_grade_filial: sale.product.id_produto_grade_filial, id_endereco_estoque: sale.product.id_endereco_estoque,
      quantidade: 2, valor_unitario: sale.product.preco }],
    pagamentos: [{ id_meio_pagamento: sale.methods['01'], valor_total: Math.round(sale.product.preco * 200) / 100 }],
    ...fields,
  };
}

describe('NF-e from the back office', () => {
  it('refuses a save without series, nature, recipient or a recipient address with the spec messages', async () => {
    const res = await t.call('POST', '/invoice/post', nfeBody({ id_serie_fiscal: null, natureza_operacao: '', id_cliente: null }), manager);
    expect(res.status).toBe(400);
    expect(res.json['erros']).toEqual(expect.arrayContaining([M.seriesMissing, M.natureMissing, M.recipientMissing]));
    const refs = await t.call('POST', '/invoice/post', nfeBody({ referenciadas: [{ chave_acesso: '123' }, { chave_acesso: '' }] }), manager);
    expect(refs.json['erros']).toEqual(expect.arrayContaining([M.keyLength, M.keyMissing]));
  });

  it('saves, transmits (authorized by the simulator), prints, cancels and gives the stock back', async () => {
    const before = await stockOf(sale.product.id_estoque);
    const saved = await expectOk(t, 'invoicePost', nfeBody(), manager);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json['situacao']).toBe('EmEdicao');
    const id = saved.json['id_nota_fiscal'] as number;

    const sent = await expectOk(t, 'nfeTransmitir', { id_nota_fiscal: id }, manager);
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    expect(sent.json['success'], JSON.stringify(sent.json)).toBe(true);
    const nf = sent.json['nota_fiscal'] as Record<string, unknown>;
    expect(nf['situacao']).toBe('Autorizada');
    expect(sent.json['message']).toBe(M.transmitted(nf['numero_nota_fiscal'] as number));
    expect(isValidAccessKey(nf['chave_acesso'] as string)).toBe(true);
    expect(nf['protocolo']).toMatch(/^\d{15}$/);
    expect(await stockOf(sale.product.id_estoque)).toBe(before - 2);

    // Transmitting again answers the same authorization: no second document.
    const again = await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: id }, manager);
    expect((again.json['nota_fiscal'] as Record<string, unknown>)['protocolo']).toBe(nf['protocolo']);

    const printed = await t.call('POST', '/nfe/imprimir', { id_nota_fiscal: id }, manager);
    const pdf = await t.app.inject({ method: 'GET', url: printed.json['url_pdf'] as string });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const forged = await t.app.inject({ method: 'GET', url: (printed.json['url_pdf'] as string).replace(/sig=.*/, 'sig=x') });
    expect(forged.statusCode).toBe(404);

    const detail = await t.call('POST', '/invoice/find_by_id', { id_nota_fiscal: id }, manager);
    const xml = await t.app.inject({ method: 'GET', url: detail.json['url_xml_distribuicao'] as string });
    expect(xml.body).toContain('<nfeProc');
    expect(xml.body).toContain(`<nProt>${String(nf['protocolo'])}</nProt>`);

    const shortReason = await t.call('POST', '/nfe/cancelar', { id_nota_fiscal: id, justificativa: 'curta' }, manager);
    expect(shortReason.status).toBe(400);
    expect(shortReason.json['complement']).toBe(`justificativa: ${M.justificationLength}`);
    const cancelled = await expectOk(t, 'nfeCancelar', { id_nota_fiscal: id, justificativa: 'Cliente desistiu da compra' }, manager);
    expect(cancelled.json['success'], JSON.stringify(cancelled.json)).toBe(true);
    expect((cancelled.json['nota_fiscal'] as Record<string, unknown>)['situacao']).toBe('Cancelada');
    expect(await stockOf(sale.product.id_estoque)).toBe(before);

    const consulted = await expectOk(t, 'nfeConsultar', { id_nota_fiscal: id }, manager);
    expect(consulted.json['status']).toBe('101');
  });

  it('issues a correction letter for an authorized NF-e', async () => {
    const saved = await t.call('POST', '/invoice/post', nfeBody(), manager);
    const id = saved.json['id_nota_fiscal'] as number;
    expect((await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: id }, manager)).json['success']).toBe(true);
    const letter = await expectOk(t, 'nfeCartaCorrecao', { id_nota_fiscal: id, texto_correcao: 'Endereço de entrega: fundos da loja' }, manager);
    expect(letter.json['success'], JSON.stringify(letter.json)).toBe(true);
    const detail = await t.call('POST', '/invoice/find_by_id', { id_nota_fiscal: id }, manager);
    expect((detail.json['eventos'] as Array<Record<string, unknown>>).map((e) => [e['tipo_evento'], e['codigo_status']])).toEqual([['110110', 135]]);
  });
});

describe('the carrier and the vehicle of an NF-e', () => {
  it('go in transp/transporta and veicTransp from the carrier person chosen for the invoice', async () => {
    const saved = await t.call('POST', '/invoice/post', nfeBody({ tipo_frete: 0 }), manager);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const id = saved.json['id_nota_fiscal'] as number;
    const carrier = await t.db.system(async (tx) => {
      const { rows } = await tx.query<{ id_pessoa: number; cnpj: string; nome: string }>(
        `INSERT INTO pessoa (id_organization, tipo, nome, cnpj, is_transportadora)
         SELECT id_organization, 'J', 'Rápido Sul Transportes Ltda', '11222333000181', true FROM nota_fiscal WHERE id_nota_fiscal = $1
         RETURNING id_pessoa, cnpj, nome`, [id]);
      await tx.query(`UPDATE nota_fiscal SET id_transportadora = $2, placa_veiculo = 'abc1d23', uf_placa_veiculo = 'SP' WHERE id_nota_fiscal = $1`,
        [id, rows[0]!.id_pessoa]);
      return rows[0]!;
    });
    const sent = await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: id }, manager);
    expect(sent.json['success'], JSON.stringify(sent.json)).toBe(true);
    const detail = await t.call('POST', '/invoice/find_by_id', { id_nota_fiscal: id }, manager);
    const xml = (await t.app.inject({ method: 'GET', url: detail.json['url_xml_distribuicao'] as string })).body;
    const transp = /<transp>.*<\/transp>/s.exec(xml)?.[0] ?? '';
    expect(transp).toContain('<modFrete>0</modFrete>');
    expect(transp).toContain(`<transporta><CNPJ>${carrier.cnpj}</CNPJ><xNome>${carrier.nome}</xNome>`);
    expect(transp).toContain('<veicTransp><placa>ABC1D23</placa><UF>SP</UF></veicTransp>');
  });
});

describe('NFC-e from the point of sale', () => {
  it('authorizes the invoice of a sale and serves its DANFE NFC-e', async () => {
    const res = await t.call('POST', '/operacao', saleBody(sale, { modelo: '65', cliente_cpf_cnpj: '52998224725' }), manager);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const id = res.json['id_nota_fiscal'] as number;
    const sent = await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: id }, manager);
    expect(sent.json['success'], JSON.stringify(sent.json)).toBe(true);
    const nf = sent.json['nota_fiscal'] as Record<string, unknown>;
    expect(nf['situacao']).toBe('Autorizada');
    expect((nf['chave_acesso'] as string).slice(20, 22)).toBe('65');
    // The sale took the stock already: authorization does not take it twice.
    expect(await countRows(t.db, 'movimentacao_estoque WHERE id_nota_fiscal = $1', [id])).toBe(1);
  });

  it("writes dhEmi in the branch's time zone and prints the exchange voucher below the sale's DANFE NFC-e", async () => {
    await t.db.system((tx) => tx.query(`UPDATE filial_configuracao SET fuso_horario = -5, impressao_comprovante_troca = true,
      impressao_comprovante_troca_por_produto = false WHERE id_filial = $1`, [sale.id_filial]));
    try {
      const res = await t.call('POST', '/operacao', saleBody(sale, { modelo: '65' }), manager);
      const id = res.json['id_nota_fiscal'] as number;
      const sent = await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: id }, manager);
      expect(sent.json['success'], JSON.stringify(sent.json)).toBe(true);
      const { rows } = await t.db.system((tx) => tx.query<{ xml: string }>('SELECT xml_assinado AS xml FROM nota_fiscal WHERE id_nota_fiscal = $1', [id]));
      expect(/<dhEmi>[^<]*-05:00<\/dhEmi>/.test(rows[0]!.xml)).toBe(true);
      const printed = await t.call('POST', '/nfe/imprimir', { id_nota_fiscal: id }, manager);
      const pdf = await t.app.inject({ method: 'GET', url: printed.json['url_pdf'] as string });
      expect(pdf.statusCode).toBe(200);
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain('COMPROVANTE DE TROCA');
      expect(text).toMatch(/Válido para troca até \d{2}\/\d{2}\/\d{4}/);
    } finally {
      await t.db.system((tx) => tx.query('UPDATE filial_configuracao SET fuso_horario = -3 WHERE id_filial = $1', [sale.id_filial]));
    }
  });

  it('issues in offline contingency when SEFAZ does not answer, and transmits it when SEFAZ is back', async () => {
    t.fiscal!.simulator!.setMode('unavailable');
    const res = await t.call('POST', '/operacao', saleBody(sale, { modelo: '65' }), manager);
    const id = res.json['id_nota_fiscal'] as number;
    const sent = await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: id }, manager);
    expect(sent.status).toBe(200);
    const nf = sent.json['nota_fiscal'] as Record<string, unknown>;
    expect(nf['situacao']).toBe('Contingencia');
    expect(nf['tipo_emissao']).toBe(9);
    expect(sent.json['message']).toBe(M.contingencyIssued(nf['numero_nota_fiscal'] as number));
    const list = await expectOk(t, 'nfeContingencia', {}, manager);
    expect((list.json['rows'] as Array<Record<string, unknown>>).map((r) => r['id_nota_fiscal'])).toContain(id);

    // SEFAZ back: the background sender transmits the same signed XML once its next attempt is due.
    t.fiscal!.simulator!.setMode('normal');
    const later = { ...t.fiscal!.deps, now: () => new Date(Date.now() + 3600_000) };
    const round = await sendDueContingency(t.db, later);
    expect(round.authorized).toBeGreaterThanOrEqual(1);
    const detail = await t.call('POST', '/invoice/find_by_id', { id_nota_fiscal: id }, manager);
    expect(detail.json['situacao']).toBe('Autorizada');
    expect(detail.json['chave_acesso']).toBe(nf['chave_acesso']);
  });
});
