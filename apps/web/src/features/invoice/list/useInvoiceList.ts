/** The list's state: filters, page and sort, and the two queries (a page of /invoice/find, totals of /list_values). */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { call } from '../../../api/client.ts';
import {
  DEFAULT_SORT,
  INVOICE_PAGE_SIZE,
  defaultFilters,
  filterOf,
  findBodyOf,
  nextSort,
  type InvoiceFilters,
  type InvoiceSort,
  type SortColumn,
} from '../period.ts';

/** Query keys of the invoice screens; invalidating ['invoice'] reloads all of them. */
export const INVOICE_KEYS = {
  all: ['invoice'] as const,
  find: (body: unknown) => ['invoice', 'find', body] as const,
  values: (filter: unknown) => ['invoice', 'values', filter] as const,
  contingency: ['invoice', 'contingency'] as const,
  detail: (id: number) => ['invoice', 'detail', id] as const,
};

export function useInvoiceList() {
  const [filters, setFiltersValue] = useState<InvoiceFilters>(() => defaultFilters(new Date()));
  const [page, setPage] = useState(1);
  const [sort, setSortValue] = useState<InvoiceSort>(DEFAULT_SORT);
  const [search] = useDebouncedValue(filters.search.trim(), 300);
  const effective = { ...filters, search };
  const body = findBodyOf(effective, page, sort);
  const filter = filterOf(effective);

  const list = useQuery({
    queryKey: INVOICE_KEYS.find(body),
    queryFn: ({ signal }) => call('invoiceFind', body, { signal }),
    placeholderData: keepPreviousData,
  });
  const values = useQuery({
    queryKey: INVOICE_KEYS.values(filter),
    queryFn: ({ signal }) => call('invoiceListValues', { filter }, { signal, loading: false }),
    placeholderData: keepPreviousData,
  });

  const count = list.data?.count ?? 0;
  return {
    filters,
    setFilters(change: Partial<InvoiceFilters>) {
      setFiltersValue((current) => ({ ...current, ...change }));
      setPage(1);
    },
    page,
    setPage,
    pages: Math.max(1, Math.ceil(count / INVOICE_PAGE_SIZE)),
    count,
    sort,
    sortBy(column: SortColumn) {
      setSortValue((current) => nextSort(current, column));
      setPage(1);
    },
    list,
    values,
  };
}
