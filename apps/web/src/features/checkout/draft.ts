/**
 * The sale being edited, as pure steps over the stored bundle (operation + lines + payments). Every step ends in
 * `recompute`: the wholesale rule, the subtotal discount spread over the lines, the lines' and the operation's
 * derived values, all from packages/domain.
 */
import type { ClienteRapido } from '@pdv/contract/operation';
import { makeItem, makeOperation } from '@pdv/domain/factories';
import { withItemTotals, type TipoPreco } from '@pdv/domain/item';
import { mulDivRound, type Cents, type Milli } from '@pdv/domain/money';
import {
  applySubtotalDiscount,
  computeOperationTotals,
  withOperationTotals,
  type Operation,
  type OperationTotals,
} from '@pdv/domain/operation';
import { repriceForWholesale, type WholesalePricing } from '@pdv/domain/wholesale';
import type { OperationBundle, StoredItem, StoredOperation, StoredPayment } from '../outbox/types.ts';
import { linePricing, repricedLine, retypedLine } from '@pdv/domain/price-check';
import { cashbackOffers, earnsCashback, saleCashback, type CashbackOffer } from '@pdv/domain/cashback';
import { saleDay, type PricedVariation } from '@pdv/domain/price-rules';
import type { ProductHit } from './catalog.ts';
import { contextOf, tableFor, type LocalPricing } from './pricing.ts';

export interface NewOperationFields {
  id_filial: number;
  id_usuario: number;
  id_endereco_estoque: number | null;
  /** The branch's tipo_preco_padrao (Varejo when not given). */
  tipo_preco?: TipoPreco;
}

export function newOperation(fields: NewOperationFields, id = crypto.randomUUID(), now = new Date()): StoredOperation {
  const { itens: _i, pagamentos: _p, ...operation } = makeOperation({
    ...fields,
    id_operacao: id,
    situacao: 'EmEdicao',
    data_inicio: now.toISOString(),
  });
  return {
    ...operation,
    valor_desconto_subtotal: 0,
    cliente_cpf_cnpj: null,
    cliente_nome: null,
    tentativas: 0,
    resultado: null,
    atualizado_em: now.toISOString(),
  };
}

export function toDomain(bundle: OperationBundle): Operation {
  const { valor_desconto_subtotal: _d, cliente_cpf_cnpj: _c, cliente_nome: _n, tentativas: _t, resultado: _r, atualizado_em: _a, ...op } =
    bundle.operation;
  return { ...op, itens: bundle.itens, pagamentos: bundle.pagamentos };
}

export function totalsOf(bundle: OperationBundle): OperationTotals {
  return computeOperationTotals(bundle.itens, bundle.pagamentos, bundle.operation);
}

export function recompute(bundle: OperationBundle): OperationBundle {
  const pricing = new Map<number, WholesalePricing>();
  for (const item of bundle.itens) {
    if (item.precos && item.id_produto_grade_filial !== null) pricing.set(item.id_produto_grade_filial, item.precos);
  }
  const repriced = repriceForWholesale(bundle.itens, pricing);
  let discount = bundle.operation.valor_desconto_subtotal;
  let itens: StoredItem[];
  try {
    itens = applySubtotalDiscount(repriced, discount);
  } catch {
    // The lines no longer hold the discount (a line removed): it is cleared rather than kept wrong.
    discount = 0;
    itens = applySubtotalDiscount(repriced, 0);
  }
  itens = itens.map((item) => withItemTotals(item));
  // The cashback each line earns (cashback.ts saleCashback, which POST /api/operacao runs again): a sale or order of
  // an identified customer (or one saved offline with the sale), from the offers kept with the line.
  const op = bundle.operation;
  const earned = saleCashback(itens, (item) => item.precos?.cashback ?? [],
    earnsCashback(op.modo_operacao, op.id_cliente != null || op.cliente_rapido != null));
  itens = itens.map((item, i) => ({ ...item, valor_cashback: earned.itens[i] ?? 0 }));
  const operation = withOperationTotals({ ...toDomain({ ...bundle, itens }) });
  return {
    operation: {
      ...bundle.operation,
      valor_desconto_subtotal: discount,
      valor_total: operation.valor_total,
      valor_desconto: operation.valor_desconto,
      valor_acrescimo: operation.valor_acrescimo,
      valor_pago: operation.valor_pago,
      valor_troco: operation.valor_troco,
      saldo: operation.saldo,
    },
    itens,
    pagamentos: bundle.pagamentos,
  };
}

export interface LineContext {
  id_endereco_estoque: number | null;
  id_cenario_fiscal: number | null;
  /** The price tables and promotions of the local copy (absent: the variation's branch prices as they are). */
  pricing?: LocalPricing | null;
}

/** The cashback offers for a variation on the sale's day (cashback.ts), from the local copy's promotions. */
function offersOf(pricing: LocalPricing, operation: { data_inicio: string }, variation: PricedVariation): CashbackOffer[] {
  return cashbackOffers(variation, pricing.promotions, saleDay(operation.data_inicio, pricing.fusoHoras));
}

