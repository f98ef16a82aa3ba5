import { randomUUID } from 'node:crypto';
import { fromDecimal, toDecimal } from '@pdv/domain/money';
import { notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import { details } from '../finance/documents.ts';
import { maskCardData } from './card-data.ts';
import { receiveAtTill } from './receipt.ts';
import { customerExists } from './return-queries.ts';
import { returnHandlers } from './return-routes.ts';
import { processOperation } from './service.ts';
import { voucherPrintHandlers } from './voucher-print.ts';

export const operationHandlers = {
  operacao: ({ tx, caller, body }) => processOperation(tx, caller, maskCardData(body)),
  /**
   * The till's discharge (001 §7 discharge_document_checkout): the receipt mode's path (receiveAtTill: the same
   * allocation, late charges and till shift) in the caller's active branch, refused when the total the screen showed
   * is no longer what the documents owe.
   */
  documentFinancialDischargeCheckout: async ({ tx, caller, body }) => {
    // Another organization's customer answers like a missing one (its documents then are nobody's here).
    if (!(await customerExists(tx, caller.id_organization, body.id_cliente))) throw notFound();
    const r = await receiveAtTill(tx, caller, {
      id_operacao: randomUUID(), id_filial: caller.id_filial, id_cliente: body.id_cliente, documentos: body.documentos,
      pagamentos: body.pagamentos, receivedAt: new Date().toISOString(), expectedTotal: fromDecimal(body.valor_total),
    });
    return {
      valor_total: toDecimal(r.due), valor_troco: toDecimal(r.troco),
      documentos: await details(tx, { org: caller.id_organization, id_filial: caller.id_filial }, r.ids),
    };
  },
  ...returnHandlers,
  ...voucherPrintHandlers,
} satisfies Partial<Handlers>;
