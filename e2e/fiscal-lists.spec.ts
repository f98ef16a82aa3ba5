/**
 * The fiscal lists of 002 §2 (issue 31) from the menu: a range of NFC-e numbers disabled at the SEFAZ simulator shows
 * in "Inutilizações" with its XML; "Cartas de correção" and "Devoluções de venda" open with their period lists.
 */
import { api } from './checkout-steps.ts';
import { expect, goByMenu, signIn, test, USERS } from './support.ts';

test('a disabled range is listed in Inutilizações with its XML, and the other fiscal lists open from the menu', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, USERS.gerente);
  const series = await api(page, '/fiscal-serie/find', { take: 50 });
  const rows = series.json['rows'] as Array<Record<string, unknown>>;
  const nfce = rows.find((r) => r['codigo_modelo'] === '65' && r['situacao'] === 'Ativo');
  if (!nfce) throw new Error('no NFC-e series');
  const start = 800_000 + Math.floor(Math.random() * 90_000) * 2;
  const disabled = await api(page, '/nfe/inutilizar_faixa', { id_filial: nfce['id_filial'], modelo: '65', serie: nfce['codigo_serie'],
    numeracaoInicial: start, numeracaoFinal: start + 1, justificativa: 'Numeração pulada por falha no sistema emissor' });
  expect(disabled.json['success'], JSON.stringify(disabled.json)).toBe(true);

  await goByMenu(page, 'Inutilizações');
  await expect(page.getByRole('heading', { level: 1, name: 'Inutilizações' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Inutilizações' });
  const row = table.getByRole('row').filter({ hasText: `${start} a ${start + 1}` });
  await expect(row).toBeVisible();
  await expect(row).toContainText('102 - ');
  const xml = await page.request.get((await row.getByRole('link', { name: 'XML' }).getAttribute('href')) ?? '');
  expect(await xml.text()).toContain(`<nNFIni>${start}</nNFIni>`);
  await page.screenshot({ path: '/tmp/fiscal-lists-disablements.png' });

  await goByMenu(page, 'Cartas de correção');
  await expect(page.getByRole('heading', { level: 1, name: 'Cartas de correção' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Cartas de correção' })).toBeVisible();
  await page.screenshot({ path: '/tmp/fiscal-lists-corrections.png' });

  await goByMenu(page, 'Devoluções de venda');
  await expect(page.getByRole('heading', { level: 1, name: 'Devoluções de venda' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Crédito gerado' })).toBeVisible();
  await page.screenshot({ path: '/tmp/fiscal-lists-returns.png' });
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/invoice$/);
});
