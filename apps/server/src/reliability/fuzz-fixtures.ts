/**
 * What the fuzz test needs from the demo database: real ids to favour (so generated bodies reach the handlers'
 * business rules instead of stopping at "not found") and a known-good body per route to mutate.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { RouteName } from '@pdv/contract/routes';
import type { TestApp } from '../testing/app.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../testing/sale.ts';

export interface FuzzFixture {
  sale: SaleFixture;
  hints: Record<string, fc.Arbitrary<unknown>>;
  bases: Partial<Record<RouteName, unknown>>;
}

const JUSTIFICATIVA = 'Justificativa de teste com tamanho suficiente';

export async function loadFuzzFixture(t: TestApp, token: string): Promise<FuzzFixture> {
  const sale = await loadSaleFixture(t.db);
  const one = async (sql: string) => {
    const { rows } = await t.db.system((tx) => tx.query<{ id: number }>(sql));
    if (!rows[0]) throw new Error(`fuzz fixture: nothing for ${sql}`);
    return rows.map((r) => r.id);
  };
  const org = `(SELECT id_organization FROM organization WHERE nome = 'Demo Moda')`;
  const branches = await one(`SELECT id_filial AS id FROM filial ORDER BY id_organization, id_filial`);
  const users = await one(`SELECT id_usuario AS id FROM usuario WHERE email IN ('caixa@demo.com.br', 'filial2@demo.com.br') ORDER BY 1`);
  const profiles = await one(`SELECT id_perfil AS id FROM perfil WHERE id_organization = ${org} ORDER BY 1`);
  const products = await one(`SELECT id_produto AS id FROM produto WHERE id_organization = ${org} ORDER BY 1 LIMIT 5`);
  const customers = await one(`SELECT id_pessoa AS id FROM pessoa WHERE id_organization = ${org} ORDER BY 1 LIMIT 5`);
  const operators = await one(`SELECT id_operadora_cartao AS id FROM operadora_cartao WHERE id_organization = ${org} ORDER BY 1`);
  const seriesIds = await one(`SELECT id_serie_fiscal AS id FROM serie_fiscal WHERE id_filial = ${sale.id_filial} ORDER BY 1`);
  const scenarios = await one(`SELECT id_cenario_fiscal AS id FROM cenario_fiscal WHERE id_organization = ${org} ORDER BY 1`);
  const [serie55] = await one(`SELECT id_serie_fiscal AS id FROM serie_fiscal WHERE id_filial = ${sale.id_filial} AND codigo_modelo = '55'`);
  const [recipient] = await one(`SELECT p.id_pessoa AS id FROM pessoa p JOIN pessoa_endereco e USING (id_organization, id_pessoa)
    WHERE p.id_organization = ${org} AND e.id_cidade IS NOT NULL ORDER BY p.id_pessoa LIMIT 1`);

  // Stock for the sales the fuzzing makes (negative-stock control stays as the demo has it).
  await t.db.system((tx) => tx.query('UPDATE estoque SET quantidade = 1000000, quantidade_reserva = 0 WHERE id_estoque = ANY($1)',
    [[sale.product.id_estoque, sale.second.id_estoque]]));

  // Drafts to act on: an NFC-e from a sale, NF-e drafts from /invoice/post (two of them only for /invoice/delete).
  const nfce = await t.call('POST', '/operacao', saleBody(sale, { modelo: '65' }), token);
  if (nfce.status !== 200) throw new Error(`fuzz fixture: NFC-e sale refused ${JSON.stringify(nfce.json)}`);
  const invoiceBase = {
    modelo: '55', id_serie_fiscal: serie55, natureza_operacao: 'Venda de mercadoria', id_cliente: recipient,
    itens: [{ id_produto_grade_filial: sale.product.id_produto_grade_filial, id_endereco_estoque: sale.product.id_endereco_estoque,
      quantidade: 1, valor_unitario: sale.product.preco }],
    pagamentos: [{ id_meio_pagamento: sale.methods['01']!, valor_total: sale.product.preco }],
  };
  const drafts: number[] = [];
  for (let i = 0; i < 4; i += 1) {
    const res = await t.call('POST', '/invoice/post', invoiceBase, token);
    if (res.status !== 200) throw new Error(`fuzz fixture: invoice draft refused ${JSON.stringify(res.json)}`);
    drafts.push(res.json['id_nota_fiscal'] as number);
  }
  const invoices = [nfce.json['id_nota_fiscal'] as number, drafts[0]!, drafts[1]!];
  const sold = (nfce.json['id_operacao'] as string | undefined) ?? randomUUID();

  const pick = <T>(values: T[]) => fc.constantFrom(...values);
  const hints: Record<string, fc.Arbitrary<unknown>> = {
    id_filial: pick(branches),
    id_usuario: pick(users),
    id_perfil: pick(profiles),
    id_produto: pick(products),
    id_produto_grade_filial: pick([sale.product.id_produto_grade_filial, sale.second.id_produto_grade_filial]),
    id_endereco_estoque: pick([sale.product.id_endereco_estoque, sale.second.id_endereco_estoque]),
    id_meio_pagamento: pick(Object.values(sale.methods)),
    id_cliente: pick(customers),
    id_operadora_cartao: pick(operators),
    id_serie_fiscal: pick(seriesIds),
    id_cenario_fiscal: pick(scenarios),
    id_nota_fiscal: pick(invoices),
    id_invoice: pick(drafts.slice(2)),
    list_ids_invoice: fc.subarray(invoices),
    email: pick(['gerente@demo.com.br', 'caixa@demo.com.br']),
    senha: pick(['demo1234']),
    password: pick(['demo1234']),
    permission: pick(['FncListarFilial', 'FncPontoVenda']),
    id: pick([sold]),
  };

  const bases: Partial<Record<RouteName, unknown>> = {
    login: { email: 'gerente@demo.com.br', senha: 'demo1234' },
    setActiveBranch: { id_filial: sale.id_filial },
    validateUserCredential: { email: 'gerente@demo.com.br', password: 'demo1234', permission: 'FncListarFilial' },
    branchFind: { search: '', skip: 0, take: 20 },
    branchFindById: { id_filial: sale.id_filial },
    userFind: { search: '', skip: 0, take: 20 },
    userFindById: { id_usuario: users[0] },
    userSituacao: { id_usuario: users[0], situacao: 'Ativo' },
    profileFind: { search: '', skip: 0, take: 20 },
    profileFindById: { id_perfil: profiles[0] },
    productUpdate: { id_produto: products[0], descricao: 'Produto alterado', preco_venda: 10.5, preco_atacado: 9.9, situacao: 'Ativo' },
    priceHistoryList: { id_produto_grade_filial: sale.product.id_produto_grade_filial },
    operacao: saleBody(sale),
    invoiceFind: { search: '', skip: 0, take: 20, filter: { situacao: 'EmEdicao', modelo: '55', data_inicio: '2024-01-01', data_fim: '2030-12-31' }, order: 'desc', column: 'data_hora_emissao' },
    invoiceListValues: { filter: { modelo: '65', data_inicio: '2024-01-01', data_fim: '2030-12-31' } },
    invoiceFindById: { id_nota_fiscal: invoices[0] },
    invoiceFindByKey: { chave_acesso: '3'.repeat(44) },
    invoiceOperationFind: { id: sold },
    invoicePost: invoiceBase,
    invoicePut: { ...invoiceBase, id_nota_fiscal: drafts[1] },
    invoiceDelete: { id_invoice: drafts[2] },
    nfeTransmitir: { id_nota_fiscal: invoices[0] },
    nfeImprimir: { id_nota_fiscal: invoices[0] },
    satSaleData: { id_nota_fiscal: invoices[0] },
    satCancelData: { id_nota_fiscal: invoices[0] },
    satRecord: { id_nota_fiscal: invoices[0], resposta: { Codigo: '99999', Mensagem: 'SAT não respondeu', NumeroDocFiscal: null, ChaveConsulta: null,
      TimeStamp: null, AssinaturaQRCODE: null, NumeroSessao: '123456', ValorTotalCFe: null, ArquivoCFeSAT: null } },
    satRecordCancel: { id_nota_fiscal: invoices[0], resposta: { Codigo: '99999', Mensagem: 'SAT não respondeu', NumeroDocFiscal: null, ChaveConsulta: null,
      TimeStamp: null, AssinaturaQRCODE: null, NumeroSessao: '123456', ValorTotalCFe: null, ArquivoCFeSAT: null } },
    nfeConsultar: { id_nota_fiscal: invoices[0] },
    nfeCancelar: { id_nota_fiscal: invoices[0], justificativa: JUSTIFICATIVA },
    nfeCartaCorrecao: { id_nota_fiscal: drafts[0], texto_correcao: 'Correção do endereço de entrega do cliente' },
    nfeInutilizar: { id_nota_fiscal: drafts[1], justificativa: JUSTIFICATIVA },
    nfeInutilizarFaixa: { serie: 1, modelo: '65', numeracaoInicial: 900, numeracaoFinal: 901, justificativa: JUSTIFICATIVA, id_filial: sale.id_filial },
    nfeRequestList: { list_ids_invoice: invoices },
    nfeCancelarLista: { list_ids_invoice: invoices, justificativa: JUSTIFICATIVA },
    nfeContingencia: {},
  };
  return { sale, hints, bases };
}

/** Bodies that are not JSON, or not acceptable JSON, or too big, sent to every route besides the generated ones. */
export function malformedCases(): Array<{ name: string; payload: string | Buffer; contentType: string | null }> {
  const json = 'application/json';
  const cases: Array<{ name: string; payload: string | Buffer; contentType: string | null }> = [
    ...[
      '{"id": ', '{', '}', '{"a":1,}', "{'a':1}", '{"a":NaN}', '{"a":Infinity}', '{"a":undefined}', '{"a":01}', '{"a":1}lixo',
      '{"a":1}{"b":2}', '\uFEFF{"a":1', '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"isAdmin":true}}}',
      '['.repeat(100_000), '['.repeat(10_000) + ']'.repeat(10_000), '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000),
      '{"a":"\\ud800"}', '{"a":"\\u0000"}', '', '   ', 'null', '"texto"', '[1,2]', '42', 'true', '{"a":1e400}',
    ].map((p) => ({ name: p.length > 40 ? `${p.slice(0, 20)}… (${p.length} chars)` : p, payload: p, contentType: json })),
    { name: 'invalid UTF-8', payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]), contentType: json },
    { name: 'text/plain', payload: '{"a":1}', contentType: 'text/plain' },
    { name: 'form', payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    { name: 'multipart', payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--', contentType: 'multipart/form-data; boundary=x' },
    { name: 'utf-16 charset', payload: '{"a":1}', contentType: 'application/json; charset=utf-16' },
    { name: 'no content-type', payload: '{"a":1}', contentType: null },
    { name: 'oversized (1.1 MB)', payload: `{"a":"${'a'.repeat(1_100_000)}"}`, contentType: json },
    { name: 'oversized (5 MB of nesting)', payload: '['.repeat(5_000_000), contentType: json },
  ];
  return cases;
}
