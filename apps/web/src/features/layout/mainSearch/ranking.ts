/**
 * The main search's ranking and grouping (002 §2 "Main search"), pure: what the header's box shows for a text.
 *
 * - A candidate matches when every typed word (folded: lower case, no accents) starts a word of one of its texts, or,
 *   for a word of 3 or more characters, stands anywhere inside one (digits of a CPF, an NSU, a barcode).
 * - Its rank, best first: the whole text equals the typed text; the text starts with it; every word starts a word;
 *   a word only inside. Ties keep the order the source gave (a server's newest first), then shorter texts first.
 * - Groups appear in a fixed order (shortcuts, settings, products, people, orders, invoices), each cut to its limit:
 *   4 results, 10 for the settings group; an empty group is left out, unless it carries a note (offline, failure).
 * - The keyboard moves one selection across all groups, in the order shown, wrapping at both ends.
 */
import { fold } from '../../checkout/search/textIndex.ts';

export const GROUP_ORDER = ['shortcuts', 'settings', 'products', 'people', 'orders', 'invoices'] as const;
export type GroupKey = (typeof GROUP_ORDER)[number];

/** 002 §2: 4 results per group, 10 for the settings group. */
export const GROUP_LIMIT: Record<GroupKey, number> = {
  shortcuts: 4,
  settings: 10,
  products: 4,
  people: 4,
  orders: 4,
  invoices: 4,
};

/** One line of the results: what it shows and where Enter takes the user. */
export interface SearchResult {
  /** Unique in its group (the path or the record's id). */
  key: string;
  label: string;
  /** A second, dimmed line (SKU, CPF, customer and total, ...). */
  detail?: string;
  path: string;
  /** The texts the typed words are matched against (the label when absent). */
  texts?: readonly string[];
}

export interface ResultGroup {
  key: GroupKey;
  results: SearchResult[];
  /** Said in place of (or under) the results: offline, searching, a failure. */
  note?: string;
}

const words = (text: string): string[] => fold(text).split(/[^a-z0-9]+/).filter((w) => w !== '');

/** The rank of a candidate's texts for the typed text (0 best), or null when it does not match. */
export function matchRank(query: string, texts: readonly string[]): number | null {
  const typed = words(query);
  if (typed.length === 0) return null;
  const folded = texts.map((t) => fold(t).trim());
  const whole = typed.join(' ');
  const textWords = folded.map((t) => t.split(/[^a-z0-9]+/).filter((w) => w !== ''));
  let inside = false;
  for (const word of typed) {
    if (textWords.some((ws) => ws.some((w) => w.startsWith(word)))) continue;
    if (word.length >= 3 && folded.some((t) => t.replace(/[^a-z0-9]+/g, '').includes(word))) {
      inside = true;
      continue;
    }
    return null;
  }
  const joined = folded.map((t) => t.split(/[^a-z0-9]+/).filter((w) => w !== '').join(' '));
  if (joined.some((t) => t === whole)) return 0;
  if (joined.some((t) => t.startsWith(whole))) return 1;
  return inside ? 3 : 2;
}

/**
 * The candidates that match, best first, at most `limit`. A source that already chose its rows by its own rule (the
 * server's find, the product index) passes `keepUnmatched`: its rows this rule does not match stay, after the others.
 */
export function rankResults(query: string, candidates: readonly SearchResult[], limit: number, keepUnmatched = false): SearchResult[] {
  const ranked: Array<{ result: SearchResult; rank: number; at: number }> = [];
  candidates.forEach((result, at) => {
    const rank = matchRank(query, result.texts ?? [result.label]) ?? (keepUnmatched ? 4 : null);
    if (rank !== null) ranked.push({ result, rank, at });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.at - b.at || a.result.label.length - b.result.label.length);
  return ranked.slice(0, limit).map((r) => r.result);
}

/**
 * The groups as shown: in GROUP_ORDER, each cut to its limit, without repeated keys, empty ones left out unless they
 * carry a note.
 */
export function arrangeGroups(groups: readonly ResultGroup[]): ResultGroup[] {
  const byKey = new Map(groups.map((g) => [g.key, g]));
  const out: ResultGroup[] = [];
  for (const key of GROUP_ORDER) {
    const group = byKey.get(key);
    if (!group) continue;
    const seen = new Set<string>();
    const results = group.results.filter((r) => !seen.has(r.key) && seen.add(r.key)).slice(0, GROUP_LIMIT[key]);
    if (results.length > 0 || group.note) out.push({ ...group, results });
  }
  return out;
}

/** The results of the shown groups in the order the keyboard walks them. */
export function flatResults(groups: readonly ResultGroup[]): SearchResult[] {
  return groups.flatMap((g) => g.results);
}

/**
 * Whether records found for `found` may stand for the text typed now while its own are looked up: only when one text
 * starts the other (the user is typing on, or erasing), never another text's records, nor any for a text shorter
 * than `minChars`.
 */
export function recordsFit(typed: string, found: string, minChars: number): boolean {
  if (typed.length < minChars || found === '') return false;
  const a = fold(typed);
  const b = fold(found);
  return a.startsWith(b) || b.startsWith(a);
}

/** Where each shown group's first result stands in flatResults (the options' numbers). */
export function groupStarts(groups: readonly ResultGroup[]): number[] {
  const starts: number[] = [];
  let next = 0;
  for (const group of groups) {
    starts.push(next);
    next += group.results.length;
  }
  return starts;
}

/** The selection after ↑ (-1) or ↓ (+1) among `count` results, wrapping; -1 when there is nothing to select. */
export function moveSelection(current: number, delta: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (current < 0 || current >= count) return delta === 1 ? 0 : count - 1;
  return (current + delta + count) % count;
}
