/**
 * Issue 25, boletos through the shop's local connector (001 §2 Boleto connector device picker, §7 Local boleto
 * connector): the manager registers a device at 127.0.0.1 and its connector (apps/connector) runs on its port; an Itaú
 * account and configuration of this spec's own; two receivables get their boletos from the generation modal with
 * "Emitir pelo conector local" (the device picked by description, Selecionar disabled until then): the server reserves
 * the nossos números, the connector builds the boletos and their PDFs, the server records them (listed by /demand/find);
 * then the remessa through the connector (checked and stored by the server) and a retorno read by the connector and
 * settled by the server once.
 */
import { itauAccountDigit } from '../packages/domain/src/bank-account.ts';
import { api } from './checkout-steps.ts';
import { startConnector } from './connector.ts';
import { freePort } from './server.ts';
import { expect, signIn, test, USERS } from './support.ts';

type Row = Record<string, unknown>;

/** An Itaú CNAB 400 retorno: header, one paid detail ('06'), trailer; 400 characters a line, CRLF. */
function itauRetorno(agencia: string, conta: string, nossoNumero: string, valorTitulo: number, valorPago: number, juros: number, iso: string): string {
  const line = () => Array.from({ length: 400 }, () => ' ');
  const put = (l: string[], start: number, text: string) => { for (let i = 0; i < text.length; i++) l[start - 1 + i] = text[i]!; };
  const n = (v: number, size: number) => String(v).padStart(size, '0');
  const date = `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)}`;
  const h = line();
  put(h, 1, '02RETORNO01COBRANCA       '); put(h, 27, agencia); put(h, 31, '00'); put(h, 33, conta); put(h, 77, '341BANCO ITAU SA'); put(h, 395, n(1, 6));
  const d = line();
  put(d, 1, '1'); put(d, 18, agencia); put(d, 22, '00'); put(d, 24, conta); put(d, 63, nossoNumero.padStart(8, '0')); put(d, 109, '06');
  put(d, 111, date); put(d, 147, date); put(d, 153, n(valorTitulo, 13)); put(d, 176, n(0, 13)); put(d, 254, n(valorPago, 13)); put(d, 267, n(juros, 13));
  put(d, 296, date); put(d, 395, n(2, 6));
  const t = line();
  put(t, 1, '9'); put(t, 395, n(3, 6));
  return `${[h, d, t].map((l) => l.join('')).join('\r\n')}\r\n`;
}

