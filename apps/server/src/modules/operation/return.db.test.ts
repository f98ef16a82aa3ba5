/** POST /api/operacao modes Devolucao and Recebimento, paying with customer credit, and the lists they read. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OperacaoBody } from '@pdv/contract/operation';
import { MESSAGES } from '@pdv/domain/messages';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let cashier: string;
let other: string;
let f: SaleFixture;
/** A second customer of the demo organization, for "not this customer's" refusals. */
let stranger: number;

const count = (from: string, params: unknown[] = []) => countRows(t.db, from, params);
const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await t.db.system((tx) => tx.query<T>(text, params))).rows;
const stockOf = async (id_estoque: number) => Number((await sql<{ q: string }>('SELECT quantidade::text AS q FROM estoque WHERE id_estoque = $1', [id_estoque]))[0]!.q);
const balance = async (id_cliente: number) => (await t.call('POST', '/operacao/credito/saldo', { id_cliente }, cashier)).json['saldo'] as number;

/** A cash pre-sale of 3 units of the fixture's product to the customer; answers the order id and its line id. */
async function sellToCustomer(quantidade = 3): Promise<{ id_pedido: number; id_item: number; body: OperacaoBody }> {
  const body = saleBody(f, { id_cliente: f.id_cliente }, quantidade);
  const res = await t.call('POST', '/operacao', body, cashier);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const id_pedido = res.json['id_pedido'] as number;
  const line = await sql<{ id: number }>('SELECT id_pedido_item AS id FROM pedido_item WHERE id_pedido = $1', [id_pedido]);
  return { id_pedido, id_item: line[0]!.id, body };
}

function returnBody(origin: { id_pedido_origem?: number; id_nota_fiscal_origem?: number }, id_item_origem: number, quantidade: number,
  fields: Partial<OperacaoBody> = {}): OperacaoBody {
  return {
    id_operacao: randomUUID(), modo_operacao: 'Devolucao', modelo: null, id_filial: f.id_filial, id_cliente: f.id_cliente,
    data_inicio: new Date().toISOString(),
    itens: [{
      id_item: randomUUID(), tipo_item: 'Produto', id_produto_grade_filial: f.product.id_produto_grade_filial,
      id_endereco_estoque: f.product.id_endereco_estoque, descricao: f.product.descricao, quantidade,
      valor_unitario: f.product.preco, id_item_origem,
    }],
    pagamentos: [], ...origin, ...fields,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.login('caixa@demo.com.br');
  other = await t.login('outra@demo.com.br');
  f = await loadSaleFixture(t.db);
  stranger = (await sql<{ id: number }>(
    `SELECT id_pessoa AS id FROM pessoa WHERE id_organization = (SELECT id_organization FROM pessoa WHERE id_pessoa = $1)
        AND id_pessoa <> $1 AND nome <> 'Consumidor Final' ORDER BY id_pessoa LIMIT 1`, [f.id_cliente]))[0]!.id;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.system((tx) => tx.query('UPDATE estoque SET quantidade = 50, quantidade_reserva = 0 WHERE id_estoque = $1', [f.product.id_estoque]));
});

