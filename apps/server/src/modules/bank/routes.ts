/** Handlers of the bank integration routes (contract routes.ts bankIntegrationRoutes). */
import type { Handlers } from '../../http/handlers.ts';
import * as pix from './pix.ts';
import * as q from './queries.ts';
import * as svc from './service.ts';

export const bankHandlers = {
  bankAuthCompany: ({ deps, body }) => svc.authCompany(deps.bank, body),
  bankValidateAuthCompany: ({ deps, run, caller, body }) => svc.validateAuthCompany(deps.bank, run, caller, body),
  bankSession: ({ tx, caller }) => svc.bankSession(tx, caller),
  bankInvoice: ({ deps, run, caller, body }) => svc.registerBoleto(deps.bank, run, caller, body),
  bankInvoiceList: async ({ tx, caller, body }) => {
    await svc.requireBankLogin(tx, caller);
    const r = await q.listBoletos(tx, { org: caller.id_organization, id_filial: caller.id_filial }, body);
    return { rows: r.rows.map(svc.publicBoleto), count: r.count };
  },
  bankInvoiceFindByCode: ({ deps, run, caller, body }) => svc.findBoleto(deps.bank, run, caller, body.idDemand),
  bankInvoiceCancel: ({ deps, run, caller, body }) => svc.cancelBoleto(deps.bank, run, caller, body.idDemand),
  bankInstantPayment: ({ deps, run, caller, body }) => svc.instantPayments(deps.bank, run, caller, body),
  bankListStatements: ({ deps, run, caller, body }) => svc.statements(deps.bank, run, caller, body.id_conta),
  bankNewQrcodeDynamic: ({ deps, run, caller, body }) => pix.newCharge(deps.bank, run, caller, body),
  bankFindByCode: async ({ tx, caller, body }) => pix.publicPix(await pix.chargeOf(tx, caller, body.txid)),
  bankPixConfirmManual: ({ deps, run, caller, body }) => pix.confirmManually(deps.bank, run, caller, body),
  bankPixList: async ({ tx, caller, body }) => {
    const r = await q.listPix(tx, { org: caller.id_organization, id_filial: caller.id_filial }, body);
    return { rows: r.rows.map(pix.publicPix), count: r.count };
  },
} satisfies Partial<Handlers>;
