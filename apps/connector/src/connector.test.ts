/**
 * The connector against real endpoints: a TCP listener on 127.0.0.1 (a 9100 printer), a temporary spool folder, and
 * a stand-in `lp` script (CUPS's command line: its arguments and standard input are what a queue would get).
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PRINT_CODES, PRINT_MESSAGES } from '@pdv/domain/print-connector';
import { connectorConfig, type ConnectorConfig } from './config.ts';
import { CUT, DRAWER_KICK, encodeCp860, INIT } from './escpos.ts';
import { createConnector, listen } from './server.ts';

const dir = mkdtempSync(join(tmpdir(), 'pdv-connector-test-'));
const spool = join(dir, 'spool');
const lpOut = join(dir, 'lp');
const servers: Array<Server | TcpServer> = [];
const logs: Array<Record<string, unknown>> = [];
const openSockets: Socket[] = [];

function fakeLp(exitCode = 0): string {
  const path = join(dir, `lp-${exitCode}.sh`);
  writeFileSync(path, `#!/bin/sh\necho "$@" > "${lpOut}.args"\ncat > "${lpOut}.job"\n${exitCode ? 'echo "lp: fila inexistente" >&2\n' : ''}exit ${exitCode}\n`);
  chmodSync(path, 0o755);
  return path;
}

interface Printer { port: number; jobs: Buffer[]; received: Promise<Buffer> }

/** A 9100 printer: reads the whole job, closes when the sender does. `stall` never reads (a jammed printer). */
async function tcpPrinter(stall = false): Promise<Printer> {
  const jobs: Buffer[] = [];
  let resolve: (b: Buffer) => void = () => undefined;
  const received = new Promise<Buffer>((r) => (resolve = r));
  const server = createTcpServer((socket) => {
    openSockets.push(socket);
    if (stall) {
      socket.pause();
      return;
    }
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => {
      const job = Buffer.concat(chunks);
      jobs.push(job);
      resolve(job);
      socket.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return { port: (server.address() as { port: number }).port, jobs, received };
}

async function connector(overrides: Record<string, unknown>): Promise<string> {
  const config: ConnectorConfig = connectorConfig.parse({ endereco: '127.0.0.1', porta_connect: 0, ...overrides });
  const server = createConnector(config, (line) => logs.push(line));
  servers.push(server);
  const port = await listen(server, config);
  return `http://127.0.0.1:${port}`;
}

const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');

async function post(url: string, body: unknown, origin = 'http://pdv.loja:5173') {
  const res = await fetch(`${url}/impressao`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { Codigo: number; Mensagem: string }, headers: res.headers };
}

const includes = (haystack: Buffer, needle: number[] | string) => haystack.includes(typeof needle === 'string' ? Buffer.from(needle) : Buffer.from(needle));

beforeAll(() => {
  rmSync(spool, { recursive: true, force: true });
});
afterEach(() => {
  logs.length = 0;
});
afterAll(async () => {
  openSockets.forEach((s) => s.destroy());
  for (const s of servers) {
    if ('closeAllConnections' in s) s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('POST /impressao', () => {
  it('prints a receipt to a spool folder as ESC/POS: code page 860, the text, a cut and the drawer kick', async () => {
    const folder = mkdtempSync(join(dir, 'spool-'));
    const url = await connector({ dispositivo: 7, perifericos: [{ id_periferico: 3, driver: 'spool', pasta: folder }] });
    const text = 'LOJA CENTRO\nTOTAL                R$ 12,90\nAção\fCOMPROVANTE DE TROCA\n';
    const res = await post(url, { dispositivo: 7, id_periferico: 3, tipo_impressao: 'comprovante', data_base64: b64(text), commmand: 'gaveta' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ Codigo: PRINT_CODES.ok, Mensagem: PRINT_MESSAGES.requested });
    const files = readdirSync(folder);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.prn$/);
    const bytes = readFileSync(join(folder, files[0] ?? ''));
    expect([...bytes.subarray(0, 5)]).toEqual([...INIT, 0x1b, 0x74, 3]);
    expect(includes(bytes, 'R$ 12,90')).toBe(true);
    expect(includes(bytes, [0x41, 0x87, 0x84, 0x6f])).toBe(true); // 'Ação' in code page 860
    // A cut after the receipt and another after the exchange voucher; the drawer opens last.
    expect(bytes.toString('latin1').split(Buffer.from(CUT).toString('latin1'))).toHaveLength(3);
    expect([...bytes.subarray(bytes.length - DRAWER_KICK.length)]).toEqual(DRAWER_KICK);
  });

  it("leaves the receipt uncut and the drawer shut when commmand says 'sem_corte' and no 'gaveta'", async () => {
    const folder = mkdtempSync(join(dir, 'spool-'));
    const url = await connector({ perifericos: [{ id_periferico: 3, driver: 'spool', pasta: folder }] });
    const res = await post(url, { dispositivo: 1, id_periferico: 3, tipo_impressao: 'comprovante', data_base64: b64('TOTAL 1,00\n'), commmand: 'sem_corte' });
    expect(res.body.Codigo).toBe(PRINT_CODES.ok);
    const bytes = readFileSync(join(folder, readdirSync(folder)[0] ?? ''));
    expect(includes(bytes, CUT)).toBe(false);
    expect(includes(bytes, DRAWER_KICK)).toBe(false);
  });

  it('sends a ZPL label job byte for byte to a raw TCP 9100 printer', async () => {
    const printer = await tcpPrinter();
    const url = await connector({ perifericos: [{ id_periferico: 9, driver: 'tcp', host: '127.0.0.1', porta: printer.port }] });
    const zpl = '^XA^FO20,20^A0N,30,30^FDCamiseta Azul^FS^FO20,60^BCN,60^FD7891234567895^FS^PQ2^XZ';
    const res = await post(url, { dispositivo: 1, id_periferico: 9, tipo_impressao: 'zpl', data_base64: b64(zpl), commmand: null });
    expect(res.body).toEqual({ Codigo: PRINT_CODES.ok, Mensagem: PRINT_MESSAGES.requested });
    expect((await printer.received).toString()).toBe(zpl);
  });

  it('prints an A4 PDF through lp to the CUPS queue (filtered), and a label job raw', async () => {
    const url = await connector({ lp: fakeLp(), perifericos: [{ id_periferico: 4, driver: 'cups', fila: 'HP_A4' }] });
    const pdf = Buffer.from('%PDF-1.7\n%\xe2\xe3\n1 0 obj <<>> endobj\n%%EOF\n', 'latin1');
    const res = await post(url, { dispositivo: 1, id_periferico: 4, tipo_impressao: 'pdf', data_base64: b64(pdf) });
    expect(res.body.Codigo).toBe(PRINT_CODES.ok);
    expect(readFileSync(`${lpOut}.args`, 'utf8').trim()).toBe('-d HP_A4 -t PDV -');
    expect(readFileSync(`${lpOut}.job`).equals(pdf)).toBe(true);
    await post(url, { dispositivo: 1, id_periferico: 4, tipo_impressao: 'epl', data_base64: b64('N\nA50,0,0,1,1,1,N,"X"\nP1\n') });
    expect(readFileSync(`${lpOut}.args`, 'utf8').trim()).toBe('-d HP_A4 -o raw -t PDV -');
  });

  it("answers code 999 with the connector's own message when lp fails, and logs the job without its content", async () => {
    const url = await connector({ lp: fakeLp(1), perifericos: [{ id_periferico: 4, driver: 'cups', fila: 'Nada' }] });
    const card = '4111111111111111';
    const res = await post(url, { dispositivo: 1, id_periferico: 4, tipo_impressao: 'comprovante', data_base64: b64(`CARTAO ${card}\n`) });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ Codigo: PRINT_CODES.own, Mensagem: PRINT_MESSAGES.printerFailed('lp Nada', 'lp: fila inexistente') });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ evento: 'impressao', id_periferico: 4, driver: 'cups', Codigo: 999 });
    expect(JSON.stringify(logs)).not.toContain(card);
    expect(JSON.stringify(logs)).not.toContain(b64(`CARTAO ${card}\n`));
  });

  it('answers 999 when the printer refuses the connection', async () => {
    const closed = await tcpPrinter();
    const port = closed.port;
    const last = servers.pop() as TcpServer;
    await new Promise((r) => last.close(r));
    expect(closed.jobs).toEqual([]);
    const url = await connector({ perifericos: [{ id_periferico: 9, driver: 'tcp', host: '127.0.0.1', porta: port }] });
    const res = await post(url, { dispositivo: 1, id_periferico: 9, tipo_impressao: 'escpos', data_base64: b64('x') });
    expect(res.body).toEqual({ Codigo: PRINT_CODES.own, Mensagem: PRINT_MESSAGES.printerFailed(`127.0.0.1:${port}`, 'conexão recusada') });
  });

  it('gives up at the time-out when the printer does not take the job', async () => {
    const printer = await tcpPrinter(true);
    const url = await connector({ tempo_limite_ms: 600, perifericos: [{ id_periferico: 9, driver: 'tcp', host: '127.0.0.1', porta: printer.port }] });
    const big = Buffer.alloc(16 * 1024 * 1024, 0x41);
    const res = await post(url, { dispositivo: 1, id_periferico: 9, tipo_impressao: 'zpl', data_base64: b64(big) });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ Codigo: PRINT_CODES.own, Mensagem: PRINT_MESSAGES.timedOut(`127.0.0.1:${printer.port}`, 1) });
  });

  it("refuses a bad request with the spec's printing messages", async () => {
    const url = await connector({ dispositivo: 2, perifericos: [{ id_periferico: 3, driver: 'spool', pasta: spool }, { id_periferico: 5, driver: 'usb', porta: 'USB001' }] });
    const ok = { dispositivo: 2, id_periferico: 3, tipo_impressao: 'zpl', data_base64: b64('^XA^XZ') };
    const cases: Array<[unknown, number, string]> = [
      [{ ...ok, id_periferico: undefined }, PRINT_CODES.printerNotSet, PRINT_MESSAGES.printerNotSet],
      [{ ...ok, id_periferico: 99 }, PRINT_CODES.printerNotSet, PRINT_MESSAGES.printerNotSet],
      [{ ...ok, tipo_impressao: 'fax' }, PRINT_CODES.printKindUnknown, PRINT_MESSAGES.printKindUnknown],
      [{ ...ok, data_base64: '' }, PRINT_CODES.fileMissing, PRINT_MESSAGES.fileMissing],
      [{ ...ok, data_base64: 'não é base64!' }, PRINT_CODES.fileMissing, PRINT_MESSAGES.fileMissing],
      [{ ...ok, id_periferico: 5 }, PRINT_CODES.printerTypeMissing, PRINT_MESSAGES.printerTypeMissing],
      [{ ...ok, dispositivo: 8 }, PRINT_CODES.own, PRINT_MESSAGES.otherDevice(2, 8)],
      ['not an object', PRINT_CODES.fileMissing, PRINT_MESSAGES.fileMissing],
    ];
    for (const [body, Codigo, Mensagem] of cases) {
      const res = await post(url, body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.body, JSON.stringify(body)).toEqual({ Codigo, Mensagem });
    }
    const res = await fetch(`${url}/impressao`, { method: 'POST', body: '{not json' });
    expect(((await res.json()) as { Codigo: number }).Codigo).toBe(PRINT_CODES.fileMissing);
  });
});

