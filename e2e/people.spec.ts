/**
 * The people register (issue 20) as the demo manager: a customer with two addresses (the second made the main one) at
 * /people/register, a bad CPF refused beside its field, a duplicate CPF refused with its message; then the demo cashier
 * (no people register) quick-saves a customer from the point of sale's customer panel (F6) and sells to them.
 */
import { expect, test, USERS, DEMO_PASSWORD, signIn, goByMenu, localRows, waitForLocalCopy, typeKeys, recordToasts } from './support.ts';
import { api, chooseCustomer, finish, operations, pay, scan, sellables } from './checkout-steps.ts';
import { CUSTOMER_CREDIT_MESSAGES } from '../packages/domain/src/credit-rules.ts';
import { formatMoney } from '../packages/domain/src/money.ts';
import { MESSAGES } from '../packages/domain/src/messages.ts';
import { cpfCheckDigits, formatCpf } from '../packages/domain/src/documents.ts';
import { PERSON_MESSAGES } from '../packages/domain/src/person.ts';
import { REGISTER_MESSAGES } from '../packages/contract/src/registers/descriptor.ts';
import { QUICK_SAVED_OFFLINE } from '../apps/web/src/features/people/quickCustomer.ts';

/** A valid CPF of this run. */
function newCpf(seed: number): string {
  const base = String(100_000_000 + ((Date.now() + seed * 7919) % 800_000_000)).slice(0, 9);
  return base + cpfCheckDigits(base);
}

test('the manager registers a customer with two addresses; a bad and a duplicate CPF are refused', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const cpf = newCpf(1);
  const nome = `Cliente E2E ${cpf.slice(0, 5)}`;

  await signIn(page, USERS.gerente);
  await goByMenu(page, 'Pessoas');
  await expect(page).toHaveURL(/\/people$/);
  const table = page.getByRole('table', { name: 'Pessoas' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  await page.keyboard.press('Insert');
  await expect(page).toHaveURL(/\/people\/register$/);
  const form = page.getByRole('form', { name: 'Pessoa' });
  await form.getByLabel(/^Nome/).fill(nome);
  await form.getByLabel('CPF', { exact: true }).fill('111.222.333-00');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form.getByText(REGISTER_MESSAGES.invalidCpf)).toBeVisible();
  await form.getByLabel('CPF', { exact: true }).fill(cpf);

  await form.getByRole('tab', { name: 'Tipo e classificação' }).click();
  await form.getByLabel('Cliente', { exact: true }).check();
  await form.getByRole('tab', { name: 'Crédito' }).click();
  await form.getByLabel('Bloquear venda a prazo com saldo vencido').check();

  await form.getByRole('tab', { name: 'Endereços' }).click();
  await form.getByRole('button', { name: 'Adicionar endereço' }).click();
  await expect(form.getByLabel('Descrição do endereço 1')).toHaveValue('Endereço Padrão');
  await form.getByLabel('CEP do endereço 1').fill('01310100');
  await form.getByLabel('Logradouro do endereço 1').fill('Avenida Paulista');
  await form.getByLabel('Número do endereço 1').fill('1000');
  await form.getByLabel('Cidade do endereço 1').fill('São Paulo');
  await form.getByLabel('UF do endereço 1').fill('SP');
  await form.getByRole('button', { name: 'Adicionar endereço' }).click();
  await form.getByLabel('Descrição do endereço 2').fill('Trabalho');
  await form.getByLabel('Logradouro do endereço 2').fill('Rua Augusta');
  await form.getByLabel('Número do endereço 2').fill('200');
  await form.getByLabel('Cidade do endereço 2').fill('São Paulo');
  await form.getByLabel('UF do endereço 2').fill('SP');
  await form.getByRole('radio', { name: 'Endereço principal' }).nth(1).check();
  await page.screenshot({ path: '/tmp/people-register.png', fullPage: true });
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(MESSAGES.recordSaved)).toBeVisible();
  await expect(page).toHaveURL(/\/people$/);

  await page.getByLabel('Pesquisar').fill(nome);
  await expect(table.getByRole('cell', { name: formatCpf(cpf), exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/people-list.png' });

  // Opened again at its own address: both addresses, the second the main one.
  await page.getByLabel('Pesquisar').press('Enter');
  await expect(page).toHaveURL(/\/people\/register\/\d+$/);
  await expect(form.getByLabel(/^Nome/)).toHaveValue(nome);
  await form.getByRole('tab', { name: 'Endereços' }).click();
  // The main one first.
  await expect(form.getByLabel('Logradouro do endereço 1')).toHaveValue('Rua Augusta');
  await expect(form.getByLabel('Logradouro do endereço 2')).toHaveValue('Avenida Paulista');
  await expect(form.getByText('Endereço 1 (principal)')).toBeVisible();
  await expect(form.getByText(/\(principal\)/)).toHaveCount(1);
  await expect(form.getByRole('radio', { name: 'Endereço principal' }).first()).toBeChecked();
  await page.screenshot({ path: '/tmp/people-register-edit.png', fullPage: true });
  await form.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/people$/);

  // The same CPF again: refused with its message.
  await page.goto('/people/register');
  await form.getByLabel(/^Nome/).fill('Outro com o mesmo CPF');
  await form.getByLabel('CPF', { exact: true }).fill(cpf);
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form.getByText(PERSON_MESSAGES.duplicateCpf(formatCpf(cpf)))).toBeVisible();
});

