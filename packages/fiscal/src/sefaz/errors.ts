// Errors of the SEFAZ transport. A business answer (a rejection with its cStat) is never an error: it comes back
// as a value. These are only for when there is no usable answer.

export type SefazUnavailableReason = 'timeout' | 'connection' | 'http-status' | 'consumo-indevido';

/**
 * The authorizer could not be reached or did not answer in time (timeout, connection refused or reset, HTTP 5xx),
 * or this client is holding back after cStat 656 (Consumo indevido). The caller may retry later with the SAME
 * signed XML, or enter contingency (NFC-e offline, tpEmis 9).
 */
export class SefazUnavailableError extends Error {
  readonly reason: SefazUnavailableReason;
  readonly url: string | undefined;
  readonly httpStatus: number | undefined;
  /** After cStat 656: how long to wait before calling again. */
  readonly retryAfterMs: number | undefined;

  constructor(
    message: string,
    options: {
      reason: SefazUnavailableReason;
      url?: string;
      httpStatus?: number;
      retryAfterMs?: number;
      cause?: unknown;
    },
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'SefazUnavailableError';
    this.reason = options.reason;
    this.url = options.url;
    this.httpStatus = options.httpStatus;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** No complete answer within the configured timeout. Also a SefazUnavailableError. */
export class SefazTimeoutError extends SefazUnavailableError {
  constructor(
    readonly timeoutMs: number,
    url: string,
  ) {
    super(`SEFAZ indisponível: sem resposta em ${timeoutMs} ms`, { reason: 'timeout', url });
    this.name = 'SefazTimeoutError';
  }
}

/** An answer came but is not what the protocol promises (HTTP 4xx, not SOAP, unknown shape, missing field). */
export class SefazProtocolError extends Error {
  constructor(
    message: string,
    readonly details: { url?: string; httpStatus?: number; body?: string } = {},
  ) {
    super(message);
    this.name = 'SefazProtocolError';
  }
}

/** The web service answered with a SOAP Fault. */
export class SefazSoapFaultError extends SefazProtocolError {
  constructor(
    readonly code: string,
    readonly reason: string,
    details: { url?: string; httpStatus?: number; body?: string } = {},
  ) {
    super(`SEFAZ respondeu com SOAP Fault (${code}): ${reason}`, details);
    this.name = 'SefazSoapFaultError';
  }
}
