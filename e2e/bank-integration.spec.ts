/**
 * Issue 26, bank integration against the worker's FAKE bank (e2e/server.ts starts the server with BANK_MODE=fake):
 * the manager logs in to the bank at /bankIntegration with the two-step code pasted into the six boxes and sees the
 * statement; a PIX charge is paid at the fake bank, whose webhook confirms it (the POS screen's PIX modal is not driven
 * here: the charge is made through the API); a receivable's boleto is registered online and written off. The account made
 * here is left without its PIX key and integration (inert for the other specs' PIX sales).
 */
import { api } from './checkout-steps.ts';
import { expect, goByMenu, test, USERS, signIn } from './support.ts';

test('bank login with a pasted code, the statement, a PIX confirmed by the webhook, a boleto registered and written off', async ({ page, e2eServer }) => {
  test.setTimeout(180_000);
  const run = String(Date.now() % 1_000_000);
  const name = `Integração ${run}`;
  await signIn(page, USERS.gerente);
  const created = await api(page, '/bank_account/create', {
    descricao: name, agencia: '1234', numero: `7${run}`, chave_pix: `pix${run}@demomoda.exemplo.com.br`,
    utilizar_moderbank: true, codigo_moderbank: '3128557',
  });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const id_conta = created.json['id_conta'];
  try {
    // A PIX charge paid at the fake bank: its webhook confirms it on the server.
    const charge = await api(page, '/bank-integration/new_qrcode_dynamic', { valor: 19.9, id_conta });
    expect(charge.status, JSON.stringify(charge.json)).toBe(200);
    const txid = String(charge.json['txid']);
    const paid = await page.request.post(`${e2eServer.bankUrl}/fake/pix/${txid}/pagar`, { data: {} });
    expect(paid.status()).toBe(200);
    await expect.poll(async () => (await api(page, '/bank-integration/find-by-code', { txid })).json['situacao'], { timeout: 60_000 }).toBe('Paga');

    await goByMenu(page, 'Integração bancária');
    await expect(page.getByRole('heading', { name: 'Integração bancária' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Cobranças PIX' })).toContainText(txid);
    await page.keyboard.press('Alt+L');
    const modal = page.getByRole('dialog', { name: 'Login Internet Banking' });
    await modal.getByLabel('Documento da empresa (CNPJ)').fill('11222333000181');
    await expect(modal.getByLabel('Documento da empresa (CNPJ)')).toHaveValue('11.222.333/0001-81');
    await modal.getByLabel('Documento do operador (CPF)').fill('12345678909');
    await expect(modal.getByLabel('Documento do operador (CPF)')).toHaveValue('123.456.789-09');
    await modal.getByLabel('Senha', { exact: true }).fill('banco123');
    await modal.getByRole('button', { name: 'Login' }).click();
    await expect(modal.getByRole('timer')).toHaveText(/^0[23]:\d\d$/, { timeout: 60_000 });
    // The code pasted into the first box is spread over the six.
    await modal.getByLabel('Dígito 1 do código').focus();
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text', '123456');
      document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(modal.getByLabel('Dígito 6 do código')).toHaveValue('6');
    await modal.getByRole('button', { name: 'Enviar' }).click();
    await expect(modal).toBeHidden({ timeout: 60_000 });
    await expect(page.getByLabel('Sessão do banco')).toContainText('Conectado ao banco até');

    const account = page.getByRole('combobox', { name: /^Conta bancária/ });
    await account.fill(name);
    await expect(page.getByRole('option', { name })).toBeVisible();
    await expect(page.getByRole('option')).toHaveCount(1);
    await account.press('ArrowDown');
    await account.press('Enter');
    await expect(account).toHaveValue(name);
    await expect(page.getByRole('table', { name: 'Extrato' })).toContainText('PIX RECEBIDO', { timeout: 60_000 });
    await page.screenshot({ path: 'test-results/bank-integration.png', fullPage: true });

    // A receivable's boleto registered online, then written off.
    const people = await api(page, '/people/find', { search: 'Juliana Alves' });
    const pessoa = (people.json['rows'] as Array<Record<string, unknown>>)[0]?.['id_pessoa'];
    const due = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const doc = await api(page, '/document-financial/create', { operacao: 'Entrada', valor_documento: 87.65, data_vencimento: due, id_pessoa: pessoa, observacao: name });
    expect(doc.status, JSON.stringify(doc.json)).toBe(200);
    const idDoc = doc.json['id_documento_financeiro'];
    await page.getByLabel('Documento financeiro (id)').fill(String(idDoc));
    await page.keyboard.press('Alt+R');
    const row = page.getByTestId(`boleto-registrado-${String(idDoc)}`);
    await expect(row).toContainText('Registrado', { timeout: 60_000 });
    await expect(row).toContainText('87,65');
    await row.getByRole('button', { name: 'Baixar' }).click();
    await expect(row).toContainText('Baixado', { timeout: 60_000 });
  } finally {
    // A register's update is a PUT (a POST here answered 404 and left the account integrated: every later PIX sale of
    // this worker's server then waited for a bank charge nobody paid).
    const inert = await api(page, '/bank_account/update', { id_conta, chave_pix: null, utilizar_moderbank: false }, 'PUT');
    expect(inert.status, JSON.stringify(inert.json)).toBe(200);
  }
});
