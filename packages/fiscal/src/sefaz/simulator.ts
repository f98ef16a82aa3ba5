// SEFAZ homologation simulator: an HTTPS SOAP 1.2 server that plays a SEFAZ authorizer in homologation (tpAmb 2)
// for tests and local runs. It is NOT SEFAZ and has no fiscal value. It serves
//   POST /ws/NFeAutorizacao4, /ws/NFeRetAutorizacao4, /ws/NFeConsultaProtocolo4, /ws/NFeStatusServico4,
//        /ws/NFeInutilizacao4, /ws/NFeRecepcaoEvento4 (also the recipient's manifestation, as the Ambiente Nacional)
//        /ws/NFeDistribuicaoDFe (the national distribution: a DistributionFake, simulator-dist.ts)
// with mutual TLS (a client certificate is required on /ws/; any certificate is accepted, none is refused), checks the
// XSD, the signature (xml-crypto) and the access key, keeps its documents in memory and answers in the real layouts,
// so the client that talks to it is the one that talks to SEFAZ (point it here with `endpoints: { baseUrl: url }`).
//
// Control: `setMode('normal' | 'slow' | 'unavailable')`, or from another process on loopback only:
//   POST /simulator/mode  {"mode":"slow","delayMs":20000}   GET /simulator/mode   POST /simulator/reset
//   POST /simulator/dist-dfe {"xml":"<nfeProc…>","cnpj":"…"}  an NF-e destined to a CNPJ (default: its dest), for the
//        distribution (a resNFe now, the procNFe after the recipient's ciência or confirmação)
// 'slow' processes each request at once but answers only after delayMs (so a client that timed out may find its NF-e
// authorized when it resends: 204, then consulta); 'unavailable' answers HTTP 503 or drops the connection.

import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { SEFAZ_SERVICES, type SefazService } from './endpoints.ts';
import { SefazProtocolError, SefazSoapFaultError } from './errors.ts';
import { validateXml } from '../validate.ts';
import { handleEnvEvento, handleInutNFe } from './simulator-events.ts';
import { answerDistribution, destineProcNFe } from './simulator-dist.ts';
import { handleConsReciNFe, handleConsSitNFe, handleConsStatServ, handleEnviNFe } from './simulator-nfe.ts';
import { SimulatorState, type SimulatorContext } from './simulator-state.ts';
import { createSimulatorTlsMaterial } from './simulator-tls.ts';
import { buildSoapFault, buildSoapResponse, readSoapMessage } from './soap.ts';
import type { XmlElement } from './xml.ts';

export const SIMULATOR_NAME = 'SEFAZ homologation simulator';

export type SimulatorMode = 'normal' | 'slow' | 'unavailable';

export interface SimulatorModeOptions {
  /** 'slow': how long each answer waits (default 30 s, beyond any sane client timeout). */
  readonly delayMs?: number;
  /** 'unavailable': drop the connection instead of answering HTTP 503. */
  readonly dropConnection?: boolean;
}

export interface SefazSimulatorOptions {
  readonly port?: number;
  readonly host?: string;
  /** Log lines, already prefixed with the simulator's name (default console.info). */
  readonly log?: (line: string) => void;
  /** NFC-e offline (tpEmis 9) authorized with 150 when sent more than this after dhEmi (default 24 h). */
  readonly offlineDeadlineMs?: number;
  readonly now?: () => Date;
  /** XSD validation (default: validate.ts's validateXml, the official schema package). */
  readonly validate?: SimulatorContext['validate'];
}

export interface SefazSimulator {
  /** `https://host:port`: use as `endpoints.baseUrl`. */
  readonly url: string;
  /** Trust this to reach the simulator (`ca` of the client). */
  readonly caCertPem: string;
  readonly state: SimulatorState;
  setMode(mode: SimulatorMode, options?: SimulatorModeOptions): void;
  readonly mode: SimulatorMode;
  /** An authorized NF-e (nfeProc) destined to `cnpj` (default its dest) in the distribution (POST /simulator/dist-dfe). */
  destine(xml: string, cnpj?: string): ReturnType<typeof destineProcNFe>;
  close(): Promise<void>;
}

const HANDLERS: Record<
  SefazService,
  { element: string; handle: (ctx: SimulatorContext, source: string, payload: XmlElement) => Promise<string> }
