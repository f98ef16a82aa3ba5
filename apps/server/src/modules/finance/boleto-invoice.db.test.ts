/**
 * 000 §4.4: an invoice paid by a boleto method with emitir_boleto_apos_nota, once authorized (SEFAZ homologation
 * simulator), names its receivables and the question; yes issues them through /demand/create; and with the branch's
 * enviar_email_boleto they go by e-mail (the outbox of migration 052, delivered through the branch's e-mail account to
 * a fake SMTP server on 127.0.0.1) with the PDF attached, once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOLETO_MESSAGES as M } from '@pdv/domain/boleto';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { startFakeSmtp, type FakeSmtp } from '../../testing/fake-smtp.ts';
import { expectOk } from '../../testing/routes.ts';
import { loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let manager: string;
let cashier: string;
let other: string;
let f: SaleFixture;
let payer: number;
let smtp: FakeSmtp;
const RUN = String(Date.now() % 100000);
const EMAIL = `pagador${RUN}@exemplo.com.br`;
type Json = Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp({ sefaz: true });
  manager = await t.login('gerente@demo.com.br');
  cashier = await t.login('caixa@demo.com.br');
  other = await t.login('outra@demo.com.br');
  f = await loadSaleFixture(t.db);
  smtp = await startFakeSmtp();
  payer = await t.db.system(async (tx) => {
    const id = Number((await tx.query<{ id: number }>(`SELECT p.id_pessoa AS id FROM pessoa p JOIN organization o USING (id_organization)
      WHERE o.nome = 'Demo Moda' AND p.cpf IS NOT NULL AND p.nome <> 'Consumidor Final'
        AND EXISTS (SELECT 1 FROM pessoa_endereco e WHERE e.id_organization = p.id_organization AND e.id_pessoa = p.id_pessoa AND e.id_cidade IS NOT NULL
                     AND e.cep IS NOT NULL AND e.numero IS NOT NULL AND e.bairro IS NOT NULL)
      ORDER BY p.id_pessoa LIMIT 1`)).rows[0]!.id);
    await tx.query('UPDATE pessoa SET email = $2 WHERE id_pessoa = $1', [id, EMAIL]);
    return id;
  });
}, 120_000);
afterAll(async () => {
  await smtp.close();
  await t.close();
});

async function boletoSale(): Promise<number> {
  const body = saleBody(f, { id_cliente: payer, modelo: '65' }, 2);
  const total = body.pagamentos[0]!.valor_total;
  body.pagamentos = [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['15']!, valor_total: total, quantidade_parcelas: 2 }];
  const sold = await t.call('POST', '/operacao', body, manager);
  expect(sold.status, JSON.stringify(sold.json)).toBe(200);
  return sold.json['id_nota_fiscal'] as number;
}

describe('boletos after an invoice (emitir_boleto_apos_nota)', () => {
  it('asks once the invoice is authorized, issues its receivables\' boletos, and e-mails them when the branch says so', async () => {
    const id = await boletoSale();
    // Not yet authorized: nothing to ask.
    const early = await t.call('POST', '/demand/invoice-boletos', { id_nota_fiscal: id }, manager);
    expect([early.status, early.json['message']]).toEqual([400, M.invoiceNotAuthorized]);
    const sent = await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: id }, manager);
    expect(sent.json['success'], JSON.stringify(sent.json)).toBe(true);

    // No default configuration: the receivables are named, the question is not asked (a warning says why).
    const noConfig = await expectOk(t, 'demandInvoiceBoletos', { id_nota_fiscal: id }, manager);
    expect(noConfig.json).toMatchObject({ pergunta: null, aviso: M.invoiceNoConfig, id_configuracao_boleto: null });
    expect(noConfig.json['documentos']).toHaveLength(2);

    const itau = await t.db.system(async (tx) => Number((await tx.query<{ id: number }>(`SELECT id_conta AS id FROM conta_bancaria c JOIN organization o USING (id_organization) WHERE o.nome = 'Demo Moda' AND c.id_banco = 341`)).rows[0]!.id));
    const cfg = await expectOk(t, 'boletoConfigCreate', { descricao: `Itaú após nota ${RUN}`, id_conta: itau, carteira: '109', is_padrao: true }, manager);
    const ask = await expectOk(t, 'demandInvoiceBoletos', { id_nota_fiscal: id }, manager);
    const numero = String(ask.json['numero']);
    expect(ask.json).toMatchObject({ pergunta: M.askAfterInvoice(numero), aviso: null, id_configuracao_boleto: cfg.json['id_configuracao_boleto'] });
    const documentos = ask.json['documentos'] as number[];
    const byInvoice = (await expectOk(t, 'documentFinancialByInvoice', { id_nota_fiscal: id }, manager)).json['rows'] as Json[];
    expect([...documentos].sort()).toEqual(byInvoice.map((d) => d['id_documento_financeiro']).sort());

    // Another organization, or a user without the boletos permission, gets nothing.
    expect((await t.call('POST', '/demand/invoice-boletos', { id_nota_fiscal: id }, other)).status).toBe(404);
    expect((await t.call('POST', '/demand/invoice-boletos', { id_nota_fiscal: id }, cashier)).status).toBe(403);

    // The branch sends boletos by e-mail through its e-mail account (a fake SMTP server here).
    await t.db.system(async (tx) => {
      await tx.query('UPDATE filial_configuracao SET enviar_email_boleto = true WHERE id_filial = $1', [f.id_filial]);
      await tx.query(`INSERT INTO filial_email (id_organization, id_filial, email, servidor_smtp, porta, seguranca, is_padrao)
        SELECT id_organization, id_filial, 'loja@demomoda.exemplo.com.br', '127.0.0.1', $2, 'Nenhuma', true FROM filial WHERE id_filial = $1`, [f.id_filial, smtp.port]);
    });
    const yes = await expectOk(t, 'demandCreate', { id_configuracao_boleto: ask.json['id_configuracao_boleto'], documentos }, manager);
    expect((yes.json['resultados'] as Json[]).map((r) => r['success'])).toEqual([true, true]);
    expect(yes.json['emails']).toBe(2);
    const after = await expectOk(t, 'demandInvoiceBoletos', { id_nota_fiscal: id }, manager);
    expect(after.json).toMatchObject({ documentos: [], pergunta: null });

    const before = smtp.received.length;
    const mails = await expectOk(t, 'demandSendEmails', {}, manager);
    expect(mails.json).toMatchObject({ enviados: 2, falhas: 0, pendentes: 0, message: M.mailSent(2, 0) });
    const got = smtp.received.slice(before);
    expect(got.map((m) => m.to)).toEqual([[EMAIL], [EMAIL]]);
    expect(got.every((m) => m.data.includes('application/pdf') && /filename="?boleto-/.test(m.data) && m.data.includes('Linha digit'))).toBe(true);
    const again = await expectOk(t, 'demandSendEmails', {}, manager);
    expect(again.json).toMatchObject({ enviados: 0, pendentes: 0 });
    expect(smtp.received.length).toBe(before + 2);
    const rows = await t.db.system(async (tx) => (await tx.query<{ situacao: string; tentativas: number }>(
      `SELECT e.situacao, e.tentativas FROM boleto_email e JOIN boleto b USING (id_organization, id_boleto) WHERE b.id_documento_financeiro = ANY($1::int[])`, [documentos])).rows);
    expect(rows).toEqual([{ situacao: 'Enviado', tentativas: 1 }, { situacao: 'Enviado', tentativas: 1 }]);
  });

  it('queues nothing when the branch does not send boletos by e-mail, and without an e-mail account nothing is sent', async () => {
    await t.db.system((tx) => tx.query('UPDATE filial_configuracao SET enviar_email_boleto = false WHERE id_filial = $1', [f.id_filial]));
    const id = await boletoSale();
    await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: id }, manager);
    const ask = await expectOk(t, 'demandInvoiceBoletos', { id_nota_fiscal: id }, manager);
    const yes = await expectOk(t, 'demandCreate', { id_configuracao_boleto: ask.json['id_configuracao_boleto'], documentos: ask.json['documentos'] }, manager);
    expect(yes.json['emails']).toBe(0);
    await t.db.system((tx) => tx.query('UPDATE filial_email SET data_exclusao = now(), is_padrao = false WHERE id_filial = $1', [f.id_filial]));
    const none = await expectOk(t, 'demandSendEmails', {}, manager);
    expect(none.json).toMatchObject({ enviados: 0, message: M.mailNoAccount });
  });
});
