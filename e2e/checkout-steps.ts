/** Steps of a sale at /checkout shared by the checkout specs: products to sell, scanning, paying, finishing. */
import { expect, type Page } from '@playwright/test';
import { TOKEN_KEY, localRows, storageItem, typeKeys, type Row } from './support.ts';

export function gtinValid(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(code[11 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(code[12]);
}

export interface Sellable {
  barcode: string;
  id_produto_grade_filial: number;
  id_estoque: unknown;
  quantidade: number;
}

/** Two variations with stock at the branch's sale address and a valid GTIN, read from the local copy. */
export async function sellables(page: Page, count = 2): Promise<Sellable[]> {
  await expect
    .poll(async () => {
      const counts = await Promise.all(['stock', 'barcode', 'grid', 'method_payment', 'card_operator', 'stock_address'].map((t) => localRows(page, t)));
      return counts.every((rows) => rows.length > 0);
    }, { timeout: 60_000 })
    .toBe(true);
  const [config] = await localRows(page, 'config');
  const addresses = await localRows(page, 'stock_address');
  const address = config?.['id_endereco_estoque_venda'] ?? addresses.find((a) => a['id_filial'] === config?.['id_filial'])?.['id_endereco_estoque'];
  const grids = await localRows(page, 'grid');
  const barcodes = await localRows(page, 'barcode');
  const found: Sellable[] = [];
  for (const stock of await localRows(page, 'stock')) {
    if (stock['id_endereco_estoque'] !== address || Number(stock['quantidade']) - Number(stock['quantidade_reserva'] ?? 0) < 10) continue;
    const grid = grids.find((g) => g['id_produto_grade_filial'] === stock['id_produto_grade_filial']);
    const code = barcodes.find((b) => b['id_produto_grade'] === grid?.['id_produto_grade'] && gtinValid(String(b['codigo'])));
    if (!grid || !code || found.some((f) => f.id_produto_grade_filial === grid['id_produto_grade_filial'])) continue;
    found.push({
      barcode: String(code['codigo']),
      id_produto_grade_filial: Number(grid['id_produto_grade_filial']),
      id_estoque: stock['id_estoque'],
      quantidade: Number(stock['quantidade']),
    });
    if (found.length === count) break;
  }
  expect(found).toHaveLength(count);
  return found;
}

export async function scan(page: Page, barcode: string) {
  const search = page.getByRole('textbox', { name: 'Pesquisar produto' });
  await typeKeys(page, search, barcode);
  await page.keyboard.press('Enter');
}

/** F6, the customer's name typed, the first customer found chosen with Enter (the drawer closes). */
export async function chooseCustomer(page: Page, nome: string): Promise<void> {
  await page.keyboard.press('F6');
  const drawer = page.getByRole('dialog', { name: 'Cliente (F6)' });
  await expect(drawer.getByRole('textbox', { name: 'Nome, CPF ou CNPJ' })).toBeFocused();
  await page.keyboard.type(nome);
  await expect(drawer.getByRole('table', { name: 'Clientes encontrados' }).getByRole('row').first()).toContainText(nome);
  await page.keyboard.press('Enter');
  await expect(drawer).toBeHidden();
}

export async function pay(page: Page, method: string, amount?: string) {
  const drawer = page.getByRole('dialog', { name: 'Pagamento (F8)' });
  // F8 opens the panel; inside the open panel F8 is the demo's shortcut of Vale Crédito (a method's tecla_atalho), so a
  // cashier whose panel is still open types the method instead.
  if (!(await drawer.isVisible())) await page.keyboard.press('F8');
  await drawer.getByRole('combobox', { name: 'Meio de pagamento' }).fill(method);
  // As a cashier does: Enter once the list shows the method.
  await expect(page.getByRole('option', { name: method, exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(drawer.getByRole('combobox', { name: 'Meio de pagamento' })).toHaveValue(method);
  const value = drawer.getByRole('textbox', { name: 'Valor' });
  if (amount !== undefined) await value.fill(amount);
  await value.press('Enter');
  // Added: the panel closes once the sale is covered, or stays open for the next payment (an empty method again).
  const methodBox = drawer.getByRole('combobox', { name: 'Meio de pagamento' });
  await expect
    .poll(async () => {
      if (await drawer.isHidden()) return 'added';
      if ((await drawer.getByRole('alert').count()) > 0) return 'refused';
      const chosen = await methodBox.inputValue({ timeout: 500 }).catch(() => null);
      return chosen === '' ? 'added' : 'adding';
    })
    .toBe('added');
}

export type FinishChoice = 'pre' | 'nfce' | 'pedido' | 'orcamento';

const CHOICE_LABEL: Record<FinishChoice, RegExp> = {
  pre: /Pré-venda/,
  nfce: /NFC-e/,
  pedido: /Pedido \(liberado/,
  orcamento: /Orçamento/,
};

/**
 * F10; the demo's Loja Centro asks for the seller when finishing (solicitar_vendedor_venda_pdv): Enter takes the one
 * highlighted, the cashier (once per sale: `sellerAsked` false when it was already chosen). Then the number key of the document or mode (pre-sale, NFC-e, order, quote), "P" to skip
 * the receipt, Enter.
 */
export async function finish(page: Page, print = true, model: FinishChoice = 'pre', sellerAsked = true): Promise<void> {
  await page.keyboard.press('F10');
  if (sellerAsked) {
    const seller = page.getByRole('dialog', { name: 'Vendedor (F7)' });
    await expect(seller).toBeVisible();
    await expect(seller.getByRole('row', { selected: true })).toContainText('Carlos Lima');
    await expect(seller.getByRole('textbox', { name: 'Nome do vendedor' })).toBeFocused();
    await page.keyboard.press('Enter');
  }
  const modal = page.getByRole('dialog', { name: 'Finalizar operação (F10)' });
  await expect(modal).toBeVisible();
  // Each choice has its number key, shown beside it: press the number the option shows.
  const option = modal.getByRole('radio', { name: CHOICE_LABEL[model] });
  const label = (await modal.locator('label').filter({ hasText: CHOICE_LABEL[model] }).first().textContent()) ?? '';
  await page.keyboard.press(label.trim().charAt(0));
  await expect(option).toBeChecked();
  if (!print) {
    await page.keyboard.press('P');
    await expect(modal.getByRole('checkbox')).not.toBeChecked();
  }
  await modal.getByRole('button', { name: 'Confirmar (Enter)' }).press('Enter');
}

/** A call to the API as the signed-in user of the page (its token). */
export async function api(page: Page, path: string, body: unknown, method: 'POST' | 'PUT' = 'POST'): Promise<{ status: number; json: Row }> {
  const token = await storageItem(page, TOKEN_KEY);
  const res = await page.request.fetch(`/api${path}`, { method, data: body, headers: { authorization: `Bearer ${token ?? ''}` } });
  return { status: res.status(), json: (await res.json()) as Row };
}

/** The branch's stock rows on the server (every page of the stock change stream), by id_estoque. */
export async function serverStock(page: Page): Promise<Map<unknown, number>> {
  const stock = new Map<unknown, number>();
  let position: Row = { date_change: '', offset: 0 };
  for (;;) {
    const { status, json } = await api(page, '/stock/list-by-changes', { ...position, limit: 5000 });
    expect(status).toBe(200);
    for (const row of json['rows'] as Row[]) stock.set(row['id_estoque'], Number(row['quantidade']));
    if (!json['has_more']) return stock;
    position = { date_change: json['date_change'], offset: json['offset'] };
  }
}

export const money = (text: string | null) => Number((text ?? '').replace(/[^\d,]/g, '').replace(',', '.'));

export async function operations(page: Page): Promise<Row[]> {
  return (await localRows(page, 'operation')).filter((op) => op['situacao'] !== 'EmEdicao');
}
