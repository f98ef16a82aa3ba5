import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listByChangesResult, type ListByChangesResult } from '@pdv/contract/sync';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { usingPostgres } from '../../testing/database.ts';
import { holdTransaction } from '../../testing/sync.ts';

let t: TestApp;
let manager: string;
let other: string;
let demoOrg: number;

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
  const { rows } = await t.db.system((tx) => tx.query<{ id: number }>(`SELECT id_organization AS id FROM organization WHERE nome = 'Demo Moda'`));
  demoOrg = rows[0]?.id ?? 0;
});
afterAll(async () => {
  await t.close();
});

async function page(group: string, token: string, body: Record<string, unknown>): Promise<ListByChangesResult> {
  const res = await t.call('POST', `/${group}/list-by-changes`, body, token);
  if (res.status !== 200) throw new Error(`${group}: ${res.status} ${JSON.stringify(res.json)}`);
  return listByChangesResult.parse(res.json);
}

/** Pages a group to its end from a position, applying rows to a local map (tombstones delete). */
async function pull(group: string, token: string, local: Map<number, Record<string, unknown>>, key: string,
  position: { date_change: string; offset: number }, limit: number) {
  let pages = 0;
  for (;;) {
    const res = await page(group, token, { ...position, limit });
    pages += 1;
    for (const row of res.rows) {
      const id = Number(row[key]);
      if (row['data_exclusao']) local.delete(id);
      else local.set(id, row);
    }
    const moved = res.date_change !== position.date_change || res.offset !== position.offset;
    if (res.rows.length > 0) expect(moved, 'a page with rows moves the position forward').toBe(true);
    position.date_change = res.date_change;
    position.offset = res.offset;
    if (!res.has_more && res.held_back) {
      // Rows behind a transaction still running elsewhere on the server: ask again shortly, as the client does.
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    if (!res.has_more) return pages;
    if (pages > 10_000) throw new Error('sync does not end');
  }
}

describe('list-by-changes', () => {
  it('sends the organization rows in pages, and never a row of another organization', async () => {
    const local = new Map<number, Record<string, unknown>>();
    const pages = await pull('user', manager, local, 'id_usuario', { date_change: '', offset: 0 }, 1);
    expect([...local.values()].map((u) => u['email']).sort()).toEqual(['caixa@demo.com.br', 'filial2@demo.com.br', 'gerente@demo.com.br']);
    // Three rows one per page: the third says that nothing follows (no empty page to find the end).
    expect(pages).toBe(3);
    const theirs = new Map<number, Record<string, unknown>>();
    await pull('user', other, theirs, 'id_usuario', { date_change: '', offset: 0 }, 100);
    expect([...theirs.values()].map((u) => u['email'])).toEqual(['outra@demo.com.br']);
    const branches = new Map<number, Record<string, unknown>>();
    await pull('branch', other, branches, 'id_filial', { date_change: '', offset: 0 }, 100);
    expect([...branches.values()].map((b) => b['nome_fantasia'])).toEqual(['Outra Loja Matriz']);
  });

  it("sends the caller's own permission list", async () => {
    const cashier = await t.login('caixa@demo.com.br');
    const local = new Map<number, Record<string, unknown>>();
    await pull('permission', cashier, local, 'id_permissao', { date_change: '', offset: 0 }, 1000);
    expect([...local.values()].map((p) => p['rotulo']).sort()).toEqual(['FncListarCaixa', 'FncListarNotaFiscal', 'FncListarPedido', 'FncPontoVenda']);
  });

  it('brings an update and a tombstone after the position already reached, and nothing when nothing changed', async () => {
    const local = new Map<number, Record<string, unknown>>();
    const position = { date_change: '', offset: 0 };
    await pull('branch', manager, local, 'id_filial', position, 1000);
    const unchanged = await page('branch', manager, { ...position, limit: 1000 });
    expect(unchanged.rows).toEqual([]);
    expect([unchanged.date_change, unchanged.offset]).toEqual([position.date_change, position.offset]);
    await t.db.system((tx) => tx.query(`UPDATE filial SET apelido = 'Centro' WHERE codigo_filial = '1' AND id_organization = $1`, [demoOrg]));
    await pull('branch', manager, local, 'id_filial', position, 1000);
    expect([...local.values()].find((b) => b['codigo_filial'] === '1')?.['apelido']).toBe('Centro');
    await t.db.system((tx) => tx.query(`UPDATE filial SET data_exclusao = now() WHERE codigo_filial = '2' AND id_organization = $1`, [demoOrg]));
    await pull('branch', manager, local, 'id_filial', position, 1000);
    expect([...local.values()].map((b) => b['codigo_filial'])).toEqual(['1']);
    await t.db.system((tx) => tx.query(`UPDATE filial SET data_exclusao = NULL WHERE codigo_filial = '2' AND id_organization = $1`, [demoOrg]));
  });

  it('says when committed rows are held back behind a running transaction, and sends them once it ends', async () => {
    const position = { date_change: '', offset: 0 };
    const local = new Map<number, Record<string, unknown>>();
    await pull('branch', manager, local, 'id_filial', position, 1000);
    if (!usingPostgres) {
      // PGlite runs one transaction at a time: nothing is ever held back there.
      await t.db.system((tx) => tx.query(`UPDATE filial SET apelido = 'Segurada' WHERE codigo_filial = '1' AND id_organization = $1`, [demoOrg]));
      const direct = await page('branch', manager, { ...position, limit: 1000 });
      expect(direct.held_back).toBe(false);
      expect(direct.rows.map((r) => r['apelido'])).toContain('Segurada');
      return;
    }
    const blocker = await holdTransaction(t.db);
    await t.db.system((tx) => tx.query(`UPDATE filial SET apelido = 'Segurada' WHERE codigo_filial = '1' AND id_organization = $1`, [demoOrg]));
    const page1 = await page('branch', manager, { ...position, limit: 1000 });
    expect(page1.rows).toEqual([]);
    expect(page1.held_back).toBe(true);
    blocker.release();
    await blocker.ended;
    const page2 = await page('branch', manager, { ...position, limit: 1000 });
    expect(page2.rows.map((r) => r['apelido'])).toContain('Segurada');
  });

  it('says has_more only when more rows follow the page', async () => {
    const position = { date_change: '', offset: 0 };
    const all = await page('user', manager, { ...position, limit: 1000 });
    const n = all.rows.length;
    expect(all.has_more).toBe(false);
    const exact = await page('user', manager, { ...position, limit: n });
    expect([exact.rows.length, exact.has_more]).toEqual([n, false]);
    const short = await page('user', manager, { ...position, limit: n - 1 });
    expect([short.rows.length, short.has_more]).toEqual([n - 1, true]);
    expect([short.date_change, short.offset]).not.toEqual([exact.date_change, exact.offset]);
  });

  it('sends timestamps as toISOString writes them (UTC, milliseconds) and numbers as numbers', async () => {
    const position = { date_change: '', offset: 0 };
    const { rows } = await t.db.system((tx) =>
      tx.query<{ id: number; cadastro: Date }>(
        `INSERT INTO promocao (id_organization, descricao, data_inicio, data_fim, data_exclusao)
         VALUES ($1, 'Relâmpago', '2026-03-04 05:06:07.891234+00', '2026-03-05 00:00:00-03', '2026-03-06 10:00:00.5+00')
         RETURNING id_promocao AS id, data_cadastro AS cadastro`,
        [demoOrg],
      ),
    );
    const seen: Record<string, unknown>[] = [];
    for (;;) {
      const res = await page('promotion', manager, { ...position, limit: 1000 });
      seen.push(...res.rows);
      position.date_change = res.date_change;
      position.offset = res.offset;
      if (!res.has_more) break;
    }
    const sent = seen.find((r) => r['id_promocao'] === rows[0]?.id);
    expect(sent).toMatchObject({
      // A promotion's period is in days (migration 042); the stamps carry the instants.
      data_inicio: '2026-03-04',
      data_fim: '2026-03-05',
      data_exclusao: '2026-03-06T10:00:00.500Z',
      data_cadastro: rows[0]?.cadastro.toISOString(),
    });
    const products = await page('product', manager, { date_change: '', offset: 0, limit: 1 });
    expect(typeof products.rows[0]?.['preco_venda']).toBe('number');
  });

  it('answers 400 to a position that is not one it gave', async () => {
    const res = await t.call('POST', '/user/list-by-changes', { date_change: '2024-01-01T00:00:00Z', offset: 0 }, manager);
    expect(res.status).toBe(400);
    expect(res.json['complement']).toBe('date_change: date_change inválido: use o valor devolvido pela última página.');
  });
});

describe('guarantee: a reader paging to the end never misses a committed change', () => {
  it('with concurrent writers whose transactions start before the reader and commit after it', async () => {
    const WRITERS = usingPostgres ? 8 : 2;
    const ROUNDS = usingPostgres ? 25 : 10;
    let running = true;
    let committed = 0;
    const writer = async (w: number) => {
      for (let round = 0; round < ROUNDS; round += 1) {
        await t.db.system(async (tx) => {
          // Insert one user and rename a random existing one, then hold the transaction open a little.
          await tx.query(
            `INSERT INTO usuario (id_organization, nome, email) VALUES ($1, $2, $3)`,
            [demoOrg, `Escritor ${w}.${round}`, `w${w}r${round}@demo.com.br`],
          );
          await tx.query(
            `UPDATE usuario SET nome = nome || '+' WHERE id_organization = $1 AND id_usuario = (
               SELECT id_usuario FROM usuario WHERE id_organization = $1 ORDER BY random() LIMIT 1)`,
            [demoOrg],
          );
          await tx.query(`SELECT pg_sleep($1)`, [Math.random() * 0.03]);
        });
        committed += 1;
      }
    };
    const local = new Map<number, Record<string, unknown>>();
    const position = { date_change: '', offset: 0 };
    let readerPages = 0;
    const reader = async () => {
      while (running) readerPages += await pull('user', manager, local, 'id_usuario', position, 3);
    };
    const readerDone = reader();
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    running = false;
    await readerDone;
    readerPages += await pull('user', manager, local, 'id_usuario', position, 3);

    const truth = await t.db.system((tx) =>
      tx.query<{ id_usuario: number; nome: string }>(`SELECT id_usuario, nome FROM usuario WHERE id_organization = $1`, [demoOrg]),
    );
    console.log(`sync guarantee: ${WRITERS} writers, ${committed} transactions, ${truth.rows.length} rows, reader ${readerPages} pages`);
    expect(committed).toBe(WRITERS * ROUNDS);
    expect(local.size).toBe(truth.rows.length);
    for (const row of truth.rows) expect(local.get(row.id_usuario)?.['nome'], `user ${row.id_usuario}`).toBe(row.nome);
  });
});
