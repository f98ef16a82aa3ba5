/**
 * The connector's HTTP service (node:http, no framework): POST /impressao, POST /boleto/* (boleto.ts), POST /balanca/peso (the checkout scale,
 * scale.ts), POST /sat/envio and /sat/cancelamento (the SAT, sat.ts), POST /nfce/contingencia (nfce.ts), GET /status,
 * and CORS so the web app's
 * origin (another port or host than the connector's) may call it, including Chromium's private-network preflight. A
 * body above the limit or not JSON is refused with the spec's messages; every job is logged as one JSON line.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PRINT_CODES, PRINT_MESSAGES } from '@pdv/domain/print-connector';
import { PRINT_MAX_BASE64 } from '@pdv/contract/connector';
import type { ConnectorConfig } from './config.ts';
import { print } from './print.ts';
import { readScale } from './scale.ts';
import { emitir, gerarRemessa, lerRetorno } from './boleto.ts';
import { openSerialPort, type OpenSerial } from './serial.ts';
import { SatService } from './sat.ts';
import { FakeTerminal, SitefAgentDriver, type TefDriver } from './tef-drivers.ts';
import { TEF_PATHS, TefService } from './tef.ts';
import { simulatorScript, VERO_CALLS, veroCall, VeroHttpAdapter, VeroSimulator, type VeroAdapter, type VeroCall } from './vero.ts';
import { VERO_CLIENT_TIMEOUT_MS } from '@pdv/domain/card-terminal';
import { issueNfce, NFCE_MAX_BODY, NFCE_PATH, NfceSigner } from './nfce.ts';

export type Logger = (line: Record<string, unknown>) => void;

export const jsonLogger: Logger = (line) => process.stdout.write(`${JSON.stringify({ hora: new Date().toISOString(), ...line })}\n`);

function corsHeaders(config: ConnectorConfig, req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  const any = config.origens.includes('*');
  if (!origin || (!any && !config.origens.includes(origin))) return {};
  return {
    'access-control-allow-origin': any ? '*' : origin,
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': 'content-type',
    'access-control-max-age': '600',
    // Chromium's Private Network Access: a page on a public address may call this one on the shop's network.
    'access-control-allow-private-network': 'true',
    vary: 'Origin',
  };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        done(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
    req.on('error', fail);
  });
}

/** The connector's HTTP server; `openSerial` opens serial ports (a test gives a simulated device). */
export function createConnector(config: ConnectorConfig, log: Logger = jsonLogger, openSerial: OpenSerial = openSerialPort): Server {
  const tefDriver: TefDriver | null = !config.tef ? null
    : config.tef.driver === 'simulador' ? new FakeTerminal(config.tef.passo_ms) : new SitefAgentDriver(config.tef);
  const tef = new TefService(tefDriver, config.tempo_limite_tef_ms);
  const sat = new SatService(config);
  const nfceSigner = new NfceSigner(config.nfce);
  const vero: VeroAdapter | null = !config.vero ? null
    : config.vero.driver === 'simulador' ? new VeroSimulator() : new VeroHttpAdapter(config.vero.url, config.vero.token, VERO_CLIENT_TIMEOUT_MS);
  return createServer((req, res) => {
    const cors = corsHeaders(config, req);
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      res.end();
      return;
    }
    if (req.method === 'GET' && path === '/status') {
      send(res, 200, { status: 'ok', dispositivo: config.dispositivo ?? null, perifericos: config.perifericos.map((p) => p.id_periferico) }, cors);
      return;
    }
    if (req.method === 'GET' && path === '/tef/status') {
      send(res, 200, tef.status(), cors);
      return;
    }
    const tefOperation = path ? TEF_PATHS[path] : undefined;
    const veroName = path?.startsWith('/vero/') ? (VERO_CALLS as readonly string[]).find((c) => path === `/vero/${c}`) as VeroCall | undefined : undefined;
    const satPath = path === '/sat/envio' || path === '/sat/cancelamento' || path === '/sat/simulador';
    const cardPath = tefOperation !== undefined || veroName !== undefined || path === '/tef/simulador' || path === '/vero/simulador' || satPath;
    if (req.method === 'POST' && cardPath) {
      void (async () => {
        const text = await readBody(req, satPath ? 4 * 1024 * 1024 : 64 * 1024);
        let body: unknown = null;
        try {
          body = text === null ? null : JSON.parse(text);
        } catch {
          body = null;
        }
        const started = performance.now();
        let result: { status: number; answer: unknown; log: Record<string, unknown> };
        if (path === '/sat/envio') result = await sat.envio(body);
        else if (path === '/sat/cancelamento') result = await sat.cancelamento(body);
        else if (path === '/sat/simulador') result = sat.simulate(body);
        else if (path === '/tef/simulador') result = tef.simulate(body);
        else if (path === '/vero/simulador') {
          const script = simulatorScript.safeParse(body);
          result = vero instanceof VeroSimulator && script.success
            ? (vero.enqueue(script.data), { status: 200, answer: { ok: true }, log: { simulador: script.data } })
            : { status: vero instanceof VeroSimulator ? 400 : 404, answer: { mensagem: 'Simulador VERO não configurado ou roteiro inválido.' }, log: {} };
        } else if (tefOperation) result = await tef.run(tefOperation, body);
        else result = await veroCall(vero, veroName as VeroCall, body);
        log({ evento: satPath ? 'sat' : tefOperation ? 'tef' : 'vero', rota: path, ...result.log, ms: Math.round(performance.now() - started) });
        send(res, result.status, result.answer, cors);
      })().catch((error: unknown) => {
        log({ evento: 'cartao', rota: path, erro: error instanceof Error ? error.message : String(error) });
        if (!res.headersSent) send(res, 500, { Codigo: PRINT_CODES.own, Mensagem: PRINT_MESSAGES.printerFailed('o conector', 'erro interno') }, cors);
      });
      return;
    }
    if (req.method === 'POST' && path === NFCE_PATH) {
      const started = performance.now();
      void (async () => {
        const text = await readBody(req, NFCE_MAX_BODY);
        let body: unknown = null;
        try {
          body = text === null ? null : JSON.parse(text);
        } catch {
          body = null;
        }
        const result = await issueNfce(config, nfceSigner, body, openSerial);
        log({ evento: 'nfce_contingencia', ...result.log, ms: Math.round(performance.now() - started) });
        send(res, result.status, result.answer, cors);
      })().catch((error: unknown) => {
        log({ evento: 'nfce_contingencia', erro: error instanceof Error ? error.message : String(error) });
        if (!res.headersSent) send(res, 500, { Codigo: PRINT_CODES.own, Mensagem: PRINT_MESSAGES.printerFailed('o conector', 'erro interno') }, cors);
      });
      return;
    }
    const boleto = path === '/boleto/emitir' || path === '/boleto/gerar_remessa' || path === '/boleto/ler_retorno';
    if (req.method !== 'POST' || (path !== '/impressao' && path !== '/balanca/peso' && !boleto)) {
      send(res, 404, { Codigo: PRINT_CODES.own, Mensagem: `Rota não encontrada: ${req.method ?? ''} ${path ?? ''}` }, cors);
      return;
    }
    const started = performance.now();
    void (async () => {
      const text = await readBody(req, PRINT_MAX_BASE64 + 4096);
      let body: unknown = null;
      try {
        body = text === null ? null : JSON.parse(text);
      } catch {
        body = null;
      }
      const result = path === '/balanca/peso' ? await readScale(config, body, openSerial)
        : path === '/boleto/emitir' ? await emitir(body)
          : path === '/boleto/gerar_remessa' ? gerarRemessa(body)
            : path === '/boleto/ler_retorno' ? lerRetorno(body) : await print(config, body, openSerial);
      log({ evento: path === '/balanca/peso' ? 'balanca' : boleto ? path.slice(1).replace('/', '_') : 'impressao', ...result.log, ms: Math.round(performance.now() - started) });
      send(res, result.status, result.answer, cors);
    })().catch((error: unknown) => {
      log({ evento: 'impressao', Codigo: PRINT_CODES.own, erro: error instanceof Error ? error.message : String(error) });
      if (!res.headersSent) send(res, 500, { Codigo: PRINT_CODES.own, Mensagem: PRINT_MESSAGES.printerFailed('o conector', 'erro interno') }, cors);
    });
  });
}

/** Starts listening; resolves with the port (0 in the configuration picks a free one). */
export function listen(server: Server, config: ConnectorConfig): Promise<number> {
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(config.porta_connect, config.endereco, () => {
      server.off('error', fail);
      done((server.address() as AddressInfo).port);
    });
  });
}
