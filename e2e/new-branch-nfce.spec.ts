/**
 * Issue 19: a branch made today sells with an NFC-e. The demo manager, through the screens as a manager would:
 *   1. /branch: a new branch with its CNPJ, IE (SP), address; then its A1 certificate (made here, throw-away) and password;
 *   2. /profile and /user: the Gerente profile offered in the new branch, and the manager given it there (the session
 *      reloads and the branch selector offers the new branch);
 *   3. switches to it: a stock address (/stockAddress, which becomes the sale address), the branch configuration's CRT
 *      and CSC (/branch/config), Dinheiro offered there (/paymentMethod, Filiais);
 *   4. /dataImport: one product imported with its price and opening stock (the import writes the branch's grid row
 *      and enters the stock through the stock owner); the product register's Preços tab sets the branch's price;
 *   5. /fiscalSerie: an NFC-e series, the branch's default;
 *   6. /checkout: scans the product, pays cash, finishes with NFC-e: the simulator authorizes number 1 of the new series,
 *      and the access key carries the new branch's CNPJ and the series.
 * The manager goes back to Loja Centro at the end (the active branch is kept on the server between tests).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { MESSAGES } from '../packages/domain/src/messages.ts';
import { cnpjCheckDigits } from '../packages/domain/src/documents.ts';
import { withGtinCheckDigit } from '../packages/domain/src/gtin.ts';
import { isValidIe } from '../packages/domain/src/inscricao-estadual.ts';
import { createTestCertificate } from '../packages/fiscal/src/testing/test-certificate.ts';
import { api, finish, operations, pay, scan } from './checkout-steps.ts';
import {
  branchSelect, chooseBranch, connectionStatus, expect, goByMenu, localRows, settingsMenu, signIn, syncStatus, test, USERS, waitForLocalCopy, type Row,
} from './support.ts';

/** A valid SP inscrição estadual starting with `eight` (its two check digits found by trying them). */
function spIe(eight: string): string {
  for (let a = 0; a < 10; a++) {
    for (let b = 0; b < 10; b++) {
      const ie = `${eight}${a}00${b}`;
      if (isValidIe(ie, 'SP')) return ie;
    }
  }
  throw new Error('no SP IE');
}

/** Opens a settings screen by its menu entry and waits for its list (and its first row, when it has rows). */
async function openSettings(page: Page, entry: string, url: RegExp, table: string, hasRows = true) {
  if (!(await settingsMenu(page).isVisible())) await page.getByRole('button', { name: 'Expandir menu' }).click();
  await settingsMenu(page).getByRole('link', { name: entry }).click();
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('table', { name: table })).toBeVisible();
  if (hasRows) await expect(page.getByRole('table', { name: table }).getByRole('row').nth(1)).toBeVisible();
}

/** Searches the list and opens its only row with Enter. */
async function openRow(page: Page, table: string, search: string, name: string) {
  await page.getByLabel('Pesquisar').fill(search);
  await expect(page.getByRole('table', { name: table }).getByRole('cell', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: table }).getByRole('row')).toHaveCount(2);
  await page.getByLabel('Pesquisar').press('Enter');
}

