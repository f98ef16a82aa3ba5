/**
 * Data import (issue 20, 002 §2 /dataImport) as the demo manager: a 20-product CSV with two bad rows (a wrong GTIN on
 * line 5, line 12 repeating line 3's barcode) is previewed, its columns matched by name, imported with a progress
 * bar; the 18 good products are on the server (product change stream) and the report names lines 5 and 12.
 */
import { withGtinCheckDigit } from '../packages/domain/src/gtin.ts';
import { IMPORT_MESSAGES } from '../packages/domain/src/import-rules.ts';
import { api } from './checkout-steps.ts';
import { expect, settingsMenu, signIn, test, USERS, type Row } from './support.ts';

const stamp = String(Date.now() % 100000).padStart(5, '0');
const gtin = (n: number) => withGtinCheckDigit(`28${stamp}${String(n).padStart(5, '0')}`);

function csv(): string {
  const lines = ['Descrição;SKU;EAN;Preço de venda;NCM'];
  for (let i = 1; i <= 20; i++) {
    const line = i + 1;
    let code = gtin(i);
    if (line === 5) code = code.slice(0, -1) + String((Number(code.at(-1)) + 1) % 10);
    if (line === 12) code = gtin(2);
    lines.push(`Produto E2E ${stamp} nº ${i};E2E${stamp}-${i};${code};${i},99;02013000`);
  }
  return lines.join('\r\n');
}

test('the manager imports 20 products with two bad rows: 18 appear and the report names the two lines', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, USERS.gerente);
  await settingsMenu(page).getByRole('link', { name: 'Importação de dados' }).click();
  await expect(page).toHaveURL(/\/dataImport$/);
  await expect(page.getByRole('heading', { name: 'Importação de dados' })).toBeVisible();

  await expect(page.getByRole('button', { name: 'Planilha (CSV ou XLSX)' })).toBeVisible();
  await page.locator('input[type=file]').setInputFiles({
    name: 'produtos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv(), 'latin1'),
  });
  const preview = page.getByRole('table', { name: 'Prévia da planilha' });
  await expect(preview.getByRole('cell', { name: `Produto E2E ${stamp} nº 1`, exact: true })).toBeVisible();
  await expect(preview.getByRole('cell', { name: '02013000' }).first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Código de barras', exact: true })).toHaveValue('EAN');
  await expect(page.getByRole('combobox', { name: 'Descrição', exact: true })).toHaveValue('Descrição');
  await page.screenshot({ path: '/tmp/import-preview.png', fullPage: true });

  await page.getByRole('button', { name: 'Iniciar importação' }).focus();
  await page.keyboard.press('Enter');
  const progress = page.getByRole('status').filter({ hasText: 'linhas processadas' });
  await expect(progress).toContainText('Importação concluída');
  await expect(progress).toContainText('20 de 20 linhas processadas · 18 gravadas · 2 com erro');
  const report = page.getByRole('table', { name: 'Relatório de erros' });
  await expect(report.getByRole('row')).toHaveCount(3);
  await expect(report.getByRole('row').nth(1)).toContainText(`5EAN${IMPORT_MESSAGES.invalidGtin}`);
  await expect(report.getByRole('row').nth(2)).toContainText(`12EAN${IMPORT_MESSAGES.duplicateInFile('Código de barras', 3)}`);
  await page.screenshot({ path: '/tmp/import-done.png', fullPage: true });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar relatório (CSV)' }).click();
  expect((await download).suggestedFilename()).toBe('erros-produtos.csv');

  // The 18 products on the server: every page of the product change stream.
  const skus = new Set<string>();
  let position: Row = { date_change: '', offset: 0 };
  for (;;) {
    const { status, json } = await api(page, '/product/list-by-changes', { ...position, limit: 1000 });
    expect(status).toBe(200);
    for (const row of json['rows'] as Row[]) if (String(row['sku']).startsWith(`E2E${stamp}-`)) skus.add(String(row['sku']));
    if (!json['has_more']) break;
    position = { date_change: json['date_change'], offset: json['offset'] };
  }
  expect(skus.size).toBe(18);
  expect(skus.has(`E2E${stamp}-4`)).toBe(false);
  expect(skus.has(`E2E${stamp}-11`)).toBe(false);
});
