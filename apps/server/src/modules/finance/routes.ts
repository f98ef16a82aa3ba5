/**
 * Routes of the financial documents (001 §7 "Financial documents"): the list of the active branch with its filters and
 * totals (due dates of the current month by default, 20 a page, data_vencimento desc), one document, create, update,
 * split, cancel one or many, discharge, the launches of a document and the reversal of one. Permission and scope come
 * from the route table; every query is scoped by the caller's organization and active branch.
 */
import { fromDecimal, toDecimal } from '@pdv/domain/money';
import { notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import type { Caller } from '../auth/caller.ts';
import * as q from './document-queries.ts';
import * as svc from './documents.ts';

const scope = (c: Caller): q.Scope => ({ org: c.id_organization, id_filial: c.id_filial });

/** The due-date period of the list: the current month of the branch when the filter leaves it out. */
function listFilter(today: string, filter: { operacao?: 'Entrada' | 'Saida' | undefined; situacao?: q.DocumentRow['situacao'] | q.DocumentRow['situacao'][] | undefined; id_pessoa?: number | undefined; data_inicio?: string | undefined; data_fim?: string | undefined }, search: string): q.ListFilter {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return {
    operacao: filter.operacao,
    situacao: filter.situacao === undefined ? undefined : Array.isArray(filter.situacao) ? filter.situacao : [filter.situacao],
    id_pessoa: filter.id_pessoa,
    data_inicio: filter.data_inicio ?? `${today.slice(0, 8)}01`,
    data_fim: filter.data_fim ?? `${today.slice(0, 8)}${String(last).padStart(2, '0')}`,
    search,
  };
}

function totalsOut(t: q.Totals) {
  return { quantidade: t.quantidade, valor_documento: toDecimal(t.valor_documento), valor_pago: toDecimal(t.valor_pago), saldo: toDecimal(t.saldo) };
}

export const financeHandlers = {
  documentFinancialFind: async ({ tx, caller, body }) => {
    const s = scope(caller);
    const today = await svc.branchToday(tx, s);
    const f = listFilter(today.date, body.filter, body.search);
    const rows = await q.findDocuments(tx, s, f, body);
    const totais = await q.documentTotals(tx, s, f);
    return { rows: rows.map((d) => svc.documentOut(d, today)), count: totais.quantidade, totais: totalsOut(totais) };
  },
  documentFinancialFindValues: async ({ tx, caller, body }) => {
    const s = scope(caller);
    const today = await svc.branchToday(tx, s);
    return totalsOut(await q.documentTotals(tx, s, listFilter(today.date, body.filter, body.search)));
  },
  documentFinancialFindById: ({ tx, caller, body }) => svc.detail(tx, scope(caller), body.id_documento_financeiro),
  documentFinancialCreate: ({ tx, caller, body }) => {
    const { operacao, ...d } = body;
    return svc.createDocument(tx, scope(caller), operacao, d, caller.id_usuario);
  },
  documentFinancialUpdate: ({ tx, caller, body }) => {
    const { id_documento_financeiro, ...d } = body;
    return svc.updateDocument(tx, scope(caller), id_documento_financeiro, d);
  },
  documentFinancialSplit: async ({ tx, caller, body }) => ({
    documentos: await svc.splitDocument(tx, scope(caller), body.id_documento_financeiro, body.parcelas),
  }),
  documentFinancialCancel: async ({ tx, caller, body }) => {
    const [d] = await svc.cancelDocuments(tx, scope(caller), [body.id_documento_financeiro]);
    return d ?? svc.detail(tx, scope(caller), body.id_documento_financeiro);
  },
  documentFinancialCancelMany: async ({ tx, caller, body }) => ({ documentos: await svc.cancelDocuments(tx, scope(caller), body.ids) }),
  documentFinancialDischarge: ({ tx, caller, body }) => svc.discharge(tx, scope(caller), caller.id_usuario, body),
  documentFinancialFindByNumber: async ({ tx, caller, body }) => {
    const s = scope(caller);
    const today = await svc.branchToday(tx, s);
    return { rows: (await q.documentsWhere(tx, s, 'numero', body.numero, body.operacao)).map((d) => svc.documentOut(d, today)) };
  },
  documentFinancialNextNumber: async ({ tx, caller }) => ({ numero: await q.nextNumber(tx, scope(caller)) }),
  documentFinancialByInvoice: async ({ tx, caller, body }) => {
    const s = scope(caller);
    const today = await svc.branchToday(tx, s);
    if (!(await q.invoiceOfBranch(tx, s, body.id_nota_fiscal))) throw notFound();
    return { rows: (await q.documentsWhere(tx, s, 'id_nota_fiscal', body.id_nota_fiscal)).map((d) => svc.documentOut(d, today)) };
  },
  documentFinancialLaunchCancel: ({ tx, caller, body }) => svc.reverseLaunch(tx, scope(caller), body.id_documento_financeiro_lancamento, body.observacao),
  documentFinancialFindInvoice: ({ tx, caller, body }) => svc.invoiceOf(tx, scope(caller), body.id_documento_financeiro),
  documentFinancialFindReport: async ({ tx, caller, body }) => {
    const s = scope(caller);
    const today = await svc.branchToday(tx, s);
    return svc.report(tx, s, listFilter(today.date, body.filter, body.search), body.agrupamento, body.tipo);
  },
  documentFinancialLaunchCreate: async ({ tx, caller, body }) => {
    const s = scope(caller);
    await svc.discharge(tx, s, caller.id_usuario, {
      documentos: [body.id_documento_financeiro], valor_total: body.valor, valor_desconto: body.valor_desconto, valor_acrescimo: body.valor_acrescimo,
      calcular_juros_multa: false, typedCharges: { juros: fromDecimal(body.valor_juros), multa: fromDecimal(body.valor_multa) },
      id_conta: body.id_conta, id_meio_pagamento: body.id_meio_pagamento, data_pagamento: body.data_efetivacao, observacao: body.observacao,
    });
    return svc.detail(tx, s, body.id_documento_financeiro);
  },
  documentFinancialLaunchUpdate: ({ tx, caller, body }) => {
    const { id_documento_financeiro_lancamento, ...change } = body;
    return svc.updateLaunch(tx, scope(caller), id_documento_financeiro_lancamento, change);
  },
  documentFinancialLaunchFind: async ({ tx, caller, body }) => {
    const d = await svc.detail(tx, scope(caller), body.id_documento_financeiro);
    return { rows: d.lancamentos };
  },
} satisfies Partial<Handlers>;
