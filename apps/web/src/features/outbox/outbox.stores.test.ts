/** The outbox's pass and the process event on both stores of the local copy (storeTesting.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OperacaoBody, OperacaoResult } from '@pdv/contract/operation';
import { MESSAGES } from '@pdv/domain/messages';
import { ApiError } from '../../api/errors.ts';
import { finishOperation, loadBundle, openEditingOperation, requeue, saveDraft } from './operations.ts';
import { PENDING_MESSAGE, sendPending, type Sender } from './outbox.ts';
import { applyProcessEvent } from './processEvent.ts';
import { cancelRefused, REFUSED_MESSAGES, reopenRefused } from './refused.ts';
import { closeStoreChannels, stores, type Fixture } from './storeTesting.ts';
import { fakeLocks, makeBundle } from './testing.ts';

afterEach(closeStoreChannels);

function answer(body: OperacaoBody | { id_operacao: string }, nsu: number): OperacaoResult {
  return { id_operacao: body.id_operacao, situacao: 'Processado', duplicado: false, id_pedido: nsu + 100, nsu, id_nota_fiscal: null, valor_total: 100, valor_troco: 0 };
}

async function finished(f: Fixture, at = '2025-01-02T11:00:00.000Z'): Promise<string> {
  const bundle = makeBundle();
  await finishOperation(f.store, bundle, new Date(at));
  return bundle.operation.id_operacao;
}

describe.each(stores())('the outbox on %s', (_name, open) => {
  it('sends each pending operation exactly once, in finishing order, even with two passes at once', async () => {
    const f = await open();
    const second = await finished(f, '2025-01-02T12:00:00.000Z');
    const first = await finished(f, '2025-01-02T11:00:00.000Z');
    const sent: string[] = [];
    const send: Sender = async (body) => {
      sent.push(body.id_operacao);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return answer(body, sent.length);
    };
    const locks = fakeLocks();
    await Promise.all([sendPending({ db: f.store, send, locks }), sendPending({ db: f.store, send, locks })]);
    expect(sent).toEqual([first, second]);
    expect(await f.get('operation', first)).toMatchObject({ situacao: 'Processado', nsu: 1, id_pedido: 101, tentativas: 1, erro: null });
    expect(await f.get('operation', second)).toMatchObject({ situacao: 'Processado', nsu: 2 });
  });

  it('sends again an operation left in processing by a tab that closed mid-send', async () => {
    const f = await open();
    const id = await finished(f);
    const stored = await f.get('operation', id);
    await f.put('operation', [{ ...stored, situacao: 'EmProcessamento' }]);
    const send = vi.fn<Sender>((body) => Promise.resolve(answer(body, 7)));
    await sendPending({ db: f.store, send, locks: fakeLocks() });
    expect(send).toHaveBeenCalledTimes(1);
    expect((await f.get('operation', id))?.['situacao']).toBe('Processado');
  });

  it('keeps pending without an answer, keeps a refusal as Erro until retried', async () => {
    const f = await open();
    const id = await finished(f);
    const offline = vi.fn<Sender>(() => Promise.reject(new ApiError('network', 0, null, 'sem rede', 'operacao')));
    expect(await sendPending({ db: f.store, send: offline, locks: null })).toEqual({ processed: [], failed: [], pending: [id] });
    expect(await f.get('operation', id)).toMatchObject({ situacao: 'Pendente', erro: PENDING_MESSAGE });
    const message = 'Estoque insuficiente.';
    const refuse = vi.fn<Sender>(() => Promise.reject(new ApiError('http', 400, { message, erros: [message] }, message, 'operacao')));
    expect((await sendPending({ db: f.store, send: refuse, locks: null })).failed).toEqual([id]);
    await sendPending({ db: f.store, send: refuse, locks: null });
    expect(refuse).toHaveBeenCalledTimes(1);
    expect(await f.get('operation', id)).toMatchObject({ situacao: 'Erro', erro: message, tentativas: 2 });
    await requeue(f.store, id);
    await sendPending({ db: f.store, send: (body) => Promise.resolve(answer(body, 3)), locks: null });
    expect(await f.get('operation', id)).toMatchObject({ situacao: 'Processado', erro: null, tentativas: 3 });
  });

  it("settles an operation from the server's process report, and sends it back to pending on errors", async () => {
    const f = await open();
    const id = await finished(f);
    expect(await applyProcessEvent(f.store, answer({ id_operacao: id }, 12), () => false)).toBe('processed');
    expect(await f.get('operation', id)).toMatchObject({ situacao: 'Processado', nsu: 12, id_pedido: 112 });
    expect(await applyProcessEvent(f.store, answer({ id_operacao: id }, 12), () => false)).toBe('unchanged');
    expect(await applyProcessEvent(f.store, { id_operacao: id, nsu: 12, erros: ['Estoque insuficiente.'] }, () => false)).toBe('pending');
    expect(await f.get('operation', id)).toMatchObject({ situacao: 'Pendente', erro: `${MESSAGES.processFailed(12)}\nEstoque insuficiente.` });
    expect(await applyProcessEvent(f.store, answer({ id_operacao: 'outra' }, 1), () => false)).toBe('not-local');
  });

  it('reopens a refused sale as the new draft and cancels another, each giving the stock back once', async () => {
    const f = await open();
    await f.put('stock', [{ id_estoque: 1, id_produto_grade_filial: 10, id_endereco_estoque: 3, quantidade: 5 }]);
    const owner = { id_filial: 1, id_usuario: 7 };
    const first = await finished(f);
    const second = await finished(f);
    expect((await f.get('stock', 1))?.['quantidade']).toBe(1);
    const refuse = vi.fn<Sender>(() => Promise.reject(new ApiError('http', 400, { message: 'recusada' }, 'recusada', 'operacao')));
    await sendPending({ db: f.store, send: refuse, locks: null });
    await sendPending({ db: f.store, send: refuse, locks: null });
    // A draft with lines at the point of sale blocks the reopen, and nothing moves.
    const busy = makeBundle();
    await saveDraft(f.store, busy);
    await expect(reopenRefused(f.store, first, owner)).rejects.toThrow(REFUSED_MESSAGES.editingBusy);
    expect((await f.get('stock', 1))?.['quantidade']).toBe(1);
    await saveDraft(f.store, { ...busy, itens: [], pagamentos: [] });
    const newId = await reopenRefused(f.store, first, owner);
    expect((await loadBundle(f.store, newId))?.operation).toMatchObject({ situacao: 'EmEdicao', substitui: first });
    expect((await openEditingOperation(f.store, owner, () => makeBundle().operation)).operation.id_operacao).toBe(newId);
    expect((await f.get('operation', first))?.['encerramento']).toMatchObject({ tipo: 'Substituida', id_operacao_nova: newId });
    expect((await f.get('stock', 1))?.['quantidade']).toBe(3);
    // A sale whose goods left needs a supervisor to be cancelled.
    const cancel = { motivo: ' cliente desistiu ', id_usuario: 7, id_autorizacao: null };
    await expect(cancelRefused(f.store, second, cancel)).rejects.toThrow(REFUSED_MESSAGES.authorizationRequired);
    await cancelRefused(f.store, second, { ...cancel, id_autorizacao: 9 });
    expect((await f.get('operation', second))?.['encerramento']).toMatchObject({ tipo: 'Cancelada', motivo: 'cliente desistiu', id_autorizacao: 9 });
    expect((await f.get('stock', 1))?.['quantidade']).toBe(5);
    await expect(cancelRefused(f.store, second, { ...cancel, id_autorizacao: 9 })).rejects.toThrow(REFUSED_MESSAGES.closed);
  });

  it("forgets the temporary row of a customer quick-saved offline once its sale is processed, and no other", async () => {
    const f = await open();
    const rapido = { uuid: '11111111-1111-4111-8111-111111111111', cadastro: { nome: 'Cliente Sem Rede' } };
    const other = { uuid: '22222222-2222-4222-8222-222222222222', cadastro: { nome: 'Outra Sem Rede' } };
    await f.put('people', [
      { id_pessoa: -1, nome: 'Cliente Sem Rede', situacao: 'Ativo', cadastro_rapido: rapido },
      { id_pessoa: -2, nome: 'Outra Sem Rede', situacao: 'Ativo', cadastro_rapido: other },
    ]);
    const made = makeBundle();
    await finishOperation(f.store, { ...made, operation: { ...made.operation, id_cliente: -1, cliente_rapido: rapido } });
    await sendPending({ db: f.store, send: (body) => Promise.resolve(answer(body, 4)), locks: null });
    expect(await f.get('people', -1)).toBeUndefined();
    expect(await f.get('people', -2)).toMatchObject({ nome: 'Outra Sem Rede' });
  });
});
