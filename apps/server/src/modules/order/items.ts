/**
 * The lines of an order (000 §7.3 /order_item/*). Each call runs in the request's transaction with the order row
 * locked; the rules are the domain's: which statuses take item changes and the return to Edicao (order-item-rules.ts),
 * the line amounts (item.ts), the subtotal discount spread over the lines with the remainder on the first, the costs
 * spread over the lines, and the order totals (operation.ts). After every change the order's lines and header are
 * recalculated from what is stored, so the header always adds up to its lines and payments.
 */
import type { z } from 'zod';
import type {
  OrderFull, orderItemCreateBody, orderItemPatchBody, orderItemUpdateBody, orderSubtotalDiscountBody, orderUpdateSellerBody,
} from '@pdv/contract/order';
import { ValidationError } from '@pdv/domain/errors';
import { isValidGtin } from '@pdv/domain/gtin';
import { itemDiscountFromPercent, withItemTotals } from '@pdv/domain/item';
import { MESSAGES } from '@pdv/domain/messages';
import { fromDecimal, multiplyByQuantity, percentFromDecimal, percentOf, quantityFromDecimal, sum } from '@pdv/domain/money';
import { applyOperationCosts, applySubtotalDiscount, computeOperationTotals } from '@pdv/domain/operation';
import type { OrderStatus } from '@pdv/domain/operation-state';
import {
  itemChangeError, orderChecksStock, orderItemErrors, orderStockError, statusAfterItemChange,
} from '@pdv/domain/order-item-rules';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { priceTypeError, referencePrice, repricedLine } from '@pdv/domain/price-check';
import { validateDiscount } from '@pdv/domain/price-limits';
import { SALE_BUILD_MESSAGES } from '@pdv/domain/sale-build';
import { serviceAsCountedItem } from '@pdv/domain/service-order-rules';
import { repriceForWholesale } from '@pdv/domain/wholesale';
import type { Tx } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { currentLinePrices, type CurrentLinePrice } from './line-prices.ts';
import { findSaleConfig } from '../settings/queries.ts';
import { keepingReservation, ownReservation } from './consignment.ts';
import * as q from './item-queries.ts';
import { enforceCaps, userLimits, type CapCheck } from './price-caps.ts';
import { findOrder } from './queries.ts';
import { loadServiceLines } from './service-queries.ts';
import { loadOrThrow } from './service.ts';
import { exists } from './writes.ts';

type CreateBody = z.output<typeof orderItemCreateBody>;
type UpdateBody = z.output<typeof orderItemUpdateBody>;
type PatchBody = z.output<typeof orderItemPatchBody>;
type DiscountBody = z.output<typeof orderSubtotalDiscountBody>;
type SellerBody = z.output<typeof orderUpdateSellerBody>;

const orderNotFound = () => new HttpError(404, ORDER_MESSAGES.notFound);
const itemNotFound = () => new HttpError(404, ORDER_MESSAGES.itemNotFound);

/** Runs a domain rule, answering its ValidationError as a 400 with the rule's message. */
export function ruled<T>(rule: () => T): T {
  try {
    return rule();
  } catch (error) {
    if (error instanceof ValidationError) throw badRequest(error.message);
    throw error;
  }
}

/** The branch's order, locked, whose items may change now (else 404, or 400 with the locking rule's message). */
export async function lockForItems(tx: Tx, caller: Caller, id_pedido: number): Promise<q.PartsOrder> {
  const order = await q.lockPartsOrder(tx, caller.id_organization, caller.id_filial, id_pedido);
  if (!order) throw orderNotFound();
  const refused = itemChangeError(order);
  if (refused) throw badRequest(refused);
  return order;
}

/**
 * The current prices of an order's variations (issue 30): the branch price, then the order customer's default price
 * table (else the branch's), then the best promotion in effect today in the branch (operation/prices.ts
 * currentLinePrices, the one precedence POST /api/operacao and the point of sale run: price-check.ts linePricing).
 */
export function orderPrices(tx: Tx, caller: Caller, order: Pick<q.PartsOrder, 'id_cliente'>, ids: readonly number[]): Promise<Map<number, CurrentLinePrice>> {
  return currentLinePrices(tx, caller.id_organization, {
    id_filial: caller.id_filial, id_cliente: order.id_cliente, data_inicio: new Date().toISOString(),
  }, ids);
}

