/**
 * The operation's local lifecycle (operations.ts) on both stores of the local copy: Dexie over fake-indexeddb (the app
 * today), the SQLite engine in memory in this thread, and the same engine behind the worker's host (client.transact
 * over a MessageChannel, procedures found by name).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEIO_PAGAMENTO } from '@pdv/domain/payment-method';
import { makePaymentMethod } from '@pdv/domain/factories';
import { LocalDbClient } from '../../localdb/client.ts';
import { serve } from '../../localdb/host.ts';
import { openMemoryEngine } from '../../localdb/testing.ts';
import { procedure, runProcedure, type LocalTx, type TxRun } from '../../localdb/transaction.ts';
import {
  cashbackHeldLocally,
  discardDraft,
  finishOperation,
  listOutbox,
  loadBundle,
  openEditingOperation,
  requeue,
  saveDraft,
  voucherHeldLocally,
} from './operations.ts';
import { makeBundle, uuid } from './testing.ts';
import type { OperationBundle, StoredOperation } from './types.ts';
import { closeStoreChannels, stores } from './storeTesting.ts';

afterEach(closeStoreChannels);
const channels: MessageChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
});

/** Writes the tables, then throws: nothing of it may stay. */
const failingProcedure = procedure(
  'test.failsMidway',
  'rw',
  ['operation', 'item', 'stock'],
  function* (t: LocalTx, bundle: OperationBundle): TxRun<void> {
    yield* t.put('operation', bundle.operation);
    yield* t.bulkPut('item', bundle.itens);
    const stock = yield* t.get('stock', 1);
    yield* t.put('stock', { ...stock, quantidade: 0 });
    throw new Error('falhou no meio');
  },
);

/** A step a procedure did not declare its table for. */
const undeclaredProcedure = procedure('test.undeclared', 'rw', ['operation'], function* (t: LocalTx): TxRun<void> {
  yield* t.put('stock', { id_estoque: 2, quantidade: 1 });
});

const owner = { id_filial: 1, id_usuario: 7 };
const STOCK = { id_estoque: 1, id_produto_grade_filial: 10, id_endereco_estoque: 3, quantidade: 5 };

