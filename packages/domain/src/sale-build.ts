/**
 * Deciding a finished sale (POST /api/operacao in the modes Venda, Pedido, Orcamento, Consignacao and ValeCredito):
 * the one place where a body sent by the point of sale becomes either the refusals the user reads (the spec's
 * messages, first one first) or everything to persist: the lines with their totals, the payments with their
 * installments, the header totals, the document (an order and its initial status, or an invoice and its series),
 * the stock lines grouped by product variation and address, the receivables and the credit vouchers to redeem.
 *
 * Pure: it reads only the body and the rows the body references (`SaleBody`, `SaleRefs`: sale-input.ts), already
 * loaded by the caller. The
 * server runs it inside the operation's transaction and then only writes what it answers (adding what only a server
 * knows: the next number of a series, its ids, its clock); the point of sale can run it on the body it is about to
 * send. Amounts in the body are the wire's decimals; everything answered is centavos and thousandths (money.ts).
 */
import { consignmentFinishError } from './consignment-mode.ts';
import { ValidationError } from './errors.ts';
import { makeItem, makeOperation, makePayment, makePaymentMethod } from './factories.ts';
import { FISCAL_MESSAGES } from './fiscal-messages.ts';
import type { Item } from './item.ts';
import { MESSAGES } from './messages.ts';
import {
  AMOUNT_TOO_LARGE,
  BASIS_POINTS_PER_UNIT,
  formatMoney,
  fromDecimal,
  multiplyByQuantity,
  percentOf,
  quantityFromDecimal,
  sum,
  type BasisPoints,
  type Cents,
  type Milli,
} from './money.ts';
import {
  applySubtotalDiscount,
  computeOperationTotals,
  quantitiesByGridAndAddress,
  withOperationTotals,
  type Operation,
  type OperationTotals,
} from './operation.ts';
import type { OrderStatus } from './operation-state.ts';
import { ORDER_MESSAGES } from './order-messages.ts';
import { initialOrderStatus } from './order-rules.ts';
import { buildInstallments, type Installment, type Payment } from './payment.ts';
import { createsReceivables, isCard } from './payment-method.ts';
import { cardFieldsError } from './card-terminal.ts';
import { isValidCnpj } from './documents.ts';
import { creditOnSale, customerCreditError } from './credit-rules.ts';
import { priceLimitError, priceTableError, priceTypeError, unclaimedPromotions } from './price-check.ts';
import { validateDiscount } from './price-limits.ts';
import type { SaleBody, SaleBodyPayment, SaleRefs } from './sale-input.ts';
import { validateFinish } from './sale-validation.ts';
import { SAT_MODEL } from './sat.ts';
import { VOUCHER_MESSAGES, voucherPaymentError, voucherRedemptions, voucherUseError } from './voucher-rules.ts';

/** Refusals of our own wording (the spec quotes none for these). */
export const SALE_BUILD_MESSAGES = {
  productNotInBranch: (descricao: string) => `Produto não encontrado nesta filial: ${descricao}.`,
  customerNotFound: 'Cliente não encontrado.',
  carrierNotFound: 'Transportadora não encontrada.',
  methodNotFound: 'Meio de pagamento não encontrado ou inativo.',
  sellerNotFound: 'Vendedor não encontrado.',
  cardOperatorNotFound: 'Operadora de cartão não encontrada.',
  accountNotFound: 'Conta bancária não encontrada.',
  installmentNotPositive: (parcela: number) => `A parcela ${parcela} deve ter valor maior que zero.`,
  installmentBefore: (parcela: number, vencimento: string, dia: string) =>
    `O vencimento da parcela ${parcela} (${dateBR(vencimento)}) não pode ser anterior a ${dateBR(dia)}.`,
  installmentsSum: (soma: Cents, valor: Cents) =>
    `A soma das parcelas (${formatMoney(soma)}) difere do valor do pagamento (${formatMoney(valor)}).`,
} as const;

/** YYYY-MM-DD as DD/MM/AAAA. */
function dateBR(iso: string): string {
  const [year = '', month = '', day = ''] = iso.split('-');
  return `${day}/${month}/${year}`;
}

