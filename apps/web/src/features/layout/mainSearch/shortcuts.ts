/**
 * The main search's shortcuts (002 §2 "Main search shortcuts"): the screens of the main menu and of the settings menu
 * the user may open (the same permission check as the menus, packages/domain/src/menu.ts), plus the spec's "new"
 * shortcuts whose screens exist here (a new order, a new invoice). Settings entries form their own group (10 results).
 */
import { MAIN_MENU, SETTINGS_MENU, visibleEntries, visibleSettings, type MenuEntry } from '@pdv/domain/menu';
import type { SearchResult } from './ranking.ts';
import { SEARCH_TEXTS } from './texts.ts';

/** The spec's shortcuts to a new record, each behind the permission of its list. */
const NEW_RECORD_SHORTCUTS: readonly MenuEntry[] = [
  { label: SEARCH_TEXTS.newOrder, path: '/order/register', permission: 'FncListarPedido' },
  { label: SEARCH_TEXTS.newInvoice, path: '/invoice/register', permission: 'FncListarNotaFiscal' },
];

const asResult = (entry: MenuEntry, detail: string): SearchResult => ({
  key: entry.path,
  label: entry.label,
  detail,
  path: entry.path,
  texts: [entry.label, entry.path.replace(/^\//, '')],
});

export function shortcutCandidates(allowed: (label: string | null) => boolean): {
  shortcuts: SearchResult[];
  settings: SearchResult[];
} {
  const main = visibleEntries([...MAIN_MENU, ...NEW_RECORD_SHORTCUTS], allowed).map((e) => asResult(e, e.path));
  const settings = visibleSettings(SETTINGS_MENU, allowed).flatMap((group) =>
    group.entries.map((e) => asResult(e, `${SEARCH_TEXTS.settingsGroup} · ${group.title}`)),
  );
  return { shortcuts: main, settings };
}
