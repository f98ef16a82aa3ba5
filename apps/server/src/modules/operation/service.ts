/**
 * POST /api/operacao: a finished operation becomes, in one transaction, an order (pre-sale) or an invoice of the
 * chosen model, with its items, payments, stock movements and receivables. Idempotent on the client's UUID: the UUID
 * is claimed first in the same transaction, so a resend, a parallel duplicate or a retry after a crash finds the
 * first answer instead of selling twice. The sale is decided by the domain's buildSale (sale-build.ts), the function
 * the point of sale can run offline: this file loads the rows the body references, calls it, and writes what it
 * answers (the document, stock, receivables, credit and vouchers), then stores the answer and emits `process`.
 */
import type { OperacaoResult, operacaoBody } from '@pdv/contract/operation';
import type { z } from 'zod';
import { fromDecimal, percentFromDecimal, toDecimal } from '@pdv/domain/money';
import { cashbackClaimError, earnsCashback, saleCashback, settledCashback } from '@pdv/domain/cashback';
import { isCashback } from '@pdv/domain/payment-method';
import { SUPERVISOR_PERMISSIONS } from '@pdv/domain/permissions';
import { operationDateError } from '@pdv/domain/price-check';
import { buildSale, creditError, limitError } from '@pdv/domain/sale-build';
import type { SaleRefs } from '@pdv/domain/sale-input';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { useAuthorization } from '../authorization/service.ts';
import { spendSalePix } from '../bank/pix.ts';
import { bankAccountExists, cardOperatorExists, fiscalScenarioExists } from '../order/item-queries.ts';
import { userLimits } from '../order/price-caps.ts';
import { changeOrderStatus } from '../order/status.ts';
import { claimOperation } from './claim.ts';
import { loadLinePrices } from './prices.ts';
import { exists } from '../order/writes.ts';
import { notifyEvent } from '../realtime/notify.ts';
import * as settings from '../settings/queries.ts';
import * as lines from '../document-lines/writes.ts';
import * as q from './queries.ts';
import * as w from './writes.ts';
import { nextSequence } from '../../db/sequence.ts';
import { insertReceivable } from '../finance/service.ts';
import { insertCardReceivables } from '../finance/card-receivables.ts';
import { saleDay } from '@pdv/domain/price-rules';
import { branchOffset } from '../order/pricing-queries.ts';
import { takeStock } from '../stock/service.ts';
import { markPendingSend } from './consignment-mode.ts';
import { issueSoldVoucher, lockVouchers, redeemVoucherPayments, voucherProduct } from './voucher.ts';
import { spendCustomerCredit } from './credit-payment.ts';
import { processReceipt } from './receipt.ts';
import { processReturn } from './return.ts';
import { recordSale, saleShiftRefusal } from '../cashier/service.ts';
import { modeTakesTillMoney } from '@pdv/domain/cashier';
import { customerOfOfflineQuickSave } from '../people/quick-customer.ts';
import { accrueCashback, redeemCashback } from '../cashback/service.ts';
import { recordOnSale } from '../cashback/queries.ts';
import { acceptOfflineNfce } from '../fiscal/nfce-offline.ts';
import { NFCE_OFFLINE_MESSAGES } from '@pdv/domain/nfce-offline';
import { SAT_MODEL, satSaleError } from '@pdv/domain/sat';

type Body = z.output<typeof operacaoBody>;

/** The origem recorded on a supervisor's authorization spent by a sale (its discount, its credit). */
const DISCOUNT_GRANT_ORIGIN = 'operacao';