/** The largest amount a numeric(15,2) column holds, in centavos: a sale's lines and totals must fit it. */
const MAX_STORED_CENTS = 999_999_999_999_999;

/** One installment of a plan the body gives, in centavos. */
export interface PlannedInstallment {
  parcela: number;
  valor: Cents;
  /** YYYY-MM-DD. */
  data_vencimento: string;
}

/**
 * A payment's own installment plan (the one the point of sale sent, instead of the equal ones the server builds):
 * every installment above zero, none falling due before `day` (YYYY-MM-DD), all adding up exactly to the payment.
 * The first refusal, or null (an empty plan is none: the server builds it).
 */
export function installmentPlanError(valor: Cents, plan: readonly PlannedInstallment[], day: string): string | null {
  if (plan.length === 0) return null;
  for (const installment of plan) {
    if (installment.valor <= 0) return SALE_BUILD_MESSAGES.installmentNotPositive(installment.parcela);
    if (installment.data_vencimento < day) {
      return SALE_BUILD_MESSAGES.installmentBefore(installment.parcela, installment.data_vencimento, day);
    }
  }
  const soma = sum(plan.map((i) => i.valor));
  return soma === valor ? null : SALE_BUILD_MESSAGES.installmentsSum(soma, valor);
}

export interface SaleRefusal {
  ok: false;
  /** The first refusal, the answer's message. */
  message: string;
  /** Every refusal found, when the finishing checks found several (validateFinish). */
  erros?: string[];
}

/** An order: a pre-sale, an order (released at once), a quote, a consignment or the sale of a credit voucher. */
export interface SaleOrder {
  kind: 'pedido';
  operacao: 'Pedido' | 'Orcamento' | 'Consignacao';
  /** The status it is created in. */
  situacao: OrderStatus;
  /** 000 §4.3: an order made in order mode is created in Edicao and then released (Edicao → Liberado). */
  release: boolean;
  /** 000 §4.5: a consignment's items start pending send. */
  pendingSend: boolean;
}

export interface SaleInvoice {
  kind: 'nota_fiscal';
  modelo: string;
  /** Null for a CF-e SAT (model 59): the SAT numbers it. */
  id_serie_fiscal: number | null;
  serie: number | null;
  ambiente: number;
  cliente_nome: string | null;
  cliente_cpf_cnpj: string | null;
}

export interface SaleStockLine {
  id_produto_grade_filial: number;
  id_endereco_estoque: number;
  quantidade: Milli;
}

/** One installment of an installment method: a receivable of the customer (documento_financeiro, Entrada). */
export interface SaleReceivable {
  /** 1-based, across the payments in their order. */
  sequencia: number;
  valor: Cents;
  data_vencimento: string;
  id_meio_pagamento: number;
}

export interface Sale {
  ok: true;
  /** The domain's operation: lines with their totals (subtotal discount spread), payments with their installments. */
  operation: Operation;
  totals: OperationTotals;
  /** The discount given on the subtotal (spread over the lines' valor_desconto_subtotal). */
  desconto_subtotal: Cents;
  document: SaleOrder | SaleInvoice;
  /** What leaves stock, one line per (product variation, address); empty for a quote, consignment or voucher sale. */
  stock: SaleStockLine[];
  /** Taken from stock only while stock minus reservation covers it. */
  controla_estoque_negativo: boolean;
  /** The receivables to create (none for a quote). */
  receivables: SaleReceivable[];
  /** What to take from each credit voucher paying, by voucher id ascending (none for a quote). */
  redemptions: Array<[number, Cents]>;
}

export type SaleDecision = Sale | SaleRefusal;

/** One refusal (the answer's message), or the finishing checks' list (its first one the message). */
function refuse(refusals: string | readonly string[]): SaleRefusal {
  if (typeof refusals === 'string') return { ok: false, message: refusals };
  return { ok: false, message: refusals[0] ?? '', erros: [...refusals] };
}

/**
 * The body decided against the rows it references: the sale to persist, or why it is refused. A domain rule's
 * ValidationError (a subtotal discount above the lines, amounts too large together to hold) is a refusal too.
 */
