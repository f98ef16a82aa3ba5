/**
 * The sale end to end (000 §4.1, §5, §9): sold by barcode with a discount and two payments, the receipt, the order on
 * the server and the local stock; offline, the sale waits in the outbox and is sent once when the network returns;
 * a tab closed right after "Finalizar" loses nothing and sells once.
 */
import { api, finish, money, operations, pay, scan, sellables, serverStock } from './checkout-steps.ts';
import { expect, test, USERS, localRows, signIn, waitForLocalCopy, type Row, goByMenu } from './support.ts';

const SUCCESS = 'Operação concluída com sucesso.';
const PENDING = 'Não foi possível concluir a operação. A mesma ficará pendente. Por favor, tente novamente mais tarde.';

test('a cashier sells online and offline, and every sale reaches the server exactly once', async ({ page, context }) => {
  test.setTimeout(180_000);
  await signIn(page, USERS.caixa);
  await waitForLocalCopy(page);
  const [first, second] = await sellables(page);
  if (!first || !second) throw new Error('no products to sell');

  await goByMenu(page, 'Ponto de venda');
  await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();
  const stockBefore = await serverStock(page);
  await scan(page, first.barcode);
  await scan(page, second.barcode);
  const lines = page.getByRole('table', { name: 'Itens da venda' }).getByRole('row');
  await expect(lines).toHaveCount(3);

  // 5% off the selected (last) line: the cashier's maximum.
  await page.keyboard.press('F4');
  await page.getByRole('dialog', { name: 'Desconto (F4)' }).getByRole('textbox', { name: 'Desconto (%)' }).fill('5');
  await page.keyboard.press('Enter');
  const totals = page.getByRole('region', { name: 'Totais' });
  await expect(totals.getByLabel('Desconto', { exact: true })).not.toHaveText('R$ 0,00');
  const total = money(await totals.getByLabel('Total', { exact: true }).textContent());
  const gross = money(await totals.getByLabel('Bruto', { exact: true }).textContent());
  const discount = money(await totals.getByLabel('Desconto', { exact: true }).textContent());

  await pay(page, 'Cartão de Crédito', '10,00');
  const balance = Math.round((total - 10) * 100) / 100;
  await pay(page, 'Dinheiro', (balance + 20).toFixed(2).replace('.', ','));
  await expect(totals.getByLabel('Troco', { exact: true })).toHaveText('R$ 20,00');

  const popup = page.waitForEvent('popup');
  await finish(page);
  await expect(page.getByText(SUCCESS)).toBeVisible();
  const receipt = await popup;
  await expect.poll(() => receipt.url(), { timeout: 20_000 }).toMatch(/^blob:/);
  await receipt.close();

  await expect.poll(async () => (await operations(page)).map((op) => op['situacao']), { timeout: 20_000 }).toEqual(['Processado']);
  const [sold] = await operations(page);
  const result = sold?.['resultado'] as Row;
  expect(result['valor_total']).toBeCloseTo(total, 2);
  expect(result['valor_troco']).toBeCloseTo(20, 2);
  const nsu = Number(sold?.['nsu']);
  expect(nsu).toBeGreaterThan(0);
  const stock = async (id: unknown) => Number((await localRows(page, 'stock')).find((s) => s['id_estoque'] === id)?.['quantidade']);
  expect(await stock(first.id_estoque)).toBe(first.quantidade - 1);
  expect(await stock(second.id_estoque)).toBe(second.quantidade - 1);

  // The order on the server: its totals, the discount, the two payments and the seller, as sold on the screen.
  const order = await api(page, '/order/find_by_id', { id_pedido: sold?.['id_pedido'] });
  expect(order.status).toBe(200);
  expect(order.json['nsu']).toBe(nsu);
  expect(order.json['valor_total_bruto']).toBeCloseTo(gross, 2);
  expect(order.json['valor_desconto']).toBeCloseTo(discount, 2);
  expect(discount).toBeGreaterThan(0);
  expect(order.json['valor_total_liquido']).toBeCloseTo(total, 2);
  expect(order.json['valor_troco']).toBeCloseTo(20, 2);
  const paid = (order.json['pagamentos'] as Row[]).map((p) => [p['descricao'], p['valor_total'], p['id_operadora_cartao'] !== null]);
  expect(paid).toEqual([
    ['Cartão de Crédito', 10, true],
    ['Dinheiro', Math.round((balance + 20) * 100) / 100, false],
  ]);
  const items = order.json['itens'] as Row[];
  expect(items.map((i) => [i['id_produto_grade_filial'], i['quantidade']])).toEqual([
    [first.id_produto_grade_filial, 1],
    [second.id_produto_grade_filial, 1],
  ]);
  const cashier = (await localRows(page, 'user')).find((u) => u['email'] === USERS.caixa)?.['id_usuario'];
  expect(order.json['id_usuario_vendedor']).toBe(cashier);
  expect(items.every((i) => i['id_usuario_vendedor'] === cashier)).toBe(true);
  // The stock went down on the server, one unit of each product.
  const stockAfter = await serverStock(page);
  expect(stockAfter.get(first.id_estoque)).toBe((stockBefore.get(first.id_estoque) ?? NaN) - 1);
  expect(stockAfter.get(second.id_estoque)).toBe((stockBefore.get(second.id_estoque) ?? NaN) - 1);

  // Offline: the sale completes locally and waits in the outbox.
  await context.setOffline(true);
  await expect(lines).toHaveCount(0);
  await scan(page, first.barcode);
  await expect(lines).toHaveCount(2);
  await pay(page, 'Dinheiro');
  await finish(page);
  await expect(page.getByText(SUCCESS)).toBeVisible();
  await expect(page.getByText(PENDING)).toBeVisible();
  // The menu folds by itself at the point of sale: the burger opens it.
  await page.getByRole('button', { name: 'Expandir menu' }).click();
  await goByMenu(page, 'Operações pendentes');
  const pending = page.getByRole('table', { name: 'Operações pendentes' });
  await expect(pending.getByText('Pendente', { exact: true })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('Nenhuma operação pendente.')).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await operations(page)).map((op) => Number(op['nsu'])).sort((a, b) => a - b), { timeout: 20_000 }).toEqual([nsu, nsu + 1]);

  // A tab closed right after "Finalizar": the sale is kept and sent once when the app opens again.
  await goByMenu(page, 'Ponto de venda');
  await scan(page, second.barcode);
  await expect(lines).toHaveCount(2);
  await pay(page, 'Dinheiro');
  await finish(page, false);
  await expect(page.getByText(SUCCESS)).toBeVisible();
  await page.close();
  const again = await context.newPage();
  await again.goto('/');
  await expect
    .poll(async () => (await operations(again)).sort((a, b) => Number(a['nsu']) - Number(b['nsu']))
      .map((op) => `${String(op['situacao'])}:${Number(op['nsu'])}`), { timeout: 30_000 })
    .toEqual([`Processado:${nsu}`, `Processado:${nsu + 1}`, `Processado:${nsu + 2}`]);
  // One order per sale: the NSUs follow each other. The two first sales were answered once; the closed tab's sale
  // may have been sent again by the reopened tab (its answer lost with the tab), which the server answers as a
  // duplicate of the same order instead of selling twice.
  const byNsu = (await operations(again)).sort((a, b) => Number(a['nsu']) - Number(b['nsu']));
  expect(byNsu.slice(0, 2).map((op) => (op['resultado'] as Row)['duplicado'])).toEqual([false, false]);
  expect((byNsu[2]?.['resultado'] as Row)['nsu']).toBe(nsu + 2);
});
