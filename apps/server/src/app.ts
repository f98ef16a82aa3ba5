import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { API_PREFIX } from '@pdv/contract/routes';
import { ValidationError } from '@pdv/domain/errors';
import { MESSAGES } from '@pdv/domain/messages';
import type { Database } from './db/database.ts';
import { HttpError } from './http/errors.ts';
import type { Deps, Handlers } from './http/handlers.ts';
import { registerRoutes } from './http/register.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { adminHandlers, userProfileHandlers } from './modules/admin/routes.ts';
import { registerHandlersWith } from './modules/registers/routes.ts';
import { REGISTER_HOOKS } from './register-hooks.ts';
import { branchHandlers } from './modules/branch/routes.ts';
import { platformHandlers } from './modules/platform/routes.ts';
import { smtpMail, type MailDeps } from './modules/branch/smtp.ts';
import { authHandlers } from './modules/auth/routes.ts';
import { authorizationHandlers } from './modules/authorization/routes.ts';
import { syncHandlers } from './modules/sync/routes.ts';
import { operationHandlers } from './modules/operation/routes.ts';
import { cashierHandlers } from './modules/cashier/routes.ts';
import { orderHandlers } from './modules/order/routes.ts';
import { priceHistoryHandlers } from './modules/catalog/price-history.ts';
import { priceReadjustHandlers } from './modules/catalog/price-readjust.ts';
import { importHandlers } from './modules/import/routes.ts';
import { financeHandlers } from './modules/finance/routes.ts';
import { boletoHandlers } from './modules/finance/boleto-routes.ts';
import { bankLaunchHandlers } from './modules/finance/bank-launches.ts';
import { reconciliationHandlers } from './modules/finance/reconciliation.ts';
import { cashFlowHandlers } from './modules/finance/cash-flow.ts';
import { commissionHandlers } from './modules/commission/routes.ts';
import { cashbackHandlers } from './modules/cashback/routes.ts';
import { productHandlers } from './modules/catalog/product-routes.ts';
import { peopleHandlers } from './modules/people/routes.ts';
import { fiscalEntryHandlers } from './modules/fiscal-entry/routes.ts';
import { productTabHandlers } from './modules/catalog/product-tabs.ts';
import { stockHandlers } from './modules/stock/by-branch.ts';
import { stockDocumentHandlersWith } from './modules/stock/document-routes.ts';
import { applyEntryAverageCost } from './modules/catalog/average-cost.ts';
import { transferInvoicing } from './modules/fiscal/transfer-invoice.ts';
import { inventoryHandlers } from './modules/inventory/routes.ts';
import { invoiceHandlers } from './modules/invoice/routes.ts';
import { invoicePartHandlers } from './modules/invoice/parts-routes.ts';
import { fiscalHandlers } from './modules/fiscal/routes.ts';
import { fiscalListHandlers } from './modules/fiscal/lists.ts';
import { registerFiscalFiles } from './modules/fiscal/files.ts';
import { registerStoredFiles } from './storage/files.ts';
import { retainPdfRenderer } from './pdf/renderer.ts';
import type { FiscalDeps } from './modules/fiscal/deps.ts';
import { offlineBank, type BankDeps } from './modules/bank/deps.ts';
import { bankHandlers } from './modules/bank/routes.ts';
import { registerBankWebhook } from './modules/bank/webhook.ts';
import { offlineFiscal } from './modules/fiscal/setup.ts';
import { Throttle, type ThrottleOptions } from './modules/auth/throttle.ts';
import type { TokenService } from './modules/auth/token.ts';
import { Lifecycle } from './http/lifecycle.ts';

