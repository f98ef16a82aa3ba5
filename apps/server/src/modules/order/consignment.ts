/**
 * Consignment steps (000 §4.5, §7.3): consignment_invoice_pending sends the items to the customer, _return records
 * what came back, _finish sells what did not, _sell invoices (a draft, through order-invoice-list) what the customer
 * kept, consignment_cancel cancels. Each step locks the order and checks the consignment rules of the domain.
 * Stock (through the stock owner): sending reserves the units (consignmentReserved: sent minus returned, from sending
 * until invoiced), a return releases what came back, cancelling releases the rest, and the sale's invoice releases and
 * takes what the customer kept, its movements owned by the invoice (authorizing it takes no more).
 */
import type { z } from 'zod';
import type { consignmentReturnBody, consignmentSellBody, OrderFull } from '@pdv/contract/order';
import {
  CONSIGNMENT_MESSAGES, consignmentReserved, consignmentStepError, finishLine, returnErrors, type ConsignmentStep,
} from '@pdv/domain/consignment-rules';
import { formatMoney, fromDecimal, quantityFromDecimal, quantityToDecimal } from '@pdv/domain/money';
import { buildInstallments } from '@pdv/domain/payment';
import { createsReceivables } from '@pdv/domain/payment-method';
import { localDate } from '@pdv/domain/period';
import { SALE_BUILD_MESSAGES } from '@pdv/domain/sale-build';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { customerError, statusChangeError } from '@pdv/domain/order-rules';
import type { OrderStatus } from '@pdv/domain/operation-state';
import type { Tx } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { findDefaultModels, findMethods, findSaleConfig } from '../settings/queries.ts';
import { reserveStock, takeReservedStock, type StockContext, type StockLine } from '../stock/service.ts';
import { insertReceivable } from '../finance/service.ts';
import { insertCardReceivables } from '../finance/card-receivables.ts';
import { invoiceOrders, type GivenPayment } from './invoice-list.ts';
import { loadOrThrow } from './service.ts';
import { branchOffsetHours, lockOrder, type LockedOrder } from './writes.ts';

type ReturnBody = z.output<typeof consignmentReturnBody>;
type SellBody = z.output<typeof consignmentSellBody>;

async function lockConsignment(tx: Tx, caller: Caller, id_pedido: number, step?: ConsignmentStep): Promise<LockedOrder> {
  const order = await lockOrder(tx, caller.id_organization, caller.id_filial, id_pedido);
  if (!order) throw new HttpError(404, ORDER_MESSAGES.notFound);
  if (order.operacao !== 'Consignacao') throw badRequest(CONSIGNMENT_MESSAGES.notConsignment);
  const refused = step ? consignmentStepError(order, step) : null;
  if (refused) throw badRequest(refused);
  return order;
}

interface Line {
  id_pedido_item: number; descricao: string; quantidade: number; quantidade_retorno: number; quantidade_venda: number;
  id_produto_grade_filial: number | null; id_endereco_estoque: number | null; situacao_consignacao: string | null;
}

