/**
 * Cashback blocked for the branch's real block days, then redeemable (issue 30 e2e: "cashback earned on Monday is
 * redeemable after its block days"). No server hook: the till's clock is moved with Playwright's page.clock, the
 * server keeps its real clock. The till sells "on Monday" (its clock 2 days minus MARGIN_MS behind the server's:
 * a sale an offline till sends within the 72-hour window), with dias_bloqueio_cashback 2: the server dates the accrual
 * by the sale (data_fim), so it is available 2 days after Monday = about MARGIN_MS of real time after it arrives. While
 * blocked, the till (at Monday) and the server both refuse it; once the server's clock passes Monday + 2 days its
 * history shows it available, and the till, its clock moved to the server's (2 days after Monday), redeems it in a
 * sale the server accepts. See docs/decisions.md (branch price30e).
 */
import { api, chooseCustomer, finish, operations, pay, scan, sellables } from './checkout-steps.ts';
import { expect, test, USERS, HOME_BRANCH, TOKEN_KEY, chooseBranch, goByMenu, localRows, signIn, storageItem, waitForLocalCopy, type Row } from './support.ts';

const DAY_MS = 86_400_000;
const BLOCK_DAYS = 2;
/** How long after the sale the server's clock reaches Monday + BLOCK_DAYS (room for a loaded machine to check the block first). */
const MARGIN_MS = 150_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS - 3 * 3_600_000).toISOString().slice(0, 10);
const brl = (c: number) => `R$ ${(c / 100).toFixed(2).replace('.', ',')}`;