export const handlers: Handlers = {
  ...authHandlers, ...authorizationHandlers, ...adminHandlers, ...syncHandlers, ...operationHandlers, ...cashierHandlers, ...orderHandlers, ...productHandlers, ...peopleHandlers, ...priceHistoryHandlers, ...priceReadjustHandlers, ...importHandlers, ...financeHandlers, ...boletoHandlers, ...bankLaunchHandlers, ...reconciliationHandlers, ...cashFlowHandlers, ...commissionHandlers, ...cashbackHandlers, ...stockHandlers, ...stockDocumentHandlersWith(applyEntryAverageCost, transferInvoicing), ...inventoryHandlers, ...invoiceHandlers, ...invoicePartHandlers, ...fiscalHandlers, ...fiscalListHandlers, ...fiscalEntryHandlers,
  ...registerHandlersWith(REGISTER_HOOKS), ...userProfileHandlers,
  ...branchHandlers, ...platformHandlers, ...productTabHandlers, ...bankHandlers,
};

export interface AppOptions {
  db: Database;
  tokens: TokenService;
  throttle?: ThrottleOptions;
  /** Folder of the built web app to serve (SPA fallback to index.html). */
  webDir?: string;
  logger?: boolean;
  bodyLimit?: number;
  /** How to reach SEFAZ; without it every fiscal call fails as SEFAZ unavailable. */
  fiscal?: FiscalDeps;
  /** How to reach the bank; without it every bank call answers 'Integração bancária não configurada.'. */
  bank?: BankDeps;
  /**
   * Longest time to receive a whole request (headers and body); past it the answer is 408 and the connection closes.
   * Default 60 s.
   */
  requestTimeoutMs?: number;
  /** Behind a proxy that ends TLS: trust its X-Forwarded-* headers (client address, HTTPS). Default false. */
  trustProxy?: boolean;
  /** How branch e-mail accounts send (real SMTP by default). */
  mail?: MailDeps;
  /** The node's serving state, shared with main.ts's graceful stop; a fresh one by default. */
  lifecycle?: Lifecycle;
}

/**
 * PostgreSQL errors caused by a value the request carried (a body the contract lets through but the database cannot
 * hold): class 22, data exceptions (U+0000 in text, 2024-02-30, year 0000, a numeric past numeric(15,2), ...), and
 * 23514, a CHECK constraint (a zero price, a discount above its line). The transaction was rolled back: a 400.
 */
function isBadValue(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && (/^22[0-9A-Z]{3}$/.test(code) || code === '23514');
}

/** PostgreSQL errors that mean the server cannot be reached right now (as opposed to a bug in a query). */
function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 3) return false;
  const code = (error as { code?: unknown }).code;
  // 08: connection exceptions; 57P01-57P03: shut down, crashed, starting up; 53300: too many connections (right after
  // a restart, under load); socket errors of the driver.
  if (typeof code === 'string' && (/^08/.test(code) || /^57P0[123]$/.test(code) || code === '53300'
    || /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|ENOTCONN|EHOSTUNREACH)$/.test(code))) {
    return true;
  }
  const message = error instanceof Error ? error.message : '';
  if (/Connection terminated|ECONNREFUSED|ECONNRESET|EPIPE|not queryable|Client was closed|timeout exceeded when trying to connect/.test(message)) {
    return true;
  }
  // A failure while rolling back a broken connection carries the first one as its cause.
  return isDatabaseUnavailable((error as { cause?: unknown }).cause, depth + 1);
}

/** The pt-BR sentence of a client error the framework found before any route ran. */
function clientErrorMessage(status: number): string {
  if (status === 404) return MESSAGES.routeNotFound;
  if (status === 408) return MESSAGES.requestTimeout;
  if (status === 413) return MESSAGES.bodyTooLarge;
  if (status === 415) return MESSAGES.unsupportedMediaType;
  if (status === 431) return MESSAGES.headersTooLarge;
  return MESSAGES.badRequest;
}

const ERROR_ONLY_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
};

/** A URL the router cannot decode (/api/%zz) and the like: our body instead of the framework's. */
function frameworkErrorAnswer(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_BAD_URL' ? 400 : (error.statusCode ?? 400);
  // Answered before the hooks run (no security headers yet): the strictest ones, as the answer is only an error.
  void reply.headers(ERROR_ONLY_HEADERS);
  void reply.status(status).send({ message: error.code === 'FST_ERR_BAD_URL' ? MESSAGES.badUrl : clientErrorMessage(status) });
}

