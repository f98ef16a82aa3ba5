/**
 * The one way another module changes an order's status: the order is read with a row lock, the change is checked
 * against the domain's transition table (order-rules.ts; refused with its message, a 400), and written, dated, with
 * the user who made it. Flows of the order module itself (saving, releasing, consignment steps) also check the
 * invoicing and customer rules with statusChangeError and write the status with the rest of the header.
 */
import { canChangeOrderStatus } from '@pdv/domain/order-rules';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import type { OrderStatus } from '@pdv/domain/operation-state';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { reverseSaleCashback } from '../cashback/service.ts';

/**
 * Moves the order to `to`. Refuses a transition the table does not allow (and a missing order); moving to the status
 * it already has changes nothing.
 */
export async function changeOrderStatus(tx: Tx, org: number, id_pedido: number, to: OrderStatus, id_usuario: number): Promise<void> {
  const { rows } = await tx.query<{ situacao: OrderStatus }>(
    'SELECT situacao FROM pedido WHERE id_organization = $1 AND id_pedido = $2 AND data_exclusao IS NULL FOR UPDATE',
    [org, id_pedido],
  );
  const from = rows[0]?.situacao;
  if (from === undefined) throw badRequest(ORDER_MESSAGES.notFound);
  if (from === to) return;
  if (!canChangeOrderStatus(from, to)) throw badRequest(ORDER_MESSAGES.transitionRefused(from, to));
  await tx.query(
    `UPDATE pedido SET situacao = $3, data_situacao = now(), id_usuario_alteracao = $4, data_alteracao = now()
      WHERE id_organization = $1 AND id_pedido = $2`,
    [org, id_pedido, to, id_usuario],
  );
  if (to === 'Cancelado') await reverseSaleCashback(tx, { org, id_usuario, id_pedido });
}

/**
 * 000 §4.3: the order an authorized invoice was made from (order-invoice-list left it NotaPendente) is now Faturado.
 * Nothing happens when the invoice came from no order, or its order is no longer waiting for it.
 */
export async function settleInvoicedOrder(tx: Tx, org: number, id_nota_fiscal: number, id_usuario: number): Promise<void> {
  const { rows } = await tx.query<{ id_pedido: number }>(
    `SELECT p.id_pedido FROM nota_fiscal n
       JOIN pedido p ON p.id_organization = n.id_organization AND p.id_pedido = n.id_pedido
      WHERE n.id_organization = $1 AND n.id_nota_fiscal = $2 AND p.situacao = 'NotaPendente'
      FOR UPDATE OF p`,
    [org, id_nota_fiscal],
  );
  const order = rows[0];
  if (order) await changeOrderStatus(tx, org, order.id_pedido, 'Faturado', id_usuario);
}
