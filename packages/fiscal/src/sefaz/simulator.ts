// SEFAZ homologation simulator: an HTTPS SOAP 1.2 server that plays a SEFAZ authorizer in homologation (tpAmb 2)
// for tests and local runs. It is NOT SEFAZ and has no fiscal value. It serves
//   POST /ws/NFeAutorizacao4, /ws/NFeRetAutorizacao4, /ws/NFeConsultaProtocolo4, /ws/NFeStatusServico4,
//        /ws/NFeInutilizacao4, /ws/NFeRecepcaoEvento4
// with mutual TLS (a client certificate is required on /ws/; any certificate is accepted, none is refused), checks the
// XSD, the signature (xml-crypto) and the access key, keeps its documents in memory and answers in the real layouts,
// so the client that talks to it is the one that talks to SEFAZ (point it here with `endpoints: { baseUrl: url }`).
//
// Control: `setMode('normal' | 'slow' | 'unavailable')`, or from another process on loopback only:
//   POST /simulator/mode  {"mode":"slow","delayMs":20000}   GET /simulator/mode   POST /simulator/reset
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

export async function startSefazSimulator(options: SefazSimulatorOptions = {}): Promise<SefazSimulator> {
  const host = options.host ?? '127.0.0.1';
  const print = options.log ?? ((line: string) => console.info(line));
  const log = (line: string) => print(`[${SIMULATOR_NAME}] ${line}`);
  const tls = createSimulatorTlsMaterial([host]);
  const state = new SimulatorState();
  const ctx: SimulatorContext = {
    state,
    now: options.now ?? (() => new Date()),
    validate: options.validate ?? validateXml,
    log,
    offlineDeadlineMs: options.offlineDeadlineMs ?? 24 * 3600 * 1000,
    verAplic: 'SIMUL-HOMOLOG-4.00',
  };
  let mode: SimulatorMode = 'normal';
  let modeOptions: SimulatorModeOptions = {};
  const pendingDelays = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();

  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const entry = { timer: setTimeout(() => finish(), ms), resolve: () => finish() };
      function finish() {
        clearTimeout(entry.timer);
        pendingDelays.delete(entry);
        resolve();
      }
      pendingDelays.add(entry);
    });

  const setMode = (next: SimulatorMode, nextOptions: SimulatorModeOptions = {}) => {
    mode = next;
    modeOptions = nextOptions;
    log(
      `mode ${next}${nextOptions.delayMs !== undefined ? ` (${nextOptions.delayMs} ms)` : ''}${nextOptions.dropConnection ? ' (drop connection)' : ''}`,
    );
  };

  async function serveAdmin(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    if (!isLoopback(request.socket.remoteAddress))
      return send(response, 403, 'text/plain; charset=utf-8', 'somente loopback');
    if (path === '/simulator/mode' && request.method === 'GET') {
      return send(response, 200, 'application/json', JSON.stringify({ mode, ...modeOptions }));
    }
    if (path === '/simulator/reset' && request.method === 'POST') {
      state.reset();
      log('state reset');
      return send(response, 200, 'application/json', JSON.stringify({ ok: true }));
    }
    if (path === '/simulator/mode' && request.method === 'POST') {
      const body = (await readBody(request)) ?? '';
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        parsed = undefined;
      }
      const input = (parsed ?? {}) as { mode?: unknown; delayMs?: unknown; dropConnection?: unknown };
      if (input.mode !== 'normal' && input.mode !== 'slow' && input.mode !== 'unavailable') {
        return send(
          response,
          400,
          'application/json',
          JSON.stringify({ error: 'mode deve ser normal, slow ou unavailable' }),
        );
      }
      setMode(input.mode, {
        delayMs: typeof input.delayMs === 'number' ? input.delayMs : undefined,
        dropConnection: input.dropConnection === true,
      });
      return send(response, 200, 'application/json', JSON.stringify({ mode, ...modeOptions }));
    }
    return send(response, 404, 'text/plain; charset=utf-8', 'não encontrado');
  }

  async function serveService(
    request: IncomingMessage,
    response: ServerResponse,
    service: SefazService,
  ): Promise<void> {
    const peer = (request.socket as TLSSocket).getPeerCertificate();
    if (!peer || Object.keys(peer).length === 0) {
      log(`${service}: refused, no client certificate`);
      request.socket.destroy();
      return;
    }
    if (mode === 'unavailable') {
      log(`${service}: unavailable`);
      if (modeOptions.dropConnection) {
        request.socket.destroy();
        return;
      }
      return send(response, 503, 'text/plain; charset=utf-8', 'Service Unavailable');
    }
    // The mode is the one in force when the request arrives: a slow answer stays slow after a switch back.
    const slowMs = mode === 'slow' ? (modeOptions.delayMs ?? 30_000) : 0;
    if (request.method !== 'POST') return send(response, 405, 'text/plain; charset=utf-8', 'use POST');
    const contentType = request.headers['content-type'] ?? '';
    if (!/^application\/soap\+xml\b/i.test(contentType)) {
      return send(
        response,
        415,
        SOAP_CONTENT_TYPE,
        buildSoapFault('soap:Sender', 'Content-Type deve ser application/soap+xml (SOAP 1.2)'),
      );
    }
    const body = await readBody(request);
    if (body === undefined)
      return send(response, 413, SOAP_CONTENT_TYPE, buildSoapFault('soap:Sender', 'Mensagem grande demais'));

    let answer: string;
    try {
      const message = readSoapMessage(body, 'nfeDadosMsg');
      const handler = HANDLERS[service];
      if (message.service !== service)
        throw new SefazProtocolError(`nfeDadosMsg com namespace de outro serviço (esperado ${service})`);
      if (message.payload.localName !== handler.element)
        throw new SefazProtocolError(`${service} espera <${handler.element}>, recebeu <${message.payload.localName}>`);
      answer = buildSoapResponse(service, await handler.handle(ctx, message.source, message.payload));
    } catch (error) {
      const reason =
        error instanceof SefazSoapFaultError ? error.reason : error instanceof Error ? error.message : String(error);
      log(`${service}: SOAP fault: ${reason}`);
      return send(response, 400, SOAP_CONTENT_TYPE, buildSoapFault('soap:Sender', reason));
    }
    if (slowMs > 0) {
      log(`${service}: answering in ${slowMs} ms (slow)`);
      await delay(slowMs);
      if (request.socket.destroyed) return;
    }
    send(response, 200, SOAP_CONTENT_TYPE, answer);
  }

  const server = https.createServer(
    {
      key: tls.serverKeyPem,
      cert: tls.serverCertPem,
      requestCert: true,
      rejectUnauthorized: false,
      minVersion: 'TLSv1.2',
    },
    (request, response) => {
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      const service = SEFAZ_SERVICES.find((s) => path.toLowerCase() === `/ws/${s.toLowerCase()}`);
      const work = path.startsWith('/simulator/')
        ? serveAdmin(request, response, path)
        : service
          ? serveService(request, response, service)
          : Promise.resolve(send(response, 404, 'text/plain; charset=utf-8', 'serviço não encontrado'));
      work.catch((error: unknown) => {
        log(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        if (!response.headersSent)
          send(response, 500, SOAP_CONTENT_TYPE, buildSoapFault('soap:Receiver', 'Erro interno do simulador'));
        else response.destroy();
      });
    },
  );
  server.on('tlsClientError', (error) => log(`TLS client error: ${error.message}`));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const url = `https://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  log(`listening on ${url} (homologação, tpAmb 2; not SEFAZ, no fiscal value)`);

  return {
    url,
    caCertPem: tls.caCertPem,
    state,
    setMode,
    get mode() {
      return mode;
    },
    async close() {
      for (const pending of [...pendingDelays]) pending.resolve();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      log('closed');
    },
  };
}