test('the demo cashier, without the people register, quick-saves a customer from F6 and sells to them', async ({ page }) => {
  test.setTimeout(120_000);
  const cpf = newCpf(2);
  const nome = `Rápido E2E ${cpf.slice(0, 5)}`;
  await signIn(page, USERS.caixa);
  await page.goto('/checkout');
  await waitForLocalCopy(page);
  const [first] = await sellables(page);
  if (!first) throw new Error('no products to sell');
  await scan(page, first.barcode);
  await expect(page.getByRole('table', { name: 'Itens da venda' }).getByRole('row')).toHaveCount(2);
  await page.keyboard.press('F6');
  const drawer = page.getByRole('dialog', { name: 'Cliente (F6)' });
  await expect(drawer.getByRole('textbox', { name: 'Nome, CPF ou CNPJ' })).toBeFocused();
  await page.keyboard.type(nome);
  await page.keyboard.press('Insert');
  const quick = drawer.getByRole('form', { name: 'Cadastro rápido de cliente' });
  await expect(quick.getByLabel('Nome', { exact: true })).toHaveValue(nome);
  await quick.getByLabel('CPF ou CNPJ').fill('111.222.333-00');
  await quick.getByLabel('CPF ou CNPJ').press('Enter');
  await expect(quick.getByText(REGISTER_MESSAGES.invalidCpf)).toBeVisible();
  await quick.getByLabel('CPF ou CNPJ').fill(cpf);
  await quick.getByLabel('Telefone').fill('11988887777');
  await quick.getByLabel('Cidade').fill('São Paulo');
  await quick.getByLabel('UF').fill('SP');
  await page.screenshot({ path: '/tmp/people-quick-save-form.png' });
  await quick.getByLabel('CPF ou CNPJ').press('Enter');
  await expect(drawer).toBeHidden();
  await expect(page.getByText(`Cliente: ${nome} ${formatCpf(cpf)}`)).toBeVisible();
  // The saved row is in the till's local copy: F6 finds it there by CPF.
  const local = (await localRows(page, 'people')).find((p) => p['cpf'] === cpf);
  expect(local).toMatchObject({ nome, is_cliente: true, cidade: 'São Paulo', uf: 'SP' });
  await page.keyboard.press('F6');
  await expect(drawer.getByRole('textbox', { name: 'Nome, CPF ou CNPJ' })).toBeFocused();
  await page.keyboard.type(cpf);
  await expect(drawer.getByRole('table', { name: 'Clientes encontrados' }).getByRole('row').first()).toContainText(nome);
  await page.keyboard.press('Enter');
  await expect(drawer).toBeHidden();
  // The same CPF again: refused with the register's message, beside the document.
  await page.keyboard.press('F6');
  await expect(drawer.getByRole('textbox', { name: 'Nome, CPF ou CNPJ' })).toBeFocused();
  await page.keyboard.type('Outro Nome');
  await page.keyboard.press('Insert');
  await quick.getByLabel('CPF ou CNPJ').fill(cpf);
  await quick.getByLabel('CPF ou CNPJ').press('Enter');
  await expect(quick.getByText(PERSON_MESSAGES.duplicateCpf(formatCpf(cpf)))).toBeVisible();
  await page.screenshot({ path: '/tmp/people-quick-save-duplicate.png' });
  await quick.getByRole('button', { name: 'Voltar (Esc)' }).click();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await pay(page, 'Dinheiro');
  await finish(page, false);
  await expect
    .poll(async () => (await operations(page)).filter((op) => op['id_cliente'] === local?.['id_pessoa']).map((op) => op['situacao']), { timeout: 30_000 })
    .toContain('Processado');
  await page.screenshot({ path: '/tmp/people-quick-save.png' });
});

