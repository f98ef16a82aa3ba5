/**
 * Routes of the boletos (001 §7 "Boletos (demand)"; /bank_account/get-next-our-number and get-next-remessa-number):
 * scoped by the caller's organization and active branch, permission from the route table. The commands are boletos.ts.
 */
import { notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import type { Caller } from '../auth/caller.ts';
import * as mail from './boleto-mail.ts';
import * as conn from './boleto-connector.ts';
import * as bq from './boleto-queries.ts';
import * as svc from './boletos.ts';

const scope = (c: Caller) => ({ org: c.id_organization, id_filial: c.id_filial });

export const boletoHandlers = {
  demandFind: ({ tx, caller, body }) => bq.findBoletos(tx, scope(caller), { ...body.filter, search: body.search }, { skip: body.skip, take: body.take }),
  demandGetById: ({ tx, caller, body }) => svc.boletoById(tx, scope(caller), body.id_boleto),
  demandCreate: async ({ tx, caller, body }) => {
    const { resultados, emails } = await svc.issueBoletos(tx, scope(caller), caller.id_usuario, body, true);
    return { resultados, emails: await mail.queueBoletoEmails(tx, scope(caller), emails) };
  },
  demandValidateCreate: async ({ tx, caller, body }) => ({ resultados: (await svc.issueBoletos(tx, scope(caller), caller.id_usuario, body, false)).resultados }),
  demandInvoiceBoletos: ({ tx, caller, body }) => mail.invoiceBoletos(tx, scope(caller), body.id_nota_fiscal),
  // Outside the request transaction (OUTSIDE_TRANSACTION): no transaction stays open while the SMTP server answers.
  demandSendEmails: ({ run, caller, deps }) => mail.sendBoletoEmails(run, scope(caller), deps.mail),
  demandByDocuments: async ({ tx, caller, body }) => ({ rows: (await bq.findBoletos(tx, scope(caller), { search: '', documentos: body.documentos })).rows }),
  demandSyncDocuments: ({ tx, caller, body }) => svc.syncDocuments(tx, scope(caller), body.documentos),
  demandUpdate: ({ tx, caller, body }) => svc.cancel(tx, scope(caller), body.id_boleto),
  demandPdf: ({ tx, caller, body }) => svc.boletoPdfOf(tx, scope(caller), body.id_boleto),
  demandUpdateRemessa: ({ tx, caller, body }) => svc.generateRemessa(tx, scope(caller), caller.id_usuario, body.id_conta),
  demandRemessaFile: ({ tx, caller, body }) => svc.remessaFile(tx, scope(caller), body.id_boleto_remessa),
  demandRetorno: ({ tx, caller, body }) => svc.processRetorno(tx, scope(caller), caller.id_usuario, body),
  demandConnectorReserve: ({ tx, caller, body }) => conn.reserve(tx, scope(caller), caller.id_usuario, body),
  demandConnectorRecord: async ({ tx, caller, body }) => {
    const { resultados, emails } = await conn.record(tx, scope(caller), caller.id_usuario, body);
    return { resultados, emails: await mail.queueBoletoEmails(tx, scope(caller), emails) };
  },
  demandConnectorRemessa: ({ tx, caller, body }) => conn.remessaRequest(tx, scope(caller), body.id_conta),
  demandConnectorRemessaRecord: ({ tx, caller, body }) => conn.recordRemessa(tx, scope(caller), caller.id_usuario, body),
  demandConnectorAccount: ({ tx, caller, body }) => conn.retornoRequest(tx, scope(caller), body.id_conta),
  bankAccountNextOurNumber: async ({ tx, caller, body }) => {
    const n = await bq.peekSequence(tx, caller.id_organization, body.id_conta, 'sequencia_nosso_numero');
    if (n === undefined) throw notFound();
    return { numero: n };
  },
  bankAccountNextRemessaNumber: async ({ tx, caller, body }) => {
    const n = await bq.peekSequence(tx, caller.id_organization, body.id_conta, 'sequencia_arquivo_remessa');
    if (n === undefined) throw notFound();
    return { numero: n };
  },
} satisfies Partial<Handlers>;
