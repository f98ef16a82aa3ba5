/** Operations for the outbox's tests: a stored sale with one line and one cash payment. */
import { makeItem, makeOperation, makePayment, makePaymentMethod } from '@pdv/domain/factories';
import type { OperationBundle } from './types.ts';

let sequence = 0;

export function uuid(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

export function makeBundle(fields: { situacao?: 'EmEdicao' | 'Pendente'; id_operacao?: string } = {}): OperationBundle {
  const id = fields.id_operacao ?? uuid();
  return {
    operation: {
      ...makeOperation({
        id_operacao: id,
        situacao: fields.situacao ?? 'EmEdicao',
        id_filial: 1,
        id_usuario: 7,
        data_inicio: '2025-01-02T10:00:00.000Z',
      }),
      valor_desconto_subtotal: 0,
      cliente_cpf_cnpj: null,
      cliente_nome: null,
      tentativas: 0,
      resultado: null,
      atualizado_em: '2025-01-02T10:00:00.000Z',
    },
    itens: [
      {
        ...makeItem({
          id_item: uuid(),
          id_operacao: id,
          descricao: 'Camiseta',
          id_produto_grade_filial: 10,
          id_endereco_estoque: 3,
          quantidade: 2000,
          valor_unitario: 5000,
        }),
        ordem: 1,
        precos: null,
      },
    ],
    pagamentos: [
      {
        ...makePayment({
          id_pagamento: uuid(),
          id_operacao: id,
          meio_pagamento: makePaymentMethod({ id_meio_pagamento: 1 }),
          valor_total: 10000,
        }),
        ordem: 1,
        operadora_nome: null,
      },
    ],
  };
}

/** A Web Locks stand-in shared by the "tabs" of a test: exclusive locks granted in request order. */
export function fakeLocks(): Pick<LockManager, 'request'> {
  const tails = new Map<string, Promise<unknown>>();
  const request = (name: string, callback: () => Promise<unknown>) => {
    const previous = tails.get(name) ?? Promise.resolve();
    const run = previous.then(() => callback());
    tails.set(
      name,
      run.catch(() => undefined),
    );
    return run;
  };
  return { request: request as unknown as LockManager['request'] };
}
