/**
 * Failed-attempt throttling for login and credential checks, per account and per address. A key that collected
 * `max` failures inside `windowMs` is refused until the oldest of them leaves the window.
 *
 * Kept in the process: with several API nodes each node throttles on its own (a bound of nodes x max); moving the
 * counters to PostgreSQL is the step when we run more than one node.
 */
export interface ThrottleRule {
  max: number;
  windowMs: number;
}

export interface ThrottleOptions {
  account: ThrottleRule;
  address: ThrottleRule;
  now?: () => number;
}

export const DEFAULT_THROTTLE: ThrottleOptions = {
  account: { max: 5, windowMs: 15 * 60_000 },
  address: { max: 30, windowMs: 15 * 60_000 },
};

export class Throttle {
  private readonly failures = new Map<string, number[]>();
  private readonly now: () => number;

  constructor(private readonly options: ThrottleOptions = DEFAULT_THROTTLE) {
    this.now = options.now ?? Date.now;
  }

  private recent(key: string, rule: ThrottleRule): number[] {
    const cutoff = this.now() - rule.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  /** Seconds to wait before another attempt is allowed, or 0 when allowed. */
  retryAfter(account: string, address: string): number {
    let wait = 0;
    for (const [key, rule] of this.keys(account, address)) {
      const times = this.recent(key, rule);
      if (times.length >= rule.max) {
        const oldest = times[times.length - rule.max] ?? this.now();
        wait = Math.max(wait, (oldest + rule.windowMs - this.now()) / 1000);
      }
    }
    return wait;
  }

  fail(account: string, address: string): void {
    for (const [key, rule] of this.keys(account, address)) {
      const times = this.recent(key, rule);
      times.push(this.now());
      this.failures.set(key, times.slice(-rule.max));
    }
  }

  succeed(account: string): void {
    this.failures.delete(`account:${account.toLowerCase()}`);
  }

  private keys(account: string, address: string): Array<[string, ThrottleRule]> {
    return [
      [`account:${account.toLowerCase()}`, this.options.account],
      [`address:${address}`, this.options.address],
    ];
  }
}
