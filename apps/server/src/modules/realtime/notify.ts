import type { Tx } from '../../db/database.ts';
import { EVENTS_CHANNEL } from './triggers.ts';

/**
 * Queues an event for the sockets of an organization (or one of its branches). Sent with NOTIFY inside the caller's
 * transaction, so it goes out only if that transaction commits, to every server process.
 */
export async function notifyEvent(tx: Tx, event: string, org: number, id_filial: number | null, data: unknown): Promise<void> {
  const payload = JSON.stringify({ e: event, o: org, ...(id_filial === null ? {} : { f: id_filial }), d: data });
  if (payload.length > 7900) throw new Error(`event payload too large (${payload.length} bytes)`);
  await tx.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, payload]);
}
