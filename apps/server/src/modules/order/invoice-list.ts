/**
 * POST /order/order-invoice-list {list_orders}: one invoice draft (EmEdicao) per order, made by the invoice module's
 * own createInvoice from the order's lines, payments and volumes, and the order moved to NotaPendente pointing at
 * it; the draft is transmitted afterwards (/nfe/transmitir). All or nothing: the
 * first refusal answers 400 with one line per refused order ("Pedido {nsu}: {message}"), 000 §4.4 and §5 texts.
 */
import type { z } from 'zod';
import { invoicePostBody } from '@pdv/contract/invoice';
import type { orderInvoiceListBody } from '@pdv/contract/order';
import { mulDivRound, multiplyByQuantity, quantityFromDecimal, quantityToDecimal, toDecimal, fromDecimal } from '@pdv/domain/money';
import { MESSAGES } from '@pdv/domain/messages';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { invoicingError } from '@pdv/domain/order-rules';
import { splitPaymentsForInvoices } from '@pdv/domain/payment';
import type { Tx } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { createInvoice } from '../invoice/service.ts';
import { findDefaultModels, findSeries } from '../settings/queries.ts';
import { assignOrderStockToInvoice } from '../stock/service.ts';
import { loadServiceLines } from './service-queries.ts';
import { lockOrder, type LockedOrder } from './writes.ts';
import { CONSIGNMENT_MODE_MESSAGES } from '@pdv/domain/consignment-mode';

type Body = z.output<typeof orderInvoiceListBody>;

/** 000 §8 (spec): a consignment none of whose items can be sold. */
const NOTHING_TO_SELL = CONSIGNMENT_MODE_MESSAGES.nothingToSell;

/** A payment for the invoice given by the caller (a consignment's sale), in place of the order's own. */
export interface GivenPayment { id_meio_pagamento: number; valor_total: number | null; quantidade_parcelas: number }

/** The invoice's total from its lines and the order's freight, insurance and other costs (centavos). */
function goodsTotal(itens: ReadonlyArray<{ valor_unitario: number; quantidade: number; valor_desconto: number }>, h: Record<string, unknown>): number {
  return itens.reduce((total, i) => total + multiplyByQuantity(fromDecimal(i.valor_unitario), quantityFromDecimal(i.quantidade))
    - fromDecimal(i.valor_desconto), 0) + fromDecimal(Number(h['valor_frete'])) + fromDecimal(Number(h['valor_seguro']))
    + fromDecimal(Number(h['valor_outros']));
}

async function invoiceInput(tx: Tx, org: number, order: LockedOrder, given?: readonly GivenPayment[]) {
  const lines = await tx.query<Record<string, string | number | null>>(
    `SELECT id_produto_grade_filial, id_endereco_estoque, id_cenario_fiscal, quantidade::text, quantidade_venda::text,
            valor_unitario::text, valor_desconto::text, observacao
       FROM pedido_item WHERE id_organization = $1 AND id_pedido = $2 AND data_exclusao IS NULL AND NOT is_cancelado
      ORDER BY id_pedido_item`,
    [org, order.id_pedido],
  );
  // A consignment takes only what the customer kept (quantidade_venda), its discount in proportion.
  const consignment = order.operacao === 'Consignacao';
  const itens = lines.rows.flatMap((l) => {
    const quantidade = quantityFromDecimal(String(l['quantidade']));
    const taken = consignment ? quantityFromDecimal(String(l['quantidade_venda'])) : quantidade;
    if (taken <= 0) return [];
    const desconto = mulDivRound(fromDecimal(String(l['valor_desconto'])), taken, quantidade);
    return [{
      id_produto_grade_filial: l['id_produto_grade_filial'], id_endereco_estoque: l['id_endereco_estoque'],
      id_cenario_fiscal: l['id_cenario_fiscal'], quantidade: quantityToDecimal(taken), valor_unitario: Number(l['valor_unitario']),
      valor_desconto: toDecimal(desconto), observacao: l['observacao'],
    }];
  });
  if (consignment && itens.length === 0) throw badRequest(NOTHING_TO_SELL);
  const pagamentos = await tx.query<Record<string, unknown>>(
    `SELECT id_meio_pagamento, valor_total::text, quantidade_parcelas, id_conta FROM pedido_pagamento
      WHERE id_organization = $1 AND id_pedido = $2 AND data_exclusao IS NULL ORDER BY id_pedido_pagamento`,
    [org, order.id_pedido],
  );
  const volumes = await tx.query<Record<string, unknown>>(
    `SELECT quantidade, especie, marca, numeracao, peso_liquido::float8 AS peso_liquido, peso_bruto::float8 AS peso_bruto
       FROM volume WHERE id_organization = $1 AND id_pedido = $2 AND data_exclusao IS NULL ORDER BY id_volume`,
    [org, order.id_pedido],
  );
  const header = await tx.query<Record<string, unknown>>(
    `SELECT id_cliente, tipo_frete, valor_frete::text, valor_seguro::text, valor_outros::text, observacao_nota
       FROM pedido WHERE id_organization = $1 AND id_pedido = $2`,
    [org, order.id_pedido],
  );
  const h = header.rows[0]!;
  // 000 §5: with services on the order, the goods invoice takes the products' share of each payment (the services'
  // share belongs to the services document); a payment left with no products' share is not on the invoice.
  const services = await loadServiceLines(tx, org, order.id_pedido);
  // A single given payment without a value pays the whole invoice.
  let payments: Array<Record<string, unknown> & { valor_total: number }> = given && given.length > 0
    ? given.map((p) => ({ ...p, id_conta: null, valor_total: p.valor_total ?? toDecimal(goodsTotal(itens, h)) }))
    : pagamentos.rows.map((p) => ({ ...p, valor_total: Number(p['valor_total']) }));
  if (services.length > 0) {
    const produtos = goodsTotal(itens, h);
    const servicos = services.reduce((total, l) => total + l.valor_total, 0);
    const split = splitPaymentsForInvoices(payments.map((p) => ({ valor_total: fromDecimal(p.valor_total), parcelamento: [] })), { produtos, servicos });
    payments = payments.flatMap((p, i) => {
      const share = split[i]?.produtos ?? 0;
      return share > 0 ? [{ ...p, valor_total: toDecimal(share) }] : [];
    });
  }
  return {
    id_cliente: h['id_cliente'], tipo_frete: h['tipo_frete'], valor_frete: Number(h['valor_frete']),
    valor_seguro: Number(h['valor_seguro']), valor_outros: Number(h['valor_outros']), informacoes_adicionais: h['observacao_nota'],
    itens,
    pagamentos: payments,
    volumes: volumes.rows,
  };
}

