/**
 * POST /api/operacao: a finished operation becomes, in one transaction, an order (pre-sale) or an invoice of the
 * chosen model, with its items, payments, stock movements and receivables. Idempotent on the client's UUID: the UUID
 * is claimed first in the same transaction, so a resend, a parallel duplicate or a retry after a crash finds the
 * first answer instead of selling twice. The rules are the domain's, the same the point of sale ran offline.
 */
import type { OperacaoResult, operacaoBody } from '@pdv/contract/operation';
import type { z } from 'zod';
import { makeItem, makeOperation, makePayment, makePaymentMethod } from '@pdv/domain/factories';
import { fromDecimal, quantityFromDecimal, toDecimal } from '@pdv/domain/money';
import { applySubtotalDiscount, computeOperationTotals, withOperationTotals, type Operation } from '@pdv/domain/operation';
import { buildInstallments } from '@pdv/domain/payment';
import { requiresCustomer } from '@pdv/domain/payment-method';
import { validateFinish } from '@pdv/domain/sale-validation';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { notifyEvent } from '../realtime/notify.ts';
import * as q from './queries.ts';
import * as w from './writes.ts';
import { nextSequence } from '../../db/sequence.ts';
import { insertReceivable } from '../finance/service.ts';
import { takeStock, type StockLine } from '../stock/service.ts';
import { checkConsignmentMode, markPendingSend } from './consignment-mode.ts';
import { checkVoucherPayments, checkVoucherRedemptions, checkVoucherSale, issueSoldVoucher, redeemVoucherPayments } from './voucher.ts';
import { isCustomerCredit, spendCustomerCredit } from './credit-payment.ts';
import { processReceipt } from './receipt.ts';
import { processReturn } from './return.ts';
import { MESSAGES } from '@pdv/domain/messages';

type Body = z.output<typeof operacaoBody>;

