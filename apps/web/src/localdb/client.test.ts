import { afterEach, describe, expect, it } from 'vitest';
import { LocalDbClient } from './client.ts';
import type { LocalEngine } from './engine.ts';
import { serve } from './host.ts';
import type { OpenOptions } from './protocol.ts';
import {
  LocalDbError,
  LocalDbQuotaError,
  LocalDbUnsupportedError,
  OPFS_UNSUPPORTED_MESSAGE,
  QUOTA_MESSAGE,
  hasOpfsAccessHandles,
} from './support.ts';
import { openMemoryEngine } from './testing.ts';

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
});

/** A page and a worker joined by a MessageChannel: the worker's side serves what `open` makes. */
function connect(open: (options: OpenOptions) => Promise<LocalEngine>): LocalDbClient {
  const channel = new MessageChannel();
  channels.push(channel);
  serve(channel.port2, open);
  const client = new LocalDbClient(channel.port1);
  channel.port1.start();
  channel.port2.start();
  return client;
}

const product = (id: number, descricao: string) => ({ id_produto: id, descricao, sku: `P-${id}`, situacao: 'Ativo', data_exclusao: null });

function nextValue<T>(values: T[], count: number): Promise<T[]> {
  return new Promise((resolve) => {
    const check = () => (values.length >= count ? resolve(values) : setTimeout(check, 5));
    check();
  });
}

describe('the page–worker protocol', () => {
  it('answers the query API and tells the page of every write to the tables it listens to', async () => {
    const client = connect(() => openMemoryEngine());
    await client.open();
    const heard: string[][] = [];
    client.subscribe(['product'], (tables) => heard.push([...tables]));
    client.subscribe(['stock'], (tables) => heard.push(['stock?', ...tables]));
    const seen: string[][] = [];
    const stop = client.live(['product'], async (db) => (await db.where('product', 'sku', 'P-1')).map((p) => String(p['descricao'])), (value) => seen.push(value));
    await nextValue(seen, 1);
    expect(seen).toEqual([[]]);

    expect(await client.bulkPut('product', [product(1, 'Calça Jeans'), product(2, 'Camisa Polo')])).toBe(2);
    await nextValue(seen, 2);
    expect(seen.at(-1)).toEqual(['Calça Jeans']);
    expect(heard).toEqual([['product']]);

    const summary = await client.applyChanges([{ table: 'product', rows: [{ ...product(1, 'Calça Jeans'), data_exclusao: '2026-11-23T10:00:00Z' }] }]);
    expect(summary).toEqual({ tables: ['product'], put: 0, deleted: 1 });
    await nextValue(seen, 3);
    expect(seen.at(-1)).toEqual([]);
    stop();

    expect((await client.get('product', 2))?.['descricao']).toBe('Camisa Polo');
    expect(await client.count('product')).toBe(1);
    expect((await client.where('product', 'sku', 'P-2')).map((p) => p['id_produto'])).toEqual([2]);
    expect(await client.byBarcode('7890000000001')).toBeNull();
    await expect(client.where('product', 'descricao', 'x')).rejects.toThrow(LocalDbError);
    await expect(client.where('product', 'descricao', 'x')).rejects.toThrow('product.descricao não é chave nem índice da cópia local.');
    await client.close();
  });

  it("refuses to open without OPFS access handles with the issue's message", async () => {
    const client = connect(() => Promise.reject(new LocalDbUnsupportedError('sem FileSystemSyncAccessHandle')));
    const opening = client.open();
    await expect(opening).rejects.toThrow(LocalDbUnsupportedError);
    await expect(opening).rejects.toThrow(OPFS_UNSUPPORTED_MESSAGE);
    expect(OPFS_UNSUPPORTED_MESSAGE).toBe('Navegador não suportado para o modo offline.');
    await expect(client.count('product')).rejects.toThrow('A cópia local não foi aberta.');
  });

  it('shows a full disk as the quota message', async () => {
    const client = connect(async () => {
      const engine = await openMemoryEngine();
      engine.bulkPut = () => {
        throw Object.assign(new Error('SQLITE_FULL: sqlite3 result code 13: database or disk is full'), { resultCode: 13 });
      };
      return engine;
    });
    await client.open();
    const writing = client.bulkPut('product', [product(1, 'Calça')]);
    await expect(writing).rejects.toThrow(LocalDbQuotaError);
    await expect(writing).rejects.toThrow(QUOTA_MESSAGE);
  });

  it('sees OPFS access handles only where the worker has them', () => {
    expect(hasOpfsAccessHandles({})).toBe(false);
    expect(hasOpfsAccessHandles({ navigator: { storage: { getDirectory: () => null } } })).toBe(false);
    class Handle {}
    class FileHandle {
      createSyncAccessHandle() {
        return null;
      }
    }
    expect(
      hasOpfsAccessHandles({ navigator: { storage: { getDirectory: () => null } }, FileSystemSyncAccessHandle: Handle, FileSystemFileHandle: FileHandle }),
    ).toBe(true);
  });
});