/**
 * A scanned or picked product: one more unit on its line, or a new line at its retail price; at its wholesale price
 * (wholesale by choice) in a sale whose price type is Atacado (the branch's tipo_preco_padrao) when it has one.
 */
export function addProduct(
  bundle: OperationBundle,
  hit: ProductHit,
  context: LineContext,
  quantidade: Milli = 1000,
  id = crypto.randomUUID(),
): OperationBundle {
  const existing = bundle.itens.find(
    (i) => i.id_produto_grade_filial === hit.id_produto_grade_filial && !i.is_cancelado && i.valor_desconto_item === 0,
  );
  if (existing) return setQuantity(bundle, existing.id_item, existing.quantidade + quantidade);
  const base = { preco_venda: hit.preco_venda, preco_atacado: hit.preco_atacado };
  const id_categoria = hit.id_categoria ?? null;
  // 000 §3.3 and price-check.ts linePricing: the branch price, then the table in use, then the best promotion.
  const priced = context.pricing
    ? linePricing(base, { id_produto_grade_filial: hit.id_produto_grade_filial, id_categoria }, contextOf(context.pricing, bundle.operation))
    : { ...base, id_tabela_preco: null, id_promocao: null };
  const wholesale = bundle.operation.tipo_preco === 'Atacado' && priced.preco_atacado > 0;
  const item: StoredItem = {
    ...makeItem({
      id_item: id,
      id_operacao: bundle.operation.id_operacao,
      id_produto_grade_filial: hit.id_produto_grade_filial,
      descricao: hit.descricao,
      sku: hit.sku,
      codigo_barras: hit.codigo_barras,
      unidade_comercial: hit.unidade,
      quantidade,
      valor_unitario: wholesale ? priced.preco_atacado : priced.preco_venda,
      tipo_preco: wholesale ? 'Atacado' : 'Varejo',
      id_tabela_preco: priced.id_tabela_preco,
      id_promocao: priced.id_promocao,
      id_endereco_estoque: context.id_endereco_estoque,
      id_cenario_fiscal: context.id_cenario_fiscal,
      id_usuario_vendedor: bundle.operation.id_usuario_vendedor,
    }),
    ordem: Math.max(0, ...bundle.itens.map((i) => i.ordem)) + 1,
    precos: {
      id_produto: hit.id_produto,
      preco_venda: priced.preco_venda,
      preco_atacado: priced.preco_atacado,
      quantidade_atacarejo: hit.quantidade_atacarejo,
      base,
      id_categoria,
      ...(context.pricing
        ? { cashback: offersOf(context.pricing, bundle.operation, { id_produto_grade_filial: hit.id_produto_grade_filial, id_categoria }) }
        : {}),
    },
    versao_preco: hit.versao_preco,
  };
  return recompute({ ...bundle, itens: [...bundle.itens, item] });
}

function updateItem(bundle: OperationBundle, id: string, change: (item: StoredItem) => StoredItem): OperationBundle {
  return recompute({ ...bundle, itens: bundle.itens.map((i) => (i.id_item === id ? change(i) : i)) });
}

export function setQuantity(bundle: OperationBundle, id: string, quantidade: Milli): OperationBundle {
  return updateItem(bundle, id, (i) => {
    // The line discount keeps its share of the gross when the quantity changes.
    const discount = i.quantidade > 0 ? mulDivRound(i.valor_desconto_item, quantidade, i.quantidade) : 0;
    return { ...i, quantidade, valor_desconto_item: discount };
  });
}

export function setUnitPrice(bundle: OperationBundle, id: string, valor_unitario: Cents): OperationBundle {
  return updateItem(bundle, id, (i) => ({ ...i, valor_unitario, is_preco_alterado: true }));
}

export function setItemDiscount(bundle: OperationBundle, id: string, valor_desconto_item: Cents): OperationBundle {
  return updateItem(bundle, id, (i) => ({ ...i, valor_desconto_item }));
}

export function setSubtotalDiscount(bundle: OperationBundle, discount: Cents): OperationBundle {
  return recompute({ ...bundle, operation: { ...bundle.operation, valor_desconto_subtotal: discount } });
}

/** A supervisor's grant for a sale on credit beyond the customer's credit rules (sent as id_autorizacao_credito). */
export function setCreditAuthorization(bundle: OperationBundle, id_autorizacao_credito: number): OperationBundle {
  return { ...bundle, operation: { ...bundle.operation, id_autorizacao_credito } };
}

/** A supervisor's grant for a discount or price above the user's limit (sent as id_autorizacao_limite); null: none. */
export function setLimitAuthorization(bundle: OperationBundle, id_autorizacao_limite: number | null): OperationBundle {
  return id_autorizacao_limite === null ? bundle : { ...bundle, operation: { ...bundle.operation, id_autorizacao_limite } };
}

export function removeItem(bundle: OperationBundle, id: string): OperationBundle {
  return recompute({ ...bundle, itens: bundle.itens.filter((i) => i.id_item !== id) });
}

