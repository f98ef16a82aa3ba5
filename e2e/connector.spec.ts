/**
 * Printing through the shop's local connector (issue 27; 000 §7.5, §8; 001 §2, §7 Local print service, §8): the
 * connector (apps/connector) runs as its own process on a free port, configured with a device the manager registered
 * (address 127.0.0.1, its port) and the device's peripherals: a receipt printer on a spool folder and a label printer
 * on a raw TCP 9100 listener.
 * - A cash sale's receipt reaches the spool folder as ESC/POS: the sale's total, a cut, the drawer kick.
 * - A thermal label model's ZPL, filled with the product, reaches the TCP printer; the peripheral selection modal of
 *   001 §2 opens first since no label printer was chosen on this machine.
 * - With the connector stopped the receipt PDF opens instead, with 'Não foi possível comunicar com o ModerConnect.'.
 * - A checkout scale simulated on a pseudo-terminal (a small Python program answering ENQ with STX grams ETX) is read
 *   through the connector's real serial driver: Alt+B in Quantidade e preço (F3) fills the quantity with its weight.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { PRINT_MESSAGES } from '../packages/domain/src/print-connector.ts';
import { api, finish, money, pay, scan, sellables } from './checkout-steps.ts';
import { startConnector, tcpPrinter } from './connector.ts';
import { freePort } from './server.ts';
import { expect, goByMenu, resetActiveBranch, setStorageItem, signIn, storageItem, test, USERS, waitForLocalCopy, type Row, expectToast } from './support.ts';

const CUT = Buffer.from([0x1d, 0x56, 0x42, 0x00]);
const DRAWER_KICK = Buffer.from([0x1b, 0x70, 0x00, 25, 250]);

interface Device { id_dispositivo: number; receipt: number; label: number; port: number; descricao: string }

/** The manager registers a device of the home branch at 127.0.0.1:<port> with a receipt and a label printer. */
async function registerDevice(page: Page): Promise<Device> {
  const token = await resetActiveBranch(page, USERS.gerente);
  const port = await freePort();
  const descricao = `Caixa conector ${Date.now() % 1_000_000}`;
  const res = await page.request.post('/api/device/create', {
    headers: { authorization: `Bearer ${token ?? ''}` },
    data: {
      descricao, tipo: 'Caixa', endereco: '127.0.0.1', porta_connect: port,
      perifericos: [{ descricao: 'Térmica 80 mm', tipo: 'ImpressoraComprovante' }, { descricao: 'Zebra GC420t', tipo: 'ImpressoraEtiqueta' }],
    },
  });
  const body = (await res.json()) as Row;
  expect(res.status(), JSON.stringify(body)).toBe(200);
  const perifericos = body['perifericos'] as Row[];
  const idOf = (tipo: string) => Number(perifericos.find((p) => p['tipo'] === tipo)?.['id_periferico']);
  return { id_dispositivo: Number(body['id_dispositivo']), receipt: idOf('ImpressoraComprovante'), label: idOf('ImpressoraEtiqueta'), port, descricao };
}

/** The receipt printer chosen on this machine for the signed-in user's branch (what the Impressoras modal stores). */
async function chooseReceiptPrinter(page: Page, device: Device): Promise<void> {
  const usuario = JSON.parse((await storageItem(page, 'pdv_usuario')) ?? '{}') as { id_filial_ativa: number };
  await setStorageItem(page, 'pdv_perifericos', JSON.stringify({
    [usuario.id_filial_ativa]: {
      impressora_comprovante: {
        id_periferico: device.receipt, descricao: 'Térmica 80 mm', tipo: 'ImpressoraComprovante',
        dispositivo: { id_dispositivo: device.id_dispositivo, descricao: device.descricao, endereco: '127.0.0.1', porta_connect: device.port },
      },
    },
  }));
}

/** A cash sale of one product at the point of sale, finished with the receipt; answers the sale's total as printed. */
async function cashSale(page: Page): Promise<string> {
  const [product] = await sellables(page);
  await goByMenu(page, 'Ponto de venda');
  await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();
  await scan(page, product?.barcode ?? '');
  await expect(page.getByRole('table', { name: 'Itens da venda' }).getByRole('row')).toHaveCount(2);
  const totals = page.getByRole('region', { name: 'Totais' });
  const total = money(await totals.getByLabel('Total', { exact: true }).textContent());
  expect(total).toBeGreaterThan(0);
  await pay(page, 'Dinheiro');
  await finish(page);
  return `R$ ${total.toFixed(2).replace('.', ',')}`;
}

