/**
 * Labels (issue 22, 001 §5 Labels): the demo manager marks three products in the product list (Alt+M), opens the
 * label print modal (Alt+P) with the default label model (a Pimaco 6187 sheet) preselected, asks three labels of the
 * first item, is told 'Nenhum produto para imprimir.' when every quantity is zero, and prints: the PDF opens in a new
 * tab with one label (one price) for each one asked for.
 */
import { LABEL_PRINT_MESSAGES } from '../packages/domain/src/label-print.ts';
import { pdfText } from '../packages/documents/src/pdf-text.ts';
import { api } from './checkout-steps.ts';
import { expect, goByMenu, signIn, test, USERS } from './support.ts';

test('a label sheet for three products opens as PDF with the right number of labels', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, USERS.gerente);
  const n = Date.now() % 100000;
  const model = await api(page, '/label/create', { descricao: `Gôndola ${n}`, tipo: 'Folha', modelo: 'Pimaco6187', numero_colunas: 4, tamanho_descricao: 25, is_padrao: true });
  expect(model.status, JSON.stringify(model.json)).toBe(200);

  await goByMenu(page, 'Produtos');
  const table = page.getByRole('table', { name: 'Produtos' });
  const rows = table.getByRole('row');
  await expect(rows.nth(3)).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Pesquisar' });
  await expect(search).toBeFocused();
  const names: string[] = [];
  for (let i = 1; i <= 3; i += 1) {
    const row = rows.nth(i);
    await expect(row).toHaveAttribute('aria-selected', 'true');
    names.push((await row.getByRole('cell').nth(2).innerText()).trim());
    await page.keyboard.press('Alt+m');
    await expect(row.getByRole('checkbox')).toBeChecked();
    await page.keyboard.press('ArrowDown');
  }
  await expect(page.getByRole('button', { name: /Imprimir etiquetas \(3\)/ })).toBeVisible();

  await page.keyboard.press('Alt+p');
  const modal = page.getByRole('dialog', { name: 'Imprimir etiquetas' });
  await expect(modal.getByRole('combobox', { name: 'Etiqueta' })).toHaveValue(`Gôndola ${n}`);
  const items = modal.getByRole('table', { name: 'Itens das etiquetas' });
  for (const name of names) await expect(items.getByRole('row').filter({ hasText: name }).first()).toBeVisible();
  const lines = (await items.getByRole('row').count()) - 1;
  expect(lines).toBeGreaterThanOrEqual(3);
  await expect(modal.getByText(`${lines} etiqueta(s)`)).toBeVisible();

  // Every quantity at zero: nothing to print, the spec's message; then three labels of the first item.
  const quantities = items.getByRole('textbox', { name: /^Quantidade de / });
  for (let i = 0; i < lines; i += 1) await quantities.nth(i).fill('0');
  await page.keyboard.press('Alt+p');
  await expect(modal.getByRole('alert')).toHaveText(LABEL_PRINT_MESSAGES.nothingToPrint);
  for (let i = 0; i < lines; i += 1) await quantities.nth(i).fill('1');
  await quantities.first().fill('3');
  await expect(modal.getByRole('alert')).toHaveCount(0);
  const expected = lines + 2;
  await expect(modal.getByText(`${expected} etiqueta(s)`)).toBeVisible();
  await page.screenshot({ path: '/tmp/labels-modal.png' });

  const popup = page.waitForEvent('popup');
  await page.keyboard.press('Alt+p');
  const tab = await popup;
  await expect.poll(() => tab.url(), { timeout: 30_000 }).toMatch(/^blob:/);
  const bytes = await tab.evaluate(async () => Array.from(new Uint8Array(await (await fetch(location.href)).arrayBuffer())));
  const text = pdfText(new Uint8Array(bytes));
  // One price on each label; the first product's description (cut at 25, 001 §9) on at least three of them.
  expect(text.match(/R\$ \d/g)).toHaveLength(expected);
  expect((text.match(new RegExp(names[0]!.slice(0, 25).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g')) ?? []).length).toBeGreaterThanOrEqual(3);
  await tab.screenshot({ path: '/tmp/labels-pdf.png' });
  await tab.close();
});

test('the scale file downloads from the product list (Alt+B)', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, USERS.gerente);
  await goByMenu(page, 'Produtos');
  await expect(page.getByRole('table', { name: 'Produtos' }).getByRole('row').nth(1)).toBeVisible();
  await page.keyboard.press('Alt+b');
  const modal = page.getByRole('dialog', { name: 'Gerar arquivo da balança' });
  await expect(modal.getByRole('textbox', { name: 'Balança' }).or(modal.getByRole('combobox', { name: 'Balança' }))).toBeFocused();
  const download = page.waitForEvent('download');
  await page.keyboard.press('Alt+g');
  const file = await download;
  expect(file.suggestedFilename()).toBe('ITENSMGV.TXT');
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks as Buffer[]).toString('latin1'));
  // Every line is an item of 150 characters (none when no product is marked for the scale).
  expect(text.split('\r\n').filter(Boolean).every((line) => line.length === 150)).toBe(true);
  await expect(modal.getByRole('status')).toContainText('ITENSMGV.TXT, INFNUTRI.TXT');
  await page.screenshot({ path: '/tmp/scale-modal.png' });
});

test("a thermal model's commands come filled with each item (Alt+I)", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, USERS.gerente);
  const n = Date.now() % 100000;
  const model = await api(page, '/label/create', {
    descricao: `Argox ${n}`, tipo: 'Termica', codigo_fonte: '^XA^FO20,20^FD{sku}^FS^PQ{qtd}^XZ', numero_colunas: 1, tamanho_descricao: 15, is_padrao: true,
  });
  expect(model.status, JSON.stringify(model.json)).toBe(200);
  await goByMenu(page, 'Produtos');
  await expect(page.getByRole('table', { name: 'Produtos' }).getByRole('row').nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Alt+p');
  const modal = page.getByRole('dialog', { name: 'Imprimir etiquetas' });
  await expect(modal.getByRole('combobox', { name: 'Etiqueta' })).toHaveValue(`Argox ${n}`);
  const items = modal.getByRole('table', { name: 'Itens das etiquetas' });
  await expect(items.getByRole('row').nth(1)).toBeVisible();
  const skus = await items.getByRole('row').evaluateAll((rows) => rows.slice(1).map((r) => r.querySelectorAll('td')[2]?.textContent ?? ''));
  await items.getByRole('textbox', { name: /^Quantidade de / }).first().fill('2');
  const download = page.waitForEvent('download');
  await page.keyboard.press('Alt+i');
  const file = await download;
  expect(file.suggestedFilename()).toBe('etiquetas.zpl');
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks as Buffer[]).toString('utf8'));
  expect(text.split('\n')).toEqual(skus.map((sku, i) => `^XA^FO20,20^FD${sku}^FS^PQ${i === 0 ? 2 : 1}^XZ`));
  await page.screenshot({ path: '/tmp/labels-thermal.png' });
});
