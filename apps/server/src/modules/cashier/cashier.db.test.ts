import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASHIER_MESSAGES } from '@pdv/domain/cashier';
import { SUPERVISOR_PERMISSIONS } from '@pdv/domain/permissions';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { countRows, loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let sale: SaleFixture;
let cashier: string;
let manager: string;
let other: string;
let seller2: string;

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const event = (fields: Record<string, unknown>) => ({
  id_evento: randomUUID(), id_filial: sale.id_filial, data: minutesAgo(0), ...fields,
});
const send = (body: Record<string, unknown>, token = cashier) => t.call('POST', '/cashier/event', body, token);
const shiftRow = async (uuid: string) => (await t.db.system((tx) => tx.query<Record<string, unknown>>(
  'SELECT id_caixa, situacao, is_duplicado, id_autorizacao_diferenca FROM caixa WHERE uuid_caixa = $1', [uuid]))).rows[0]!;
const setBranch = (sql: string) => t.db.system((tx) => tx.query(`UPDATE filial_configuracao SET ${sql} WHERE id_filial = $1`, [sale.id_filial]));
const total = (body: { pagamentos: Array<{ valor_total: number }> }) => body.pagamentos.reduce((s, p) => s + p.valor_total, 0);

beforeAll(async () => {
  t = await createTestApp();
  sale = await loadSaleFixture(t.db);
  cashier = await t.login('caixa@demo.com.br');
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
  seller2 = await t.login('filial2@demo.com.br');
});
afterAll(async () => {
  await t.close();
});

describe('a till shift from opening to the Z report', () => {
  const uuid = randomUUID();
  let id_caixa = 0;
  let cashTotal = 0;

  it('opens once per UUID: the same event sent twice is applied once', async () => {
    const open = event({ tipo: 'Abertura', uuid_caixa: uuid, valor: 100, data: minutesAgo(30) });
    const first = await expectOk(t, 'cashierEvent', open, cashier);
    expect(first.json).toMatchObject({ duplicado: false, caixa: { situacao: 'Aberto', valor_abertura: 100, is_duplicado: false } });
    const again = await send(open);
    expect(again.json).toMatchObject({ duplicado: true, caixa: { uuid_caixa: uuid } });
    expect(await countRows(t.db, 'caixa WHERE uuid_caixa = $1', [uuid])).toBe(1);
    expect(await countRows(t.db, "caixa_operacao o JOIN caixa c USING (id_organization, id_caixa) WHERE c.uuid_caixa = $1 AND o.tipo = 'Abertura'", [uuid])).toBe(1);
    id_caixa = Number((await shiftRow(uuid))['id_caixa']);
    // The same UUID with other content is a 409, and writes nothing.
    const changed = await send({ ...open, valor: 5 });
    expect(changed.status).toBe(409);
    expect((await expectOk(t, 'cashierCurrent', {}, cashier)).json).toMatchObject({ caixa: { id_caixa } });
  });

  it('refuses a second open shift online for the same user and branch', async () => {
    const before = await countRows(t.db, 'caixa');
    const res = await send(event({ tipo: 'Abertura', uuid_caixa: randomUUID(), valor: 10 }));
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(CASHIER_MESSAGES.alreadyOpen);
    expect(await countRows(t.db, 'caixa')).toBe(before);
  });

  it('takes a cash sale with change into the shift, net of the change', async () => {
    const body = saleBody(sale);
    const paid = total(body);
    const withChange = { ...body, pagamentos: [{ ...body.pagamentos[0]!, valor_total: paid + 50 }] };
    expect((await t.call('POST', '/operacao', withChange, cashier)).status).toBe(200);
    cashTotal = 100 + paid;
    const detail = await expectOk(t, 'cashierFindById', { id_caixa }, manager);
    const cash = (detail.json['apuracao'] as Array<Record<string, unknown>>).find((a) => a['id_meio_pagamento'] === sale.methods['01']);
    expect(cash?.['esperado']).toBeCloseTo(cashTotal, 2);
  });

  it('takes a receipt of receivables into the shift, net of the change, once per UUID', async () => {
    // A crediário sale leaves two receivables; the cashier takes them in cash with R$ 10,00 of change.
    const credit = saleBody(sale, { id_cliente: sale.id_cliente }, 1);
    credit.pagamentos = [{ id_pagamento: randomUUID(), id_meio_pagamento: sale.methods['05']!, valor_total: sale.product.preco, quantidade_parcelas: 2 }];
    expect((await t.call('POST', '/operacao', credit, cashier)).status).toBe(200);
    const ids = (await t.db.system((tx) => tx.query<{ id: number; saldo: string }>(
      'SELECT id_documento_financeiro AS id, saldo::text FROM documento_financeiro WHERE id_operacao = $1 ORDER BY sequencia', [credit.id_operacao]))).rows;
    const due = ids.reduce((sum, r) => sum + Math.round(Number(r.saldo) * 100), 0) / 100;
    const receipt = {
      id_operacao: randomUUID(), modo_operacao: 'Recebimento', modelo: null, id_filial: sale.id_filial, id_cliente: sale.id_cliente,
      data_inicio: minutesAgo(1), itens: [], documentos_financeiros: ids.map((r) => r.id),
      pagamentos: [{ id_pagamento: randomUUID(), id_meio_pagamento: sale.methods['01']!, valor_total: due + 10 }],
    };
    const res = await t.call('POST', '/operacao', receipt, cashier);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect((await t.call('POST', '/operacao', receipt, cashier)).json).toMatchObject({ duplicado: true });
    cashTotal += due;
    const detail = await expectOk(t, 'cashierFindById', { id_caixa }, manager);
    const cash = (detail.json['apuracao'] as Array<Record<string, unknown>>).find((a) => a['id_meio_pagamento'] === sale.methods['01']);
    expect(cash?.['esperado']).toBeCloseTo(cashTotal, 2);
    expect(await countRows(t.db, "caixa_operacao WHERE id_caixa = $1 AND tipo = 'Recebimento'", [id_caixa])).toBe(1);
  });

  it('refuses a receipt without an open shift where the branch forces the till control', async () => {
    await setBranch('forcar_controle_caixa = true');
    try {
      const credit = saleBody(sale, { id_cliente: sale.id_cliente }, 1);
      credit.pagamentos = [{ id_pagamento: randomUUID(), id_meio_pagamento: sale.methods['05']!, valor_total: sale.product.preco, quantidade_parcelas: 1 }];
      // The cashier's shift is open: the crediário sale goes; the manager, with no shift, may not take its payment.
      expect((await t.call('POST', '/operacao', credit, cashier)).status).toBe(200);
      const [doc] = (await t.db.system((tx) => tx.query<{ id: number; saldo: string }>(
        'SELECT id_documento_financeiro AS id, saldo::text FROM documento_financeiro WHERE id_operacao = $1', [credit.id_operacao]))).rows;
      const res = await t.call('POST', '/operacao', {
        id_operacao: randomUUID(), modo_operacao: 'Recebimento', modelo: null, id_filial: sale.id_filial, id_cliente: sale.id_cliente,
        data_inicio: minutesAgo(1), itens: [], documentos_financeiros: [doc!.id],
        pagamentos: [{ id_pagamento: randomUUID(), id_meio_pagamento: sale.methods['01']!, valor_total: Number(doc!.saldo) }],
      }, manager);
      expect(res.status).toBe(400);
      expect(res.json['message']).toBe(CASHIER_MESSAGES.noOpenShift);
      const [after] = (await t.db.system((tx) => tx.query<{ saldo: string }>('SELECT saldo::text FROM documento_financeiro WHERE id_documento_financeiro = $1', [doc!.id]))).rows;
      expect(after?.saldo).toBe(doc!.saldo);
    } finally {
      await setBranch('forcar_controle_caixa = false');
    }
  });

  it('refuses a sangria above the cash or without a reason, and takes a good one and a suprimento', async () => {
    const above = await send(event({ tipo: 'Sangria', uuid_caixa: uuid, valor: cashTotal + 0.01, observacao: 'Depósito' }));
    expect(above.status).toBe(400);
    expect(above.json['message']).toBe(CASHIER_MESSAGES.withdrawalAboveCash);
    const noReason = await send(event({ tipo: 'Sangria', uuid_caixa: uuid, valor: 10 }));
    expect(noReason.json['message']).toBe(CASHIER_MESSAGES.reasonRequired);
    await expectOk(t, 'cashierEvent', event({ tipo: 'Sangria', uuid_caixa: uuid, valor: 30, observacao: 'Depósito no banco' }), cashier);
    await expectOk(t, 'cashierEvent', event({ tipo: 'Suprimento', uuid_caixa: uuid, valor: 5, observacao: 'Troco' }), cashier);
    cashTotal = cashTotal - 30 + 5;
    expect(await countRows(t.db, "caixa_operacao WHERE id_caixa = $1 AND tipo IN ('Sangria', 'Suprimento')", [id_caixa])).toBe(2);
  });

  it('counts blind: the cashier sees what was counted, never what was expected', async () => {
    await expectOk(t, 'cashierEvent', event({ tipo: 'Apuracao', uuid_caixa: uuid, id_meio_pagamento: sale.methods['01'], valor: 1 }), cashier);
    // Counted again: replaced, not added.
    await send(event({ tipo: 'Apuracao', uuid_caixa: uuid, id_meio_pagamento: sale.methods['01'], valor: cashTotal - 2 }));
    const blind = await expectOk(t, 'cashierFindById', { id_caixa }, cashier);
    expect(blind.json['ver_esperado']).toBe(false);
    const lines = blind.json['apuracao'] as Array<Record<string, unknown>>;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ esperado: null, diferenca: null });
    expect(Number(lines[0]?.['apurado'])).toBeCloseTo(cashTotal - 2, 2);
    expect(JSON.stringify(blind.json)).not.toContain('"esperado":1');
    // The Z report of an open shift would show the expected amounts: refused to the cashier.
    const report = await t.call('POST', '/cashier/report', { id_caixa }, cashier);
    expect(report.status).toBe(400);
    expect(report.json['message']).toBe(CASHIER_MESSAGES.reportNeedsClose);
    const seen = await expectOk(t, 'cashierFindById', { id_caixa }, manager);
    expect(seen.json['ver_esperado']).toBe(true);
  });

  it("refuses closing someone else's shift, and another organization does not find it", async () => {
    const res = await send(event({ tipo: 'Fechamento', uuid_caixa: uuid }), manager);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(CASHIER_MESSAGES.otherUser);
    const foreign = await t.call('POST', '/cashier/find_by_id', { id_caixa }, other);
    expect(foreign.status).toBe(404);
    expect((await shiftRow(uuid))['situacao']).toBe('Aberto');
  });

  it('closes with a difference above the limit only with a supervisor grant, then prints the Z report', async () => {
    await setBranch('valor_limite_diferenca_caixa = 1.00');
    const refused = await send(event({ tipo: 'Fechamento', uuid_caixa: uuid }));
    expect(refused.status).toBe(400);
    expect(refused.json['message']).toBe(CASHIER_MESSAGES.differenceNeedsAuthorization);
    const grant = await expectOk(t, 'validateUserCredential', {
      email: 'gerente@demo.com.br', password: 'demo1234', permission: SUPERVISOR_PERMISSIONS.tillDifference }, cashier);
    const id_autorizacao = Number(grant.json['id_autorizacao']);
    const closed = await expectOk(t, 'cashierEvent', event({ tipo: 'Fechamento', uuid_caixa: uuid, id_autorizacao }), cashier);
    expect(closed.json).toMatchObject({ caixa: { situacao: 'Fechado', is_aberto: false } });
    expect(await shiftRow(uuid)).toMatchObject({ situacao: 'Fechado', id_autorizacao_diferenca: id_autorizacao });
    const detail = await expectOk(t, 'cashierFindById', { id_caixa }, cashier);
    const cash = (detail.json['apuracao'] as Array<Record<string, unknown>>).find((a) => a['id_meio_pagamento'] === sale.methods['01']);
    expect(cash?.['diferenca']).toBeCloseTo(-2, 2);
    const report = await expectOk(t, 'cashierReport', { id_caixa }, cashier);
    expect(Buffer.from(String(report.json['pdf_base64']), 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    // Nothing more on a closed shift.
    const late = await send(event({ tipo: 'Sangria', uuid_caixa: uuid, valor: 1, observacao: 'x' }));
    expect(late.json['message']).toBe(CASHIER_MESSAGES.notOpen);
    await setBranch('valor_limite_diferenca_caixa = 0');
  });

  it('reopens a closed shift only under its own permission', async () => {
    const res = await send(event({ tipo: 'Reabertura', uuid_caixa: uuid }));
    expect(res.status).toBe(403);
    await expectOk(t, 'cashierEvent', event({ tipo: 'Reabertura', uuid_caixa: uuid }), manager);
    expect((await shiftRow(uuid))['situacao']).toBe('Aberto');
    await t.db.system((tx) => tx.query("UPDATE caixa SET situacao = 'Fechado', is_aberto = false, data_fechamento = now() WHERE uuid_caixa = $1", [uuid]));
  });

  it('lists the branch shifts newest opening first, 20 a page', async () => {
    const list = await expectOk(t, 'cashierFind', {}, manager);
    const rows = list.json['rows'] as Array<{ data_abertura: string }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(20);
    expect([...rows].sort((a, b) => b.data_abertura.localeCompare(a.data_abertura))).toEqual(rows);
    expect((await expectOk(t, 'cashierFind', {}, other)).json['count']).toBe(0);
  });
});

describe('offline tills', () => {
  it('keeps two shifts opened offline on two devices by one user, both flagged', async () => {
    const a = randomUUID();
    const b = randomUUID();
    await expectOk(t, 'cashierEvent', event({ tipo: 'Abertura', uuid_caixa: a, valor: 10, is_offline: true, data: minutesAgo(20) }), cashier);
    const second = await expectOk(t, 'cashierEvent', event({ tipo: 'Abertura', uuid_caixa: b, valor: 20, is_offline: true, data: minutesAgo(19) }), cashier);
    expect(second.json).toMatchObject({ caixa: { is_duplicado: true } });
    expect((await shiftRow(a))['is_duplicado']).toBe(true);
    for (const [u, valor] of [[a, 10], [b, 20]] as const) {
      await send(event({ tipo: 'Apuracao', uuid_caixa: u, id_meio_pagamento: sale.methods['01'], valor }));
      await send(event({ tipo: 'Fechamento', uuid_caixa: u }));
      expect((await shiftRow(u))['situacao']).toBe('Fechado');
    }
  });

  it('a close made offline with a difference above the limit closes awaiting a supervisor, who approves it online', async () => {
    const uuid = randomUUID();
    await expectOk(t, 'cashierEvent', event({ tipo: 'Abertura', uuid_caixa: uuid, valor: 50, is_offline: true, data: minutesAgo(15) }), cashier);
    await send(event({ tipo: 'Apuracao', uuid_caixa: uuid, id_meio_pagamento: sale.methods['01'], valor: 45, is_offline: true }));
    await setBranch('valor_limite_diferenca_caixa = 1.00');
    try {
      // Online, the same close without a grant is refused (the till asks a supervisor first).
      const online = await send(event({ tipo: 'Fechamento', uuid_caixa: uuid }));
      expect(online.json['message']).toBe(CASHIER_MESSAGES.differenceNeedsAuthorization);
      const closed = await expectOk(t, 'cashierEvent', event({ tipo: 'Fechamento', uuid_caixa: uuid, is_offline: true }), cashier);
      expect(closed.json).toMatchObject({ caixa: { situacao: 'Fechado', is_aguardando_autorizacao: true } });
      // Only a supervisor approves, once.
      const byCashier = await send(event({ tipo: 'AprovacaoDiferenca', uuid_caixa: uuid }));
      expect(byCashier.status).toBe(403);
      const approved = await expectOk(t, 'cashierEvent', event({ tipo: 'AprovacaoDiferenca', uuid_caixa: uuid }), manager);
      expect(approved.json).toMatchObject({ caixa: { situacao: 'Fechado', is_aguardando_autorizacao: false } });
      const again = await send(event({ tipo: 'AprovacaoDiferenca', uuid_caixa: uuid }), manager);
      expect(again.json['message']).toBe(CASHIER_MESSAGES.notAwaitingApproval);
      const stored = (await t.db.system((tx) => tx.query<{ aprovador: string | null }>(
        `SELECT u.nome AS aprovador FROM caixa c JOIN usuario u ON u.id_organization = c.id_organization AND u.id_usuario = c.id_usuario_aprovacao_diferenca
          WHERE c.uuid_caixa = $1`, [uuid]))).rows[0];
      expect(stored?.aprovador).toEqual(expect.any(String));
    } finally {
      await setBranch('valor_limite_diferenca_caixa = 0');
    }
  });

  it('a sale that arrives before its shift opening is taken by the opening', async () => {
    const body = saleBody(sale);
    expect((await t.call('POST', '/operacao', body, manager)).status).toBe(200);
    expect(await countRows(t.db, "caixa_operacao WHERE id_operacao = $1 AND id_caixa IS NULL", [body.id_operacao])).toBe(1);
    const uuid = randomUUID();
    await send(event({ tipo: 'Abertura', uuid_caixa: uuid, valor: 0, is_offline: true, data: minutesAgo(10) }), manager);
    const { id_caixa } = await shiftRow(uuid);
    expect(await countRows(t.db, 'caixa_operacao WHERE id_operacao = $1 AND id_caixa = $2', [body.id_operacao, id_caixa])).toBe(1);
    await send(event({ tipo: 'Fechamento', uuid_caixa: uuid }), manager);
  });
});

describe('selling under forcar_controle_caixa', () => {
  it('refuses a sale without an open shift, and sells once one is open', async () => {
    await setBranch('forcar_controle_caixa = true');
    const before = await countRows(t.db, 'pedido');
    const refused = await t.call('POST', '/operacao', saleBody(sale), manager);
    expect(refused.status).toBe(400);
    expect(refused.json['message']).toBe(CASHIER_MESSAGES.noOpenShift);
    expect(await countRows(t.db, 'pedido')).toBe(before);
    const uuid = randomUUID();
    await send(event({ tipo: 'Abertura', uuid_caixa: uuid, valor: 0, data: minutesAgo(5) }), manager);
    expect((await t.call('POST', '/operacao', saleBody(sale), manager)).status).toBe(200);
    await send(event({ tipo: 'Fechamento', uuid_caixa: uuid }), manager);
    await setBranch('forcar_controle_caixa = false');
  });
});

describe('/cashier_operation/process_canceled_sale', () => {
  it('reverses a sale cancelled after its shift closed in the open shift, once', async () => {
    const first = randomUUID();
    await send(event({ tipo: 'Abertura', uuid_caixa: first, valor: 0, data: minutesAgo(4) }));
    const body = saleBody(sale);
    const sold = await t.call('POST', '/operacao', body, cashier);
    const id_pedido = Number(sold.json['id_pedido']);
    // Not cancelled yet: refused.
    const early = await t.call('POST', '/cashier_operation/process_canceled_sale', { id_pedido }, cashier);
    expect(early.json['message']).toBe(CASHIER_MESSAGES.saleNotCancelled);
    await send(event({ tipo: 'Apuracao', uuid_caixa: first, id_meio_pagamento: sale.methods['01'], valor: total(body) }));
    expect((await send(event({ tipo: 'Fechamento', uuid_caixa: first }))).status).toBe(200);
    await t.db.system((tx) => tx.query("UPDATE pedido SET situacao = 'Cancelado' WHERE id_pedido = $1", [id_pedido]));
    // No open shift to take the money out of.
    expect((await t.call('POST', '/cashier_operation/process_canceled_sale', { id_pedido }, cashier)).json['message'])
      .toBe(CASHIER_MESSAGES.reversalNeedsShift);
    const next = randomUUID();
    await send(event({ tipo: 'Abertura', uuid_caixa: next, valor: 0 }));
    const res = await expectOk(t, 'cashierProcessCanceledSale', { id_pedido }, cashier);
    expect(res.json).toMatchObject({ tipo: 'Estorno', is_estornado: true, id_caixa: Number((await shiftRow(next))['id_caixa']) });
    const again = await t.call('POST', '/cashier_operation/process_canceled_sale', { id_pedido }, cashier);
    expect(again.json['message']).toBe(CASHIER_MESSAGES.saleAlreadyReversed);
    expect(await countRows(t.db, "caixa_operacao WHERE tipo = 'Estorno' AND id_pedido = $1", [id_pedido])).toBe(1);
    // The closed shift keeps its figures; the other organization does not find the sale.
    expect((await t.call('POST', '/cashier_operation/process_canceled_sale', { id_pedido }, other)).status).toBe(404);
    await send(event({ tipo: 'Fechamento', uuid_caixa: next }));
  });
});

describe('permissions', () => {
  it('refuses the cashier events to a user without FncListarCaixa, and another branch', async () => {
    const res = await send(event({ tipo: 'Abertura', uuid_caixa: randomUUID(), valor: 0 }), seller2);
    expect(res.status).toBe(403);
    const foreign = await send(event({ tipo: 'Abertura', uuid_caixa: randomUUID(), valor: 0 }), other);
    expect(foreign.status).toBe(404);
  });
});
