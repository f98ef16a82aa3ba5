import { describe, expect, it } from 'vitest';
import { Throttle } from './throttle.ts';

describe('Throttle', () => {
  it('refuses an account after max failures until the oldest leaves the window', () => {
    let now = 0;
    const throttle = new Throttle({ account: { max: 3, windowMs: 60_000 }, address: { max: 100, windowMs: 60_000 }, now: () => now });
    for (let i = 0; i < 3; i += 1) {
      expect(throttle.retryAfter('a@b.com', '1.1.1.1')).toBe(0);
      throttle.fail('a@b.com', '1.1.1.1');
      now += 1000;
    }
    expect(throttle.retryAfter('A@B.com', '2.2.2.2')).toBeCloseTo(57, 0);
    now = 60_001;
    expect(throttle.retryAfter('a@b.com', '1.1.1.1')).toBe(0);
  });

  it('refuses an address that failed on many accounts', () => {
    const now = 0;
    const throttle = new Throttle({ account: { max: 100, windowMs: 60_000 }, address: { max: 5, windowMs: 60_000 }, now: () => now });
    for (let i = 0; i < 5; i += 1) throttle.fail(`u${i}@b.com`, '9.9.9.9');
    expect(throttle.retryAfter('novo@b.com', '9.9.9.9')).toBeGreaterThan(0);
    expect(throttle.retryAfter('novo@b.com', '8.8.8.8')).toBe(0);
  });

  it('clears the account after a success but keeps counting the address', () => {
    const throttle = new Throttle({ account: { max: 2, windowMs: 60_000 }, address: { max: 3, windowMs: 60_000 } });
    throttle.fail('a@b.com', '1.1.1.1');
    throttle.fail('a@b.com', '1.1.1.1');
    throttle.succeed('a@b.com');
    expect(throttle.retryAfter('a@b.com', '7.7.7.7')).toBe(0);
    throttle.fail('c@b.com', '1.1.1.1');
    expect(throttle.retryAfter('z@b.com', '1.1.1.1')).toBeGreaterThan(0);
  });
});
