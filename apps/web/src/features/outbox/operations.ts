/**
 * The local lifecycle of an operation (000 §4.1) on the local copy: one operation in edit per point of sale, the
 * draft saved as it changes, and finishing, which writes the operation as Pendente (with its lines, payments and the
 * stock they take) in one transaction before anything is sent.
 */
import type { Table } from 'dexie';
import type { PdvDatabase } from '../../db/database.ts';
import { quantityFromDecimal, quantityToDecimal, type Cents } from '@pdv/domain/money';
import { voucherRedemptions } from '@pdv/domain/voucher-rules';
import { isCashback } from '@pdv/domain/payment-method';
import { transition } from '@pdv/domain/operation-state';
import type { OperationBundle, StoredItem, StoredOperation, StoredPayment } from './types.ts';

export const OPERATION_TABLE = 'operation';
export const ITEM_TABLE = 'item';
export const PAYMENT_TABLE = 'payment';
export const STOCK_TABLE = 'stock';

export function operationTable(db: PdvDatabase): Table<StoredOperation, string> {
  return db.table(OPERATION_TABLE);
}
export function itemTable(db: PdvDatabase): Table<StoredItem, string> {
  return db.table(ITEM_TABLE);
}
export function paymentTable(db: PdvDatabase): Table<StoredPayment, string> {
  return db.table(PAYMENT_TABLE);
}

/** Who the point of sale is: one operation in edit per branch and user on this device. */
export interface PosOwner {
  id_filial: number;
  id_usuario: number;
}

export async function loadBundle(db: PdvDatabase, id: string): Promise<OperationBundle | null> {
  return db.transaction('r', [operationTable(db), itemTable(db), paymentTable(db)], async () => {
    const operation = await operationTable(db).get(id);
    if (!operation) return null;
    const itens = await itemTable(db).where('id_operacao').equals(id).toArray();
    const pagamentos = await paymentTable(db).where('id_operacao').equals(id).toArray();
    return {
      operation,
      itens: itens.sort((a, b) => a.ordem - b.ordem),
      pagamentos: pagamentos.sort((a, b) => a.ordem - b.ordem),
    };
  });
}

/**
 * The point of sale's operation in edit, created by `create` when there is none. Runs in one read-write
 * transaction, so two tabs opening /checkout at once still share one draft.
 */
export async function openEditingOperation(
  db: PdvDatabase,
  owner: PosOwner,
  create: () => StoredOperation,
): Promise<OperationBundle> {
  const id = await db.transaction('rw', [operationTable(db)], async () => {
    const editing = await operationTable(db)
      .where('situacao')
      .equals('EmEdicao')
      .filter((op) => op.id_filial === owner.id_filial && op.id_usuario === owner.id_usuario)
      .sortBy('data_inicio');
    const first = editing[0];
    if (first) return first.id_operacao;
    const created = create();
    await operationTable(db).add(created);
    return created.id_operacao;
  });
  const bundle = await loadBundle(db, id);
  if (!bundle) throw new Error(`operação ${id} sumiu logo após ser aberta`);
  return bundle;
}

/** Replaces the lines and payments of an operation with the bundle's (inside a transaction). */
async function writeChildren(db: PdvDatabase, bundle: OperationBundle): Promise<void> {
  const id = bundle.operation.id_operacao;
  const keepItems = new Set(bundle.itens.map((i) => i.id_item));
  const keepPayments = new Set(bundle.pagamentos.map((p) => p.id_pagamento));
  await itemTable(db)
    .where('id_operacao')
    .equals(id)
    .filter((i) => !keepItems.has(i.id_item))
    .delete();
  await paymentTable(db)
    .where('id_operacao')
    .equals(id)
    .filter((p) => !keepPayments.has(p.id_pagamento))
    .delete();
  await itemTable(db).bulkPut(bundle.itens);
  await paymentTable(db).bulkPut(bundle.pagamentos);
}

/**
 * Saves the draft as it is on screen. Refused (false) once the operation has left edit: a late save must never
 * overwrite a finished operation.
 */
export async function saveDraft(db: PdvDatabase, bundle: OperationBundle): Promise<boolean> {
  return db.transaction('rw', [operationTable(db), itemTable(db), paymentTable(db)], async () => {
    const current = await operationTable(db).get(bundle.operation.id_operacao);
    if (current && current.situacao !== 'EmEdicao') return false;
    await operationTable(db).put({ ...bundle.operation, atualizado_em: new Date().toISOString() });
    await writeChildren(db, bundle);
    return true;
  });
}

/**
 * Cancelling the sale in edit at the till: the draft, its lines and its payments are deleted (nothing of it was sent;
 * nothing moved). False when it is no longer in edit (finished meanwhile, in this or another tab): nothing is deleted.
 */
