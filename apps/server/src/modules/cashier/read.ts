/**
 * Reading till shifts (issue 23): the branch's list (20 a page, data_abertura desc: 002 §9), one shift with its ledger
 * and count, the caller's open shift, the Z report, and 000 §7.4 process_canceled_sale.
 *
 * The count is blind: while a shift is open, the expected amounts (and so the differences) are answered only to a
 * holder of CASHIER_PERMISSIONS.seeExpected; once closed, the Z report shows them to whoever reads the shift.
 */
import type { CashierDetail, CashierRow } from '@pdv/contract/cashier';
import { CASHIER_MESSAGES, CASHIER_OPERATION, CASHIER_PERMISSIONS, CASHIER_STATUS, expectedByMethod, verification } from '@pdv/domain/cashier';
import { toDecimal, type Cents } from '@pdv/domain/money';
import { branchOffset } from '@pdv/domain/time-zone';
import type { CashierZData } from '@pdv/documents/cashier-z';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import * as q from './queries.ts';

export const listShifts = (tx: Tx, caller: Caller, body: { search: string; skip: number; take: number; situacao?: string | undefined }) =>
  q.list(tx, caller.id_organization, caller.id_filial, body);

export async function currentShift(tx: Tx, caller: Caller): Promise<{ caixa: CashierRow | null }> {
  const [open] = await q.openShifts(tx, caller.id_organization, caller.id_filial, caller.id_usuario);
  return { caixa: open ? q.publicRow(open) : null };
}

async function loadShift(tx: Tx, caller: Caller, id_caixa: number): Promise<q.Shift> {
  const shift = await q.findShift(tx, caller.id_organization, caller.id_filial, id_caixa);
  if (!shift) throw notFound();
  return shift;
}

export async function shiftDetail(tx: Tx, caller: Caller, id_caixa: number): Promise<CashierDetail> {
  const org = caller.id_organization;
  const shift = await loadShift(tx, caller, id_caixa);
  const ledger = await q.ledger(tx, org, id_caixa);
  const counted = await q.counts(tx, org, id_caixa);
  const methods = await q.activeMethods(tx, org);
  const names = new Map(methods.map((m) => [m.id_meio_pagamento, m.descricao]));
  for (const op of ledger) for (const l of op.lancamentos) names.set(l.id_meio_pagamento, l.meio_pagamento);
  const see = caller.ability.can('read', CASHIER_PERMISSIONS.seeExpected) || shift.situacao === CASHIER_STATUS.closed;
  const lines = verification(expectedByMethod(ledger), counted);
  const money = (c: Cents) => toDecimal(c);
  return {
    ...q.publicRow(shift),
    ver_esperado: see,
    operacoes: ledger.map((op) => ({
      id_caixa_operacao: op.id_caixa_operacao, tipo: op.tipo, data: op.data, valor_total_liquido: money(op.valor_total_liquido),
      is_estornado: op.is_estornado, observacao: op.observacao,
      lancamentos: op.lancamentos.map((l) => ({ id_meio_pagamento: l.id_meio_pagamento, meio_pagamento: l.meio_pagamento, valor: money(l.valor) })),
    })),
    // Blind: without the permission, only the methods counted, and no expected amount nor difference.
    apuracao: lines.filter((l) => see || counted.has(l.id_meio_pagamento)).map((l) => ({
      id_meio_pagamento: l.id_meio_pagamento,
      meio_pagamento: names.get(l.id_meio_pagamento) ?? String(l.id_meio_pagamento),
      apurado: counted.has(l.id_meio_pagamento) ? money(l.apurado) : null,
      esperado: see ? money(l.esperado) : null,
      diferenca: see ? money(l.diferenca) : null,
    })),
    meios_pagamento: methods,
  };
}