export async function processOperation(tx: Tx, caller: Caller, body: Body): Promise<OperacaoResult> {
  const org = caller.id_organization;
  // The sale belongs to the branch it was made in, which must be one of the user's (offline sales arrive later).
  if (!caller.branches.some((b) => b.id_filial === body.id_filial)) throw notFound();

  if (!(await q.claimOperation(tx, org, body.id_operacao, body.id_filial, caller.id_usuario, body.modo_operacao))) {
    const first = await q.storedResult(tx, org, body.id_operacao);
    if (!first) throw badRequest('Operação já recebida por outra filial ou usuário.');
    return { ...(first as OperacaoResult), duplicado: true };
  }

  // A return gives back part of an earlier sale as customer credit; a receipt pays off open receivables (own files).
  if (body.modo_operacao === 'Devolucao' || body.modo_operacao === 'Recebimento') {
    const result = body.modo_operacao === 'Devolucao' ? await processReturn(tx, caller, body) : await processReceipt(tx, caller, body);
    await q.storeResult(tx, org, body.id_operacao, result);
    await notifyEvent(tx, 'process', org, body.id_filial, { ...result });
    return result;
  }

  const config = await q.findSaleConfig(tx, org, body.id_filial);
  const series = await q.findSeries(tx, org, body.id_filial);
  const methods = await q.findMethods(tx, org, [...new Set(body.pagamentos.map((p) => p.id_meio_pagamento))]);
  const grids = await q.findGrids(tx, org, body.id_filial, [...new Set(body.itens.map((i) => i.id_produto_grade_filial))]);
  const addresses = await q.findAddresses(tx, org, body.id_filial, [...new Set(body.itens.map((i) => i.id_endereco_estoque))]);
  for (const item of body.itens) {
    if (!grids.has(item.id_produto_grade_filial)) throw badRequest(`Produto não encontrado nesta filial: ${item.descricao}.`);
    if (!addresses.has(item.id_endereco_estoque)) throw badRequest(MESSAGES.stockAddressMissing);
  }
  const customer = body.id_cliente ? await q.findCustomer(tx, org, body.id_cliente) : null;
  if (body.id_cliente && !customer) throw badRequest('Cliente não encontrado.');
  // Credit vouchers (voucher.ts) and consignments (consignment-mode.ts): their own checks, before anything is written.
  if (body.modo_operacao === 'ValeCredito') await checkVoucherSale(tx, org, body);
  if (body.modo_operacao === 'Consignacao') checkConsignmentMode(body);
  checkVoucherPayments(body, methods);
  const vouchers = await checkVoucherRedemptions(tx, caller, body);

  const operation = toDomain(body, caller, methods);
  const errors = validateFinish(operation, {
    config,
    series: series.map((s) => ({ id_filial: s.id_filial, codigo_modelo: s.codigo_modelo, situacao: s.situacao })),
    saldoCliente: null,
  });
  if (errors.length > 0) {
    throw badRequest(errors[0]!.message, undefined, errors.map((e) => e.message));
  }
  // Orders and quotes are not invoiced when finishing (000 §4.4: they are invoiced later from the order), and an order
  // is released at once, which needs its customer (000 §5 "Saving the order").
  const orderMode = body.modo_operacao !== 'Venda';
  if (orderMode && body.modelo !== null) throw badRequest(ORDER_MESSAGES.orderModeInvoice);
  if (body.modo_operacao === 'Pedido' && body.id_cliente == null) throw badRequest(ORDER_MESSAGES.customerMissing);
  const totals = computeOperationTotals(operation.itens, operation.pagamentos, operation);
  const header: w.DocumentHeader = {
    org, id_filial: body.id_filial, id_operacao: body.id_operacao, id_usuario: caller.id_usuario,
    id_cliente: body.id_cliente ?? null, id_usuario_vendedor: body.id_usuario_vendedor ?? null,
    bruto: totals.bruto, desconto: totals.desconto, desconto_subtotal: fromDecimal(body.valor_desconto_subtotal),
    frete: operation.frete, seguro: operation.seguro, outros: operation.outros, liquido: totals.liquido,
    pago: totals.pago, troco: totals.troco, tipo_frete: body.tipo_frete, observacao: body.observacao ?? null,
  };

  let id_pedido: number | null = null;
  let nsu: number | null = null;
  let id_nota_fiscal: number | null = null;
  if (body.modelo === null) {
    nsu = await nextSequence(tx, org, body.id_filial, 'pedido');
    // 000 §4.3: in order mode the order is created in Edicao and then updated to Liberado; a quote stays in Edicao;
    // a pre-sale starts as the branch configures (is_liberar_pedido).
    const operacao = body.modo_operacao === 'Orcamento' ? 'Orcamento' : body.modo_operacao === 'Consignacao' ? 'Consignacao' : 'Pedido';
    const initial = orderMode ? 'Edicao' : config.is_liberar_pedido ? 'Liberado' : 'Edicao';
    id_pedido = await w.insertOrder(tx, header, nsu, initial, operacao);
    if (body.modo_operacao === 'Pedido') await w.releaseOrder(tx, org, id_pedido, caller.id_usuario);
    await w.insertItems(tx, org, { table: 'pedido', id: id_pedido }, operation.itens);
    if (body.modo_operacao === 'Consignacao') await markPendingSend(tx, org, id_pedido);
    await w.insertPayments(tx, org, { table: 'pedido', id: id_pedido }, operation.pagamentos);
  } else {
    const serie = series.find((s) => s.codigo_modelo === body.modelo && s.situacao === 'Ativo');
    if (!serie) throw new Error('series vanished after validation');
    id_nota_fiscal = await w.insertInvoice(tx, {
      ...header, modelo: body.modelo, id_serie_fiscal: serie.id_serie_fiscal, serie: serie.codigo_serie,
      ambiente: config.ambiente_emissao, cliente_nome: customer?.nome ?? null,
      cliente_cpf_cnpj: body.cliente_cpf_cnpj ?? customer?.cpf ?? customer?.cnpj ?? null,
    });
    await w.insertItems(tx, org, { table: 'nota_fiscal', id: id_nota_fiscal }, operation.itens, grids);
    await w.insertPayments(tx, org, { table: 'nota_fiscal', id: id_nota_fiscal }, operation.pagamentos);
  }

  // A quote moves no stock and creates no receivable.
  const quote = body.modo_operacao === 'Orcamento';
  const stock = new Map<string, StockLine>();
  // Neither does a consignment (its invoice takes what the customer kept) nor a voucher (not merchandise).
  const noStock = quote || body.modo_operacao === 'Consignacao' || body.modo_operacao === 'ValeCredito';
  for (const item of noStock ? [] : operation.itens) {
    const key = `${item.id_produto_grade_filial}:${item.id_endereco_estoque}`;
    const line = stock.get(key) ?? { id_produto_grade_filial: item.id_produto_grade_filial!, id_endereco_estoque: item.id_endereco_estoque!, quantidade: 0 };
    line.quantidade += item.quantidade;
    stock.set(key, line);
  }
  await takeStock(tx, { org, id_filial: body.id_filial, id_usuario: caller.id_usuario, id_operacao: body.id_operacao, id_pedido, id_nota_fiscal },
    [...stock.values()], config.controla_estoque_negativo);

  // One receivable per installment of instalment methods (crediário, boleto, ...).
  const numero = nsu !== null ? `PED-${nsu}` : `NF-${id_nota_fiscal}`;
  let sequencia = 0;
  for (const payment of quote ? [] : operation.pagamentos) {
    const method = payment.meio_pagamento;
    if (!method || isCustomerCredit(method) || !(method.utilizar_parcela || requiresCustomer(method))) continue;
    for (const installment of payment.parcelamento) {
      sequencia += 1;
      await insertReceivable(tx, {
        org, id_filial: body.id_filial, numero, sequencia, valor: installment.valor, vencimento: installment.data_vencimento,
        id_pessoa: body.id_cliente ?? null, id_meio_pagamento: method.id_meio_pagamento, id_pedido, id_nota_fiscal,
        id_operacao: body.id_operacao,
      });
    }
  }

  // Crédito em Loja payments spend the customer's credit under its account's row lock (never below zero).
  const usado = quote ? 0 : await spendCustomerCredit(tx, { org, id_filial: body.id_filial, id_usuario: caller.id_usuario,
    id_operacao: body.id_operacao, id_cliente: body.id_cliente ?? null, id_pedido, id_nota_fiscal }, operation.pagamentos);

  // Voucher payments take their balances (a quote's payments are only proposed); a sold voucher is issued.
  if (!quote) await redeemVoucherPayments(tx, caller, body, vouchers, { id_pedido, id_nota_fiscal });
  const voucher = body.modo_operacao === 'ValeCredito' && id_pedido !== null
    ? await issueSoldVoucher(tx, caller, body, { id_pedido, valor: totals.liquido }) : null;

  const result: OperacaoResult = {
    ...(voucher ? { id_vale_credito: voucher.id_vale_credito, codigo_vale_credito: voucher.codigo } : {}),
    id_operacao: body.id_operacao, situacao: 'Processado', duplicado: false, id_pedido, nsu, id_nota_fiscal,
    valor_total: toDecimal(totals.liquido), valor_troco: toDecimal(totals.troco),
    ...(usado > 0 ? { saldo_pessoa_usado: toDecimal(usado) } : {}),
  };
  await q.storeResult(tx, org, body.id_operacao, result);
  await notifyEvent(tx, 'process', org, body.id_filial, { ...result });
  return result;
}

