/**
 * Two tills of one branch selling NFC-e with the network off (issue 29: "the point of sale never issues two
 * contingency notes with one number across two tills"). Two browser contexts are two counter PCs of the same branch,
 * each with its own device, receipt printer, connector and NFC-e series (a series is bound to one device: the settings
 * issue refuses a second device on it). Online each till reserves a block of its own series; both go offline and sell
 * an NFC-e whose contingency DANFE comes out of that till's printer; back online each note is authorized once, with
 * the number and key the till printed, and the server's invoices hold each (series, number) once.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { createTestCertificate } from '../packages/fiscal/src/testing/test-certificate.ts';
import { api, operations, pay, scan, sellables } from './checkout-steps.ts';
import {
  chooseTill, configure, createTill, CSC, finishAsNfce, heldNumbers, network, PASSWORD, type Till,
} from './nfce-offline-steps.ts';
import { expect, goByMenu, localRows, resetActiveBranch, signIn, storageItem, test, USERS, waitForLocalCopy, type Row } from './support.ts';

interface Sold {
  numero: number;
  serie: number;
  chave: string;
  id_operacao: unknown;
}

/** The till's point of sale, online, with a block of its own series reserved on this machine. */
async function openTill(page: Page, id_filial: number, till: Till): Promise<Row> {
  await chooseTill(page, id_filial, till);
  await expect.poll(async () => (await localRows(page, 'config')).find((c) => c['id_filial'] === id_filial)?.['nfce_offline_conector'],
    { timeout: 30_000 }).toBe(true);
  await expect.poll(async () => (await localRows(page, 'fiscal_series')).some((s) => Number(s['codigo_serie']) === till.serie),
    { timeout: 30_000 }).toBe(true);
  await goByMenu(page, 'Ponto de venda');
  await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();
  const key = `${id_filial}:${till.id_dispositivo}`;
  await expect.poll(async () => (await heldNumbers(page))[key]?.blocos.length ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
  const block = (await heldNumbers(page))[key]!.blocos[0]!;
  expect(Number(block['serie'])).toBe(till.serie);
  return block;
}

/** Offline: one NFC-e sale of `barcode`; its contingency DANFE at the till's printer, its XML in the outbox. */
async function sellOffline(page: Page, id_filial: number, till: Till, barcode: string, name: string): Promise<Sold> {
  const before = new Set((await operations(page)).map((op) => op['id_operacao']));
  await scan(page, barcode);
  await expect(page.getByRole('table', { name: 'Itens da venda' }).getByRole('row')).toHaveCount(2);
  await pay(page, 'Dinheiro');
  await finishAsNfce(page);
  const toast = page.getByText(/NFC-e \d+ \(série \d+\) emitida em contingência offline\./);
  await expect(toast).toBeVisible({ timeout: 30_000 });
  const [, numero, serie] = /NFC-e (\d+) \(série (\d+)\)/.exec((await toast.textContent()) ?? '') ?? [];
  expect(Number(serie)).toBe(till.serie);
  await page.screenshot({ path: `/tmp/nfce-offline-two-tills-${name}.png` });
  await expect.poll(() => readdirSync(till.spool).filter((f) => f.endsWith('.prn')).length, { timeout: 30_000 }).toBe(1);
  const printed = readFileSync(join(till.spool, readdirSync(till.spool).find((f) => f.endsWith('.prn'))!)).toString('latin1');
  expect(printed).toMatch(/EMITIDA EM CONTING/);
  const op = (await operations(page)).find((o) => !before.has(o['id_operacao']))!;
  const contingency = op['nfce_contingencia'] as { id_dispositivo: number; xml: string };
  expect(contingency.id_dispositivo).toBe(till.id_dispositivo);
  const chave = /Id="NFe(\d{44})"/.exec(contingency.xml)?.[1] ?? '';
  expect(chave.charAt(34)).toBe('9');
  // The printed DANFE carries that key (grouped in fours on the thermal paper).
  expect(printed.replace(/\D/g, '')).toContain(chave);
  expect((await heldNumbers(page))[`${id_filial}:${till.id_dispositivo}`]!.usados).toContain(Number(numero));
  return { numero: Number(numero), serie: Number(serie), chave, id_operacao: op['id_operacao'] };
}

test('two tills of one branch, both offline, each issue contingency NFC-e from their own reserved numbers; back online each is authorized once with its number and key', async ({ page, browser, baseURL }) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await resetActiveBranch(page, USERS.gerente);
  await signIn(page, USERS.gerente);
  await waitForLocalCopy(page);
  const usuario = JSON.parse((await storageItem(page, 'pdv_usuario')) ?? '{}') as { id_filial_ativa: number };
  const id_filial = usuario.id_filial_ativa;
  const branch = (await localRows(page, 'branch')).find((b) => b['id_filial'] === id_filial)!;

  // The branch's certificate and CSC, and the switch on (the screen is proven by nfce-offline.spec.ts).
  const dir = mkdtempSync(join(tmpdir(), 'pdv-e2e-nfce-two-tills-'));
  const pfxFile = join(dir, 'filial.pfx');
  const pfx = createTestCertificate({ cnpj: String(branch['cnpj']), name: String(branch['razao_social']).toUpperCase(), password: PASSWORD });
  writeFileSync(pfxFile, pfx);
  const uploaded = await api(page, '/branch/certificate/upload', { id_filial, arquivo_base64: pfx.toString('base64'), senha: PASSWORD });
  expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(200);
  await configure(page, { id_csc: CSC.id, csc: CSC.token, nfce_offline_conector: true });

  // Two tills, each with its own series.
  const n = Date.now() % 1_000_000;
  const base = 300 + (n % 150) * 2;
  const tills: Till[] = [];
  const second = await browser.newContext({ baseURL: baseURL ?? '' });
  const other = await second.newPage();
  try {
    tills.push(await createTill(page, dir, pfxFile, `Caixa 1 NFC-e offline ${n}`, base));
    tills.push(await createTill(page, dir, pfxFile, `Caixa 2 NFC-e offline ${n}`, base + 1));
    await other.setViewportSize({ width: 1366, height: 900 });
    await signIn(other, USERS.gerente);
    await waitForLocalCopy(other);
    const pages = [page, other];
    const blocks: Row[] = [];
    for (const [i, p] of pages.entries()) blocks.push(await openTill(p, id_filial, tills[i]!));
    // The two blocks never overlap (different series; the server reserved each under its series' lock).
    expect(Number(blocks[0]!['serie'])).not.toBe(Number(blocks[1]!['serie']));

    // Both tills lose the internet and sell an NFC-e each.
    const products = await sellables(page, 2);
    for (const p of pages) await network(p, false);
    const sold: Sold[] = [];
    for (const [i, p] of pages.entries()) sold.push(await sellOffline(p, id_filial, tills[i]!, products[i % products.length]?.barcode ?? '', `caixa-${i + 1}`));
    expect(sold[0]!.numero).toBe(Number(blocks[0]!['numero_inicial']));
    expect(sold[1]!.numero).toBe(Number(blocks[1]!['numero_inicial']));
    expect(new Set(sold.map((s) => `${s.serie}/${s.numero}`)).size).toBe(2);
    expect(sold[0]!.chave).not.toBe(sold[1]!.chave);

    // Back online: each outbox sends its note; SEFAZ's simulator authorizes each once, number and key unchanged.
    for (const p of pages) await network(p, true);
    for (const [i, p] of pages.entries()) {
      const id_operacao = sold[i]!.id_operacao;
      await expect.poll(async () => (await operations(p)).find((o) => o['id_operacao'] === id_operacao)?.['situacao'], { timeout: 60_000 }).toBe('Processado');
    }
    const ids = await Promise.all(pages.map(async (p, i) => (await operations(p)).find((o) => o['id_operacao'] === sold[i]!.id_operacao)?.['id_nota_fiscal']));
    const invoice = async (id_nota_fiscal: unknown) => (await api(page, '/invoice/find_by_id', { id_nota_fiscal })).json;
    for (const [i, id] of ids.entries()) {
      await expect.poll(async () => (await invoice(id))['situacao'], { timeout: 150_000, intervals: [2_000] }).toBe('Autorizada');
      const done = await invoice(id);
      expect(done['chave_acesso']).toBe(sold[i]!.chave);
      expect(Number(done['numero_nota_fiscal'])).toBe(sold[i]!.numero);
      expect(Number(done['serie'])).toBe(sold[i]!.serie);
      expect(Number(done['tipo_emissao'])).toBe(9);
    }
    expect(ids[0]).not.toBe(ids[1]);

    // The server's invoices: each till's reserved numbers in use are exactly the one it printed, and the branch holds
    // one invoice for each (series, number).
    for (const [i, till] of tills.entries()) {
      const held = await api(page, '/nfce/offline/blocos', { id_dispositivo: till.id_dispositivo });
      expect(held.status, JSON.stringify(held.json)).toBe(200);
      const used = (held.json['blocos'] as Row[]).flatMap((b) => (b['usados'] as number[]).map(Number));
      expect(used).toEqual([sold[i]!.numero]);
    }
  } finally {
    for (const p of [page, other]) await network(p, true).catch(() => undefined);
    await configure(page, { nfce_offline_conector: false }).catch(() => undefined);
    await second.close();
    for (const till of tills) await till.connector.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
