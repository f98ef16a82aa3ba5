/**
 * Issue 25, boletos on /documentFinancial as the demo manager: two receivables get their boletos from the generation
 * modal (Alt+G, the default configuration preselected), one PDF opens, the remessa of the Itaú account is generated,
 * and a retorno paying one of them (written here in Itaú's CNAB 400 layout) settles it once; the same file again
 * settles nothing.
 */
import { randomUUID } from 'node:crypto';
import { api, sellables } from './checkout-steps.ts';
import { expect, localRows, test, USERS, signIn, waitForLocalCopy } from './support.ts';

type Row = Record<string, unknown>;

/** An Itaú CNAB 400 retorno: header, one paid detail ('06'), trailer; 400 characters a line, CRLF. */
function itauRetorno(agencia: string, conta: string, nossoNumero: string, valorTitulo: number, valorPago: number, juros: number, iso: string): string {
  const line = () => Array.from({ length: 400 }, () => ' ');
  const put = (l: string[], start: number, text: string) => { for (let i = 0; i < text.length; i++) l[start - 1 + i] = text[i]!; };
  const n = (v: number, size: number) => String(v).padStart(size, '0');
  const date = `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)}`;
  const h = line();
  put(h, 1, '02RETORNO01COBRANCA       '); put(h, 27, agencia); put(h, 31, '00'); put(h, 33, conta); put(h, 77, '341BANCO ITAU SA'); put(h, 395, n(1, 6));
  const d = line();
  put(d, 1, '1'); put(d, 18, agencia); put(d, 22, '00'); put(d, 24, conta); put(d, 63, nossoNumero.padStart(8, '0')); put(d, 109, '06');
  put(d, 111, date); put(d, 147, date); put(d, 153, n(valorTitulo, 13)); put(d, 176, n(0, 13)); put(d, 254, n(valorPago, 13)); put(d, 267, n(juros, 13));
  put(d, 296, date); put(d, 395, n(2, 6));
  const t = line();
  put(t, 1, '9'); put(t, 395, n(3, 6));
  return `${[h, d, t].map((l) => l.join('')).join('\r\n')}\r\n`;
}

