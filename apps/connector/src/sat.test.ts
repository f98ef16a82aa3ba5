/**
 * The connector's /sat/envio and /sat/cancelamento against the SAT emulator (a FAKE SAT speaking the ER's answer
 * lines), and against a vendor library's bridge (a stand-in program answering recorded lines of a real SAT).
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SAT_CODES, SAT_SOFTWARE_HOUSE_CNPJ } from '@pdv/domain/sat';
import { isValidAccessKey } from '@pdv/fiscal/access-key';
import { verifyXmlSignature } from '@pdv/fiscal/sign';
import { extratoDefinition, parseCFe } from '@pdv/documents/cfe-extrato';
import { closeValidators, validateXml } from '@pdv/fiscal/validate';
import { connectorConfig, type ConnectorConfig } from './config.ts';
import { createConnector, listen } from './server.ts';

const dir = mkdtempSync(join(tmpdir(), 'pdv-sat-test-'));
const servers: Server[] = [];
const logs: Array<Record<string, unknown>> = [];

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  await closeValidators();
  rmSync(dir, { recursive: true, force: true });
});

const EMULATOR = {
  id_periferico: 7, driver: 'emulador', codigo_ativacao: '12345678', assinatura_ac: 'SGR-SAT SISTEMA DE GESTAO E RETAGUARDA DO SAT',
  cnpj: '08723218000186', ie: '149626224113', razao_social: 'Mercado Teste Ltda',
  endereco: { xLgr: 'Rua Engenheiro Jorge Oliva', nro: '73', xBairro: 'Vila Mascote', xMun: 'São Paulo', CEP: '04362060' },
};

async function start(raw: Record<string, unknown>): Promise<string> {
  const config: ConnectorConfig = connectorConfig.parse({ porta_connect: 0, dispositivo: 1, ...raw });
  const server = createConnector(config, (line) => logs.push(line));
  servers.push(server);
  return `http://127.0.0.1:${await listen(server, config)}`;
}

async function post(base: string, path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const sale = {
  dispositivo: 1, id_periferico: 7, numeroCaixa: 3,
  emit: { CNPJ: '08.723.218/0001-86', IE: '149626224113' },
  dest: { CPF: '11144477735', xNome: 'Maria da Silva' },
  det: [
    { cProd: 'QJ1', cEAN: '7891000315507', xProd: 'Queijo minas', NCM: '04069090', CFOP: '5102', uCom: 'KG', qCom: 1250, vUnCom: 3990,
      ICMS: { orig: 0, CST: '00', pICMS: 1800 }, PIS: { CST: '01', p: 165 }, COFINS: { CST: '01', p: 760 } },
    { cProd: 'RF2', xProd: 'Refrigerante 2 L', CFOP: '5405', uCom: 'UN', qCom: 2000, vUnCom: 650, vDesc: 100,
      ICMS: { orig: 0, CST: '60' }, PIS: { CST: '04' }, COFINS: { CST: '04' } },
  ],
  vDescSubtot: 88,
  pgto: [{ meio_pagamento: '17', vMP: 3000 }, { meio_pagamento: '16', vMP: 1000 }, { meio_pagamento: '01', vMP: 2200 }],
};

describe('SAT through the connector (emulator)', () => {
  it('authorizes a sale with 06000 and answers the signed CF-e, then cancels it with 07000', async () => {
    const base = await start({ sat: EMULATOR });
    const sent = await post(base, '/sat/envio', sale);
    expect(sent.status).toBe(200);
    const a = sent.body;
    expect(a['Codigo']).toBe(SAT_CODES.saleAuthorized);
    expect(a['NumeroDocFiscal']).toBe('000001');
    expect(String(a['ChaveConsulta'])).toMatch(/^CFe\d{44}$/);
    expect(isValidAccessKey(String(a['ChaveConsulta']).slice(3))).toBe(true);
    expect(String(a['ChaveConsulta']).slice(23, 25)).toBe('59');
    expect(a['TimeStamp']).toMatch(/^\d{14}$/);
    expect(String(a['AssinaturaQRCODE'])).toHaveLength(344);
    expect(a['NumeroSessao']).toMatch(/^\d{6}$/);
    // 1,25 × 39,90 = 49,88; 2 × 6,50 − 1,00 = 12,00; − 0,88 on the subtotal = 61,00; paid 30 + 10 + 22 = 62,00.
    expect(a['ValorTotalCFe']).toBe('61.00');
    const cfe = Buffer.from(String(a['ArquivoCFeSAT']), 'base64').toString('utf8');
    const check = await validateXml(cfe, 'cfeSat');
    expect(check.errors).toEqual([]);
    expect(verifyXmlSignature(cfe).valid).toBe(true);
    expect(cfe).toContain(`<ide><cUF>35</cUF>`);
    expect(cfe).toContain(`<CNPJ>${SAT_SOFTWARE_HOUSE_CNPJ}</CNPJ><signAC>`);
    // PIX and bank deposit went as other (99); the change is what was paid over the total.
    expect([...cfe.matchAll(/<cMP>(\d\d)<\/cMP>/g)].map((m) => m[1])).toEqual(['99', '99', '01']);
    expect(cfe).toContain('<vCFe>61.00</vCFe>');
    expect(cfe).toContain('<vTroco>1.00</vTroco>');
    expect(cfe).toContain('<vRatDesc>');
    // The extrato (packages/documents) reads what the emulator signed.
    const extrato = parseCFe(cfe);
    expect(extrato).toMatchObject({ nCFe: '000001', vCFe: 6100, vTroco: 100, destDoc: '11144477735' });
    expect(extrato.pagamentos.map((p) => p.cMP)).toEqual(['99', '99', '01']);
    expect(JSON.stringify(extratoDefinition(extrato).content)).toContain('Extrato No. 000001');
    // The log holds the outcome and the key, not the sale.
    const line = logs.find((l) => l['rota'] === '/sat/envio' && l['Codigo'] === '06000');
    expect(line?.['chave']).toBe(a['ChaveConsulta']);
    expect(JSON.stringify(line)).not.toContain('Maria');

    const cancel = await post(base, '/sat/cancelamento', { dispositivo: 1, id_periferico: 7, numeroCaixa: 3, chave: a['ChaveConsulta'], dest: { CPF: '11144477735' } });
    expect(cancel.body['Codigo']).toBe(SAT_CODES.cancelled);
    const canc = Buffer.from(String(cancel.body['ArquivoCFeSAT']), 'base64').toString('utf8');
    expect(canc).toContain(`chCanc="${String(a['ChaveConsulta'])}"`);
    expect(cancel.body['ChaveConsulta']).not.toBe(a['ChaveConsulta']);
    expect(cancel.body['NumeroDocFiscal']).toBe('000002');
    expect(parseCFe(canc)).toMatchObject({ cancelamento: true, chaveCancelada: String(a['ChaveConsulta']).slice(3), vCFe: 6100 });

    // Cancelled once: a second cancellation is the SAT's own refusal (07002), not a success.
    const again = await post(base, '/sat/cancelamento', { dispositivo: 1, id_periferico: 7, numeroCaixa: 3, chave: a['ChaveConsulta'] });
    expect(again.body['Codigo']).toBe('07002');
    expect(again.body['Mensagem']).toBe('Cupom inválido');
  }, 30_000);

  it("passes the SAT's refusal through, and answers 99999 when the SAT does not answer", async () => {
    const base = await start({ sat: EMULATOR, tempo_limite_sat_ms: 2000 });
    expect((await post(base, '/sat/simulador', { proxima: ['recusar', 'sem_resposta'] })).status).toBe(200);
    const refused = await post(base, '/sat/envio', sale);
    expect(refused.body['Codigo']).toBe('06010');
    expect(refused.body['ChaveConsulta']).toBeNull();
    const silent = await post(base, '/sat/envio', sale);
    expect(silent.body['Codigo']).toBe(SAT_CODES.failure);
    expect(silent.body['Mensagem']).toBe('Erro ao autorizar SAT. o SAT não respondeu');
    // The next sale goes through: the emulator numbers it 1 (nothing was emitted before).
    const ok = await post(base, '/sat/envio', sale);
    expect(ok.body['Codigo']).toBe(SAT_CODES.saleAuthorized);
    expect(ok.body['NumeroDocFiscal']).toBe('000001');
  }, 30_000);

  it('refuses a wrong activation code (06001), a sale that does not add up, another device and a bad body, never as a success', async () => {
    const wrongCode = await start({ sat: { ...EMULATOR, codigo_ativacao_sat: '87654321' }, perifericos: [] });
    expect((await post(wrongCode, '/sat/envio', sale)).body['Codigo']).toBe('06001');

    const base = await start({ sat: EMULATOR });
    // A cashier who sends less money than the items are worth: refused before the SAT.
    const short = await post(base, '/sat/envio', { ...sale, pgto: [{ meio_pagamento: '01', vMP: 100 }] });
    expect(short.status).toBe(400);
    expect(short.body['Codigo']).toBe(SAT_CODES.failure);
    expect(short.body['Mensagem']).toBe('Requisição do SAT inválida: Os pagamentos não cobrem o total do CF-e.');
    const other = await post(base, '/sat/envio', { ...sale, dispositivo: 2 });
    expect(other.body['Codigo']).toBe(SAT_CODES.failure);
    const unknown = await post(base, '/sat/envio', { ...sale, id_periferico: 8 });
    expect(unknown.status).toBe(404);
    const bad = await post(base, '/sat/envio', { ...sale, det: [] });
    expect(bad.status).toBe(400);
    expect(String(bad.body['Mensagem'])).toMatch(/^Requisição do SAT inválida: det/);
    const notJson = await fetch(`${base}/sat/envio`, { method: 'POST', body: '{' });
    expect(notJson.status).toBe(400);
    // A cancellation of a key the SAT did not emit last.
    const cancel = await post(base, '/sat/cancelamento', { dispositivo: 1, id_periferico: 7, numeroCaixa: 3, chave: '35150908723218000186599000040190000360539948' });
    expect(cancel.body['Codigo']).toBe('07002');
  }, 30_000);

  it('answers 99999 when no SAT is configured, and the simulator only with the emulator', async () => {
    const base = await start({});
    const res = await post(base, '/sat/envio', sale);
    expect(res.status).toBe(404);
    expect(res.body['Codigo']).toBe(SAT_CODES.failure);
    expect((await post(base, '/sat/simulador', { proxima: 'recusar' })).status).toBe(404);
  });
});

describe("SAT through a vendor library's bridge program", () => {
  it('calls the bridge with the function and its arguments and reads the recorded answer line of a real SAT', async () => {
    const recorded = readFileSync('/work/shared/fiscal/samples/satcfe/enviardadosvenda-respostas-de-sucesso.txt', 'utf8').split('\n')[0]!;
    const answers = join(dir, 'answer.txt');
    writeFileSync(answers, recorded);
    const bridge = join(dir, 'sat-bridge.sh');
    writeFileSync(bridge, `#!/bin/sh\necho "$1 $2 $3" > "${dir}/args"\nprintf '%s' "$4" > "${dir}/xml"\ncat "${answers}"\n`);
    chmodSync(bridge, 0o755);
    const base = await start({ sat: { id_periferico: 7, driver: 'biblioteca', codigo_ativacao: '12345678', assinatura_ac: 'AC', comando: bridge } });
    const res = await post(base, '/sat/envio', sale);
    expect(res.body['Codigo']).toBe('06000');
    expect(res.body['ChaveConsulta']).toBe('CFe35150708723218000186599000040190000215133408');
    expect(res.body['NumeroDocFiscal']).toBe('000021');
    const [fn, session, code] = readFileSync(join(dir, 'args'), 'utf8').trim().split(' ');
    expect(fn).toBe('EnviarDadosVenda');
    expect(session).toBe(res.body['NumeroSessao']);
    expect(code).toBe('12345678');
    expect((await validateXml(readFileSync(join(dir, 'xml'), 'utf8'), 'cfe')).valid).toBe(true);
    expect((await post(base, '/sat/simulador', { proxima: 'recusar' })).status).toBe(404);
  }, 30_000);
});