/**
 * Errors on the connection before a request exists (a body that never arrives within the request time-out, headers
 * too large, bytes that are not HTTP): an answer written on the socket, which then closes.
 */
function clientErrorAnswer(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  if (socket.writable) {
    const body = JSON.stringify({ message: clientErrorMessage(status) });
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\n`
      + `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const requestTimeout = options.requestTimeoutMs ?? 60_000;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? 1_048_576,
    trustProxy: options.trustProxy ?? false,
    requestTimeout,
    // Node checks the time-outs every connectionsCheckingInterval (30 s by default): a tenth of the limit instead.
    http: { requestTimeout, connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.round(requestTimeout / 10))) },
    frameworkErrors: frameworkErrorAnswer,
    clientErrorHandler: clientErrorAnswer,
    // While stopping, a request that still arrives on a kept-alive connection is served (with Connection: close)
    // rather than refused with the framework's English 503; /api/ready says 503 in pt-BR (http/lifecycle.ts).
    return503OnClosing: false,
  });
  await registerSecurityHeaders(app);
  const deps: Deps = {
    db: options.db, tokens: options.tokens, throttle: new Throttle(options.db, options.throttle), fiscal: options.fiscal ?? offlineFiscal(),
    mail: options.mail ?? smtpMail(), bank: options.bank ?? offlineBank(),
    lifecycle: options.lifecycle ?? new Lifecycle(),
  };

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.status).send({
        message: error.message,
        ...(error.complement ? { complement: error.complement } : {}),
        ...(error.erros ? { erros: error.erros } : {}),
      });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send({ message: MESSAGES.malformedJson });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send({ message: MESSAGES.bodyTooLarge });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send({ message: MESSAGES.unsupportedMediaType });
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return reply.status(400).send({ message: MESSAGES.badRequest });
      default:
        break;
    }
    if (error instanceof SyntaxError || (error.statusCode === 400 && error.validation === undefined)) {
      return reply.status(400).send({ message: MESSAGES.malformedJson });
    }
    // Any other refusal of the framework or a plugin (a 4xx with its own English text): the status, in our words.
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: clientErrorMessage(error.statusCode) });
    }
    // A business rule of the domain refused the request (CONVENTIONS.md, Errors: mapped to 400 once, at the edge).
    if (error instanceof ValidationError) {
      return reply.status(400).send({ message: error.message });
    }
    if (isBadValue(error)) {
      request.log.warn({ err: error }, 'value refused by the database');
      return reply.status(400).send({ message: MESSAGES.invalidValue });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send({ message: MESSAGES.databaseUnavailable });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ message: MESSAGES.internalError });
  });

  // A request in flight when the node began to stop closes its connection with its answer (http/lifecycle.ts): a
  // kept-alive connection left idle would hold the HTTP server open until the shutdown's time limit.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (deps.lifecycle.stopping) void reply.header('connection', 'close');
    return payload;
  });

  // PDFs render in worker threads (pdf/renderer.ts); the last app to close terminates them.
  app.addHook('onClose', retainPdfRenderer());
  registerRoutes(app, handlers, deps);
  registerFiscalFiles(app, deps);
  registerBankWebhook(app, deps);
  registerStoredFiles(app, deps);

  if (options.webDir && existsSync(options.webDir)) {
    await app.register(fastifyStatic, {
      root: options.webDir,
      wildcard: false,
      setHeaders(res, path) {
        // The entry page and the service worker must be revalidated so a new version is seen at once.
        if (/(index\.html|service-worker\.js|registerSW\.js|manifest\.webmanifest)$/.test(path)) {
          void res.header('cache-control', 'no-cache');
        } else if (/\/assets\//.test(path)) {
          void res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || !options.webDir || request.method !== 'GET') {
      return reply.status(404).send({ message: MESSAGES.routeNotFound });
    }
    // Client-side routes (/checkout, /branch, ...) get the single page.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}