export function buildSale(body: SaleBody, refs: SaleRefs): SaleDecision {
  try {
    return decide(body, refs);
  } catch (error) {
    if (error instanceof ValidationError) return refuse(error.message);
    throw error;
  }
}

function decide(body: SaleBody, refs: SaleRefs): SaleDecision {
  const refused = referenceError(body, refs) ?? modeError(body, refs) ?? voucherError(body, refs) ?? capturedCardError(body, refs)
    ?? unitPriceError(body, refs) ?? (refs.discountAuthorized ? null : limitError(body, refs));
  if (refused) return refuse(refused);

  const operation = toOperation(body, refs);
  const errors = validateFinish(operation, { config: refs.config, series: refs.series, saldoCliente: null });
  if (errors.length > 0) return refuse(errors.map((e) => e.message));
  const badPlan = planError(body);
  if (badPlan) return refuse(badPlan);
  const badCredit = refs.creditAuthorized === true ? null : creditError(body, refs);
  if (badCredit) return refuse(badCredit);

  // Orders, quotes, consignments and voucher sales are not invoiced when finishing (000 §4.4: they are invoiced
  // later from the order).
  const mode = body.modo_operacao;
  if (mode !== 'Venda' && body.modelo !== null) return refuse(ORDER_MESSAGES.orderModeInvoice);
  const totals = computeOperationTotals(operation.itens, operation.pagamentos, operation);
  if (!fitsColumns(operation.itens, totals)) return refuse(AMOUNT_TOO_LARGE);
  if (mode === 'ValeCredito' && totals.liquido <= 0) return refuse(VOUCHER_MESSAGES.valueRequired);
  const document = documentOf(body, refs);
  if (!document) return refuse(MESSAGES.fiscalSeriesMissing);

  const quote = mode === 'Orcamento';
  // A quote moves no stock; neither does a consignment (its invoice takes what the customer kept) nor a voucher
  // (not merchandise).
  const movesStock = !quote && mode !== 'Consignacao' && mode !== 'ValeCredito';
  return {
    ok: true,
    operation,
    totals,
    desconto_subtotal: fromDecimal(body.valor_desconto_subtotal),
    document,
    stock: movesStock ? stockLines(operation.itens) : [],
    controla_estoque_negativo: refs.config.controla_estoque_negativo,
    // A quote's payments are only proposed: no receivable, no voucher taken.
    receivables: quote ? [] : receivablesOf(operation.pagamentos),
    redemptions: quote ? [] : redemptionsOf(body),
  };
}

/**
 * Every id the body names is a row the caller may use: each line's product variation and address are the branch's,
 * its fiscal scenario and seller the organization's; the customer and the seller of the sale exist and the carrier is
 * one of the organization's carriers; each payment's card operator is the organization's and its bank account exists
 * (none does while there is no account register).
 */
function referenceError(body: SaleBody, refs: SaleRefs): string | null {
  const unknown = (id: number | null | undefined, found: Pick<ReadonlySet<number>, 'has'>) => id != null && !found.has(id);
  for (const item of body.itens) {
    const grid = item.id_produto_grade_filial;
    if (!refs.grids.has(grid) || !refs.prices.has(grid)) return SALE_BUILD_MESSAGES.productNotInBranch(item.descricao);
    if (!refs.addresses.has(item.id_endereco_estoque)) return MESSAGES.stockAddressMissing;
    if (unknown(item.id_cenario_fiscal, refs.fiscalScenarios)) return FISCAL_MESSAGES.fiscalScenarioMissing(item.descricao);
    if (unknown(item.id_usuario_vendedor, refs.sellers)) return SALE_BUILD_MESSAGES.sellerNotFound;
  }
  if (body.id_cliente && !refs.customer) return SALE_BUILD_MESSAGES.customerNotFound;
  if (body.id_transportadora != null && refs.carrier?.id_pessoa !== body.id_transportadora) return SALE_BUILD_MESSAGES.carrierNotFound;
  if (unknown(body.id_usuario_vendedor, refs.sellers)) return SALE_BUILD_MESSAGES.sellerNotFound;
  for (const payment of body.pagamentos) {
    if (unknown(payment.id_operadora_cartao, refs.cardOperators)) return SALE_BUILD_MESSAGES.cardOperatorNotFound;
    if (unknown(payment.id_conta, refs.accounts)) return SALE_BUILD_MESSAGES.accountNotFound;
  }
  return null;
}

