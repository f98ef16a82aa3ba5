/** The stock screens' server state: the documents list (10 a page, 001 §9), the movement types and addresses of the branch. */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { documentKind, type StockDocumentKind } from '@pdv/domain/stock-document';
import { call } from '../../api/client.ts';

export const STOCK_PERMISSION = 'FncListarMovimentacaoEstoque';
export const STOCK_PAGE_SIZE = 10;

export const STOCK_KEYS = {
  all: ['stock-movement'] as const,
  find: (body: unknown) => ['stock-movement', 'find', body] as const,
  detail: (id: number) => ['stock-movement', 'detail', id] as const,
  balance: (ids: readonly number[]) => ['stock-movement', 'balance', ids] as const,
  types: ['stock-movement', 'types'] as const,
  addresses: ['stock-movement', 'addresses'] as const,
};

export interface MovementTypeOption {
  id: number;
  label: string;
  kind: StockDocumentKind;
}

/** The organization's active movement types, each with the kind of document it makes. */
export function useMovementTypes() {
  return useQuery({
    queryKey: STOCK_KEYS.types,
    queryFn: async (): Promise<MovementTypeOption[]> => {
      const res = (await call('stockMovementTypeFind', { take: 200, filter: {} })) as { rows: unknown[] };
      return (res.rows as Array<Record<string, unknown>>)
        .filter((r) => r['situacao'] !== 'Inativo')
        .map((r) => ({
          id: Number(r['id_tipo_movimentacao_estoque']),
          label: `${String(r['codigo'])} - ${String(r['descricao'])}`,
          kind: documentKind({ operacao: String(r['operacao']), tipo_operacao: String(r['tipo_operacao']) }),
        }));
    },
    staleTime: 60_000,
  });
}

/** The active branch's stock addresses, by codigo. */
export function useAddresses() {
  return useQuery({
    queryKey: STOCK_KEYS.addresses,
    queryFn: async () => {
      const res = (await call('stockAddressFind', { take: 200, filter: {} })) as { rows: unknown[] };
      return (res.rows as Array<Record<string, unknown>>).map((r) => ({
        id: Number(r['id_endereco_estoque']), label: `${String(r['codigo'])} - ${String(r['descricao'])}`,
      }));
    },
    staleTime: 60_000,
  });
}

export interface StockFilters {
  id_tipo_movimentacao_estoque: number | null;
  situacao: 0 | 1 | 2 | null;
  data_inicio: string;
  data_fim: string;
  search: string;
}

export function stockFindBody(f: StockFilters, page: number) {
  return {
    search: f.search,
    skip: (page - 1) * STOCK_PAGE_SIZE,
    take: STOCK_PAGE_SIZE,
    filter: {
      ...(f.id_tipo_movimentacao_estoque !== null ? { id_tipo_movimentacao_estoque: f.id_tipo_movimentacao_estoque } : {}),
      ...(f.situacao !== null ? { situacao: f.situacao } : {}),
      ...(f.data_inicio ? { data_inicio: f.data_inicio } : {}),
      ...(f.data_fim ? { data_fim: f.data_fim } : {}),
    },
  };
}

export function useStockDocuments() {
  const [filters, setFiltersValue] = useState<StockFilters>({ id_tipo_movimentacao_estoque: null, situacao: null, data_inicio: '', data_fim: '', search: '' });
  const [page, setPage] = useState(1);
  const [search] = useDebouncedValue(filters.search.trim(), 300);
  const body = stockFindBody({ ...filters, search }, page);
  const list = useQuery({
    queryKey: STOCK_KEYS.find(body),
    queryFn: ({ signal }) => call('stockMovementFind', body, { signal }),
    placeholderData: keepPreviousData,
  });
  const count = list.data?.count ?? 0;
  return {
    filters,
    setFilters(change: Partial<StockFilters>) {
      setFiltersValue((current) => ({ ...current, ...change }));
      setPage(1);
    },
    page,
    setPage,
    pages: Math.max(1, Math.ceil(count / STOCK_PAGE_SIZE)),
    count,
    list,
  };
}
