import type { Handlers } from '../../http/handlers.ts';
import { notFound } from '../../http/errors.ts';
import { activeBranch, createInvoice, updateInvoice } from './service.ts';
import * as q from './queries.ts';
import type { InvoiceDetail } from '@pdv/contract/invoice';
import type { Deps } from '../../http/handlers.ts';
import { signedLink } from './links.ts';
import { changeSeller, duplicateInvoice, linkSeller } from './copy-seller.ts';
import { changeTransmissionType, splitInvoiceItem } from './editor-actions.ts';
import { calculateSubtotalDiscount, recalcValueItems, resetSubtotalDiscount } from './subtotal-discount.ts';

/** The XML download link of a detail is a signed one (a browser tab carries no token). */
function withLinks(detail: InvoiceDetail | null, deps: Deps, org: number): InvoiceDetail {
  if (!detail) throw notFound();
  return detail.url_xml_distribuicao
    ? { ...detail, url_xml_distribuicao: signedLink(deps.fiscal.linkSecret, 'xml', org, detail.id_nota_fiscal, deps.fiscal.now()) }
    : detail;
}

export const invoiceHandlers = {
  invoiceFind: async ({ tx, caller, body }) => {
    const id_filial = activeBranch(caller);
    const offset = await q.branchOffset(tx, caller.id_organization, id_filial);
    return q.listInvoices(tx, caller.id_organization, id_filial, { ...body, ...body.filter }, offset);
  },
  invoiceListValues: async ({ tx, caller, body }) => {
    const id_filial = activeBranch(caller);
    const offset = await q.branchOffset(tx, caller.id_organization, id_filial);
    const filter = { search: '', ...body.filter };
    return {
      situacoes: await q.listValues(tx, caller.id_organization, id_filial, filter, offset),
      devolucoes: await q.listReturnValues(tx, caller.id_organization, id_filial, filter, offset),
    };
  },
  invoiceFindById: async ({ tx, caller, body, deps }) =>
    withLinks(await q.loadDetail(tx, caller.id_organization, activeBranch(caller), body.id_nota_fiscal), deps, caller.id_organization),
  invoiceFindByKey: async ({ tx, caller, body, deps }) => {
    const id = await q.findIdBy(tx, caller.id_organization, activeBranch(caller), 'chave_acesso', body.chave_acesso);
    return withLinks(id === null ? null : await q.loadDetail(tx, caller.id_organization, activeBranch(caller), id), deps, caller.id_organization);
  },
  invoiceOperationFind: async ({ tx, caller, body, deps }) => {
    const id = await q.findIdBy(tx, caller.id_organization, activeBranch(caller), 'id_operacao', body.id);
    return withLinks(id === null ? null : await q.loadDetail(tx, caller.id_organization, activeBranch(caller), id), deps, caller.id_organization);
  },
  invoicePost: ({ tx, caller, body }) => createInvoice(tx, caller, body),
  invoicePut: ({ tx, caller, body }) => updateInvoice(tx, caller, body),
  invoiceDuplicate: ({ tx, caller, body }) => duplicateInvoice(tx, caller, body.id_nota_fiscal),
  invoiceLinkSeller: ({ tx, caller, body }) => linkSeller(tx, caller, body),
  invoiceChangeSeller: ({ tx, caller, body }) => changeSeller(tx, caller, body),
  invoiceItemUpdateUserSeller: ({ tx, caller, body }) => changeSeller(tx, caller, body),
  invoiceItemCalculateSubtotalDiscount: ({ tx, caller, body }) => calculateSubtotalDiscount(tx, caller, body),
  invoiceItemResetSubTotalDiscount: ({ tx, caller, body }) => resetSubtotalDiscount(tx, caller, body.id_nota_fiscal),
  invoiceItemRecalcValueItems: ({ tx, caller, body }) => recalcValueItems(tx, caller, body.id_nota_fiscal),
  invoiceChangeTransmissionType: ({ tx, caller, body }) => changeTransmissionType(tx, caller, body),
  invoiceItemSplit: ({ tx, caller, body }) => splitInvoiceItem(tx, caller, body),
} satisfies Partial<Handlers>;