/**
 * 002 §3 tipo_preco_alterar false: a line at another price type than the branch's tipo_preco_padrao is refused
 * (price-check.ts priceTypeError, as POST /api/operacao refuses it).
 */
async function checkPriceType(
  tx: Tx, caller: Caller, line: Pick<q.LineRow, 'tipo_preco' | 'is_atacarejo' | 'id_produto_grade_filial'>, descricao: string,
  prices: ReadonlyMap<number, CurrentLinePrice>,
): Promise<void> {
  if (line.id_produto_grade_filial === null) return;
  const config = await findSaleConfig(tx, caller.id_organization, caller.id_filial);
  const refused = priceTypeError([{ ...line, id_produto_grade_filial: line.id_produto_grade_filial, descricao }], prices, config);
  if (refused) throw badRequest(refused);
}

/**
 * Recalculates the order from its stored lines and payments: each line's totals, the subtotal discount spread over
 * the active lines (remainder on the first), freight, insurance and other costs spread over them, and the header.
 * Writes only the lines whose amounts changed. `situacao` is the status the order ends in.
 */
export async function recalcOrder(tx: Tx, caller: Caller, order: q.PartsOrder, situacao: OrderStatus): Promise<void> {
  const org = caller.id_organization;
  const lines = await q.loadLines(tx, org, order.id_pedido);
  const costs = { frete: order.frete, seguro: order.seguro, outros: order.outros };
  const grids = [...new Set(lines.flatMap((l) => (l.id_produto_grade_filial === null ? [] : [l.id_produto_grade_filial])))];
  // The wholesale rule moves lines between the retail and wholesale prices of the table and promotion (orderPrices).
  const repriced = repriceForWholesale(lines, await orderPrices(tx, caller, order, grids));
  const discounted = ruled(() => applySubtotalDiscount(repriced.map((l) => withItemTotals(l)), order.valor_desconto_subtotal));
  const spread = applyOperationCosts(discounted, costs);
  const fields = ['valor_unitario', 'valor_desconto_item', 'tipo_preco', 'is_atacarejo', 'valor_sub_total', 'valor_desconto_subtotal', 'valor_desconto',
    'valor_total', 'frete', 'seguro', 'outros'] as const;
  for (const [index, line] of spread.entries()) {
    const before = lines[index]!;
    if (fields.some((f) => before[f] !== line[f])) await q.writeLine(tx, org, line);
  }
  const payments = (await q.paymentValues(tx, org, order.id_pedido)).map((valor_total) => ({ valor_total }));
  // Service lines (000 §3.6) count in the order's totals with their own discount; the subtotal discount and the
  // costs stay on the product lines.
  const services = (await loadServiceLines(tx, org, order.id_pedido)).map(serviceAsCountedItem);
  const totals = computeOperationTotals([...spread, ...services], payments, costs);
  await q.writeTotals(tx, org, order.id_pedido, {
    bruto: totals.bruto, desconto: totals.desconto, desconto_subtotal: order.valor_desconto_subtotal, liquido: totals.liquido,
    pago: totals.pago, troco: totals.troco,
  }, situacao, situacao !== order.situacao, caller.id_usuario);
}

/**
 * The order's lines priced again after its customer changed (PUT /order/update with another id_cliente, issue 30): the
 * new customer's default price table (else the branch's) and the best promotion today apply to every live product
 * line by the one rule the point of sale runs when its customer changes (price-check.ts repricedLine: a managed line
 * takes the new price of its type, its discount in proportion; a typed price keeps its price), each line naming the
 * table and promotion it is priced by (a typed one names the table only), then the order is recalculated in
 * `situacao` (the wholesale quantity rule again). An order whose items may not change (itemChangeError: locked
 * statuses, processing, marketplace) keeps its prices. Service lines are priced by the service's own price.
 */
