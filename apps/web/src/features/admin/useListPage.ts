import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { callList, type ListRoute } from '../../api/client.ts';

/** The spec's default page size for lists (002 §9). */
export const PAGE_SIZE = 20;

export interface ListPageOptions {
  /** Rows a page (default PAGE_SIZE). */
  pageSize?: number;
  /** More of the body (a register's column, order and filter); a change refetches. */
  params?: Record<string, unknown>;
}

/** Search and paging of a list route: the search waits 300 ms of quiet and goes back to page 1. */
export function useListPage<N extends ListRoute>(route: N, { pageSize = PAGE_SIZE, params = {} }: ListPageOptions = {}) {
  const [search, setSearchValue] = useState('');
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search.trim(), 300);

  const query = useQuery({
    queryKey: [route, debounced, page, pageSize, params],
    queryFn: ({ signal }) =>
      callList(route, { ...params, search: debounced, skip: (page - 1) * pageSize, take: pageSize }, { signal }),
    placeholderData: keepPreviousData,
  });

  const count = query.data?.count ?? 0;
  return {
    search,
    setSearch(value: string) {
      setSearchValue(value);
      setPage(1);
    },
    page,
    setPage,
    pages: Math.max(1, Math.ceil(count / pageSize)),
    count,
    rows: query.data?.rows,
    query,
  };
}
