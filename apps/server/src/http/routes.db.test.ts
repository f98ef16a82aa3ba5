/**
 * Tests generated from the contract's route table, so a new route is covered without anyone remembering:
 * tenant isolation on every route that takes an id, 401 without a valid token, 403 without the permission, and
 * 400 (never 500) for malformed bodies.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routes, type RouteDef, type RouteName } from '@pdv/contract/routes';
import type { RegisterDescriptor } from '@pdv/contract/registers/descriptor';
import { REGISTERS } from '@pdv/contract/registers/index';
import { MESSAGES } from '@pdv/domain/messages';
import { hashPassword } from '../modules/auth/password.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../testing/sale.ts';
import { validBody } from '../testing/registers.ts';
import { expectOk } from '../testing/routes.ts';
import { OWNER_CHECK_ELSEWHERE } from '../testing/route-proofs.ts';
import { productTabSample, seedProductTabIds } from '../testing/product-tabs.ts';

let t: TestApp;
let manager: string;
let other: string;
/** A user whose permission list is empty: every guarded route must refuse it. */
let noPermissions: string;
let sale: SaleFixture;
/** Ids of rows of the demo organization, per id field of the route table. */
const demoIds: Record<string, number> = {};
/** The UUID of the demo manager's till shift (cashierEvent names it). */
const demoShift = randomUUID();

