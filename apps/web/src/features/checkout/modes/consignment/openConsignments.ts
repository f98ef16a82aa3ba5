/** The customer's consignments still in progress (000 §4.5), for the point of sale's stages modal. */
import type { OrderSummary } from '@pdv/contract/order';
import { call } from '../../../../api/client.ts';

/** Statuses a consignment goes through before it is concluded, invoiced or cancelled. */
export const OPEN_CONSIGNMENT = ['Edicao', 'Liberado', 'EnviadoCliente', 'RetornoCliente', 'AguardandoConclusao'] as const;

export async function openConsignments(id_cliente: number, today = new Date()): Promise<OrderSummary[]> {
  const result = await call('orderFind', {
    filter: {
      operacao: 'Consignacao',
      id_cliente,
      situacao: [...OPEN_CONSIGNMENT],
      // A consignment can stay with the customer for months: the list's default period (this month) is too short.
      data_inicio: '2000-01-01',
      data_fim: today.toISOString().slice(0, 10),
    },
    take: 50,
    order: 'desc',
    column: 'data_cadastro',
  });
  return result.rows;
}
