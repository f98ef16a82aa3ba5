/**
 * The local lifecycle of an operation (000 §4.1) on the local copy: one operation in edit per point of sale, the
 * draft saved as it changes, and finishing, which writes the operation as Pendente (with its lines, payments and the
 * stock they take) in one transaction before anything is sent.
 *
 * Each transaction is a procedure (localdb/transaction.ts) written once over a LocalTx: the exported functions run it
 * on the store given, Dexie (the app today) or the SQLite copy (its worker runs it in one SQLite transaction).
 */
import type { LocalCopy, LocalTable } from '../../db/localCopy.ts';
import { procedure, runProcedure, type LocalStore, type LocalTx, type TxRun } from '../../localdb/transaction.ts';
import { quantityFromDecimal, quantityToDecimal, type Cents } from '@pdv/domain/money';
import { voucherRedemptions } from '@pdv/domain/voucher-rules';
import { isCashback } from '@pdv/domain/payment-method';
import { transition } from '@pdv/domain/operation-state';
import type { OperationBundle, StoredItem, StoredOperation, StoredPayment } from './types.ts';

export const OPERATION_TABLE = 'operation';
export const ITEM_TABLE = 'item';
export const PAYMENT_TABLE = 'payment';
export const STOCK_TABLE = 'stock';

export function operationTable(db: LocalCopy): LocalTable<StoredOperation, string> {
  return db.rows(OPERATION_TABLE) as unknown as LocalTable<StoredOperation, string>;
}
export function itemTable(db: LocalCopy): LocalTable<StoredItem, string> {
  return db.rows(ITEM_TABLE) as unknown as LocalTable<StoredItem, string>;
}
export function paymentTable(db: LocalCopy): LocalTable<StoredPayment, string> {
  return db.rows(PAYMENT_TABLE) as unknown as LocalTable<StoredPayment, string>;
}

/** Who the point of sale is: one operation in edit per branch and user on this device. */
export interface PosOwner {
  id_filial: number;
  id_usuario: number;
}

function* readBundle(t: LocalTx, id: string): TxRun<OperationBundle | null> {
  const operation = yield* t.get<StoredOperation>(OPERATION_TABLE, id);
  if (!operation) return null;
  const itens = yield* t.where<StoredItem>(ITEM_TABLE, 'id_operacao', id);
  const pagamentos = yield* t.where<StoredPayment>(PAYMENT_TABLE, 'id_operacao', id);
  return {
    operation,
    itens: itens.sort((a, b) => a.ordem - b.ordem),
    pagamentos: pagamentos.sort((a, b) => a.ordem - b.ordem),
  };
}

const BUNDLE_TABLES = [OPERATION_TABLE, ITEM_TABLE, PAYMENT_TABLE] as const;

export const loadBundleProcedure = procedure('outbox.loadBundle', 'r', BUNDLE_TABLES, readBundle);

export function loadBundle(db: LocalStore, id: string): Promise<OperationBundle | null> {
  return runProcedure(db, loadBundleProcedure, id);
}

/** The owner's operation in edit (the oldest when there are several), with its lines and payments; null when none. */
function* readEditing(t: LocalTx, owner: PosOwner): TxRun<OperationBundle | null> {
  const editing = (yield* t.where<StoredOperation>(OPERATION_TABLE, 'situacao', 'EmEdicao'))
    .filter((op) => op.id_filial === owner.id_filial && op.id_usuario === owner.id_usuario)
    .sort((a, b) => (a.data_inicio < b.data_inicio ? -1 : a.data_inicio > b.data_inicio ? 1 : 0));
  const first = editing[0];
  return first ? yield* readBundle(t, first.id_operacao) : null;
}

export const findEditingProcedure = procedure('outbox.findEditing', 'r', BUNDLE_TABLES, readEditing);

/** Adds `created` unless the owner has an operation in edit by now (another tab opened one first): that one wins. */
export const openEditingProcedure = procedure(
  'outbox.openEditing',
  'rw',
  BUNDLE_TABLES,
  function* (t: LocalTx, owner: PosOwner, created: StoredOperation): TxRun<OperationBundle> {
    const found = yield* readEditing(t, owner);
    if (found) return found;
    if (yield* t.get(OPERATION_TABLE, created.id_operacao)) throw new Error(`A operação ${created.id_operacao} já existe.`);
    yield* t.put(OPERATION_TABLE, created);
    const bundle = yield* readBundle(t, created.id_operacao);
    if (!bundle) throw new Error(`operação ${created.id_operacao} sumiu logo após ser aberta`);
    return bundle;
  },
);

/**
 * The point of sale's operation in edit, created by `create` when there is none (`create` is called only then). The
 * look and the creation are each one transaction, and the creation looks again, so two tabs opening /checkout at
 * once still share one draft.
 */
export async function openEditingOperation(db: LocalStore, owner: PosOwner, create: () => StoredOperation): Promise<OperationBundle> {
  const found = await runProcedure(db, findEditingProcedure, owner);
  if (found) return found;
  return runProcedure(db, openEditingProcedure, owner, create());
}