describe('mode Devolucao', () => {
  it('gives part of a sale back: stock in, the return recorded against the order, credit generated once even when resent', async () => {
    const sale = await sellToCustomer(3);
    expect(await stockOf(f.product.id_estoque)).toBe(47);
    const before = await balance(f.id_cliente);
    const list = await t.call('POST', '/operacao/devolucao/vendas', { id_cliente: f.id_cliente }, cashier);
    expect(list.status).toBe(200);
    const listed = (list.json['rows'] as Array<Record<string, unknown>>).find((r) => r['origem'] === 'Pedido' && r['id'] === sale.id_pedido);
    expect(listed).toMatchObject({ troca_expirada: false, itens: [{ id_item_origem: sale.id_item, quantidade: 3, quantidade_devolvida: 0 }] });

    const body = returnBody({ id_pedido_origem: sale.id_pedido }, sale.id_item, 2);
    const res = await t.call('POST', '/operacao', body, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const credit = Math.round(f.product.preco * 2 * 100) / 100;
    expect(res.json).toMatchObject({ situacao: 'Processado', duplicado: false, valor_credito: credit });
    expect(res.json['saldo_credito']).toBeCloseTo(before + credit, 2);
    expect(await stockOf(f.product.id_estoque)).toBe(49);
    const movement = await sql<{ quantidade: string; origem: string }>(
      'SELECT quantidade::text AS quantidade, origem FROM movimentacao_estoque WHERE id_operacao = $1', [body.id_operacao]);
    expect(movement).toEqual([{ quantidade: '2.000', origem: 'Devolucao' }]);
    const history = await sql<{ tipo: string; operacao: string; valor: string; id_pessoa: number }>(
      'SELECT tipo, operacao, valor::text AS valor, id_pessoa FROM pessoa_conta_historico WHERE id_operacao = $1', [body.id_operacao]);
    expect(history).toEqual([{ tipo: 'Devolucao', operacao: 'Entrada', valor: credit.toFixed(2), id_pessoa: f.id_cliente }]);
    expect((await sql('SELECT situacao_devolucao_pedido AS s FROM pedido WHERE id_pedido = $1', [sale.id_pedido]))[0]).toEqual({ s: 'Parcial' });

    const again = await t.call('POST', '/operacao', body, cashier);
    expect(again.json).toEqual({ ...res.json, duplicado: true });
    expect(await count('pessoa_conta_historico WHERE id_operacao = $1', [body.id_operacao])).toBe(1);
    expect(await stockOf(f.product.id_estoque)).toBe(49);
    expect(await balance(f.id_cliente)).toBeCloseTo(before + credit, 2);

    const relisted = await t.call('POST', '/operacao/devolucao/vendas', { id_cliente: f.id_cliente, search: String(listed!['numero']) }, cashier);
    expect((relisted.json['rows'] as Array<Record<string, unknown>>)[0]).toMatchObject({ id: sale.id_pedido, itens: [{ quantidade_devolvida: 2 }] });
  });

  it('refuses more than sold minus already returned, and writes nothing', async () => {
    const sale = await sellToCustomer(3);
    expect((await t.call('POST', '/operacao', returnBody({ id_pedido_origem: sale.id_pedido }, sale.id_item, 2), cashier)).status).toBe(200);
    const stock = await stockOf(f.product.id_estoque);
    const body = returnBody({ id_pedido_origem: sale.id_pedido }, sale.id_item, 1.5);
    const res = await t.call('POST', '/operacao', body, cashier);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(`Quantidade a devolver de ${f.product.descricao} maior que a disponível para devolução (1,000).`);
    expect(await count('devolucao WHERE id_operacao = $1', [body.id_operacao])).toBe(0);
    expect(await count('operacao WHERE id_operacao = $1', [body.id_operacao])).toBe(0);
    expect(await stockOf(f.product.id_estoque)).toBe(stock);
    // The last unit may still go back.
    expect((await t.call('POST', '/operacao', { ...body, id_operacao: randomUUID(), itens: body.itens.map((i) => ({ ...i, quantidade: 1 })) }, cashier)).status).toBe(200);
    expect((await sql('SELECT situacao_devolucao_pedido AS s FROM pedido WHERE id_pedido = $1', [sale.id_pedido]))[0]).toEqual({ s: 'Total' });
  });

  it('refuses a sale past emission + dias_tolerancia_troca with the expiry date, on the server and in the list', async () => {
    const sale = await sellToCustomer(1);
    await sql(`UPDATE pedido SET data_cadastro = timestamptz '2026-01-10 15:00:00-03' WHERE id_pedido = $1`, [sale.id_pedido]);
    await sql('UPDATE filial_configuracao SET dias_tolerancia_troca = 7 WHERE id_filial = $1', [f.id_filial]);
    try {
      const res = await t.call('POST', '/operacao', returnBody({ id_pedido_origem: sale.id_pedido }, sale.id_item, 1), cashier);
      expect(res.status).toBe(400);
      expect(res.json['message']).toBe('Prazo de troca encerrado: a venda só podia ser devolvida até 17/01/2026. Devolução não permitida.');
      const list = await t.call('POST', '/operacao/devolucao/vendas', { id_cliente: f.id_cliente }, cashier);
      expect((list.json['rows'] as Array<Record<string, unknown>>).find((r) => r['id'] === sale.id_pedido && r['origem'] === 'Pedido'))
        .toMatchObject({ prazo_troca: '2026-01-17', troca_expirada: true });
    } finally {
      await sql('UPDATE filial_configuracao SET dias_tolerancia_troca = 30 WHERE id_filial = $1', [f.id_filial]);
    }
  });

  it('refuses without a customer, without an origin, with payments, and another customer\'s sale', async () => {
    const sale = await sellToCustomer(1);
    const base = returnBody({ id_pedido_origem: sale.id_pedido }, sale.id_item, 1);
    const cases: Array<[Partial<OperacaoBody>, string]> = [
      [{ id_cliente: null }, 'Informe um cliente para concluir a operação de devolução.'],
      [{ id_pedido_origem: null }, 'Selecione a venda ou nota fiscal de origem da devolução.'],
      [{ pagamentos: [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['01']!, valor_total: 1 }] }, 'A devolução gera crédito ao cliente e não recebe pagamentos.'],
      [{ id_cliente: stranger }, 'A venda de origem não pertence ao cliente informado.'],
      [{ itens: [{ ...(base.itens ?? [])[0]!, id_item_origem: 999_999 }] }, `O item ${f.product.descricao} não faz parte da venda de origem.`],
    ];
    for (const [fields, message] of cases) {
      const res = await t.call('POST', '/operacao', { ...base, id_operacao: randomUUID(), ...fields }, cashier);
      expect(res.status, message).toBe(400);
      expect(res.json['message']).toBe(message);
    }
    // A return without lines is refused by the body's refinement (only receipts and vouchers go without items).
    const empty = await t.call('POST', '/operacao', { ...base, id_operacao: randomUUID(), itens: [] }, cashier);
    expect(empty.status).toBe(400);
    expect(empty.json['complement']).toBe('itens: Adicione ao menos um item para concluir a operação.');
    expect(await count('devolucao WHERE id_pedido_origem = $1', [sale.id_pedido])).toBe(0);
  });

  it('returns part of an authorized NFC-e with a draft NF-e of finalidade 4 referencing its key, and credits the customer', async () => {
    const body = saleBody(f, { id_cliente: f.id_cliente, modelo: '65' }, 2);
    const sold = await t.call('POST', '/operacao', body, cashier);
    expect(sold.status, JSON.stringify(sold.json)).toBe(200);
    const id_nf = sold.json['id_nota_fiscal'] as number;
    const key = '35260112345678000190650010000012341000012345';
    // Authorization itself is the fiscal module's (fiscal.db.test.ts); here the invoice is marked as SEFAZ left it.
    await sql(`UPDATE nota_fiscal SET situacao = 'Autorizada', chave_acesso = $2, numero_nota_fiscal = 1234 WHERE id_nota_fiscal = $1`, [id_nf, key]);
    const line = (await sql<{ id: number }>('SELECT id_nota_fiscal_item AS id FROM nota_fiscal_item WHERE id_nota_fiscal = $1', [id_nf]))[0]!.id;
    const ret = returnBody({ id_nota_fiscal_origem: id_nf }, line, 1);
    const res = await t.call('POST', '/operacao', ret, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const draft = res.json['id_nota_fiscal'] as number;
    expect(draft).toBeGreaterThan(0);
    expect((await sql('SELECT modelo, situacao, operacao, tipo_nota, finalidade, id_cliente FROM nota_fiscal WHERE id_nota_fiscal = $1', [draft]))[0])
      .toEqual({ modelo: '55', situacao: 'EmEdicao', operacao: 'Entrada', tipo_nota: 'Devolucao', finalidade: 4, id_cliente: f.id_cliente });
    expect(await sql('SELECT chave_acesso FROM nota_fiscal_referenciada WHERE id_nota_fiscal = $1', [draft])).toEqual([{ chave_acesso: key }]);
    expect(await count('nota_fiscal_item WHERE id_nota_fiscal = $1', [draft])).toBe(1);
    expect(await sql('SELECT id_nota_fiscal, tipo FROM pessoa_conta_historico WHERE id_operacao = $1', [ret.id_operacao]))
      .toEqual([{ id_nota_fiscal: draft, tipo: 'Devolucao' }]);
  });
});

describe('paying with customer credit (Crédito em Loja)', () => {
  it('spends the balance, records saldo_pessoa_usado and makes no receivable; refuses above the balance writing nothing', async () => {
    const sale = await sellToCustomer(2);
    expect((await t.call('POST', '/operacao', returnBody({ id_pedido_origem: sale.id_pedido }, sale.id_item, 2), cashier)).status).toBe(200);
    const saldo = await balance(f.id_cliente);
    expect(saldo).toBeGreaterThanOrEqual(f.product.preco);

    const pay = saleBody(f, { id_cliente: f.id_cliente }, 1);
    pay.pagamentos = [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['21']!, valor_total: f.product.preco }];
    const res = await t.call('POST', '/operacao', pay, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json['saldo_pessoa_usado']).toBe(f.product.preco);
    expect(await balance(f.id_cliente)).toBeCloseTo(saldo - f.product.preco, 2);
    expect(await sql('SELECT saldo_pessoa_usado::float AS v FROM operacao WHERE id_operacao = $1', [pay.id_operacao])).toEqual([{ v: f.product.preco }]);
    expect(await count('documento_financeiro WHERE id_operacao = $1', [pay.id_operacao])).toBe(0);
    expect(await count("pessoa_conta_historico WHERE id_operacao = $1 AND operacao = 'Saida' AND tipo = 'Resgate'", [pay.id_operacao])).toBe(1);
    expect((await t.call('POST', '/operacao', pay, cashier)).json['duplicado']).toBe(true);
    expect(await balance(f.id_cliente)).toBeCloseTo(saldo - f.product.preco, 2);

    const left = await balance(f.id_cliente);
    const big = saleBody(f, { id_cliente: f.id_cliente }, 30);
    big.pagamentos = [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['21']!, valor_total: big.pagamentos[0]!.valor_total }];
    const stock = await stockOf(f.product.id_estoque);
    const refused = await t.call('POST', '/operacao', big, cashier);
    expect(refused.status).toBe(400);
    expect(refused.json['message']).toMatch(/^Saldo de crédito do cliente insuficiente\. Saldo disponível: R\$/);
    expect(await count('pedido WHERE id_operacao = $1', [big.id_operacao])).toBe(0);
    expect(await stockOf(f.product.id_estoque)).toBe(stock);
    expect(await balance(f.id_cliente)).toBe(left);
  });

  it('refuses credit of a customer without a credit account with the spec message', async () => {
    await sql('DELETE FROM pessoa_conta_corrente WHERE id_pessoa = $1', [stranger]);
    const pay = saleBody(f, { id_cliente: stranger }, 1);
    pay.pagamentos = [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['21']!, valor_total: f.product.preco }];
    const res = await t.call('POST', '/operacao', pay, cashier);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(MESSAGES.customerCreditNotFound);
  });
});