export async function discardDraft(db: PdvDatabase, id: string): Promise<boolean> {
  return db.transaction('rw', [operationTable(db), itemTable(db), paymentTable(db)], async () => {
    const current = await operationTable(db).get(id);
    if (!current || current.situacao !== 'EmEdicao') return false;
    await itemTable(db).where('id_operacao').equals(id).delete();
    await paymentTable(db).where('id_operacao').equals(id).delete();
    await operationTable(db).delete(id);
    return true;
  });
}

/**
 * Finishing: in one transaction, the operation becomes Pendente with its final lines and payments, and the local
 * stock of each line's variation at its address goes down by what was sold (the server's stock event brings the
 * truth later). Nothing is sent here: the outbox sends pending operations. Throws when the operation is no longer
 * in edit (finished in another tab).
 */
export async function finishOperation(db: PdvDatabase, bundle: OperationBundle, now = new Date()): Promise<StoredOperation> {
  const stock = db.rows(STOCK_TABLE);
  return db.transaction('rw', [operationTable(db), itemTable(db), paymentTable(db), stock], async () => {
    const current = await operationTable(db).get(bundle.operation.id_operacao);
    if (current && current.situacao !== 'EmEdicao') throw new Error('Esta operação já foi finalizada.');
    const finished: StoredOperation = {
      ...transition(bundle.operation, 'Pendente'),
      data_fim: now.toISOString(),
      atualizado_em: now.toISOString(),
    };
    await operationTable(db).put(finished);
    await writeChildren(db, bundle);
    // A return brings its units back into the local stock; every other mode takes them out.
    const sign = bundle.operation.modo_operacao === 'Devolucao' ? -1 : 1;
    for (const item of bundle.itens) {
      if (item.is_cancelado || item.id_produto_grade_filial === null) continue;
      const rows = await stock.where('id_produto_grade_filial').equals(item.id_produto_grade_filial).toArray();
      const row = rows.find((r) => r['id_endereco_estoque'] === item.id_endereco_estoque && !r['data_exclusao']);
      if (!row) continue;
      const left = quantityFromDecimal(Number(row['quantidade'] ?? 0)) - sign * item.quantidade;
      await stock.put({ ...row, quantidade: quantityToDecimal(left) });
    }
    return finished;
  });
}

/** States the outbox screen lists. */
export const OUTBOX_STATES = ['Pendente', 'EmProcessamento', 'Erro'] as const;

export async function listOutbox(db: PdvDatabase): Promise<StoredOperation[]> {
  const rows = await operationTable(db)
    .where('situacao')
    .anyOf([...OUTBOX_STATES])
    .toArray();
  return rows.sort((a, b) => (a.data_fim ?? '').localeCompare(b.data_fim ?? ''));
}

/** The user's retry of a failed operation: back to Pendente, for the outbox to send. */
export async function requeue(db: PdvDatabase, id: string): Promise<void> {
  await db.transaction('rw', [operationTable(db)], async () => {
    const current = await operationTable(db).get(id);
    if (current?.situacao !== 'Erro' || current.encerramento) return;
    await operationTable(db).put({ ...transition(current, 'Pendente', current.erro), atualizado_em: new Date().toISOString() });
  });
}

/**
 * What this device's operations finished but not yet processed by the server (Pendente, EmProcessamento) take from
 * a credit voucher: the server's balance does not know them yet. `except` leaves one operation out.
 */
export async function voucherHeldLocally(db: PdvDatabase, idValeCredito: number, except: string | null = null): Promise<Cents> {
  return db.transaction('r', [operationTable(db), paymentTable(db)], async () => {
    const waiting = await operationTable(db).where('situacao').anyOf(['Pendente', 'EmProcessamento']).primaryKeys();
    let held = 0;
    for (const id of waiting) {
      if (id === except) continue;
      const payments = await paymentTable(db).where('id_operacao').equals(id).toArray();
      held += voucherRedemptions(payments).get(idValeCredito) ?? 0;
    }
    return held;
  });
}

/**
 * The cashback this device's operations finished but not yet processed by the server (Pendente, EmProcessamento)
 * redeem for a customer (their Programa de Fidelidade payments): the synced balance does not know them yet
 * (cashback.ts offlineAvailable). `except` leaves one operation out (the sale being made).
 */
export async function cashbackHeldLocally(db: PdvDatabase, idCliente: number, except: string | null = null): Promise<Cents[]> {
  return db.transaction('r', [operationTable(db), paymentTable(db)], async () => {
    const waiting = await operationTable(db).where('situacao').anyOf(['Pendente', 'EmProcessamento']).toArray();
    const held: Cents[] = [];
    for (const op of waiting) {
      if (op.id_operacao === except || op.id_cliente !== idCliente) continue;
      const payments = await paymentTable(db).where('id_operacao').equals(op.id_operacao).toArray();
      const valor = payments.filter((p) => isCashback(p.meio_pagamento?.meio_pagamento ?? '')).reduce((t, p) => t + p.valor_total, 0);
      if (valor > 0) held.push(valor);
    }
    return held;
  });
}
