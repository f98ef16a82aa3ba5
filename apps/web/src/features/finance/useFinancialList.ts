/** The financial documents list's state: filters (type, situation, person, due-date period), page, and a page of /document-financial/find. */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import type { FinancialSituation } from '@pdv/domain/financial-document';
import { call } from '../../api/client.ts';

export const FINANCE_PAGE_SIZE = 20;

export const FINANCE_KEYS = {
  all: ['document-financial'] as const,
  find: (body: unknown) => ['document-financial', 'find', body] as const,
  detail: (id: number) => ['document-financial', 'detail', id] as const,
};

export interface FinanceFilters {
  operacao: 'Entrada' | 'Saida' | null;
  situacoes: FinancialSituation[];
  id_pessoa: number | null;
  data_inicio: string;
  data_fim: string;
  search: string;
}

/** The current month, first to last day (002 §9: financial documents by due date of the current month). */
export function currentMonth(now: Date): { data_inicio: string; data_fim: string } {
  const local = new Date(now.getTime() - 3 * 3_600_000);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const mm = String(m + 1).padStart(2, '0');
  return { data_inicio: `${y}-${mm}-01`, data_fim: `${y}-${mm}-${String(last).padStart(2, '0')}` };
}

export function financeFindBody(f: FinanceFilters, page: number) {
  return {
    search: f.search,
    skip: (page - 1) * FINANCE_PAGE_SIZE,
    take: FINANCE_PAGE_SIZE,
    filter: {
      ...(f.operacao ? { operacao: f.operacao } : {}),
      ...(f.situacoes.length ? { situacao: f.situacoes } : {}),
      ...(f.id_pessoa !== null ? { id_pessoa: f.id_pessoa } : {}),
      ...(f.data_inicio ? { data_inicio: f.data_inicio } : {}),
      ...(f.data_fim ? { data_fim: f.data_fim } : {}),
    },
    column: 'data_vencimento' as const,
    order: 'desc' as const,
  };
}

export function useFinancialList() {
  const [filters, setFiltersValue] = useState<FinanceFilters>(() => ({
    operacao: null, situacoes: [], id_pessoa: null, search: '', ...currentMonth(new Date()),
  }));
  const [page, setPage] = useState(1);
  const [search] = useDebouncedValue(filters.search.trim(), 300);
  const body = financeFindBody({ ...filters, search }, page);
  const list = useQuery({
    queryKey: FINANCE_KEYS.find(body),
    queryFn: ({ signal }) => call('documentFinancialFind', body, { signal }),
    placeholderData: keepPreviousData,
  });
  const count = list.data?.count ?? 0;
  return {
    filters,
    setFilters(change: Partial<FinanceFilters>) {
      setFiltersValue((current) => ({ ...current, ...change }));
      setPage(1);
    },
    page,
    setPage,
    pages: Math.max(1, Math.ceil(count / FINANCE_PAGE_SIZE)),
    count,
    list,
  };
}

/** Today in the shop's zone (AAAA-MM-DD). */
export function todayLocal(): string {
  return new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
}
