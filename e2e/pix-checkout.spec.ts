/**
 * Issue 26, PIX at the point of sale against the worker's FAKE bank: with an integrated PIX account at the branch, the
 * caixa sells an item and chooses PIX in the payment panel; the modal shows the dynamic QR and the amount; the fake's
 * payer pays that charge (POST /fake/pix/{txid}/pagar, a control only the FAKE has), its webhook confirms it on the
 * server, the modal closes with the payment line added, the sale finishes and the server's charge names the sale's
 * operation (it was spent by the payment line carrying its txid). A PIX typed without a charge is refused by the server
 * at such a branch, so the account is made inert again at the end (the other specs sell PIX by hand).
 */
import { money, operations, scan, sellables } from './checkout-steps.ts';
import { expect, goByMenu, resetActiveBranch, signIn, test, USERS, waitForLocalCopy } from './support.ts';

test('a PIX sale at the point of sale: QR and amount on screen, paid at the fake bank, confirmed by its webhook', async ({ page, e2eServer }, testInfo) => {
  test.setTimeout(180_000);
  page.on('pageerror', (e) => console.log(`[page error] ${e.message}\n${e.stack ?? ''}`));
  page.on('console', (m) => { if (m.type() === 'error') console.log(`[console] ${m.text()}`); });
  const run = String(Date.now() % 1_000_000);
  const token = await resetActiveBranch(page, USERS.gerente);
  const asManager = async (path: string, body: unknown, method: 'POST' | 'PUT' = 'POST') => {
    const res = await page.request.fetch(`/api${path}`, { method, data: body, headers: { authorization: `Bearer ${token ?? ''}` } });
    return { status: res.status(), json: (await res.json()) as Record<string, unknown> };
  };
  const created = await asManager('/bank_account/create', {
    descricao: `PIX caixa ${run}`, agencia: '1234', numero: `8${run}`, chave_pix: `pixcaixa${run}@demomoda.exemplo.com.br`,
    utilizar_moderbank: true, codigo_moderbank: '3128557',
  });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const id_conta = created.json['id_conta'];
  try {
    await signIn(page, USERS.caixa);
    await waitForLocalCopy(page);
    const [item] = await sellables(page, 1);
    if (!item) throw new Error('no products to sell');
    await goByMenu(page, 'Ponto de venda');
    await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();
    await scan(page, item.barcode);
    const totals = page.getByRole('region', { name: 'Totais' });
    const totalBox = totals.getByLabel('Total', { exact: true });
    await expect.poll(async () => money(await totalBox.textContent())).toBeGreaterThan(0);
    const total = (await totalBox.textContent()) ?? '';

    // PIX in the payment panel, the balance as the value: the bank integration's modal opens with the charge.
    await page.keyboard.press('F8');
    const drawer = page.getByRole('dialog', { name: 'Pagamento (F8)' });
    await drawer.getByRole('combobox', { name: 'Meio de pagamento' }).fill('PIX');
    await expect(page.getByRole('option', { name: 'PIX', exact: true })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(drawer.getByRole('combobox', { name: 'Meio de pagamento' })).toHaveValue('PIX');
    await drawer.getByRole('textbox', { name: 'Valor' }).press('Enter');
    const modal = page.getByRole('dialog', { name: 'Pagamento PIX' });
    await expect(modal).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('pix-checkout-modal-opened.png') });
    await expect(modal).toContainText(`Valor: ${total.trim()}`);
    await expect(modal.getByRole('img', { name: 'QR Code PIX' })).toBeVisible({ timeout: 60_000 });
    await expect(modal.getByRole('status', { name: 'Situação do PIX' })).toHaveText('Aguardando a confirmação do banco...');
    const brcode = (await modal.getByTestId('pix-copia-cola').textContent()) ?? '';
    expect(brcode).toMatch(/^000201/);
    await page.screenshot({ path: testInfo.outputPath('pix-checkout-modal.png') });

    // The charge on the server (the modal shows its BR Code, not its txid).
    const charges = await asManager('/bank-integration/pix-list', { situacao: 'Ativa' });
    expect(charges.status, JSON.stringify(charges.json)).toBe(200);
    const charge = (charges.json['rows'] as Array<Record<string, unknown>>).find((r) => r['brcode'] === brcode);
    expect(charge, 'the charge shown is on the server').toBeTruthy();
    const txid = String(charge!['txid']);
    expect(money(total)).toBe(Number(charge!['valor']));

    // The payer pays it at the fake bank; its webhook confirms it; the modal (polling find-by-code) adds the line.
    const paid = await page.request.post(`${e2eServer.bankUrl}/fake/pix/${txid}/pagar`, { data: {} });
    expect(paid.status(), await paid.text()).toBe(200);
    await expect(modal).toBeHidden({ timeout: 30_000 });
    await expect(drawer).toBeHidden();
    await expect(totals).toContainText('PIX');
    await expect(totals.getByLabel('Pago', { exact: true })).toHaveText(total.trim());

    await page.keyboard.press('F10');
    const seller = page.getByRole('dialog', { name: 'Vendedor (F7)' });
    const finish = page.getByRole('dialog', { name: 'Finalizar operação (F10)' });
    await expect(seller.or(finish)).toBeVisible();
    if (await seller.isVisible()) await page.keyboard.press('Enter');
    await expect(finish).toBeVisible();
    await page.keyboard.press('P');
    await finish.getByRole('button', { name: 'Confirmar (Enter)' }).press('Enter');
    await expect.poll(async () => (await operations(page)).map((op) => op['situacao']), { timeout: 60_000 }).toEqual(['Processado']);
    const [operation] = await operations(page);

    // On the server the charge was spent by this sale: its payment line named the txid.
    const after = await asManager('/bank-integration/find-by-code', { txid });
    expect(after.json).toMatchObject({ situacao: 'Paga', id_operacao: operation!['id_operacao'] });
  } finally {
    // A register's update is a PUT (a POST answered 404 and left the account integrated for the later specs' PIX sales).
    const inert = await asManager('/bank_account/update', { id_conta, chave_pix: null, utilizar_moderbank: false }, 'PUT');
    expect(inert.status, JSON.stringify(inert.json)).toBe(200);
  }
});
