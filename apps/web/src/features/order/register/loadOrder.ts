/** The whole order (header fields and volumes): find_by_id names its number, find_by_nsu answers the full order. */
import type { OrderFull } from '@pdv/contract/order';
import { call } from '../../../api/client.ts';

export async function loadOrder(id_pedido: number, signal?: AbortSignal): Promise<OrderFull> {
  const detail = await call('orderFindById', { id_pedido }, { signal });
  return call('orderFindByNsu', { nsu: detail.nsu, id_filial: detail.id_filial }, { signal });
}
