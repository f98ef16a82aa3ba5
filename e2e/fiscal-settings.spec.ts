/**
 * Fiscal settings (issue 19) as the demo manager: a fiscal scenario with a CSOSN while its regime is 3 (normal) is
 * refused beside the CSOSN, on its tab; an NFC-e fiscal series created from its list shows in the list. The other new
 * settings forms are opened and photographed (devices with their peripherals, additional information's links).
 */
import { expect, test, USERS, settingsMenu, signIn } from './support.ts';
import { MESSAGES } from '../packages/domain/src/messages.ts';
import { FISCAL_SETTINGS_MESSAGES as M } from '../packages/domain/src/fiscal-settings.ts';

test('a fiscal scenario with a CSOSN in regime 3 is refused beside the CSOSN; fixed with a CST it is saved', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, USERS.gerente);
  await settingsMenu(page).getByRole('link', { name: 'Cenários fiscais' }).click();
  await expect(page).toHaveURL(/\/fiscalScenario$/);
  const table = page.getByRole('table', { name: 'Cenários fiscais' });
  await expect(table.getByRole('cell', { name: 'Venda de mercadoria - Simples Nacional', exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/fiscal-scenario-list.png' });

  await page.keyboard.press('Insert');
  const form = page.getByRole('form', { name: 'Cenário fiscal' });
  await expect(form.getByLabel('Descrição')).toBeFocused();
  const name = `Venda regime normal E2E ${Date.now() % 100000}`;
  await page.keyboard.type(name);
  await form.getByLabel('Regime tributário').selectOption('3');
  await form.getByLabel('CFOP interno').fill('5102');
  await form.getByLabel('CFOP externo').fill('6102');
  await page.screenshot({ path: '/tmp/fiscal-scenario-form.png' });
  await form.getByRole('tab', { name: 'ICMS' }).click();
  await form.getByLabel('CSOSN').selectOption('102');
  await form.getByRole('button', { name: 'Salvar' }).click();
  // Refused before it is sent, beside the field, on the ICMS tab (marked).
  await expect(form.getByText(M.csosnRegime)).toBeVisible();
  await expect(form.getByRole('tab', { name: /ICMS •/ })).toBeVisible();
  await page.screenshot({ path: '/tmp/fiscal-scenario-refused.png' });

  await form.getByLabel('CSOSN').selectOption('');
  await form.getByLabel('CST do ICMS').selectOption('00');
  await form.getByRole('tab', { name: 'PIS/COFINS' }).click();
  await form.getByLabel('CST do PIS').selectOption('01');
  await form.getByLabel('CST do COFINS').selectOption('01');
  await form.getByRole('tab', { name: 'Exceções' }).click();
  await form.getByRole('button', { name: 'Adicionar exceção' }).click();
  await form.getByLabel('UF de destino (exceção 1)').fill('RJ');
  await page.screenshot({ path: '/tmp/fiscal-scenario-exceptions.png' });
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(MESSAGES.recordSaved)).toBeVisible();
  await page.getByLabel('Pesquisar').fill(name);
  await expect(table.getByRole('cell', { name, exact: true })).toBeVisible();
});

test('the manager creates an NFC-e fiscal series and sees it in the list', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, USERS.gerente);
  await settingsMenu(page).getByRole('link', { name: 'Séries fiscais' }).click();
  await expect(page).toHaveURL(/\/fiscalSerie$/);
  const table = page.getByRole('table', { name: 'Séries fiscais' });
  await expect(table.getByRole('cell', { name: 'A4', exact: true })).toBeVisible();
  await page.keyboard.press('Insert');
  const form = page.getByRole('form', { name: 'Série fiscal' });
  await expect(form.getByRole('textbox', { name: /^Série/ })).toBeVisible();
  await expect(form.getByLabel('Modelo', { exact: true })).toHaveValue('65');
  await form.getByRole('textbox', { name: /^Série/ }).fill('77');
  await form.getByRole('switch', { name: 'Contingência' }).check();
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form.getByText(M.contingencyJustification)).toBeVisible();
  await form.getByLabel('Justificativa da contingência').fill('Caixa 2 sem comunicação com a SEFAZ');
  await page.screenshot({ path: '/tmp/fiscal-serie-form.png' });
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(MESSAGES.recordSaved)).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(table.getByRole('cell', { name: '77', exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/fiscal-serie-list.png' });
});

test('devices with their peripherals, additional information with its links, stock addresses', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, USERS.gerente);
  await settingsMenu(page).getByRole('link', { name: 'Dispositivos' }).click();
  await expect(page).toHaveURL(/\/devices$/);
  // Insert is the list's key: pressed once the list is on screen (the route's code may still be loading at the URL).
  await expect(page.getByRole('table', { name: 'Dispositivos' })).toBeVisible();
  await page.keyboard.press('Insert');
  const device = page.getByRole('form', { name: 'Dispositivo' });
  await device.getByLabel('Descrição').fill('Caixa 1');
  await device.getByRole('tab', { name: 'Periféricos' }).click();
  await device.getByRole('button', { name: 'Adicionar periférico' }).click();
  await device.getByLabel('Descrição (periférico 1)').fill('Balança do caixa');
  await device.getByLabel('Porta serial (periférico 1)').fill('COM3');
  await page.screenshot({ path: '/tmp/device-peripherals.png' });
  await device.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(MESSAGES.recordSaved)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Dispositivos' }).getByRole('cell', { name: 'Caixa 1', exact: true })).toBeVisible();
  // The toast (1 s) is gone before the next save shows its own.
  await expect(page.getByText(MESSAGES.recordSaved)).toHaveCount(0);

  await settingsMenu(page).getByRole('link', { name: 'Informações adicionais' }).click();
  await expect(page.getByRole('table', { name: 'Informações adicionais' })).toBeVisible();
  await page.keyboard.press('Insert');
  const info = page.getByRole('form', { name: 'Informação adicional' });
  await info.getByLabel('Descrição').fill('Procon');
  await info.getByLabel('Mensagem').fill('Procon-SP: Rua Líbero Badaró, 151');
  await info.getByRole('tab', { name: 'Vínculos' }).click();
  await info.getByLabel('Filiais').click();
  await page.getByRole('option', { name: 'Loja Centro' }).click();
  await page.keyboard.press('Escape');
  await page.screenshot({ path: '/tmp/additional-information-links.png' });
  await info.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(MESSAGES.recordSaved)).toBeVisible();

  await settingsMenu(page).getByRole('link', { name: 'Endereços de estoque' }).click();
  await expect(page.getByRole('table', { name: 'Endereços de estoque' }).getByRole('row')).not.toHaveCount(1);
  await page.screenshot({ path: '/tmp/stock-address-list.png' });
});
