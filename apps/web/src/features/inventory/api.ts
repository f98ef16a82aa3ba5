/** The inventory list's server state: 20 a page (002 §9), data_inicio descending (001 §9), searched and filtered. */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import type { InventorySituation } from '@pdv/domain/inventory';
import { call } from '../../api/client.ts';

export const INVENTORY_PERMISSION = 'FncListarMovimentacaoEstoque';
export const INVENTORY_PAGE_SIZE = 20;
export const INVENTORY_KEYS = { all: ['inventory'] as const, list: (body: unknown) => ['inventory', 'list', body] as const };

export function useInventories() {
  const [search, setSearchValue] = useState('');
  const [situacao, setSituacaoValue] = useState<InventorySituation | null>(null);
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const body = {
    search: debounced, skip: (page - 1) * INVENTORY_PAGE_SIZE, take: INVENTORY_PAGE_SIZE,
    filter: situacao ? { situacao } : {}, column: 'data_inicio' as const, order: 'desc' as const,
  };
  const list = useQuery({
    queryKey: INVENTORY_KEYS.list(body),
    queryFn: ({ signal }) => call('inventoryList', body, { signal }),
    placeholderData: keepPreviousData,
  });
  const count = list.data?.count ?? 0;
  return {
    search, setSearch: (v: string) => { setSearchValue(v); setPage(1); },
    situacao, setSituacao: (v: InventorySituation | null) => { setSituacaoValue(v); setPage(1); },
    page, setPage, pages: Math.max(1, Math.ceil(count / INVENTORY_PAGE_SIZE)), count, list,
  };
}