export async function repriceForCustomer(tx: Tx, caller: Caller, id_pedido: number, situacao: OrderStatus): Promise<void> {
  const org = caller.id_organization;
  const order = await q.lockPartsOrder(tx, org, caller.id_filial, id_pedido);
  if (!order || itemChangeError(order)) return;
  const lines = await q.loadLines(tx, org, id_pedido);
  const live = lines.filter((l) => !l.is_cancelado && l.tipo_item === 'Produto' && l.id_produto_grade_filial !== null);
  if (live.length === 0) return;
  const prices = await orderPrices(tx, caller, order, live.map((l) => l.id_produto_grade_filial!));
  for (const line of live) {
    const priced = prices.get(line.id_produto_grade_filial!);
    if (!priced) continue;
    const next = repricedLine({ ...line, id_tabela_preco: null as number | null, id_promocao: null as number | null }, priced);
    if (next.valor_unitario !== line.valor_unitario || next.valor_desconto_item !== line.valor_desconto_item) {
      await q.writeLine(tx, org, { ...line, valor_unitario: next.valor_unitario, valor_desconto_item: next.valor_desconto_item });
    }
    await q.writeLineClaims(tx, org, line.id_pedido_item, next.id_tabela_preco ?? null, line.is_preco_alterado ? null : (next.id_promocao ?? null));
  }
  await recalcOrder(tx, caller, order, situacao);
}

const done = (tx: Tx, caller: Caller, id_pedido: number): Promise<OrderFull> => loadOrThrow(tx, caller, caller.id_filial, id_pedido);

/** The line discount in centavos: a percentage of the line when given, else the value (default `fallback`). */
function lineDiscount(qty: number, unit: number, body: { desconto_percentual?: number | undefined; valor_desconto_item?: number | undefined }, fallback: number) {
  if (body.desconto_percentual !== undefined) {
    return itemDiscountFromPercent({ quantidade: qty, valor_unitario: unit }, percentFromDecimal(body.desconto_percentual));
  }
  return body.valor_desconto_item !== undefined ? fromDecimal(body.valor_desconto_item) : fallback;
}

/**
 * The checks of a line about to be written: the order item modal's (000 §5), then what only the server knows: the
 * address, fiscal scenario and seller are the branch's / organization's, and, under negative-stock control, the
 * order's quantity of the variation at the address fits the stock.
 */
async function checkLine(tx: Tx, caller: Caller, order: q.PartsOrder, line: q.LineRow, others: q.LineRow[]): Promise<void> {
  const org = caller.id_organization;
  const totals = withItemTotals(line);
  const errors = orderItemErrors({
    id_cliente: order.id_cliente, tipo_item: line.tipo_item, id_produto_grade_filial: line.id_produto_grade_filial,
    id_endereco_estoque: line.id_endereco_estoque, valor_unitario: line.valor_unitario, valor_total: totals.valor_total,
  });
  if (errors.length > 0) throw badRequest(errors[0]!, undefined, errors);
  if (line.id_endereco_estoque !== null && !(await q.addressExists(tx, org, caller.id_filial, line.id_endereco_estoque))) {
    throw badRequest(MESSAGES.stockAddressMissing);
  }
  if (line.id_cenario_fiscal !== null && !(await q.fiscalScenarioExists(tx, org, line.id_cenario_fiscal))) {
    throw badRequest(MESSAGES.fiscalScenarioMissing);
  }
  if (line.id_usuario_vendedor !== null && !(await exists(tx, 'usuario', org, line.id_usuario_vendedor))) {
    throw badRequest(SALE_BUILD_MESSAGES.sellerNotFound);
  }
  const config = await findSaleConfig(tx, org, caller.id_filial);
  if (line.id_produto_grade_filial !== null && line.id_endereco_estoque !== null && orderChecksStock(order.operacao, config.controla_estoque_negativo)) {
    const same = (l: q.LineRow) => !l.is_cancelado && l.id_produto_grade_filial === line.id_produto_grade_filial
      && l.id_endereco_estoque === line.id_endereco_estoque;
    const wanted = line.quantidade + sum(others.filter((l) => l.id_pedido_item !== line.id_pedido_item && same(l)).map((l) => l.quantidade));
    const record = await q.stockRecord(tx, org, caller.id_filial, line.id_produto_grade_filial, line.id_endereco_estoque);
    // A sent consignment's own reservation is free to it: its changed line is checked against stock minus the others'.
    const own = order.operacao === 'Consignacao' && record
      ? await ownReservation(tx, org, order.id_pedido, line.id_produto_grade_filial, line.id_endereco_estoque) : 0;
    const stock = record ? { ...record, quantidade_reserva: record.quantidade_reserva - own } : null;
    const refused = orderStockError(stock, wanted);
    if (refused) throw badRequest(refused);
  }
}

