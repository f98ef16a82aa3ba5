import { afterEach, describe, expect, it } from 'vitest';
import { OFFLINE_POS_KEY } from '../auth/session.ts';
import { CHECKED_VERSION_KEY, checkLocalVersion, clearPersonalData, readOfflinePos } from './localData.ts';
import { STORE_KINDS, openHarness, type StoreHarness, type StoreKind } from './storeHarness.ts';

const opened: StoreHarness[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
});

async function database(kind: StoreKind): Promise<StoreHarness> {
  const db = await openHarness(kind);
  opened.push(db);
  await db.put('product', [{ id_produto: 1, descricao: 'Camiseta' }]);
  await db.putUpdater({ table: 'product', date_change: '9', offset: 1, loading: 0, is_loaded: 1 });
  return db;
}

function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  };
}

const signal = new AbortController().signal;
const owner = { id_organization: 1, id_filial: 2, id_usuario: 3 };

describe.each(STORE_KINDS)('checkLocalVersion on %s', (kind) => {
  it('keeps the local copy when the server version ends in the local database version', async () => {
    const db = await database(kind);
    const storage = memoryStorage();
    const dropped = await checkLocalVersion({ store: db.store, storage, signal, fetchVersion: () => Promise.resolve('0.1.0.40') });
    expect(dropped).toBe(false);
    expect(await db.count('product')).toBe(1);
    expect(storage.getItem(CHECKED_VERSION_KEY)).toBe('0.1.0.40');
  });

  it('drops the local copy once when the server expects another local database version, keeping unsent sales', async () => {
    const db = await database(kind);
    const storage = memoryStorage({ [CHECKED_VERSION_KEY]: '0.1.0.40' });
    const fetchVersion = () => Promise.resolve('0.2.0.41');
    await db.put('operation', [{ id_operacao: 'venda-1', situacao: 'Pendente' }]);
    await db.put('item', [{ id_item: 'item-1', id_operacao: 'venda-1' }]);
    expect(await checkLocalVersion({ store: db.store, storage, signal, fetchVersion })).toBe(true);
    expect(await db.count('product')).toBe(0);
    expect(await db.updaterCount()).toBe(0);
    // A sale not yet sent is never dropped with the copy.
    expect(await db.get('operation', 'venda-1')).toMatchObject({ situacao: 'Pendente' });
    expect(await db.count('item')).toBe(1);
    // The copy reloaded under that server version is not dropped again at the next start.
    await db.put('product', [{ id_produto: 1 }]);
    expect(await checkLocalVersion({ store: db.store, storage, signal, fetchVersion })).toBe(false);
    expect(await db.count('product')).toBe(1);
  });
});

describe.each(STORE_KINDS)('readOfflinePos on %s', (kind) => {
  it('follows the active branch configuration when the local copy has it', async () => {
    const db = await database(kind);
    await db.put('config', [
      { id_filial_configuracao: 10, id_filial: 1, is_pdv_offline: true },
      { id_filial_configuracao: 20, id_filial: 2, is_pdv_offline: false },
    ]);
    expect(await readOfflinePos(db.store, owner, memoryStorage({ [OFFLINE_POS_KEY]: 'true' }))).toBe(false);
    expect(await readOfflinePos(db.store, { ...owner, id_filial: 1 }, memoryStorage())).toBe(true);
  });

  it('falls back to the stored flag without a configuration row', async () => {
    const db = await database(kind);
    expect(await readOfflinePos(db.store, owner, memoryStorage({ [OFFLINE_POS_KEY]: 'true' }))).toBe(true);
    expect(await readOfflinePos(db.store, owner, memoryStorage())).toBe(false);
  });
});

describe.each(STORE_KINDS)('clearPersonalData on %s', (kind) => {
  it('removes people, their accounts, users and permissions, and keeps the catalogue', async () => {
    const db = await database(kind);
    await db.put('people', [{ id_pessoa: 1, nome: 'Ana', cpf: '52998224725' }]);
    await db.put('checking_account', [{ id_pessoa_conta_corrente: 1, id_pessoa: 1, saldo: 50 }]);
    await db.put('user', [{ id_usuario: 1, email: 'gerente@demo.com.br' }]);
    await db.putUpdater({ table: 'people', date_change: '5', offset: 1, loading: 0, is_loaded: 1 });
    await clearPersonalData(db.store, null);
    expect(await db.count('people')).toBe(0);
    expect(await db.count('checking_account')).toBe(0);
    expect(await db.count('user')).toBe(0);
    expect(await db.updater('people')).toBeUndefined();
    expect(await db.count('product')).toBe(1);
    expect(await db.updater('product')).toBeDefined();
  });
});
