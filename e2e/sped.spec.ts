/**
 * Issue 32 e2e: a SPED file downloads for the month with its 9900 counts right. The manager's Loja Centro gets what
 * the EFD asks (a state registration, the SPED profile, an accountant); an imported purchase invoice puts a C100/C170
 * in the month; on Gestão fiscal (SPED) the month is typed and Enter downloads the file, read here: ISO 8859-1, CRLF
 * lines, every line passing our layout checker, 9900 counting every register, 9999 the lines.
 */
import { readFileSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import { checkSped, loadSpedLayout, spedCounts } from '../packages/fiscal/src/sped/layout-check.ts';
import { parseSped } from '../packages/fiscal/src/sped/efd-icms-ipi.ts';
import { makePurchaseNFeXml } from '../packages/fiscal/src/testing/purchase-factory.ts';
import { cnpjCheckDigits } from '../packages/domain/src/documents.ts';
import { expect, signIn, storageItem, test, TOKEN_KEY, USERS } from './support.ts';

type Row = Record<string, unknown>;
const DIR = '/work/shared/fiscal/sped/';

test('a SPED file downloads for the month with its 9900 counts right', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, USERS.gerente);
  const token = (await storageItem(page, TOKEN_KEY)) ?? '';
  const headers = { authorization: `Bearer ${token}` };
  const call = async (method: 'post' | 'put', path: string, data: unknown) => {
    const res = await page.request[method](`/api${path}`, { data, headers });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as Row;
  };

  const branches = (await call('post', '/branch/find', { take: 50 }))['rows'] as Row[];
  const centro = branches.find((b) => b['nome'] === 'Loja Centro') ?? branches[0]!;
  const config = ((await call('post', '/branch-config/find', {}))['rows'] as Row[])[0]!;
  const before = { ie: centro['ie'], perfil: config['id_perfil_sped'] ?? null };
  const run = randomInt(10_000, 99_999);
  try {
    await call('put', '/branch/update', { id_filial: centro['id_filial'], ie: '110042490114' });
    await call('put', '/branch-config/update', { id_filial_configuracao: config['id_filial_configuracao'], id_perfil_sped: 'B', tipo_atividade_sped: 1 });
    await call('post', '/people/create', { nome: `Contadora E2E ${run}`, cpf: '52998224725', is_contador: true, crc_contador: 'SP123456' });

    // An imported purchase invoice of the month (its own product and supplier).
    const units = (await call('post', '/measure-unit/find', { take: 1 }))['rows'] as Row[];
    const name = `Caderno SPED ${run}`;
    await call('post', '/product/create', { descricao: name, sku: `E2ESPED${run}`, id_unidade_medida: units[0]!['id_unidade_medida'], preco_venda: 30 });
    const grid = ((await call('post', '/stock-movement/search-product', { search: name }))['rows'] as Row[])[0]!;
    const base = `${run}000`.padStart(8, '5').slice(0, 8) + '0001';
    const { xml, chave } = makePurchaseNFeXml({ emitCnpj: base + cnpjCheckDigits(base), emitName: `FORNECEDOR SPED ${run}`, destCnpj: String(centro['cnpj']),
      nNF: run, items: [{ cProd: `S${run}`, xProd: 'CADERNO', qCom: 2_000, vUnCom: 15_00 }] });
    await call('post', '/invoice-import/confirm', { xml, itens: [{ n_item: 1, id_produto_grade_filial: grid['id_produto_grade_filial'] }] });

    await page.goto('/invoice/sped');
    await expect(page.getByRole('heading', { name: 'Gestão fiscal — SPED' })).toBeVisible();
    // Keyboard only: the branch field has the focus (the active branch chosen), Tab to the month, Enter downloads.
    await expect(page.locator('input:focus')).toHaveValue('Loja Centro');
    await page.keyboard.press('Tab');
    const mes = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' }).slice(0, 7);
    await expect(page.getByRole('textbox', { name: 'Mês (AAAA-MM)' })).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(mes);
    const downloading = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`SPED_EFD_ICMS_IPI_${String(centro['cnpj'])}_${mes.replace('-', '')}.txt`);
    const bytes = readFileSync(await download.path());
    const text = bytes.toString('latin1');
    expect(text.endsWith('\r\n')).toBe(true);
    const records = parseSped(text);
    const layout = loadSpedLayout(readFileSync(`${DIR}structure_EFDICMS_310.txt`, 'utf8'), readFileSync(`${DIR}structure_EFDICMS_ELEMENTS_310.json`, 'utf8'));
    expect(checkSped(layout, records)).toEqual([]);
    const actual = new Map<string, number>();
    for (const r of records) actual.set(r[0]!, (actual.get(r[0]!) ?? 0) + 1);
    expect(spedCounts(records)).toEqual(actual);
    expect(records[records.length - 1]).toEqual(['9999', String(records.length)]);
    expect(records.filter((r) => r[0] === 'C100').map((r) => r[8])).toContain(chave);
    expect(records[0]!.slice(13)).toEqual(['B', '1']);

    // The screen lists the 9900 counts it read.
    const table = page.getByRole('table', { name: 'Registros do arquivo' });
    await expect(table.getByRole('row').filter({ hasText: 'C170' })).toBeVisible();
    await page.screenshot({ path: 'test-results/sped.png', fullPage: true });
  } finally {
    await call('put', '/branch/update', { id_filial: centro['id_filial'], ie: before.ie });
    await call('put', '/branch-config/update', { id_filial_configuracao: config['id_filial_configuracao'], id_perfil_sped: before.perfil });
  }
});
