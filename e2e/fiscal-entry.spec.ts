/**
 * Issue 32 e2e: the manager imports a supplier's NF-e XML (its own product and supplier, made here): the file is read
 * (F9), the one item without a match gets its product by hand in the grid (its description typed + Enter), F10 confirms; the
 * stock of the product rose by the invoice's quantity at its net cost (ICMS out for the normal regime of the branch
 * is not assumed: the net cost is checked against what the screen showed), the payables of the duplicates exist, the
 * invoice is listed in Notas de entrada, and importing the same XML again is refused with the pt-BR message.
 */
import { randomInt } from 'node:crypto';
import { PURCHASE_IMPORT_MESSAGES as M } from '../packages/domain/src/purchase-import.ts';
import { makePurchaseNFeXml } from '../packages/fiscal/src/testing/purchase-factory.ts';
import { cnpjCheckDigits } from '../packages/domain/src/documents.ts';
import { expect, signIn, storageItem, test, TOKEN_KEY, USERS } from './support.ts';

type Row = Record<string, unknown>;

test('imports a supplier XML, matching an item by hand: stock and payables appear, the same key again is refused', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, USERS.gerente);
  const token = (await storageItem(page, TOKEN_KEY)) ?? '';
  const call = async (path: string, data: unknown) => {
    const res = await page.request.post(`/api${path}`, { data, headers: { authorization: `Bearer ${token}` } });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as Row;
  };

  // Our own product (a unit of measure of the demo's) and an unknown supplier CNPJ.
  const run = randomInt(10_000, 99_999);
  const units = (await call('/measure-unit/find', { take: 1 }))['rows'] as Row[];
  const sku = `E2ENFE${run}`;
  const name = `Caderno importado ${run}`;
  await call('/product/create', { descricao: name, sku, id_unidade_medida: units[0]!['id_unidade_medida'], preco_venda: 30 });
  const grid = ((await call('/stock-movement/search-product', { search: name }))['rows'] as Row[])[0]!;
  const supplierBase = `${run}000`.padStart(8, '7').slice(0, 8) + '0001';
  const supplierCnpj = supplierBase + cnpjCheckDigits(supplierBase);
  const branches = (await call('/branch/find', { take: 50 }))['rows'] as Row[];
  const branchCnpj = String(branches.find((b) => b['nome'] === 'Loja Centro')?.['cnpj'] ?? branches[0]!['cnpj']);
  const { xml, chave } = makePurchaseNFeXml({
    emitCnpj: supplierCnpj, emitName: `FORNECEDOR E2E ${run}`, destCnpj: branchCnpj, nNF: run,
    items: [{ cProd: `F${run}`, xProd: 'CADERNO 96 FOLHAS', qCom: 5_000, vUnCom: 20_00 }],
    dups: [['001', '2026-12-10', 50_00], ['002', '2027-01-10', 50_00]],
  });
  const before = ((await call('/stock/balance', { take: 200, filter: { id_produto_grade_filial: grid['id_produto_grade_filial'] } }))['rows'] as Row[])
    .reduce((s, r) => s + Number(r['quantidade']), 0);

  await page.goto('/invoice/import');
  await expect(page.getByRole('heading', { name: 'Importação de XML de NF-e' })).toBeVisible();
  await page.getByRole('textbox', { name: 'XML da nota fiscal' }).fill(xml);
  await page.keyboard.press('F9');
  const items = page.getByRole('table', { name: 'Itens da nota fiscal' });
  await expect(items.getByRole('row')).toHaveCount(2);
  await expect(page.getByText(`FORNECEDOR E2E ${run} (será cadastrado)`)).toBeVisible();
  await expect(items.getByText('Não vinculado')).toBeVisible();

  // The item's product by hand: its SKU and Enter.
  const picker = page.getByRole('textbox', { name: 'Produto do item 1' });
  await picker.click();
  await picker.fill(name);
  await picker.press('Enter');
  await expect(picker).toHaveValue(new RegExp(name));
  await expect(items.getByText('Manual')).toBeVisible();
  await page.screenshot({ path: '/tmp/fiscal-entry-import.png', fullPage: true });
  await page.keyboard.press('F10');
  await expect(page.getByText(/importada/).first()).toBeVisible();
  await expect(page.getByText(/2 conta\(s\) a pagar/)).toBeVisible();

  // Stock rose by 5 at the net cost; two payables of the supplier.
  const after = ((await call('/stock/balance', { take: 200, filter: { id_produto_grade_filial: grid['id_produto_grade_filial'] } }))['rows'] as Row[])
    .reduce((s, r) => s + Number(r['quantidade']), 0);
  expect(after - before).toBe(5);
  const list = await call('/invoice-import/find', { search: chave });
  const row = (list['rows'] as Row[])[0]!;
  const detail = await call('/invoice-import/find_by_id', { id_nota_fiscal_entrada: row['id_nota_fiscal_entrada'] });
  expect((detail['documentos_financeiros'] as Row[]).map((d) => Number(d['valor']))).toEqual([50, 50]);
  const item = (detail['itens'] as Row[])[0]!;
  expect(item['id_produto_grade_filial']).toBe(grid['id_produto_grade_filial']);
  expect(Number(item['valor_custo_unitario'])).toBeCloseTo(Number(item['valor_custo_liquido']) / 5, 2);

  // Listed in Notas de entrada.
  await page.goto('/invoice/entries');
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(chave);
  await expect(page.getByRole('table', { name: 'Notas de entrada' }).getByText(`FORNECEDOR E2E ${run}`)).toBeVisible();
  await page.screenshot({ path: '/tmp/fiscal-entry-list.png', fullPage: true });

  // The same XML again: refused on reading, with the key.
  await page.goto('/invoice/import');
  await page.getByRole('textbox', { name: 'XML da nota fiscal' }).fill(xml);
  await page.keyboard.press('F9');
  await expect(page.getByText(M.alreadyImported(chave))).toBeVisible();
});