/** Replaces the lines and payments of an operation with the bundle's (inside a transaction). */
function* writeChildren(t: LocalTx, bundle: OperationBundle): TxRun<void> {
  const id = bundle.operation.id_operacao;
  const keepItems = new Set(bundle.itens.map((i) => i.id_item));
  const keepPayments = new Set(bundle.pagamentos.map((p) => p.id_pagamento));
  const items = yield* t.where<StoredItem>(ITEM_TABLE, 'id_operacao', id);
  yield* t.bulkDelete(ITEM_TABLE, items.filter((i) => !keepItems.has(i.id_item)).map((i) => i.id_item));
  const payments = yield* t.where<StoredPayment>(PAYMENT_TABLE, 'id_operacao', id);
  yield* t.bulkDelete(PAYMENT_TABLE, payments.filter((p) => !keepPayments.has(p.id_pagamento)).map((p) => p.id_pagamento));
  yield* t.bulkPut(ITEM_TABLE, bundle.itens);
  yield* t.bulkPut(PAYMENT_TABLE, bundle.pagamentos);
}

export const saveDraftProcedure = procedure(
  'outbox.saveDraft',
  'rw',
  BUNDLE_TABLES,
  function* (t: LocalTx, bundle: OperationBundle, now: string): TxRun<boolean> {
    const current = yield* t.get<StoredOperation>(OPERATION_TABLE, bundle.operation.id_operacao);
    if (current && current.situacao !== 'EmEdicao') return false;
    yield* t.put(OPERATION_TABLE, { ...bundle.operation, atualizado_em: now });
    yield* writeChildren(t, bundle);
    return true;
  },
);

/**
 * Saves the draft as it is on screen. Refused (false) once the operation has left edit: a late save must never
 * overwrite a finished operation.
 */
export function saveDraft(db: LocalStore, bundle: OperationBundle): Promise<boolean> {
  return runProcedure(db, saveDraftProcedure, bundle, new Date().toISOString());
}

export const discardDraftProcedure = procedure(
  'outbox.discardDraft',
  'rw',
  BUNDLE_TABLES,
  function* (t: LocalTx, id: string): TxRun<boolean> {
    const current = yield* t.get<StoredOperation>(OPERATION_TABLE, id);
    if (!current || current.situacao !== 'EmEdicao') return false;
    const items = yield* t.where<StoredItem>(ITEM_TABLE, 'id_operacao', id);
    yield* t.bulkDelete(ITEM_TABLE, items.map((i) => i.id_item));
    const payments = yield* t.where<StoredPayment>(PAYMENT_TABLE, 'id_operacao', id);
    yield* t.bulkDelete(PAYMENT_TABLE, payments.map((p) => p.id_pagamento));
    yield* t.delete(OPERATION_TABLE, id);
    return true;
  },
);

/**
 * Cancelling the sale in edit at the till: the draft, its lines and its payments are deleted (nothing of it was sent;
 * nothing moved). False when it is no longer in edit (finished meanwhile, in this or another tab): nothing is deleted.
 */
export function discardDraft(db: LocalStore, id: string): Promise<boolean> {
  return runProcedure(db, discardDraftProcedure, id);
}

export const finishOperationProcedure = procedure(
  'outbox.finishOperation',
  'rw',
  [...BUNDLE_TABLES, STOCK_TABLE],
  function* (t: LocalTx, bundle: OperationBundle, now: string): TxRun<StoredOperation> {
    const current = yield* t.get<StoredOperation>(OPERATION_TABLE, bundle.operation.id_operacao);
    if (current && current.situacao !== 'EmEdicao') throw new Error('Esta operação já foi finalizada.');
    const finished: StoredOperation = { ...transition(bundle.operation, 'Pendente'), data_fim: now, atualizado_em: now };
    yield* t.put(OPERATION_TABLE, finished);
    yield* writeChildren(t, bundle);
    // A return brings its units back into the local stock; every other mode takes them out.
    const sign = bundle.operation.modo_operacao === 'Devolucao' ? -1 : 1;
    for (const item of bundle.itens) {
      if (item.is_cancelado || item.id_produto_grade_filial === null) continue;
      const rows = yield* t.where(STOCK_TABLE, 'id_produto_grade_filial', item.id_produto_grade_filial);
      const row = rows.find((r) => r['id_endereco_estoque'] === item.id_endereco_estoque && !r['data_exclusao']);
      if (!row) continue;
      const left = quantityFromDecimal(Number(row['quantidade'] ?? 0)) - sign * item.quantidade;
      yield* t.put(STOCK_TABLE, { ...row, quantidade: quantityToDecimal(left) });
    }
    return finished;
  },
);

/**
 * Finishing: in one transaction, the operation becomes Pendente with its final lines and payments, and the local
 * stock of each line's variation at its address goes down by what was sold (the server's stock event brings the
 * truth later). Nothing is sent here: the outbox sends pending operations. Throws when the operation is no longer
 * in edit (finished in another tab).
 */
