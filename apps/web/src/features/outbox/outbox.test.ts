import { describe, expect, it, vi } from 'vitest';
import type { OperacaoBody, OperacaoResult } from '@pdv/contract/operation';
import { ApiError } from '../../api/errors.ts';
import { openTestDatabase } from '../../db/testing.ts';
import { OPERATION_REPLAY_MESSAGES } from '@pdv/domain/operation-content';
import { finishOperation, listOutbox, loadBundle, operationTable, requeue, saveDraft } from './operations.ts';
import { isRefusal, PENDING_MESSAGE, sendPending, type Sender } from './outbox.ts';
import { fakeLocks, makeBundle } from './testing.ts';

function answer(body: OperacaoBody, nsu: number): OperacaoResult {
  return {
    id_operacao: body.id_operacao,
    situacao: 'Processado',
    duplicado: false,
    id_pedido: nsu + 100,
    nsu,
    id_nota_fiscal: null,
    valor_total: 100,
    valor_troco: 0,
  };
}

async function finished(db = openTestDatabase()) {
  const bundle = makeBundle();
  await saveDraft(db, bundle);
  await finishOperation(db, bundle);
  return { db, bundle, id: bundle.operation.id_operacao };
}

describe('the operation lifecycle and the outbox', () => {
  it('writes the finished operation as pending, with its lines and payments, before anything is sent', async () => {
    const db = openTestDatabase();
    await db.rows('stock').put({ id_estoque: 1, id_produto_grade_filial: 10, id_endereco_estoque: 3, quantidade: 5 });
    const bundle = makeBundle();
    const id = bundle.operation.id_operacao;
    await saveDraft(db, bundle);
    await finishOperation(db, bundle);
    // A new connection, as a reopened tab would see it.
    const reopened = openTestDatabase(db.name);
    const stored = await loadBundle(reopened, id);
    expect(stored?.operation.situacao).toBe('Pendente');
    expect(stored?.operation.data_fim).not.toBeNull();
    expect(stored?.itens).toHaveLength(1);
    expect(stored?.pagamentos).toHaveLength(1);
    expect((await reopened.rows('stock').get(1))?.['quantidade']).toBe(3);
    // The outbox sends what the database holds: when the send starts, another connection already sees the operation
    // with its line and payment, and the body sent carries them.
    const seenAtSend: Array<{ situacao: string | undefined; itens: number | undefined }> = [];
    const send = vi.fn<Sender>(async (body) => {
      const atSend = await loadBundle(openTestDatabase(db.name), body.id_operacao);
      seenAtSend.push({ situacao: atSend?.operation.situacao, itens: atSend?.itens.length });
      return answer(body, 9);
    });
    await sendPending({ db: reopened, send, locks: null });
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0]).toMatchObject({ id_operacao: id, itens: [expect.anything()], pagamentos: [expect.anything()] });
    expect(seenAtSend).toEqual([{ situacao: 'EmProcessamento', itens: 1 }]);
  });

  it('never lets a late draft save overwrite a finished operation', async () => {
    const { db, bundle, id } = await finished();
    expect(await saveDraft(db, { ...bundle, itens: [] })).toBe(false);
    expect((await loadBundle(db, id))?.itens).toHaveLength(1);
    await expect(finishOperation(db, bundle)).rejects.toThrow('já foi finalizada');
  });

  it('marks a sent operation processed exactly once, with the server ids', async () => {
    const { db, id } = await finished();
    const send = vi.fn<Sender>((body) => Promise.resolve(answer(body, 41)));
    const first = await sendPending({ db, send, locks: null });
    const second = await sendPending({ db, send, locks: null });
    expect(first.processed).toEqual([id]);
    expect(second.processed).toEqual([]);
    expect(send).toHaveBeenCalledTimes(1);
    const op = await operationTable(db).get(id);
    expect(op).toMatchObject({ situacao: 'Processado', nsu: 41, id_pedido: 141, erro: null, tentativas: 1 });
    expect(op?.resultado?.nsu).toBe(41);
  });

  it('never sends the same operation twice when two tabs run the outbox at once (lock)', async () => {
    const db = openTestDatabase();
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await finished(db)).id);
    const sent: string[] = [];
    const send: Sender = async (body) => {
      sent.push(body.id_operacao);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return answer(body, sent.length);
    };
    const locks = fakeLocks();
    const tabA = openTestDatabase(db.name);
    const tabB = openTestDatabase(db.name);
    await Promise.all([
      sendPending({ db: tabA, send, locks }),
      sendPending({ db: tabB, send, locks }),
      sendPending({ db: tabA, send, locks }),
    ]);
    expect(sent.sort()).toEqual([...ids].sort());
    const states = await operationTable(db).toArray();
    expect(states.every((op) => op.situacao === 'Processado')).toBe(true);
  });

  it('sends again an operation left in processing by a tab that closed mid-send', async () => {
    const { db, id } = await finished();
    await operationTable(db).update(id, { situacao: 'EmProcessamento' });
    const send = vi.fn<Sender>((body) => Promise.resolve(answer(body, 7)));
    await sendPending({ db, send, locks: fakeLocks() });
    expect(send).toHaveBeenCalledTimes(1);
    expect((await operationTable(db).get(id))?.situacao).toBe('Processado');
  });

  it('keeps the operation pending with the pending message when the server cannot be reached', async () => {
    const { db, id } = await finished();
    const second = await finished(db);
    const send = vi.fn<Sender>(() => Promise.reject(new ApiError('network', 0, null, 'sem rede', 'operacao')));
    const result = await sendPending({ db, send, locks: null });
    expect(send).toHaveBeenCalledTimes(1);
    expect(result.pending).toEqual([id, second.id]);
    expect(await operationTable(db).get(id)).toMatchObject({ situacao: 'Pendente', erro: PENDING_MESSAGE });
  });

  it('keeps a 5xx pending and a business refusal as an error with its message, until retried', async () => {
    const { db, id } = await finished();
    const fail500 = vi.fn<Sender>(() => Promise.reject(new ApiError('http', 500, null, 'Erro 500', 'operacao')));
    await sendPending({ db, send: fail500, locks: null });
    expect((await operationTable(db).get(id))?.situacao).toBe('Pendente');

    const message = 'Estoque insuficiente. Estoque atual: 0,000. Quantidade informada: 2,000.';
    const refuse = vi.fn<Sender>(() =>
      Promise.reject(new ApiError('http', 400, { message, erros: [message] }, message, 'operacao')),
    );
    const result = await sendPending({ db, send: refuse, locks: null });
    expect(result.failed).toEqual([id]);
    expect(await operationTable(db).get(id)).toMatchObject({ situacao: 'Erro', erro: message });
    // An error is not sent again by the loop...
    await sendPending({ db, send: refuse, locks: null });
    expect(refuse).toHaveBeenCalledTimes(1);
    // ...only after the user's retry, and the message stays until it succeeds.
    await requeue(db, id);
    expect(await operationTable(db).get(id)).toMatchObject({ situacao: 'Pendente', erro: message });
    await sendPending({ db, send: (body) => Promise.resolve(answer(body, 3)), locks: null });
    expect(await operationTable(db).get(id)).toMatchObject({ situacao: 'Processado', erro: null });
  });

  it('keeps a 409 (the id_operacao taken by other content or another user) as a final error with the server message', async () => {
    const { db, id } = await finished();
    const second = await finished(db);
    const message = OPERATION_REPLAY_MESSAGES.otherContent;
    const conflict = vi.fn<Sender>((body) =>
      body.id_operacao === id
        ? Promise.reject(new ApiError('http', 409, { message }, message, 'operacao'))
        : Promise.resolve(answer(body, 5)),
    );
    const result = await sendPending({ db, send: conflict, locks: null });
    // Final, not a retry: the pass goes on to the next operation instead of stopping on it.
    expect(result).toEqual({ processed: [second.id], failed: [id], pending: [] });
    expect(await operationTable(db).get(id)).toMatchObject({ situacao: 'Erro', erro: message, tentativas: 1 });
    // Operações pendentes lists it with the server's message.
    expect((await listOutbox(db)).map((op) => [op.id_operacao, op.situacao, op.erro])).toEqual([[id, 'Erro', message]]);
    // The loop never sends it again on its own.
    await sendPending({ db, send: conflict, locks: null });
    await sendPending({ db, send: conflict, locks: null });
    expect(conflict.mock.calls.filter(([body]) => body.id_operacao === id)).toHaveLength(1);
  });

  it('keeps pending what says "not now" (401, 408, 429, 5xx, no answer) and refuses every other 4xx', () => {
    const http = (status: number) => new ApiError('http', status, { message: 'x' }, 'x', 'operacao');
    expect([400, 403, 404, 409, 422].map((status) => isRefusal(http(status)))).toEqual([true, true, true, true, true]);
    expect([401, 408, 429, 500, 503].map((status) => isRefusal(http(status)))).toEqual([false, false, false, false, false]);
    expect(isRefusal(new ApiError('network', 0, null, 'sem rede', 'operacao'))).toBe(false);
  });
});
