import { describe, expect, it } from 'vitest';
import type { OperacaoBody, OperacaoResult } from '@pdv/contract/operation';
import { cpfCheckDigits } from '@pdv/domain/documents';
import { openTestDatabase } from '../../db/testing.ts';
import { searchPeople } from '../checkout/catalog.ts';
import * as draft from '../checkout/draft.ts';
import { toOperacaoBody } from '../outbox/body.ts';
import { finishOperation, saveDraft } from '../outbox/operations.ts';
import { sendPending } from '../outbox/outbox.ts';
import { fakeLocks, makeBundle } from '../outbox/testing.ts';
import { forgetOfflineCustomer, offlineCustomerOf, saveOfflineCustomer } from './offlineCustomer.ts';

const cpf = (() => {
  const base = '529982247';
  return base + cpfCheckDigits(base);
})();

describe('a customer quick-saved with the network off', () => {
  it('is kept under a temporary negative id, found by its CPF, and carried by the sale instead of its id', async () => {
    const db = openTestDatabase();
    await db.rows('people').put({ id_pessoa: 7, nome: 'Do Servidor', cpf: '11144477735', situacao: 'Ativo' });
    const { row, rapido } = await saveOfflineCustomer(db, { nome: 'Cliente Sem Rede', cpf: `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}` });
    expect(row).toMatchObject({ id_pessoa: -1, nome: 'Cliente Sem Rede', cpf, tipo: 'F', is_cliente: true });
    const again = await saveOfflineCustomer(db, { nome: 'Outra Sem Rede' });
    expect(again.row['id_pessoa']).toBe(-2);
    expect(again.rapido.uuid).not.toBe(rapido.uuid);

    const found = await searchPeople(db, cpf);
    expect(found.map((p) => p['id_pessoa'])).toEqual([-1]);
    expect(offlineCustomerOf(found[0]!)).toEqual(rapido);
    // A row the server sent is no temporary customer.
    expect(offlineCustomerOf((await db.rows('people').get(7))!)).toBeNull();

    const bundle = draft.setCustomer(makeBundle(), { id_cliente: -1, cliente_nome: 'Cliente Sem Rede', cliente_cpf_cnpj: cpf, cliente_rapido: rapido });
    const body = toOperacaoBody(bundle);
    expect(body.id_cliente).toBeNull();
    expect(body.cliente_rapido).toEqual(rapido);
    // Another customer picked afterwards: the quick save is no longer sent.
    const other = toOperacaoBody(draft.setCustomer(bundle, { id_cliente: 7, cliente_nome: 'Do Servidor', cliente_cpf_cnpj: null }));
    expect([other.id_cliente, other.cliente_rapido]).toEqual([7, undefined]);

    await forgetOfflineCustomer(db, rapido.uuid);
    expect((await db.rows('people').toArray()).map((p) => p['id_pessoa']).sort()).toEqual([-2, 7]);
  });

  it('leaves the local copy once its sale is processed by the server', async () => {
    const db = openTestDatabase();
    const { rapido } = await saveOfflineCustomer(db, { nome: 'Cliente Sem Rede', cpf });
    const bundle = draft.setCustomer(makeBundle(), { id_cliente: -1, cliente_nome: 'Cliente Sem Rede', cliente_cpf_cnpj: cpf, cliente_rapido: rapido });
    await saveDraft(db, bundle);
    await finishOperation(db, bundle);
    const sent: OperacaoBody[] = [];
    const send = (body: OperacaoBody): Promise<OperacaoResult> => {
      sent.push(body);
      return Promise.resolve({
        id_operacao: body.id_operacao, situacao: 'Processado', duplicado: false, id_pedido: 1, nsu: 1, id_nota_fiscal: null,
        valor_total: 10, valor_troco: 0, id_cliente: 501,
      });
    };
    await sendPending({ db, send, locks: fakeLocks() });
    expect(sent.map((b) => b.cliente_rapido?.uuid)).toEqual([rapido.uuid]);
    expect(await db.rows('people').count()).toBe(0);
  });
});
