/**
 * Security, generated from the route table (a new route is covered without anyone remembering), on top of
 * http/routes.db.test.ts (no token, a malformed token, another organization's ids, an empty permission list):
 *
 * - every session route refuses, with 401 and a pt-BR message, a token that is expired, signed by another key,
 *   unsigned (alg none), or of a user disabled after signing in; and those refusals write nothing;
 * - every guarded route refuses with 403 a user who holds every permission of the manager but the route's subject
 *   (routes.db.test.ts checks an empty permission list);
 * - every branch-scoped route that names a branch-owned row (an order, its lines, payments and volumes, an invoice and
 *   its parts, a branch, a gift card) answers a user of the other branch (with every permission there) exactly as it answers an id
 *   that does not exist: 0 successes. The owner's branch reaches the same ids, so the refusal is about the branch.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteDef, type RouteName } from '@pdv/contract/routes';
import { MESSAGES } from '@pdv/domain/messages';
import { hashPassword } from '../modules/auth/password.ts';
import { createTokenService, TOKEN_AUDIENCE, TOKEN_ISSUER } from '../modules/auth/token.ts';
import { createTestApp, TEST_SECRET, type TestApp } from '../testing/app.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../testing/sale.ts';
import { answerProblems } from './answers.ts';
import { diffSnapshots, snapshotQuery } from './snapshot.ts';
import { SKIP_SECOND_RUN } from './variant.ts';

const all = Object.entries(routes) as Array<[RouteName, RouteDef]>;
const sessionRoutes = all.filter(([, def]) => def.auth === 'session');

/** Id fields that name a row owned by a branch (customers, products and users belong to the organization). */
const BRANCH_OWNED = new Set(['id_filial', 'id_pedido', 'id_pedido_item', 'id_pedido_pagamento', 'id_volume', 'id_nota_fiscal',
  'id_invoice', 'id_nota_fiscal_item', 'id_nota_fiscal_pagamento', 'id_nota_referenciada', 'id_vale_credito', 'id_caixa']);
const branchRoutes = sessionRoutes.filter(([, def]) => def.scope === 'branch' && (def.idFields ?? []).some((f) => BRANCH_OWNED.has(f)));

/** Routes that only read: the owner's branch is also called with the real id, and must find it. */
const READS = /\/(find\w*|operation-find|imprimir)$/;

let t: TestApp;
let sale: SaleFixture;
let org: number;
/** The manager, whose active branch is branch 1 (the owner of the rows below). */
let manager: string;
/** A user with the manager's profile in branch 2 only. */
let branch2: string;
const badTokens: Record<string, string> = {};
/** A token made like the bad ones but valid: the refusals are about what makes each one bad. */
let control: string;
/** Per permission subject of the route table: a user holding every permission of the manager but that one. */
const lacking = new Map<string, string>();
const subjects = [...new Set(sessionRoutes.flatMap(([, def]) => (def.permission ? [def.permission.subject] : [])))];
/** Rows of branch 1, per id field. */
const ids: Record<string, number> = {};
/** A till shift of the manager in branch 1 (cashierEvent names it by this UUID). */
const demoShift = randomUUID();

async function insertUser(email: string, branchIds: number[], profile = 'Gerente'): Promise<void> {
  const hash = await hashPassword('demo1234');
  await t.db.system(async (tx) => {
    const user = (await tx.query<{ id: number }>(
      `INSERT INTO usuario (id_organization, nome, email) VALUES ($1, $2, $2) RETURNING id_usuario AS id`, [org, email])).rows[0]!.id;
    const links = await tx.query<{ id: number }>(
      `SELECT pf.id_perfil_filial AS id FROM perfil_filial pf JOIN perfil p USING (id_organization, id_perfil)
        WHERE pf.id_organization = $1 AND p.descricao = $3 AND pf.id_filial = ANY($2) ORDER BY pf.id_filial`, [org, branchIds, profile]);
    if (links.rows.length !== branchIds.length) throw new Error(`the ${profile} profile is not linked to branches ${branchIds.join(', ')}`);
    for (const [i, link] of links.rows.entries()) {
      await tx.query('INSERT INTO perfil_filial_usuario (id_organization, id_usuario, id_perfil_filial, is_principal) VALUES ($1, $2, $3, $4)',
        [org, user, link.id, i === 0]);
    }
    await tx.query('INSERT INTO login (email, id_organization, id_usuario, senha_hash) VALUES ($1, $2, $3, $4)', [email, org, user, hash]);
  });
}