test('boletos for two receivables, the PDF, the remessa, and a retorno that settles one once', async ({ page }) => {
  test.setTimeout(180_000);
  const tag = `Boleto ${Date.now() % 100000}`;
  await signIn(page, USERS.gerente);

  // The Itaú account's default boleto configuration, and two receivables of a customer with an address.
  const accounts = await api(page, '/bank_account/find', { search: 'Itaú' });
  const itau = (accounts.json['rows'] as Row[])[0]!;
  const cfg = await api(page, '/demand_config/create', { descricao: `Itaú carteira 109 ${tag}`, id_conta: itau['id_conta'], carteira: '109', valor_multa: 2, valor_juro: 1, is_padrao: true });
  expect(cfg.status).toBe(200);
  const people = await api(page, '/people/find', { search: 'Juliana Alves' });
  const pessoa = (people.json['rows'] as Row[])[0]!['id_pessoa'];
  // The last day of this month: not past, and inside the list's default period (the current month).
  const now = new Date(Date.now() - 3 * 3_600_000);
  const due = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
  const docs: Row[] = [];
  for (const valor of [120, 80]) {
    const res = await api(page, '/document-financial/create', { operacao: 'Entrada', valor_documento: valor, data_vencimento: due, id_pessoa: pessoa, observacao: tag });
    expect(res.status).toBe(200);
    docs.push(res.json);
  }

  await page.goto('/demandConfig');
  await expect(page.getByRole('cell', { name: `Itaú carteira 109 ${tag}`, exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/boleto-config.png', fullPage: true });

  await page.goto('/documentFinancial');
  const table = page.getByRole('table', { name: 'Documentos financeiros' });
  await expect(table).toBeVisible();
  await page.keyboard.press('F2');
  await page.keyboard.type(tag);
  await expect(table.getByRole('row')).toHaveCount(3);
  for (const d of docs) await table.getByRole('checkbox', { name: `Marcar ${String(d['numero'])}/1` }).check();

  // Alt+G: the modal with the default configuration preselected.
  await page.keyboard.press('Alt+G');
  const modal = page.getByRole('dialog', { name: 'Gerar boletos' });
  await expect(modal.getByRole('combobox', { name: 'Configuração de boleto' })).toHaveValue(`Itaú carteira 109 ${tag}`);
  await expect(modal.getByRole('table', { name: 'Documentos do boleto' }).getByRole('row')).toHaveCount(3);
  await expect(modal.getByText('Alt+G')).toBeVisible();
  await page.screenshot({ path: '/tmp/boleto-modal.png', fullPage: true });
  await modal.getByRole('button', { name: /Gerar boletos/ }).click();
  const results = page.getByRole('dialog', { name: 'Boletos gerados' });
  await expect(results.getByText('2 boletos gerados')).toBeVisible();
  await page.screenshot({ path: '/tmp/boleto-results.png', fullPage: true });

  // The PDF of the first one opens in a new tab.
  const popup = page.waitForEvent('popup');
  await results.getByRole('button', { name: `Abrir PDF do documento ${String(docs[0]!['numero'])}` }).click();
  const pdf = await popup;
  await expect.poll(() => pdf.url()).toMatch(/^blob:/);
  await pdf.close();
  await results.getByRole('button', { name: 'Fechar' }).first().click();
  await expect(results).toBeHidden();

  // Alt+R: the remessa of the Itaú account.
  await page.keyboard.press('Alt+R');
  const drawer = page.getByRole('dialog', { name: 'Remessa e retorno de boletos' });
  const account = drawer.getByRole('combobox', { name: 'Conta bancária' });
  await account.fill('Itaú');
  await expect(page.getByRole('option', { name: 'Itaú movimento' })).toBeVisible();
  await account.press('ArrowDown');
  await account.press('Enter');
  await expect(account).toHaveValue('Itaú movimento');
  const download = page.waitForEvent('download');
  await drawer.getByRole('button', { name: 'Gerar remessa' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^CB\d{6}\.REM$/);
  await expect(drawer.getByLabel('Remessa gerada')).toContainText('gerada com');

  // A retorno paying the first boleto, with R$ 1,50 of interest.
  const boletos = await api(page, '/demand/payment-demands-by-documents', { documentos: docs.map((d) => d['id_documento_financeiro']) });
  const rows = boletos.json['rows'] as Row[];
  expect(rows.map((r) => r['situacao'])).toEqual(['RemessaGerada', 'RemessaGerada']);
  const first = rows.find((r) => r['id_documento_financeiro'] === docs[0]!['id_documento_financeiro'])!;
  const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
  const retorno = itauRetorno('2545', '02366', String(first['nosso_numero']), 12000, 12150, 150, today);
  const send = async () => {
    await drawer.locator('input[type="file"]').setInputFiles({ name: 'RETORNO.RET', mimeType: 'text/plain', buffer: Buffer.from(retorno, 'ascii') });
    await drawer.getByRole('button', { name: 'Processar retorno' }).click();
  };
  await send();
  await expect(drawer.locator('[data-retorno-resumo]')).toHaveText('Documentos baixados: 1 · Rejeições: 0');
  await expect(drawer.getByText('Documento baixado')).toBeVisible();
  await page.screenshot({ path: '/tmp/boleto-retorno.png', fullPage: true });

  // The same file again: nothing settled twice.
  await send();
  await expect(drawer.getByText('Este arquivo de retorno já foi processado: nada foi baixado de novo.')).toBeVisible();
  await expect(drawer.locator('[data-retorno-resumo]')).toHaveText('Documentos baixados: 0 · Rejeições: 0');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  const settled = await api(page, '/document-financial/find_by_id', { id_documento_financeiro: docs[0]!['id_documento_financeiro'] });
  expect(settled.json).toMatchObject({ situacao: 'Quitado', saldo: 0 });
  expect((settled.json['lancamentos'] as Row[]).filter((l) => l['tipo'] === 'Baixa').length).toBe(1);
  const open = await api(page, '/document-financial/find_by_id', { id_documento_financeiro: docs[1]!['id_documento_financeiro'] });
  expect(open.json).toMatchObject({ situacao: 'Aberto', saldo: 80 });
  await expect(table.getByRole('row').filter({ hasText: 'Quitado' })).toHaveCount(1);
});

test('an NFC-e paid by boleto: once authorized on the invoice screen, the user is asked and yes issues its boletos', async ({ page }) => {
  test.setTimeout(180_000);
  const tag = `Após nota ${Date.now() % 100000}`;
  await signIn(page, USERS.gerente);
  await waitForLocalCopy(page);
  await expect.poll(async () => (await localRows(page, 'method_payment')).length, { timeout: 60_000 }).toBeGreaterThan(0);
  const [config] = await localRows(page, 'config');
  const boleto = (await localRows(page, 'method_payment')).find((m) => m['meio_pagamento'] === '15' && m['emitir_boleto_apos_nota']);
  expect(boleto, 'the demo Boleto method issues boletos after the invoice').toBeTruthy();
  const [product] = await sellables(page);
  const addresses = await localRows(page, 'stock_address');
  const address = config?.['id_endereco_estoque_venda'] ?? addresses.find((a) => a['id_filial'] === config?.['id_filial'])?.['id_endereco_estoque'];
  const grid = (await localRows(page, 'grid')).find((g) => g['id_produto_grade_filial'] === product?.id_produto_grade_filial);
  const price = Number(grid?.['preco_venda']);
  const people = await api(page, '/people/find', { search: 'Juliana Alves' });
  const pessoa = (people.json['rows'] as Row[])[0]!['id_pessoa'];
  const accounts = await api(page, '/bank_account/find', { search: 'Itaú' });
  const itau = (accounts.json['rows'] as Row[])[0]!;
  expect((await api(page, '/demand_config/create', { descricao: `Itaú ${tag}`, id_conta: itau['id_conta'], carteira: '109', is_padrao: true })).status).toBe(200);
  const sold = await api(page, '/operacao', {
    id_operacao: randomUUID(), modo_operacao: 'Venda', modelo: '65', id_filial: config?.['id_filial'], id_cliente: pessoa,
    data_inicio: new Date().toISOString(),
    itens: [{ id_item: randomUUID(), tipo_item: 'Produto', id_produto_grade_filial: product?.id_produto_grade_filial,
      id_endereco_estoque: address, descricao: 'Produto no boleto', quantidade: 2, valor_unitario: price }],
    pagamentos: [{ id_pagamento: randomUUID(), id_meio_pagamento: boleto?.['id_meio_pagamento'], valor_total: Math.round(price * 200) / 100, quantidade_parcelas: 2 }],
  });
  expect(sold.status, JSON.stringify(sold.json)).toBe(200);
  const id = sold.json['id_nota_fiscal'] as number;

  await page.goto(`/invoice/register/${id}`);
  await page.getByRole('button', { name: /^Transmitir/ }).click();
  const ask = page.getByRole('dialog', { name: 'Boletos' });
  await expect(ask).toBeVisible({ timeout: 60_000 });
  await expect(ask).toContainText(/Nota fiscal \d+ autorizada\. Deseja emitir os boletos desta nota\?/);
  await page.screenshot({ path: '/tmp/boleto-after-invoice.png', fullPage: true });
  const issued = expect(page.getByText('2 boletos emitidos.')).toBeVisible();
  await ask.getByRole('button', { name: 'Sim' }).click();
  await issued;

  const docs = (await api(page, '/document-financial/get_documents_by_invoice', { id_nota_fiscal: id })).json['rows'] as Row[];
  expect(docs).toHaveLength(2);
  const boletos = await api(page, '/demand/payment-demands-by-documents', { documentos: docs.map((d) => d['id_documento_financeiro']) });
  expect((boletos.json['rows'] as Row[]).map((r) => r['situacao'])).toEqual(['Pendente', 'Pendente']);
  // Asked once: the invoice's receivables have their boletos now.
  const again = await api(page, '/demand/invoice-boletos', { id_nota_fiscal: id });
  expect(again.json).toMatchObject({ documentos: [], pergunta: null });
});
