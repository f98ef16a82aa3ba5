import { sql as foundation } from './001_foundation.ts';
import { sql as sync } from './002_sync.ts';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Contiguous, append-only. A released migration is never edited: add a new one. */
export const migrations: Migration[] = [
  { version: 1, name: 'foundation', sql: foundation },
  { version: 2, name: 'sync', sql: sync },
];