describe('mode Recebimento', () => {
  async function crediarioSale(): Promise<number[]> {
    const body = saleBody(f, { id_cliente: f.id_cliente }, 1);
    body.pagamentos = [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['05']!, valor_total: f.product.preco, quantidade_parcelas: 2 }];
    expect((await t.call('POST', '/operacao', body, cashier)).status).toBe(200);
    return (await sql<{ id: number }>('SELECT id_documento_financeiro AS id FROM documento_financeiro WHERE id_operacao = $1 ORDER BY sequencia', [body.id_operacao])).map((r) => r.id);
  }
  const receipt = (ids: number[], valor: number, fields: Partial<OperacaoBody> = {}): OperacaoBody => ({
    id_operacao: randomUUID(), modo_operacao: 'Recebimento', modelo: null, id_filial: f.id_filial, id_cliente: f.id_cliente,
    data_inicio: new Date().toISOString(), itens: [], documentos_financeiros: ids,
    pagamentos: [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['01']!, valor_total: valor }], ...fields,
  });

  it('lists the open receivables and pays the chosen ones off once, with change from cash', async () => {
    const ids = await crediarioSale();
    const list = await t.call('POST', '/operacao/recebimento/titulos', { id_cliente: f.id_cliente }, cashier);
    expect(list.status).toBe(200);
    const rows = list.json['rows'] as Array<{ id_documento_financeiro: number; saldo: number }>;
    const mine = rows.filter((r) => ids.includes(r.id_documento_financeiro));
    expect(mine).toHaveLength(2);
    const due = Math.round((mine[0]!.saldo + mine[1]!.saldo) * 100) / 100;
    const body = receipt(ids, due + 10);
    const res = await t.call('POST', '/operacao', body, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ valor_total: due, valor_troco: 10, documentos_financeiros: ids });
    expect(await sql('SELECT situacao, saldo::float AS saldo FROM documento_financeiro WHERE id_documento_financeiro = ANY($1) ORDER BY 1', [ids]))
      .toEqual([{ situacao: 'Quitado', saldo: 0 }, { situacao: 'Quitado', saldo: 0 }]);
    // Each one paid off has its launch (what /documentFinancial shows as paid), once, resend or not.
    const launches = () => sql<{ valor: number }>('SELECT valor::float AS valor FROM documento_financeiro_lancamento WHERE id_documento_financeiro = ANY($1) AND tipo = \'Baixa\' ORDER BY id_documento_financeiro', [ids]);
    expect((await launches()).map((l) => l.valor)).toEqual([mine[0]!.saldo, mine[1]!.saldo]);
    expect((await t.call('POST', '/operacao', body, cashier)).json).toEqual({ ...res.json, duplicado: true });
    expect(await launches()).toHaveLength(2);
    const second = await t.call('POST', '/operacao', receipt(ids, due), cashier);
    expect(second.status).toBe(400);
    expect(second.json['message']).toBe('Título não encontrado ou já recebido.');
    const relisted = (await t.call('POST', '/operacao/recebimento/titulos', { id_cliente: f.id_cliente }, cashier)).json['rows'] as Array<{ id_documento_financeiro: number }>;
    expect(relisted.filter((r) => ids.includes(r.id_documento_financeiro))).toEqual([]);
  });

  it('charges a late receivable its fine and interest of the receipt day, by the rule of /documentFinancial', async () => {
    const [first] = await crediarioSale();
    const [before] = await sql<{ m: string; d: number; j: string }>(
      'SELECT percentual_multa::text AS m, dias_para_multa AS d, percentual_juros::text AS j FROM filial_configuracao WHERE id_filial = $1', [f.id_filial]);
    // 2% fine after 5 days, 3% a month of interest; the instalment fell due 40 days ago, its balance R$ 100,00.
    await sql(`UPDATE filial_configuracao SET percentual_multa = 2, dias_para_multa = 5, percentual_juros = 3
                WHERE id_filial = $1`, [f.id_filial]);
    await sql(`UPDATE documento_financeiro SET valor_documento = 100, valor_atualizado = 100, saldo = 100,
                data_vencimento = (now() AT TIME ZONE 'America/Sao_Paulo')::date - 40 WHERE id_documento_financeiro = $1`, [first]);
    try {
      const rows = (await t.call('POST', '/operacao/recebimento/titulos', { id_cliente: f.id_cliente }, cashier)).json['rows'] as Array<Record<string, number>>;
      const late = rows.find((r) => r['id_documento_financeiro'] === first)!;
      // lateCharges: fine 2% of 100,00; interest 3% × 40/30 of 100,00.
      expect([late['saldo'], late['valor_multa'], late['valor_juros']]).toEqual([100, 2, 4]);
      // The balance alone does not pay it.
      const short = await t.call('POST', '/operacao', receipt([first!], 100), cashier);
      expect(short.status).toBe(400);
      expect(String(short.json['message'])).toMatch(/^O valor pago não cobre os títulos selecionados/);
      const res = await t.call('POST', '/operacao', receipt([first!], 110), cashier);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json).toMatchObject({ valor_total: 106, valor_troco: 4 });
      expect(await sql('SELECT situacao, saldo::float AS saldo FROM documento_financeiro WHERE id_documento_financeiro = $1', [first]))
        .toEqual([{ situacao: 'Quitado', saldo: 0 }]);
      expect(await sql(`SELECT valor::float AS valor, valor_baixado::float AS baixado, valor_juros::float AS juros, valor_multa::float AS multa,
                               id_conta FROM documento_financeiro_lancamento WHERE id_documento_financeiro = $1 AND tipo = 'Baixa'`, [first]))
        .toEqual([{ valor: 106, baixado: 100, juros: 4, multa: 2, id_conta: null }]);
    } finally {
      await sql('UPDATE filial_configuracao SET percentual_multa = $2, dias_para_multa = $3, percentual_juros = $4 WHERE id_filial = $1',
        [f.id_filial, before!.m, before!.d, before!.j]);
    }
  });

  it('refuses items, a short payment, credit payments and another customer\'s receivables, writing nothing', async () => {
    const ids = await crediarioSale();
    const sale = saleBody(f);
    const cases: Array<[OperacaoBody, string]> = [
      [receipt(ids, 1000, { itens: sale.itens }), 'Não é possível inserir itens na operação de recebimento.'],
      [receipt(ids, 0.01), 'O valor pago não cobre os títulos selecionados.'],
      [receipt([], 10), 'Selecione ao menos um título para receber.'],
      [receipt(ids, 10, { id_cliente: null }), 'Informe um cliente para concluir a operação de recebimento.'],
      [receipt(ids, 10, { id_cliente: stranger }), 'O título não pertence ao cliente informado.'],
      [receipt(ids, 1000, { pagamentos: [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['21']!, valor_total: 1000 }] }),
        'O crédito do cliente não pode pagar um recebimento.'],
    ];
    for (const [body, message] of cases) {
      const res = await t.call('POST', '/operacao', body, cashier);
      expect(res.status, message).toBe(400);
      expect(String(res.json['message']).startsWith(message), `${message} / ${String(res.json['message'])}`).toBe(true);
    }
    expect(await count("documento_financeiro WHERE id_documento_financeiro = ANY($1) AND situacao = 'Aberto'", [ids])).toBe(2);
  });
});