const all = Object.entries(routes) as Array<[RouteName, RouteDef]>;
const sessionRoutes = all.filter(([, def]) => def.auth === 'session');

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
  sale = await loadSaleFixture(t.db);
  const hash = await hashPassword('demo1234');
  await t.db.system(async (tx) => {
    const org = (await tx.query<{ id: number }>(`SELECT id_organization AS id FROM organization WHERE nome = 'Demo Moda'`)).rows[0]!.id;
    const empresa = (await tx.query<{ id: number }>('SELECT id_empresa AS id FROM empresa WHERE id_organization = $1', [org])).rows[0]!.id;
    const perfil = (await tx.query<{ id: number }>(
      `INSERT INTO perfil (id_organization, id_empresa, descricao) VALUES ($1, $2, 'Sem permissões') RETURNING id_perfil AS id`, [org, empresa])).rows[0]!.id;
    const pf = (await tx.query<{ id: number }>(
      'INSERT INTO perfil_filial (id_organization, id_perfil, id_filial) VALUES ($1, $2, $3) RETURNING id_perfil_filial AS id',
      [org, perfil, sale.id_filial])).rows[0]!.id;
    const user = (await tx.query<{ id: number }>(
      `INSERT INTO usuario (id_organization, nome, email) VALUES ($1, 'Sem Acesso', 'semacesso@demo.com.br') RETURNING id_usuario AS id`, [org])).rows[0]!.id;
    await tx.query('INSERT INTO perfil_filial_usuario (id_organization, id_usuario, id_perfil_filial, is_principal) VALUES ($1, $2, $3, true)', [org, user, pf]);
    await tx.query('INSERT INTO login (email, id_organization, id_usuario, senha_hash) VALUES ($1, $2, $3, $4)', ['semacesso@demo.com.br', org, user, hash]);
  });
  noPermissions = await t.login('semacesso@demo.com.br');
  await t.db.system(async (tx) => {
    const one = async (sql: string) => {
      const { rows } = await tx.query<{ id: number }>(sql);
      if (!rows[0]) throw new Error(sql);
      return rows[0].id;
    };
    demoIds['id_filial'] = await one(`SELECT id_filial AS id FROM filial f JOIN organization o USING (id_organization)
      WHERE o.nome = 'Demo Moda' AND codigo_filial = '1'`);
    demoIds['id_usuario'] = await one(`SELECT id_usuario AS id FROM usuario WHERE email = 'gerente@demo.com.br'`);
    demoIds['id_produto'] = await one(`SELECT id_produto AS id FROM produto p JOIN organization o USING (id_organization)
      WHERE o.nome = 'Demo Moda' ORDER BY id_produto LIMIT 1`);
    demoIds['id_unidade_medida'] = await one(`SELECT id_unidade_medida AS id FROM unidade_medida u JOIN organization o USING (id_organization)
      WHERE o.nome = 'Demo Moda' ORDER BY id_unidade_medida LIMIT 1`);
    demoIds['id_marca'] = await one(`SELECT id_marca AS id FROM marca m JOIN organization o USING (id_organization)
      WHERE o.nome = 'Demo Moda' ORDER BY id_marca LIMIT 1`);
    // The configuration of the manager's active branch (a branch-scoped register: the caller's active branch only).
    demoIds['id_filial_configuracao'] = await one(`SELECT c.id_filial_configuracao AS id FROM filial_configuracao c
      JOIN usuario u ON u.id_organization = c.id_organization AND u.id_filial_ativa = c.id_filial WHERE u.email = 'gerente@demo.com.br'`);
    demoIds['id_produto_grade'] = await one(`SELECT id_produto_grade AS id FROM produto_grade g JOIN organization o USING (id_organization)
      WHERE o.nome = 'Demo Moda' ORDER BY id_produto_grade LIMIT 1`);
    demoIds['id_organization'] = await one(`SELECT id_organization AS id FROM organization WHERE nome = 'Demo Moda'`);
    // An e-mail account of branch 1 whose server refuses connections (its test send is proven in branch.db.test.ts).
    demoIds['id_filial_email'] = await one(`INSERT INTO filial_email (id_organization, id_filial, email, servidor_smtp, porta, seguranca)
      SELECT id_organization, id_filial, 'loja@demo.com.br', '127.0.0.1', 1, 'Nenhuma' FROM filial f JOIN organization o USING (id_organization)
       WHERE o.nome = 'Demo Moda' AND codigo_filial = '1' RETURNING id_filial_email AS id`);
    demoIds['id_perfil'] = await one(`SELECT id_perfil AS id FROM perfil p JOIN organization o USING (id_organization)
      WHERE o.nome = 'Demo Moda' AND descricao = 'Gerente'`);
    // The settings registers (issue 19): the branch's NFC-e series, a scenario, a stock address, and a movement type,
    // an additional information and a device of the demo organization.
    demoIds['id_serie_fiscal'] = await one(`SELECT id_serie_fiscal AS id FROM serie_fiscal WHERE id_filial = ${demoIds['id_filial']}
      AND codigo_modelo = '65'`);
    demoIds['id_cenario_fiscal'] = await one(`SELECT id_cenario_fiscal AS id FROM cenario_fiscal c JOIN organization o USING (id_organization)
      WHERE o.nome = 'Demo Moda' ORDER BY id_cenario_fiscal LIMIT 1`);
    demoIds['id_endereco_estoque'] = await one(`SELECT id_endereco_estoque AS id FROM endereco_estoque WHERE id_filial = ${demoIds['id_filial']}
      ORDER BY id_endereco_estoque LIMIT 1`);
    demoIds['id_tipo_movimentacao_estoque'] = await one(`INSERT INTO tipo_movimentacao_estoque (id_organization, codigo, descricao, operacao)
      SELECT id_organization, 'AJE', 'Ajuste de entrada', 'Entrada' FROM filial WHERE id_filial = ${demoIds['id_filial']}
      RETURNING id_tipo_movimentacao_estoque AS id`);
    demoIds['id_informacao_adicional'] = await one(`INSERT INTO informacao_adicional (id_organization, descricao, mensagem)
      SELECT id_organization, 'Procon', 'Procon-SP' FROM filial WHERE id_filial = ${demoIds['id_filial']}
      RETURNING id_informacao_adicional AS id`);
    demoIds['id_dispositivo'] = await one(`INSERT INTO dispositivo (id_organization, id_filial, descricao)
      SELECT id_organization, id_filial, 'Caixa 1' FROM filial WHERE id_filial = ${demoIds['id_filial']} RETURNING id_dispositivo AS id`);
    // A payable of branch 1 with one discharge (finance: documents and their launches).
    demoIds['id_documento_financeiro'] = await one(`INSERT INTO documento_financeiro (id_organization, id_filial, numero, operacao,
        valor_documento, valor_atualizado, saldo, situacao, data_vencimento)
      SELECT id_organization, id_filial, 'ROTAS-1', 'Saida', 100, 100, 60, 'Parcial', CURRENT_DATE FROM filial WHERE id_filial = ${demoIds['id_filial']}
      RETURNING id_documento_financeiro AS id`);
    demoIds['id_documento_financeiro_lancamento'] = await one(`INSERT INTO documento_financeiro_lancamento (id_organization,
        id_documento_financeiro, id_filial, valor, valor_baixado)
      SELECT id_organization, ${demoIds['id_documento_financeiro']}, id_filial, 40, 40 FROM filial WHERE id_filial = ${demoIds['id_filial']}
      RETURNING id_documento_financeiro_lancamento AS id`);
    // A draft stock document of branch 1 (stock module: stock documents).
    demoIds['id_documento_estoque'] = await one(`INSERT INTO documento_estoque (id_organization, id_filial, id_tipo_movimentacao_estoque, operacao,
        data_documento, id_usuario)
      SELECT f.id_organization, f.id_filial, ${demoIds['id_tipo_movimentacao_estoque']}, 'Entrada', CURRENT_DATE, ${demoIds['id_usuario']}
        FROM filial f WHERE f.id_filial = ${demoIds['id_filial']} RETURNING id_documento_estoque AS id`);
    // The demo inventory of branch 1 (seeded; inventory module).
    demoIds['id_inventario'] = await one(`SELECT id_inventario AS id FROM inventario WHERE id_filial = ${demoIds['id_filial']}
      ORDER BY id_inventario LIMIT 1`);
    // A boleto of branch 1 in a remessa, of the Itaú account's configuration (finance: boletos).
    demoIds['id_configuracao_boleto'] = await one(`INSERT INTO configuracao_boleto (id_organization, descricao, id_conta)
      SELECT c.id_organization, 'Rotas', c.id_conta FROM conta_bancaria c JOIN filial f USING (id_organization)
       WHERE f.id_filial = ${demoIds['id_filial']} AND c.id_banco = 341 RETURNING id_configuracao_boleto AS id`);
    demoIds['id_boleto_remessa'] = await one(`INSERT INTO boleto_remessa (id_organization, id_filial, id_conta, sequencia, cnab, nome_arquivo, conteudo, quantidade)
      SELECT id_organization, ${demoIds['id_filial']}, id_conta, 900, '400', 'ROTAS.REM', 'x', 1 FROM configuracao_boleto WHERE id_configuracao_boleto = ${demoIds['id_configuracao_boleto']}
      RETURNING id_boleto_remessa AS id`);
    demoIds['id_boleto'] = await one(`INSERT INTO boleto (id_organization, id_filial, id_documento_financeiro, id_configuracao_boleto, id_conta,
        situacao, nosso_numero, nosso_numero_banco, codigo_barra, linha_digitavel, data_vencimento, valor, nome_sacado, tipo_sacado, cnpj_cpf,
        logradouro, numero, bairro, cidade, uf, cep, numero_documento, id_boleto_remessa)
      SELECT c.id_organization, ${demoIds['id_filial']}, ${demoIds['id_documento_financeiro']}, c.id_configuracao_boleto, c.id_conta,
        'RemessaGerada', 900000, '109/00900000-0', '34191000000000000000000000000000000000000000', '34191.00000 00000.000000 00000.000000 1 00000000000000',
        CURRENT_DATE, 60, 'Pagador', 'F', '52998224725', 'Rua A', '1', 'Centro', 'São Paulo', 'SP', '01001000', 'ROTAS-1', ${demoIds['id_boleto_remessa']}
        FROM configuracao_boleto c WHERE c.id_configuracao_boleto = ${demoIds['id_configuracao_boleto']} RETURNING id_boleto AS id`);
  });
  // Every register's id: a live row of the demo organization, written by its create route when the seed has none (a new
  // register needs no line here).
  for (const d of REGISTERS as readonly RegisterDescriptor[]) {
    if (demoIds[d.id] !== undefined) continue;
    const found = await t.db.system(async (tx) =>
      (await tx.query<{ id: number }>(
        `SELECT r.${d.id} AS id FROM ${d.table} r JOIN organization o USING (id_organization)
          WHERE o.nome = 'Demo Moda' AND r.data_exclusao IS NULL ORDER BY r.${d.id} LIMIT 1`,
      )).rows[0]?.id,
    );
    demoIds[d.id] = found ?? ((await t.call('POST', `${d.path}/create`, await validBody(t, d, 1, manager), manager)).json[d.id] as number);
  }
  await seedProductTabIds(t, demoIds);
  // An invoice of the demo organization (the NFC-e draft of a sale).
  const nfce = await t.call('POST', '/operacao', saleBody(sale, { modelo: '65' }), manager);
  demoIds['id_nota_fiscal'] = nfce.json['id_nota_fiscal'] as number;
  demoIds['id_invoice'] = demoIds['id_nota_fiscal'];
  // A till shift of the demo manager in branch 1 (its events name it by its UUID).
  const shift = await t.call('POST', '/cashier/event', { id_evento: randomUUID(), tipo: 'Abertura', uuid_caixa: demoShift,
    id_filial: sale.id_filial, data: new Date().toISOString(), valor: 10 }, manager);
  demoIds['id_caixa'] = (shift.json['caixa'] as { id_caixa: number }).id_caixa;
  // An order of the demo organization (a pre-sale).
  demoIds['id_pedido'] = (await t.call('POST', '/operacao', saleBody(sale), manager)).json['id_pedido'] as number;
  await t.db.system(async (tx) => {
    const nf = demoIds['id_nota_fiscal'];
    demoIds['id_nota_fiscal_item'] = (await tx.query<{ id: number }>(
      'SELECT id_nota_fiscal_item AS id FROM nota_fiscal_item WHERE id_nota_fiscal = $1 LIMIT 1', [nf])).rows[0]!.id;
    demoIds['id_nota_fiscal_pagamento'] = (await tx.query<{ id: number }>(
      'SELECT id_nota_fiscal_pagamento AS id FROM nota_fiscal_pagamento WHERE id_nota_fiscal = $1 LIMIT 1', [nf])).rows[0]!.id;
    demoIds['id_nota_referenciada'] = (await tx.query<{ id: number }>(
      `INSERT INTO nota_fiscal_referenciada (id_organization, id_nota_fiscal, chave_acesso, modelo)
       SELECT id_organization, id_nota_fiscal, '35180834128745000152550010000474281920007498', '55' FROM nota_fiscal
        WHERE id_nota_fiscal = $1 RETURNING id_nota_referenciada AS id`, [nf])).rows[0]!.id;
    // Orders and gift cards: the pre-sale's number, a customer, and a voucher of the demo organization.
    demoIds['nsu'] = (await tx.query<{ id: number }>('SELECT nsu AS id FROM pedido WHERE id_pedido = $1', [demoIds['id_pedido']])).rows[0]!.id;
    demoIds['id_produto_grade_filial'] = sale.product.id_produto_grade_filial;
    demoIds['id_pessoa'] = sale.id_cliente;
    demoIds['id_people'] = sale.id_cliente;
    demoIds['id_cliente'] = sale.id_cliente;
    demoIds['id_vale_credito'] = (await tx.query<{ id: number }>(
      `INSERT INTO vale_credito (id_organization, id_filial, codigo, id_pessoa, valor, saldo, id_usuario)
       SELECT id_organization, id_filial, 'DEMO0001', $2, 50, 50, id_usuario FROM pedido WHERE id_pedido = $1
       RETURNING id_vale_credito AS id`, [demoIds['id_pedido'], sale.id_cliente])).rows[0]!.id;
    // A supervisor authorization the manager asked for in branch 1 (pending).
    demoIds['id_autorizacao'] = (await tx.query<{ id: number }>(
      `INSERT INTO autorizacao (id_organization, id_filial, permissao, id_usuario_solicitacao)
       SELECT id_organization, id_filial, 'FncAutorizarCreditoGerencial', $2 FROM pedido WHERE id_pedido = $1
       RETURNING id_autorizacao AS id`, [demoIds['id_pedido'], demoIds['id_usuario']])).rows[0]!.id;
    // Order parts: the pre-sale's line and payment, and a volume of it.
    demoIds['id_pedido_item'] = (await tx.query<{ id: number }>(
      'SELECT id_pedido_item AS id FROM pedido_item WHERE id_pedido = $1 LIMIT 1', [demoIds['id_pedido']])).rows[0]!.id;
    demoIds['id_pedido_pagamento'] = (await tx.query<{ id: number }>(
      'SELECT id_pedido_pagamento AS id FROM pedido_pagamento WHERE id_pedido = $1 LIMIT 1', [demoIds['id_pedido']])).rows[0]!.id;
    demoIds['id_volume'] = (await tx.query<{ id: number }>(
      `INSERT INTO volume (id_organization, id_pedido, quantidade, peso_liquido, peso_bruto)
       SELECT id_organization, id_pedido, 1, 1, 1 FROM pedido WHERE id_pedido = $1 RETURNING id_volume AS id`, [demoIds['id_pedido']])).rows[0]!.id;
    // Service-order parts: a service line, an object and an image of it, on the same order.
    demoIds['id_pedido_servico'] = (await tx.query<{ id: number }>(
      `INSERT INTO pedido_servico (id_organization, id_pedido, descricao, quantidade, valor_unitario, valor_sub_total, valor_total)
       SELECT id_organization, id_pedido, 'Reparo', 1, 10, 10, 10 FROM pedido WHERE id_pedido = $1 RETURNING id_pedido_servico AS id`,
      [demoIds['id_pedido']])).rows[0]!.id;
    demoIds['id_pedido_objeto'] = (await tx.query<{ id: number }>(
      `INSERT INTO pedido_objeto (id_organization, id_pedido, descricao)
       SELECT id_organization, id_pedido, 'Relógio' FROM pedido WHERE id_pedido = $1 RETURNING id_pedido_objeto AS id`,
      [demoIds['id_pedido']])).rows[0]!.id;
    demoIds['id_pedido_objeto_imagem'] = (await tx.query<{ id: number }>(
      `INSERT INTO pedido_objeto_imagem (id_organization, id_pedido_objeto, id_pedido, nome, mime, tamanho, caminho, conteudo)
       SELECT id_organization, $2, id_pedido, 'a.jpg', 'image/jpeg', 3, 'teste/a.jpg', '\\xffd8ff'::bytea FROM pedido WHERE id_pedido = $1
       RETURNING id_pedido_objeto_imagem AS id`, [demoIds['id_pedido'], demoIds['id_pedido_objeto']])).rows[0]!.id;
  });
});
afterAll(async () => {
  await t.close();
});