beforeAll(async () => {
  if (SKIP_SECOND_RUN) return;
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  sale = await loadSaleFixture(t.db);
  const one = async (sql: string, params: unknown[] = []) => {
    const { rows } = await t.db.system((tx) => tx.query<{ id: number }>(sql, params));
    if (!rows[0]) throw new Error(`security fixture: nothing for ${sql}`);
    return rows[0].id;
  };
  org = await one(`SELECT id_organization AS id FROM organization WHERE nome = 'Demo Moda'`);
  const managerId = await one(`SELECT id_usuario AS id FROM usuario WHERE email = 'gerente@demo.com.br'`);
  const otherBranch = await one(`SELECT id_filial AS id FROM filial WHERE id_organization = $1 AND id_filial <> $2 ORDER BY 1`, [org, sale.id_filial]);

  // Tokens: expired, another key, alg none (all with the manager's real claims), and a disabled user's.
  const now = Math.floor(Date.now() / 1000);
  const signed = (exp: number) => new SignJWT({ org }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(managerId))
    .setIssuer(TOKEN_ISSUER).setAudience(TOKEN_AUDIENCE).setIssuedAt(now - 7200).setExpirationTime(exp).sign(TEST_SECRET);
  control = await signed(now + 600);
  badTokens['expired'] = await signed(now - 60);
  badTokens['signed by another key'] = await createTokenService(new TextEncoder().encode('outra-chave-outra-chave-outra-chave-123'), 3600)
    .sign({ id_organization: org, id_usuario: managerId });
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  badTokens['alg none'] = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ org, sub: String(managerId), iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, iat: now, exp: now + 600 })}.`;
  await insertUser('desativado@demo.com.br', [sale.id_filial]);
  badTokens['of a disabled user'] = await t.login('desativado@demo.com.br');
  await t.db.system((tx) => tx.query(`UPDATE usuario SET situacao = 'Inativo' WHERE email = 'desativado@demo.com.br'`));

  for (const subject of subjects) {
    const profile = `Gerente sem ${subject}`;
    await t.db.system(async (tx) => {
      const created = await tx.query<{ id: number }>(
        `INSERT INTO perfil (id_organization, id_empresa, descricao)
         SELECT id_organization, id_empresa, $2 FROM perfil WHERE id_organization = $1 AND descricao = 'Gerente' RETURNING id_perfil AS id`, [org, profile]);
      const id = created.rows[0]!.id;
      await tx.query(`INSERT INTO perfil_permissao (id_organization, id_perfil, rotulo, tipo, situacao)
        SELECT pp.id_organization, $2, pp.rotulo, pp.tipo, pp.situacao FROM perfil_permissao pp JOIN perfil p USING (id_organization, id_perfil)
         WHERE p.id_organization = $1 AND p.descricao = 'Gerente' AND pp.rotulo <> $3`, [org, id, subject]);
      await tx.query('INSERT INTO perfil_filial (id_organization, id_perfil, id_filial) VALUES ($1, $2, $3)', [org, id, sale.id_filial]);
    });
    const email = `sem.${subject.toLowerCase()}@demo.com.br`;
    await insertUser(email, [sale.id_filial], profile);
    lacking.set(subject, await t.login(email));
  }

  await insertUser('gerente.loja2@demo.com.br', [otherBranch]);
  branch2 = await t.login('gerente.loja2@demo.com.br');

  // Rows of branch 1: a pre-sale (order) with a volume, an NFC-e draft with a referenced document.
  const order = await t.call('POST', '/operacao', saleBody(sale), manager);
  const nfce = await t.call('POST', '/operacao', saleBody(sale, { modelo: '65' }), manager);
  if (order.status !== 200 || nfce.status !== 200) throw new Error(`security fixture: sales refused ${JSON.stringify([order.json, nfce.json])}`);
  ids['id_filial'] = sale.id_filial;
  ids['id_pedido'] = order.json['id_pedido'] as number;
  ids['id_nota_fiscal'] = nfce.json['id_nota_fiscal'] as number;
  ids['id_invoice'] = ids['id_nota_fiscal'];
  ids['id_pedido_item'] = await one('SELECT id_pedido_item AS id FROM pedido_item WHERE id_pedido = $1 LIMIT 1', [ids['id_pedido']]);
  ids['id_usuario'] = await one(`SELECT id_usuario AS id FROM usuario WHERE email = 'gerente@demo.com.br'`);
  ids['id_pedido_pagamento'] = await one('SELECT id_pedido_pagamento AS id FROM pedido_pagamento WHERE id_pedido = $1 LIMIT 1', [ids['id_pedido']]);
  ids['id_nota_fiscal_item'] = await one('SELECT id_nota_fiscal_item AS id FROM nota_fiscal_item WHERE id_nota_fiscal = $1 LIMIT 1', [ids['id_nota_fiscal']]);
  ids['id_nota_fiscal_pagamento'] = await one('SELECT id_nota_fiscal_pagamento AS id FROM nota_fiscal_pagamento WHERE id_nota_fiscal = $1 LIMIT 1',
    [ids['id_nota_fiscal']]);
  ids['id_volume'] = await one(`INSERT INTO volume (id_organization, id_pedido, quantidade, peso_liquido, peso_bruto)
    VALUES ($1, $2, 1, 1, 1) RETURNING id_volume AS id`, [org, ids['id_pedido']]);
  ids['id_nota_referenciada'] = await one(`INSERT INTO nota_fiscal_referenciada (id_organization, id_nota_fiscal, chave_acesso, modelo)
    VALUES ($1, $2, '35180834128745000152550010000474281920007498', '55') RETURNING id_nota_referenciada AS id`, [org, ids['id_nota_fiscal']]);
  ids['id_caixa'] = await one(`INSERT INTO caixa (id_organization, uuid_caixa, id_empresa, id_filial, id_usuario, data_abertura)
    SELECT f.id_organization, $2, f.id_empresa, f.id_filial, u.id_usuario, now() FROM filial f
      JOIN usuario u ON u.id_organization = f.id_organization AND u.email = 'gerente@demo.com.br'
     WHERE f.id_organization = $1 AND f.id_filial = $3 RETURNING id_caixa AS id`, [org, demoShift, sale.id_filial]);
  ids['nsu'] = await one('SELECT nsu AS id FROM pedido WHERE id_pedido = $1', [ids['id_pedido']]);
  ids['id_vale_credito'] = await one(`INSERT INTO vale_credito (id_organization, id_filial, codigo, valor, saldo, id_usuario)
    VALUES ($1, $2, 'SEGURANCA01', 50, 50, $3) RETURNING id_vale_credito AS id`, [org, sale.id_filial, managerId]);
}, 300_000);

afterAll(async () => {
  await t?.close();
});

const JUSTIFICATIVA = 'Justificativa de teste com tamanho suficiente';
/** A SAT's failure answer (the SAT routes' body). */
const SAT_FAILURE = { Codigo: '99999', Mensagem: 'SAT não respondeu', NumeroDocFiscal: null, ChaveConsulta: null, TimeStamp: null, AssinaturaQRCODE: null, NumeroSessao: null, ValorTotalCFe: null, ArquivoCFeSAT: null };

/** A body the route's contract accepts, naming `id` in its branch-owned id fields. */
function bodyFor(name: RouteName, id: number): Record<string, unknown> {
  if (name === 'operacao') return { ...saleBody(sale), id_filial: id };
  const body: Record<string, unknown> = {};
  for (const field of routes[name].idFields ?? []) body[field] = BRANCH_OWNED.has(field) ? id : sale.id_cliente;
  const extra: Partial<Record<RouteName, Record<string, unknown>>> = {
    orderFindByNsu: { nsu: ids['nsu'] },
    nfeCancelar: { justificativa: JUSTIFICATIVA },
    nfeInutilizar: { justificativa: JUSTIFICATIVA },
    nfeCartaCorrecao: { texto_correcao: 'Correção do endereço de entrega do cliente' },
    nfeInutilizarFaixa: { serie: 1, modelo: '65', numeracaoInicial: 900, numeracaoFinal: 901, justificativa: JUSTIFICATIVA },
    invoicePut: { modelo: '55', natureza_operacao: 'Venda' },
    invoiceItemPost: { id_produto_grade_filial: sale.product.id_produto_grade_filial, id_endereco_estoque: sale.product.id_endereco_estoque,
      quantidade: 1, valor_unitario: 10 },
    invoicePaymentPost: { id_meio_pagamento: sale.methods['01'], valor_total: 10 },
    invoiceReferencedPost: { chave_acesso: '35180834128745000152550010000474281920007498', modelo: '55' },
    orderItemUpdate: { quantidade: 1 },
    orderItemPatchUpdate: { quantidade: 1 },
    orderItemUpdateUserSeller: { id_usuario_vendedor: null },
    invoiceChangeSeller: { id_usuario_vendedor: null },
    invoiceItemUpdateUserSeller: { id_usuario_vendedor: null },
    invoiceLinkSeller: { id_usuario_vendedor: ids['id_usuario'] },
    invoiceChangeTransmissionType: { tipo_emissao: 1 },
    invoiceItemSplit: { partes: [{ id_produto_grade_filial: sale.product.id_produto_grade_filial, quantidade: 1 }] },
    volumeCreate: { quantidade: 1, peso_liquido: 1, peso_bruto: 1 },
    volumeUpdate: { quantidade: 1, peso_liquido: 1, peso_bruto: 1 },
    orderPaymentCreate: { id_meio_pagamento: sale.methods['01'], valor_total: 10 },
    consignmentReturn: { itens: [{ id_pedido_item: ids['id_pedido_item'], quantidade_retorno: 1 }] },
    giftCardCancel: { motivo_cancelamento: 'Cancelado no teste' },
    satRecord: { resposta: SAT_FAILURE },
    satRecordCancel: { resposta: SAT_FAILURE },
    cashierEvent: { id_evento: randomUUID(), tipo: 'Suprimento', uuid_caixa: demoShift, data: new Date().toISOString(), valor: 1, observacao: 'Troco' },
  };
  return { ...body, ...(extra[name] ?? {}) };
}

describe.skipIf(SKIP_SECOND_RUN)('bad tokens on every session route, generated from the route table', () => {
  it('the valid token made the same way is accepted (so the refusals below are about the token)', async () => {
    expect((await t.call('GET', '/user/session', undefined, control)).status).toBe(200);
    expect(sessionRoutes.length).toBeGreaterThanOrEqual(90);
  });

  it(`every session route answers 401 in pt-BR to an expired token, another key's, alg none and a disabled user's, and writes nothing`, async () => {
    const snapshot = await snapshotQuery(t.db);
    const before = await snapshot();
    const wrong: string[] = [];
    for (const [name, def] of sessionRoutes) {
      const body = def.method === 'GET' ? undefined : branchRoutes.some(([n]) => n === name) ? bodyFor(name, ids['id_pedido']!) : {};
      for (const [kind, token] of Object.entries(badTokens)) {
        const res = await t.call(def.method, def.path, body, token);
        const expected = kind === 'of a disabled user' ? MESSAGES.userDisabled : MESSAGES.unauthenticated;
        const problems = answerProblems(res.status, JSON.stringify(res.json));
        if (res.status !== 401 || res.json['message'] !== expected || problems.length > 0) {
          wrong.push(`${def.method} ${def.path} with a token ${kind}: ${res.status} ${JSON.stringify(res.json).slice(0, 200)}`);
        }
      }
    }
    console.log(`bad tokens: ${sessionRoutes.length} session routes × ${Object.keys(badTokens).length} kinds of token, ${wrong.length} not refused with 401`);
    expect(wrong).toEqual([]);
    expect(diffSnapshots(before, await snapshot())).toEqual([]);
  }, 300_000);
});

describe.skipIf(SKIP_SECOND_RUN)('permissions on every guarded route, generated from the route table', () => {
  it(`every guarded route answers 403 to a user holding every permission of the manager but the route's subject, and writes nothing`, async () => {
    const snapshot = await snapshotQuery(t.db);
    const before = await snapshot();
    const wrong: string[] = [];
    const guarded = sessionRoutes.filter(([, def]) => def.permission !== null);
    // The permission is checked before the body (http/register.ts): an empty body reaches it.
    const bodyOf = (def: RouteDef) => (def.method === 'GET' ? undefined : {});
    for (const [, def] of guarded) {
      const res = await t.call(def.method, def.path, bodyOf(def), lacking.get(def.permission!.subject));
      if (res.status !== 403 || res.json['message'] !== MESSAGES.forbidden) wrong.push(`${def.method} ${def.path}: ${res.status} ${JSON.stringify(res.json).slice(0, 200)}`);
    }
    console.log(`permissions: ${guarded.length} guarded routes over ${subjects.length} subjects, ${wrong.length} not refused with 403`);
    expect(wrong).toEqual([]);
    expect(diffSnapshots(before, await snapshot())).toEqual([]);

    // The same users get past the permission check of the routes whose subject they hold (the profiles are real).
    const heldElsewhere = new Set<string>();
    for (const [subject, token] of lacking) {
      const other = guarded.find(([, def]) => def.permission!.subject !== subject && def.method !== 'GET');
      if (other && (await t.call(other[1].method, other[1].path, {}, token)).status !== 403) heldElsewhere.add(subject);
    }
    expect([...heldElsewhere].sort()).toEqual([...subjects].sort());
  }, 300_000);
});