> = {
  NFeAutorizacao4: { element: 'enviNFe', handle: handleEnviNFe },
  NFeRetAutorizacao4: { element: 'consReciNFe', handle: handleConsReciNFe },
  NFeConsultaProtocolo4: { element: 'consSitNFe', handle: handleConsSitNFe },
  NFeStatusServico4: { element: 'consStatServ', handle: handleConsStatServ },
  NFeInutilizacao4: { element: 'inutNFe', handle: handleInutNFe },
  NFeRecepcaoEvento4: { element: 'envEvento', handle: handleEnvEvento },
};

const MAX_REQUEST_BYTES = 2 * 1024 * 1024;
const SOAP_CONTENT_TYPE = 'application/soap+xml; charset=utf-8';

function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_REQUEST_BYTES) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > MAX_REQUEST_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, contentType: string, body: string): void {
  response.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body) });
  response.end(body);
}

/** What the request handlers share: the fiscal context, the mode in force and the slow answers still waiting. */
interface Runtime {
  readonly ctx: SimulatorContext;
  readonly log: (line: string) => void;
  readonly modes: ModeSwitch;
  readonly delays: Delays;
}

interface ModeSwitch {
  readonly mode: SimulatorMode;
  readonly options: SimulatorModeOptions;
  set(mode: SimulatorMode, options?: SimulatorModeOptions): void;
}

interface Delays {
  wait(ms: number): Promise<void>;
  /** Ends every wait at once (on close). */
  releaseAll(): void;
}

function createModeSwitch(log: (line: string) => void): ModeSwitch {
  let mode: SimulatorMode = 'normal';
  let options: SimulatorModeOptions = {};
  return {
    get mode() {
      return mode;
    },
    get options() {
      return options;
    },
    set(next, nextOptions = {}) {
      mode = next;
      options = nextOptions;
      const delay = nextOptions.delayMs !== undefined ? ` (${nextOptions.delayMs} ms)` : '';
      log(`mode ${next}${delay}${nextOptions.dropConnection ? ' (drop connection)' : ''}`);
    },
  };
}

function createDelays(): Delays {
  const pending = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  return {
    wait: (ms) =>
      new Promise<void>((resolve) => {
        const entry = { timer: setTimeout(() => finish(), ms), resolve: () => finish() };
        function finish() {
          clearTimeout(entry.timer);
          pending.delete(entry);
          resolve();
        }
        pending.add(entry);
      }),
    releaseAll() {
      for (const entry of [...pending]) entry.resolve();
    },
  };
}

function createContext(
  options: SefazSimulatorOptions,
  state: SimulatorState,
  log: (line: string) => void,
): SimulatorContext {
  return {
    state,
    now: options.now ?? (() => new Date()),
    validate: options.validate ?? validateXml,
    log,
    offlineDeadlineMs: options.offlineDeadlineMs ?? 24 * 3600 * 1000,
    verAplic: 'SIMUL-HOMOLOG-4.00',
  };
}

const sendJson = (response: ServerResponse, status: number, body: unknown) =>
  send(response, status, 'application/json', JSON.stringify(body));

/** The body of POST /simulator/mode, or null when its mode is not one of ours. */
function parseModeRequest(body: string): { mode: SimulatorMode; options: SimulatorModeOptions } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  const input = (parsed ?? {}) as { mode?: unknown; delayMs?: unknown; dropConnection?: unknown };
  if (input.mode !== 'normal' && input.mode !== 'slow' && input.mode !== 'unavailable') return null;
  return {
    mode: input.mode,
    options: {
      delayMs: typeof input.delayMs === 'number' ? input.delayMs : undefined,
      dropConnection: input.dropConnection === true,
    },
  };
}