/**
 * A discount within `maxBp` of `base`, as the point of sale's DiscountPanel allows it (validateDiscount): a value up to
 * the maximum share of the base, or a percentage up to the maximum turned into centavos (rounded half-up, so it may
 * pass the exact share by half a centavo). The refusal's message, or null. The point of sale's DiscountPanel calls it
 * too, so the till and the server draw the line at the same centavo.
 */
export function discountAboveLimitError(valor: Cents, base: Cents, maxBp: BasisPoints): string | null {
  if (valor <= 0) return null;
  const max = Math.min(Math.max(maxBp, 0), BASIS_POINTS_PER_UNIT);
  if (valor <= percentOf(base, max)) return null;
  return validateDiscount({ tipo: 'Valor', valor, base }, max)[0]?.message ?? null;
}

/**
 * 001 §5: each line's discount within the limit that applies to its product (the product's own, else the user's) on
 * the line's gross, and the subtotal discount within the user's limit on what the lines are worth after their own
 * discounts (the base the point of sale's DiscountPanel shows). The first refusal, or null. Above the limit, a
 * supervisor's authorization (SaleRefs.discountAuthorized) skips this check.
 */
export function discountLimitError(body: SaleBody, refs: SaleRefs): string | null {
  let worth = 0;
  for (const item of body.itens) {
    const gross = multiplyByQuantity(fromDecimal(item.valor_unitario), quantityFromDecimal(item.quantidade));
    const discount = fromDecimal(item.valor_desconto_item);
    const limit = refs.productDiscountLimits.get(item.id_produto_grade_filial) ?? refs.discountLimit;
    const refused = discountAboveLimitError(discount, gross, limit);
    if (refused) return refused;
    worth += gross - discount;
  }
  // One above the lines is refused by the spreading itself (MESSAGES.discountAboveItems).
  const subtotal = fromDecimal(body.valor_desconto_subtotal);
  return subtotal > worth ? null : discountAboveLimitError(subtotal, worth, refs.discountLimit);
}

/**
 * The lines' price types against the branch's tipo_preco_alterar (price-check.ts priceTypeError), then the unit prices
 * against the price table (priceTableError). A voucher sale's line is the value of the voucher sold, not a price of
 * the table.
 */
function unitPriceError(body: SaleBody, refs: SaleRefs): string | null {
  if (body.modo_operacao === 'ValeCredito') return null;
  return priceTypeError(body.itens, refs.prices, refs.config) ?? priceTableError(body, refs.prices);
}

/**
 * A sale on credit against the customer's credit rules (credit-rules.ts customerCreditError), on the day of the sale:
 * the payments by methods whose installments the shop collects. A quote puts nothing on credit. What a supervisor's
 * authorization (id_autorizacao_credito, FncAutorizarLimiteCredito) lets through; the point of sale asks the same.
 */
export function creditError(body: SaleBody, refs: SaleRefs): string | null {
  const facts = refs.customer?.credito;
  if (!facts || body.modo_operacao === 'Orcamento') return null;
  const valor = creditOnSale(body.pagamentos.map((p) => ({ meio_pagamento: refs.methods.get(p.id_meio_pagamento) ?? null, valor_total: fromDecimal(p.valor_total) })));
  return customerCreditError(facts, valor, body.data_inicio.slice(0, 10));
}

/**
 * What a supervisor's authorization (id_autorizacao_limite, "discount or price change above the limit") lets through:
 * a discount above the limits (discountLimitError) or a typed price beyond them (price-check.ts priceLimitError). The
 * first refusal, or null.
 */
