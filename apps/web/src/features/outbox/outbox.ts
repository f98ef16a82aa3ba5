/**
 * The outbox (000 §4.1): sends the pending operations to POST /api/operacao, one at a time, exactly once each.
 *
 * - One sender across tabs: a pass runs under the Web Lock 'pdv-outbox'. Holding it, an operation found
 *   EmProcessamento was left by a sender that died mid-send (tab closed, crash); it goes back to Pendente and is sent
 *   again, which the server's idempotency on id_operacao turns into the first answer, never a second sale.
 * - Per operation: claim (Pendente -> EmProcessamento, in a transaction, with the bundle read in it), send, then Processado with the server's ids;
 *   a business refusal (400 and other 4xx) -> Erro with the message; no answer, 401 or 5xx -> back to Pendente with
 *   the pending message, and the pass stops (the retry follows with backoff).
 * - A 409 is final too: the server already holds this id_operacao with other content, or from another user or branch
 *   (apps/server/src/modules/operation/claim.ts). Sending it again would get the same answer forever, so it is kept as
 *   Erro with the server's message, shown in Operações pendentes, and sent again only when the user asks.
 */
import type { OperacaoBody, OperacaoResult } from '@pdv/contract/operation';
import { transition } from '@pdv/domain/operation-state';
import { errorDisplayOf, isApiError } from '../../api/errors.ts';
import { dexieOf, procedure, runProcedure, type LocalStore, type LocalTx, type TxRun } from '../../localdb/transaction.ts';
import { InvalidOperationError, toOperacaoBody } from './body.ts';
import { ITEM_TABLE, loadBundleProcedure, OPERATION_TABLE, PAYMENT_TABLE } from './operations.ts';
import { forgetOfflineCustomer, offlineCustomerOf } from '../people/offlineCustomer.ts';
import type { OperationBundle, StoredOperation } from './types.ts';

export const OUTBOX_LOCK = 'pdv-outbox';

/** 000 §8: shown when a send fails; the operation stays pending. */
export const PENDING_MESSAGE =
  'Não foi possível concluir a operação. A mesma ficará pendente. Por favor, tente novamente mais tarde.';

export type Sender = (body: OperacaoBody) => Promise<OperacaoResult>;

export interface OutboxDeps {
  /** The local copy: Dexie in the app today, or the SQLite copy's client (each step one procedure). */
  db: LocalStore;
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

/** How a send ended, for settle. */
type Settlement = { kind: 'processed'; result: OperacaoResult } | { kind: 'refused'; message: string } | { kind: 'retry' };

/** Claims a pending operation (Pendente -> EmProcessamento, one more try) and reads it; null when it is not pending. */
export const claimProcedure = procedure(
  'outbox.claim',
  'rw',
  [OPERATION_TABLE, ITEM_TABLE, PAYMENT_TABLE],
  function* (t: LocalTx, id: string, now: string): TxRun<OperationBundle | null> {
    const current = yield* t.get<StoredOperation>(OPERATION_TABLE, id);
    if (current?.situacao !== 'Pendente') return null;
    yield* t.put(OPERATION_TABLE, { ...transition(current, 'EmProcessamento'), tentativas: current.tentativas + 1, atualizado_em: now });
    return yield* loadBundleProcedure.body(t, id);
  },
);

/** Settles a claimed operation with how its send ended (nothing when it left processing meanwhile). */
export const settleProcedure = procedure(
  'outbox.settle',
  'rw',
  [OPERATION_TABLE],
  function* (t: LocalTx, id: string, settlement: Settlement, now: string): TxRun<void> {
    const op = yield* t.get<StoredOperation>(OPERATION_TABLE, id);
    if (op?.situacao !== 'EmProcessamento') return;
    let next: StoredOperation;
    if (settlement.kind === 'processed') {
      const result = settlement.result;
      next = { ...transition(op, 'Processado'), resultado: result, nsu: result.nsu, id_pedido: result.id_pedido, id_nota_fiscal: result.id_nota_fiscal };
    } else if (settlement.kind === 'refused') {
      next = transition(op, 'Erro', settlement.message);
    } else {
      next = transition(op, 'Pendente', PENDING_MESSAGE);
    }
    yield* t.put(OPERATION_TABLE, { ...next, atualizado_em: now });
  },
);

/**
 * The start of a pass, holding the lock (nobody else is sending): an operation still in processing was abandoned
 * mid-send and goes back to Pendente. Answers the pending operations' ids by finishing time.
 */
export const startPassProcedure = procedure('outbox.startPass', 'rw', [OPERATION_TABLE], function* (t: LocalTx): TxRun<string[]> {
  const abandoned = yield* t.where<StoredOperation>(OPERATION_TABLE, 'situacao', 'EmProcessamento');
  yield* t.bulkPut(OPERATION_TABLE, abandoned.map((op) => ({ ...op, ...transition(op, 'Pendente', op.erro) })));
  const pending = yield* t.where<StoredOperation>(OPERATION_TABLE, 'situacao', 'Pendente');
  return pending.sort((a, b) => (a.data_fim ?? '').localeCompare(b.data_fim ?? '')).map((op) => op.id_operacao);
});

/**
 * On the SQLite copy, the temporary people row of a customer quick-saved offline, found by its key (the operation's
 * id_cliente: draft.setCustomer sets both) and checked by its UUID. Dexie keeps forgetOfflineCustomer's scan of the
 * negative ids (a range read LocalTx does not have).
 */
export const forgetOfflineCustomerProcedure = procedure(
  'outbox.forgetOfflineCustomer',
  'rw',
  ['people'],
  function* (t: LocalTx, idPessoa: number, uuid: string): TxRun<void> {
    const row = yield* t.get('people', idPessoa);
    if (row && offlineCustomerOf(row)?.uuid === uuid) yield* t.delete('people', idPessoa);
  },
);

export const OUTBOX_PROCEDURES = [claimProcedure, settleProcedure, startPassProcedure, forgetOfflineCustomerProcedure] as const;

const settle = (deps: OutboxDeps, id: string, settlement: Settlement) =>
  runProcedure(deps.db, settleProcedure, id, settlement, new Date().toISOString());

/** Sends one operation it could claim; null when another sender had it or it is no longer pending. */
async function sendOne(deps: OutboxDeps, id: string): Promise<Outcome | null> {
  const bundle = await runProcedure(deps.db, claimProcedure, id, new Date().toISOString());
  if (!bundle) return null;
  try {
    const result = await deps.send(toOperacaoBody(bundle));
    await settle(deps, id, { kind: 'processed', result });
    // The customer quick-saved offline is on the server now: its temporary row goes (the sync brings the real one).
    const rapido = bundle.operation.cliente_rapido;
    if (rapido) {
      const dexie = dexieOf(deps.db);
      if (dexie) await forgetOfflineCustomer(dexie, rapido.uuid);
      else if (typeof bundle.operation.id_cliente === 'number') {
        await runProcedure(deps.db, forgetOfflineCustomerProcedure, bundle.operation.id_cliente, rapido.uuid);
      }
    }
    return 'processed';
  } catch (error) {
    if (isRefusal(error)) {
      await settle(deps, id, { kind: 'refused', message: refusalMessage(error) });
      return 'failed';
    }
    if (!isApiError(error)) console.error(`Falha ao enviar a operação ${id}`, error);
    await settle(deps, id, { kind: 'retry' });
    return 'retry';
  }
}

async function pass(deps: OutboxDeps): Promise<PassResult> {
  const pending = await runProcedure(deps.db, startPassProcedure);
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