export async function processOperation(tx: Tx, caller: Caller, sent: Body): Promise<OperacaoResult> {
  const org = caller.id_organization;
  // The sale belongs to the branch it was made in, which must be one of the user's (offline sales arrive later).
  if (!caller.branches.some((b) => b.id_filial === sent.id_filial)) throw notFound();

  // The UUID and the hash of the content are claimed first: a resend gets the first answer, a replay by someone else
  // or with other content a 409 (claim.ts).
  const replay = await claimOperation(tx, caller, sent);
  if (replay) return replay;

  // An operation dated in the future, or begun longer ago than an offline sale's prices stay acceptable, is refused
  // (price-check.ts; the refusal rolls the claim back).
  const receivedAt = new Date().toISOString();
  const badDate = operationDateError(sent, receivedAt);
  if (badDate) throw badRequest(badDate);

  // A customer saved offline by the quick save comes with the sale: found or created here, in the sale's transaction
  // (a refusal below rolls it back), and the sale is that person's from here on.
  const quick = sent.cliente_rapido ?? null;
  const body: Body = quick ? { ...sent, id_cliente: await customerOfOfflineQuickSave(tx, org, sent.id_filial, quick) } : sent;
  const withCustomer = (result: OperacaoResult): OperacaoResult => (quick ? { ...result, id_cliente: body.id_cliente ?? null } : result);

  // A return gives back part of an earlier sale as customer credit; a receipt pays off open receivables (own files).
  if (body.modo_operacao === 'Devolucao' || body.modo_operacao === 'Recebimento') {
    const result = withCustomer(body.modo_operacao === 'Devolucao' ? await processReturn(tx, caller, body) : await processReceipt(tx, caller, body));
    await q.storeResult(tx, org, body.id_operacao, result);
    await notifyEvent(tx, 'process', org, body.id_filial, { ...result });
    return result;
  }

  // A branch that forces the till control refuses a sale its user makes without a shift open at the sale's time
  // (packages/domain/src/cashier.ts, the rule the point of sale ran first).
  // (Recebimento, which takes till money too, returned above: receipt.ts runs the same refusal.)
  const tillSale = modeTakesTillMoney(body.modo_operacao);
  const soldAt = body.data_fim ?? receivedAt;
  if (tillSale) {
    const refused = await saleShiftRefusal(tx, org, body.id_filial, caller.id_usuario, soldAt);
    if (refused) throw badRequest(refused);
  }

  // A CF-e SAT (model 59) only where the branch's default sale model is the SAT (which only a branch holding it may
  // choose): the invoice is written awaiting the SAT's answer, which the till records through /sat/registrar.
  const satRefused = satSaleError(body.modelo, body.modelo === SAT_MODEL ? (await settings.findDefaultModels(tx, org, body.id_filial)).venda : null);
  if (satRefused) throw badRequest(satRefused);
  if (body.modelo === SAT_MODEL && body.nfce_contingencia) throw badRequest(NFCE_OFFLINE_MESSAGES.notNfce);

  const saleBody = { ...body, modo_operacao: body.modo_operacao };
  const refs = await loadSaleRefs(tx, caller, body, receivedAt);
  // A discount or a typed price above the limits passes with a supervisor's authorization, spent here (a refusal below
  // rolls it back). The supervisor's own limit is not checked: holding the permission allows it.
  if (body.id_autorizacao_limite != null && limitError(saleBody, refs) !== null) {
    await useAuthorization(tx, caller, body.id_autorizacao_limite, SUPERVISOR_PERMISSIONS.discountAboveLimit, DISCOUNT_GRANT_ORIGIN,
      body.id_operacao);
    refs.discountAuthorized = true;
  }
  // A sale on credit that breaks the customer's credit rules passes with a supervisor's authorization, spent here.
  if (body.id_autorizacao_credito != null && creditError(saleBody, refs) !== null) {
    await useAuthorization(tx, caller, body.id_autorizacao_credito, SUPERVISOR_PERMISSIONS.creditLimit, DISCOUNT_GRANT_ORIGIN, body.id_operacao);
    refs.creditAuthorized = true;
  }
  const sale = buildSale(saleBody, refs);
  if (!sale.ok) throw badRequest(sale.message, undefined, sale.erros);
  const { operation, totals, document } = sale;
  // A PIX payment naming a txid spends a charge the bank (or a supervisor) confirmed for that amount, once (bank/pix.ts).
  if (body.modo_operacao !== 'Orcamento') await spendSalePix(tx, org, body.id_filial, body.id_operacao, operation.pagamentos);
  // Cashback (domain cashback.ts): a sale or an order of an identified customer earns what the cashback promotions
  // of the sale's day give its lines; a line claiming more is refused, as a price is (less: it earns its claim). Its Programa de
  // Fidelidade payments redeem the customer's available cashback (below, under the customer's row lock).
  const earns = earnsCashback(body.modo_operacao, body.id_cliente != null);
  const expectedCashback = saleCashback(operation.itens, (l) => refs.prices.get(l.id_produto_grade_filial ?? -1)?.cashback ?? [], earns);
  const claims = body.itens.map((i) => ({ descricao: i.descricao, valor_cashback: i.valor_cashback == null ? null : fromDecimal(i.valor_cashback) }));
  const cashbackClaim = cashbackClaimError(claims, expectedCashback.itens);
  if (cashbackClaim) throw badRequest(cashbackClaim);
  const cashback = settledCashback(claims, expectedCashback.itens);
  const itens = operation.itens.map((item, i) => ({ ...item, valor_cashback: cashback.itens[i] ?? 0 }));
  const resgatado = body.modo_operacao === 'Orcamento' ? 0
    : operation.pagamentos.filter((p) => isCashback(p.meio_pagamento?.meio_pagamento ?? '')).reduce((a, p) => a + p.valor_total, 0);
  const header: w.DocumentHeader = {
    org, id_filial: body.id_filial, id_operacao: body.id_operacao, id_usuario: caller.id_usuario,
    id_cliente: body.id_cliente ?? null, id_usuario_vendedor: body.id_usuario_vendedor ?? null,
    id_transportadora: operation.id_transportadora,
    bruto: totals.bruto, desconto: totals.desconto, desconto_subtotal: sale.desconto_subtotal,
    frete: operation.frete, seguro: operation.seguro, outros: operation.outros, liquido: totals.liquido,
    pago: totals.pago, troco: totals.troco, tipo_frete: body.tipo_frete, observacao: body.observacao ?? null,
  };

  let id_pedido: number | null = null;
  let nsu: number | null = null;
  let id_nota_fiscal: number | null = null;
  if (document.kind === 'pedido') {
    nsu = await nextSequence(tx, org, body.id_filial, 'pedido');
    id_pedido = await w.insertOrder(tx, header, nsu, document.situacao, document.operacao);
    if (document.release) await changeOrderStatus(tx, org, id_pedido, 'Liberado', caller.id_usuario);
    await lines.insertItems(tx, org, { table: 'pedido', id: id_pedido }, itens);
    if (document.pendingSend) await markPendingSend(tx, org, id_pedido);
    await lines.insertPayments(tx, org, { table: 'pedido', id: id_pedido }, operation.pagamentos);
  } else {
    const { kind: _kind, ...invoice } = document;
    id_nota_fiscal = await w.insertInvoice(tx, { ...header, ...invoice });
    await lines.insertItems(tx, org, { table: 'nota_fiscal', id: id_nota_fiscal }, itens, refs.fiscal);
    await lines.insertPayments(tx, org, { table: 'nota_fiscal', id: id_nota_fiscal }, operation.pagamentos);
    // An NFC-e the till's connector signed with the network off (issue 29): that exact XML is the sale's invoice.
    if (body.nfce_contingencia) {
      await acceptOfflineNfce(tx, caller, { id_filial: body.id_filial, id_nota_fiscal, modelo: invoice.modelo }, body.nfce_contingencia);
    }
  }
  if (body.nfce_contingencia && id_nota_fiscal === null) throw badRequest(NFCE_OFFLINE_MESSAGES.notNfce);

  await takeStock(tx, { org, id_filial: body.id_filial, id_usuario: caller.id_usuario, id_operacao: body.id_operacao, id_pedido, id_nota_fiscal },
    sale.stock, sale.controla_estoque_negativo);

  const numero = nsu !== null ? `PED-${nsu}` : `NF-${id_nota_fiscal}`;
  for (const receivable of sale.receivables) {
    await insertReceivable(tx, {
      org, id_filial: body.id_filial, numero, sequencia: receivable.sequencia, valor: receivable.valor,
      vencimento: receivable.data_vencimento, id_pessoa: body.id_cliente ?? null, id_meio_pagamento: receivable.id_meio_pagamento,
      id_pedido, id_nota_fiscal, id_operacao: body.id_operacao,
    });
  }
  // Card payments are owed by their operators, on their credit days (finance card-receivables.ts); a quote takes none.
  if (body.modo_operacao !== 'Orcamento') {
    await insertCardReceivables(tx, {
      org, id_filial: body.id_filial, numero, sequencia: sale.receivables.length + 1, id_pedido, id_nota_fiscal, id_operacao: body.id_operacao,
      dia: saleDay(soldAt, await branchOffset(tx, org, body.id_filial)),
    }, operation.pagamentos.flatMap((p) => (p.meio_pagamento ? [{
      meio_pagamento: p.meio_pagamento.meio_pagamento, id_meio_pagamento: p.meio_pagamento.id_meio_pagamento,
      id_operadora_cartao: p.id_operadora_cartao, valor: p.valor_total, quantidade_parcelas: p.quantidade_parcelas,
    }] : [])));
  }

  // Crédito em Loja payments spend the customer's credit under its account's row lock (never below zero); a quote's
  // payments are only proposed.
  const quote = body.modo_operacao === 'Orcamento';
  const usado = quote ? 0 : await spendCustomerCredit(tx, { org, id_filial: body.id_filial, id_usuario: caller.id_usuario,
    id_operacao: body.id_operacao, id_cliente: body.id_cliente ?? null, id_pedido, id_nota_fiscal }, operation.pagamentos);

  // Cashback: the redemption first (this sale's own accrual is never spent by it), then the accrual.
  if (body.id_cliente != null && (resgatado > 0 || cashback.total > 0)) {
    const ref = { org, id_filial: body.id_filial, id_usuario: caller.id_usuario, id_pessoa: body.id_cliente, id_operacao: body.id_operacao,
      id_pedido, id_nota_fiscal };
    await redeemCashback(tx, ref, resgatado, totals.liquido, receivedAt);
    await accrueCashback(tx, ref, cashback.total, soldAt);
    await recordOnSale(tx, org, id_pedido !== null ? { table: 'pedido', id: id_pedido } : { table: 'nota_fiscal', id: id_nota_fiscal! },
      { valor_cashback: cashback.total, valor_cashback_resgatado: resgatado });
  }

  // Voucher payments take their balances; a sold voucher is issued.
  await redeemVoucherPayments(tx, caller, body, sale.redemptions, { id_pedido, id_nota_fiscal });
  const voucher = body.modo_operacao === 'ValeCredito' && id_pedido !== null
    ? await issueSoldVoucher(tx, caller, body, { id_pedido, valor: totals.liquido }) : null;

  // The money the till took enters its shift's ledger (cashier module).
  if (tillSale) {
    await recordSale(tx, {
      org, id_filial: body.id_filial, id_usuario: caller.id_usuario, data: soldAt, id_operacao: body.id_operacao, id_pedido, id_nota_fiscal,
      id_pessoa: body.id_cliente ?? null, troco: totals.troco,
      pagamentos: operation.pagamentos.flatMap((p) => (p.meio_pagamento
        ? [{ id_meio_pagamento: p.meio_pagamento.id_meio_pagamento, meio_pagamento: p.meio_pagamento.meio_pagamento, valor: p.valor_total }] : [])),
    });
  }

  const result: OperacaoResult = withCustomer({
    ...(voucher ? { id_vale_credito: voucher.id_vale_credito, codigo_vale_credito: voucher.codigo } : {}),
    id_operacao: body.id_operacao, situacao: 'Processado', duplicado: false, id_pedido, nsu, id_nota_fiscal,
    valor_total: toDecimal(totals.liquido), valor_troco: toDecimal(totals.troco),
    ...(usado > 0 ? { saldo_pessoa_usado: toDecimal(usado) } : {}),
    ...(cashback.total > 0 ? { valor_cashback: toDecimal(cashback.total) } : {}),
    ...(resgatado > 0 ? { valor_cashback_resgatado: toDecimal(resgatado) } : {}),
  });
  await q.storeResult(tx, org, body.id_operacao, result);
  await notifyEvent(tx, 'process', org, body.id_filial, { ...result });
  return result;
}

