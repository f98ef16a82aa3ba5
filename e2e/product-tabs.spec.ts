/**
 * The product register's own tabs (issue 20), on the product's page /product/register/:id, as the demo manager: an image uploaded
 * to the gallery shows its thumbnail and a text file posing as PNG is refused in pt-BR; a supplier is linked with its
 * code; the nutrition form fills the %VD of law 360; a kit gets a component; the stock movements list is read.
 * Each tab is screenshotted (/tmp/product-tab-*.png).
 */
import sharp from 'sharp';
import { PRODUCT_TAB_MESSAGES as M } from '../packages/domain/src/product-tab-messages.ts';
import { expect, test, USERS, signIn, storageItem, TOKEN_KEY } from './support.ts';

test('the manager fills the product tabs of a product', async ({ page }) => {
  // Eleven tabs filled and saved one after another: 10-15 s on a quiet machine, past 30 s on a loaded one.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 860 });
  await signIn(page, USERS.gerente);
  const token = (await storageItem(page, TOKEN_KEY)) ?? '';
  const options = await page.request.post('/api/product_kit/options', { headers: { Authorization: `Bearer ${token}` }, data: { search: '' } });
  const variations = ((await options.json()) as { rows: Array<{ id_produto: number; id_produto_grade: number; descricao: string }> }).rows;
  const product = variations[0]!;
  const component = variations.find((v) => v.id_produto !== product.id_produto)!;
  await page.goto(`/product/register/${product.id_produto}`);
  await page.getByRole('tab', { name: 'Galeria' }).click();

  // Galeria: a real PNG is stored and shown by its thumbnail; a text file named .png is refused.
  await expect(page.getByText('Nenhuma imagem na galeria.')).toBeVisible();
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2f6fdf' } }).png().toBuffer();
  await page.locator('input[type=file]').setInputFiles({ name: 'vitrine.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Imagem adicionada.')).toBeVisible();
  const card = page.getByLabel('Imagem 1: vitrine.png');
  await expect(card.getByRole('img', { name: 'vitrine.png' })).toBeVisible();
  await expect(card.getByText('Principal')).toBeVisible();
  await page.locator('input[type=file]').setInputFiles({ name: 'falsa.png', mimeType: 'image/png', buffer: Buffer.from('texto, não imagem') });
  await expect(page.locator('.mantine-Alert-root')).toHaveText(M.imageNotImage('falsa.png'));
  await page.screenshot({ path: '/tmp/product-tab-galeria.png' });

  // Fornecedores: a supplier of the demo (card operators are suppliers) with its code.
  await page.getByRole('tab', { name: 'Fornecedores' }).click();
  await page.getByRole('button', { name: 'Vincular fornecedor' }).click();
  const supplier = page.getByRole('combobox', { name: 'Fornecedor' });
  await expect(supplier).toBeFocused();
  await supplier.click();
  const first = page.getByRole('option').first();
  await expect(first).toBeVisible();
  const supplierName = (await first.innerText()).replace(/ \(.*\)$/, '');
  await first.click();
  await expect(supplier).not.toHaveValue('');
  await page.getByLabel('Código do produto no fornecedor').fill('FORN-778');
  await page.getByLabel('Código do produto no fornecedor').press('Enter');
  // Exact: 'Nenhum fornecedor vinculado.' contains the toast's words.
  await expect(page.getByText('Fornecedor vinculado.', { exact: true })).toBeVisible();
  const suppliers = page.getByRole('table', { name: 'Fornecedores do produto' });
  await expect(suppliers.getByRole('cell', { name: supplierName, exact: true })).toBeVisible();
  await expect(suppliers.getByRole('cell', { name: 'FORN-778' })).toBeVisible();
  await page.screenshot({ path: '/tmp/product-tab-fornecedores.png' });

  // Cenários fiscais: the first scenario offered.
  await page.getByRole('tab', { name: 'Cenários fiscais' }).click();
  await page.getByRole('combobox', { name: 'Cenário fiscal' }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: 'Vincular' }).click();
  await expect(page.getByText('Cenário fiscal vinculado.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Cenários fiscais do produto' }).getByRole('row')).toHaveCount(2);
  await page.screenshot({ path: '/tmp/product-tab-cenarios.png' });

  // Informação nutricional: 120 kcal is 6 % of law 360's 2,000 kcal.
  await page.getByRole('tab', { name: 'Informação nutricional' }).click();
  await page.getByRole('textbox', { name: 'Porção', exact: true }).fill('30 g (1 unidade)');
  await page.getByRole('textbox', { name: 'Valor energético', exact: true }).fill('120');
  await expect(page.getByRole('textbox', { name: '%VD Valor energético' })).toHaveValue('6 %');
  await page.getByRole('textbox', { name: 'Sódio', exact: true }).fill('240');
  await expect(page.getByRole('textbox', { name: '%VD Sódio' })).toHaveValue('10 %');
  await page.getByRole('button', { name: 'Salvar informação nutricional' }).click();
  await expect(page.getByText('Informação nutricional salva.')).toBeVisible();
  await page.screenshot({ path: '/tmp/product-tab-nutricional.png' });

  // Combustível (ANP): a code of 4 digits is refused by the server, 9 digits are saved.
  await page.getByRole('tab', { name: 'Combustível (ANP)' }).click();
  await page.getByLabel('Código ANP').fill('1234');
  await page.getByLabel('Descrição ANP').fill('GLP');
  await page.getByRole('button', { name: 'Salvar dados ANP' }).click();
  await expect(page.locator('.mantine-Alert-root')).toContainText('Código ANP: informe os 9 dígitos');
  await page.getByLabel('Código ANP').fill('210203001');
  await page.getByRole('button', { name: 'Salvar dados ANP' }).click();
  await expect(page.getByText('Dados ANP salvos.')).toBeVisible();
  await page.screenshot({ path: '/tmp/product-tab-anp.png' });

  // Kit: one component, two per kit.
  await page.getByRole('tab', { name: 'Kit' }).click();
  const pick = page.getByRole('combobox', { name: 'Componente' });
  await pick.click();
  await pick.fill(component.descricao);
  await page.getByRole('option', { name: new RegExp(`^${component.descricao.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).first().click();
  await page.getByRole('textbox', { name: 'Quantidade', exact: true }).fill('2');
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await page.getByRole('button', { name: 'Salvar kit' }).click();
  await expect(page.getByText('Kit salvo.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Componentes do kit' }).getByRole('row')).toHaveCount(2);
  await page.screenshot({ path: '/tmp/product-tab-kit.png' });
  // The kit is undone: the next spec files on this worker's server take the first product by description (this one)
  // for stock documents and balances, and a kit's stock moves its components instead (a CI run failed on it).
  const undo = await page.request.post('/api/product_kit/save', { headers: { Authorization: `Bearer ${token}` }, data: { id_produto: product.id_produto, itens: [] } });
  expect(undo.status()).toBe(200);

  // Movimentações de estoque: read-only list of the component (the demo's opening stock, if any).
  await page.goto(`/product/register/${component.id_produto}`);
  await page.getByRole('tab', { name: 'Movimentações de estoque' }).click();
  // The demo's opening stock has no movements: the answer of the list says so once it arrives.
  await expect(page.getByText('Nenhuma movimentação de estoque deste produto na filial.')).toBeVisible();
  await page.screenshot({ path: '/tmp/product-tab-movimentacoes.png' });
});