export function limitError(body: SaleBody, refs: SaleRefs): string | null {
  const priced = body.modo_operacao === 'ValeCredito' ? null : priceLimitError(body, refs.prices);
  return discountLimitError(body, refs) ?? priced;
}

/**
 * The installment plans the body gives (installmentPlanError). None may fall due before the day the sale began: the
 * point of sale dates a plan from the day the payment is added, never earlier (data_fim, the day it finished, may
 * already be the next one).
 */
function planError(body: SaleBody): string | null {
  const day = body.data_inicio.slice(0, 10);
  for (const p of body.pagamentos) {
    const plan = p.parcelamento.map((i) => ({ ...i, valor: fromDecimal(i.valor) }));
    const refused = installmentPlanError(fromDecimal(p.valor_total), plan, day);
    if (refused) return refused;
  }
  return null;
}

/** Every line and total fits the numeric(15,2) columns it is written to. */
function fitsColumns(items: readonly Item[], totals: OperationTotals): boolean {
  const amounts = [
    ...items.flatMap((i) => [i.valor_sub_total, i.valor_total]),
    totals.bruto,
    totals.liquido,
    totals.pago,
    totals.troco,
  ];
  return amounts.every((a) => Math.abs(a) <= MAX_STORED_CENTS);
}

/**
 * The voucher-sale and consignment modes' own rules: a voucher sale has no fiscal document, lines of the branch's
 * voucher product only and no payment with another voucher; a consignment neither invoices nor takes payments.
 */
function modeError(body: SaleBody, refs: SaleRefs): string | null {
  if (body.modo_operacao === 'ValeCredito') {
    if (body.modelo !== null) return VOUCHER_MESSAGES.noInvoice;
    if (body.itens.length === 0) return VOUCHER_MESSAGES.valueRequired;
    if (refs.voucherProduct === null) return VOUCHER_MESSAGES.productMissing;
    if (body.itens.some((i) => i.id_produto_grade_filial !== refs.voucherProduct))
      return VOUCHER_MESSAGES.onlyVoucherProduct;
    if (body.pagamentos.some((p) => p.id_vale_credito != null)) return VOUCHER_MESSAGES.paidWithVoucher;
  }
  if (body.modo_operacao === 'Consignacao') return consignmentFinishError(body);
  return null;
}

/**
 * A credit or debit payment whose method uses capture (utilizar_captura) claims a terminal transaction: it carries
 * the terminal's data (card-terminal.ts cardFieldsError: authorization code, §9 brand code, integration type 1, NSU,
 * date, a valid acquirer CNPJ when sent). A typed card payment may leave them empty.
 */
function capturedCardError(body: SaleBody, refs: SaleRefs): string | null {
  for (const p of body.pagamentos) {
    const method = refs.methods.get(p.id_meio_pagamento);
    if (!method) continue;
    // Cards only: a Pix through the TEF client has no brand (its txid and NSU are kept as sent).
    const capture = method.utilizar_captura === true && isCard(method.meio_pagamento);
    const refused = cardFieldsError(p, capture, isValidCnpj);
    if (refused) return refused;
  }
  return null;
}

/** Each payment's voucher consistency, then each voucher named: found, usable, holding what its payments take. */
function voucherError(body: SaleBody, refs: SaleRefs): string | null {
  for (const p of body.pagamentos) {
    const method = refs.methods.get(p.id_meio_pagamento);
    if (!method) continue; // answered below, with the payments
    const error = voucherPaymentError({
      meio_pagamento: method.meio_pagamento,
      id_vale_credito: p.id_vale_credito ?? null,
    });
    if (error) return error;
  }
  const today = dayOf(body);
  for (const [id_vale_credito, valor] of redemptionsOf(body)) {
    const card = refs.vouchers.get(id_vale_credito);
    if (!card) return VOUCHER_MESSAGES.notFound;
    const refused = voucherUseError(card, { id_filial: body.id_filial, valor, today });
    if (refused) return refused;
  }
  return null;
}

