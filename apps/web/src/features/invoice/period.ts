/**
 * The list's filters and the body of /invoice/find: the period defaults to the first day of the month to today
 * (002 §9 "Default date ranges"), taken in the branch's time zone (default -3, 001 §9); the server reads the dates as
 * 00:00:00 to 23:59:59 of that zone. Sorted by data_hora_emissao descending, 20 a page (002 §9).
 */
import type { z } from 'zod';
import type { invoiceFindBody } from '@pdv/contract/invoice';
import { DEFAULT_TIMEZONE_OFFSET } from '@pdv/domain/constants';
import { defaultListPeriod } from '@pdv/domain/period';
import { isSituacao, type InvoiceSituacao } from './situacao.ts';

export const INVOICE_PAGE_SIZE = 20;

export type SortColumn = 'data_hora_emissao' | 'numero_nota_fiscal' | 'valor_nota_fiscal' | 'cliente_nome';
export type FindBody = z.input<typeof invoiceFindBody>;

export interface InvoiceFilters {
  /** AAAA-MM-DD, inclusive. */
  data_inicio: string;
  data_fim: string;
  situacao: InvoiceSituacao | null;
  modelo: '55' | '65' | null;
  search: string;
}

export interface InvoiceSort {
  column: SortColumn;
  order: 'asc' | 'desc';
}

export const DEFAULT_SORT: InvoiceSort = { column: 'data_hora_emissao', order: 'desc' };

export function defaultFilters(now: Date, offsetHours = DEFAULT_TIMEZONE_OFFSET): InvoiceFilters {
  return { ...defaultListPeriod(now, offsetHours), situacao: null, modelo: null, search: '' };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filter part of the find and list_values bodies (an empty or malformed date is left out). */
export function filterOf(filters: InvoiceFilters): NonNullable<FindBody['filter']> {
  const filter: NonNullable<FindBody['filter']> = {};
  if (ISO_DATE.test(filters.data_inicio)) filter.data_inicio = filters.data_inicio;
  if (ISO_DATE.test(filters.data_fim)) filter.data_fim = filters.data_fim;
  if (filters.situacao) filter.situacao = filters.situacao;
  if (filters.modelo) filter.modelo = filters.modelo;
  return filter;
}

export function findBodyOf(filters: InvoiceFilters, page: number, sort: InvoiceSort = DEFAULT_SORT): FindBody {
  return {
    search: filters.search.trim(),
    skip: (Math.max(1, page) - 1) * INVOICE_PAGE_SIZE,
    take: INVOICE_PAGE_SIZE,
    filter: filterOf(filters),
    order: sort.order,
    column: sort.column,
  };
}

/** A click on a column header: the same column flips its order, another one starts descending. */
export function nextSort(current: InvoiceSort, column: SortColumn): InvoiceSort {
  if (current.column === column) return { column, order: current.order === 'desc' ? 'asc' : 'desc' };
  return { column, order: 'desc' };
}

export function situacaoFilterOf(value: string | null): InvoiceSituacao | null {
  return value !== null && isSituacao(value) ? value : null;
}
