/**
 * Attempt throttling for login and credential checks, per account and per address, counted in the database (table
 * tentativa_acesso, migration 014) so that every API node sees the same counts.
 *
 * An attempt is counted BEFORE the password is checked, by one atomic INSERT ... ON CONFLICT DO UPDATE ... RETURNING
 * for both keys: N concurrent attempts get the counts 1..N, and only the first `max` go on to the password check.
 * (Counting after the check let 12 concurrent wrong passwords all through before the first one was recorded.)
 * A key's window starts at its first attempt and lasts `windowMs`; past `max` attempts in it, the key is refused until
 * the window ends. A success gives the attempt back: the account starts over, the address's count drops by one. Any
 * refusal (wrong password, unknown e-mail, disabled user) keeps it counted.
 */
import type { Database } from '../../db/database.ts';

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

/** Expired rows are removed once every this many attempts (by the node that counts it). */
const SWEEP_EVERY = 200;

const accountKey = (account: string) => `account:${account.toLowerCase()}`;
const addressKey = (address: string) => `address:${address}`;

const COUNT_ATTEMPT = /* sql */ `
INSERT INTO tentativa_acesso AS t (chave, tentativas, expira_em)
VALUES ($1, 1, $4::timestamptz), ($2, 1, $5::timestamptz)
ON CONFLICT (chave) DO UPDATE SET
  tentativas = CASE WHEN t.expira_em <= $3::timestamptz THEN 1 ELSE t.tentativas + 1 END,
  expira_em = CASE WHEN t.expira_em <= $3::timestamptz THEN EXCLUDED.expira_em ELSE t.expira_em END
RETURNING chave, tentativas, (extract(epoch FROM expira_em) * 1000)::float8 AS expira_ms`;

export class Throttle {
  private readonly now: () => number;
  private attempts = 0;

  constructor(
    private readonly db: Database,
    private readonly options: ThrottleOptions = DEFAULT_THROTTLE,
  ) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Counts one attempt of `account` from `address` and answers the seconds to wait when either key is over its limit
   * (the attempt must stop there), or 0 when it may go on.
   */
  async attempt(account: string, address: string): Promise<number> {
    const now = this.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const sweep = (this.attempts = (this.attempts + 1) % SWEEP_EVERY) === 0;
    const rows = await this.db.system(async (tx) => {
      if (sweep) await tx.query('DELETE FROM tentativa_acesso WHERE expira_em <= $1::timestamptz', [iso(now)]);
      const result = await tx.query<{ chave: string; tentativas: number; expira_ms: number }>(COUNT_ATTEMPT, [
        accountKey(account), addressKey(address), iso(now),
        iso(now + this.options.account.windowMs), iso(now + this.options.address.windowMs),
      ]);
      return result.rows;
    });
    let wait = 0;
    for (const row of rows) {
      const rule = row.chave.startsWith('account:') ? this.options.account : this.options.address;
      if (row.tentativas > rule.max) wait = Math.max(wait, (Number(row.expira_ms) - now) / 1000);
    }
    return wait;
  }

  /** The attempt succeeded: the account starts over and the address gets its attempt back. */
  async succeed(account: string, address: string): Promise<void> {
    await this.db.system(async (tx) => {
      await tx.query('DELETE FROM tentativa_acesso WHERE chave = $1', [accountKey(account)]);
      await tx.query(
        'UPDATE tentativa_acesso SET tentativas = tentativas - 1 WHERE chave = $1 AND tentativas > 0 AND expira_em > $2::timestamptz',
        [addressKey(address), new Date(this.now()).toISOString()],
      );
    });
  }
}