/** What each voucher pays (payments naming the same voucher add up), by voucher id ascending. */
function redemptionsOf(body: SaleBody): Array<[number, Cents]> {
  const redemptions = voucherRedemptions(
    body.pagamentos.map((p) => ({
      id_vale_credito: p.id_vale_credito ?? null,
      valor_total: fromDecimal(p.valor_total),
    })),
  );
  return [...redemptions].sort((a, b) => a[0] - b[0]);
}

/** The shop's day of the sale (installments fall due from it; vouchers must be in date on it). */
function dayOf(body: SaleBody): string {
  return (body.data_fim ?? body.data_inicio).slice(0, 10);
}

/**
 * The body as the domain's operation, with the stored payment methods and recomputed totals. Throws the
 * ValidationError of a subtotal discount that is negative or above the lines, or of amounts too large to hold.
 */
function toOperation(body: SaleBody, refs: SaleRefs): Operation {
  const voucher = body.modo_operacao === 'ValeCredito';
  // A line that did not claim its variation's promotion was priced without it (price-check.ts unclaimedPromotions).
  const priced = unclaimedPromotions(body.itens, refs.prices);
  const itens = body.itens.map((i) =>
    makeItem({
      id_item: i.id_item,
      id_operacao: body.id_operacao,
      tipo_item: 'Produto',
      id_produto_grade_filial: i.id_produto_grade_filial,
      id_endereco_estoque: i.id_endereco_estoque,
      descricao: i.descricao,
      sku: i.sku ?? null,
      codigo_barras: i.codigo_barras ?? null,
      unidade_comercial: i.unidade_comercial ?? null,
      quantidade: quantityFromDecimal(i.quantidade),
      valor_unitario: fromDecimal(i.valor_unitario),
      valor_desconto_item: fromDecimal(i.valor_desconto_item),
      tipo_preco: i.tipo_preco,
      is_atacarejo: i.is_atacarejo,
      is_preco_alterado: i.is_preco_alterado ?? false,
      // The table and promotion the server priced the variation by (the line's claims were checked against them); a
      // voucher sale's line is the voucher's value, priced by neither.
      id_tabela_preco: voucher ? null : (priced.get(i.id_produto_grade_filial)?.id_tabela_preco ?? null),
      id_promocao: voucher ? null : (priced.get(i.id_produto_grade_filial)?.id_promocao ?? null),
      id_cenario_fiscal: i.id_cenario_fiscal ?? null,
      id_usuario_vendedor: i.id_usuario_vendedor ?? body.id_usuario_vendedor ?? null,
      observacao: i.observacao ?? null,
    }),
  );
  const discounted = applySubtotalDiscount(itens, fromDecimal(body.valor_desconto_subtotal));
  const pagamentos = body.pagamentos.map((p) => toPayment(body, p, refs));
  return withOperationTotals(
    makeOperation({
      id_operacao: body.id_operacao,
      origem: 'Pedido',
      modo_operacao: body.modo_operacao,
      modelo: body.modelo,
      id_filial: body.id_filial,
      id_usuario: refs.id_usuario,
      id_cliente: body.id_cliente ?? null,
      id_usuario_vendedor: body.id_usuario_vendedor ?? null,
      id_transportadora: body.id_transportadora ?? null,
      data_inicio: body.data_inicio,
      data_fim: body.data_fim ?? null,
      frete: fromDecimal(body.frete),
      seguro: fromDecimal(body.seguro),
      outros: fromDecimal(body.outros),
      tipo_frete: body.tipo_frete,
      observacao: body.observacao ?? null,
      itens: discounted,
      pagamentos,
    }),
  );
}

