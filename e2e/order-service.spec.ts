/**
 * A service order end to end (000 §2, §3.6, §4.4, §7.3): the manager opens /operation-order (the spec's name of the
 * order editor, which keeps its own path), writes a service order for a customer with a product, a service line with
 * its technician and an object with a photo, pays it, releases it and invoices it (an NF-e draft with the product,
 * paid by the products' share). Screenshots of the Serviços and Objetos tabs go to the test's output folder.
 */
import type { Page } from '@playwright/test';
import { expect, test, USERS, localRows, signIn, waitForLocalCopy } from './support.ts';

const CUSTOMER = 'Juliana Alves Pereira';

async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** A small photo-like PNG drawn by the browser (so the thumbnail shows something). */
async function photo(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const ctx = canvas.getContext('2d')!;
    const gradient = ctx.createLinearGradient(0, 0, 320, 240);
    gradient.addColorStop(0, '#1c7ed6');
    gradient.addColorStop(1, '#0b7285');
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, 320, 240);
    ctx.fillStyle = '#212529';
    ctx.fillRect(110, 30, 100, 180);
    ctx.strokeStyle = '#f8f9fa';
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.moveTo(120, 50);
    ctx.lineTo(200, 190);
    ctx.moveTo(190, 60);
    ctx.lineTo(130, 170);
    ctx.stroke();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
}

test('a service order with a service line, a technician and an object with a photo is released and invoiced', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, USERS.gerente);
  await waitForLocalCopy(page);
  await expect
    .poll(async () => (await Promise.all(['people', 'product', 'grid', 'stock_address', 'method_payment'].map((t) => localRows(page, t))))
      .every((r) => r.length > 0), { timeout: 60_000 })
    .toBe(true);

  await page.goto('/operation-order');
  await expect(page.getByRole('heading', { level: 1, name: 'Novo pedido' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Operação' }).click();
  await page.getByRole('option', { name: 'Ordem de serviço' }).click();
  await expect(page.getByRole('tab', { name: /Serviços/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Objetos/ })).toBeVisible();

  await page.keyboard.press('F3');
  const customer = page.getByLabel('Cliente', { exact: true });
  await expect(customer).toBeFocused();
  await customer.pressSequentially('Juliana', { delay: 20 });
  await page.getByRole('option', { name: new RegExp(CUSTOMER) }).click();
  await page.keyboard.press('Alt+S');
  const saved = page.getByText(/^Ordem de serviço \d+ salvo com sucesso$/);
  await expect(saved).toBeVisible();
  const nsu = /(\d+)/.exec((await saved.textContent()) ?? '')?.[1] ?? '';
  // The alias keeps its own path (the socket process rule tells /operation-order apart).
  await expect(page).toHaveURL(/\/operation-order\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Ordem de serviço ${nsu}` })).toBeVisible();

  // A product line (F2).
  await page.keyboard.press('F2');
  const modal = page.getByRole('dialog', { name: 'Novo item do pedido' });
  const product = modal.getByLabel('Produto', { exact: true });
  await expect(product).toBeFocused();
  await product.pressSequentially('camiseta estampada', { delay: 20 });
  await expect(page.getByRole('option').first()).toBeVisible();
  await product.press('Enter');
  await product.press('Enter');
  await expect(modal).toBeHidden();
  await expect(page.getByRole('table', { name: 'Itens do pedido' }).getByRole('row')).toHaveCount(2);
  const productsOnly = (await page.getByLabel('Total do pedido').textContent()) ?? '';

  // Serviços: a line refused without a price, then saved with its technician.
  await page.getByRole('tab', { name: /Serviços/ }).click();
  const services = page.getByRole('form', { name: 'Serviço' });
  await services.getByRole('textbox', { name: 'Serviço', exact: true }).fill('Troca de tela');
  await services.getByRole('button', { name: /Adicionar serviço/ }).click();
  await expect(services.getByRole('alert')).toContainText('O valor do item tem que ser maior que 0.');
  await services.getByLabel('Valor unitário').fill('150,00');
  await services.getByLabel('Desconto por unidade').fill('10,00');
  await services.getByRole('combobox', { name: 'Técnico' }).click();
  await page.getByRole('option', { name: 'Carlos Lima' }).click();
  await expect(services).toContainText('Total do serviço: R$ 140,00');
  await services.getByRole('textbox', { name: 'Serviço', exact: true }).press('Enter');
  const table = page.getByRole('table', { name: 'Serviços da ordem' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Troca de tela');
  await expect(table).toContainText('Carlos Lima');
  await expect(table).toContainText('R$ 140,00');
  await expect(page.getByRole('tab', { name: 'Serviços (1)' })).toBeVisible();
  await expect(page.getByLabel('Total do pedido')).not.toHaveText(productsOnly);
  await shot(page, 'order-service-services-tab');

  // Objetos: the phone left for repair, with a photo.
  await page.getByRole('tab', { name: /Objetos/ }).click();
  const objects = page.getByRole('form', { name: 'Objeto' });
  await objects.getByRole('textbox', { name: 'Objeto', exact: true }).fill('Celular Moto G');
  await objects.getByLabel('Marca').fill('Motorola');
  await objects.getByLabel('Número de série').fill('ZY22B4XK9');
  await objects.getByLabel('Defeito relatado').fill('Tela trincada, touch não responde');
  await objects.getByRole('button', { name: /Adicionar objeto/ }).click();
  const card = page.getByLabel('Objeto Celular Moto G');
  await expect(card).toBeVisible();
  await expect(card).toContainText('Série: ZY22B4XK9');
  // A file that is not an image is refused before it is sent.
  await card.getByLabel('Imagens de Celular Moto G').setInputFiles({ name: 'nota.txt', mimeType: 'text/plain', buffer: Buffer.from('texto') });
  await expect(card.getByRole('alert')).toContainText('A imagem nota.txt não é JPEG, PNG ou WebP.');
  await card.getByLabel('Imagens de Celular Moto G').setInputFiles({ name: 'tela.png', mimeType: 'image/png', buffer: await photo(page) });
  await expect(card.getByRole('img', { name: 'tela.png' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Objetos (1)' })).toBeVisible();
  await shot(page, 'order-service-objects-tab');

  // F4: PIX for what is left to pay.
  await page.keyboard.press('F4');
  const method = page.getByLabel('Meio de pagamento', { exact: true });
  await expect(method).toBeFocused();
  await method.fill('PIX');
  await method.press('Enter');
  await page.getByRole('button', { name: /Adicionar pagamento/ }).click();
  await expect(page.getByLabel('Falta pagar', { exact: true })).toHaveText('R$ 0,00');

  // Released (Alt+L), then invoiced (Alt+F): the NF-e draft has the product; the service stays on the order.
  await page.keyboard.press('Alt+L');
  await expect(page.getByText(/liberad[oa]\.$/).first()).toBeVisible();
  // The order is read again after the release: its badge, and Liberar gone, before the next key.
  await expect(page.getByText('Liberado', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Liberar/ })).toBeHidden();
  await page.keyboard.press('Alt+F');
  await expect(page).toHaveURL(/\/invoice\/register\/\d+$/, { timeout: 20_000 });
  await expect(page.getByRole('table', { name: 'Itens da nota' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('table', { name: 'Itens da nota' })).toContainText(/camiseta estampada/i);
});
