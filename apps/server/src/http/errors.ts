import { MESSAGES } from '@pdv/domain/messages';

/** An error the caller can act on, answered with its status and the body of ARCHITECTURE.md. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly complement?: string,
    readonly erros?: string[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, complement?: string, erros?: string[]) =>
  new HttpError(400, message, complement, erros);
export const unauthorized = (message: string = MESSAGES.unauthenticated) => new HttpError(401, message);
export const forbidden = () => new HttpError(403, MESSAGES.forbidden);
/** The same answer whether the row does not exist or belongs to someone else. */
export const notFound = () => new HttpError(404, MESSAGES.notFound);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, MESSAGES.tooManyAttempts(retryAfterSeconds), undefined, undefined, {
    'retry-after': String(Math.ceil(retryAfterSeconds)),
  });