/** /simulator/*: the mode and a reset, from loopback only. */
async function serveAdmin(
  rt: Runtime,
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
): Promise<void> {
  if (!isLoopback(request.socket.remoteAddress))
    return send(response, 403, 'text/plain; charset=utf-8', 'somente loopback');
  const current = () => ({ mode: rt.modes.mode, ...rt.modes.options });
  if (path === '/simulator/mode' && request.method === 'GET') return sendJson(response, 200, current());
  if (path === '/simulator/reset' && request.method === 'POST') {
    rt.ctx.state.reset();
    rt.log('state reset');
    return sendJson(response, 200, { ok: true });
  }
  if (path === '/simulator/dist-dfe' && request.method === 'POST') {
    let input: { xml?: unknown; cnpj?: unknown } = {};
    try {
      input = JSON.parse((await readBody(request)) ?? '{}') as typeof input;
    } catch {
      input = {};
    }
    if (typeof input.xml !== 'string') return sendJson(response, 400, { error: 'xml (nfeProc) é obrigatório' });
    try {
      return sendJson(response, 200, destineProcNFe(rt.ctx, input.xml, typeof input.cnpj === 'string' ? input.cnpj : undefined));
    } catch (error) {
      return sendJson(response, 400, { error: error instanceof Error ? error.message : String(error) });
    }
  }
  if (path === '/simulator/mode' && request.method === 'POST') {
    const next = parseModeRequest((await readBody(request)) ?? '');
    if (next === null) return sendJson(response, 400, { error: 'mode deve ser normal, slow ou unavailable' });
    rt.modes.set(next.mode, next.options);
    return sendJson(response, 200, current());
  }
  return send(response, 404, 'text/plain; charset=utf-8', 'não encontrado');
}

/**
 * The gate before a service: a client certificate, the 'unavailable' mode, POST, SOAP 1.2 and the size limit. Answers
 * (or drops) and returns undefined when the request does not pass; otherwise returns its body.
 */
async function admitServiceRequest(
  rt: Runtime,
  request: IncomingMessage,
  response: ServerResponse,
  service: string,
): Promise<string | undefined> {
  const peer = (request.socket as TLSSocket).getPeerCertificate();
  if (!peer || Object.keys(peer).length === 0) {
    rt.log(`${service}: refused, no client certificate`);
    request.socket.destroy();
    return undefined;
  }
  if (rt.modes.mode === 'unavailable') {
    rt.log(`${service}: unavailable`);
    if (rt.modes.options.dropConnection) request.socket.destroy();
    else send(response, 503, 'text/plain; charset=utf-8', 'Service Unavailable');
    return undefined;
  }
  if (request.method !== 'POST') {
    send(response, 405, 'text/plain; charset=utf-8', 'use POST');
    return undefined;
  }
  if (!/^application\/soap\+xml\b/i.test(request.headers['content-type'] ?? '')) {
    send(
      response,
      415,
      SOAP_CONTENT_TYPE,
      buildSoapFault('soap:Sender', 'Content-Type deve ser application/soap+xml (SOAP 1.2)'),
    );
    return undefined;
  }
  const body = await readBody(request);
  if (body === undefined)
    send(response, 413, SOAP_CONTENT_TYPE, buildSoapFault('soap:Sender', 'Mensagem grande demais'));
  return body;
}

/** The service's answer to a SOAP request: the handler's message in a SOAP response, or the fault's reason. */
async function answerService(
  ctx: SimulatorContext,
  service: SefazService,
  body: string,
): Promise<{ answer: string } | { fault: string }> {
  try {
    const message = readSoapMessage(body, 'nfeDadosMsg');
    const handler = HANDLERS[service];
    if (message.service !== service)
      throw new SefazProtocolError(`nfeDadosMsg com namespace de outro serviço (esperado ${service})`);
    if (message.payload.localName !== handler.element)
      throw new SefazProtocolError(`${service} espera <${handler.element}>, recebeu <${message.payload.localName}>`);
    return { answer: buildSoapResponse(service, await handler.handle(ctx, message.source, message.payload)) };
  } catch (error) {
    const reason =
      error instanceof SefazSoapFaultError ? error.reason : error instanceof Error ? error.message : String(error);
    return { fault: reason };
  }
}

/** /ws/<service>: admitted, answered, and in 'slow' mode held back before the answer goes out. */
async function serveService(
  rt: Runtime,
  request: IncomingMessage,
  response: ServerResponse,
  service: SefazService,
): Promise<void> {
  // The mode is the one in force when the request arrives: a slow answer stays slow after a switch back.
  const slowMs = rt.modes.mode === 'slow' ? (rt.modes.options.delayMs ?? 30_000) : 0;
  const body = await admitServiceRequest(rt, request, response, service);
  if (body === undefined) return;
  const result = await answerService(rt.ctx, service, body);
  if ('fault' in result) {
    rt.log(`${service}: SOAP fault: ${result.fault}`);
    return send(response, 400, SOAP_CONTENT_TYPE, buildSoapFault('soap:Sender', result.fault));
  }
  if (slowMs > 0) {
    rt.log(`${service}: answering in ${slowMs} ms (slow)`);
    await rt.delays.wait(slowMs);
    if (request.socket.destroyed) return;
  }
  send(response, 200, SOAP_CONTENT_TYPE, result.answer);
}