describe.skipIf(SKIP_SECOND_RUN)('branch isolation on every branch-scoped route, generated from the route table', () => {
  it('covers the order, invoice and gift-card routes', () => {
    expect(branchRoutes.map(([n]) => n)).toEqual(expect.arrayContaining(['operacao', 'orderFindById', 'invoiceFindById', 'nfeTransmitir', 'giftCardCancel', 'giftCardPrint']));
  });

  for (const [name, def] of branchRoutes) {
    it(`${def.method} ${def.path}: a user of the other branch gets exactly the answer of an id that does not exist`, async () => {
      for (const field of (def.idFields ?? []).filter((f) => BRANCH_OWNED.has(f))) {
        const id = ids[field];
        if (id === undefined) throw new Error(`no branch-1 id known for ${field}: add it to the fixture`);
        const foreign = await t.call(def.method, def.path, bodyFor(name, id), branch2);
        const missing = await t.call(def.method, def.path, bodyFor(name, 999_999), branch2);
        expect(foreign.status, `${field}: ${JSON.stringify(foreign.json)}`).toBeGreaterThanOrEqual(400);
        expect({ status: foreign.status, json: foreign.json }).toEqual({ status: missing.status, json: missing.json });
        // The body reaches the lookup: the owner's branch gets "not found" for the missing id, and finds the real one.
        const ownerMissing = await t.call(def.method, def.path, bodyFor(name, 999_999), manager);
        expect(ownerMissing.status, `${field} as the owner, missing id: ${JSON.stringify(ownerMissing.json)}`).toBe(404);
        if (READS.test(def.path)) {
          const owner = await t.call(def.method, def.path, bodyFor(name, id), manager);
          expect(owner.status, `${field} as the owner: ${JSON.stringify(owner.json)}`).toBe(200);
        }
      }
    });
  }
});