describe('lists of the return and receipt modes', () => {
  it('another organization sees none of the customer\'s sales, receivables or credit (404 as a missing customer)', async () => {
    for (const path of ['/operacao/devolucao/vendas', '/operacao/recebimento/titulos', '/operacao/credito/saldo']) {
      const res = await t.call('POST', path, { id_cliente: f.id_cliente }, other);
      expect(res.status, path).toBe(404);
      expect((await t.call('POST', path, { id_cliente: f.id_cliente }, cashier)).status, path).toBe(200);
    }
  });

  it('another branch of the same organization does not list this branch\'s sales and receivables', async () => {
    await sellToCustomer(1);
    const branch2 = await t.login('filial2@demo.com.br');
    const sales = await t.call('POST', '/operacao/devolucao/vendas', { id_cliente: f.id_cliente }, branch2);
    expect(sales.status).toBe(200);
    const mine = await sql<{ id: number }>('SELECT id_filial AS id FROM filial WHERE id_filial <> $1 AND id_organization = (SELECT id_organization FROM filial WHERE id_filial = $1)', [f.id_filial]);
    expect(mine.length).toBeGreaterThan(0);
    const ids = (sales.json['rows'] as Array<{ id: number; origem: string }>).map((r) => r.id);
    const ofBranch1 = await sql<{ id: number }>('SELECT id_pedido AS id FROM pedido WHERE id_filial = $1 AND id_cliente = $2', [f.id_filial, f.id_cliente]);
    expect(ids.filter((id) => ofBranch1.some((o) => o.id === id))).toEqual([]);
  });
});