/** POST /order_item/create. Adding to a Liberado, EnviadoCliente or RetornoCliente order returns it to Edicao. */
export async function createItem(tx: Tx, caller: Caller, body: CreateBody): Promise<OrderFull> {
  const org = caller.id_organization;
  const order = await lockForItems(tx, caller, body.id_pedido);
  const id_grade = body.id_produto_grade_filial ?? null;
  const copy = id_grade === null ? null : await q.gridCopy(tx, org, caller.id_filial, id_grade);
  if (id_grade !== null && !copy) throw badRequest(ORDER_MESSAGES.itemProductMissing);
  // The line's price type: the body's, else the branch's default (002 §3 tipo_preco_padrao).
  const tipo_preco = body.tipo_preco ?? (await findSaleConfig(tx, org, caller.id_filial)).tipo_preco_padrao;
  const quantidade = quantityFromDecimal(body.quantidade);
  const prices = id_grade === null ? new Map<number, CurrentLinePrice>() : await orderPrices(tx, caller, order, [id_grade]);
  const priced = id_grade === null ? undefined : prices.get(id_grade);
  // The price of the line's type after the table and the promotion; a typed price differing from it is a price change.
  const price = priced ? referencePrice({ tipo_preco }, priced) : 0;
  const valor_unitario = body.valor_unitario !== undefined ? fromDecimal(body.valor_unitario) : price;
  const draft: q.LineRow = {
    id_pedido_item: 0, tipo_item: 'Produto', id_produto_grade_filial: id_grade, id_endereco_estoque: body.id_endereco_estoque ?? null,
    id_cenario_fiscal: body.id_cenario_fiscal ?? null, quantidade, valor_unitario, valor_sub_total: 0,
    valor_desconto_item: lineDiscount(quantidade, valor_unitario, body, 0), valor_desconto_subtotal: 0, valor_desconto: 0, valor_total: 0,
    frete: 0, seguro: 0, outros: 0, tipo_preco, is_atacarejo: false,
    is_preco_alterado: body.valor_unitario !== undefined && (!copy || valor_unitario !== price),
    id_usuario_vendedor: body.id_usuario_vendedor ?? null, observacao: body.observacao ?? null, is_cancelado: false,
  };
  await checkLine(tx, caller, order, draft, await q.loadLines(tx, org, order.id_pedido));
  await checkPriceType(tx, caller, draft, copy?.descricao ?? '', prices);
  await enforceCaps(tx, caller, {
    id_produto_grade_filial: id_grade, quantidade, valor_unitario,
    priceReference: body.valor_unitario !== undefined && copy ? price : null,
    discount: { percentual: body.desconto_percentual, valor: draft.valor_desconto_item },
  });
  const id_item = await q.insertLine(tx, org, order.id_pedido, {
    id_produto_grade_filial: id_grade!, id_endereco_estoque: draft.id_endereco_estoque!, id_cenario_fiscal: draft.id_cenario_fiscal,
    copy: copy!, quantidade, valor_unitario, valor_desconto_item: draft.valor_desconto_item, tipo_preco,
    is_preco_alterado: draft.is_preco_alterado, id_usuario_vendedor: draft.id_usuario_vendedor, observacao: draft.observacao,
    // 000 §3.3: the table and the promotion the line was priced by (a typed price names the table, not the promotion).
    id_tabela_preco: priced?.id_tabela_preco ?? null, id_promocao: draft.is_preco_alterado ? null : (priced?.id_promocao ?? null),
  }, multiplyByQuantity(valor_unitario, quantidade));
  // 000 §4.5: a consignment's items start pending send, with their consignment quantities at zero.
  if (order.operacao === 'Consignacao') {
    await tx.query(`UPDATE pedido_item SET situacao_consignacao = 'PendenteEnvio' WHERE id_organization = $1 AND id_pedido_item = $2`,
      [org, id_item]);
  }
  await recalcOrder(tx, caller, order, statusAfterItemChange(order.situacao));
  return done(tx, caller, order.id_pedido);
}