test('with the network off the cashier quick-saves a customer, sells to them twice, and the server gets one person', async ({ page, context }) => {
  test.setTimeout(150_000);
  const cpf = newCpf(4);
  const nome = `Sem Rede E2E ${cpf.slice(0, 5)}`;
  await signIn(page, USERS.caixa);
  await page.goto('/checkout');
  await waitForLocalCopy(page);
  const [first] = await sellables(page);
  if (!first) throw new Error('no products to sell');
  const lines = page.getByRole('table', { name: 'Itens da venda' }).getByRole('row');
  const drawer = page.getByRole('dialog', { name: 'Cliente (F6)' });
  const quick = drawer.getByRole('form', { name: 'Cadastro rápido de cliente' });

  await scan(page, first.barcode);
  await expect(lines).toHaveCount(2);
  // The network goes now: the customer is quick-saved and both sales are finished offline.
  await context.setOffline(true);
  await page.keyboard.press('F6');
  const search = drawer.getByRole('textbox', { name: 'Nome, CPF ou CNPJ' });
  await expect(search).toBeFocused();
  await typeKeys(page, search, nome);
  await page.keyboard.press('Insert');
  await expect(quick.getByLabel('Nome', { exact: true })).toHaveValue(nome);
  // The same checks as online: a bad CPF is said beside its field.
  await quick.getByLabel('CPF ou CNPJ').fill('111.222.333-00');
  await quick.getByLabel('CPF ou CNPJ').press('Enter');
  await expect(quick.getByText(REGISTER_MESSAGES.invalidCpf)).toBeVisible();
  await quick.getByLabel('CPF ou CNPJ').fill(cpf);
  const toasts = await recordToasts(page);
  await quick.getByLabel('CPF ou CNPJ').press('Enter');
  await expect(drawer).toBeHidden();
  await toasts.expectShown(QUICK_SAVED_OFFLINE);
  await expect(page.getByText(`Cliente: ${nome} ${formatCpf(cpf)}`)).toBeVisible();
  await page.screenshot({ path: '/tmp/people-quick-save-offline.png' });
  await pay(page, 'Dinheiro');
  await finish(page, false);

  // The next sale, still offline, once the finished one has left the screen: F6 finds the customer saved on this device.
  await expect(page.getByRole('table', { name: 'Itens da venda' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeFocused();
  await scan(page, first.barcode);
  await expect(lines).toHaveCount(2);
  await page.keyboard.press('F6');
  await expect(search).toBeFocused();
  await typeKeys(page, search, cpf);
  await expect(drawer.getByRole('table', { name: 'Clientes encontrados' }).getByRole('row').first()).toContainText(nome);
  await page.keyboard.press('Enter');
  await expect(drawer).toBeHidden();
  await pay(page, 'Dinheiro');
  await finish(page, false);
  const mine = async () => (await operations(page)).filter((op) => op['cliente_cpf_cnpj'] === cpf);
  // Polled: finish() returns when the modal closes, and the sale is written as Pendente just after (a full run read one).
  await expect.poll(async () => (await mine()).map((op) => op['situacao'])).toEqual(['Pendente', 'Pendente']);

  // Back online: both sales reach the server, as one customer's.
  await context.setOffline(false);
  await expect.poll(async () => (await mine()).map((op) => op['situacao']), { timeout: 60_000 }).toEqual(['Processado', 'Processado']);
  const ids = (await mine()).map((op) => (op['resultado'] as Record<string, unknown>)['id_cliente']);
  expect(typeof ids[0]).toBe('number');
  expect(ids[1]).toBe(ids[0]);
  const found = await api(page, '/people/quick-create', { nome: 'Outro', cpf });
  expect(found.status).toBe(400);
  // The temporary row left the local copy; the sync brings the server's.
  await expect.poll(async () => (await localRows(page, 'people')).filter((p) => p['cpf'] === cpf).map((p) => p['id_pessoa']), { timeout: 30_000 })
    .toEqual([ids[0]]);
});

test("a sale on credit the customer's rules refuse asks a supervisor, and goes on with the grant", async ({ page }) => {
  test.setTimeout(120_000);
  const cpf = newCpf(3);
  const nome = `Sem Crédito ${cpf.slice(0, 5)}`;
  await signIn(page, USERS.gerente);
  // Without a maximum debt and blocked without balance: no credit at all.
  const created = await api(page, '/people/create', { nome, cpf, is_cliente: true, bloquear_venda_sem_saldo: true });
  expect(created.status).toBe(200);
  await page.goto('/checkout');
  await waitForLocalCopy(page);
  const [first] = await sellables(page);
  if (!first) throw new Error('no products to sell');
  await scan(page, first.barcode);
  await expect(page.getByRole('table', { name: 'Itens da venda' }).getByRole('row')).toHaveCount(2);
  await chooseCustomer(page, nome);
  await pay(page, 'Crediário');

  await page.keyboard.press('F10');
  const seller = page.getByRole('dialog', { name: 'Vendedor (F7)' });
  await expect(seller.getByRole('textbox', { name: 'Nome do vendedor' })).toBeFocused();
  await page.keyboard.press('Enter');
  const blocked = page.getByRole('dialog', { name: 'Venda a prazo bloqueada' });
  await expect(blocked).toContainText(CUSTOMER_CREDIT_MESSAGES.noBalance(formatMoney(0)));
  await page.screenshot({ path: '/tmp/people-credit-blocked.png' });
  await blocked.getByRole('button', { name: 'Pedir autorização' }).click();
  const modal = page.getByRole('dialog', { name: 'Autorização do supervisor' });
  await expect(modal.getByRole('textbox', { name: 'Usuário' })).toBeFocused();
  await page.keyboard.type(USERS.gerente);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(modal).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Finalizar operação (F10)' })).toBeVisible();
});