test('cashback earned on Monday stays blocked for the block days, then pays a sale', async ({ page, browser }) => {
  test.setTimeout(480_000);
  // The till's clock: Monday, 2 days (less MARGIN_MS) before the server's, flowing from there.
  await page.clock.install({ time: new Date(Date.now() - BLOCK_DAYS * DAY_MS + MARGIN_MS) });
  await signIn(page, USERS.caixa);
  await waitForLocalCopy(page);
  const [first] = await sellables(page);
  if (!first) throw new Error('no products to sell');
  const grid = (await localRows(page, 'grid')).find((g) => g['id_produto_grade_filial'] === first.id_produto_grade_filial) as Row;
  const product = (await localRows(page, 'product')).find((p) => p['id_produto'] === grid['id_produto']) as Row;
  const categoria = Number(product['id_categoria']);
  const [config] = await localRows(page, 'config');
  const idFilialConfig = config?.['id_filial_configuracao'];
  const diasAntes = Number(config?.['dias_bloqueio_cashback'] ?? 0);

  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  let promocao = 0;
  const nome = `Cliente Segunda ${Date.now() % 1_000_000}`;
  const configure = async (values: Row) => {
    const token = await storageItem(manager, TOKEN_KEY);
    const res = await manager.request.put('/api/branch-config/update', {
      data: { id_filial_configuracao: idFilialConfig, ...values }, headers: { authorization: `Bearer ${token ?? ''}` },
    });
    return res.status();
  };
  try {
    await signIn(manager, USERS.gerente);
    await chooseBranch(manager, HOME_BRANCH);
    expect(await configure({ dias_bloqueio_cashback: BLOCK_DAYS, valor_resgate_cashback: 0 })).toBe(200);
    await expect.poll(async () => (await localRows(page, 'config'))[0]?.['dias_bloqueio_cashback'], { timeout: 20_000 }).toBe(BLOCK_DAYS);
    const created = await api(manager, '/promotion/create', {
      descricao: `Cashback de segunda ${Date.now() % 1_000_000}`, data_inicio: day(-BLOCK_DAYS - 1), data_fim: day(1), is_desconto: false,
      is_cashback: true,
      categorias: [{ id_categoria: categoria, tipo: 'Percentual', venda: 0, atacado: 0, cashback_tipo: 'Percentual', cashback_venda: 10, cashback_atacado: 10 }],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    promocao = Number(created.json['id_promocao']);
    const person = await api(manager, '/people/create', { nome, is_cliente: true });
    expect(person.status, JSON.stringify(person.json)).toBe(200);
    const idPessoa = Number(person.json['id_pessoa']);
    await expect.poll(async () => (await localRows(page, 'promotion')).some((p) => p['id_promocao'] === promocao), { timeout: 20_000 }).toBe(true);
    await expect.poll(async () => (await localRows(page, 'people')).some((p) => p['id_pessoa'] === idPessoa), { timeout: 20_000 }).toBe(true);

    // Monday: the sale earns 10% of the line, blocked for the block days.
    await goByMenu(page, 'Ponto de venda');
    await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();
    await scan(page, first.barcode);
    const line = page.getByRole('table', { name: 'Itens da venda' }).getByRole('row').nth(1);
    await expect(line).toBeVisible();
    const totals = page.getByRole('region', { name: 'Totais' });
    await chooseCustomer(page, nome);
    const total = Math.round(Number((await totals.getByLabel('Total', { exact: true }).textContent())?.replace(/[^\d,]/g, '').replace(',', '.')) * 100);
    const earned = Math.floor(total / 10);
    await expect(totals.getByLabel('Cashback da compra')).toHaveText(brl(earned));
    await pay(page, 'Dinheiro', (total / 100).toFixed(2).replace('.', ','));
    await expect(totals.getByLabel('Pago', { exact: true })).toHaveText(brl(total));
    await finish(page, false);
    await expect.poll(async () => (await operations(page)).map((op) => op['situacao']), { timeout: 20_000 }).toEqual(['Processado']);
    const history = () => api(manager, '/people_cashback/history', { id_pessoa: idPessoa });
    const accrual = ((await history()).json['lancamentos'] as Row[])[0]!;
    // Dated by the till's Monday: available BLOCK_DAYS after it.
    const soldAt = Date.parse(String((await operations(page))[0]!['data_fim'] ?? (await operations(page))[0]!['data_inicio']));
    expect(Date.parse(String(accrual['disponivel_em'])) - soldAt).toBe(BLOCK_DAYS * DAY_MS);
    expect((await history()).json).toMatchObject({ saldo: earned / 100, disponivel: 0, bloqueado: earned / 100 });

    // Still Monday at the till: the Cashback payment is refused.
    await expect.poll(async () => Number((await localRows(page, 'people')).find((p) => p['id_pessoa'] === idPessoa)?.['cashback_saldo']),
      { timeout: 20_000 }).toBe(earned / 100);
    await expect(page.getByRole('table', { name: 'Itens da venda' })).toBeHidden();
    await scan(page, first.barcode);
    await expect(line).toBeVisible();
    await chooseCustomer(page, nome);
    await page.keyboard.press('F8');
    const drawer = page.getByRole('dialog', { name: 'Pagamento (F8)' });
    await drawer.getByRole('combobox', { name: 'Meio de pagamento' }).fill('Cashback');
    await expect(page.getByRole('option', { name: 'Cashback', exact: true })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(drawer.getByTestId('cashback-disponivel')).toContainText(`bloqueado: ${brl(earned)}`);
    const value = drawer.getByRole('textbox', { name: 'Valor' });
    await value.fill('0,10');
    await value.press('Enter');
    await expect(drawer.getByRole('alert')).toContainText('O cliente não tem cashback disponível para resgate.');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // The block days pass on the server's clock (Monday + 2 days is about MARGIN_MS after the sale)...
    await expect.poll(async () => (await history()).json['disponivel'], { timeout: 300_000, intervals: [5_000] }).toBe(earned / 100);
    // ...and on the till's: its clock moves to the server's, 2 days after Monday.
    await page.clock.setSystemTime(new Date());
    await page.keyboard.press('F8');
    await drawer.getByRole('combobox', { name: 'Meio de pagamento' }).fill('Cashback');
    await expect(page.getByRole('option', { name: 'Cashback', exact: true })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(drawer.getByTestId('cashback-disponivel')).toContainText(`Cashback disponível: ${brl(earned)}`);
    await expect(value).toHaveValue((earned / 100).toFixed(2).replace('.', ','));
    await value.press('Enter');
    await expect(totals.getByLabel('Pago', { exact: true })).toHaveText(brl(earned));
    await page.screenshot({ path: '/tmp/cashback-block-redeemed.png' });
    await pay(page, 'Dinheiro', ((total - earned) / 100).toFixed(2).replace('.', ','));
    await expect(totals.getByLabel('Pago', { exact: true })).toHaveText(brl(total));
    await finish(page, false);
    await expect.poll(async () => (await operations(page)).length === 2 && (await operations(page)).every((op) => op['situacao'] === 'Processado'),
      { timeout: 30_000 }).toBe(true);
    const after = (await history()).json;
    expect((after['lancamentos'] as Row[]).map((e) => e['tipo'])).toEqual(['Acumulo', 'Resgate', 'Acumulo']);
    expect(after).toMatchObject({ disponivel: 0 });
  } finally {
    if (promocao) expect((await api(manager, '/promotion/enable-disable', { id_promocao: promocao, situacao: 'Inativo' })).status).toBe(200);
    await configure({ dias_bloqueio_cashback: diasAntes });
    await managerContext.close();
  }
});
