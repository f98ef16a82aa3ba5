/**
 * One fiscal event (cancellation 110111, correction letter 110110) of an invoice at a time.
 *
 * Three parallel cancellations of one invoice used to sign three events with the same sequence, send them all, and
 * store whichever answer came last: SEFAZ registered the first (135) and refused the others as duplicates (573),
 * which then overwrote the registered event and its protocol.
 *
 * The lock is a claim on the invoice row (nota_fiscal.evento_em_processamento, migration 017), not a database lock,
 * because the SEFAZ call runs outside any transaction (http/handlers.ts, OUTSIDE_TRANSACTION): a transaction held open
 * across a call of up to `timeoutMs` would hold back every list-by-changes stream of the cluster (they stop at the
 * oldest running transaction) and keep a pooled connection busy. A row lock (FOR UPDATE) or pg_advisory_xact_lock ends
 * with the short transaction that signs the event, before the call. A session advisory lock would need a connection
 * set aside for the call's length (one per waiting caller) and locks nothing on PGlite, whose one session every request
 * shares. The claim is taken under the invoice's row lock in the transaction that signs the event, released by the one
 * that stores SEFAZ's answer (or right after a failed call), and works alike on PGlite and on any number of server
 * processes. A second caller meanwhile is answered 409 at once (the user sees the first call's outcome by consulting
 * the invoice), instead of waiting with a connection held. A process that dies between the two leaves a claim that
 * expires once no SEFAZ call of it can still be running.
 */
import { FISCAL_MESSAGES as M } from '@pdv/domain/fiscal-messages';
import type { Tx } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import type { FiscalContext } from './service.ts';

/** SEFAZ's answers that register an event (135; 136 registered but not linked; 155 a late cancellation). */
export const EVENT_REGISTERED: readonly number[] = [135, 136, 155];

/** How long a claim holds: well past the longest SEFAZ call (its time-out), at least two minutes. */
export function claimSeconds(timeoutMs: number): number {
  return Math.max(120, Math.ceil((3 * timeoutMs) / 1000));
}

/** Claims the invoice for one event; the caller holds its row lock. 409 when another call's event is in progress. */
export async function claimEvent(tx: Tx, ctx: FiscalContext, id: number): Promise<void> {
  const { rowCount } = await tx.query(
    `UPDATE nota_fiscal SET evento_em_processamento = now()
      WHERE id_organization = $1 AND id_nota_fiscal = $2
        AND (evento_em_processamento IS NULL OR evento_em_processamento < now() - make_interval(secs => $3))`,
    [ctx.org, id, claimSeconds(ctx.fiscal.timeoutMs)],
  );
  if (rowCount === 0) throw new HttpError(409, M.eventInProgress);
}

export async function releaseEvent(tx: Tx, ctx: FiscalContext, id: number): Promise<void> {
  await tx.query('UPDATE nota_fiscal SET evento_em_processamento = NULL WHERE id_organization = $1 AND id_nota_fiscal = $2',
    [ctx.org, id]);
}

/**
 * Sends a claimed event: when the call fails (SEFAZ unavailable, a broken answer), the claim is released before the
 * error goes on, so the user may try again at once.
 */
export async function sendClaimed<T>(ctx: FiscalContext, id: number, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    // Should this fail too (the database gone), its error goes on instead, and the claim expires by itself.
    await ctx.db.tenant({ id_organization: ctx.org }, (tx) => releaseEvent(tx, ctx, id));
    throw error;
  }
}