export function finishOperation(db: LocalStore, bundle: OperationBundle, now = new Date()): Promise<StoredOperation> {
  return runProcedure(db, finishOperationProcedure, bundle, now.toISOString());
}

/** States the outbox screen lists. */
export const OUTBOX_STATES = ['Pendente', 'EmProcessamento', 'Erro'] as const;

/** The operations in `states`, in the order of the states given, each state's in key order. */
function* inStates(t: LocalTx, states: readonly string[]): TxRun<StoredOperation[]> {
  const rows: StoredOperation[] = [];
  for (const state of states) rows.push(...(yield* t.where<StoredOperation>(OPERATION_TABLE, 'situacao', state)));
  return rows;
}

export const listOutboxProcedure = procedure('outbox.list', 'r', [OPERATION_TABLE], function* (t: LocalTx): TxRun<StoredOperation[]> {
  // Ties keep the order Dexie's anyOf gave (state, then key).
  const rows = yield* inStates(t, [...OUTBOX_STATES].sort());
  return rows.sort((a, b) => (a.data_fim ?? '').localeCompare(b.data_fim ?? ''));
});

export function listOutbox(db: LocalStore): Promise<StoredOperation[]> {
  return runProcedure(db, listOutboxProcedure);
}

export const requeueProcedure = procedure('outbox.requeue', 'rw', [OPERATION_TABLE], function* (t: LocalTx, id: string, now: string): TxRun<void> {
  const current = yield* t.get<StoredOperation>(OPERATION_TABLE, id);
  if (current?.situacao !== 'Erro' || current.encerramento) return;
  yield* t.put(OPERATION_TABLE, { ...transition(current, 'Pendente', current.erro), atualizado_em: now });
});

/** The user's retry of a failed operation: back to Pendente, for the outbox to send. */
export async function requeue(db: LocalStore, id: string): Promise<void> {
  await runProcedure(db, requeueProcedure, id, new Date().toISOString());
}

/** Finished here, not yet processed by the server, in the order Dexie's anyOf gave them (state, then key). */
const WAITING_STATES = ['EmProcessamento', 'Pendente'] as const;

export const voucherHeldProcedure = procedure(
  'outbox.voucherHeld',
  'r',
  [OPERATION_TABLE, PAYMENT_TABLE],
  function* (t: LocalTx, idValeCredito: number, except: string | null): TxRun<Cents> {
    let held = 0;
    for (const op of yield* inStates(t, WAITING_STATES)) {
      if (op.id_operacao === except) continue;
      const payments = yield* t.where<StoredPayment>(PAYMENT_TABLE, 'id_operacao', op.id_operacao);
      held += voucherRedemptions(payments).get(idValeCredito) ?? 0;
    }
    return held;
  },
);

/**
 * What this device's operations finished but not yet processed by the server (Pendente, EmProcessamento) take from
 * a credit voucher: the server's balance does not know them yet. `except` leaves one operation out.
 */
export function voucherHeldLocally(db: LocalStore, idValeCredito: number, except: string | null = null): Promise<Cents> {
  return runProcedure(db, voucherHeldProcedure, idValeCredito, except);
}

export const cashbackHeldProcedure = procedure(
  'outbox.cashbackHeld',
  'r',
  [OPERATION_TABLE, PAYMENT_TABLE],
  function* (t: LocalTx, idCliente: number, except: string | null): TxRun<Cents[]> {
    const held: Cents[] = [];
    for (const op of yield* inStates(t, WAITING_STATES)) {
      if (op.id_operacao === except || op.id_cliente !== idCliente) continue;
      const payments = yield* t.where<StoredPayment>(PAYMENT_TABLE, 'id_operacao', op.id_operacao);
      const valor = payments.filter((p) => isCashback(p.meio_pagamento?.meio_pagamento ?? '')).reduce((total, p) => total + p.valor_total, 0);
      if (valor > 0) held.push(valor);
    }
    return held;
  },
);

/**
 * The cashback this device's operations finished but not yet processed by the server (Pendente, EmProcessamento)
 * redeem for a customer (their Programa de Fidelidade payments): the synced balance does not know them yet
 * (cashback.ts offlineAvailable). `except` leaves one operation out (the sale being made).
 */
export function cashbackHeldLocally(db: LocalStore, idCliente: number, except: string | null = null): Promise<Cents[]> {
  return runProcedure(db, cashbackHeldProcedure, idCliente, except);
}

/** The procedures of this file, for the worker's registry (localdb/procedures.ts). */
export const OPERATION_PROCEDURES = [
  loadBundleProcedure,
  findEditingProcedure,
  openEditingProcedure,
  saveDraftProcedure,
  discardDraftProcedure,
  finishOperationProcedure,
  listOutboxProcedure,
  requeueProcedure,
  voucherHeldProcedure,
  cashbackHeldProcedure,
] as const;
