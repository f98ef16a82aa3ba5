/**
 * The connector's card routes against the FAKE terminal and the VERO simulator, and the SiTef agent driver against a
 * stand-in agent on 127.0.0.1 speaking the AgenteCliSiTef protocol (startTransaction, continueTransaction with
 * clisitefStatus 10000, finishTransaction, DELETE session).
 */
import { createServer, type Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { CARD_TERMINAL_MESSAGES as M, TEF_CODES, tefOutcome, VERO_STATUS } from '@pdv/domain/card-terminal';
import { connectorConfig } from './config.ts';
import { createConnector, listen } from './server.ts';
import { FakeTerminal, SitefAgentDriver, sitefCode } from './tef-drivers.ts';

const servers: Server[] = [];
const logs: Array<Record<string, unknown>> = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

async function connector(overrides: Record<string, unknown>): Promise<string> {
  const config = connectorConfig.parse({ endereco: '127.0.0.1', porta_connect: 0, ...overrides });
  const server = createConnector(config, (line) => logs.push(line));
  servers.push(server);
  const port = await listen(server, config);
  return `http://127.0.0.1:${port}`;
}

async function post(url: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const tefOf = (json: Record<string, unknown>) => json['tef'] as Record<string, unknown>;

describe('TEF routes with the FAKE terminal', () => {
  it('approves a credit sale with the card data of 000 §3.4 and no card number in the answer or the log', async () => {
    const url = await connector({ tef: { driver: 'simulador', passo_ms: 5 } });
    const { status, json } = await post(`${url}/venda/credito`, { valor: 12.34, parcelas: 2, financiamento: 'loja' });
    expect(status).toBe(200);
    const tef = tefOf(json);
    expect(tef['resultado']).toBe(TEF_CODES.approved);
    expect(tef['bandeira']).toBe('01');
    expect(tef['nsu']).toMatch(/^\d+$/);
    expect(tef['codigo_autorizacao']).toMatch(/^\d{6}$/);
    const outcome = tefOutcome(json);
    expect(outcome.ok).toBe(true);
    // The only long digit run is the acquirer's CNPJ: no card number in the answer or the log.
    const runs = (text: string) => (text.match(/\d{13,19}/g) ?? []).filter((r) => r !== '01027058000191');
    expect(runs(JSON.stringify(json))).toEqual([]);
    expect(runs(JSON.stringify(logs))).toEqual([]);
    const st = (await (await fetch(`${url}/tef/status`)).json()) as { em_andamento: boolean; mensagens: string[] };
    expect(st.em_andamento).toBe(false);
    expect(st.mensagens).toContain('DIGITE A SENHA');
  });

  it('answers a decline (2) and a cancel by the operator (3) as failures, relaunching the terminal app each time', async () => {
    const url = await connector({ tef: { driver: 'simulador', passo_ms: 5 } });
    await post(`${url}/tef/simulador`, { proxima: ['recusar', 'cancelar'] });
    const declined = tefOf((await post(`${url}/venda/debito`, { valor: 5 })).json);
    expect(declined).toMatchObject({ resultado: TEF_CODES.declined, erro: true, relancado: true });
    const cancelled = tefOf((await post(`${url}/venda/debito`, { valor: 5 })).json);
    expect(cancelled).toMatchObject({ resultado: TEF_CODES.cancelledByOperator, erro: true, relancado: true });
    expect(tefOutcome({ tef: declined })).toEqual({ ok: false, message: declined['mensagem'] });
  });

  it('ends a transaction the terminal never answers with the time-out code 4', async () => {
    const url = await connector({ tef: { driver: 'simulador', passo_ms: 5 }, tempo_limite_tef_ms: 200 });
    await post(`${url}/tef/simulador`, { proxima: 'tempo_esgotado' });
    const tef = tefOf((await post(`${url}/pix`, { valor: 1 })).json);
    expect(tef).toMatchObject({ resultado: TEF_CODES.timedOut, erro: true, relancado: true });
  });

  it('cancels an approved transaction through /adm/cancelamento {valor, nsu, data} and refuses an unknown one', async () => {
    const url = await connector({ tef: { driver: 'simulador', passo_ms: 5 } });
    const sale = tefOf((await post(`${url}/venda/credito`, { valor: 30 })).json);
    const cancel = { valor: 30, nsu: sale['nsu'], data: String(sale['data_hora']).slice(0, 10) };
    expect(tefOf((await post(`${url}/adm/cancelamento`, cancel)).json)['resultado']).toBe(TEF_CODES.approved);
    expect(tefOf((await post(`${url}/adm/cancelamento`, cancel)).json)['resultado']).toBe(TEF_CODES.cancelRefused);
  });

  it('refuses a body without a valid valor with 400 and the invalid-answer message', async () => {
    const url = await connector({ tef: { driver: 'simulador', passo_ms: 5 } });
    const { status, json } = await post(`${url}/venda/credito`, { valor: -1 });
    expect(status).toBe(400);
    expect(tefOf(json)['mensagem']).toBe(M.tefInvalid);
  });

  it('answers the TEF failure when no TEF client is configured', async () => {
    const url = await connector({});
    const tef = tefOf((await post(`${url}/venda/debito`, { valor: 1 })).json);
    expect(tef).toMatchObject({ resultado: TEF_CODES.unreachable, mensagem: M.tefFailed });
  });

  it('refuses a second transaction while one is in progress (busy, 8)', async () => {
    const url = await connector({ tef: { driver: 'simulador', passo_ms: 100 } });
    const first = post(`${url}/venda/debito`, { valor: 1 });
    await new Promise((r) => setTimeout(r, 30));
    const second = tefOf((await post(`${url}/venda/debito`, { valor: 1 })).json);
    expect(second['resultado']).toBe(TEF_CODES.busy);
    expect(tefOf((await first).json)['resultado']).toBe(TEF_CODES.approved);
  });
});

describe('the FAKE terminal itself', () => {
  it('counts its relaunches', async () => {
    const fake = new FakeTerminal(1);
    await fake.relaunch();
    expect(fake.relaunches).toBe(1);
  });
});

describe('SiTef agent driver (AgenteCliSiTef HTTP interface)', () => {
  it('maps CliSiTef results to our codes', () => {
    expect(sitefCode(0)).toBe(TEF_CODES.approved);
    expect(sitefCode(-2)).toBe(TEF_CODES.cancelledByOperator);
    expect(sitefCode(-5)).toBe(TEF_CODES.unreachable);
    expect(sitefCode(51)).toBe(TEF_CODES.declined);
    expect(sitefCode(-40)).toBe(TEF_CODES.declined);
    expect(sitefCode(-12)).toBe(TEF_CODES.other);
  });

  /** A stand-in agent: a scripted list of continueTransaction answers after startTransaction. */
  async function agent(script: Array<Record<string, unknown>>, finalStatus: number) {
    const calls: Array<{ path: string; form: Record<string, string> }> = [];
    let step = 0;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
        const path = (req.url ?? '').replace('/agente/clisitef/', '');
        calls.push({ path: `${req.method ?? ''} ${path}`, form });
        let body: Record<string, unknown> = { serviceStatus: 0, clisitefStatus: 0 };
        if (path === 'startTransaction' || path === 'continueTransaction') {
          const next = script[step++];
          body = next ? { serviceStatus: 0, clisitefStatus: 10000, sessionId: 'S1', ...next } : { serviceStatus: 0, clisitefStatus: finalStatus, sessionId: 'S1' };
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    servers.push(server);
    return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, calls };
  }

  const config = (url: string) => ({ url, sitef_ip: '127.0.0.1', empresa: '00000000', terminal: 'SE000001' });

  it('runs a credit sale: shows messages, answers the menu and the instalments, keeps the NFC-e fields, confirms', async () => {
    const { url, calls } = await agent([
      { commandId: 1, data: 'Insira ou passe o cartao' },
      { commandId: 21, fieldId: 0, data: '1:A vista;2:Parcelado pelo estabelecimento;3:Parcelado pela administradora;' },
      { commandId: 30, fieldId: 505, data: '' },
      { commandId: 0, fieldId: 105, data: '20261128101112' },
      { commandId: 0, fieldId: 133, data: '999111' },
      { commandId: 0, fieldId: 134, data: '123456' },
      { commandId: 0, fieldId: 135, data: 'A1B2C3' },
      { commandId: 0, fieldId: 950, data: '01027058000191' },
      { commandId: 0, fieldId: 951, data: '02' },
      { commandId: 0, fieldId: 121, data: 'VIA CLIENTE ************0006' },
    ], 0);
    const messages: string[] = [];
    const driver = new SitefAgentDriver(config(url));
    const tef = await driver.transact({ operacao: 'credito', valor: 12345, parcelas: 3, financiamento: 'loja' }, (m) => messages.push(m), AbortSignal.timeout(5000));
    expect(tef).toMatchObject({
      resultado: 0, codigo_autorizacao: 'A1B2C3', bandeira: '02', cnpj_credenciadora: '01027058000191', nsu: '123456',
      data_hora: '2026-11-28T10:11:12', tipo_integracao: '1',
    });
    expect(messages).toEqual(['Insira ou passe o cartao']);
    expect(calls[0]?.form).toMatchObject({ functionId: '3', trnAmount: '123,45', storeId: '00000000', terminalId: 'SE000001' });
    expect(calls[2]?.form).toMatchObject({ data: '2' }); // menu: parcelado pelo estabelecimento
    expect(calls[3]?.form).toMatchObject({ data: '3' }); // field 505: the instalments
    expect(calls.at(-1)?.path).toBe('POST finishTransaction');
  });

  it('feeds a cancellation its amount, date and NSU and answers a refusal by the host as declined', async () => {
    const { url, calls } = await agent([
      { commandId: 30, fieldId: 146 }, { commandId: 30, fieldId: 515 }, { commandId: 30, fieldId: 516 },
    ], 51);
    const driver = new SitefAgentDriver(config(url));
    const tef = await driver.transact({ operacao: 'cancelamento', valor: 1000, parcelas: 1, financiamento: 'loja', nsu: '777', data: '2026-11-27' }, () => undefined, AbortSignal.timeout(5000));
    expect(tef.resultado).toBe(TEF_CODES.declined);
    expect(calls[0]?.form['functionId']).toBe('110');
    expect(calls.slice(1, 4).map((c) => c.form['data'])).toEqual(['10,00', '27112026', '777']);
    expect(calls.some((c) => c.path === 'POST finishTransaction')).toBe(false);
    await driver.relaunch();
    expect(calls.at(-1)?.path).toBe('DELETE session');
  });
});

describe('VERO group with the simulator', () => {
  it('links, creates in cents, stays in progress for the scripted checks, then approves with the card data', async () => {
    const url = await connector({ vero: { driver: 'simulador' } });
    expect((await post(`${url}/vero/create_transaction`, { amount: 100, method: 'credit', group: 'g' })).json).toMatchObject({ Codigo: 999, Mensagem: M.transactionFailed });
    expect((await post(`${url}/vero/link_device`, { code: 'ABC' })).json).toMatchObject({ Codigo: 0, Mensagem: M.linked });
    await post(`${url}/vero/simulador`, { checks: 2, final: VERO_STATUS.approved });
    const created = (await post(`${url}/vero/create_transaction`, { amount: 1999, method: 'debit', print: true, group: 'venda-1' })).json;
    const tx = created['transaction'] as Record<string, unknown>;
    expect(tx).toMatchObject({ amount: 1999, status: VERO_STATUS.available });
    const check = async () => ((await post(`${url}/vero/check_transaction`, { id: tx['id'] })).json['transaction'] as Record<string, unknown>);
    expect((await check())['status']).toBe(VERO_STATUS.inProgress);
    expect((await check())['status']).toBe(VERO_STATUS.inProgress);
    expect(await check()).toMatchObject({ status: VERO_STATUS.approved, bandeira: '02', tipo_integracao: '1' });
    const list = (await post(`${url}/vero/list_transaction`, { group: 'venda-1' })).json;
    expect((list['transactions'] as unknown[]).length).toBe(1);
    expect((await post(`${url}/vero/print_request`, { id: tx['id'] })).json['Mensagem']).toBe(M.printRequested);
    expect((await post(`${url}/vero/cancel_transaction`, { id: tx['id'] })).json).toMatchObject({ Codigo: 999, Mensagem: M.cancelFailed });
  });

  it('answers a check of an unknown transaction with the query error and a declined one with its status', async () => {
    const url = await connector({ vero: { driver: 'simulador' } });
    await post(`${url}/vero/link_device`, { code: 'ABC' });
    expect((await post(`${url}/vero/check_transaction`, { id: 'nope' })).json['Mensagem']).toBe(M.queryError);
    await post(`${url}/vero/simulador`, { checks: 0, final: VERO_STATUS.declined });
    const tx = (await post(`${url}/vero/create_transaction`, { amount: 5, method: 'credit', group: 'g' })).json['transaction'] as Record<string, unknown>;
    expect(((await post(`${url}/vero/check_transaction`, { id: tx['id'] })).json['transaction'] as Record<string, unknown>)['status']).toBe(VERO_STATUS.declined);
  });

  it('answers every call with its §8 message when no VERO integration is configured', async () => {
    const url = await connector({});
    expect((await post(`${url}/vero/link_device`, { code: 'x' })).json['Mensagem']).toBe(M.linkFailed);
    expect((await post(`${url}/vero/list_transaction`, {})).json['Mensagem']).toBe(M.listFailed);
    expect((await post(`${url}/vero/check_transaction`, { id: 'x' })).json['Mensagem']).toBe(M.checkFailed);
  });
});