test('a branch created in the test gets its certificate, CSC, product, stock and series, and sells with an NFC-e', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1366, height: 860 });
  const n = String(Date.now() % 100000).padStart(5, '0');
  const root = `5566778${n}`;
  const cnpj = root + cnpjCheckDigits(root);
  const code = `N${n}`;
  const name = `Loja Nova ${n}`;
  const ie = spIe(`7${n}00`);
  const serie = 100 + (Date.now() % 800);
  const gtin = withGtinCheckDigit(`27${n}00001`);
  const sku = `NOVA${n}`;
  const product = `Camiseta Loja Nova ${n}`;

  await signIn(page, USERS.gerente);
  await chooseBranch(page, 'Loja Centro');
  await waitForLocalCopy(page);

  // 1. The branch: code, CNPJ, names, IE, address with its IBGE city.
  await openSettings(page, 'Filiais', /\/branch$/, 'Filiais');
  await page.keyboard.press('Insert');
  const form = page.getByRole('form', { name: 'Filial' });
  await expect(form.getByLabel(/^Código/)).toBeFocused();
  await page.keyboard.type(code);
  await form.getByLabel('CNPJ').fill(cnpj);
  await form.getByLabel('Razão social').fill(`Loja Nova ${n} Comércio Ltda`);
  await form.getByLabel('Nome fantasia').fill(name);
  await form.getByLabel('Inscrição estadual').fill(ie);
  await form.getByRole('tab', { name: 'Endereço' }).click();
  await form.getByLabel('CEP').fill('01310100');
  await form.getByRole('textbox', { name: 'Endereço', exact: true }).fill('Avenida Paulista');
  await form.getByLabel('Número').fill('1000');
  await form.getByLabel('Bairro').fill('Bela Vista');
  await form.getByPlaceholder('Digite o nome da cidade').fill('são paulo');
  await page.getByRole('option', { name: 'São Paulo - SP', exact: true }).click();
  await expect(form.getByPlaceholder('Digite o nome da cidade')).toHaveValue('São Paulo - SP');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(MESSAGES.recordSaved)).toBeVisible();

  // Its A1 certificate: a wrong password is refused in pt-BR, the right one is kept (holder shown, key never).
  await openRow(page, 'Filiais', code, name);
  await expect(form.getByLabel(/^Código/)).toHaveValue(code);
  await form.getByRole('tab', { name: 'Certificado e logotipo' }).click();
  const file = join(mkdtempSync(join(tmpdir(), 'e2e-nova-')), 'loja-nova.pfx');
  writeFileSync(file, createTestCertificate({ cnpj, name: `LOJA NOVA ${n} COMERCIO LTDA`, password: 'senha-nova' }));
  await form.locator('input[type="file"][accept*=".pfx"]').setInputFiles(file);
  await form.getByLabel('Senha do certificado').fill('errada');
  await form.getByRole('button', { name: 'Enviar certificado' }).click();
  await expect(form.getByRole('alert')).toHaveText('Senha do certificado digital inválida.');
  await form.getByLabel('Senha do certificado').fill('senha-nova');
  await form.getByRole('button', { name: 'Enviar certificado' }).click();
  await expect(form.getByText(`LOJA NOVA ${n} COMERCIO LTDA:${cnpj}`)).toBeVisible();
  await page.screenshot({ path: '/tmp/new-branch-certificate.png', fullPage: true });
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);

  // 2. Access: the Gerente profile offered in the new branch, and the manager given it there.
  await openSettings(page, 'Perfis', /\/profile$/, 'Perfis');
  await openRow(page, 'Perfis', 'Gerente', 'Gerente');
  const profileForm = page.getByRole('form', { name: 'Perfil' });
  await profileForm.getByRole('tab', { name: 'Filiais' }).click();
  await profileForm.getByLabel(name, { exact: true }).check();
  await profileForm.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(MESSAGES.recordUpdated)).toBeVisible();

  await openSettings(page, 'Usuários', /\/user$/, 'Usuários');
  await openRow(page, 'Usuários', USERS.gerente, USERS.gerente);
  const userForm = page.getByRole('form', { name: 'Usuário' });
  await userForm.getByRole('tab', { name: 'Filiais e senha' }).click();
  await userForm.getByLabel(`Perfil em ${name}`).click();
  await page.getByRole('option', { name: 'Gerente', exact: true }).click();
  await expect(userForm.getByLabel(`Perfil em ${name}`)).toHaveValue('Gerente');
  await page.screenshot({ path: '/tmp/new-branch-user-access.png', fullPage: true });
  await userForm.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(MESSAGES.recordUpdated)).toBeVisible();

  try {
    // 3. The session reloads after the write: the new branch is offered; the manager switches to it.
    await branchSelect(page).click();
    await expect(page.getByRole('option', { name, exact: true })).toBeVisible({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    await chooseBranch(page, name);
    // The new branch is not an offline point of sale yet (no products in the local copy): wait for its sync pass only.
    await expect(syncStatus(page)).toBeHidden({ timeout: 30_000 });
    await expect(connectionStatus(page)).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });

    await openSettings(page, 'Endereços de estoque', /\/stockAddress$/, 'Endereços de estoque', false);
    await page.keyboard.press('Insert');
    const addressForm = page.getByRole('form', { name: /Endereço de estoque/ });
    await expect(addressForm.getByLabel(/^Código/)).toBeFocused();
    await page.keyboard.type('LOJA');
    await addressForm.getByLabel(/^Descrição/).fill('Loja');
    await addressForm.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText(MESSAGES.recordSaved)).toBeVisible();

    // The branch configuration: CRT 1 (Simples), the CSC the NFC-e's QR code needs, and an offline point of sale (the
    // catalogue in the device's local copy, as the demo branches).
    await settingsMenu(page).getByRole('link', { name: 'Configuração da filial' }).click();
    await expect(page).toHaveURL(/\/branch\/config$/);
    const config = page.getByRole('form', { name: 'Configuração da filial' });
    await page.getByRole('tab', { name: 'Estoque e fiscal' }).click();
    await expect(config.getByLabel('Endereço de estoque da venda')).toHaveValue(/Loja/);
    await config.getByLabel(/^Regime tributário/).fill('1');
    await config.getByLabel('Identificador do CSC').fill('000001');
    await config.getByLabel('CSC (código de segurança do contribuinte)').fill(`LOJANOVA${n}CSCHOMOLOGACAO0001`);
    await page.screenshot({ path: '/tmp/new-branch-config.png', fullPage: true });
    await page.getByRole('tab', { name: 'Ponto de venda' }).click();
    await config.getByRole('switch', { name: 'Ponto de venda offline' }).check();
    await config.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText(MESSAGES.recordUpdated)).toBeVisible();
    // Closing the form goes back to the branches.
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/branch$/);

    // Dinheiro offered in the new branch too.
    await openSettings(page, 'Meios de pagamento', /\/paymentMethod$/, 'Meios de pagamento');
    await openRow(page, 'Meios de pagamento', 'Dinheiro', 'Dinheiro');
    const methodForm = page.getByRole('form', { name: 'Meio de pagamento' });
    await methodForm.getByRole('tab', { name: 'Filiais' }).click();
    await methodForm.getByLabel(name, { exact: true }).check();
    await methodForm.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText(MESSAGES.recordUpdated)).toBeVisible();

    // 4. The product with its price and opening stock, imported in the new branch.
    await settingsMenu(page).getByRole('link', { name: 'Importação de dados' }).click();
    await expect(page).toHaveURL(/\/dataImport$/);
    await expect(page.getByRole('button', { name: 'Planilha (CSV ou XLSX)' })).toBeVisible();
    const csv = ['Descrição;SKU;EAN;Preço de venda;NCM;Estoque', `${product};${sku};${gtin};19,99;61091000;10`].join('\r\n');
    await page.locator('input[type=file]').setInputFiles({ name: 'loja-nova.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'latin1') });
    await expect(page.getByRole('table', { name: 'Prévia da planilha' }).getByRole('cell', { name: product, exact: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Estoque LOJA', exact: true })).toHaveValue('Estoque');
    await page.getByRole('button', { name: 'Iniciar importação' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'linhas processadas' })).toContainText('1 de 1 linhas processadas · 1 gravadas · 0 com erro');

    // The product register's Preços tab: the new branch's sale price.
    const found = await api(page, '/product/list-by-changes', { date_change: '', offset: 0, limit: 5000 });
    const id_produto = (found.json['rows'] as Row[]).find((r) => r['sku'] === sku)?.['id_produto'];
    expect(id_produto).toBeDefined();
    await page.goto(`/product/register/${String(id_produto)}`);
    await page.getByRole('tab', { name: 'Preços' }).click();
    await expect(page.getByText(`Preços na filial ${name}`)).toBeVisible();
    const price = page.getByRole('table', { name: 'Preços por variação' }).getByRole('textbox', { name: /^Venda de / });
    await expect(price).toHaveValue('R$ 19,99');
    // Typed from the right, as a cashier does: the digits out, then 2490.
    await price.click();
    for (let i = 0; i < 4; i++) await page.keyboard.press('Backspace');
    await expect(price).toHaveValue(/^(R\$ 0,00)?$/);
    await page.keyboard.type('2490');
    await expect(price).toHaveValue('R$ 24,90');
    await page.screenshot({ path: '/tmp/new-branch-prices.png', fullPage: true });
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText(MESSAGES.recordUpdated)).toBeVisible();

    // 5. The NFC-e series, default in the new branch.
    await openSettings(page, 'Séries fiscais', /\/fiscalSerie$/, 'Séries fiscais', false);
    await page.keyboard.press('Insert');
    const serieForm = page.getByRole('form', { name: 'Série fiscal' });
    await expect(serieForm.getByLabel('Modelo', { exact: true })).toHaveValue('65');
    await serieForm.getByRole('textbox', { name: /^Série/ }).fill(String(serie));
    await serieForm.getByRole('switch', { name: 'Série padrão' }).check();
    await serieForm.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText(MESSAGES.recordSaved)).toBeVisible();

    // The point of sale offers the NFC-e once the series is in the device's local copy (the sync brings it).
    await expect.poll(async () => (await localRows(page, 'fiscal_series')).some((r) => r['codigo_serie'] === serie && r['codigo_modelo'] === '65'),
      { timeout: 30_000 }).toBe(true);

    // 6. The sale at the point of sale, with an NFC-e.
    await goByMenu(page, 'Ponto de venda');
    await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();
    await waitForLocalCopy(page);
    await scan(page, gtin);
    const items = page.getByRole('table', { name: 'Itens da venda' });
    await expect(items.getByRole('row')).toHaveCount(2);
    await expect(items.getByRole('row').nth(1)).toContainText('24,90');
    await pay(page, 'Dinheiro');
    const before = new Set((await operations(page)).map((op) => op['id_operacao']));
    await finish(page, false, 'nfce', false);
    await expect(page.getByText(/Nota Fiscal (\d+) transmitida com sucesso/)).toBeVisible({ timeout: 60_000 });
    await page.screenshot({ path: '/tmp/new-branch-sold.png' });

    const sold = async () => (await operations(page)).find((op) => !before.has(op['id_operacao']));
    await expect.poll(async () => (await sold())?.['id_nota_fiscal'] ?? null, { timeout: 30_000 }).not.toBeNull();
    const detail = await api(page, '/invoice/find_by_id', { id_nota_fiscal: (await sold())?.['id_nota_fiscal'] });
    expect(detail.status).toBe(200);
    expect(detail.json).toMatchObject({ modelo: '65', situacao: 'Autorizada', numero_nota_fiscal: 1 });
    const key = String(detail.json['chave_acesso']);
    // The access key: state 35 (SP), the new branch's CNPJ (positions 7-20), model 65, the series (23-25), number 1.
    expect(key.slice(0, 2)).toBe('35');
    expect(key.slice(6, 20)).toBe(cnpj);
    expect(key.slice(20, 22)).toBe('65');
    expect(key.slice(22, 25)).toBe(String(serie).padStart(3, '0'));
    expect(key.slice(25, 34)).toBe('000000001');
  } finally {
    // Back to Loja Centro for the next specs of this worker.
    await chooseBranch(page, 'Loja Centro').catch(() => undefined);
  }
});
