// Retry pacing for SEFAZ calls. SEFAZ blocks senders that loop (cStat 656, Consumo indevido), so every retry waits
// an exponentially growing, capped, jittered delay, and a client held back after a 656 is never retried here.

import { SefazUnavailableError } from './errors.ts';

export interface BackoffOptions {
  /** Delay of the first retry before jitter (default 1 s). */
  readonly baseMs?: number;
  /** Cap of any single delay (default 60 s). */
  readonly maxMs?: number;
  /** Source of randomness in [0, 1) (default Math.random). */
  readonly random?: () => number;
}

/**
 * Delay before retry number `attempt` (0 for the first retry): min(max, base * 2^attempt), of which the upper half
 * is random ("equal jitter"), so senders spread out but never come back at once.
 */
export function backoffDelay(
  attempt: number,
  { baseMs = 1_000, maxMs = 60_000, random = Math.random }: BackoffOptions = {},
): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(attempt, 30)));
  const half = ceiling / 2;
  return Math.round(half + random() * half);
}

export interface RetryOptions extends BackoffOptions {
  /** Retries after the first try (default 3). */
  readonly retries?: number;
  /** Which failures are worth another try (default: SEFAZ unavailable, except when held back after a 656). */
  readonly shouldRetry?: (error: unknown) => boolean;
  readonly sleep?: (ms: number) => Promise<void>;
  /** Called before each wait, e.g. to log. */
  readonly onRetry?: (info: { attempt: number; delayMs: number; error: unknown }) => void;
}

export function isRetryableSefazFailure(error: unknown): boolean {
  return error instanceof SefazUnavailableError && error.reason !== 'consumo-indevido';
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `operation` and retries it with backoff while it fails with a retryable error. The operation must be safe
 * to repeat: for an authorization that means sending the SAME signed XML again (SEFAZ then answers 204 for a
 * document it had already authorized, and the client recovers the protocol), never a re-signed one.
 */
export async function retryWithBackoff<T>(
  operation: (attempt: number) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const { retries = 3, shouldRetry = isRetryableSefazFailure, sleep = defaultSleep, onRetry } = options;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await operation(attempt);
    } catch (error) {
      if (attempt >= retries || !shouldRetry(error)) throw error;
      const delayMs = backoffDelay(attempt, options);
      onRetry?.({ attempt, delayMs, error });
      await sleep(delayMs);
    }
  }
}
