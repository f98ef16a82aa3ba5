/** Local databases for tests: fake-indexeddb behind Dexie, a fresh name each time. */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { PdvDatabase } from './database.ts';
import { DATABASE_VERSION } from './schema.ts';

let sequence = 0;

export function testDatabaseName(): string {
  sequence += 1;
  return `pdv-test-${sequence}-${Math.random().toString(36).slice(2)}`;
}

/** A database as the release with schema `upTo` opens it. */
export function openTestDatabase(name = testDatabaseName(), upTo = DATABASE_VERSION): PdvDatabase {
  return new PdvDatabase(name, { indexedDB, IDBKeyRange }, upTo);
}