/** A product's own maximum discount (numeric(5,2) percentage as the driver answers it) in basis points; null: none. */
const productDiscountLimit = (v: string | number | null): number | null => (v === null ? null : percentFromDecimal(v));

/** The ids among `ids` (repeats counted once) for which `found` holds. */
async function foundAmong(ids: Array<number | null | undefined>, found: (id: number) => Promise<boolean>): Promise<Set<number>> {
  const kept = new Set<number>();
  for (const id of new Set(ids)) if (id != null && (await found(id))) kept.add(id);
  return kept;
}

/**
 * The rows the body references, for the domain to decide the sale (the vouchers paying are locked): each found in the
 * caller's organization, and the branch's where the row is the branch's (product variations, stock addresses). Sellers,
 * fiscal scenarios, card operators and bank accounts are checked as the order routes check them. The prices are the ones the lines were priced at when that version is still acceptable
 * at `receivedAt` (prices.ts).
 */
async function loadSaleRefs(
  tx: Tx, caller: Caller, body: Body, receivedAt: string,
): Promise<SaleRefs & { fiscal: Map<number, q.GridRow> }> {
  const org = caller.id_organization;
  const grids = await q.findGrids(tx, org, body.id_filial, [...new Set(body.itens.map((i) => i.id_produto_grade_filial))]);
  const customer = body.id_cliente ? await q.findCustomerWithCredit(tx, org, body.id_cliente) : null;
  return {
    id_usuario: caller.id_usuario,
    config: await settings.findSaleConfig(tx, org, body.id_filial),
    series: await settings.findSeries(tx, org, body.id_filial),
    methods: await settings.findMethods(tx, org, [...new Set(body.pagamentos.map((p) => p.id_meio_pagamento))]),
    grids,
    fiscal: grids,
    addresses: await q.findAddresses(tx, org, body.id_filial, [...new Set(body.itens.map((i) => i.id_endereco_estoque))]),
    customer,
    carrier: body.id_transportadora != null ? await q.findCarrier(tx, org, body.id_transportadora) : null,
    voucherProduct: body.modo_operacao === 'ValeCredito' ? await voucherProduct(tx, org, body.id_filial) : null,
    vouchers: await lockVouchers(tx, org, body.pagamentos.flatMap((p) => (p.id_vale_credito == null ? [] : [p.id_vale_credito]))),
    sellers: await foundAmong([body.id_usuario_vendedor, ...body.itens.map((i) => i.id_usuario_vendedor)],
      (id) => exists(tx, 'usuario', org, id)),
    cardOperators: await foundAmong(body.pagamentos.map((p) => p.id_operadora_cartao), (id) => cardOperatorExists(tx, org, id)),
    fiscalScenarios: await foundAmong(body.itens.map((i) => i.id_cenario_fiscal), (id) => fiscalScenarioExists(tx, org, id)),
    accounts: await foundAmong(body.pagamentos.map((p) => p.id_conta), (id) => bankAccountExists(tx, org, id)),
    discountLimit: userLimits(caller).percentual_desconto_maximo,
    // A line's product's own limit where it has one (the point of sale's discount panel applies the same).
    productDiscountLimits: new Map([...grids].map(([id, g]) => [id, productDiscountLimit(g.percentual_desconto_maximo)])),
    discountAuthorized: false,
    prices: await loadLinePrices(tx, caller, body, body.itens, receivedAt),
  };
}
