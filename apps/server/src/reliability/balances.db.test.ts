/**
 * Balances under a mixed load: concurrent cashiers sell for 6 s (60 s with LONG=1) through POST /api/operacao,
 * orders and NFC-e drafts, cash, card and PIX, some sales resent, many contending for one scarce product under
 * negative-stock control. Afterwards every stock row equals its initial quantity plus the sum of its movements,
 * the movements chain (each starts where the previous ended), every accepted sale has one document, every refused
 * one left nothing, and no row lost its parent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { checkBalances, countByOperation, markStock, nonZero, orphanReport } from './ledger.ts';
import { loadCatalog, runLoad, type Catalog } from './load.ts';
import { LONG } from './variant.ts';

/** PGlite runs one transaction at a time: the fast variant runs where sales really race, on PostgreSQL. */
const SKIP = !LONG && !process.env['TEST_DATABASE_URL'];

const SECONDS = Number(process.env['BALANCE_SECONDS'] || (LONG ? 60 : 6));
const SCARCE = 60;

let t: TestApp;
let tokens: string[];
let catalog: Catalog;

beforeAll(async () => {
  if (SKIP) return;
  t = await createTestApp();
  tokens = [await t.login('caixa@demo.com.br'), await t.login('gerente@demo.com.br')];
  catalog = await loadCatalog(t.db, 12);
  await t.db.system(async (tx) => {
    await tx.query('UPDATE filial_configuracao SET controla_estoque_negativo = true WHERE id_filial = $1', [catalog.id_filial]);
    await tx.query('UPDATE estoque SET quantidade = 100000, quantidade_reserva = 0 WHERE id_estoque = ANY($1)', [catalog.products.map((p) => p.id_estoque)]);
    // The "hot" product of the load is scarce: sales race for its last units and then are refused.
    await tx.query('UPDATE estoque SET quantidade = $2 WHERE id_estoque = $1', [catalog.products[0]!.id_estoque, SCARCE]);
  });
}, 300_000);
afterAll(async () => {
  await t?.close();
});

describe.skipIf(SKIP)('balances after a mixed load', () => {
  it(`after ${SECONDS} s of concurrent mixed sales, every stock row equals its initial quantity plus the sum of its movements`, async () => {
    const mark = await markStock(t.db);
    const report = await runLoad({
      send: (body, token) => t.call('POST', '/operacao', body, token),
      tokens,
      catalog,
      cashiers: 8,
      durationMs: SECONDS * 1000,
      maxOperations: LONG ? 50_000 : 5_000,
      seed: 7,
      resendRate: 0.05,
      hotRate: 0.5,
      expectedRefusal: (a) => a.status === 400 && /^Estoque insuficiente/.test(String(a.json['message'])),
    });
    const balances = await checkBalances(t.db, mark);
    console.log(`balances (${t.db.kind}, ${SECONDS} s, 8 cashiers): ${report.operations} operations, ${report.ok} sold, ` +
      `${report.refused} refused for stock, ${report.duplicatesOk} resends answered as duplicates, ${report.errors} errors; ` +
      `${balances.touched} stock rows touched by ${balances.movements} movements, ${balances.mismatches.length} mismatches; ` +
      `p50 ${report.p50.toFixed(1)} ms, p95 ${report.p95.toFixed(1)} ms`);

    expect(report.errors, report.errorSamples.join('\n')).toBe(0);
    expect(report.ok).toBeGreaterThan(0);
    expect(balances.touched).toBeGreaterThan(1);
    expect(balances.mismatches).toEqual([]);
    expect(balances.brokenChains).toEqual([]);

    const scarce = await t.db.system((tx) => tx.query<{ quantidade: number }>('SELECT quantidade FROM estoque WHERE id_estoque = $1',
      [catalog.products[0]!.id_estoque]));
    expect(Number(scarce.rows[0]!.quantidade)).toBeGreaterThanOrEqual(0);

    const counts = await countByOperation(t.db, [...report.okIds, ...report.refusedIds]);
    const wrongOk = report.okIds.filter((id) => {
      const c = counts.get(id)!;
      return c.claims !== 1 || c.orders + c.invoices !== 1 || c.lines === 0 || c.movements === 0;
    });
    const wrongRefused = report.refusedIds.filter((id) => {
      const c = counts.get(id)!;
      return c.claims + c.orders + c.invoices + c.lines + c.payments + c.movements !== 0;
    });
    expect(wrongOk, 'accepted sales without exactly one document').toEqual([]);
    expect(wrongRefused, 'refused sales that left rows').toEqual([]);
    expect(nonZero(await orphanReport(t.db))).toEqual({});
  }, (SECONDS + 240) * 1000);
});