/** A payment with its stored method and its installments: the body's plan, or equal ones every 30 days. */
function toPayment(body: SaleBody, p: SaleBodyPayment, refs: SaleRefs): Payment {
  const method = refs.methods.get(p.id_meio_pagamento);
  if (!method) throw new ValidationError(SALE_BUILD_MESSAGES.methodNotFound, 'meio_pagamento');
  const valor = fromDecimal(p.valor_total);
  const parcelamento: Installment[] =
    p.parcelamento.length > 0
      ? p.parcelamento.map((i) => ({
          parcela: i.parcela,
          valor: fromDecimal(i.valor),
          data_vencimento: i.data_vencimento,
          is_quitado: false,
          juros: 0,
        }))
      : buildInstallments(valor, p.quantidade_parcelas, dayOf(body));
  return makePayment({
    id_pagamento: p.id_pagamento,
    id_operacao: body.id_operacao,
    valor_total: valor,
    meio_pagamento: makePaymentMethod({ ...method, tipo_ajuste: null, tipo_valor_ajuste: null, valor_ajuste: 0 }),
    quantidade_parcelas: p.quantidade_parcelas,
    parcelamento,
    id_conta: p.id_conta ?? null,
    id_operadora_cartao: p.id_operadora_cartao ?? null,
    cartao_codigo_autorizacao: p.cartao_codigo_autorizacao ?? null,
    cartao_bandeira: p.cartao_bandeira ?? null,
    cartao_tipo_integracao: p.cartao_tipo_integracao ?? null,
    cartao_cnpj_instituicao: p.cartao_cnpj_instituicao ?? null,
    cartao_data_hora_transacao: p.cartao_data_hora_transacao ?? null,
    cartao_descricao_transacao: p.cartao_descricao_transacao ?? null,
    txid_pix: p.txid_pix ?? null,
    cartao_nsu: p.cartao_nsu ?? null,
    id_vale_credito: p.id_vale_credito ?? null,
  });
}

/**
 * The document: an invoice of the chosen model in the branch's active series of that model (the default first), or
 * an order. 000 §4.3: an order made in order mode starts in Edicao and is then released; a quote and a consignment
 * stay in Edicao; a pre-sale starts as the branch configures (is_liberar_pedido); the order of a voucher sale is
 * concluded at once (it is never invoiced). Null when no active series of the model exists.
 */
function documentOf(body: SaleBody, refs: SaleRefs): SaleOrder | SaleInvoice | null {
  const mode = body.modo_operacao;
  if (body.modelo === null) {
    const operacao = mode === 'Orcamento' ? 'Orcamento' : mode === 'Consignacao' ? 'Consignacao' : 'Pedido';
    const situacao: OrderStatus =
      mode === 'Venda' ? initialOrderStatus(refs.config) : mode === 'ValeCredito' ? 'Concluida' : 'Edicao';
    return { kind: 'pedido', operacao, situacao, release: mode === 'Pedido', pendingSend: mode === 'Consignacao' };
  }
  const customer = refs.customer;
  // A CF-e SAT has no series: the SAT gives its number (nCFe) when it authorizes it (sat.ts).
  const serie = body.modelo === SAT_MODEL ? { id_serie_fiscal: null, codigo_serie: null }
    : refs.series.find((s) => s.codigo_modelo === body.modelo && s.situacao === 'Ativo');
  if (!serie) return null;
  return {
    kind: 'nota_fiscal',
    modelo: body.modelo,
    id_serie_fiscal: serie.id_serie_fiscal,
    serie: serie.codigo_serie,
    ambiente: refs.config.ambiente_emissao,
    cliente_nome: customer?.nome ?? null,
    cliente_cpf_cnpj: body.cliente_cpf_cnpj ?? customer?.cpf ?? customer?.cnpj ?? null,
  };
}

/** The lines' quantities per (product variation, address): every sale line names both. */
function stockLines(items: readonly Item[]): SaleStockLine[] {
  return quantitiesByGridAndAddress(items).flatMap((line) =>
    line.id_endereco_estoque === null ? [] : [{ ...line, id_endereco_estoque: line.id_endereco_estoque }],
  );
}

/** One receivable per installment of the methods the shop collects itself, numbered across the payments. */
function receivablesOf(payments: readonly Payment[]): SaleReceivable[] {
  const receivables: SaleReceivable[] = [];
  for (const payment of payments) {
    const method = payment.meio_pagamento;
    if (!method || !createsReceivables(method)) continue;
    for (const installment of payment.parcelamento) {
      receivables.push({
        sequencia: receivables.length + 1,
        valor: installment.valor,
        data_vencimento: installment.data_vencimento,
        id_meio_pagamento: method.id_meio_pagamento,
      });
    }
  }
  return receivables;
}