/** A valid body for a route, with the id fields set to the given value. */
function bodyFor(name: RouteName, idValue: number): Record<string, unknown> {
  if (name === 'operacao') return { ...saleBody(sale), id_filial: idValue };
  if (name === 'cashierEvent') {
    return { id_evento: randomUUID(), tipo: 'Suprimento', uuid_caixa: demoShift, id_filial: idValue, data: new Date().toISOString(), valor: 1,
      observacao: 'Troco' };
  }
  const body: Record<string, unknown> = {};
  for (const field of routes[name].idFields ?? []) body[field] = idValue;
  if (name.endsWith('Situacao')) body['situacao'] = 'Ativo';
  Object.assign(body, productTabSample(name, demoIds));
  if (name === 'validateUserCredential') Object.assign(body, { email: 'gerente@demo.com.br', password: 'x', permission: 'X' });
  if (name === 'nfeCancelar' || name === 'nfeInutilizar') body['justificativa'] = 'Justificativa de teste com tamanho';
  if (name === 'nfeCartaCorrecao') body['texto_correcao'] = 'Correção de teste com tamanho';
  if (name === 'invoicePut') Object.assign(body, { modelo: '55', natureza_operacao: 'Venda' });
  if (name === 'invoiceItemPost') Object.assign(body, { quantidade: 1, valor_unitario: 10 });
  if (name === 'invoicePaymentPost') Object.assign(body, { valor_total: 10 });
  if (name === 'orderFindByNsu') body['nsu'] = demoIds['nsu'] ?? 1;
  if (name === 'stockMovementUpdate') Object.assign(body, { id_tipo_movimentacao_estoque: demoIds['id_tipo_movimentacao_estoque'], itens: [] });
  if (name === 'inventoryUpdate') body['descricao'] = 'Contagem de teste';
  if (name === 'giftCardSell') Object.assign(body, { valor: 10, observacao: 'Crédito de teste' });
  if (name === 'giftCardCancel') body['motivo_cancelamento'] = 'Cancelado no teste';
  if (name === 'orderItemUpdate') body['quantidade'] = 1;
  if (name === 'demandUpdate') body['situacao'] = 'Cancelado';
  if (name === 'demandRetorno') body['conteudo'] = '02RETORNO';
  if (name === 'demandConnectorRemessaRecord') Object.assign(body, { numero_remessa: 1, data_geracao: '2026-01-01', hora_geracao: '000000', conteudo: '01REMESSA' });
  if (name === 'documentFinancialDischargeCheckout') Object.assign(body, { documentos: [1], valor_total: 1, pagamentos: [{ id_meio_pagamento: 1, valor_total: 1 }] });
  if (name === 'orderItemUpdateUserSeller' || name === 'invoiceChangeSeller' || name === 'invoiceItemUpdateUserSeller') body['id_usuario_vendedor'] = null;
  if (name === 'invoiceReturnCredit') body['valor'] = 10;
  if (name === 'invoiceChangeTransmissionType') body['tipo_emissao'] = 1;
  if (name === 'invoiceItemSplit') body['partes'] = [{ id_produto_grade_filial: idValue, quantidade: 1 }];
  if (name === 'invoiceLinkSeller') body['id_usuario_vendedor'] = demoIds['id_usuario'] ?? 1;
  if (name === 'volumeCreate' || name === 'volumeUpdate') Object.assign(body, { quantidade: 1, peso_liquido: 1, peso_bruto: 1 });
  if (name === 'peopleAccountHistoryCreate') Object.assign(body, { valor: 10, id_nota_fiscal: demoIds['id_nota_fiscal'] });
  if (name === 'orderInvoiceList') body['list_orders'] = [idValue];
  if (name === 'orderObjectSaveImages') body['list_images'] = [{ mime: 'image/jpeg', image: '/9j/' }];
  if (name === 'consignmentReturn') body['itens'] = [{ id_pedido_item: demoIds['id_pedido_item'] ?? 1, quantidade_retorno: 1 }];
  // Branch register (branch/routes.ts): a 1-pixel PNG, a made-up certificate, an SMTP account.
  if (name === 'branchLogoSave') body['arquivo_base64'] = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
  if (name === 'branchCertificateUpload') Object.assign(body, { arquivo_base64: 'AAAA', senha: 'x' });
  if (name === 'branchEmailCreate') Object.assign(body, { email: 'loja@demo.com.br', servidor_smtp: '127.0.0.1', porta: 1 });
  if (name === 'branchEmailTest') body['destinatario'] = 'cliente@demo.com.br';
  if (name === 'activationCheck') body['id_app'] = 1;
  if (name === 'documentFinancialUpdate') Object.assign(body, { valor_documento: 10, data_vencimento: '2026-01-10' });
  if (name === 'documentFinancialSplit') body['parcelas'] = [{ valor: 30, data_vencimento: '2026-01-10' }, { valor: 30, data_vencimento: '2026-02-10' }];
  if (name === 'documentFinancialLaunchCancel') body['observacao'] = 'Estorno de teste';
  // A SAT's failure answer, so the SAT record routes reach the invoice lookup (their body is checked first).
  if (name === 'satRecord' || name === 'satRecordCancel') {
    body['resposta'] = { Codigo: '99999', Mensagem: 'SAT não respondeu', NumeroDocFiscal: null, ChaveConsulta: null, TimeStamp: null,
      AssinaturaQRCODE: null, NumeroSessao: null, ValorTotalCFe: null, ArquivoCFeSAT: null };
  }
  if (name === 'nfeInutilizarFaixa') {
    Object.assign(body, { serie: 1, modelo: '65', numeracaoInicial: 900, numeracaoFinal: 901, justificativa: 'Justificativa de teste com tamanho' });
  }
  return body;
}


