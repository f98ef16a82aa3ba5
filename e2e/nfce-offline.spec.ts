/**
 * NFC-e with the network off, signed by the till's connector (issue 29, POS side). The manager installs on the till's
 * connector the branch's A1 certificate and CSC (the same certificate uploaded to the branch), binds an NFC-e series
 * to the till's device and turns on "Emitir NFC-e offline pelo conector" in the branch configuration screen. Online,
 * the point of sale reserves a block of numbers; with the network off a sale finished as NFC-e gets the next reserved
 * number, the connector signs it and prints the contingency DANFE to its spool-folder printer, and the signed XML waits
 * in the outbox with the operation. Back online the outbox sends it and SEFAZ's simulator authorizes that invoice
 * with the same number and key.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestCertificate } from '../packages/fiscal/src/testing/test-certificate.ts';
import { api, pay, scan, sellables, operations } from './checkout-steps.ts';
import { startConnector } from './connector.ts';
import { configure, CSC, finishAsNfce, network, PASSWORD } from './nfce-offline-steps.ts';
import { freePort } from './server.ts';
import {
  expect, goByMenu, localRows, resetActiveBranch, settingsMenu, setStorageItem, signIn, storageItem, test, USERS, waitForLocalCopy,
  type Row, expectToast } from './support.ts';

test('offline, an NFC-e sale is signed by the connector with a reserved number, its DANFE printed; back online it is authorized with that number and key', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await resetActiveBranch(page, USERS.gerente);
  await signIn(page, USERS.gerente);
  await waitForLocalCopy(page);
  const usuario = JSON.parse((await storageItem(page, 'pdv_usuario')) ?? '{}') as { id_filial_ativa: number };
  const id_filial = usuario.id_filial_ativa;
  const branch = (await localRows(page, 'branch')).find((b) => b['id_filial'] === id_filial)!;

  // The till: a device of the branch with a receipt printer, its connector on a free port.
  const port = await freePort();
  const n = Date.now() % 1_000_000;
  const created = await api(page, '/device/create', {
    descricao: `Caixa NFC-e offline ${n}`, tipo: 'Caixa', endereco: '127.0.0.1', porta_connect: port,
    perifericos: [{ descricao: 'Térmica 80 mm', tipo: 'ImpressoraComprovante' }],
  });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const id_dispositivo = Number(created.json['id_dispositivo']);
  const receipt = Number((created.json['perifericos'] as Row[])[0]!['id_periferico']);
  // Its own NFC-e series (the settings issue's binding of a series to a device).
  const serie = 700 + (n % 200);
  const series = await api(page, '/fiscal-serie/create', { codigo_modelo: '65', codigo_serie: serie, ultima_numeracao: 0, id_dispositivo });
  expect(series.status, JSON.stringify(series.json)).toBe(200);

  // The branch's A1 certificate and CSC: uploaded to the branch, and installed on the till's connector by the manager.
  const dir = mkdtempSync(join(tmpdir(), 'pdv-e2e-nfce-offline-'));
  const spool = join(dir, 'spool');
  const pfxFile = join(dir, 'filial.pfx');
  const pfx = createTestCertificate({ cnpj: String(branch['cnpj']), name: String(branch['razao_social']).toUpperCase(), password: PASSWORD });
  writeFileSync(pfxFile, pfx);
  const uploaded = await api(page, '/branch/certificate/upload', { id_filial, arquivo_base64: pfx.toString('base64'), senha: PASSWORD });
  expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(200);
  await configure(page, { id_csc: CSC.id, csc: CSC.token });
  mkdirSync(spool);
  const connector = await startConnector({
    dispositivo: id_dispositivo, perifericos: [{ id_periferico: receipt, driver: 'spool', pasta: spool }],
    nfce: { certificado: pfxFile, senha: PASSWORD, id_csc: CSC.id, csc: CSC.token },
  }, port);

  try {
    // The branch configuration screen: Estoque e fiscal, "Emitir NFC-e offline pelo conector".
    await settingsMenu(page).getByRole('link', { name: 'Configuração da filial' }).click();
    await expect(page).toHaveURL(/\/branch\/config$/);
    const form = page.getByRole('form', { name: 'Configuração da filial' });
    await page.getByRole('tab', { name: 'Estoque e fiscal' }).click();
    const flag = form.getByRole('switch', { name: 'Emitir NFC-e offline pelo conector (contingência no caixa)' });
    await expect(flag).not.toBeChecked();
    await flag.check();
    await page.screenshot({ path: '/tmp/nfce-offline-branch-config.png', fullPage: true });
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, 'Registro atualizado com sucesso.');
    await page.keyboard.press('Escape');

    // The receipt printer of this machine is the device's (what the Impressoras modal stores).
    await setStorageItem(page, 'pdv_perifericos', JSON.stringify({
      [id_filial]: {
        impressora_comprovante: {
          id_periferico: receipt, descricao: 'Térmica 80 mm', tipo: 'ImpressoraComprovante',
          dispositivo: { id_dispositivo, descricao: `Caixa NFC-e offline ${n}`, endereco: '127.0.0.1', porta_connect: port },
        },
      },
    }));
    await expect.poll(async () => (await localRows(page, 'config')).find((c) => c['id_filial'] === id_filial)?.['nfce_offline_conector'],
      { timeout: 30_000 }).toBe(true);
    await expect.poll(async () => (await localRows(page, 'fiscal_series')).some((s) => Number(s['codigo_serie']) === serie), { timeout: 30_000 }).toBe(true);

    // Online, the point of sale reserves a block of the till's series and keeps it on this machine.
    await goByMenu(page, 'Ponto de venda');
    await expect(page.getByRole('textbox', { name: 'Pesquisar produto' })).toBeVisible();
    const held = async () => JSON.parse((await storageItem(page, 'pdv_nfce_offline')) ?? '{}') as Record<string, { blocos: Row[]; usados: number[] }>;
    await expect.poll(async () => (await held())[`${id_filial}:${id_dispositivo}`]?.blocos.length ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
    const block = (await held())[`${id_filial}:${id_dispositivo}`]!.blocos[0]!;
    expect(Number(block['serie'])).toBe(serie);

    // Network off: an NFC-e sale.
    const [product] = await sellables(page);
    await network(page, false);
    await scan(page, product?.barcode ?? '');
    await expect(page.getByRole('table', { name: 'Itens da venda' }).getByRole('row')).toHaveCount(2);
    await pay(page, 'Dinheiro');
    // F10: the seller asked (the manager's default one taken), then NFC-e by its number key, confirmed with Enter.
    await finishAsNfce(page, '/tmp/nfce-offline-finish.png');
    const numero = Number(block['numero_inicial']);
    await expect(page.getByText(`NFC-e ${numero} (série ${serie}) emitida em contingência offline.`)).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: '/tmp/nfce-offline-checkout.png' });

    // The contingency DANFE at the connector's printer.
    await expect.poll(() => readdirSync(spool).filter((f) => f.endsWith('.prn')).length, { timeout: 30_000 }).toBe(1);
    const printed = readFileSync(join(spool, readdirSync(spool).find((f) => f.endsWith('.prn'))!)).toString('latin1');
    expect(printed).toMatch(/EMITIDA EM CONTING/);

    // The signed XML waits in the outbox with the operation; the number is taken for good.
    const [pending] = await operations(page);
    const contingency = pending?.['nfce_contingencia'] as { id_dispositivo: number; xml: string } | undefined;
    expect(contingency?.id_dispositivo).toBe(id_dispositivo);
    const chave = /Id="NFe(\d{44})"/.exec(contingency?.xml ?? '')?.[1];
    expect(chave).toMatch(/^\d{44}$/);
    expect(chave?.charAt(34)).toBe('9');
    expect((await held())[`${id_filial}:${id_dispositivo}`]!.usados).toContain(numero);

    // Back online: the outbox sends it and SEFAZ authorizes it with the same number and key.
    await network(page, true);
    await expect.poll(async () => (await operations(page))[0]?.['situacao'], { timeout: 60_000 }).toBe('Processado');
    const id_nota_fiscal = (await operations(page))[0]?.['id_nota_fiscal'];
    const invoice = async () => (await api(page, '/invoice/find_by_id', { id_nota_fiscal })).json;
    await expect.poll(async () => (await invoice())['situacao'], { timeout: 150_000, intervals: [2_000] }).toBe('Autorizada');
    const done = await invoice();
    expect(done['chave_acesso']).toBe(chave);
    expect(Number(done['numero_nota_fiscal'])).toBe(numero);
    expect(Number(done['serie'])).toBe(serie);
    expect(Number(done['tipo_emissao'])).toBe(9);
  } finally {
    await network(page, true);
    await configure(page, { nfce_offline_conector: false }).catch(() => undefined);
    await connector.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
