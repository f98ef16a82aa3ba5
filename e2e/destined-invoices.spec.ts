/**
 * Issue 32 e2e: an NF-e a supplier issued against the branch (put in the SEFAZ simulator's national distribution)
 * appears in Notas destinadas after "Consultar SEFAZ"; the ciência is registered, the full XML downloaded, and
 * "Importar" opens the XML import with that document loaded.
 */
import { randomInt } from 'node:crypto';
import { request } from '@playwright/test';
import { DESTINED_INVOICE_MESSAGES as M } from '../packages/domain/src/destined-invoices.ts';
import { makePurchaseNFeXml } from '../packages/fiscal/src/testing/purchase-factory.ts';
import { cnpjCheckDigits } from '../packages/domain/src/documents.ts';
import type { Page } from '@playwright/test';
import { expect, signIn, storageItem, test, TOKEN_KEY, USERS } from './support.ts';

type PurchaseItem = Parameters<typeof makePurchaseNFeXml>[0]['items'][number];

/**
 * The manager signed in; an NF-e of a new supplier (CNPJ from `prefix`/`suffix`) issued against Loja Centro, put in the
 * SEFAZ simulator's national distribution.
 */
async function destinedForCentro(page: Page, sefazAdminUrl: string, o: { prefix: string; suffix: string; name: string; item: (run: number) => PurchaseItem }) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, USERS.gerente);
  const token = (await storageItem(page, TOKEN_KEY)) ?? '';
  const branches = (await (await page.request.post('/api/branch/find', { data: { take: 50 }, headers: { authorization: `Bearer ${token}` } })).json() as { rows: Array<Record<string, unknown>> }).rows;
  const branchCnpj = String(branches.find((b) => b['nome'] === 'Loja Centro')?.['cnpj'] ?? branches[0]!['cnpj']);
  const run = randomInt(10_000, 99_999);
  const base = `${run}${o.suffix}`.padStart(8, o.prefix).slice(0, 8) + '0001';
  const emitName = `${o.name} ${run}`;
  const { xml, chave } = makePurchaseNFeXml({ emitCnpj: base + cnpjCheckDigits(base), emitName, destCnpj: branchCnpj, nNF: run, items: [o.item(run)] });
  const admin = await request.newContext({ ignoreHTTPSErrors: true });
  try {
    const put = await admin.post(sefazAdminUrl.replace('/simulator/mode', '/simulator/dist-dfe'), { data: { xml, cnpj: branchCnpj } });
    expect(put.status(), await put.text()).toBe(200);
  } finally {
    await admin.dispose();
  }
  return { chave, emitName };
}

test('a destined NF-e is listed from the simulator, gets its ciência, its XML and goes to the import', async ({ page, e2eServer }) => {
  test.setTimeout(180_000);
  const { chave, emitName } = await destinedForCentro(page, e2eServer.sefazAdminUrl, { prefix: '6', suffix: '000', name: 'FORNECEDOR DESTINO',
    item: (run) => ({ cProd: `D${run}`, xProd: 'CANETA AZUL', qCom: 3_000, vUnCom: 4_00 }) });

  await page.goto('/invoice/destined');
  await expect(page.getByRole('heading', { name: 'Notas destinadas' })).toBeVisible();
  // The test document is dated 2026-05-04 (the factory's), before the default two-month window.
  await page.getByLabel('Emissão de').fill('01/01/2026');
  await page.getByRole('button', { name: 'Consultar SEFAZ' }).click();
  const row = page.getByRole('row').filter({ hasText: chave });
  await expect(row).toBeVisible({ timeout: 60_000 });
  await expect(row).toContainText(emitName);
  await expect(row).toContainText('Sem manifestação');

  await row.getByRole('button', { name: 'Manifestar' }).click();
  await page.getByRole('menuitem', { name: 'Ciência da operação' }).click();
  await expect(page.getByText(M.manifestRegistered('Ciência da operação'))).toBeVisible({ timeout: 60_000 });
  await expect(row).toContainText('Ciência da operação', { timeout: 60_000 });

  await row.getByRole('button', { name: 'Baixar XML' }).click();
  await expect(page.getByText(M.xmlDownloaded)).toBeVisible({ timeout: 60_000 });
  await expect(row.getByRole('button', { name: 'Importar' })).toBeEnabled({ timeout: 60_000 });
  await page.screenshot({ path: 'test-results/destined-invoices.png' });
  await row.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByRole('heading', { name: 'Importação de XML de NF-e' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'XML da nota fiscal' })).toHaveValue(new RegExp(chave), { timeout: 60_000 });
});

test("'Operação não realizada' asks its justification in a modal, refuses a short one, and registers the event", async ({ page, e2eServer }) => {
  test.setTimeout(180_000);
  const { chave } = await destinedForCentro(page, e2eServer.sefazAdminUrl, { prefix: '7', suffix: '111', name: 'FORNECEDOR NAO REALIZADA',
    item: (run) => ({ cProd: `N${run}`, xProd: 'GRAMPEADOR', qCom: 1_000, vUnCom: 25_00 }) });
  await page.goto('/invoice/destined');
  await page.getByLabel('Emissão de').fill('01/01/2026');
  await page.getByRole('button', { name: 'Consultar SEFAZ' }).click();
  const row = page.getByRole('row').filter({ hasText: chave });
  await expect(row).toBeVisible({ timeout: 60_000 });

  await row.getByRole('button', { name: 'Manifestar' }).click();
  await page.getByRole('menuitem', { name: 'Operação não realizada' }).click();
  const modal = page.getByRole('dialog', { name: 'Operação não realizada' });
  const reason = modal.getByRole('textbox', { name: 'Justificativa' });
  await expect(reason).toBeFocused();
  await page.keyboard.type('Curta demais');
  await page.keyboard.press('Enter');
  await expect(modal.getByText(M.justificationLength)).toBeVisible();
  await page.keyboard.type(' - mercadoria nunca foi entregue na loja');
  await page.screenshot({ path: 'test-results/destined-invoices-justification.png' });
  await page.keyboard.press('Enter');
  await expect(modal).toBeHidden();
  await expect(page.getByText(M.manifestRegistered('Operação não realizada'))).toBeVisible({ timeout: 60_000 });
  await expect(row).toContainText('Operação não realizada', { timeout: 60_000 });
});
