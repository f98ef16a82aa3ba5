import { describe, expect, it } from 'vitest';
import type { SyncStatus } from './engine.ts';
import type { SyncState } from './runtime.ts';
import { shallowEqual, watchSyncState, type SyncStateSource } from './watchState.ts';

/** A stand-in for the runtime: the state is replaced on every change, listeners hear of it when told. */
function fakeSource(initial: SyncState) {
  let state = initial;
  const listeners = new Set<() => void>();
  const source: SyncStateSource = {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getState: () => state,
  };
  return {
    source,
    listeners,
    change(patch: Partial<SyncState>) {
      state = { ...state, ...patch };
    },
    notify() {
      for (const listener of listeners) listener();
    },
  };
}

const status = (patch: Partial<SyncStatus>): SyncStatus => ({
  leader: true,
  running: true,
  table: 'product',
  received: 0,
  firstLoad: true,
  done: 0,
  total: 5,
  failed: [],
  error: null,
  quotaExceeded: false,
  ...patch,
});

const connectionOf = (state: SyncState) => state.connection;
const busyView = (state: SyncState) => ({ connection: state.connection, busy: state.sync?.running ?? false });

describe('watchSyncState', () => {
  it('tells only the changes of the selected part', () => {
    const fake = fakeSource({ sync: status({}), connection: 'connecting' });
    const seen: string[] = [];
    watchSyncState(fake.source, connectionOf, Object.is, 'connecting', (value) => seen.push(value));
    expect(seen).toEqual([]);

    fake.change({ sync: status({ received: 1000 }) });
    fake.notify();
    fake.change({ sync: status({ received: 2000 }) });
    fake.notify();
    expect(seen).toEqual([]);

    fake.change({ connection: 'online' });
    fake.notify();
    fake.notify();
    expect(seen).toEqual(['online']);
  });

  it('compares records field by field with shallowEqual', () => {
    const fake = fakeSource({ sync: status({}), connection: 'online' });
    const seen: Array<{ connection: string; busy: boolean }> = [];
    watchSyncState(fake.source, busyView, shallowEqual, { connection: 'online', busy: true }, (v) => seen.push(v));
    fake.change({ sync: status({ received: 5000, table: 'grid' }) });
    fake.notify();
    expect(seen).toEqual([]);
    fake.change({ sync: status({ running: false }) });
    fake.notify();
    expect(seen).toEqual([{ connection: 'online', busy: false }]);
  });

  it('tells at once a change made between the render and the subscription', () => {
    const fake = fakeSource({ sync: null, connection: 'offline' });
    const shown = connectionOf(fake.source.getState());
    fake.change({ connection: 'connecting' });
    const seen: string[] = [];
    watchSyncState(fake.source, connectionOf, Object.is, shown, (value) => seen.push(value));
    expect(seen).toEqual(['connecting']);
  });

  it('stops hearing after the unsubscribe', () => {
    const fake = fakeSource({ sync: null, connection: 'offline' });
    const seen: string[] = [];
    const stop = watchSyncState(fake.source, connectionOf, Object.is, 'offline', (value) => seen.push(value));
    stop();
    expect(fake.listeners.size).toBe(0);
    fake.change({ connection: 'online' });
    fake.notify();
    expect(seen).toEqual([]);
  });
});

describe('shallowEqual', () => {
  it('compares flat records by their values', () => {
    expect(shallowEqual({ a: 1, b: 'x', c: null }, { a: 1, b: 'x', c: null })).toBe(true);
    expect(shallowEqual({ a: 1, b: 'x' }, { a: 1, b: 'y' })).toBe(false);
    expect(shallowEqual<Record<string, number>>({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(shallowEqual<Record<string, number | undefined>>({ a: 1, b: undefined }, { a: 1, c: undefined })).toBe(
      false,
    );
    expect(shallowEqual({ list: [1] }, { list: [1] })).toBe(false);
  });
});