/** The line of the branch's order, with the order locked for item changes and its other lines. */
async function lockLine(tx: Tx, caller: Caller, id_pedido_item: number) {
  const id_pedido = await q.orderOfItem(tx, caller.id_organization, caller.id_filial, id_pedido_item);
  if (id_pedido === null) throw itemNotFound();
  const order = await lockForItems(tx, caller, id_pedido);
  const lines = await q.loadLines(tx, caller.id_organization, id_pedido);
  const line = lines.find((l) => l.id_pedido_item === id_pedido_item);
  if (!line || line.is_cancelado) throw itemNotFound();
  return { order, line, lines };
}

/**
 * The per-user caps (price-caps.ts) on what a change of a line typed: a unit price that differs from the stored one
 * (against the product's price `reference`), a discount that differs from the stored one.
 */
function capsOf(line: q.LineRow, changed: q.LineRow, typedPrice: boolean, reference: number, percentual: number | undefined): CapCheck {
  return {
    id_produto_grade_filial: changed.id_produto_grade_filial, quantidade: changed.quantidade, valor_unitario: changed.valor_unitario,
    priceReference: typedPrice && changed.valor_unitario !== line.valor_unitario && reference > 0 ? reference : null,
    discount: changed.valor_desconto_item !== line.valor_desconto_item ? { percentual, valor: changed.valor_desconto_item } : null,
  };
}

async function writeChanged(
  tx: Tx, caller: Caller, order: q.PartsOrder, changed: q.LineRow, lines: q.LineRow[], caps: CapCheck,
): Promise<OrderFull> {
  if (!changed.is_cancelado) {
    await checkLine(tx, caller, order, changed, lines);
    await enforceCaps(tx, caller, caps);
  }
  await keepingReservation(tx, caller, order, async () => {
    await q.writeLine(tx, caller.id_organization, { ...changed, ...withItemTotals(changed) });
    await recalcOrder(tx, caller, order, statusAfterItemChange(order.situacao));
  });
  return done(tx, caller, order.id_pedido);
}

/**
 * PUT /order_item/update: the line as a whole. Without a unit price the product's current price (of the line's price
 * type) is taken again; a product with no price answers the spec's "Não é possível editar este produto, ...".
 */
export async function updateItem(tx: Tx, caller: Caller, body: UpdateBody): Promise<OrderFull> {
  const { order, line, lines } = await lockLine(tx, caller, body.id_pedido_item);
  const tipo_preco = body.tipo_preco ?? line.tipo_preco;
  const copy = line.id_produto_grade_filial === null ? null
    : await q.gridCopy(tx, caller.id_organization, caller.id_filial, line.id_produto_grade_filial);
  const prices = line.id_produto_grade_filial === null ? new Map<number, CurrentLinePrice>()
    : await orderPrices(tx, caller, order, [line.id_produto_grade_filial]);
  const priced = line.id_produto_grade_filial === null ? undefined : prices.get(line.id_produto_grade_filial);
  const price = copy && priced ? referencePrice({ tipo_preco }, priced) : 0;
  const valor_unitario = body.valor_unitario !== undefined ? fromDecimal(body.valor_unitario) : price;
  if (valor_unitario <= 0 && body.valor_unitario === undefined) throw badRequest(ORDER_MESSAGES.itemPriceNotFound);
  const quantidade = quantityFromDecimal(body.quantidade);
  const changed: q.LineRow = {
    ...line, quantidade, valor_unitario, tipo_preco, is_atacarejo: false, is_preco_alterado: valor_unitario !== price,
    valor_desconto_item: lineDiscount(quantidade, valor_unitario, body, 0),
    id_endereco_estoque: body.id_endereco_estoque !== undefined ? body.id_endereco_estoque : line.id_endereco_estoque,
    id_cenario_fiscal: body.id_cenario_fiscal !== undefined ? body.id_cenario_fiscal : line.id_cenario_fiscal,
    id_usuario_vendedor: body.id_usuario_vendedor !== undefined ? body.id_usuario_vendedor : line.id_usuario_vendedor,
    observacao: body.observacao !== undefined ? body.observacao : line.observacao,
  };
  await checkPriceType(tx, caller, changed, copy?.descricao ?? '', prices);
  const answer = await writeChanged(tx, caller, order, changed, lines,
    capsOf(line, changed, body.valor_unitario !== undefined, price, body.desconto_percentual));
  await q.writeLineClaims(tx, caller.id_organization, line.id_pedido_item, priced?.id_tabela_preco ?? null,
    changed.is_preco_alterado ? null : (priced?.id_promocao ?? null));
  return answer;
}

