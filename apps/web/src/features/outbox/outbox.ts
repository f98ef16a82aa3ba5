/**
 * The outbox (000 §4.1): sends the pending operations to POST /api/operacao, one at a time, exactly once each.
 *
 * - One sender across tabs: a pass runs under the Web Lock 'pdv-outbox'. Holding it, an operation found
 *   EmProcessamento was left by a sender that died mid-send (tab closed, crash); it goes back to Pendente and is sent
 *   again, which the server's idempotency on id_operacao turns into the first answer, never a second sale.
 * - Per operation: claim (Pendente -> EmProcessamento, in a transaction), send, then Processado with the server's ids;
 *   a business refusal (400 and other 4xx) -> Erro with the message; no answer, 401 or 5xx -> back to Pendente with
 *   the pending message, and the pass stops (the retry follows with backoff).
 * - A 409 is final too: the server already holds this id_operacao with other content, or from another user or branch
 *   (apps/server/src/modules/operation/claim.ts). Sending it again would get the same answer forever, so it is kept as
 *   Erro with the server's message, shown in Operações pendentes, and sent again only when the user asks.
 */
import type { OperacaoBody, OperacaoResult } from '@pdv/contract/operation';
import { transition } from '@pdv/domain/operation-state';
import { errorDisplayOf, isApiError } from '../../api/errors.ts';
import type { PdvDatabase } from '../../db/database.ts';
import { InvalidOperationError, toOperacaoBody } from './body.ts';
import { loadBundle, operationTable } from './operations.ts';
import { forgetOfflineCustomer } from '../people/offlineCustomer.ts';
import type { StoredOperation } from './types.ts';

export const OUTBOX_LOCK = 'pdv-outbox';

/** 000 §8: shown when a send fails; the operation stays pending. */
export const PENDING_MESSAGE =
  'Não foi possível concluir a operação. A mesma ficará pendente. Por favor, tente novamente mais tarde.';

export type Sender = (body: OperacaoBody) => Promise<OperacaoResult>;

export interface OutboxDeps {
  db: PdvDatabase;
  send: Sender;
  /** navigator.locks (null where the browser has none: the pass then runs without it). */
  locks: Pick<LockManager, 'request'> | null;
}

export interface PassResult {
  processed: string[];
  failed: string[];
  /** Left pending (a send that got no answer, or not reached because of it). */
  pending: string[];
}

type Outcome = 'processed' | 'failed' | 'retry';

/** The 4xx answers that say "not now" (sign in again, time-out, too many requests): the operation stays pending. */
const RETRIED_CLIENT_ERRORS: ReadonlySet<number> = new Set([401, 408, 429]);

/**
 * Whether a send error is the server refusing the operation (kept as Erro) rather than a failure to reach it: every
 * other 4xx, 400 (a business rule) and 409 (the id_operacao is taken by other content or another caller) among them.
 */
export function isRefusal(error: unknown): boolean {
  if (error instanceof InvalidOperationError) return true;
  if (!isApiError(error) || error.kind !== 'http') return false;
  return error.status >= 400 && error.status < 500 && !RETRIED_CLIENT_ERRORS.has(error.status);
}

function refusalMessage(error: unknown): string {
  const { text, details } = errorDisplayOf(error);
  const extra = details.filter((d) => d !== text);
  return [text, ...extra].join('\n');
}

async function update(
  deps: OutboxDeps,
  id: string,
  change: (op: StoredOperation) => StoredOperation | null,
): Promise<StoredOperation | null> {
  const table = operationTable(deps.db);
  return deps.db.transaction('rw', [table], async () => {
    const current = await table.get(id);
    if (!current) return null;
    const next = change(current);
    if (next) await table.put({ ...next, atualizado_em: new Date().toISOString() });
    return next;
  });
}

/** Sends one operation it could claim; null when another sender had it or it is no longer pending. */
async function sendOne(deps: OutboxDeps, id: string): Promise<Outcome | null> {
  const claimed = await update(deps, id, (op) =>
    op.situacao === 'Pendente' ? { ...transition(op, 'EmProcessamento'), tentativas: op.tentativas + 1 } : null,
  );
  if (!claimed) return null;
  const bundle = await loadBundle(deps.db, id);
  if (!bundle) return null;
  try {
    const result = await deps.send(toOperacaoBody(bundle));
    await update(deps, id, (op) =>
      op.situacao === 'EmProcessamento'
        ? {
            ...transition(op, 'Processado'),
            resultado: result,
            nsu: result.nsu,
            id_pedido: result.id_pedido,
            id_nota_fiscal: result.id_nota_fiscal,
          }
        : null,
    );
    // The customer quick-saved offline is on the server now: its temporary row goes (the sync brings the real one).
    if (bundle.operation.cliente_rapido) await forgetOfflineCustomer(deps.db, bundle.operation.cliente_rapido.uuid);
    return 'processed';
  } catch (error) {
    if (isRefusal(error)) {
      await update(deps, id, (op) => (op.situacao === 'EmProcessamento' ? transition(op, 'Erro', refusalMessage(error)) : null));
      return 'failed';
    }
    if (!isApiError(error)) console.error(`Falha ao enviar a operação ${id}`, error);
    await update(deps, id, (op) => (op.situacao === 'EmProcessamento' ? transition(op, 'Pendente', PENDING_MESSAGE) : null));
    return 'retry';
  }
}

async function pass(deps: OutboxDeps): Promise<PassResult> {
  const table = operationTable(deps.db);
  // Holding the lock, nobody else is sending: an operation still in processing was abandoned mid-send.
  await deps.db.transaction('rw', [table], async () => {
    await table
      .where('situacao')
      .equals('EmProcessamento')
      .modify((op) => {
        Object.assign(op, transition(op, 'Pendente', op.erro));
      });
  });
  const pending = (await table.where('situacao').equals('Pendente').toArray())
    .sort((a, b) => (a.data_fim ?? '').localeCompare(b.data_fim ?? ''))
    .map((op) => op.id_operacao);
  const result: PassResult = { processed: [], failed: [], pending: [] };
  for (const [index, id] of pending.entries()) {
    const outcome = await sendOne(deps, id);
    if (outcome === 'processed') result.processed.push(id);
    else if (outcome === 'failed') result.failed.push(id);
    else if (outcome === 'retry') {
      result.pending.push(...pending.slice(index));
      break;
    }
  }
  return result;
}

/** One pass over the pending operations, under the cross-tab lock. */
export async function sendPending(deps: OutboxDeps): Promise<PassResult> {
  if (!deps.locks) return pass(deps);
  return deps.locks.request(OUTBOX_LOCK, async (): Promise<PassResult> => pass(deps));
}
