/** Engines for tests: the same SQLite build as the browser's, under Node, on an in-memory database. */
import sqlite3InitModule, { type Sqlite3Static } from '@sqlite.org/sqlite-wasm';
import { LocalEngine } from './engine.ts';
import type { TableDef } from './schema.ts';

let sqlite3: Promise<Sqlite3Static> | null = null;

/** SQLite, loaded once per test file. */
export function loadSqlite(): Promise<Sqlite3Static> {
  sqlite3 ??= sqlite3InitModule();
  return sqlite3;
}

/** A fresh engine on an in-memory database (`defs`: the tables, by default the local copy's). */
export async function openMemoryEngine(defs?: readonly TableDef[]): Promise<LocalEngine> {
  const { oo1 } = await loadSqlite();
  return new LocalEngine(new oo1.DB(':memory:', 'c'), defs);
}