export function addPayment(bundle: OperationBundle, payment: Omit<StoredPayment, 'ordem'>): OperationBundle {
  const ordem = Math.max(0, ...bundle.pagamentos.map((p) => p.ordem)) + 1;
  return recompute({ ...bundle, pagamentos: [...bundle.pagamentos, { ...payment, ordem }] });
}

export function removePayment(bundle: OperationBundle, id: string): OperationBundle {
  return recompute({ ...bundle, pagamentos: bundle.pagamentos.filter((p) => p.id_pagamento !== id) });
}

export interface CustomerChoice {
  id_cliente: number | null;
  cliente_nome: string | null;
  cliente_cpf_cnpj: string | null;
  /** The customer's default price table (id_tabela_preco_padrao). */
  id_tabela_preco_padrao?: number | null;
  /** A customer quick-saved offline on this device (id_cliente is its temporary id): sent with the sale. */
  cliente_rapido?: ClienteRapido | null;
}

/**
 * The sale's customer. With the local pricing, the price table in use follows the customer (its default table, else
 * the branch's: the operation's id_tabela_preco) and every line is priced again (repriceLines).
 */
export function setCustomer(bundle: OperationBundle, customer: CustomerChoice, pricing?: LocalPricing | null): OperationBundle {
  const { id_tabela_preco_padrao, cliente_rapido, ...fields } = customer;
  const operation = { ...bundle.operation, ...fields, cliente_rapido: cliente_rapido ?? null };
  if (!pricing) return { ...bundle, operation };
  const withTable = { ...bundle, operation: { ...operation, id_tabela_preco: tableFor(pricing, id_tabela_preco_padrao ?? null) } };
  return repriceLines(withTable, pricing);
}

/**
 * Every line priced again from its branch prices by the sale's table and the promotions (linePricing): a managed
 * line takes the new price of its type, a typed price (F3) keeps its price and is measured from the new one. Lines
 * stored without their branch prices are left alone.
 */
export function repriceLines(bundle: OperationBundle, pricing: LocalPricing): OperationBundle {
  const context = contextOf(pricing, bundle.operation);
  const itens = bundle.itens.map((item) => {
    const precos = item.precos;
    if (!precos?.base || item.id_produto_grade_filial === null || item.is_cancelado) return item;
    const priced = linePricing(precos.base, { id_produto_grade_filial: item.id_produto_grade_filial, id_categoria: precos.id_categoria ?? null }, context);
    // The one rule (price-check.ts repricedLine): a managed line at the new price of its type, its discount in
    // proportion; a typed price kept; both naming the new table and promotion.
    return {
      ...repricedLine(item, priced),
      precos: { ...precos, preco_venda: priced.preco_venda, preco_atacado: priced.preco_atacado,
        cashback: offersOf(pricing, bundle.operation, { id_produto_grade_filial: item.id_produto_grade_filial, id_categoria: precos.id_categoria ?? null }) },
    };
  });
  return recompute({ ...bundle, itens });
}

/**
 * The sale's price type (000 §3.2 tipo_preco: the point of sale's Varejo/Atacado switch, Alt+A): the operation takes
 * it and every line whose price the rule manages moves to it at its variation's price of that type (price-check.ts
 * retypedLine: wholesale only where the variation has a wholesale price), then the wholesale quantity rule runs again
 * (recompute). New lines follow the operation's type (addProduct). Lines stored without their prices are left alone.
 * Whether the branch allows it (tipo_preco_alterar) is the caller's question (the screen refuses it before).
 */
export function setPriceType(bundle: OperationBundle, tipo_preco: TipoPreco): OperationBundle {
  const itens = bundle.itens.map((item) => (item.precos ? retypedLine(item, item.precos, tipo_preco) : item));
  return recompute({ ...bundle, operation: { ...bundle.operation, tipo_preco }, itens });
}

/** The seller of the sale (000 §6): on the operation and on every line, so that commissions follow the lines. */
export function setSeller(bundle: OperationBundle, id_usuario_vendedor: number | null): OperationBundle {
  return {
    ...bundle,
    operation: { ...bundle.operation, id_usuario_vendedor },
    itens: bundle.itens.map((item) => ({ ...item, id_usuario_vendedor })),
  };
}

/**
 * The point of sale's modes built so far (000 §1): a sale, an order (released on finishing), a quote, a return, a
 * receipt, a consignment (modes/consignment) and the sale of a credit voucher (modes/voucher).
 */
export const POS_MODES = ['Venda', 'Pedido', 'Orcamento', 'Devolucao', 'Recebimento', 'Consignacao', 'ValeCredito'] as const;
export type PosMode = (typeof POS_MODES)[number];
export const POS_MODE_LABEL: Readonly<Record<PosMode, string>> = {
  Venda: 'Venda',
  Pedido: 'Pedido',
  Orcamento: 'Orçamento',
  Devolucao: 'Devolução',
  Recebimento: 'Recebimento',
  Consignacao: 'Consignação',
  ValeCredito: 'Vale crédito',
};

export function setMode(bundle: OperationBundle, modo_operacao: PosMode): OperationBundle {
  return { ...bundle, operation: { ...bundle.operation, modo_operacao } };
}

