/** The order list's state: filters, page and sort, and a page of /order/find. */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { call } from '../../../api/client.ts';
import {
  DEFAULT_ORDER_SORT,
  ORDER_PAGE_SIZE,
  defaultOrderFilters,
  nextOrderSort,
  orderFindBodyOf,
  type OrderFilters,
  type OrderSort,
  type OrderSortColumn,
} from '../period.ts';

/** Query keys of the order screens; invalidating ['order'] reloads all of them. */
export const ORDER_KEYS = {
  all: ['order'] as const,
  find: (body: unknown) => ['order', 'find', body] as const,
  detail: (id: number) => ['order', 'detail', id] as const,
};

export function useOrderList() {
  const [filters, setFiltersValue] = useState<OrderFilters>(() => defaultOrderFilters(new Date()));
  const [page, setPage] = useState(1);
  const [sort, setSortValue] = useState<OrderSort>(DEFAULT_ORDER_SORT);
  const [search] = useDebouncedValue(filters.search.trim(), 300);
  const body = orderFindBodyOf({ ...filters, search }, page, sort);

  const list = useQuery({
    queryKey: ORDER_KEYS.find(body),
    queryFn: ({ signal }) => call('orderFind', body, { signal }),
    placeholderData: keepPreviousData,
  });

  const count = list.data?.count ?? 0;
  return {
    filters,
    setFilters(change: Partial<OrderFilters>) {
      setFiltersValue((current) => ({ ...current, ...change }));
      setPage(1);
    },
    page,
    setPage,
    pages: Math.max(1, Math.ceil(count / ORDER_PAGE_SIZE)),
    count,
    sort,
    sortBy(column: OrderSortColumn) {
      setSortValue((current) => nextOrderSort(current, column));
      setPage(1);
    },
    list,
  };
}
