import type { ErrorBody } from '@pdv/contract/common';

/** Where a failed call stopped: no answer at all, an HTTP error answer, or an answer that breaks the contract. */
export type ApiErrorKind = 'network' | 'http' | 'response';

export const NETWORK_ERROR_MESSAGE = 'Não foi possível conectar ao servidor. Verifique a conexão e tente novamente.';
export const UNEXPECTED_RESPONSE_MESSAGE = 'O servidor respondeu em um formato inesperado.';
export const UNKNOWN_ERROR_MESSAGE = 'Ocorreu um erro inesperado.';

/** A failed API call: the HTTP status (0 when the server was not reached) and the error body, when there is one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number,
    readonly body: ErrorBody | null,
    message: string,
    readonly route: string,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The text of an error answer that has no usable body: the status line. */
export function httpErrorText(status: number, statusText: string): string {
  return `Erro ${status}${statusText ? ` (${statusText})` : ''} ao comunicar com o servidor.`;
}

export interface ErrorDisplay {
  /** What to show: the complement if not empty, else the description (message), else the error text. */
  text: string;
  /** The answer's list of errors (erros), shown below the text. */
  details: string[];
}

function filled(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** The error display rule of 002 §8 / 000 §8, for any thrown value. */
export function errorDisplayOf(error: unknown): ErrorDisplay {
  if (isApiError(error) && error.body) {
    const { complement, message, erros } = error.body;
    const details = (erros ?? []).filter(filled);
    if (filled(complement)) return { text: complement, details };
    if (filled(message)) return { text: message, details };
    return { text: filled(error.message) ? error.message : UNKNOWN_ERROR_MESSAGE, details };
  }
  if (error instanceof Error)
    return { text: filled(error.message) ? error.message : UNKNOWN_ERROR_MESSAGE, details: [] };
  if (typeof error === 'string' && filled(error)) return { text: error, details: [] };
  return { text: UNKNOWN_ERROR_MESSAGE, details: [] };
}