test('a cash sale prints its receipt as ESC/POS to a spool-folder printer through the connector', async ({ page }) => {
  test.setTimeout(180_000);
  const device = await registerDevice(page);
  const spool = mkdtempSync(join(tmpdir(), 'pdv-e2e-spool-'));
  const connector = await startConnector({ dispositivo: device.id_dispositivo, perifericos: [{ id_periferico: device.receipt, driver: 'spool', pasta: spool }] }, device.port);
  try {
    await signIn(page, USERS.caixa);
    await waitForLocalCopy(page);
    await chooseReceiptPrinter(page, device);
    const total = await cashSale(page);
    await expectToast(page, 'Operação concluída com sucesso.');
    await expect.poll(() => readdirSync(spool).filter((f) => f.endsWith('.prn')).length, { timeout: 30_000 }).toBe(1);
    const bytes = readFileSync(join(spool, readdirSync(spool).find((f) => f.endsWith('.prn')) ?? ''));
    const text = bytes.toString('latin1');
    expect(text).toMatch(new RegExp(`TOTAL +${total.replace('$', '\\$')}`));
    expect(bytes.includes(CUT)).toBe(true);
    expect(bytes.subarray(bytes.length - DRAWER_KICK.length).equals(DRAWER_KICK)).toBe(true);
    await expect(page.getByText(PRINT_MESSAGES.unreachable)).toHaveCount(0);
  } finally {
    await connector.stop();
    rmSync(spool, { recursive: true, force: true });
  }
});

test("a thermal label model's ZPL reaches a TCP 9100 printer, chosen in the peripheral selection", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const device = await registerDevice(page);
  const printer = await tcpPrinter();
  const connector = await startConnector({ dispositivo: device.id_dispositivo, perifericos: [{ id_periferico: device.label, driver: 'tcp', host: '127.0.0.1', porta: printer.port }] }, device.port);
  try {
    await signIn(page, USERS.gerente);
    const n = Date.now() % 100000;
    const model = await api(page, '/label/create', {
      descricao: `Zebra ${n}`, tipo: 'Termica', codigo_fonte: '^XA^FO20,20^FD{sku}^FS^FO20,60^FD{preco_venda}^FS^PQ{qtd}^XZ', numero_colunas: 1, tamanho_descricao: 15, is_padrao: true,
    });
    expect(model.status, JSON.stringify(model.json)).toBe(200);
    await goByMenu(page, 'Produtos');
    await expect(page.getByRole('table', { name: 'Produtos' }).getByRole('row').nth(1)).toHaveAttribute('aria-selected', 'true');
    // The model's detail answers late (a busy server): Imprimir pressed before it has come prints once it has.
    let releaseDetail = () => {};
    const detailHeld = new Promise<void>((resolve) => {
      releaseDetail = resolve;
    });
    await page.route('**/api/label/find_by_id', async (route) => {
      await detailHeld;
      await route.continue();
    });
    await page.keyboard.press('Alt+p');
    const modal = page.getByRole('dialog', { name: 'Imprimir etiquetas' });
    await expect(modal.getByRole('combobox', { name: 'Etiqueta' })).toHaveValue(`Zebra ${n}`);
    const items = modal.getByRole('table', { name: 'Itens das etiquetas' });
    await expect(items.getByRole('row').nth(1)).toBeVisible();
    const sku = await items.getByRole('row').nth(1).getByRole('cell').nth(2).innerText();
    await items.getByRole('textbox', { name: /^Quantidade de / }).first().fill('3');

    // No label printer chosen on this machine: the peripheral selection opens (001 §2), once the detail has come.
    await page.keyboard.press('Alt+p');
    const choose = page.getByRole('dialog', { name: 'Selecionar periférico' });
    await expect(modal.getByRole('button', { name: /Imprimir/ })).toHaveAttribute('data-loading', 'true');
    await page.waitForTimeout(300);
    await expect(choose).toBeHidden();
    releaseDetail();
    await expect(choose).toBeVisible();
    const select = choose.getByRole('combobox', { name: 'Impressora de etiquetas' });
    await expect(select).toBeFocused();
    await expect(choose.getByRole('button', { name: 'Selecionar' })).toBeDisabled();
    await select.click();
    await page.getByRole('option', { name: `Zebra GC420t (${device.descricao})` }).click();
    await page.screenshot({ path: '/tmp/connector-peripheral-select.png' });
    await choose.getByRole('button', { name: 'Selecionar' }).click();

    await expect.poll(() => printer.jobs.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    const zpl = printer.jobs.map((j) => j.toString('utf8')).join('\n');
    expect(zpl.split('\n')[0]).toMatch(new RegExp(`^\\^XA\\^FO20,20\\^FD${sku.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\^FS\\^FO20,60\\^FD\\d+,\\d{2}\\^FS\\^PQ3\\^XZ$`));

    // The choice is kept for the branch on this machine: the header's Impressoras shows it.
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await page.getByRole('button', { name: 'Impressoras' }).click();
    const printers = page.getByRole('dialog', { name: 'Impressoras deste computador' });
    await expect(printers.getByRole('combobox', { name: 'Impressora de etiquetas' })).toHaveValue(`Zebra GC420t (${device.descricao})`);
    await expect(printers.getByRole('combobox', { name: 'Impressora de comprovantes (80 mm)' })).toHaveAttribute('placeholder', 'Nenhuma: abre o PDF');
    await expect(printers.getByRole('combobox', { name: 'Impressora de comprovantes (80 mm)' })).toHaveValue('');
    await expect(printers.getByRole('combobox', { name: 'Balança do caixa' })).toHaveAttribute('placeholder', 'Nenhuma: o peso é digitado');
    await page.screenshot({ path: '/tmp/connector-printers.png' });
  } finally {
    await connector.stop();
    await printer.close();
  }
});

