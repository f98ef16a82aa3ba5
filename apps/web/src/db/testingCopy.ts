/**
 * The page's local copy in SQLite for tests of screens and features, as start-up sets it (setLocalCopy): ClientCopy
 * over a client of the worker's host, on a fresh in-memory engine with the app's procedures (storeTesting.ts
 * hostClient). Call closeLocalCopies() after each test: the page goes back to no copy, the clients and their channels
 * are closed.
 */
import { closeStoreChannels, hostClient } from '../features/outbox/storeTesting.ts';
import type { LocalDbClient } from '../localdb/client.ts';
import { setLocalCopy } from './database.ts';
import { ClientCopy } from './localCopy.ts';

const opened: LocalDbClient[] = [];

/** A fresh, empty SQLite copy, made the page's local copy (what localDb() answers). */
export async function openLocalCopy(): Promise<ClientCopy> {
  const client = await hostClient();
  opened.push(client);
  const copy = new ClientCopy(client);
  setLocalCopy(copy);
  return copy;
}

/** For afterEach: no local copy for the page, the copies opened closed (their engines too) and their channels. */
export async function closeLocalCopies(): Promise<void> {
  setLocalCopy(null);
  try {
    for (const client of opened.splice(0)) await client.close();
  } finally {
    closeStoreChannels();
  }
}
