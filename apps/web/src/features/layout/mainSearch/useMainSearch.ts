/**
 * The main search's state: the typed text, the groups it finds (shortcuts at once; records after a short pause, the
 * local ones from the local copy, orders and invoices from the server when online) and the keyboard's selection.
 */
import { useEffect, useMemo, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { canSeeEntry } from '@pdv/domain/permissions';
import { localDb } from '../../../db/database.ts';
import { useSession } from '../../auth/sessionContext.ts';
import type { SyncState } from '../../sync/runtime.ts';
import { useSyncSelector } from '../../sync/useSyncState.ts';
import { arrangeGroups, flatResults, GROUP_LIMIT, moveSelection, rankResults, recordsFit, type GroupKey, type ResultGroup, type SearchResult } from './ranking.ts';
import { shortcutCandidates } from './shortcuts.ts';
import { invoiceCandidates, orderCandidates, peopleCandidates, productCandidates } from './sources.ts';
import { SEARCH_TEXTS } from './texts.ts';

/** The permission that shows each record group (its list's menu entry). */
const RECORD_PERMISSION: Record<Exclude<GroupKey, 'shortcuts' | 'settings'>, string> = {
  products: 'FncListarProduto',
  people: 'FncListarPessoa',
  orders: 'FncListarPedido',
  invoices: 'FncListarNotaFiscal',
};

/** Records are looked up from this many characters (a single letter would list half the catalogue). */
export const RECORD_MIN_CHARS = 2;
const DEBOUNCE_MS = 200;

type Source = (query: string, signal: AbortSignal) => Promise<SearchResult[]>;

/** One record group's answer: its ranked results, or a note saying why there are none. */
async function recordGroup(key: GroupKey, query: string, signal: AbortSignal, source: Source, fromSource: boolean): Promise<ResultGroup> {
  try {
    const found = await source(query, signal);
    return { key, results: rankResults(query, found, GROUP_LIMIT[key], fromSource) };
  } catch (error) {
    if (signal.aborted) return { key, results: [] };
    console.error('Falha na pesquisa principal', key, error);
    return { key, results: [], note: SEARCH_TEXTS.failed };
  }
}

const isOnline = (state: SyncState): boolean => state.connection === 'online';

export function useMainSearch() {
  const { ability } = useSession();
  const online = useSyncSelector(isOnline);
  const [query, setQueryValue] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), DEBOUNCE_MS);
  const [records, setRecords] = useState<{ query: string; groups: ResultGroup[] }>({ query: '', groups: [] });
  // The selected line, by its group and key: it stays selected when records arrive around it; when it is gone (or
  // nothing was chosen) the first line is.
  const [selection, setSelection] = useState<string | null>(null);

  const candidates = useMemo(() => shortcutCandidates((label) => canSeeEntry(ability, label)), [ability]);

  useEffect(() => {
    // A text too short looks up no records (the groups below ignore the last ones).
    if (debounced.length < RECORD_MIN_CHARS) return;
    const controller = new AbortController();
    const { signal } = controller;
    const can = (key: keyof typeof RECORD_PERMISSION) => canSeeEntry(ability, RECORD_PERMISSION[key]);
    const db = localDb();
    const pending: Array<Promise<ResultGroup>> = [];
    if (can('products')) pending.push(recordGroup('products', debounced, signal, (q) => productCandidates(db, q), true));
    if (can('people')) pending.push(recordGroup('people', debounced, signal, (q) => peopleCandidates(db, q), true));
    for (const key of ['orders', 'invoices'] as const) {
      if (!can(key)) continue;
      if (!online) pending.push(Promise.resolve({ key, results: [], note: SEARCH_TEXTS.offline }));
      else pending.push(recordGroup(key, debounced, signal, key === 'orders' ? (q, s) => orderCandidates(q, s) : invoiceCandidates, true));
    }
    void Promise.all(pending).then((groups) => {
      if (!signal.aborted) setRecords({ query: debounced, groups });
    });
    return () => controller.abort();
  }, [debounced, online, ability]);

  const trimmed = query.trim();
  const groups = useMemo(() => {
    if (trimmed === '') return [];
    const shortcuts: ResultGroup[] = [
      { key: 'shortcuts', results: rankResults(trimmed, candidates.shortcuts, GROUP_LIMIT.shortcuts) },
      { key: 'settings', results: rankResults(trimmed, candidates.settings, GROUP_LIMIT.settings) },
    ];
    // Records of the text being typed on (one starts the other) stay until the new ones come, so they do not flicker;
    // another text's records are never shown, nor any for a text too short.
    const recordGroups = recordsFit(trimmed, records.query, RECORD_MIN_CHARS) ? records.groups : [];
    return arrangeGroups([...shortcuts, ...recordGroups]);
  }, [trimmed, candidates, records]);
  const results = flatResults(groups);
  const searching = trimmed.length >= RECORD_MIN_CHARS && (debounced !== trimmed || records.query !== debounced);
  const ids = groups.flatMap((g) => g.results.map((r) => `${g.key}:${r.key}`));
  const selected = results.length === 0 ? -1 : Math.max(0, selection === null ? 0 : ids.indexOf(selection));

  return {
    query,
    setQuery(text: string) {
      setQueryValue(text);
      setSelection(null);
    },
    groups,
    results,
    searching,
    selected,
    move(delta: 1 | -1) {
      setSelection(ids[moveSelection(selected, delta, results.length)] ?? null);
    },
  };
}
