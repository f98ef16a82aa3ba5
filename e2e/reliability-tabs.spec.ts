/**
 * Issue 7, reliability: two tabs of the same point of sale (one browser context: one IndexedDB, one outbox) send no
 * operation twice. Both at /checkout, the network cut (context.setOffline), sales finished in turn in each tab wait in
 * the shared outbox; when the network returns both tabs get the 'online' event at once and both start an outbox pass.
 * The Web Lock 'pdv-outbox' lets one pass send at a time and a claimed operation is not sent by the other: every
 * POST /api/operacao the browser makes is recorded (with the tab that made it), and each sale's UUID is POSTed exactly
 * once, by one tab, and is on the server exactly once.
 */
import type { Page } from '@playwright/test';
import { api, finish, pay, scan } from './checkout-steps.ts';
import { editedSale, localOperation, openCheckout, orderCount, stockedProducts, takeUnit } from './reliability-steps.ts';
import { expect, test, USERS, goByMenu, signIn, waitForLocalCopy } from './support.ts';

const SALES_PER_TAB = 3;

test('two tabs of the same point of sale, sales finished offline in both: each sent once, by one tab, and on the server once', async ({ page, context }) => {
  test.setTimeout(240_000);
  await signIn(page, USERS.caixa);
  await waitForLocalCopy(page);
  const products = await stockedProducts(page, 2 * SALES_PER_TAB);
  const ordersBefore = await orderCount(page);
  await page.goto('/checkout');
  await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible({ timeout: 30_000 });
  const second = await openCheckout(context);
  const tabs: Array<[string, Page]> = [['A', page], ['B', second]];

  const posts: Array<{ id: string; tab: string }> = [];
  context.on('request', (request) => {
    if (request.method() !== 'POST' || !new URL(request.url()).pathname.endsWith('/api/operacao')) return;
    let tab = '?';
    try {
      tab = tabs.find(([, p]) => p === request.frame().page())?.[0] ?? '?';
    } catch {
      tab = 'service worker';
    }
    const body = request.postDataJSON() as { id_operacao?: string } | null;
    posts.push({ id: String(body?.id_operacao), tab });
  });

  await context.setOffline(true);
  const ids: string[] = [];
  for (let sale = 0; sale < 2 * SALES_PER_TAB; sale += 1) {
    const [, tab] = tabs[sale % 2]!;
    // The screen opened again takes the sale being edited now (the other tab's finish started a new one).
    await goByMenu(tab, 'Operações pendentes');
    await goByMenu(tab, 'Ponto de venda');
    const lines = tab.getByRole('table', { name: 'Itens da venda' }).getByRole('row');
    await expect(tab.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();
    await expect(lines).toHaveCount(0);
    await scan(tab, takeUnit(products).barcode);
    await expect(lines).toHaveCount(2);
    // The draft's lines are saved right after they are drawn: wait for the stored line.
    const id = await editedSale(tab);
    ids.push(id);
    await pay(tab, 'Dinheiro');
    await finish(tab, false);
    await expect.poll(async () => (await localOperation(tab, id))?.['situacao']).toBe('Pendente');
  }
  expect(new Set(ids).size).toBe(2 * SALES_PER_TAB);
  expect(posts).toEqual([]);

  // Both tabs back online at once: both outbox loops start a pass.
  await context.setOffline(false);
  await expect
    .poll(async () => (await Promise.all(ids.map((id) => localOperation(page, id)))).map((op) => op?.['situacao']), { timeout: 60_000 })
    .toEqual(ids.map(() => 'Processado'));

  const perId = new Map<string, string[]>();
  for (const p of posts) perId.set(p.id, [...(perId.get(p.id) ?? []), p.tab]);
  const orders = new Set<unknown>();
  let lost = 0;
  for (const id of ids) {
    const found = await api(page, '/order/operation-find', { id });
    if (found.status === 200) orders.add(found.json['id_pedido']);
    else lost += 1;
  }
  const added = (await orderCount(page)) - ordersBefore;
  const byTab = (name: string) => posts.filter((p) => p.tab === name).length;
  console.log(`two tabs: ${ids.length} sales offline, ${posts.length} POST /api/operacao (tab A ${byTab('A')}, tab B ${byTab('B')}), `
    + `${[...perId.values()].filter((t) => t.length > 1).length} UUIDs POSTed twice; server: ${orders.size} orders found, `
    + `+${added} orders, ${lost} lost`);
  expect(ids.map((id) => perId.get(id)?.length ?? 0)).toEqual(ids.map(() => 1));
  expect(posts.filter((p) => !ids.includes(p.id))).toEqual([]);
  expect(posts.every((p) => p.tab === 'A' || p.tab === 'B')).toBe(true);
  expect(lost).toBe(0);
  expect(orders.size).toBe(ids.length);
  expect(added).toBe(ids.length);
});