test('boletos for two receivables issued through the local connector, listed, in the remessa, and a retorno settles one once', async ({ page }) => {
  test.setTimeout(240_000);
  const run = Date.now() % 100000;
  const tag = `Conector boleto ${run}`;
  await signIn(page, USERS.gerente);

  // This spec's own device, account and configuration (nothing shared is changed).
  const port = await freePort();
  const deviceName = `Retaguarda boletos ${run}`;
  const device = await api(page, '/device/create', { descricao: deviceName, tipo: 'Caixa', endereco: '127.0.0.1', porta_connect: port, perifericos: [] });
  expect(device.status, JSON.stringify(device.json)).toBe(200);
  const connector = await startConnector({ dispositivo: device.json['id_dispositivo'], perifericos: [] }, port);
  try {
    const conta = String(40000 + (run % 10000)).padStart(5, '0');
    const account = await api(page, '/bank_account/create', { descricao: `Cobrança ${tag}`, id_banco: 341, agencia: '2545', numero: conta, digito_conta: itauAccountDigit('2545', conta) });
    expect(account.status, JSON.stringify(account.json)).toBe(200);
    const cfgName = `Carteira 109 ${tag}`;
    const cfg = await api(page, '/demand_config/create', { descricao: cfgName, id_conta: account.json['id_conta'], carteira: '109', valor_multa: 2, valor_juro: 1 });
    expect(cfg.status).toBe(200);
    const people = await api(page, '/people/find', { search: 'Juliana Alves' });
    const pessoa = (people.json['rows'] as Row[])[0]!['id_pessoa'];
    const now = new Date(Date.now() - 3 * 3_600_000);
    const due = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
    const docs: Row[] = [];
    for (const valor of [130, 70]) {
      const res = await api(page, '/document-financial/create', { operacao: 'Entrada', valor_documento: valor, data_vencimento: due, id_pessoa: pessoa, observacao: tag });
      expect(res.status).toBe(200);
      docs.push(res.json);
    }

    await page.goto('/documentFinancial');
    const table = page.getByRole('table', { name: 'Documentos financeiros' });
    await expect(table).toBeVisible();
    await page.keyboard.press('F2');
    await page.keyboard.type(tag);
    await expect(table.getByRole('row')).toHaveCount(3);
    for (const d of docs) await table.getByRole('checkbox', { name: `Marcar ${String(d['numero'])}/1` }).check();

    await page.keyboard.press('Alt+G');
    const modal = page.getByRole('dialog', { name: 'Gerar boletos' });
    const configSelect = modal.getByRole('combobox', { name: 'Configuração de boleto' });
    await expect(configSelect).toBeVisible();
    await configSelect.click();
    await page.getByRole('option', { name: cfgName }).click();
    await expect(configSelect).toHaveValue(cfgName);

    // "Emitir pelo conector local": the device picker of 001 §2, Selecionar disabled until a device is chosen.
    await modal.getByRole('switch', { name: 'Emitir pelo conector local' }).check();
    const select = modal.getByRole('button', { name: 'Selecionar' });
    await expect(select).toBeDisabled();
    const devicePicker = modal.getByRole('combobox', { name: 'Dispositivo' });
    await devicePicker.click();
    await page.getByRole('option', { name: deviceName }).click();
    await expect(select).toBeEnabled();
    await select.click();
    await expect(modal.getByLabel('Conector escolhido')).toHaveText(`Conector: ${deviceName}`);
    await page.screenshot({ path: '/tmp/boleto-connector-modal.png', fullPage: true });

    await modal.getByRole('button', { name: /Gerar boletos/ }).click();
    const results = page.getByRole('dialog', { name: 'Boletos gerados' });
    // The connector builds each boleto's PDF, one after the other: on the CI's loaded machine one took 5.7 s
    // (connector log 'boleto_emitir', stop 38), so two passed the 10 s default.
    await expect(results.getByText('2 boletos gerados')).toBeVisible({ timeout: 60_000 });
    await page.screenshot({ path: '/tmp/boleto-connector-results.png', fullPage: true });
    // The PDF the connector built opens in a new tab.
    const popup = page.waitForEvent('popup');
    await results.getByRole('button', { name: `Abrir PDF do documento ${String(docs[0]!['numero'])}` }).click();
    const pdf = await popup;
    await expect.poll(() => pdf.url()).toMatch(/^blob:/);
    await pdf.close();
    await results.getByRole('button', { name: 'Fechar' }).first().click();
    await expect(results).toBeHidden();

    // Listed as the server-issued ones (/demand/find), Pendente, each with its own nosso número of the account.
    const ids = docs.map((d) => d['id_documento_financeiro']);
    const listed = await api(page, '/demand/find', { filter: { id_conta: account.json['id_conta'] }, take: 10 });
    const rows = (listed.json['rows'] as Row[]).filter((r) => ids.includes(r['id_documento_financeiro']));
    expect(rows.map((r) => r['situacao'])).toEqual(['Pendente', 'Pendente']);
    expect(rows.map((r) => Number(r['nosso_numero'])).sort()).toEqual([1, 2]);
    expect(rows.every((r) => String(r['codigo_barra']).startsWith('3419'))).toBe(true);

    // The remessa through the connector (the device is remembered on this machine).
    await page.keyboard.press('Alt+R');
    const drawer = page.getByRole('dialog', { name: 'Remessa e retorno de boletos' });
    await drawer.getByRole('switch', { name: 'Pelo conector local' }).check();
    await expect(drawer.getByLabel('Conector escolhido')).toHaveText(`Conector: ${deviceName}`);
    const accountSelect = drawer.getByRole('combobox', { name: 'Conta bancária' });
    await accountSelect.fill(tag);
    await page.getByRole('option', { name: `Cobrança ${tag}` }).click();
    await expect(accountSelect).toHaveValue(`Cobrança ${tag}`);
    const download = page.waitForEvent('download');
    await drawer.getByRole('button', { name: 'Gerar remessa' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^CB\d{6}\.REM$/);
    await expect(drawer.getByLabel('Remessa gerada')).toHaveText('Remessa 1 gerada com 2 boleto(s).');
    const after = await api(page, '/demand/payment-demands-by-documents', { documentos: ids });
    const boletos = after.json['rows'] as Row[];
    expect(boletos.map((r) => r['situacao'])).toEqual(['RemessaGerada', 'RemessaGerada']);

    // A retorno paying the first one: read by the connector, settled by the server, once.
    const first = boletos.find((r) => r['id_documento_financeiro'] === docs[0]!['id_documento_financeiro'])!;
    const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    const retorno = itauRetorno('2545', conta, String(first['nosso_numero']), 13000, 13100, 100, today);
    const send = async () => {
      await drawer.locator('input[type="file"]').setInputFiles({ name: 'RETORNO.RET', mimeType: 'text/plain', buffer: Buffer.from(retorno, 'ascii') });
      await drawer.getByRole('button', { name: 'Processar retorno' }).click();
    };
    await send();
    await expect(drawer.getByLabel('Leitura do conector')).toHaveText('Leitura do conector: 1 título(s), 0 problema(s).');
    await expect(drawer.locator('[data-retorno-resumo]')).toHaveText('Documentos baixados: 1 · Rejeições: 0');
    await page.screenshot({ path: '/tmp/boleto-connector-retorno.png', fullPage: true });
    await send();
    await expect(drawer.getByText('Este arquivo de retorno já foi processado: nada foi baixado de novo.')).toBeVisible();
    await expect(drawer.locator('[data-retorno-resumo]')).toHaveText('Documentos baixados: 0 · Rejeições: 0');
    const settled = await api(page, '/document-financial/find_by_id', { id_documento_financeiro: docs[0]!['id_documento_financeiro'] });
    expect(settled.json).toMatchObject({ situacao: 'Quitado', saldo: 0 });
    expect((settled.json['lancamentos'] as Row[]).filter((l) => l['tipo'] === 'Baixa').length).toBe(1);
  } finally {
    await connector.stop();
  }
});

test("with the connector unreachable each document fails with the spec's message, and the next try reuses its reserved nosso número", async ({ page }) => {
  test.setTimeout(180_000);
  const run = (Date.now() + 5) % 100000;
  const tag = `Conector parado ${run}`;
  await signIn(page, USERS.gerente);
  const port = await freePort();
  const deviceName = `Conector parado ${run}`;
  const device = await api(page, '/device/create', { descricao: deviceName, tipo: 'Caixa', endereco: '127.0.0.1', porta_connect: port, perifericos: [] });
  expect(device.status).toBe(200);
  const conta = String(50000 + (run % 10000)).padStart(5, '0');
  const account = await api(page, '/bank_account/create', { descricao: `Cobrança ${tag}`, id_banco: 341, agencia: '2545', numero: conta, digito_conta: itauAccountDigit('2545', conta) });
  expect(account.status).toBe(200);
  const cfgName = `Carteira 109 ${tag}`;
  expect((await api(page, '/demand_config/create', { descricao: cfgName, id_conta: account.json['id_conta'], carteira: '109' })).status).toBe(200);
  const people = await api(page, '/people/find', { search: 'Juliana Alves' });
  const now = new Date(Date.now() - 3 * 3_600_000);
  const due = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
  const doc = await api(page, '/document-financial/create', { operacao: 'Entrada', valor_documento: 55, data_vencimento: due, id_pessoa: (people.json['rows'] as Row[])[0]!['id_pessoa'], observacao: tag });
  expect(doc.status).toBe(200);
  const numero = String(doc.json['numero']);

  await page.goto('/documentFinancial');
  const table = page.getByRole('table', { name: 'Documentos financeiros' });
  await expect(table).toBeVisible();
  await page.keyboard.press('F2');
  await page.keyboard.type(tag);
  await expect(table.getByRole('row')).toHaveCount(2);
  const issue = async () => {
    // Checked again if the click was lost: a CI run saw 'Clicking the checkbox did not change its state' here once,
    // with the list already filtered to the one row (cause not found; not seen in this spec's other runs).
    const mark = table.getByRole('checkbox', { name: `Marcar ${numero}/1` });
    await expect(async () => {
      await mark.check({ timeout: 5_000 });
    }).toPass({ timeout: 20_000 });
    await page.keyboard.press('Alt+G');
    const modal = page.getByRole('dialog', { name: 'Gerar boletos' });
    const configSelect = modal.getByRole('combobox', { name: 'Configuração de boleto' });
    await configSelect.click();
    await page.getByRole('option', { name: cfgName }).click();
    await expect(configSelect).toHaveValue(cfgName);
    await modal.getByRole('switch', { name: 'Emitir pelo conector local' }).check();
    return modal;
  };

  // No connector on the device's port: the picker first (nothing chosen on this machine yet), then the failure.
  const modal = await issue();
  await modal.getByRole('combobox', { name: 'Dispositivo' }).click();
  await page.getByRole('option', { name: deviceName }).click();
  await modal.getByRole('button', { name: 'Selecionar' }).click();
  await modal.getByRole('button', { name: /Gerar boletos/ }).click();
  const results = page.getByRole('dialog', { name: 'Boletos gerados' });
  await expect(results.getByRole('list', { name: 'Erros dos boletos' })).toHaveText(`Erro ao gerar o Boleto do documento ${numero}. Motivo: Não foi possível comunicar com o ModerConnect.`);
  await results.getByRole('button', { name: 'Fechar' }).first().click();
  await expect(results).toBeHidden();
  expect(((await api(page, '/demand/payment-demands-by-documents', { documentos: [doc.json['id_documento_financeiro']] })).json['rows'] as Row[]).length).toBe(0);

  // The connector up: the same device (remembered), the boleto issued with the number reserved by the first try.
  const connector = await startConnector({ dispositivo: device.json['id_dispositivo'], perifericos: [] }, port);
  try {
    const again = await issue();
    await expect(again.getByLabel('Conector escolhido')).toHaveText(`Conector: ${deviceName}`);
    await again.getByRole('button', { name: /Gerar boletos/ }).click();
    await expect(results.getByText('1 boleto gerado')).toBeVisible();
    const rows = (await api(page, '/demand/payment-demands-by-documents', { documentos: [doc.json['id_documento_financeiro']] })).json['rows'] as Row[];
    expect(rows.map((r) => [r['situacao'], Number(r['nosso_numero'])])).toEqual([['Pendente', 1]]);
    expect((await api(page, '/bank_account/get-next-our-number', { id_conta: account.json['id_conta'] })).json['numero']).toBe(2);
  } finally {
    await connector.stop();
  }
});
