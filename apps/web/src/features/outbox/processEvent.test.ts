import { describe, expect, it } from 'vitest';
import type { OperacaoResult } from '@pdv/contract/operation';
import { MESSAGES } from '@pdv/domain/messages';
import { openTestDatabase } from '../../db/testing.ts';
import { finishOperation, operationTable, saveDraft } from './operations.ts';
import { applyProcessEvent, editingScreenOpen } from './processEvent.ts';
import { makeBundle } from './testing.ts';

function result(id: string, nsu = 12): OperacaoResult {
  return { id_operacao: id, situacao: 'Processado', duplicado: false, id_pedido: 90, nsu, id_nota_fiscal: null, valor_total: 100, valor_troco: 0 };
}

async function pending() {
  const db = openTestDatabase();
  const bundle = makeBundle();
  await saveDraft(db, bundle);
  await finishOperation(db, bundle);
  return { db, id: bundle.operation.id_operacao };
}

describe('the process event', () => {
  it('completes a pending operation of this device whose answer was lost, with the server ids', async () => {
    const { db, id } = await pending();
    expect(await applyProcessEvent(db, result(id))).toBe('processed');
    const stored = await operationTable(db).get(id);
    expect(stored).toMatchObject({ situacao: 'Processado', nsu: 12, id_pedido: 90, erro: null });
    expect(stored?.resultado?.nsu).toBe(12);
    // A second report changes nothing.
    expect(await applyProcessEvent(db, result(id))).toBe('unchanged');
  });

  it('sends an operation back to pending with the spec message when the report has errors', async () => {
    const { db, id } = await pending();
    await applyProcessEvent(db, result(id));
    const outcome = await applyProcessEvent(db, { id_operacao: id, nsu: 12, erros: ['Estoque insuficiente.'] });
    expect(outcome).toBe('pending');
    const stored = await operationTable(db).get(id);
    expect(stored?.situacao).toBe('Pendente');
    expect(stored?.erro).toBe(`${MESSAGES.processFailed(12)}\nEstoque insuficiente.`);
    expect(stored?.erro).toContain('Falha ao processar a operação numero: 12.');
  });

  it('leaves an operation in edit alone while its editing screen is open, keeping the message', async () => {
    const db = openTestDatabase();
    const bundle = makeBundle();
    await saveDraft(db, bundle);
    const id = bundle.operation.id_operacao;
    expect(await applyProcessEvent(db, { id_operacao: id, erro: 'Cliente não informado' }, () => true)).toBe('unchanged');
    expect(await operationTable(db).get(id)).toMatchObject({ situacao: 'EmEdicao' });
    expect((await operationTable(db).get(id))?.erro).toContain('Cliente não informado');
  });

  it("ignores reports about other devices' operations and payloads it cannot read", async () => {
    const { db } = await pending();
    expect(await applyProcessEvent(db, result('00000000-0000-4000-8000-999999999999'))).toBe('not-local');
    expect(await applyProcessEvent(db, 'texto')).toBe('unchanged');
    expect(await applyProcessEvent(db, { id_filial: 1 })).toBe('unchanged');
  });

  it('knows the editing screens by their routes', () => {
    expect(editingScreenOpen('/operation-order')).toBe(true);
    expect(editingScreenOpen('/operation-invoice/12')).toBe(true);
    expect(editingScreenOpen('/checkout')).toBe(false);
  });
});
