/**
 * The service price rule (000 §5): a service's price is the entry of the chosen price list when it has one, else its
 * default entry, else its first entry; a service line's net total is (gross unit price - unit discount) × quantity.
 */
import { multiplyByQuantity, type Cents, type Milli } from './money.ts';

/** One price of a service: in a price list (id_tabela_preco) or the service's own (null). */
export interface ServicePriceEntry {
  id_tabela_preco: number | null;
  /** The service's default price. */
  is_padrao: boolean;
  valor: Cents;
}

/** The entry that prices the service for the chosen price list (or none), undefined when there is no entry. */
export function selectServicePrice<T extends ServicePriceEntry>(
  entries: readonly T[],
  idTabelaPreco: number | null,
): T | undefined {
  const fromList =
    idTabelaPreco === null ? undefined : entries.find((entry) => entry.id_tabela_preco === idTabelaPreco);
  return fromList ?? entries.find((entry) => entry.is_padrao) ?? entries[0];
}

/**
 * Net total of a service line: (gross unit price - discount per unit) × quantity, rounded half-up to the centavo.
 */
export function serviceNetTotal(valorUnitario: Cents, descontoUnitario: Cents, quantidade: Milli): Cents {
  return multiplyByQuantity(valorUnitario - descontoUnitario, quantidade);
}
