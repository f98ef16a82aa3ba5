// HTTPS POST with mutual TLS and a hard deadline. Every failure to get a complete answer becomes a
// SefazUnavailableError (a SefazTimeoutError when the deadline passed), so the caller can decide on contingency.

import https from 'node:https';
import { SefazProtocolError, SefazTimeoutError, SefazUnavailableError } from './errors.ts';

export interface HttpAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

/** TLS errors that mean "this server is not who it should be" (configuration), not "the server is down". */
const CERTIFICATE_ERRORS = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_SIGNATURE_FAILURE',
]);

const MAX_ANSWER_BYTES = 20 * 1024 * 1024;

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function once(
  agent: https.Agent,
  url: URL,
  body: Buffer,
  contentType: string,
  timeoutMs: number,
): Promise<HttpAnswer & { reusedSocket: boolean }> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      outcome();
    };
    const request = https.request(url, {
      method: 'POST',
      agent,
      headers: { 'Content-Type': contentType, 'Content-Length': body.length, Accept: 'application/soap+xml, text/xml' },
    });
    const deadline = setTimeout(() => {
      const timeout = new SefazTimeoutError(timeoutMs, url.href);
      finish(() => reject(timeout));
      request.destroy(timeout);
    }, timeoutMs);

    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) {
          request.destroy();
          finish(() => reject(new SefazProtocolError('Resposta da SEFAZ grande demais', { url: url.href })));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () =>
        finish(() =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: response.headers['content-type'] ?? '',
            body: Buffer.concat(chunks).toString('utf8'),
            reusedSocket: request.reusedSocket,
          }),
        ),
      );
      response.on('error', (error) => finish(() => reject(classify(error, url, request.reusedSocket))));
    });
    request.on('error', (error) => finish(() => reject(classify(error, url, request.reusedSocket))));
    request.end(body);
  });
}

class StaleSocketError extends Error {}

function classify(error: unknown, url: URL, reusedSocket: boolean): Error {
  if (error instanceof SefazTimeoutError) return error;
  const code = errorCode(error);
  if (reusedSocket && code === 'ECONNRESET')
    return new StaleSocketError('kept-alive socket closed by the server', { cause: error });
  if (code && CERTIFICATE_ERRORS.has(code)) {
    return new SefazProtocolError(
      `Certificado do servidor SEFAZ não confiável (${code}): configure a cadeia ICP-Brasil em "ca"`,
      { url: url.href },
    );
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new SefazUnavailableError(`SEFAZ indisponível: falha de conexão (${code ?? detail})`, {
    reason: 'connection',
    url: url.href,
    cause: error,
  });
}

/**
 * POSTs `body` and returns the whole answer. A kept-alive socket that the server had already closed is retried once
 * on a fresh connection (the request never reached the server, so this is not a resend).
 */
export async function postOverTls(input: {
  readonly agent: https.Agent;
  readonly url: string;
  readonly body: string;
  readonly contentType: string;
  readonly timeoutMs: number;
}): Promise<HttpAnswer> {
  const url = new URL(input.url);
  if (url.protocol !== 'https:') throw new SefazProtocolError(`Endereço SEFAZ precisa ser https: ${input.url}`);
  const body = Buffer.from(input.body, 'utf8');
  try {
    return await once(input.agent, url, body, input.contentType, input.timeoutMs);
  } catch (error) {
    if (!(error instanceof StaleSocketError)) throw error;
    try {
      return await once(input.agent, url, body, input.contentType, input.timeoutMs);
    } catch (retryError) {
      throw retryError instanceof StaleSocketError ? classify(retryError.cause, url, false) : retryError;
    }
  }
}