describe('CORS', () => {
  it("answers the web app's preflight, private network included, and names the allowed origin", async () => {
    const url = await connector({ origens: ['http://pdv.loja:5173'] });
    const pre = await fetch(`${url}/impressao`, {
      method: 'OPTIONS',
      headers: { origin: 'http://pdv.loja:5173', 'access-control-request-method': 'POST', 'access-control-request-private-network': 'true' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://pdv.loja:5173');
    expect(pre.headers.get('access-control-allow-headers')).toBe('content-type');
    expect(pre.headers.get('access-control-allow-private-network')).toBe('true');
    const other = await fetch(`${url}/status`, { headers: { origin: 'http://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const status = await fetch(`${url}/status`, { headers: { origin: 'http://pdv.loja:5173' } });
    expect(await status.json()).toEqual({ status: 'ok', dispositivo: null, perifericos: [] });
  });
});

describe('code page 860', () => {
  it('encodes the Portuguese letters, drops other accents and replaces what it cannot print', () => {
    expect(encodeCp860('ÇãõÁÉÍÓÚâêôàü')).toEqual([0x80, 0x84, 0x94, 0x86, 0x90, 0x8b, 0x9f, 0x96, 0x83, 0x88, 0x93, 0x85, 0x81]);
    expect(encodeCp860('R$\u00a01,00 ő €')).toEqual([...Buffer.from('R$ 1,00 o ?')]);
  });
});
