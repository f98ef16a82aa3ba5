/**
 * The return (Devolucao) and receipt (Recebimento) modes over the draft: pure steps and checks. A return's lines are
 * the chosen lines of the original sale at their net value as sold; a receipt has no lines, only the chosen
 * receivables and the payments that pay them.
 */
import type { ReturnSale } from '@pdv/contract/return';
import { makeItem } from '@pdv/domain/factories';
import { fromDecimal, multiplyByQuantity, quantityFromDecimal, sum, type Cents, type Milli } from '@pdv/domain/money';
import {
  exchangeExpiredError, receiptChange, RETURN_MESSAGES, returnedValue, validateReceiptPayments,
} from '@pdv/domain/return-rules';
import type { OperationBundle, ReceiptDocument, StoredItem } from '../../outbox/types.ts';
import { recompute } from '../draft.ts';

export const RETURN_ITEMS_FROM_ORIGIN = 'Na devolução, os itens vêm da venda de origem: escolha a venda e as quantidades (F5).';

/** The exchange-period refusal of a listed sale (dd/mm/aaaa), or null while it may be returned. */
export function expiredMessage(sale: Pick<ReturnSale, 'data_emissao' | 'prazo_troca' | 'troca_expirada'>, days: number | null, now = new Date()): string | null {
  if (days !== null) return exchangeExpiredError(sale.data_emissao, days, now)?.message ?? null;
  if (!sale.troca_expirada) return null;
  const [y, m, d] = sale.prazo_troca.split('-');
  return RETURN_MESSAGES.exchangeExpired(`${d}/${m}/${y}`);
}

/**
 * The return's lines: for each original line with a quantity, a line at its unit price whose discount keeps the net
 * to the returned share of the line's net as sold (the server computes the credit the same way, from its own rows).
 */
export function setReturnLines(bundle: OperationBundle, sale: ReturnSale, quantities: ReadonlyMap<number, Milli>): OperationBundle {
  let ordem = 0;
  const itens: StoredItem[] = [];
  for (const line of sale.itens) {
    const quantidade = quantities.get(line.id_item_origem) ?? 0;
    if (quantidade <= 0) continue;
    const sold = quantityFromDecimal(line.quantidade);
    const returned = quantityFromDecimal(line.quantidade_devolvida);
    const unit = fromDecimal(line.valor_unitario);
    const total = fromDecimal(line.valor_total);
    const value = returnedValue({ descricao: line.descricao, quantidade: sold, quantidade_devolvida: returned, valor_total: total }, quantidade);
    const gross = multiplyByQuantity(unit, quantidade);
    ordem += 1;
    itens.push({
      ...makeItem({
        id_item: crypto.randomUUID(), id_operacao: bundle.operation.id_operacao,
        id_produto_grade_filial: line.id_produto_grade_filial, id_endereco_estoque: line.id_endereco_estoque,
        descricao: line.descricao, sku: line.sku, codigo_barras: line.codigo_barras, unidade_comercial: line.unidade_comercial,
        quantidade, valor_unitario: unit, valor_desconto_item: Math.max(0, gross - value),
      }),
      ordem,
      precos: null,
      id_item_origem: line.id_item_origem,
    });
  }
  const origin = sale.origem === 'Pedido'
    ? { id_pedido_origem: sale.id, id_nota_fiscal_origem: null }
    : { id_pedido_origem: null, id_nota_fiscal_origem: sale.id };
  const numero = sale.origem === 'Pedido' ? `Pedido ${sale.numero ?? sale.id}` : `${sale.modelo === '65' ? 'NFC-e' : 'NF-e'} ${sale.numero ?? sale.id}`;
  return recompute({
    ...bundle,
    operation: { ...bundle.operation, ...origin, numero_origem: numero, valor_desconto_subtotal: 0 },
    itens,
    pagamentos: [],
  });
}

/** Clears what a mode put on the draft when the cashier moves to another mode or another customer. */
export function clearModeData(bundle: OperationBundle): OperationBundle {
  const { operation } = bundle;
  const returnLines = operation.id_pedido_origem != null || operation.id_nota_fiscal_origem != null;
  const cleared = {
    ...operation, id_pedido_origem: null, id_nota_fiscal_origem: null, numero_origem: null, documentos_financeiros: [],
  };
  return recompute({ ...bundle, operation: cleared, itens: returnLines ? [] : bundle.itens });
}

export function setReceiptDocuments(bundle: OperationBundle, documents: ReceiptDocument[]): OperationBundle {
  return { ...bundle, operation: { ...bundle.operation, documentos_financeiros: documents } };
}

/** What a receipt must collect: the open balance of the chosen receivables with their late interest and fine. */
export function receiptDue(bundle: OperationBundle): Cents {
  return sum((bundle.operation.documentos_financeiros ?? []).map(documentDue));
}

/** What one chosen receivable costs the customer: its balance, interest and fine. */
export const documentDue = (d: ReceiptDocument): Cents => d.saldo + (d.juros ?? 0) + (d.multa ?? 0);

/** The balance still to pay in the receipt mode (for the payment panel). */
export function receiptBalance(bundle: OperationBundle): Cents {
  return receiptTotals(bundle).saldo;
}

/** A receipt's totals: the receivables' open balance due, what the payments pay, what is left and the change. */
export interface ReceiptTotals {
  devido: Cents;
  pago: Cents;
  saldo: Cents;
  troco: Cents;
}

/**
 * The receipt's totals as the server computes them (receiptChange, 000 §3.2 valor_troco): a receipt has no lines, so
 * the sale's totals (lines minus payments) do not apply. The totals panel and the finish modal both show these.
 */
export function receiptTotals(bundle: OperationBundle): ReceiptTotals {
  const devido = receiptDue(bundle);
  const pago = sum(bundle.pagamentos.map((p) => p.valor_total));
  return { devido, pago, saldo: Math.max(0, devido - pago), troco: receiptChange(devido, bundle.pagamentos) };
}

/** The finishing checks proper to the mode (after the customer check of validateFinish); null when none fails. */
export function modeRefusal(bundle: OperationBundle): string[] | null {
  const { operation } = bundle;
  if (operation.modo_operacao === 'Devolucao') {
    if (operation.id_pedido_origem == null && operation.id_nota_fiscal_origem == null) return [RETURN_MESSAGES.originMissing];
    return null;
  }
  if (operation.modo_operacao === 'Recebimento') {
    const errors = validateReceiptPayments(
      receiptDue(bundle),
      bundle.pagamentos.map((p) => ({ valor_total: p.valor_total, meio_pagamento: p.meio_pagamento?.meio_pagamento ?? '' })),
    );
    return errors.length > 0 ? errors.map((e) => e.message) : null;
  }
  return null;
}
