import { describe, expect, it, vi } from 'vitest';
import type { ModoOperacao } from '@pdv/domain/operation';
import { ApiError } from '../../api/errors.ts';
import { openTestDatabase } from '../../db/testing.ts';
import {
  finishOperation, listOutbox, loadBundle, openEditingOperation, operationTable, requeue, saveDraft, voucherHeldLocally,
} from './operations.ts';
import { PENDING_MESSAGE, sendPending, type Sender } from './outbox.ts';
import { applyProcessEvent } from './processEvent.ts';
import { cancelRefused, goodsLeft, REFUSED_MESSAGES, reopenRefused, retryOutcome } from './refused.ts';
import { makeBundle } from './testing.ts';

const REFUSAL = 'Saldo do vale crédito insuficiente. Saldo disponível: R$ 30,00.';
const owner = { id_filial: 1, id_usuario: 7 };

/** A sale of 2 units (stock 5 -> 3 locally) the server refused with a 400. */
async function refusedSale(modo: ModoOperacao = 'Venda') {
  const db = openTestDatabase();
  await db.rows('stock').put({ id_estoque: 1, id_produto_grade_filial: 10, id_endereco_estoque: 3, quantidade: 5 });
  const made = makeBundle();
  const bundle = { ...made, operation: { ...made.operation, modo_operacao: modo } };
  await saveDraft(db, bundle);
  await finishOperation(db, bundle);
  const refuse = vi.fn<Sender>(() => Promise.reject(new ApiError('http', 400, { message: REFUSAL }, REFUSAL, 'operacao')));
  await sendPending({ db, send: refuse, locks: null });
  return { db, bundle, id: bundle.operation.id_operacao, refuse };
}