describe('tenant isolation, generated from the route table', () => {
  const withIds = sessionRoutes.filter(([, def]) => (def.idFields ?? []).length > 0);

  it('covers at least the routes known today', () => {
    expect(withIds.map(([n]) => n)).toEqual(
      expect.arrayContaining(['setActiveBranch', 'branchFindById', 'userFindById', 'userSituacao', 'profileFindById']),
    );
  });

  for (const [name, def] of withIds) {
    it(`${def.method} ${def.path}: another organization's id answers exactly like an id that does not exist`, async () => {
      for (const field of def.idFields ?? []) {
        const id = demoIds[field];
        if (id === undefined) throw new Error(`no demo id known for ${field}: add it to demoIds`);
        const foreign = await t.call(def.method, def.path, bodyFor(name, id), other);
        const missing = await t.call(def.method, def.path, bodyFor(name, 999_999), other);
        expect(foreign.status).toBe(404);
        expect(foreign.json).toEqual(missing.json);
        // And the manager of the demo organization does reach it (the id is real).
        // (route-proofs.test.ts counts this call as the success test of these routes.)
        if (!OWNER_CHECK_ELSEWHERE.has(name)) await expectOk(t, name, bodyFor(name, id), manager);
      }
    });
  }

  // A register's find (no id field, so not above): another organization's user lists none of the demo rows, even
  // searching for one's text; the demo manager lists it.
  for (const d of REGISTERS as readonly RegisterDescriptor[]) {
    it(`POST ${d.path}/find: lists only rows of the caller organization`, async () => {
      const searchable = Object.entries(d.fields).find(([, f]) => f.search)?.[0];
      const row = await t.call('POST', `${d.path}/find_by_id`, { [d.id]: demoIds[d.id] }, manager);
      const search = searchable ? String(row.json[searchable]) : '';
      for (const body of [{ take: 200 }, { search, take: 200 }]) {
        const theirs = await t.call('POST', `${d.path}/find`, body, other);
        expect(theirs.status).toBe(200);
        const ids = (theirs.json['rows'] as Array<Record<string, unknown>>).map((r) => Number(r[d.id]));
        const leaked = await t.db.system(async (tx) =>
          (await tx.query<{ id: number }>(
            `SELECT r.${d.id} AS id FROM ${d.table} r JOIN organization o USING (id_organization) WHERE o.nome = 'Demo Moda' AND r.${d.id} = ANY($1::int[])
                AND NOT EXISTS (SELECT 1 FROM ${d.table} x WHERE x.id_organization <> r.id_organization AND x.${d.id} = r.${d.id})`,
            [ids],
          )).rows,
        );
        expect(leaked, `${d.path}/find showed rows of the demo organization to another one`).toEqual([]);
      }
      const mine = await t.call('POST', `${d.path}/find`, { search, take: 200 }, manager);
      expect((mine.json['rows'] as Array<Record<string, unknown>>).map((r) => r[d.id])).toContain(demoIds[d.id]);
    });
  }

  it('lists only rows of the caller organization', async () => {
    const mine = await expectOk(t, 'branchFind', {}, other);
    const rows = mine.json['rows'] as Array<{ nome_fantasia: string }>;
    expect(rows.map((r) => r.nome_fantasia)).toEqual(['Outra Loja Matriz']);
    const users = await expectOk(t, 'userFind', {}, other);
    expect((users.json['rows'] as Array<{ email: string }>).map((u) => u.email)).toEqual(['outra@demo.com.br']);
  });
});