/** The wire body as the domain's operation, with the server's payment methods and recomputed totals. */
function toDomain(body: Body, caller: Caller, methods: Map<number, q.MethodRow>): Operation {
  const itens = body.itens.map((i) =>
    makeItem({
      id_item: i.id_item, id_operacao: body.id_operacao, tipo_item: 'Produto',
      id_produto_grade_filial: i.id_produto_grade_filial, id_endereco_estoque: i.id_endereco_estoque,
      descricao: i.descricao, sku: i.sku ?? null, codigo_barras: i.codigo_barras ?? null,
      unidade_comercial: i.unidade_comercial ?? null, quantidade: quantityFromDecimal(i.quantidade),
      valor_unitario: fromDecimal(i.valor_unitario), valor_desconto_item: fromDecimal(i.valor_desconto_item),
      tipo_preco: i.tipo_preco, is_atacarejo: i.is_atacarejo, id_cenario_fiscal: i.id_cenario_fiscal ?? null,
      id_usuario_vendedor: i.id_usuario_vendedor ?? body.id_usuario_vendedor ?? null, observacao: i.observacao ?? null,
    }),
  );
  const discounted = applySubtotalDiscount(itens, fromDecimal(body.valor_desconto_subtotal));
  const today = (body.data_fim ?? body.data_inicio).slice(0, 10);
  const pagamentos = body.pagamentos.map((p) => {
    const row = methods.get(p.id_meio_pagamento);
    if (!row) throw badRequest('Meio de pagamento não encontrado ou inativo.');
    const valor = fromDecimal(p.valor_total);
    const parcelamento = p.parcelamento.length > 0
      ? p.parcelamento.map((i) => ({ parcela: i.parcela, valor: fromDecimal(i.valor), data_vencimento: i.data_vencimento, is_quitado: false, juros: 0 }))
      : buildInstallments(valor, p.quantidade_parcelas, today);
    return makePayment({
      id_pagamento: p.id_pagamento, id_operacao: body.id_operacao, valor_total: valor,
      meio_pagamento: makePaymentMethod({ ...row, tipo_ajuste: null, tipo_valor_ajuste: null, valor_ajuste: 0 }),
      quantidade_parcelas: p.quantidade_parcelas, parcelamento, id_conta: p.id_conta ?? null,
      id_operadora_cartao: p.id_operadora_cartao ?? null, cartao_codigo_autorizacao: p.cartao_codigo_autorizacao ?? null,
      cartao_bandeira: p.cartao_bandeira ?? null, cartao_tipo_integracao: p.cartao_tipo_integracao ?? null,
      cartao_cnpj_instituicao: p.cartao_cnpj_instituicao ?? null, cartao_data_hora_transacao: p.cartao_data_hora_transacao ?? null,
      cartao_descricao_transacao: p.cartao_descricao_transacao ?? null, txid_pix: p.txid_pix ?? null,
      id_vale_credito: p.id_vale_credito ?? null,
    });
  });
  return withOperationTotals(
    makeOperation({
      id_operacao: body.id_operacao, origem: 'Pedido', modo_operacao: body.modo_operacao, modelo: body.modelo,
      id_filial: body.id_filial, id_usuario: caller.id_usuario, id_cliente: body.id_cliente ?? null,
      id_usuario_vendedor: body.id_usuario_vendedor ?? null, data_inicio: body.data_inicio, data_fim: body.data_fim ?? null,
      frete: fromDecimal(body.frete), seguro: fromDecimal(body.seguro), outros: fromDecimal(body.outros),
      tipo_frete: body.tipo_frete, observacao: body.observacao ?? null, itens: discounted, pagamentos,
    }),
  );
}
