/**
 * A SAT sale authorized by the SAT emulator and cancelled (issue 27; 001 §4 SAT codes, §7 Local fiscal device, §8 SAT).
 *
 * The shop: the demo's Loja Centro as a shop still selling on its SAT. São Paulo accepts no new CF-e-SAT since
 * 01/01/2026, so the branch configuration refuses model 59 to a branch that does not hold it already; this spec's own
 * server is seeded with Loja Centro's default sale model stored as the SAT, as it was before that date
 * (DEMO_SAT_FILIAL=1, apps/server/src/seed/sat-shop.ts). Its own server: the worker's shared one stays NFC-e for the
 * other specs.
 * The manager registers the till's device with its SAT and its receipt printer (/device/create, as e2e/connector.spec.ts
 * does); the connector runs as its own process with the FAKE SAT (apps/connector sat-library.ts, activated for Loja
 * Centro's CNPJ) and a spool-folder receipt printer; the till's machine has both chosen for the branch (localStorage,
 * what the Impressoras modal stores).
 * - The cashier sells with the keyboard: scan, F8 cash, F10, the seller, '1'..'n' on 'CF-e SAT' (the one proposed),
 *   Enter. The SAT answers 06000: the invoice is Autorizada with code 6000, the CF-e's key and number; the extrato
 *   reaches the spool folder through the connector.
 * - The manager cancels it from the invoice list: the row offers no Consultar / Inutilizar / Carta de correção (no
 *   SEFAZ event for a CF-e), 'Cancelar' asks, the SAT answers 07000 and the invoice is Cancelada.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { cnpjCheckDigits } from '../packages/domain/src/documents.ts';
import { FISCAL_MESSAGES } from '../packages/domain/src/fiscal-messages.ts';
import { SAT_MESSAGES } from '../packages/domain/src/sat.ts';
import { api, operations, pay, scan, sellables } from './checkout-steps.ts';
import { startConnector, type E2EConnector } from './connector.ts';
import { freePort, startE2EServer, type E2EServer } from './server.ts';
import { expect, resetActiveBranch, setStorageItem, signIn, storageItem, test as base, USERS, waitForLocalCopy, type Row } from './support.ts';

// This file's own server: Loja Centro sells on SAT there.
const test = base.extend<object, { e2eServer: E2EServer }>({
  e2eServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function needs from this pattern.
    async ({}, use, workerInfo) => {
      const server = await startE2EServer(workerInfo.parallelIndex, { DEMO_SAT_FILIAL: '1' });
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 480_000 },
  ],
});

/** Loja Centro's CNPJ (apps/server/src/seed/demo.ts): the SAT is activated for it. */
const LOJA_CENTRO_CNPJ = `123456780001${cnpjCheckDigits('123456780001')}`;
const SIGN_AC = 'SGR-SAT SISTEMA DE GESTAO E RETAGUARDA DO SAT';
const AUTHORIZED = /Nota Fiscal (\d+) transmitida com sucesso/;

interface Device { id_dispositivo: number; sat: number; receipt: number; port: number; descricao: string }

let connector: E2EConnector;
let device: Device;
let spool: string;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  try {
    const token = await resetActiveBranch(page, USERS.gerente);
    const port = await freePort();
    const descricao = `Caixa SAT ${Date.now() % 1_000_000}`;
    const res = await page.request.post('/api/device/create', {
      headers: { authorization: `Bearer ${token ?? ''}` },
      data: {
        descricao, tipo: 'Caixa', endereco: '127.0.0.1', porta_connect: port,
        perifericos: [{ descricao: 'SAT Emulador', tipo: 'Sat' }, { descricao: 'Térmica 80 mm', tipo: 'ImpressoraComprovante' }],
      },
    });
    const body = (await res.json()) as Row;
    expect(res.status(), JSON.stringify(body)).toBe(200);
    const idOf = (tipo: string) => Number((body['perifericos'] as Row[]).find((p) => p['tipo'] === tipo)?.['id_periferico']);
    device = { id_dispositivo: Number(body['id_dispositivo']), sat: idOf('Sat'), receipt: idOf('ImpressoraComprovante'), port, descricao };
  } finally {
    await page.close();
  }
  spool = mkdtempSync(join(tmpdir(), 'pdv-e2e-sat-spool-'));
  connector = await startConnector({
    dispositivo: device.id_dispositivo,
    perifericos: [{ id_periferico: device.receipt, driver: 'spool', pasta: spool }],
    sat: {
      id_periferico: device.sat, driver: 'emulador', codigo_ativacao: '12345678', assinatura_ac: SIGN_AC,
      cnpj: LOJA_CENTRO_CNPJ, ie: '110042490114', razao_social: 'Demo Moda', regime: 1,
      endereco: { xLgr: 'Rua Augusta', nro: '100', xBairro: 'Consolação', xMun: 'São Paulo', CEP: '01305000' },
    },
  }, device.port);
});

test.afterAll(async () => {
  await connector?.stop();
  if (spool) rmSync(spool, { recursive: true, force: true });
});

/** The SAT and the receipt printer of this device, chosen for the signed-in user's branch on this machine. */
async function chooseSatAndPrinter(page: Page): Promise<void> {
  const usuario = JSON.parse((await storageItem(page, 'pdv_usuario')) ?? '{}') as { id_filial_ativa: number };
  const dispositivo = { id_dispositivo: device.id_dispositivo, descricao: device.descricao, endereco: '127.0.0.1', porta_connect: device.port };
  await setStorageItem(page, 'pdv_perifericos', JSON.stringify({
    [usuario.id_filial_ativa]: {
      sat: { id_periferico: device.sat, descricao: 'SAT Emulador', tipo: 'Sat', dispositivo },
      impressora_comprovante: { id_periferico: device.receipt, descricao: 'Térmica 80 mm', tipo: 'ImpressoraComprovante', dispositivo },
    },
  }));
}

