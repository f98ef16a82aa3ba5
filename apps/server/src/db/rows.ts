/** Row helpers shared by queries. */

export function iso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** A LIKE pattern matching `search` anywhere, with LIKE's wildcards escaped. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
