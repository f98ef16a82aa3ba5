/**
 * Commission groups and the commission report (issue 30, "Commission groups"; 002 §2 /commission, §3, §9): the
 * manager creates a group from the settings menu with himself as its seller at 5%, sales are made for him and for the
 * cashier (through the API, as the point of sale sends them), and the report shows for each seller the period's
 * total grown by exactly those sales, the manager's commission at 5% of his base, the cashier without a group and
 * no commission, sorted by total of sales; Alt+P makes its PDF. Figures are compared with what the report said before
 * the sales: the worker's server is shared with the specs before this one, whose sales of the day count too.
 */
import { randomUUID } from 'node:crypto';
import { api, sellables } from './checkout-steps.ts';
import { expect, test, USERS, localRows, settingsMenu, signIn, waitForLocalCopy, type Row, expectToast } from './support.ts';

const today = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
const cents = (reais: number) => Math.round(reais * 100);
const brl = (c: number) => `R$ ${(c / 100).toFixed(2).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;

test('the manager creates a commission group and the report matches the sales made', async ({ page }) => {
  test.setTimeout(360_000);
  // The report before the sales, the sales and the report screen must fall on one day of the shop (America/Sao_Paulo):
  // a CI run that crossed midnight compared the screen's period (the month so far) with a report of the new day only.
  // A run that starts in the last two and a half minutes of a day waits for the next one.
  const untilMidnight = 86_400_000 - ((Date.now() - 3 * 3_600_000) % 86_400_000);
  if (untilMidnight < 150_000) await page.waitForTimeout(untilMidnight + 2_000);
  await signIn(page, USERS.gerente);
  await waitForLocalCopy(page);
  const [first, second] = await sellables(page);
  if (!first || !second) throw new Error('no products to sell');
  const users = await localRows(page, 'user');
  const marina = Number(users.find((u) => u['email'] === USERS.gerente)?.['id_usuario']);
  const carlos = Number(users.find((u) => u['email'] === USERS.caixa)?.['id_usuario']);
  expect(marina).toBeGreaterThan(0);
  expect(carlos).toBeGreaterThan(0);

  // 1. The group, from the settings menu: the list, then a new one (Insert) with its seller.
  await settingsMenu(page).getByRole('link', { name: 'Grupos de comissão' }).click();
  await expect(page).toHaveURL(/\/commission$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Grupos de comissão' })).toBeVisible();
  await expect(page.getByText('Esta tela chega em uma próxima versão do sistema.')).toHaveCount(0);
  const nome = `Comissão da loja ${Date.now() % 1_000_000}`;
  await page.keyboard.press('Insert');
  const descricao = page.getByRole('textbox', { name: 'Descrição' });
  await expect(descricao).toBeFocused();
  await descricao.fill(nome);
  await expect(page.getByRole('switch', { name: 'Considerar devoluções' })).toBeChecked();
  await expect(page.getByRole('switch', { name: /^Financeiro/ })).not.toBeChecked();
  await page.getByRole('tab', { name: 'Vendedores' }).click();
  await page.getByRole('button', { name: 'Adicionar vendedor' }).click();
  const who = page.getByRole('combobox', { name: 'Vendedor (vendedor 1)' });
  await who.click();
  await page.getByRole('option', { name: 'Marina Souza' }).click();
  await page.getByRole('textbox', { name: 'Comissão do vendedor (%) (vendedor 1)' }).fill('5,00');
  await page.screenshot({ path: '/tmp/commission-form-sellers.png', fullPage: true });
  // A goal range far above the day's sales (it raises nothing here), and a look at the other tabs.
  await page.getByRole('tab', { name: 'Faixas de meta' }).click();
  await page.getByRole('button', { name: 'Adicionar faixa' }).click();
  await page.getByRole('textbox', { name: 'Valor inicial (R$) (faixa 1)' }).fill('1000000,00');
  await page.getByRole('textbox', { name: 'Percentual (%) (faixa 1)' }).fill('8,00');
  await page.screenshot({ path: '/tmp/commission-form-ranges.png', fullPage: true });
  await page.getByRole('tab', { name: 'Categorias e produtos' }).click();
  await expect(page.getByText('Nenhuma categoria com percentual próprio.')).toBeVisible();
  // A rate for a product variation none of the sales below sells (searched as the point of sale does), and one for a
  // service (searched in the service register).
  const grids = await localRows(page, 'grid');
  const products = await localRows(page, 'product');
  const other = grids.find((g) => ![first.id_produto_grade_filial, second.id_produto_grade_filial].includes(Number(g['id_produto_grade_filial']))
    && products.some((p) => p['id_produto'] === g['id_produto'] && typeof p['descricao'] === 'string'));
  const otherProduct = products.find((p) => p['id_produto'] === other?.['id_produto']);
  if (!other || !otherProduct) throw new Error('no third variation in the branch');
  await page.getByRole('button', { name: 'Adicionar produto' }).click();
  const pick = page.getByRole('textbox', { name: /^Produto \(variação\)/ }).or(page.getByRole('combobox', { name: /^Produto \(variação\)/ })).first();
  await pick.click();
  await pick.fill(String(otherProduct['sku'] ?? otherProduct['descricao']));
  await page.getByRole('option', { name: new RegExp(`^${String(otherProduct['descricao']).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).first().click();
  await page.getByRole('textbox', { name: 'Percentual (%) (produto 1)' }).fill('7,50');
  const servico = `Ajuste de barra ${Date.now() % 1_000_000}`;
  const createdService = await api(page, '/service/create', { descricao: servico, precos: [{ valor: 15, is_padrao: true }] });
  expect(createdService.status, JSON.stringify(createdService.json)).toBe(200);
  await page.getByRole('button', { name: 'Adicionar serviço' }).click();
  const service = page.getByRole('combobox', { name: 'Serviço (serviço 1)' });
  await service.click();
  await service.fill(servico.slice(0, 14));
  await page.getByRole('option', { name: servico }).click();
  await page.getByRole('textbox', { name: 'Percentual (%) (serviço 1)' }).fill('12,00');
  await page.screenshot({ path: '/tmp/commission-form-products.png', fullPage: true });
  await page.getByRole('tab', { name: 'Meios de pagamento' }).click();
  await expect(page.getByRole('checkbox', { name: 'Dinheiro' })).not.toBeChecked();
  await page.screenshot({ path: '/tmp/commission-form-methods.png', fullPage: true });
  await page.getByRole('button', { name: /^Salvar/ }).click();
  await expectToast(page, 'Registro salvo com sucesso.');
  const list = page.getByRole('table', { name: 'Grupos de comissão' });
  await expect(list.getByRole('cell', { name: nome, exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/commission-list.png', fullPage: true });
  const found = await api(page, '/commission_group/find', { search: nome });
  const group = (found.json['rows'] as Row[])[0];
  const detail = await api(page, '/commission_group/find_by_id', { id_grupo_comissao: group?.['id_grupo_comissao'] });
  expect(detail.json).toMatchObject({ descricao: nome, tipo: 'Geral', descontar_valores: true, financeiro: false,
    vendedores: [{ id_usuario: marina, percentual: 5 }], faixas: [{ valor_inicio_faixa: 1_000_000, valor_final_faixa: null, percentual: 8 }],
    produtos: [{ id_produto_grade_filial: Number(other['id_produto_grade_filial']), percentual: 7.5 }],
    servicos: [{ id_servico: Number(createdService.json['id_servico']), percentual: 12 }] });

  // 2. What the report said before, then the sales: Marina sells two lines and one more unit, Carlos one line.
  // The screen's own period: the month so far.
  const before = await api(page, '/commission/find_report', { data_inicio: `${today().slice(0, 8)}01`, data_fim: today() });
  expect(before.status, JSON.stringify(before.json)).toBe(200);
  const was = (id: number) => ((before.json['rows'] as Row[]).find((r) => r['id_usuario'] === id) ?? { total_vendas: 0, base_comissao: 0 });
  const [config] = await localRows(page, 'config');
  const priceOf = (id: number) => cents(Number(grids.find((g) => g['id_produto_grade_filial'] === id)?.['preco_venda']));
  const stock = await localRows(page, 'stock');
  const addressOf = (id: number) => stock.find((s) => s['id_estoque'] === (id === first.id_produto_grade_filial ? first.id_estoque : second.id_estoque))?.['id_endereco_estoque'];
  const cash = (await localRows(page, 'method_payment')).find((m) => m['meio_pagamento'] === '01')?.['id_meio_pagamento'];
  const sell = async (seller: number, lines: Array<[number, number]>) => {
    const total = lines.reduce((s, [id, q]) => s + priceOf(id) * q, 0);
    const res = await api(page, '/operacao', {
      id_operacao: randomUUID(), modo_operacao: 'Venda', modelo: null, id_filial: config?.['id_filial'], id_usuario_vendedor: seller,
      data_inicio: new Date().toISOString(),
      itens: lines.map(([id, q]) => ({ id_item: randomUUID(), tipo_item: 'Produto', id_produto_grade_filial: id, id_endereco_estoque: addressOf(id),
        descricao: 'Venda comissionada', quantidade: q, valor_unitario: priceOf(id) / 100 })),
      pagamentos: [{ id_pagamento: randomUUID(), id_meio_pagamento: cash, valor_total: total / 100 }],
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return total;
  };
  const marinaSold = (await sell(marina, [[first.id_produto_grade_filial, 1], [second.id_produto_grade_filial, 1]])) + (await sell(marina, [[first.id_produto_grade_filial, 1]]));
  const carlosSold = await sell(carlos, [[second.id_produto_grade_filial, 1]]);

  // 3. The report screen, from the list by Alt+P: the totals grew by the sales, the commission is 5% of the base.
  await page.keyboard.press('Alt+P');
  await expect(page).toHaveURL(/\/commission\/report$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Relatório de comissões' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Comissões por vendedor' });
  const marinaTotal = cents(Number(was(marina)['total_vendas'])) + marinaSold;
  const marinaBase = cents(Number(was(marina)['base_comissao'])) + marinaSold;
  const carlosTotal = cents(Number(was(carlos)['total_vendas'])) + carlosSold;
  const marinaRow = table.locator(`tr[data-vendedor="${marina}"]`);
  const carlosRow = table.locator(`tr[data-vendedor="${carlos}"]`);
  await expect(marinaRow.getByRole('cell')).toHaveText([
    'Marina Souza', nome, /\d+/, brl(marinaTotal), /R\$/, brl(marinaBase), '—', brl(Math.round((marinaBase * 5) / 100)),
  ]);
  await expect(carlosRow.getByRole('cell')).toHaveText(['Carlos Lima', 'Sem grupo', /\d+/, brl(carlosTotal), /R\$/, /R\$/, '—', 'R$ 0,00']);
  // Sorted by total of sales, largest first.
  const order = await table.locator('tbody tr[data-vendedor]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-vendedor')));
  expect(order.indexOf(String(marina)) < order.indexOf(String(carlos))).toBe(marinaTotal >= carlosTotal);
  await page.screenshot({ path: '/tmp/commission-report.png', fullPage: true });

  // 4. Its PDF (Alt+P here) opens in a new tab.
  const popup = page.waitForEvent('popup');
  await page.keyboard.press('Alt+P');
  const pdf = await popup;
  await expect.poll(() => pdf.url(), { timeout: 20_000 }).toMatch(/^blob:/);
  await pdf.close();

  // The group is deleted for the specs that follow on this server (its seller is free again for another group).
  const removed = await api(page, '/commission_group/delete', { id_grupo_comissao: group?.['id_grupo_comissao'] });
  expect(removed.status, JSON.stringify(removed.json)).toBe(200);
});