describe('authentication on every session route, generated from the route table', () => {
  for (const [name, def] of sessionRoutes) {
    it(`${def.method} ${def.path} answers 401 without a token and with a malformed one`, async () => {
      const body = def.method === 'GET' ? undefined : bodyFor(name, 1);
      const none = await t.call(def.method, def.path, body);
      expect(none.status).toBe(401);
      expect(none.json['message']).toBe(MESSAGES.unauthenticated);
      expect((await t.call(def.method, def.path, body, 'not-a-token')).status).toBe(401);
    });
  }
});

describe('permissions on every guarded route, generated from the route table', () => {
  const guarded = sessionRoutes.filter(([, def]) => def.permission !== null);
  for (const [name, def] of guarded) {
    it(`${def.method} ${def.path} answers 403 to a user whose list lacks ${def.permission?.subject}`, async () => {
      const res = await t.call(def.method, def.path, def.method === 'GET' ? undefined : bodyFor(name, 1), noPermissions);
      expect(res.status).toBe(403);
      expect(res.json['message']).toBe(MESSAGES.forbidden);
    });
  }
});

/** A body giving every field of the route's schema a value no field accepts (an object), or an unexpected field. */
function wrongShape(def: RouteDef): Record<string, unknown> {
  const keys = def.body instanceof z.ZodObject ? Object.keys(def.body.shape) : [];
  return keys.length > 0 ? Object.fromEntries(keys.map((k) => [k, { x: 1 }])) : { inesperado: 1 };
}