test('a SAT sale made with the keyboard is authorized by the SAT (06000), its extrato printed, then cancelled from the invoice list (07000)', async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, USERS.caixa);
  await waitForLocalCopy(page);
  await chooseSatAndPrinter(page);

  // The sale, with the keyboard.
  const [product] = await sellables(page, 1);
  await page.goto('/checkout');
  await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();
  await scan(page, product?.barcode ?? '');
  await expect(page.getByRole('table', { name: 'Itens da venda' }).getByRole('row')).toHaveCount(2);
  await pay(page, 'Dinheiro');
  await page.keyboard.press('F10');
  const seller = page.getByRole('dialog', { name: 'Vendedor (F7)' });
  await expect(seller.getByRole('textbox', { name: 'Nome do vendedor' })).toBeFocused();
  await page.keyboard.press('Enter');
  const finish = page.getByRole('dialog', { name: 'Finalizar operação (F10)' });
  // The branch's default sale model, proposed: the CF-e SAT (its number key shown beside it).
  const sat = finish.getByRole('radio', { name: /CF-e SAT/ });
  await expect(sat).toBeChecked();
  const label = (await finish.locator('label').filter({ hasText: /CF-e SAT/ }).first().textContent()) ?? '';
  await page.keyboard.press(label.trim().charAt(0));
  await expect(sat).toBeChecked();
  await page.screenshot({ path: '/tmp/sat-sale-finish.png' });
  // The toast is watched for from before the Enter (it closes itself; on a loaded machine the SAT takes a while).
  const authorized = page.getByText(AUTHORIZED);
  const shown = authorized.waitFor({ state: 'visible', timeout: 150_000 });
  await finish.getByRole('button', { name: 'Confirmar (Enter)' }).press('Enter');

  // 06000: authorized, the CF-e's number in the message; the extrato through the connector to the spool folder.
  await shown;
  const numero = AUTHORIZED.exec((await authorized.textContent()) ?? '')?.[1] ?? '';
  expect(await authorized.textContent()).toContain(FISCAL_MESSAGES.transmitted(numero));
  await expect.poll(() => readdirSync(spool).length, { timeout: 60_000 }).toBe(1);
  const extrato = readFileSync(join(spool, readdirSync(spool)[0] ?? ''));
  expect(extrato.length).toBeGreaterThan(1000);
  // The extrato is sent as its PDF; a spool printer not set to raster mode keeps the PDF as it came.
  expect(extrato.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await page.screenshot({ path: '/tmp/sat-sale-authorized.png' });

  await expect.poll(async () => (await operations(page)).find((o) => o['id_nota_fiscal'])?.['id_nota_fiscal'] ?? null, { timeout: 60_000 }).not.toBeNull();
  const id = Number((await operations(page)).filter((o) => o['id_nota_fiscal']).at(-1)?.['id_nota_fiscal']);
  const found = await api(page, '/invoice/find_by_id', { id_nota_fiscal: id });
  expect(found.json).toMatchObject({ modelo: '59', situacao: 'Autorizada' });
  expect(String(found.json['numero_nota_fiscal'])).toBe(numero);
  expect(String(found.json['codigo_status']).padStart(5, '0')).toBe('06000');
  expect(String(found.json['chave_acesso'])).toMatch(new RegExp(`^\\d{6}${LOJA_CENTRO_CNPJ}59\\d{9}${numero.padStart(6, '0')}\\d{7}$`));

  // The manager cancels it from the invoice list, on the same till.
  await page.goto('/');
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, USERS.gerente);
  await chooseSatAndPrinter(page);
  await page.goto('/invoice');
  const table = page.getByRole('table', { name: 'Notas fiscais' });
  const line = table.getByRole('row').filter({ has: page.getByRole('button', { name: `Ações da nota ${numero}` }) }).filter({ hasText: /CF-e SAT/ });
  await expect(line).toContainText('Autorizada');
  await line.getByRole('button', { name: `Ações da nota ${numero}` }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: /Cancelar/ })).toBeVisible();
  // A CF-e has no SEFAZ consultation, number disablement nor correction letter.
  for (const name of [/Consultar/, /Inutilizar/, /Carta de correção/]) await expect(menu.getByRole('menuitem', { name })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/sat-sale-list-menu.png' });
  await menu.getByRole('menuitem', { name: /Cancelar/ }).click();
  const question = page.getByRole('dialog', { name: `Cancelar a nota fiscal ${numero}` });
  await expect(question).toContainText('O SAT cancela somente a última venda, em até 30 minutos.');
  await question.getByRole('button', { name: 'Sim' }).click();
  // 07000: the SAT's cancellation recorded.
  await expect(page.getByText(`${SAT_MESSAGES.cancelledOk}.`)).toBeVisible({ timeout: 120_000 });
  await expect(line).toContainText('Cancelada', { timeout: 30_000 });
  await page.screenshot({ path: '/tmp/sat-sale-cancelled.png' });
  const cancelled = await api(page, '/invoice/find_by_id', { id_nota_fiscal: id });
  expect(cancelled.json['situacao']).toBe('Cancelada');
  expect(String(cancelled.json['codigo_status']).padStart(5, '0')).toBe('07000');
});
