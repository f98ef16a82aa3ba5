/**
 * Steps shared by the offline NFC-e specs (issue 29): cutting the shop's internet while the till's loopback connector
 * still answers, the branch configuration by the API, a till (device with a spool-folder receipt printer, its own
 * NFC-e series and a connector holding the branch's certificate and CSC), and an NFC-e sale finished with F10.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { api } from './checkout-steps.ts';
import { startConnector, type E2EConnector } from './connector.ts';
import { freePort } from './server.ts';
import { expect, setStorageItem, storageItem, TOKEN_KEY, type Row } from './support.ts';

export const PASSWORD = 'e2e-nfce-offline';
export const CSC = { id: '000007', token: 'E2E0NFCE0OFFLINE0CSC0HOMOLOGACAO' };

export async function put(page: Page, path: string, data: unknown): Promise<Row> {
  const token = await storageItem(page, TOKEN_KEY);
  const res = await page.request.put(`/api${path}`, { data, headers: { authorization: `Bearer ${token ?? ''}` } });
  const json = (await res.json()) as Row;
  expect(res.status(), JSON.stringify(json)).toBe(200);
  return json;
}

/**
 * The shop's internet goes down: the server cannot be reached and the browser says it is offline, while the till's
 * connector on this machine still answers (Playwright's setOffline would cut the loopback connector too).
 */
export async function network(page: Page, up: boolean): Promise<void> {
  const origin = new URL(page.url()).origin;
  if (up) await page.context().unroute(`${origin}/**`);
  else await page.context().route(`${origin}/**`, (route) => route.abort('internetdisconnected'));
  await page.evaluate((online) => {
    Object.defineProperty(navigator, 'onLine', { get: () => online, configurable: true });
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  }, up);
}

export async function configure(page: Page, values: Row): Promise<void> {
  const found = await api(page, '/branch-config/find', {});
  const row = (found.json['rows'] as Row[])[0]!;
  await put(page, '/branch-config/update', { id_filial_configuracao: row['id_filial_configuracao'], ...values });
}

/** A till of the branch: its device, receipt printer, NFC-e series and running connector. */
export interface Till {
  id_dispositivo: number;
  receipt: number;
  port: number;
  serie: number;
  descricao: string;
  spool: string;
  connector: E2EConnector;
}

/**
 * Creates a till (through `page`'s session): a device with a receipt printer, an NFC-e series bound to it, and its
 * connector on a free port with the branch's certificate (`pfxFile`) and CSC, printing to a spool folder under `dir`.
 */
export async function createTill(page: Page, dir: string, pfxFile: string, descricao: string, serie: number): Promise<Till> {
  const port = await freePort();
  const created = await api(page, '/device/create', {
    descricao, tipo: 'Caixa', endereco: '127.0.0.1', porta_connect: port,
    perifericos: [{ descricao: 'Térmica 80 mm', tipo: 'ImpressoraComprovante' }],
  });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const id_dispositivo = Number(created.json['id_dispositivo']);
  const receipt = Number((created.json['perifericos'] as Row[])[0]!['id_periferico']);
  const series = await api(page, '/fiscal-serie/create', { codigo_modelo: '65', codigo_serie: serie, ultima_numeracao: 0, id_dispositivo });
  expect(series.status, JSON.stringify(series.json)).toBe(200);
  const spool = join(dir, `spool-${id_dispositivo}`);
  mkdirSync(spool);
  const connector = await startConnector({
    dispositivo: id_dispositivo, perifericos: [{ id_periferico: receipt, driver: 'spool', pasta: spool }],
    nfce: { certificado: pfxFile, senha: PASSWORD, id_csc: CSC.id, csc: CSC.token },
  }, port);
  return { id_dispositivo, receipt, port, serie, descricao, spool, connector };
}

/** This machine's receipt printer is the till's (what the Impressoras modal stores). */
export async function chooseTill(page: Page, id_filial: number, till: Till): Promise<void> {
  await setStorageItem(page, 'pdv_perifericos', JSON.stringify({
    [id_filial]: {
      impressora_comprovante: {
        id_periferico: till.receipt, descricao: 'Térmica 80 mm', tipo: 'ImpressoraComprovante',
        dispositivo: { id_dispositivo: till.id_dispositivo, descricao: till.descricao, endereco: '127.0.0.1', porta_connect: till.port },
      },
    },
  }));
}

/** The reserved blocks and used numbers the point of sale keeps on this machine, per branch and device. */
export async function heldNumbers(page: Page): Promise<Record<string, { blocos: Row[]; usados: number[] }>> {
  return JSON.parse((await storageItem(page, 'pdv_nfce_offline')) ?? '{}') as Record<string, { blocos: Row[]; usados: number[] }>;
}

/** F10 on a paid sale: the seller asked (the default one taken), then NFC-e by its number key, confirmed with Enter. */
export async function finishAsNfce(page: Page, screenshot?: string): Promise<void> {
  await page.keyboard.press('F10');
  const seller = page.getByRole('dialog', { name: 'Vendedor (F7)' });
  await expect(seller.getByRole('textbox', { name: 'Nome do vendedor' })).toBeFocused();
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: 'Finalizar operação (F10)' });
  await expect(modal).toBeVisible();
  const label = (await modal.locator('label').filter({ hasText: /NFC-e/ }).first().textContent()) ?? '';
  await page.keyboard.press(label.trim().charAt(0));
  await expect(modal.getByRole('radio', { name: /NFC-e/ })).toBeChecked();
  if (screenshot) await page.screenshot({ path: screenshot });
  await modal.getByRole('button', { name: 'Confirmar (Enter)' }).press('Enter');
}