describe('malformed bodies on every route, generated from the route table', () => {
  const posts = all.filter(([, def]) => def.method !== 'GET');
  for (const [, def] of posts) {
    it(`${def.method} ${def.path} answers 400 with a pt-BR message to broken JSON and to bodies of the wrong shape`, async () => {
      const token = def.auth === 'session' ? manager : undefined;
      const headers = { 'content-type': 'application/json' };
      const broken = await t.call(def.method, def.path, '{"id": ', token, { headers });
      expect(broken.status).toBe(400);
      expect(broken.json['message']).toBe(MESSAGES.malformedJson);
      for (const wrong of ['[1,2]', '"texto"', '42', 'null', JSON.stringify(wrongShape(def))]) {
        const res = await t.call(def.method, def.path, wrong, token, { headers });
        expect(res.status, `${def.path} with ${wrong}`).toBe(400);
        expect(typeof res.json['message']).toBe('string');
        expect(JSON.stringify(res.json)).not.toMatch(/at .*\.ts:\d+|stack/i);
      }
    });
  }

  it('answers 413 with a pt-BR message to an oversized body', async () => {
    const res = await t.call('POST', '/auth/login', JSON.stringify({ email: 'a@b.com', senha: 'x'.repeat(2_000_000) }), undefined, {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.json['message']).toBe(MESSAGES.bodyTooLarge);
  });

  it('answers 404 in pt-BR for an unknown API route', async () => {
    const res = await t.call('POST', '/nao-existe', {}, manager);
    expect(res.status).toBe(404);
    expect(res.json['message']).toBe(MESSAGES.routeNotFound);
  });
});