/** PUT /order_item/patch_update: only what the body names changes; is_cancelado true removes the line. */
export async function patchItem(tx: Tx, caller: Caller, body: PatchBody): Promise<OrderFull> {
  const { order, line, lines } = await lockLine(tx, caller, body.id_pedido_item);
  const quantidade = body.quantidade !== undefined ? quantityFromDecimal(body.quantidade) : line.quantidade;
  const valor_unitario = body.valor_unitario !== undefined ? fromDecimal(body.valor_unitario) : line.valor_unitario;
  const grid = line.id_produto_grade_filial;
  const priced = body.valor_unitario === undefined || grid === null ? undefined : (await orderPrices(tx, caller, order, [grid])).get(grid);
  const changed: q.LineRow = {
    ...line, quantidade, valor_unitario,
    is_preco_alterado: body.valor_unitario !== undefined ? valor_unitario !== line.valor_unitario || line.is_preco_alterado : line.is_preco_alterado,
    valor_desconto_item: lineDiscount(quantidade, valor_unitario, body, line.valor_desconto_item),
    id_endereco_estoque: body.id_endereco_estoque !== undefined ? body.id_endereco_estoque : line.id_endereco_estoque,
    id_cenario_fiscal: body.id_cenario_fiscal !== undefined ? body.id_cenario_fiscal : line.id_cenario_fiscal,
    id_usuario_vendedor: body.id_usuario_vendedor !== undefined ? body.id_usuario_vendedor : line.id_usuario_vendedor,
    observacao: body.observacao !== undefined ? body.observacao : line.observacao,
    is_cancelado: body.is_cancelado ?? false,
  };
  return writeChanged(tx, caller, order, changed, lines,
    capsOf(line, changed, body.valor_unitario !== undefined, priced ? referencePrice(line, priced) : 0, body.desconto_percentual));
}

async function readableOrder(tx: Tx, caller: Caller, id_pedido: number) {
  const order = await findOrder(tx, caller.id_organization, caller.id_filial, id_pedido);
  if (!order) throw orderNotFound();
  return order;
}

/** POST /order_item/find_by_order {id_pedido}: the lines, cancelled ones flagged. */
export async function findByOrder(tx: Tx, caller: Caller, id_pedido: number) {
  return { rows: (await readableOrder(tx, caller, id_pedido)).itens };
}

/** POST /order_item/find_to_print_labels {id_pedido}: one label per started unit of each live product line. */
export async function findToPrintLabels(tx: Tx, caller: Caller, id_pedido: number) {
  const order = await readableOrder(tx, caller, id_pedido);
  return {
    rows: order.itens.filter((i) => !i.is_cancelado && i.id_produto_grade_filial !== null).map((i) => ({
      id_pedido_item: i.id_pedido_item, id_produto_grade_filial: i.id_produto_grade_filial, descricao: i.descricao, sku: i.sku,
      codigo_barras: i.codigo_barras && isValidGtin(i.codigo_barras) ? i.codigo_barras : null, valor_unitario: i.valor_unitario,
      quantidade: i.quantidade, quantidade_etiquetas: Math.ceil(quantityFromDecimal(i.quantidade) / 1000),
    })),
  };
}

/**
 * POST /order_item/calculate_subtotal_discount: a discount on the order's subtotal (value, or percentage of what the
 * live lines are worth after their own discounts), spread over the lines, remainder on the first. A new discount is
 * held to the caller's percentual_desconto_maximo of that worth (001 §5 Discount, the point of sale's messages), as a
 * line's discount is (price-caps.ts).
 */