describe.each(stores([failingProcedure, undeclaredProcedure]))('the operation lifecycle on %s', (_name, open) => {
  it('finishes in one transaction: Pendente with its lines and payments, and the local stock taken', async () => {
    const f = await open();
    await f.put('stock', [STOCK]);
    const bundle = makeBundle();
    const id = bundle.operation.id_operacao;
    expect(await saveDraft(f.store, bundle)).toBe(true);
    const finished = await finishOperation(f.store, bundle, new Date('2025-01-02T11:00:00.000Z'));
    expect(finished).toMatchObject({ situacao: 'Pendente', data_fim: '2025-01-02T11:00:00.000Z' });
    const stored = await loadBundle(f.store, id);
    expect(stored?.operation).toMatchObject({ situacao: 'Pendente', data_fim: '2025-01-02T11:00:00.000Z' });
    expect(stored?.itens.map((i) => i.id_item)).toEqual(bundle.itens.map((i) => i.id_item));
    expect(stored?.pagamentos).toHaveLength(1);
    expect((await f.get('stock', 1))?.['quantidade']).toBe(3);
    // A late save never overwrites it, and it is not finished twice (the stock stays as it was).
    expect(await saveDraft(f.store, { ...bundle, itens: [] })).toBe(false);
    expect((await loadBundle(f.store, id))?.itens).toHaveLength(1);
    await expect(finishOperation(f.store, bundle)).rejects.toThrow('já foi finalizada');
    expect((await f.get('stock', 1))?.['quantidade']).toBe(3);
  });

  it('gives the units of a return back to the local stock', async () => {
    const f = await open();
    await f.put('stock', [STOCK]);
    const made = makeBundle();
    await finishOperation(f.store, { ...made, operation: { ...made.operation, modo_operacao: 'Devolucao' } });
    expect((await f.get('stock', 1))?.['quantidade']).toBe(7);
  });

  it('saves the draft with lines and payments replaced, in order, and the grant kept', async () => {
    const f = await open();
    const bundle = makeBundle();
    const id = bundle.operation.id_operacao;
    await saveDraft(f.store, bundle);
    const [line] = bundle.itens;
    if (!line) throw new Error('sem linha');
    const second = { ...line, id_item: uuid(), ordem: 2, descricao: 'Calça' };
    const first = { ...line, id_item: uuid(), ordem: 1, descricao: 'Meia' };
    await saveDraft(f.store, { ...bundle, operation: { ...bundle.operation, id_autorizacao_limite: 41 }, itens: [second, first], pagamentos: [] });
    const stored = await loadBundle(f.store, id);
    expect(stored?.operation.id_autorizacao_limite).toBe(41);
    expect(stored?.itens.map((i) => i.descricao)).toEqual(['Meia', 'Calça']);
    expect(stored?.pagamentos).toEqual([]);
    expect(await f.where('item', 'id_operacao', id)).toHaveLength(2);
  });

  it('cancels the sale in edit with its lines and payments, and leaves a finished one alone', async () => {
    const f = await open();
    const bundle = makeBundle();
    const id = bundle.operation.id_operacao;
    await saveDraft(f.store, bundle);
    expect(await discardDraft(f.store, id)).toBe(true);
    expect(await loadBundle(f.store, id)).toBeNull();
    expect(await f.where('item', 'id_operacao', id)).toEqual([]);
    expect(await f.where('payment', 'id_operacao', id)).toEqual([]);
    const finished = makeBundle();
    await saveDraft(f.store, finished);
    await finishOperation(f.store, finished);
    expect(await discardDraft(f.store, finished.operation.id_operacao)).toBe(false);
    expect((await loadBundle(f.store, finished.operation.id_operacao))?.itens).toHaveLength(1);
  });

  it("opens the owner's operation in edit, creating it only when there is none; two opens at once share one", async () => {
    const f = await open();
    const create = vi.fn(() => makeBundle().operation);
    const [a, b] = await Promise.all([openEditingOperation(f.store, owner, create), openEditingOperation(f.store, owner, create)]);
    expect(a.operation.id_operacao).toBe(b.operation.id_operacao);
    expect(await f.where('operation', 'situacao', 'EmEdicao')).toHaveLength(1);
    const again = await openEditingOperation(f.store, owner, () => {
      throw new Error('não deveria criar outra');
    });
    expect(again.operation.id_operacao).toBe(a.operation.id_operacao);
    // Another user on the same device has their own.
    const other = await openEditingOperation(f.store, { ...owner, id_usuario: 8 }, () => ({ ...makeBundle().operation, id_usuario: 8 }));
    expect(other.operation.id_operacao).not.toBe(a.operation.id_operacao);
  });

  it('lists the outbox by finishing time and requeues a failed operation, not a closed one', async () => {
    const f = await open();
    const first = makeBundle();
    const second = makeBundle();
    await finishOperation(f.store, second, new Date('2025-01-02T12:00:00.000Z'));
    await finishOperation(f.store, first, new Date('2025-01-02T11:00:00.000Z'));
    await saveDraft(f.store, makeBundle());
    expect((await listOutbox(f.store)).map((op) => op.id_operacao)).toEqual([first.operation.id_operacao, second.operation.id_operacao]);
    const failed = (await f.get('operation', first.operation.id_operacao)) as unknown as StoredOperation;
    await f.put('operation', [{ ...failed, situacao: 'Erro', erro: 'recusada' }]);
    await requeue(f.store, first.operation.id_operacao);
    expect(await f.get('operation', first.operation.id_operacao)).toMatchObject({ situacao: 'Pendente', erro: 'recusada' });
    await f.put('operation', [{ ...failed, situacao: 'Erro', erro: 'recusada', encerramento: { tipo: 'Cancelada', motivo: 'x' } }]);
    await requeue(f.store, first.operation.id_operacao);
    expect((await f.get('operation', first.operation.id_operacao))?.['situacao']).toBe('Erro');
  });

  it('counts what the operations finished here and not yet processed take from a voucher and from cashback', async () => {
    const f = await open();
    const paying = (meio: string, valor: number) => {
      const b = makeBundle();
      const [payment] = b.pagamentos;
      if (!payment) throw new Error('sem pagamento');
      const method = makePaymentMethod({ id_meio_pagamento: 9, meio_pagamento: meio });
      return {
        ...b,
        operation: { ...b.operation, id_cliente: 55 },
        pagamentos: [
          { ...payment, meio_pagamento: method, id_vale_credito: 77, valor_total: valor },
          { ...payment, id_pagamento: uuid(), meio_pagamento: method, id_vale_credito: 77, valor_total: 500 },
        ],
      };
    };
    const pending = paying(MEIO_PAGAMENTO.ProgramaFidelidade, 1000);
    await finishOperation(f.store, pending);
    const refused = paying(MEIO_PAGAMENTO.ProgramaFidelidade, 2000);
    await finishOperation(f.store, refused);
    const stored = (await f.get('operation', refused.operation.id_operacao)) as unknown as StoredOperation;
    await f.put('operation', [{ ...stored, situacao: 'Erro', erro: 'recusada' }]);
    await saveDraft(f.store, paying(MEIO_PAGAMENTO.ProgramaFidelidade, 4000));
    expect(await voucherHeldLocally(f.store, 77)).toBe(1500);
    expect(await voucherHeldLocally(f.store, 78)).toBe(0);
    expect(await voucherHeldLocally(f.store, 77, pending.operation.id_operacao)).toBe(0);
    expect(await cashbackHeldLocally(f.store, 55)).toEqual([1500]);
    expect(await cashbackHeldLocally(f.store, 56)).toEqual([]);
    expect(await cashbackHeldLocally(f.store, 55, pending.operation.id_operacao)).toEqual([]);
  });

  it('leaves nothing written when a procedure throws midway', async () => {
    const f = await open();
    await f.put('stock', [STOCK]);
    const heard = vi.fn();
    f.subscribe?.(['operation', 'item', 'stock'], heard);
    const bundle = makeBundle();
    await expect(runProcedure(f.store, failingProcedure, bundle)).rejects.toThrow('falhou no meio');
    expect(await f.get('operation', bundle.operation.id_operacao)).toBeUndefined();
    expect(await f.where('item', 'id_operacao', bundle.operation.id_operacao)).toEqual([]);
    expect((await f.get('stock', 1))?.['quantidade']).toBe(5);
    // The store still works after the rollback, and nobody heard of the rolled-back writes.
    await saveDraft(f.store, bundle);
    expect((await loadBundle(f.store, bundle.operation.id_operacao))?.itens).toHaveLength(1);
    if (f.subscribe) {
      await vi.waitFor(() => expect(heard).toHaveBeenCalled());
      expect(heard).toHaveBeenCalledTimes(1);
    }
  });

  it('refuses a step on a table the procedure did not declare, writing nothing', async () => {
    const f = await open();
    await expect(runProcedure(f.store, undeclaredProcedure)).rejects.toThrow();
    expect(await f.get('stock', 2)).toBeUndefined();
  });
});

describe("the worker's host", () => {
  it('refuses a procedure it was not built with', async () => {
    const engine = await openMemoryEngine();
    const channel = new MessageChannel();
    channels.push(channel);
    serve(channel.port2, () => Promise.resolve(engine));
    const client = new LocalDbClient(channel.port1);
    channel.port1.start();
    channel.port2.start();
    await client.open();
    await expect(client.transact(failingProcedure, makeBundle())).rejects.toThrow('Procedimento desconhecido');
  });
});