export async function invoiceOrders(tx: Tx, caller: Caller, body: Body, given?: readonly GivenPayment[]) {
  const org = caller.id_organization;
  const modelo = body.modelo ?? ((await findDefaultModels(tx, org, caller.id_filial)).pedido === '65' ? '65' : '55');
  const serie = (await findSeries(tx, org, caller.id_filial)).find((s) => s.codigo_modelo === modelo && s.situacao === 'Ativo');
  if (!serie) throw badRequest(MESSAGES.fiscalSeriesMissing);
  const errors: string[] = [];
  const notas: Array<{ id_pedido: number; nsu: number; id_nota_fiscal: number }> = [];
  // Locked in id order, so two lists sharing orders never wait on each other in a cycle.
  for (const id of [...new Set(body.list_orders)].sort((a, b) => a - b)) {
    const order = await lockOrder(tx, org, caller.id_filial, id);
    if (!order) {
      errors.push(`${ORDER_MESSAGES.notFound} (${id}).`);
      continue;
    }
    const refused = order.situacao === 'NotaPendente' ? ORDER_MESSAGES.locked(order.situacao) : invoicingError(order);
    if (refused) {
      errors.push(ORDER_MESSAGES.orderOfList(order.nsu, refused));
      continue;
    }
    try {
      const input = invoicePostBody.parse({
        modelo, id_serie_fiscal: serie.id_serie_fiscal, natureza_operacao: 'Venda de mercadoria', ...(await invoiceInput(tx, org, order, given)),
      });
      const nf = await createInvoice(tx, caller, input);
      await tx.query('UPDATE nota_fiscal SET id_pedido = $3 WHERE id_organization = $1 AND id_nota_fiscal = $2', [org, nf.id_nota_fiscal, id]);
      // A pre-sale took its stock when it was sold: the invoice owns those movements, so authorizing it takes no more.
      await assignOrderStockToInvoice(tx, org, id, nf.id_nota_fiscal);
      await tx.query(
        `UPDATE pedido SET situacao = 'NotaPendente', data_situacao = now(), id_nota_fiscal = $3, id_usuario_alteracao = $4,
                data_alteracao = now() WHERE id_organization = $1 AND id_pedido = $2`,
        [org, id, nf.id_nota_fiscal, caller.id_usuario],
      );
      notas.push({ id_pedido: id, nsu: order.nsu, id_nota_fiscal: nf.id_nota_fiscal });
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 400) throw error;
      errors.push(ORDER_MESSAGES.orderOfList(order.nsu, error.message));
    }
  }
  if (errors.length > 0) throw badRequest(errors[0]!, undefined, errors);
  return { notas };
}
