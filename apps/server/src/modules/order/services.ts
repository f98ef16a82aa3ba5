/**
 * Service lines of an order (000 §7.3 /order_service/save, /order_service/delete). They change the order like its
 * product lines do: only while items may change (000 §4.2-4.3, order-item-rules.ts), a Liberado order goes back to
 * Edicao, and the order's totals are recalculated with the services in them (recalcOrder). The price is the typed
 * one or the catalogue's by the service-price rule of 000 §5; the discount is per unit and capped by the user's
 * percentual_desconto_maximo like a product line's.
 */
import type { z } from 'zod';
import type { OrderFull } from '@pdv/contract/order';
import type { orderServiceSaveBody } from '@pdv/contract/order-service';
import { MESSAGES } from '@pdv/domain/messages';
import { fromDecimal, percentFromDecimal, quantityFromDecimal } from '@pdv/domain/money';
import { statusAfterItemChange } from '@pdv/domain/order-item-rules';
import {
  SERVICE_ORDER_MESSAGES as M, serviceLineAmounts, serviceUnitDiscountFromPercent, takesServices,
} from '@pdv/domain/service-order-rules';
import { selectServicePrice } from '@pdv/domain/service-price';
import { servicePromotion } from '@pdv/domain/price-check';
import { saleDay } from '@pdv/domain/price-rules';
import type { Tx } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { lockForItems, recalcOrder } from './items.ts';
import { enforceCaps } from './price-caps.ts';
import { branchOffset, loadServicePromotions } from './pricing-queries.ts';
import * as q from './service-queries.ts';
import { loadOrThrow } from './service.ts';
import { exists } from './writes.ts';

type SaveBody = z.output<typeof orderServiceSaveBody>;

const serviceNotFound = () => new HttpError(404, M.serviceNotFound);

/** POST /order_service/save: adds a service line (no id_pedido_servico) or changes one of the order. */
export async function saveService(tx: Tx, caller: Caller, body: SaveBody): Promise<OrderFull> {
  const org = caller.id_organization;
  let existing: q.ServiceLineRow | null = null;
  if (body.id_pedido_servico !== undefined) {
    const owner = await q.orderOfService(tx, org, caller.id_filial, body.id_pedido_servico);
    if (owner === null || owner !== body.id_pedido) throw serviceNotFound();
  }
  const order = await lockForItems(tx, caller, body.id_pedido);
  if (!takesServices(order.operacao)) throw badRequest(M.servicesRefused(order.operacao));
  if (body.id_pedido_servico !== undefined) {
    existing = (await q.loadServiceLines(tx, org, order.id_pedido)).find((l) => l.id_pedido_servico === body.id_pedido_servico) ?? null;
    if (!existing) throw serviceNotFound();
  }

  const id_servico = body.id_servico !== undefined ? body.id_servico : (existing?.id_servico ?? null);
  const catalogue = id_servico === null ? null : await q.catalogueService(tx, org, id_servico);
  if (id_servico !== null && !catalogue) throw badRequest(M.catalogueServiceNotFound);
  const tablePrice = catalogue
    ? selectServicePrice(catalogue.entries, await q.orderPriceList(tx, org, caller.id_filial, order.id_cliente))?.valor ?? null
    : null;
  // The service's price from its price list, then the best promotion for it today (issue 30; price-check.ts servicePromotion).
  const today = saleDay(new Date().toISOString(), await branchOffset(tx, org, caller.id_filial));
  const offer = tablePrice === null || id_servico === null ? null
    : servicePromotion(tablePrice, id_servico, await loadServicePromotions(tx, org, today, [id_servico]), today);
  const listPrice = offer?.valor ?? null;

  const descricao = body.descricao?.trim() || (body.id_servico !== undefined ? catalogue?.descricao : undefined)
    || existing?.descricao || catalogue?.descricao || '';
  if (!descricao) throw badRequest(M.serviceDescriptionMissing);

  const typedPrice = body.valor_unitario !== undefined ? fromDecimal(body.valor_unitario) : null;
  const valor_unitario = typedPrice ?? (body.id_servico !== undefined ? listPrice : null) ?? existing?.valor_unitario ?? listPrice;
  // The promotion a line priced by the list names; a typed price names none, a kept price keeps its own.
  const kept = typedPrice === null && !(body.id_servico !== undefined && listPrice !== null) && existing !== null;
  const id_promocao = typedPrice !== null ? null : kept ? existing!.id_promocao : (offer?.id_promocao ?? null);
  if (valor_unitario === null) throw badRequest(M.servicePriceMissing);
  if (valor_unitario <= 0) throw badRequest(MESSAGES.itemValueNotPositive);

  const quantidade = quantityFromDecimal(body.quantidade);
  const valor_desconto = body.desconto_percentual !== undefined
    ? serviceUnitDiscountFromPercent(valor_unitario, percentFromDecimal(body.desconto_percentual))
    : body.valor_desconto !== undefined ? fromDecimal(body.valor_desconto) : (existing?.valor_desconto ?? 0);
  if (valor_unitario - valor_desconto <= 0) throw badRequest(MESSAGES.itemValueNotPositive);

  const id_usuario_tecnico = body.id_usuario_tecnico !== undefined ? body.id_usuario_tecnico : (existing?.id_usuario_tecnico ?? null);
  if (id_usuario_tecnico !== null && !(await exists(tx, 'usuario', org, id_usuario_tecnico))) throw badRequest(M.technicianNotFound);

  // Caps on what this request changes: a typed price against the catalogue's, a discount that is new or different.
  const priceChanged = typedPrice !== null && typedPrice !== existing?.valor_unitario;
  const discountChanged = valor_desconto !== (existing?.valor_desconto ?? 0) || (priceChanged && valor_desconto > 0);
  await enforceCaps(tx, caller, {
    id_produto_grade_filial: null, quantidade: 1000, valor_unitario,
    priceReference: priceChanged && listPrice !== null ? listPrice : null,
    discount: discountChanged ? { percentual: body.desconto_percentual, valor: valor_desconto } : null,
  });

  const line: q.ServiceLineWrite = {
    ...serviceLineAmounts({ quantidade, valor_unitario, valor_desconto }),
    id_servico, descricao, id_usuario_tecnico, id_promocao,
    observacao: body.observacao !== undefined ? body.observacao : (existing?.observacao ?? null),
  };
  if (existing) await q.updateServiceLine(tx, org, existing.id_pedido_servico, line);
  else await q.insertServiceLine(tx, org, order.id_pedido, line);
  await recalcOrder(tx, caller, order, statusAfterItemChange(order.situacao));
  return loadOrThrow(tx, caller, caller.id_filial, order.id_pedido);
}

/** POST /order_service/delete {id_pedido_servico}: removes the line (a tombstone) and recalculates the order. */
export async function deleteService(tx: Tx, caller: Caller, id_pedido_servico: number): Promise<OrderFull> {
  const id_pedido = await q.orderOfService(tx, caller.id_organization, caller.id_filial, id_pedido_servico);
  if (id_pedido === null) throw serviceNotFound();
  const order = await lockForItems(tx, caller, id_pedido);
  await q.deleteServiceLine(tx, caller.id_organization, id_pedido_servico);
  await recalcOrder(tx, caller, order, statusAfterItemChange(order.situacao));
  return loadOrThrow(tx, caller, caller.id_filial, id_pedido);
}
