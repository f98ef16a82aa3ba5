// @vitest-environment jsdom
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { useCallback } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalDbClient } from './client.ts';
import { serve } from './host.ts';
import { openMemoryEngine } from './testing.ts';
import { useLocalQuery, useLocalQueryResult, type LiveSource } from './useLocalQuery.ts';

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
});

/** The page's client and the worker's engine, joined by a MessageChannel (the engine is SQLite, in memory). */
async function connect(): Promise<LocalDbClient> {
  const channel = new MessageChannel();
  channels.push(channel);
  serve(channel.port2, () => openMemoryEngine());
  const client = new LocalDbClient(channel.port1);
  channel.port1.start();
  channel.port2.start();
  await client.open();
  return client;
}

const product = (id: number, descricao: string) => ({ id_produto: id, descricao, sku: `P-${id}`, situacao: 'Ativo', data_exclusao: null });
const names = async (db: LocalDbClient) => (await db.searchProducts('cal', 25)).map((p) => String(p['descricao']));

function Products({ db }: { db: LocalDbClient }) {
  const found = useLocalQuery(db, ['product'], names, null);
  if (found === null) return <p>Carregando</p>;
  return (
    <ul>
      {found.map((name) => (
        <li key={name}>{name}</li>
      ))}
    </ul>
  );
}

describe('useLocalQuery', () => {
  it('shows the first answer, and the copy again after each write to its tables', async () => {
    const db = await connect();
    render(<Products db={db} />);
    expect(screen.getByText('Carregando')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Carregando')).toBeNull());
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);

    await act(async () => {
      await db.bulkPut('product', [product(1, 'Calça Jeans'), product(2, 'Camisa Polo')]);
    });
    await waitFor(() => expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Calça Jeans']));
    await act(async () => {
      await db.bulkPut('product', [product(3, 'Calção')]);
    });
    await waitFor(() => expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Calça Jeans', 'Calção']));
  });

  it('runs only for its tables, stops on unmount, and runs again for a new query', async () => {
    const db = await connect();
    const runs = vi.fn((client: LocalDbClient) => client.count('product'));
    const { result, rerender, unmount } = renderHook(({ table }) => useLocalQueryResult(db, [table], runs, -1), { initialProps: { table: 'product' } });
    expect(result.current).toEqual({ value: -1, error: null, loaded: false });
    await waitFor(() => expect(result.current).toEqual({ value: 0, error: null, loaded: true }));
    expect(runs).toHaveBeenCalledTimes(1);

    await act(async () => {
      await db.bulkPut('stock', [{ id_estoque: 1 }]);
    });
    expect(runs).toHaveBeenCalledTimes(1);
    await act(async () => {
      await db.bulkPut('product', [product(1, 'Calça Jeans')]);
    });
    await waitFor(() => expect(result.current.value).toBe(1));
    expect(runs).toHaveBeenCalledTimes(2);

    // Another table: the hook listens to it instead (the same rows' count, one more run).
    rerender({ table: 'stock' });
    await waitFor(() => expect(runs).toHaveBeenCalledTimes(3));
    await act(async () => {
      await db.bulkPut('product', [product(2, 'Camisa')]);
    });
    expect(runs).toHaveBeenCalledTimes(3);

    unmount();
    await act(async () => {
      await db.bulkPut('stock', [{ id_estoque: 2 }]);
    });
    expect(runs).toHaveBeenCalledTimes(3);
  });

  it('keeps the last answer and gives the failure of a run', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let onValue: ((value: number) => void) | null = null;
    let onError: ((error: unknown) => void) | null = null;
    let stops = 0;
    const fake: LiveSource<null> = {
      live: <T,>(_tables: readonly string[], _query: (db: null) => Promise<T>, value: (value: T) => void, error?: (error: unknown) => void) => {
        onValue = value as unknown as (value: number) => void;
        onError = error ?? null;
        return () => {
          stops += 1;
        };
      },
    };
    const { result, unmount } = renderHook(() => {
      const query = useCallback(() => Promise.resolve(1), []);
      return useLocalQueryResult(fake, ['product'], query, 0);
    });
    act(() => onValue?.(5));
    expect(result.current).toEqual({ value: 5, error: null, loaded: true });
    const failure = new Error('O armazenamento do navegador está cheio');
    act(() => onError?.(failure));
    expect(result.current).toEqual({ value: 5, error: failure, loaded: true });
    unmount();
    expect(stops).toBe(1);
    errors.mockRestore();
  });

  it('waits without a database', () => {
    const { result } = renderHook(() => useLocalQuery<LocalDbClient, number>(null, ['product'], (db) => db.count('product'), 7));
    expect(result.current).toBe(7);
  });
});