test("with the connector stopped the receipt PDF opens instead, with the spec's message", async ({ page }) => {
  test.setTimeout(180_000);
  const device = await registerDevice(page);
  const spool = mkdtempSync(join(tmpdir(), 'pdv-e2e-spool-'));
  const connector = await startConnector({ dispositivo: device.id_dispositivo, perifericos: [{ id_periferico: device.receipt, driver: 'spool', pasta: spool }] }, device.port);
  await connector.stop();
  try {
    await signIn(page, USERS.caixa);
    await waitForLocalCopy(page);
    await chooseReceiptPrinter(page, device);
    const popup = page.waitForEvent('popup');
    await cashSale(page);
    const receipt = await popup;
    await expect(page.getByRole('dialog').getByText(PRINT_MESSAGES.unreachable)).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => receipt.url(), { timeout: 20_000 }).toMatch(/^blob:/);
    await page.screenshot({ path: '/tmp/connector-fallback.png' });
    await receipt.close();
    expect(readdirSync(spool)).toEqual([]);
  } finally {
    rmSync(spool, { recursive: true, force: true });
  }
});

/** A Toledo Prix checkout scale on a pseudo-terminal: answers ENQ with STX, `grams`, ETX; resolves with the port's path. */
async function ptyScale(dir: string, grams: string): Promise<{ path: string; stop: () => void }> {
  const script = join(dir, 'scale.py');
  writeFileSync(script, [
    'import os, pty, select, sys', 'm, s = pty.openpty()', 'print(os.ttyname(s), flush=True)', 'while True:',
    '    r, _, _ = select.select([m], [], [], 300)', '    if not r:', '        break', '    try:', '        data = os.read(m, 64)',
    '    except OSError:', '        break', "    if b'\\x05' in data:", `        os.write(m, b'\\x02${grams}\\x03')`, '',
  ].join('\n'));
  const child = spawn('python3', [script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const path = await new Promise<string>((done) => child.stdout.once('data', (d: Buffer) => done(d.toString().trim())));
  return { path, stop: () => child.kill() };
}

test('the weight of a product is read from a checkout scale on a serial port through the connector', async ({ page }) => {
  test.setTimeout(180_000);
  const token = await resetActiveBranch(page, USERS.gerente);
  const port = await freePort();
  const descricao = `Caixa balança ${Date.now() % 1_000_000}`;
  const res = await page.request.post('/api/device/create', {
    headers: { authorization: `Bearer ${token ?? ''}` },
    data: { descricao, tipo: 'Caixa', endereco: '127.0.0.1', porta_connect: port, perifericos: [{ descricao: 'Toledo Prix', tipo: 'Balanca' }] },
  });
  const body = (await res.json()) as Row;
  expect(res.status(), JSON.stringify(body)).toBe(200);
  const id_dispositivo = Number(body['id_dispositivo']);
  const id_periferico = Number((body['perifericos'] as Row[])[0]?.['id_periferico']);
  const dir = mkdtempSync(join(tmpdir(), 'pdv-e2e-scale-'));
  const scale = await ptyScale(dir, '01250');
  const connector = await startConnector({ dispositivo: id_dispositivo, perifericos: [{ id_periferico, driver: 'serial', porta: scale.path, velocidade: 9600 }] }, port);
  try {
    await signIn(page, USERS.caixa);
    await waitForLocalCopy(page);
    const usuario = JSON.parse((await storageItem(page, 'pdv_usuario')) ?? '{}') as { id_filial_ativa: number };
    await setStorageItem(page, 'pdv_perifericos', JSON.stringify({
      [usuario.id_filial_ativa]: {
        balanca_pdv: { id_periferico, descricao: 'Toledo Prix', tipo: 'Balanca', dispositivo: { id_dispositivo, descricao, endereco: '127.0.0.1', porta_connect: port } },
      },
    }));
    const [product] = await sellables(page);
    await goByMenu(page, 'Ponto de venda');
    await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();
    await scan(page, product?.barcode ?? '');
    await expect(page.getByRole('table', { name: 'Itens da venda' }).getByRole('row')).toHaveCount(2);
    await page.keyboard.press('F3');
    const dialog = page.getByRole('dialog', { name: 'Quantidade e preço (F3)' });
    await expect(dialog.getByRole('button', { name: 'Ler balança (Alt+B)' })).toBeVisible();
    await page.keyboard.press('Alt+b');
    await expect(dialog.getByRole('textbox', { name: 'Quantidade' })).toHaveValue('1,250', { timeout: 30_000 });
    await page.screenshot({ path: '/tmp/connector-scale.png' });
    await page.keyboard.press('Escape');
  } finally {
    await connector.stop();
    scale.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
