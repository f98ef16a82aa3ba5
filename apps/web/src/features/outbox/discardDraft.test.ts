import { describe, expect, it } from 'vitest';
import { toOperacaoBody } from './body.ts';
import { openTestDatabase } from '../../db/testing.ts';
import { discardDraft, finishOperation, itemTable, loadBundle, paymentTable, saveDraft } from './operations.ts';
import { makeBundle } from './testing.ts';

describe('cancelling the sale in edit (discardDraft)', () => {
  it('deletes the draft with its lines and payments', async () => {
    const db = openTestDatabase();
    const bundle = makeBundle();
    await saveDraft(db, bundle);
    const id = bundle.operation.id_operacao;
    expect(await discardDraft(db, id)).toBe(true);
    expect(await loadBundle(db, id)).toBeNull();
    expect(await itemTable(db).where('id_operacao').equals(id).count()).toBe(0);
    expect(await paymentTable(db).where('id_operacao').equals(id).count()).toBe(0);
  });

  it('leaves a finished operation alone', async () => {
    const db = openTestDatabase();
    const bundle = makeBundle();
    await saveDraft(db, bundle);
    await finishOperation(db, bundle);
    expect(await discardDraft(db, bundle.operation.id_operacao)).toBe(false);
    expect((await loadBundle(db, bundle.operation.id_operacao))?.itens).toHaveLength(1);
  });
});

describe("the supervisor's grant for a discount or price above the limit", () => {
  it('is kept with the draft and sent as id_autorizacao_limite; without one the field is left out', async () => {
    const db = openTestDatabase();
    const bundle = makeBundle();
    expect(toOperacaoBody(bundle)).not.toHaveProperty('id_autorizacao_limite');
    await saveDraft(db, { ...bundle, operation: { ...bundle.operation, id_autorizacao_limite: 41 } });
    const stored = await loadBundle(db, bundle.operation.id_operacao);
    expect(stored?.operation.id_autorizacao_limite).toBe(41);
    expect(toOperacaoBody(stored!).id_autorizacao_limite).toBe(41);
  });
});
