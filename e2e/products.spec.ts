/**
 * The product register end to end (issue 20): the manager creates a product with two colours × three sizes, barcodes
 * and prices at /product/register and enters stock of two variations at Loja Centro from the product's stock movement
 * tab; in another browser the Loja Centro cashier finds it at /checkout by name and by barcode (the change reached
 * the point of sale's local copy through the sync) and sells it from that stock.
 */
import { api, finish, pay, scan } from './checkout-steps.ts';
import { expect, goByMenu, localRows, signIn, test, typeKeys, USERS, waitForLocalCopy, expectToast } from './support.ts';

const SUCCESS = 'Operação concluída com sucesso.';

/** A GTIN-13 with its check digit. */
function gtin(body12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(body12[11 - i]) * (i % 2 === 0 ? 3 : 1);
  return `${body12}${(10 - (sum % 10)) % 10}`;
}

test('the manager registers a product with a 2 × 3 grid, barcodes and prices; a cashier finds it by name and barcode and sells it', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const tag = String(Date.now()).slice(-6);
  const name = `Camiseta Listrada ${tag}`;
  const codes = [gtin(`7899${tag}01`), gtin(`7899${tag}02`)];

  await signIn(page, USERS.gerente);
  // The catalogues the grid is made of (attribute register, issue 20's catalogues).
  for (const [descricao, itens] of [[`Cor ${tag}`, ['Vermelho', 'Verde']], [`Tamanho ${tag}`, ['P', 'M', 'G']]] as const) {
    const res = await api(page, '/attribute/create', { descricao, itens: itens.map((d) => ({ descricao: d })) });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  }

  await goByMenu(page, 'Produtos');
  await expect(page.getByRole('heading', { name: 'Produtos' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Produtos' }).getByRole('row').nth(1)).toBeVisible();
  await page.screenshot({ path: '/tmp/products-list.png' });
  await page.keyboard.press('Insert');
  await expect(page).toHaveURL(/\/product\/register$/);
  await expect(page.getByRole('heading', { name: 'Novo produto' })).toBeVisible();

  // Geral: description, next SKU, measure unit, NCM typed into its mask.
  await page.getByRole('textbox', { name: 'Descrição', exact: true }).fill(name);
  await page.getByRole('button', { name: 'Próximo SKU' }).click();
  await expect(page.getByRole('textbox', { name: 'SKU' })).toHaveValue(/^\d+$/);
  await page.getByRole('combobox', { name: 'Unidade de medida' }).fill('Unid');
  await page.getByRole('option', { name: 'Unidade', exact: true }).click();
  await page.getByRole('textbox', { name: 'NCM' }).fill('61091000');
  await expect(page.getByRole('textbox', { name: 'NCM' })).toHaveValue('6109.10.00');

  // Preços: typed from the right.
  await page.getByRole('tab', { name: 'Preços' }).click();
  await page.getByRole('textbox', { name: 'Preço de venda' }).click();
  await page.keyboard.type('7990');
  await expect(page.getByRole('textbox', { name: 'Preço de venda' })).toHaveValue('R$ 79,90');
  await page.getByRole('textbox', { name: 'Preço de atacado' }).click();
  await page.keyboard.type('6990');
  await page.getByRole('textbox', { name: 'Preço de custo' }).click();
  await page.keyboard.type('3000');

  // Atributos: two colours × three sizes chosen there generate the variations into Grade/Variações.
  await page.getByRole('tab', { name: 'Atributos' }).click();
  await expect(page.getByRole('table', { name: 'Atributos do produto' })).toContainText('Nenhum atributo nas variações deste produto.');
  const colour = page.getByRole('combobox', { name: `Cor ${tag}` });
  await colour.click();
  for (const item of ['Vermelho', 'Verde']) await page.getByRole('option', { name: item, exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: `Tamanho ${tag}` }).click();
  for (const item of ['P', 'M', 'G']) await page.getByRole('option', { name: item, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/product\/register$/);
  await page.getByRole('button', { name: 'Gerar variações' }).click();
  await expect(page.getByRole('table', { name: 'Atributos do produto' }).getByRole('row').filter({ hasText: `Cor ${tag}` })).toContainText('VermelhoVerde');

  // The same again: every variation is already there, the spec's plural message.
  await colour.click();
  await page.getByRole('option', { name: 'Verde', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: `Tamanho ${tag}` }).click();
  for (const item of ['P', 'M']) await page.getByRole('option', { name: item, exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Gerar variações' }).click();
  await expect(page.getByText('As variações (Verde / P e Verde / M) já estão adicionadas nesta grade!')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('dialog', { name: 'Aviso' })).toBeHidden();
  await page.screenshot({ path: '/tmp/product-register-attributes.png', fullPage: true, animations: 'disabled' });
  await page.getByRole('tab', { name: 'Grade/Variações' }).click();
  const variations = page.getByRole('table', { name: 'Variações' });
  await expect(variations.getByRole('row')).toHaveCount(7);
  await expect(variations.getByRole('textbox', { name: 'Descrição da variação' }).first()).toHaveValue('Vermelho / P');

  // Códigos de barras: a bad check digit refused on the spot; a GTIN for two variations.
  await page.getByRole('tab', { name: 'Códigos de barras' }).click();
  const code = page.getByRole('textbox', { name: 'Código de barras' });
  await code.fill('7891234567890');
  await code.press('Enter');
  await expect(page.getByText('O código de barras 7891234567890 não é um GTIN válido.', { exact: false })).toBeVisible();
  for (const [i, variation] of [[0, 'Vermelho / P'], [1, 'Verde / G']] as const) {
    await page.getByRole('combobox', { name: 'Variação' }).click();
    await page.getByRole('option', { name: variation, exact: true }).click();
    await code.fill(codes[i] ?? '');
    await code.press('Enter');
    await expect(page.getByRole('table', { name: 'Códigos de barras' }).getByRole('row').filter({ hasText: codes[i] ?? '' })).toContainText(variation);
  }

  await page.screenshot({ path: '/tmp/product-register-barcodes.png' });
  await page.getByRole('tab', { name: 'Grade/Variações' }).click();
  await page.screenshot({ path: '/tmp/product-register-grid.png', fullPage: true });

  // Ctrl+S saves the whole product.
  await page.keyboard.press('Control+s');
  await expectToast(page, 'Registro salvo com sucesso.');
  await expect(page).toHaveURL(/\/product\/register\/\d+$/);
  await page.getByRole('tab', { name: 'Preços' }).click();
  await expect(page.getByRole('table', { name: 'Preços por variação' }).getByRole('row')).toHaveCount(7);
  await page.screenshot({ path: '/tmp/product-register-prices.png', fullPage: true });
  await page.getByRole('tab', { name: 'Geral' }).click();
  await page.screenshot({ path: '/tmp/product-register.png', fullPage: true });

  // Loja Centro refuses a sale beyond the stock (controla_estoque_negativo): the manager enters the green variations'
  // and Vermelho / P's stock at the branch's sale address from the product's 'Movimentações de estoque' tab (an opening movement).
  await page.getByRole('tab', { name: 'Movimentações de estoque' }).click();
  const entry = page.getByRole('form', { name: 'Entrada de estoque' });
  await expect(entry.getByRole('combobox', { name: 'Endereço de estoque' })).toHaveValue('LOJA - Loja');
  const stocked = ['Verde / P', 'Verde / M', 'Verde / G', 'Vermelho / P'];
  for (const variation of stocked) {
    await entry.getByRole('combobox', { name: 'Variação' }).click();
    await page.getByRole('option', { name: variation, exact: true }).click();
    await entry.getByRole('textbox', { name: 'Quantidade a entrar' }).fill('3');
    await entry.getByRole('textbox', { name: 'Quantidade a entrar' }).press('Enter');
    const moves = page.getByRole('table', { name: 'Movimentações de estoque do produto' });
    await expect(moves.getByRole('row').filter({ hasText: variation })).toContainText('Implantacao');
    await expect(moves.getByRole('row').filter({ hasText: variation })).toContainText('+3,000');
  }
  await page.screenshot({ path: '/tmp/product-register-stock-entry.png', fullPage: true });
  const id_produto = Number(/\/(\d+)$/.exec(page.url())?.[1]);

  // The product list's row shortcuts: the stock per branch and address (Alt+E) and the labels (Alt+L).
  await goByMenu(page, 'Produtos');
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(name);
  const listed = page.getByRole('table', { name: 'Produtos' }).getByRole('row').filter({ hasText: name });
  await expect(listed).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Produtos' }).getByRole('row', { selected: true })).toContainText(name);
  await page.screenshot({ path: '/tmp/products-list-row.png' });
  await page.keyboard.press('Alt+e');
  const stockDrawer = page.getByRole('dialog', { name: `Estoque: ${name}` });
  await expect(stockDrawer.getByRole('heading', { name: 'Loja Centro: 12,000 disponível' })).toBeVisible();
  await expect(stockDrawer.getByRole('table', { name: 'Estoque em Loja Centro' }).getByRole('row').filter({ hasText: 'Verde / M' })).toContainText('LOJA - Loja');
  await page.screenshot({ path: '/tmp/products-list-stock.png', animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expect(stockDrawer).toBeHidden();
  await listed.getByRole('button', { name: `Etiquetas de ${name}` }).click();
  const labelDrawer = page.getByRole('dialog', { name: `Etiquetas: ${name}` });
  await expect(labelDrawer.getByRole('row').filter({ hasText: codes[0] ?? '' })).toContainText(`${name} Vermelho / P`);
  await expect(labelDrawer.getByRole('row')).toHaveCount(7);
  await page.screenshot({ path: '/tmp/products-list-labels.png', animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expect(labelDrawer).toBeHidden();

  const grid = await api(page, '/product_grid/get-product-grid-by-product', { id_produto });
  const entered = (grid.json['rows'] as Array<Record<string, unknown>>)
    .filter((g) => stocked.includes(String(g['descricao'])))
    .map((g) => g['id_produto_grade_filial']);
  expect(entered).toHaveLength(stocked.length);

  // The Loja Centro cashier, in another browser: found by name and by barcode, sold from the stock just entered.
  const cashierContext = await browser.newContext();
  const till = await cashierContext.newPage();
  await signIn(till, USERS.caixa);
  await waitForLocalCopy(till);
  // The entered stock reaches the till's local copy through the sync (the stock table is the largest one to load).
  await expect
    .poll(async () => (await localRows(till, 'stock')).filter((r) => entered.includes(r['id_produto_grade_filial']) && Number(r['quantidade']) === 3).length, { timeout: 60_000 })
    .toBe(stocked.length);
  await goByMenu(till, 'Ponto de venda');
  const search = till.getByRole('textbox', { name: 'Pesquisar produto' });
  await expect(search).toBeFocused();
  await typeKeys(till, search, `listrada ${tag} verde`);
  const results = till.getByRole('table', { name: 'Produtos encontrados' });
  await expect(results.getByRole('row').filter({ hasText: `${name} Verde / M` })).toBeVisible({ timeout: 30_000 });
  await till.keyboard.press('Enter');
  const lines = till.getByRole('table', { name: 'Itens da venda' }).getByRole('row');
  await expect(lines).toHaveCount(2);
  await scan(till, codes[0] ?? '');
  await expect(lines).toHaveCount(3);
  await expect(lines.filter({ hasText: `${name} Vermelho / P` })).toHaveCount(1);
  await pay(till, 'Dinheiro', '159,80');
  // F10: Loja Centro asks for the seller (the cashier, highlighted), then the pre-sale without a receipt.
  await finish(till, false);
  await expect(till.getByText(SUCCESS)).toBeVisible();
  await cashierContext.close();
});
