import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay, retryWithBackoff } from './backoff.ts';
import { SefazProtocolError, SefazUnavailableError } from './errors.ts';

describe('backoffDelay', () => {
  it('stays between half and all of the capped exponential ceiling', () => {
    fc.assert(
      fc.property(fc.nat(40), fc.double({ min: 0, max: 0.999999, noNaN: true }), (attempt, r) => {
        const ceiling = Math.min(60_000, 1_000 * 2 ** Math.min(attempt, 30));
        const delay = backoffDelay(attempt, { random: () => r });
        expect(delay).toBeGreaterThanOrEqual(Math.floor(ceiling / 2));
        expect(delay).toBeLessThanOrEqual(ceiling);
      }),
    );
  });

  it('grows exponentially until the cap', () => {
    const noJitter = { random: () => 0.999999, baseMs: 100, maxMs: 1_000 };
    expect([0, 1, 2, 3, 4, 5].map((a) => backoffDelay(a, noJitter))).toEqual([100, 200, 400, 800, 1_000, 1_000]);
  });
});

describe('retryWithBackoff', () => {
  const unavailable = () => new SefazUnavailableError('SEFAZ indisponível', { reason: 'connection' });
  const noSleep = { sleep: () => Promise.resolve(), random: () => 0 };

  it('retries while SEFAZ is unavailable and returns the first answer', async () => {
    let calls = 0;
    const result = await retryWithBackoff(
      () => {
        calls += 1;
        return calls < 3 ? Promise.reject(unavailable()) : Promise.resolve('ok');
      },
      { ...noSleep, retries: 5 },
    );
    expect(result).toBe('ok');
    expect(calls).toBe(3);
  });

  it('gives up after the configured retries with the last error', async () => {
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(unavailable());
    };
    await expect(retryWithBackoff(failing, { ...noSleep, retries: 2 })).rejects.toBeInstanceOf(SefazUnavailableError);
    expect(calls).toBe(3);
  });

  it('never retries a client held back after cStat 656, nor a protocol error', async () => {
    for (const error of [
      new SefazUnavailableError('consumo indevido', { reason: 'consumo-indevido', retryAfterMs: 60_000 }),
      new SefazProtocolError('HTTP 403'),
    ]) {
      let calls = 0;
      const failing = () => {
        calls += 1;
        return Promise.reject(error);
      };
      await expect(retryWithBackoff(failing, noSleep)).rejects.toBe(error);
      expect(calls).toBe(1);
    }
  });
});
