/**
 * The order list's filters and the body of /order/find: the period defaults to the first day of the month to today
 * in the branch's time zone (000 §9 date filters 00:00:00 to 23:59:59, read so by the server), newest first by
 * data_cadastro, 20 a page (002 §9 list defaults).
 */
import type { z } from 'zod';
import type { orderFindBody } from '@pdv/contract/order';
import { DEFAULT_TIMEZONE_OFFSET } from '@pdv/domain/constants';
import type { OrderStatus } from '@pdv/domain/operation-state';
import type { OrderOperation } from '@pdv/domain/order-rules';
import { defaultListPeriod } from '@pdv/domain/period';

export const ORDER_PAGE_SIZE = 20;

export type OrderSortColumn = 'data_cadastro' | 'nsu' | 'valor_total_liquido';
export type OrderFindBody = z.input<typeof orderFindBody>;

export interface OrderFilters {
  /** AAAA-MM-DD, inclusive (00:00:00 of the first day to 23:59:59 of the last). */
  data_inicio: string;
  data_fim: string;
  /** Empty: every status. */
  situacoes: OrderStatus[];
  operacao: OrderOperation | null;
  /** Number (nsu) or customer name. */
  search: string;
}

export interface OrderSort {
  column: OrderSortColumn;
  order: 'asc' | 'desc';
}

export const DEFAULT_ORDER_SORT: OrderSort = { column: 'data_cadastro', order: 'desc' };

export function defaultOrderFilters(now: Date, offsetHours = DEFAULT_TIMEZONE_OFFSET): OrderFilters {
  return { ...defaultListPeriod(now, offsetHours), situacoes: [], operacao: null, search: '' };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filter of /order/find: an empty or malformed date is left out (the server then takes its default). */
export function orderFilterOf(filters: OrderFilters): NonNullable<OrderFindBody['filter']> {
  const filter: NonNullable<OrderFindBody['filter']> = {};
  if (ISO_DATE.test(filters.data_inicio)) filter.data_inicio = filters.data_inicio;
  if (ISO_DATE.test(filters.data_fim)) filter.data_fim = filters.data_fim;
  if (filters.situacoes.length === 1) filter.situacao = filters.situacoes[0];
  else if (filters.situacoes.length > 1) filter.situacao = [...filters.situacoes];
  if (filters.operacao) filter.operacao = filters.operacao;
  return filter;
}

export function orderFindBodyOf(
  filters: OrderFilters,
  page: number,
  sort: OrderSort = DEFAULT_ORDER_SORT,
): OrderFindBody {
  return {
    search: filters.search.trim(),
    skip: (Math.max(1, page) - 1) * ORDER_PAGE_SIZE,
    take: ORDER_PAGE_SIZE,
    filter: orderFilterOf(filters),
    order: sort.order,
    column: sort.column,
  };
}

/** A click on a column header: the same column flips its order, another one starts descending. */
export function nextOrderSort(current: OrderSort, column: OrderSortColumn): OrderSort {
  if (current.column === column) return { column, order: current.order === 'desc' ? 'asc' : 'desc' };
  return { column, order: 'desc' };
}