describe('a refused operation', () => {
  it('reopens as the point of sale draft under a new id, the refused one kept, replaced and never sent again', async () => {
    const { db, bundle, id, refuse } = await refusedSale();
    expect((await db.rows('stock').get(1))?.['quantidade']).toBe(3);
    const newId = await reopenRefused(db, id, owner);
    expect(newId).not.toBe(id);
    const draft = await loadBundle(db, newId);
    expect(draft?.operation).toMatchObject({ situacao: 'EmEdicao', erro: null, data_fim: null, substitui: id, id_usuario: 7 });
    expect(draft?.itens.map((i) => [i.descricao, i.quantidade, i.id_operacao])).toEqual([['Camiseta', 2000, newId]]);
    expect(draft?.itens[0]?.id_item).not.toBe(bundle.itens[0]?.id_item);
    expect(draft?.pagamentos.map((p) => [p.valor_total, p.id_operacao])).toEqual([[10000, newId]]);
    // The point of sale opens it as its operation in edit.
    const opened = await openEditingOperation(db, owner, () => {
      throw new Error('não deveria criar outra');
    });
    expect(opened.operation.id_operacao).toBe(newId);
    // The refused one: still listed, readable, replaced; neither the user's retry nor a report sends it again.
    const kept = await loadBundle(db, id);
    expect(kept?.operation).toMatchObject({ situacao: 'Erro', erro: REFUSAL, encerramento: { tipo: 'Substituida', id_operacao_nova: newId } });
    expect(kept?.itens).toHaveLength(1);
    expect((await listOutbox(db)).map((op) => op.id_operacao)).toEqual([id]);
    await requeue(db, id);
    await applyProcessEvent(db, { id_operacao: id, erros: ['falhou'] }, () => false);
    await sendPending({ db, send: refuse, locks: null });
    expect(refuse).toHaveBeenCalledTimes(1);
    expect((await operationTable(db).get(id))?.situacao).toBe('Erro');
    // The server never took the units: the local stock has them back.
    expect((await db.rows('stock').get(1))?.['quantidade']).toBe(5);
    await expect(reopenRefused(db, id, owner)).rejects.toThrow(REFUSED_MESSAGES.closed);
  });

  it('is not reopened over a sale in progress at the point of sale (an empty draft gives way)', async () => {
    const { db, id } = await refusedSale();
    const busy = makeBundle();
    await saveDraft(db, busy);
    await expect(reopenRefused(db, id, owner)).rejects.toThrow(REFUSED_MESSAGES.editingBusy);
    expect((await operationTable(db).get(id))?.encerramento ?? null).toBeNull();
    await saveDraft(db, { ...busy, itens: [], pagamentos: [] });
    const newId = await reopenRefused(db, id, owner);
    expect(await operationTable(db).get(busy.operation.id_operacao)).toBeUndefined();
    expect((await operationTable(db).get(newId))?.situacao).toBe('EmEdicao');
  });

  it('is cancelled with a reason, and with a supervisor grant when its goods already left', async () => {
    const { db, id } = await refusedSale();
    const bundle = await loadBundle(db, id);
    expect(bundle && goodsLeft(bundle)).toBe(true);
    await expect(cancelRefused(db, id, { motivo: ' ', id_usuario: 7, id_autorizacao: null })).rejects.toThrow(REFUSED_MESSAGES.reasonRequired);
    await expect(cancelRefused(db, id, { motivo: 'Cliente devolveu', id_usuario: 7, id_autorizacao: null })).rejects.toThrow(
      REFUSED_MESSAGES.authorizationRequired,
    );
    await cancelRefused(db, id, { motivo: 'Cliente devolveu', id_usuario: 7, id_autorizacao: 41 });
    expect((await operationTable(db).get(id))?.encerramento).toMatchObject({ tipo: 'Cancelada', motivo: 'Cliente devolveu', id_autorizacao: 41 });
    expect((await db.rows('stock').get(1))?.['quantidade']).toBe(5);
    await expect(cancelRefused(db, id, { motivo: 'de novo', id_usuario: 7, id_autorizacao: 41 })).rejects.toThrow(REFUSED_MESSAGES.closed);
  });

  it('of a mode that hands no goods over is cancelled without a supervisor', async () => {
    const { db, id } = await refusedSale('Pedido');
    await cancelRefused(db, id, { motivo: 'Pedido duplicado', id_usuario: 7, id_autorizacao: null });
    expect((await operationTable(db).get(id))?.encerramento).toMatchObject({ tipo: 'Cancelada', id_autorizacao: null });
  });

  it('retried says what happened: sent, refused again with the message, or still pending (offline or not)', () => {
    const op = makeBundle().operation;
    expect(retryOutcome({ ...op, situacao: 'Processado' }, true)).toEqual({ kind: 'sent', message: REFUSED_MESSAGES.sent });
    expect(retryOutcome({ ...op, situacao: 'Erro', erro: REFUSAL }, true)).toEqual({
      kind: 'refused',
      message: REFUSED_MESSAGES.refusedAgain(REFUSAL),
    });
    expect(retryOutcome({ ...op, situacao: 'Pendente' }, true).message).toBe(PENDING_MESSAGE);
    expect(retryOutcome({ ...op, situacao: 'Pendente' }, false).message).toBe(REFUSED_MESSAGES.offline);
  });
});

describe("a voucher's balance on this device", () => {
  it('is lowered by the operations finished here and not yet processed, not by refused or processed ones', async () => {
    const db = openTestDatabase();
    const withVoucher = (valor: number) => {
      const b = makeBundle();
      const [payment] = b.pagamentos;
      if (!payment) throw new Error('sem pagamento');
      return { ...b, pagamentos: [{ ...payment, id_vale_credito: 77, valor_total: valor }, { ...payment, id_pagamento: crypto.randomUUID(), id_vale_credito: 77, valor_total: 500 }] };
    };
    const pending = withVoucher(1000);
    await saveDraft(db, pending);
    await finishOperation(db, pending);
    const refused = withVoucher(2000);
    await saveDraft(db, refused);
    await finishOperation(db, refused);
    await operationTable(db).update(refused.operation.id_operacao, { situacao: 'Erro', erro: 'recusada' });
    const draft = withVoucher(4000);
    await saveDraft(db, draft);
    expect(await voucherHeldLocally(db, 77)).toBe(1500);
    expect(await voucherHeldLocally(db, 78)).toBe(0);
    expect(await voucherHeldLocally(db, 77, pending.operation.id_operacao)).toBe(0);
  });
});

