/**
 * A page of list-by-changes read as text, for the SQLite copy (issue 21): the rows stay the JSON text the server wrote
 * and go to the copy's worker as one string, where SQLite reads, checks and counts them (engine.ts,
 * TableChange.rowsJson; syncWrites.ts applyPageAt). Parsing them in the page, then cloning 5,000 objects into the
 * worker's message and turning them back into JSON there, cost more than the insert itself, and the clone was a long
 * task of the page's thread.
 *
 * The server writes a page as `{"rows":[...],"date_change":...,"offset":...,"has_more":...}`: rows first, spliced in as
 * the database wrote them (apps/server/src/http/json-rows.ts). The position fields are found from the end, at the last
 * `],"date_change":` of the text: inside a JSON string a quote is always escaped, so that sequence is structure, and
 * the last one is the page's own (it follows every row). They are parsed and checked against the contract; the rows'
 * array is everything before. Any other layout answers null, and the caller parses the whole answer as before.
 */
import { listByChangesResult, type ListByChangesResult } from '@pdv/contract/sync';

/**
 * A page as the sync reads it: its rows parsed (`rows`), or left as the JSON text of their array (`rowsJson`, with
 * `rows` empty).
 */
export type SyncPage = ListByChangesResult & { rowsJson?: string };

const HEAD = '{"rows":[';
const TAIL = '],"date_change":';
const pageFields = listByChangesResult.omit({ rows: true });

/** The page in `text` with its rows left as text (`rows` empty); null when the text is not laid out as the server's. */
export function splitPageText(text: string): SyncPage | null {
  if (!text.startsWith(HEAD)) return null;
  const end = text.lastIndexOf(TAIL);
  if (end < HEAD.length - 1) return null;
  let fields: unknown;
  try {
    fields = JSON.parse(`{${text.slice(end + 2)}`);
  } catch {
    return null;
  }
  const checked = pageFields.safeParse(fields);
  if (!checked.success) return null;
  const rowsJson = text.slice(HEAD.length - 1, end + 1);
  // An empty page has nothing for the worker to read.
  return rowsJson === '[]' ? { ...checked.data, rows: [] } : { ...checked.data, rows: [], rowsJson };
}
