/**
 * The order actions shared by the list and the order screen (000 §7.3): duplicate, release (order_release-list),
 * invoice (order-invoice-list: an invoice draft, opened next at /invoice/register), cancel and send by e-mail.
 * A refusal shows the server's message in the warning modal and resolves as nothing done.
 */
import type { OrderFull } from '@pdv/contract/order';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { call } from '../../api/client.ts';
import { errorDisplayOf, isApiError } from '../../api/errors.ts';
import { confirm } from '../../ui/confirm.tsx';
import { showError } from '../../ui/showError.ts';
import { toast } from '../../ui/toast.ts';
import { showWarning } from '../../ui/warning.tsx';
import { askEmail } from './modals.tsx';
import { operacaoLabel } from './situacao.ts';

export interface OrderRef {
  id_pedido: number;
  nsu: number;
  operacao: string;
  situacao: string;
  id_nota_fiscal: number | null;
}

const nameOf = (order: Pick<OrderRef, 'operacao' | 'nsu'>) => `${operacaoLabel(order.operacao)} ${order.nsu}`;

/** Runs a call; a refusal shows the server's message (its list of lines only when it says more than the message). */
async function attempt<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    const { text, details } = errorDisplayOf(error);
    if (isApiError(error) && error.kind !== 'network' && details.length === 1 && details[0] === text)
      void showWarning(text);
    else showError(error);
    return null;
  }
}

/** A copy of the order (header and lines, not payments) with its own number; resolves with it. */
export async function duplicateOrder(order: OrderRef): Promise<OrderFull | null> {
  const copy = await attempt(() => call('orderDuplicate', { id_pedido: order.id_pedido }));
  if (copy) toast.success(ORDER_MESSAGES.saved(operacaoLabel(copy.operacao), copy.nsu));
  return copy;
}

export async function releaseOrder(order: OrderRef): Promise<boolean> {
  const done = await attempt(() => call('orderReleaseList', { list_orders: [order.id_pedido] }));
  if (done) toast.success(`${nameOf(order)} liberado.`);
  return done !== null;
}

/**
 * Invoices the order: an invoice draft made from its lines, payments and volumes; resolves with the draft's id (to
 * be opened), or null. An order already waiting for its invoice opens that one.
 */
export async function invoiceOrder(order: OrderRef): Promise<number | null> {
  if (order.situacao === 'NotaPendente' && order.id_nota_fiscal !== null) return order.id_nota_fiscal;
  const done = await attempt(() => call('orderInvoiceList', { list_orders: [order.id_pedido] }));
  const nota = done?.notas.find((n) => n.id_pedido === order.id_pedido) ?? done?.notas[0];
  if (!nota) return null;
  toast.success(`Nota fiscal em edição criada para ${nameOf(order).toLowerCase()}.`);
  return nota.id_nota_fiscal;
}

export async function cancelOrder(order: OrderRef): Promise<OrderFull | null> {
  if (!(await confirm(`Cancelar ${nameOf(order).toLowerCase()}? Esta ação não pode ser desfeita.`, 'Cancelar pedido')))
    return null;
  const done = await attempt(() =>
    order.operacao === 'Consignacao'
      ? call('consignmentCancel', { id_pedido: order.id_pedido })
      : call('orderUpdate', { id_pedido: order.id_pedido, situacao: 'Cancelado' }),
  );
  if (done) toast.success(`${nameOf(order)} cancelado.`);
  return done;
}

/** Sends the order to the client's e-mail, or to the one typed. */
export async function sendOrderMail(order: OrderRef): Promise<boolean> {
  const email = await askEmail(`Enviar ${nameOf(order).toLowerCase()} por e-mail`);
  if (email === null) return false;
  const done = await attempt(() =>
    call('orderSendReleaseMail', email === '' ? { id_pedido: order.id_pedido } : { id_pedido: order.id_pedido, email }),
  );
  if (done) toast.success(`${done.message} (${done.email})`);
  return done !== null;
}