/** The Z report's data of a shift: while open only for holders of the expected-amounts permission (it shows them). */
export async function shiftReportData(tx: Tx, caller: Caller, id_caixa: number): Promise<CashierZData> {
  const org = caller.id_organization;
  const shift = await loadShift(tx, caller, id_caixa);
  if (shift.situacao !== CASHIER_STATUS.closed && !caller.ability.can('read', CASHIER_PERMISSIONS.seeExpected)) {
    throw badRequest(CASHIER_MESSAGES.reportNeedsClose);
  }
  const ledger = await q.ledger(tx, org, id_caixa);
  const counted = await q.counts(tx, org, id_caixa);
  const names = new Map((await q.activeMethods(tx, org)).map((m) => [m.id_meio_pagamento, m.descricao]));
  for (const op of ledger) for (const l of op.lancamentos) names.set(l.id_meio_pagamento, l.meio_pagamento);
  const live = ledger.filter((op) => !op.is_estornado);
  const sales = new Map<number, Cents>();
  for (const op of live.filter((o) => o.tipo === CASHIER_OPERATION.sale)) {
    for (const l of op.lancamentos) sales.set(l.id_meio_pagamento, (sales.get(l.id_meio_pagamento) ?? 0) + l.valor);
  }
  const receipts = new Map<number, Cents>();
  for (const op of live.filter((o) => o.tipo === CASHIER_OPERATION.receipt)) {
    for (const l of op.lancamentos) receipts.set(l.id_meio_pagamento, (receipts.get(l.id_meio_pagamento) ?? 0) + l.valor);
  }
  const of = (tipo: string) => live.filter((o) => o.tipo === tipo);
  const total = (tipo: string) => of(tipo).reduce((s, o) => s + o.valor_total_liquido, 0);
  const settings = await q.branchSettings(tx, org, shift.id_filial);
  const header = await q.reportHeader(tx, org, shift.id_filial);
  return {
    loja: header.nome_fantasia, id_caixa, usuario: shift.usuario, situacao: shift.situacao, data_abertura: shift.data_abertura,
    data_fechamento: shift.data_fechamento, fuso_horario: branchOffset(settings.fuso_horario),
    vendas: [...sales].map(([id, valor]) => ({ meio_pagamento: names.get(id) ?? String(id), valor })),
    recebimentos: [...receipts].map(([id, valor]) => ({ meio_pagamento: names.get(id) ?? String(id), valor })),
    abertura: total(CASHIER_OPERATION.opening),
    sangrias: of(CASHIER_OPERATION.withdrawal).map((o) => ({ data: o.data, valor: o.valor_total_liquido, observacao: o.observacao })),
    suprimentos: of(CASHIER_OPERATION.supply).map((o) => ({ data: o.data, valor: o.valor_total_liquido, observacao: o.observacao })),
    devolucoes: total(CASHIER_OPERATION.saleReturn),
    estornos: total(CASHIER_OPERATION.reversal),
    apuracao: verification(expectedByMethod(ledger), counted).map((l) => ({ ...l, meio_pagamento: names.get(l.id_meio_pagamento) ?? String(l.id_meio_pagamento) })),
    is_duplicado: shift.is_duplicado,
  };
}

/**
 * 000 §7.4 /cashier_operation/process_canceled_sale: a cancelled sale leaves the till. Its shift still open: the sale's
 * entry is marked reversed (it no longer counts). Its shift closed (what was counted then stays as it was): a reversal
 * entry (Estorno) goes into the caller's open shift, where the money leaves now. Once only.
 */
export async function processCanceledSale(
  tx: Tx, caller: Caller, body: { id_nota_fiscal?: number | null | undefined; id_pedido?: number | null | undefined },
) {
  const org = caller.id_organization;
  const cancelled = await q.saleCancelled(tx, org, caller.id_filial, body);
  if (cancelled === null) throw notFound();
  if (!cancelled) throw badRequest(CASHIER_MESSAGES.saleNotCancelled);
  const entry = await q.lockSaleEntry(tx, org, caller.id_filial, body);
  if (!entry) throw badRequest(CASHIER_MESSAGES.saleNotInShift);
  if (entry.is_estornado || entry.reversed) throw badRequest(CASHIER_MESSAGES.saleAlreadyReversed);
  const own = entry.id_caixa === null ? null : await q.findShift(tx, org, caller.id_filial, entry.id_caixa);
  if (!own || own.situacao === CASHIER_STATUS.open) {
    await q.markReversed(tx, org, entry.id_caixa_operacao);
    const total = (await q.launchesOf(tx, org, entry.id_caixa_operacao)).reduce((s, l) => s + l.valor, 0);
    return { id_caixa: entry.id_caixa ?? 0, id_caixa_operacao: entry.id_caixa_operacao, tipo: CASHIER_OPERATION.sale,
      valor_total_liquido: toDecimal(total), is_estornado: true };
  }
  const [current] = await q.openShifts(tx, org, caller.id_filial, caller.id_usuario);
  if (!current) throw badRequest(CASHIER_MESSAGES.reversalNeedsShift);
  const lancamentos = await q.launchesOf(tx, org, entry.id_caixa_operacao);
  const id = await q.insertOperation(tx, {
    org, id_caixa: current.id_caixa, id_filial: caller.id_filial, id_usuario: caller.id_usuario, tipo: CASHIER_OPERATION.reversal,
    data: new Date().toISOString(), observacao: CASHIER_MESSAGES.reversalNote, id_nota_fiscal: body.id_nota_fiscal ?? null,
    id_pedido: body.id_pedido ?? null, id_pessoa: entry.id_pessoa, id_caixa_operacao_origem: entry.id_caixa_operacao, lancamentos,
  });
  return { id_caixa: current.id_caixa, id_caixa_operacao: id, tipo: CASHIER_OPERATION.reversal,
    valor_total_liquido: toDecimal(lancamentos.reduce((s, l) => s + l.valor, 0)), is_estornado: true };
}
