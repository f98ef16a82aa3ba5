/**
 * Saving an item (000 §5, Item save): stock address, fiscal scenario, positive value, and, with negative-stock
 * control on, a stock record with enough stock. Each function returns every error found, in the spec's order
 * (empty: valid).
 */
import { ValidationError } from './errors.ts';
import { computeItemTotals, type Item } from './item.ts';
import { MESSAGES } from './messages.ts';
import type { Milli } from './money.ts';
import type { ModoOperacao } from './operation.ts';

/** A stock record of a variation at a stock address (001 §3 Stock). */
export interface StockRecord {
  quantidade: Milli;
  quantidade_reserva: Milli;
}

/** Modes whose lines take goods out of stock: the only ones checked against it. */
const STOCK_OUT_MODES: ReadonlySet<ModoOperacao> = new Set(['Venda', 'Pedido', 'Consignacao']);

/**
 * Whether lines of this mode are checked against the stock: sales, orders and consignments take goods out; a return
 * brings them in; quotes, receipts and credit vouchers move no goods.
 */
export function checksStock(mode: ModoOperacao, controlaEstoqueNegativo: boolean): boolean {
  return controlaEstoqueNegativo && STOCK_OUT_MODES.has(mode);
}

/** Operation modes that refuse items (000 §5): a receipt only takes payments. */
export function validateItemInsert(mode: ModoOperacao): ValidationError[] {
  return mode === 'Recebimento' ? [new ValidationError(MESSAGES.receiptRefusesItems)] : [];
}

export interface ItemCheckContext {
  /** Check the stock (see checksStock). */
  checkStock: boolean;
  /** The stock record of the line's variation at its stock address; null or undefined when there is none. */
  estoque?: StockRecord | null;
  /**
   * The quantity of this variation at this stock address in the whole operation, this line included (from
   * quantityByGridAndAddress); defaults to the line's own quantity.
   */
  quantidadeNaOperacao?: Milli;
}

export type CheckedItem = Pick<
  Item,
  | 'tipo_item'
  | 'id_endereco_estoque'
  | 'id_cenario_fiscal'
  | 'quantidade'
  | 'valor_unitario'
  | 'valor_desconto_item'
  | 'valor_desconto_subtotal'
>;

/**
 * 000 §5: the stock address (products) and the fiscal scenario must be chosen; the quantity, the unit price and the
 * price after discount must be above 0; with the stock checked, a stock record must exist and the operation's
 * quantity must not exceed the stock minus its reservation. The stock message shows that available stock as
 * "Estoque atual" and the operation's quantity as "Quantidade informada".
 */
export function validateItem(item: CheckedItem, context: ItemCheckContext): ValidationError[] {
  const errors: ValidationError[] = [];
  const isProduct = item.tipo_item === 'Produto';
  if (isProduct && item.id_endereco_estoque === null) {
    errors.push(new ValidationError(MESSAGES.stockAddressMissing, 'id_endereco_estoque'));
  }
  if (item.id_cenario_fiscal === null) {
    errors.push(new ValidationError(MESSAGES.fiscalScenarioMissing, 'id_cenario_fiscal'));
  }
  if (item.quantidade <= 0) errors.push(new ValidationError(MESSAGES.quantityNotPositive, 'quantidade'));
  if (item.valor_unitario <= 0 || (item.quantidade > 0 && computeItemTotals(item).liquido <= 0)) {
    errors.push(new ValidationError(MESSAGES.itemValueNotPositive, 'valor_unitario'));
  }
  if (isProduct && context.checkStock && item.id_endereco_estoque !== null) {
    const stock = context.estoque;
    if (stock === null || stock === undefined) {
      errors.push(new ValidationError(MESSAGES.stockNotFound, 'quantidade'));
    } else {
      const available = stock.quantidade - stock.quantidade_reserva;
      const wanted = context.quantidadeNaOperacao ?? item.quantidade;
      if (wanted > available) {
        errors.push(new ValidationError(MESSAGES.stockInsufficient(available, wanted), 'quantidade'));
      }
    }
  }
  return errors;
}