async function liveLines(tx: Tx, org: number, id_pedido: number): Promise<Line[]> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT id_pedido_item, descricao, quantidade::text, quantidade_retorno::text, quantidade_venda::text,
            id_produto_grade_filial, id_endereco_estoque, situacao_consignacao FROM pedido_item
      WHERE id_organization = $1 AND id_pedido = $2 AND data_exclusao IS NULL AND NOT is_cancelado ORDER BY id_pedido_item`,
    [org, id_pedido],
  );
  return rows.map((r) => ({
    id_pedido_item: Number(r['id_pedido_item']), descricao: String(r['descricao']),
    quantidade: quantityFromDecimal(String(r['quantidade'])), quantidade_retorno: quantityFromDecimal(String(r['quantidade_retorno'])),
    quantidade_venda: quantityFromDecimal(String(r['quantidade_venda'])),
    id_produto_grade_filial: r['id_produto_grade_filial'] == null ? null : Number(r['id_produto_grade_filial']),
    id_endereco_estoque: r['id_endereco_estoque'] == null ? null : Number(r['id_endereco_estoque']),
    situacao_consignacao: (r['situacao_consignacao'] as string | null) ?? null,
  }));
}

function stockContext(caller: Caller, id_pedido: number, id_nota_fiscal: number | null = null): StockContext {
  return { org: caller.id_organization, id_filial: caller.id_filial, id_usuario: caller.id_usuario, id_operacao: null, id_pedido, id_nota_fiscal };
}

/** The (grid row, address) quantities of `lines`, each line's quantity given by `of`; lines without a place are skipped. */
function byPlace<T extends Line>(lines: readonly T[], of: (l: T) => number): StockLine[] {
  const merged = new Map<string, StockLine>();
  for (const l of lines) {
    if (l.id_produto_grade_filial === null || l.id_endereco_estoque === null) continue;
    const key = `${l.id_produto_grade_filial}:${l.id_endereco_estoque}`;
    const m = merged.get(key) ?? { id_produto_grade_filial: l.id_produto_grade_filial, id_endereco_estoque: l.id_endereco_estoque, quantidade: 0 };
    m.quantidade += of(l);
    merged.set(key, m);
  }
  return [...merged.values()];
}

/**
 * Brings the stock reservation from what the lines held (`before`) to what they hold now (re-read), through the stock
 * owner: the difference per (grid row, address) is reserved or released.
 */
async function moveReservation(tx: Tx, caller: Caller, id_pedido: number, before: readonly Line[], cancelled = false): Promise<void> {
  const after = await liveLines(tx, caller.id_organization, id_pedido);
  // Both sides as lines of one list (before negated), merged per place: the net change of each place.
  const signed = [...after.map((l) => ({ ...l, held: consignmentReserved(l, cancelled) })), ...before.map((l) => ({ ...l, held: -consignmentReserved(l) }))];
  const net = byPlace(signed, (l) => l.held).filter((l) => l.quantidade !== 0);
  const { controla_estoque_negativo } = await findSaleConfig(tx, caller.id_organization, caller.id_filial);
  await reserveStock(tx, stockContext(caller, id_pedido), net, controla_estoque_negativo);
}

/** What a consignment's lines hold reserved now at one place (grid row, address): units the order may keep using. */
export async function ownReservation(tx: Tx, org: number, id_pedido: number, id_produto_grade_filial: number, id_endereco_estoque: number): Promise<number> {
  const here = (await liveLines(tx, org, id_pedido))
    .filter((l) => l.id_produto_grade_filial === id_produto_grade_filial && l.id_endereco_estoque === id_endereco_estoque);
  return here.reduce((total, l) => total + consignmentReserved(l), 0);
}

/**
 * A change of a consignment's lines from the order screens (order_item create, update, patch, removal), keeping its
 * stock reservation equal to what its lines hold: a sent line's quantity changed or removed moves the reservation by the
 * difference, as the consignment steps do. Other operations change as they are.
 */
export async function keepingReservation<T>(tx: Tx, caller: Caller, order: { id_pedido: number; operacao: string }, change: () => Promise<T>): Promise<T> {
  if (order.operacao !== 'Consignacao') return change();
  const before = await liveLines(tx, caller.id_organization, order.id_pedido);
  const result = await change();
  await moveReservation(tx, caller, order.id_pedido, before);
  return result;
}

async function setLine(tx: Tx, org: number, id: number, f: { quantidade_retorno?: number; quantidade_venda?: number; situacao: string }) {
  await tx.query(
    `UPDATE pedido_item SET quantidade_retorno = coalesce($3, quantidade_retorno), quantidade_venda = coalesce($4, quantidade_venda),
            situacao_consignacao = $5, data_alteracao = now()
      WHERE id_organization = $1 AND id_pedido_item = $2`,
    [org, id, f.quantidade_retorno === undefined ? null : quantityToDecimal(f.quantidade_retorno),
      f.quantidade_venda === undefined ? null : quantityToDecimal(f.quantidade_venda), f.situacao],
  );
}

async function moveTo(tx: Tx, caller: Caller, order: LockedOrder, to: OrderStatus): Promise<OrderFull> {
  if (order.situacao !== to) {
    const refused = statusChangeError(order, to);
    if (refused) throw badRequest(refused);
    await tx.query(
      `UPDATE pedido SET situacao = $3, data_situacao = now(), id_usuario_alteracao = $4, data_alteracao = now()
        WHERE id_organization = $1 AND id_pedido = $2`,
      [caller.id_organization, order.id_pedido, to, caller.id_usuario],
    );
  }
  return loadOrThrow(tx, caller, caller.id_filial, order.id_pedido);
}

/** POST /order/consignment_invoice_pending {id_pedido}: the items go to the customer (EnviadoCliente). */
export async function sendConsignment(tx: Tx, caller: Caller, id_pedido: number): Promise<OrderFull> {
  const order = await lockConsignment(tx, caller, id_pedido, 'send');
  const noCustomer = customerError(order.id_cliente, 'EnviadoCliente');
  if (noCustomer) throw badRequest(noCustomer);
  const lines = await liveLines(tx, caller.id_organization, id_pedido);
  if (lines.length === 0) throw badRequest(CONSIGNMENT_MESSAGES.noItems);
  for (const l of lines) await setLine(tx, caller.id_organization, l.id_pedido_item, { quantidade_retorno: 0, quantidade_venda: 0, situacao: 'Enviado' });
  await moveReservation(tx, caller, id_pedido, lines);
  return moveTo(tx, caller, order, 'EnviadoCliente');
}

/** POST /order/consignment_invoice_return {id_pedido, itens: [{id_pedido_item, quantidade_retorno}]}: RetornoCliente. */
export async function returnConsignment(tx: Tx, caller: Caller, body: ReturnBody): Promise<OrderFull> {
  const order = await lockConsignment(tx, caller, body.id_pedido, 'return');
  const lines = await liveLines(tx, caller.id_organization, body.id_pedido);
  const byId = new Map(lines.map((l) => [l.id_pedido_item, l]));
  const changed: Line[] = [];
  for (const r of body.itens) {
    const line = byId.get(r.id_pedido_item);
    if (!line) throw new HttpError(404, ORDER_MESSAGES.itemNotFound);
    changed.push({ ...line, quantidade_retorno: quantityFromDecimal(r.quantidade_retorno) });
  }
  const errors = returnErrors(changed);
  if (errors.length > 0) throw badRequest(errors[0]!, undefined, errors);
  for (const l of changed) {
    await setLine(tx, caller.id_organization, l.id_pedido_item, {
      quantidade_retorno: l.quantidade_retorno, situacao: l.quantidade_retorno === l.quantidade ? 'Retornado' : 'Enviado',
    });
  }
  await moveReservation(tx, caller, body.id_pedido, lines);
  return moveTo(tx, caller, order, 'RetornoCliente');
}

/**
 * POST /order/consignment_invoice_finish {id_pedido}: what was not returned is sold; the consignment waits for its
 * invoice (AguardandoConclusao), or is concluded at once when everything came back.
 */
export async function finishConsignment(tx: Tx, caller: Caller, id_pedido: number): Promise<OrderFull> {
  const order = await lockConsignment(tx, caller, id_pedido, 'finish');
  const lines = await liveLines(tx, caller.id_organization, id_pedido);
  let selling = 0;
  for (const l of lines) {
    const done = finishLine(l);
    if (done.quantidade_venda > 0) selling += 1;
    await setLine(tx, caller.id_organization, l.id_pedido_item, { quantidade_venda: done.quantidade_venda, situacao: done.situacao_consignacao });
  }
  if (selling === 0) {
    const waiting = await moveTo(tx, caller, order, 'AguardandoConclusao');
    return moveTo(tx, caller, { ...order, situacao: waiting.situacao as OrderStatus }, 'Concluida');
  }
  return moveTo(tx, caller, order, 'AguardandoConclusao');
}

/**
 * The payments of a consignment's sale must add up to its invoice's total; each installment of a method the shop
 * collects itself (createsReceivables) becomes a receivable of the customer, and a card payment the receivables of
 * its method's card operator, through the finance owner.
 */
async function receivablesOfSale(tx: Tx, caller: Caller, order: LockedOrder, id_nota_fiscal: number, given: readonly GivenPayment[]): Promise<void> {
  const org = caller.id_organization;
  const { rows } = await tx.query<{ total: string }>('SELECT valor_nota_fiscal::text AS total FROM nota_fiscal WHERE id_organization = $1 AND id_nota_fiscal = $2',
    [org, id_nota_fiscal]);
  const total = fromDecimal(rows[0]?.total ?? '0');
  // A single payment without a value paid the whole invoice (invoice-list.ts filled it in).
  const valueOf = (p: GivenPayment) => (p.valor_total === null ? total : fromDecimal(p.valor_total));
  const pago = given.reduce((acc, p) => acc + valueOf(p), 0);
  if (pago !== total) throw badRequest(CONSIGNMENT_MESSAGES.paymentsDiffer(formatMoney(pago), formatMoney(total)));
  const methods = await findMethods(tx, org, given.map((p) => p.id_meio_pagamento));
  const today = localDate(new Date(), await branchOffsetHours(tx, org, caller.id_filial));
  let sequencia = 0;
  for (const p of given) {
    const method = methods.get(p.id_meio_pagamento);
    if (!method) throw badRequest(SALE_BUILD_MESSAGES.methodNotFound);
  }
  for (const p of given) {
    const method = methods.get(p.id_meio_pagamento)!;
    if (!createsReceivables(method)) continue;
    for (const installment of buildInstallments(valueOf(p), p.quantidade_parcelas, today)) {
      sequencia += 1;
      await insertReceivable(tx, {
        org, id_filial: caller.id_filial, numero: `PED-${order.nsu}`, sequencia, valor: installment.valor,
        vencimento: installment.data_vencimento, id_pessoa: order.id_cliente, id_meio_pagamento: method.id_meio_pagamento,
        id_pedido: order.id_pedido, id_nota_fiscal, id_operacao: null,
      });
    }
  }
  // Card payments are owed by their method's operator (finance card-receivables.ts).
  await insertCardReceivables(tx, {
    org, id_filial: caller.id_filial, numero: `PED-${order.nsu}`, sequencia: sequencia + 1, dia: today, id_pedido: order.id_pedido,
    id_nota_fiscal, id_operacao: null,
  }, given.map((p) => {
    const method = methods.get(p.id_meio_pagamento)!;
    return { meio_pagamento: method.meio_pagamento, id_meio_pagamento: method.id_meio_pagamento, id_operadora_cartao: null, valor: valueOf(p),
      quantidade_parcelas: p.quantidade_parcelas };
  }));
}

/** POST /order/consignment_invoice_sell {id_pedido, modelo?, pagamentos?}: an invoice draft of the items waiting for it. */
export async function sellConsignment(tx: Tx, caller: Caller, body: SellBody) {
  const order = await lockConsignment(tx, caller, body.id_pedido);
  const lines = await liveLines(tx, caller.id_organization, body.id_pedido);
  if (!lines.some((l) => l.quantidade_venda > 0)) throw badRequest(CONSIGNMENT_MESSAGES.nothingToSell);
  const given = (body.pagamentos ?? []).map((p) => ({
    id_meio_pagamento: p.id_meio_pagamento, valor_total: p.valor_total ?? null, quantidade_parcelas: p.quantidade_parcelas,
  }));
  // The model asked for, else the branch's consignment default (002 §3 codigo_modelo_padrao_consignacao), else the
  // order default of every invoiced order.
  const modelo = body.modelo ?? (await findDefaultModels(tx, caller.id_organization, caller.id_filial)).consignacao;
  const { notas } = await invoiceOrders(tx, caller, { list_orders: [body.id_pedido], ...(modelo ? { modelo: modelo as '55' | '65' } : {}) }, given);
  const id_nota_fiscal = notas[0]!.id_nota_fiscal;
  if (given.length > 0) await receivablesOfSale(tx, caller, order, id_nota_fiscal, given);
  // What the customer kept leaves the reservation and the stock, owned by the invoice.
  const kept = lines.filter((l) => l.situacao_consignacao === 'AguardandoFaturamento');
  await takeReservedStock(tx, stockContext(caller, body.id_pedido, id_nota_fiscal), byPlace(kept, (l) => l.quantidade_venda).filter((l) => l.quantidade > 0));
  await tx.query(
    `UPDATE pedido_item SET situacao_consignacao = 'Faturado', data_alteracao = now()
      WHERE id_organization = $1 AND id_pedido = $2 AND situacao_consignacao = 'AguardandoFaturamento'`,
    [caller.id_organization, body.id_pedido],
  );
  return { sell: true, id_pedido: order.id_pedido, nsu: order.nsu, id_nota_fiscal };
}

/** POST /order/consignment_cancel {id_pedido}. */
export async function cancelConsignment(tx: Tx, caller: Caller, id_pedido: number): Promise<OrderFull> {
  const order = await lockConsignment(tx, caller, id_pedido);
  const result = await moveTo(tx, caller, order, 'Cancelado');
  // Whatever was still reserved for the customer is free again (once: a second cancel finds it cancelled already).
  if (order.situacao !== 'Cancelado') {
    await moveReservation(tx, caller, id_pedido, await liveLines(tx, caller.id_organization, id_pedido), true);
  }
  return result;
}
