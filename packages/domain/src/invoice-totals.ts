/**
 * An invoice's totals (nota_fiscal header) from its lines, payments and costs, in integer centavos. The invoice screen
 * shows them as the lines are typed and the server stores them after every write of a draft: both call this one
 * function. The arithmetic is the operation's (computeOperationTotals): an invoice line is an operation line whose
 * only discount is its own.
 *
 * - produtos (valor_total_produtos): the active lines' gross, unit price × quantity rounded half-up per line;
 * - desconto (valor_desconto): the active lines' discounts;
 * - total (valor_nota_fiscal): produtos - desconto + frete + seguro + outros;
 * - pago (valor_pago): the payments; saldo: total - pago when positive; troco (valor_troco): pago - total when positive.
 * Cancelled lines (is_cancelado) count for nothing.
 */
import { computeItemTotals } from './item.ts';
import type { Cents, Milli } from './money.ts';
import { computeOperationTotals } from './operation.ts';

export interface InvoiceLineAmounts {
  quantidade: Milli;
  valor_unitario: Cents;
  /** The line's own discount. */
  valor_desconto: Cents;
  is_cancelado?: boolean;
}

export interface InvoiceCosts {
  frete: Cents;
  seguro: Cents;
  outros: Cents;
}

export interface InvoiceTotals extends InvoiceCosts {
  produtos: Cents;
  desconto: Cents;
  total: Cents;
  pago: Cents;
  /** Still to be paid (never negative). */
  saldo: Cents;
  /** Paid above the total (never negative). */
  troco: Cents;
}

const asItem = (line: InvoiceLineAmounts) => ({
  quantidade: line.quantidade,
  valor_unitario: line.valor_unitario,
  valor_desconto_item: line.valor_desconto,
  valor_desconto_subtotal: 0,
  is_cancelado: line.is_cancelado ?? false,
});

/** One line: gross (valor_sub_total), discount and net (valor_total). */
export function invoiceLineTotals(line: InvoiceLineAmounts): { bruto: Cents; desconto: Cents; liquido: Cents } {
  const { bruto, desconto, liquido } = computeItemTotals(asItem(line));
  return { bruto, desconto, liquido };
}

export function computeInvoiceTotals(
  items: readonly InvoiceLineAmounts[],
  payments: readonly { valor_total: Cents }[],
  costs: InvoiceCosts,
): InvoiceTotals {
  const totals = computeOperationTotals(items.map(asItem), payments, costs);
  return {
    produtos: totals.bruto,
    desconto: totals.desconto,
    frete: costs.frete,
    seguro: costs.seguro,
    outros: costs.outros,
    total: totals.liquido,
    pago: totals.pago,
    saldo: totals.saldo,
    troco: totals.troco,
  };
}