export async function calculateSubtotalDiscount(tx: Tx, caller: Caller, body: DiscountBody): Promise<OrderFull> {
  const order = await lockForItems(tx, caller, body.id_pedido);
  const lines = await q.loadLines(tx, caller.id_organization, order.id_pedido);
  const worth = sum(lines.filter((l) => !l.is_cancelado).map((l) => withItemTotals({ ...l, valor_desconto_subtotal: 0 }).valor_total));
  let discount: number;
  let request: { tipo: 'Percentual' | 'Valor'; valor: number };
  if (body.desconto_percentual !== undefined) {
    const percent = percentFromDecimal(body.desconto_percentual);
    discount = percentOf(worth, percent);
    request = { tipo: 'Percentual', valor: percent };
  } else if (body.valor_desconto !== undefined) {
    discount = fromDecimal(body.valor_desconto);
    request = { tipo: 'Valor', valor: discount };
  } else {
    throw badRequest(MESSAGES.discountInvalidType);
  }
  // One above the lines is refused by the spreading itself (MESSAGES.discountAboveItems).
  if (discount > 0 && discount <= worth && discount !== order.valor_desconto_subtotal) {
    const refused = validateDiscount({ ...request, base: worth }, userLimits(caller).percentual_desconto_maximo)[0];
    if (refused) throw badRequest(refused.message);
  }
  await recalcOrder(tx, caller, { ...order, valor_desconto_subtotal: discount }, statusAfterItemChange(order.situacao));
  return done(tx, caller, order.id_pedido);
}

/** POST /order_item/reset_sub_total_discount {id_pedido}: the subtotal discount back to zero on the order and its lines. */
export async function resetSubtotalDiscount(tx: Tx, caller: Caller, id_pedido: number): Promise<OrderFull> {
  const order = await lockForItems(tx, caller, id_pedido);
  await recalcOrder(tx, caller, { ...order, valor_desconto_subtotal: 0 }, statusAfterItemChange(order.situacao));
  return done(tx, caller, order.id_pedido);
}

/** POST /order_item/recalc_order_values {id_pedido}: recomputes lines and header from what is stored; status kept. */
export async function recalcOrderValues(tx: Tx, caller: Caller, id_pedido: number): Promise<OrderFull> {
  const order = await lockForItems(tx, caller, id_pedido);
  await recalcOrder(tx, caller, order, order.situacao);
  return done(tx, caller, order.id_pedido);
}

/** POST /order_item/update_user_seller: the seller of one line, or of every line and of the order. Status kept. */
export async function updateUserSeller(tx: Tx, caller: Caller, body: SellerBody): Promise<OrderFull> {
  const org = caller.id_organization;
  const order = await lockForItems(tx, caller, body.id_pedido);
  if (body.id_usuario_vendedor !== null && !(await exists(tx, 'usuario', org, body.id_usuario_vendedor))) {
    throw badRequest(SALE_BUILD_MESSAGES.sellerNotFound);
  }
  if (body.id_pedido_item !== undefined) {
    const { rowCount } = await tx.query(
      `UPDATE pedido_item SET id_usuario_vendedor = $4, data_alteracao = now()
        WHERE id_organization = $1 AND id_pedido = $2 AND id_pedido_item = $3 AND data_exclusao IS NULL AND NOT is_cancelado`,
      [org, order.id_pedido, body.id_pedido_item, body.id_usuario_vendedor],
    );
    if (!rowCount) throw itemNotFound();
  } else {
    await tx.query(
      `UPDATE pedido_item SET id_usuario_vendedor = $3, data_alteracao = now()
        WHERE id_organization = $1 AND id_pedido = $2 AND data_exclusao IS NULL AND NOT is_cancelado`,
      [org, order.id_pedido, body.id_usuario_vendedor],
    );
    await tx.query(
      `UPDATE pedido SET id_usuario_vendedor = $3, id_usuario_alteracao = $4, data_alteracao = now()
        WHERE id_organization = $1 AND id_pedido = $2`,
      [org, order.id_pedido, body.id_usuario_vendedor, caller.id_usuario],
    );
  }
  return done(tx, caller, order.id_pedido);
}