/** /ws/NFeDistribuicaoDFe: the same gate and modes as the other services, its own envelope (nfeDistDFeInteresse). */
async function serveDistribution(rt: Runtime, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const slowMs = rt.modes.mode === 'slow' ? (rt.modes.options.delayMs ?? 30_000) : 0;
  const body = await admitServiceRequest(rt, request, response, 'NFeDistribuicaoDFe');
  if (body === undefined) return;
  let answer: string;
  try {
    answer = await answerDistribution(rt.ctx, body);
  } catch (error) {
    const reason = error instanceof SefazSoapFaultError ? error.reason : error instanceof Error ? error.message : String(error);
    rt.log(`NFeDistribuicaoDFe: SOAP fault: ${reason}`);
    return send(response, 400, SOAP_CONTENT_TYPE, buildSoapFault('soap:Sender', reason));
  }
  if (slowMs > 0) {
    await rt.delays.wait(slowMs);
    if (request.socket.destroyed) return;
  }
  send(response, 200, SOAP_CONTENT_TYPE, answer);
}

/** Request routing: /simulator/* to the admin, /ws/<service> (any case) to the service, the rest 404. */
function route(rt: Runtime, request: IncomingMessage, response: ServerResponse): void {
  const path = (request.url ?? '/').split('?')[0] ?? '/';
  const service = SEFAZ_SERVICES.find((s) => path.toLowerCase() === `/ws/${s.toLowerCase()}`);
  const work = path.startsWith('/simulator/')
    ? serveAdmin(rt, request, response, path)
    : service
      ? serveService(rt, request, response, service)
      : path.toLowerCase() === '/ws/nfedistribuicaodfe'
        ? serveDistribution(rt, request, response)
        : Promise.resolve(send(response, 404, 'text/plain; charset=utf-8', 'serviço não encontrado'));
  work.catch((error: unknown) => {
    rt.log(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    if (!response.headersSent)
      send(response, 500, SOAP_CONTENT_TYPE, buildSoapFault('soap:Receiver', 'Erro interno do simulador'));
    else response.destroy();
  });
}

/** The HTTPS server with mutual TLS: a client certificate is asked for, any is accepted (checked per service). */
function createTlsServer(
  tls: { serverKeyPem: string; serverCertPem: string },
  log: (line: string) => void,
  onRequest: (request: IncomingMessage, response: ServerResponse) => void,
): https.Server {
  const server = https.createServer(
    {
      key: tls.serverKeyPem,
      cert: tls.serverCertPem,
      requestCert: true,
      rejectUnauthorized: false,
      minVersion: 'TLSv1.2',
    },
    onRequest,
  );
  server.on('tlsClientError', (error) => log(`TLS client error: ${error.message}`));
  return server;
}

/** Listens and answers the server's URL. */
async function listen(server: https.Server, port: number, host: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return `https://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

export async function startSefazSimulator(options: SefazSimulatorOptions = {}): Promise<SefazSimulator> {
  const host = options.host ?? '127.0.0.1';
  const print = options.log ?? ((line: string) => console.info(line));
  const log = (line: string) => print(`[${SIMULATOR_NAME}] ${line}`);
  const tls = createSimulatorTlsMaterial([host]);
  const state = new SimulatorState();
  const rt: Runtime = {
    ctx: createContext(options, state, log),
    log,
    modes: createModeSwitch(log),
    delays: createDelays(),
  };
  const server = createTlsServer(tls, log, (request, response) => route(rt, request, response));
  const url = await listen(server, options.port ?? 0, host);
  log(`listening on ${url} (homologação, tpAmb 2; not SEFAZ, no fiscal value)`);

  return {
    url,
    caCertPem: tls.caCertPem,
    state,
    setMode: (mode, modeOptions) => rt.modes.set(mode, modeOptions),
    destine: (xml, cnpj) => destineProcNFe(rt.ctx, xml, cnpj),
    get mode() {
      return rt.modes.mode;
    },
    async close() {
      rt.delays.releaseAll();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      log('closed');
    },
  };
}
