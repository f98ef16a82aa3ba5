/**
 * The branch register (issue 18) as the demo manager: a new branch with its address (the IBGE city picked from the
 * picker), saved and found in the list; then its A1 certificate (made here, throw-away) sent with its password, the
 * holder and expiry shown, and the organization's active platform apps.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, USERS, signIn, settingsMenu } from './support.ts';
import { MESSAGES } from '../packages/domain/src/messages.ts';
import { cnpjCheckDigits, formatCnpj } from '../packages/domain/src/documents.ts';
import { createTestCertificate } from '../packages/fiscal/src/testing/test-certificate.ts';

test('the manager creates a branch with its address, finds it in the list, and sends its A1 certificate', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const n = String(Date.now() % 100000).padStart(5, '0');
  const base = `4455667${n}`;
  const cnpj = base + cnpjCheckDigits(base);
  const code = `E${n}`;

  await signIn(page, USERS.gerente);
  await settingsMenu(page).getByRole('link', { name: 'Filiais' }).click();
  await expect(page).toHaveURL(/\/branch$/);
  const table = page.getByRole('table', { name: 'Filiais' });
  await expect(table.getByRole('cell', { name: 'Loja Centro', exact: true })).toBeVisible();

  await page.keyboard.press('Insert');
  const form = page.getByRole('form', { name: 'Filial' });
  await expect(form.getByLabel(/^Código/)).toBeFocused();
  await page.keyboard.type(code);
  await form.getByLabel('CNPJ').fill(cnpj);
  await form.getByLabel('Razão social').fill('Filial E2E Comércio Ltda');
  await form.getByLabel('Nome fantasia').fill(`Loja E2E ${n}`);
  await form.getByLabel('Inscrição estadual').fill('ISENTO');

  await form.getByRole('tab', { name: 'Endereço' }).click();
  await form.getByLabel('CEP').fill('20040002');
  await form.getByRole('textbox', { name: 'Endereço', exact: true }).fill('Avenida Rio Branco');
  await form.getByLabel('Número').fill('100');
  await form.getByLabel('Bairro').fill('Centro');
  await form.getByPlaceholder('Digite o nome da cidade').fill('rio de jan');
  await page.getByRole('option', { name: 'Rio de Janeiro - RJ' }).click();
  await expect(form.getByPlaceholder('Digite o nome da cidade')).toHaveValue('Rio de Janeiro - RJ');
  await page.screenshot({ path: '/tmp/branch-form-address.png', fullPage: true });
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(MESSAGES.recordSaved)).toBeVisible();

  await page.getByLabel('Pesquisar').fill(code);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('cell', { name: `Loja E2E ${n}`, exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: formatCnpj(cnpj), exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/branch-list.png' });

  // Open it again: the city is the server's, the certificate goes with its password.
  await page.getByLabel('Pesquisar').press('Enter');
  await expect(form.getByLabel(/^Código/)).toHaveValue(code);
  await form.getByRole('tab', { name: 'Endereço' }).click();
  await expect(form.getByPlaceholder('Digite o nome da cidade')).toHaveValue('Rio de Janeiro - RJ');

  await form.getByRole('tab', { name: 'Certificado e logotipo' }).click();
  const dir = mkdtempSync(join(tmpdir(), 'e2e-cert-'));
  const file = join(dir, 'filial.pfx');
  writeFileSync(file, createTestCertificate({ cnpj, name: 'FILIAL E2E COMERCIO LTDA', password: 'senha-e2e', days: 20 }));
  await form.locator('input[type="file"][accept*=".pfx"]').setInputFiles(file);
  await form.getByLabel('Senha do certificado').fill('errada');
  await form.getByRole('button', { name: 'Enviar certificado' }).click();
  await expect(form.getByRole('alert')).toHaveText('Senha do certificado digital inválida.');
  await form.getByLabel('Senha do certificado').fill('senha-e2e');
  await form.getByRole('button', { name: 'Enviar certificado' }).click();
  await expect(form.getByText(`FILIAL E2E COMERCIO LTDA:${cnpj}`)).toBeVisible();
  await expect(form.getByRole('status')).toContainText(/^O certificado vence em \d+ dia\(s\): renove-o/);
  await page.screenshot({ path: '/tmp/branch-form-certificate.png', fullPage: true });
  await form.getByRole('tab', { name: 'Aplicativos' }).click();
  await expect(form.getByText('Ponto de Venda')).toBeVisible();
});
