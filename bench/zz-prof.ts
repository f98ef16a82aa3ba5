import { fillBulkCatalog } from '../apps/server/src/seed/bulk-catalog.ts';
import { createTestApp } from '../apps/server/src/testing/app.ts';
const t = await createTestApp();
const { rows } = await t.db.system((tx) => tx.query<{ id: number }>(`SELECT id_organization AS id FROM organization WHERE nome = 'Demo Moda'`));
const f0 = performance.now();
await fillBulkCatalog(t.db, rows[0]?.id ?? 0, { products: 20000 });
console.log('fill', Math.round(performance.now() - f0));
const token = await t.login('caixa@demo.com.br');
for (const group of ['product', 'product-grid', 'product-barcode', 'stock', 'price']) {
  let position = { date_change: '', offset: 0 };
  const s = performance.now(); let n = 0; let bytes = 0; const times: number[] = [];
  for (;;) {
    const p0 = performance.now();
    const res = await t.app.inject({ method: 'POST', url: `/api/${group}/list-by-changes`, headers: { authorization: `Bearer ${token}` }, payload: { ...position, limit: 5000 } });
    times.push(Math.round(performance.now() - p0));
    bytes += res.body.length;
    const body = JSON.parse(res.body) as { rows: unknown[]; date_change: string; offset: number; has_more: boolean };
    n += body.rows.length;
    position = { date_change: body.date_change, offset: body.offset };
    if (!body.has_more) break;
  }
  console.log(group, n, 'rows', Math.round(performance.now() - s), 'ms', (bytes / 1e6).toFixed(1), 'MB', times.join(','));
}
await t.close();
