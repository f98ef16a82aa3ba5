import { afterEach, describe, expect, it } from 'vitest';
import type { PdvDatabase } from '../../db/database.ts';
import { openTestDatabase } from '../../db/testing.ts';
import { OFFLINE_POS_KEY } from '../auth/session.ts';
import { CHECKED_VERSION_KEY, checkLocalVersion, clearPersonalData, readOfflinePos } from './localData.ts';

const opened: PdvDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

async function database(): Promise<PdvDatabase> {
  const db = openTestDatabase();
  opened.push(db);
  await db.rows('product').put({ id_produto: 1, descricao: 'Camiseta' });
  await db.updater.put({ table: 'product', date_change: '9', offset: 1, loading: 0, is_loaded: 1 });
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

describe('checkLocalVersion', () => {
  it('keeps the local copy when the server version ends in the local database version', async () => {
    const db = await database();
    const storage = memoryStorage();
    const dropped = await checkLocalVersion({ db, storage, signal, fetchVersion: () => Promise.resolve('0.1.0.40') });
    expect(dropped).toBe(false);
    expect(await db.rows('product').count()).toBe(1);
    expect(storage.getItem(CHECKED_VERSION_KEY)).toBe('0.1.0.40');
  });

  it('drops the local copy once when the server expects another local database version, keeping unsent sales', async () => {
    const db = await database();
    const storage = memoryStorage({ [CHECKED_VERSION_KEY]: '0.1.0.40' });
    const fetchVersion = () => Promise.resolve('0.2.0.41');
    await db.rows('operation').put({ id_operacao: 'venda-1', situacao: 'Pendente' });
    await db.rows('item').put({ id_item: 'item-1', id_operacao: 'venda-1' });
    expect(await checkLocalVersion({ db, storage, signal, fetchVersion })).toBe(true);
    expect(await db.rows('product').count()).toBe(0);
    expect(await db.updater.count()).toBe(0);
    // A sale not yet sent is never dropped with the copy.
    expect(await db.rows('operation').get('venda-1')).toMatchObject({ situacao: 'Pendente' });
    expect(await db.rows('item').count()).toBe(1);
    // The copy reloaded under that server version is not dropped again at the next start.
    await db.rows('product').put({ id_produto: 1 });
    expect(await checkLocalVersion({ db, storage, signal, fetchVersion })).toBe(false);
    expect(await db.rows('product').count()).toBe(1);
  });
});

describe('readOfflinePos', () => {
  it('follows the active branch configuration when the local copy has it', async () => {
    const db = await database();
    await db.rows('config').bulkPut([
      { id_filial_configuracao: 10, id_filial: 1, is_pdv_offline: true },
      { id_filial_configuracao: 20, id_filial: 2, is_pdv_offline: false },
    ]);
    expect(await readOfflinePos(db, owner, memoryStorage({ [OFFLINE_POS_KEY]: 'true' }))).toBe(false);
    expect(await readOfflinePos(db, { ...owner, id_filial: 1 }, memoryStorage())).toBe(true);
  });

  it('falls back to the stored flag without a configuration row', async () => {
    const db = await database();
    expect(await readOfflinePos(db, owner, memoryStorage({ [OFFLINE_POS_KEY]: 'true' }))).toBe(true);
    expect(await readOfflinePos(db, owner, memoryStorage())).toBe(false);
  });
});

describe('clearPersonalData', () => {
  it('removes people, their accounts, users and permissions, and keeps the catalogue', async () => {
    const db = await database();
    await db.rows('people').put({ id_pessoa: 1, nome: 'Ana', cpf: '52998224725' });
    await db.rows('checking_account').put({ id_pessoa_conta_corrente: 1, id_pessoa: 1, saldo: 50 });
    await db.rows('user').put({ id_usuario: 1, email: 'gerente@demo.com.br' });
    await db.updater.put({ table: 'people', date_change: '5', offset: 1, loading: 0, is_loaded: 1 });
    await clearPersonalData(db, null);
    expect(await db.rows('people').count()).toBe(0);
    expect(await db.rows('checking_account').count()).toBe(0);
    expect(await db.rows('user').count()).toBe(0);
    expect(await db.updater.get('people')).toBeUndefined();
    expect(await db.rows('product').count()).toBe(1);
    expect(await db.updater.get('product')).toBeDefined();
  });
});
