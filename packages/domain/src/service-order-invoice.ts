/**
 * Invoicing a service order's services (/invoice/invoice-service-order {invoice, list_services, list_payments,
 * process_financial}, 000 §7.4; issue 31). Our reading of the four fields: `invoice` names the order (and the due date
 * of the first installment), `list_services` the service lines to invoice (all not yet invoiced when empty),
 * `list_payments` how they are paid (the services' share of the order's payments, 000 §5, when empty) and
 * `process_financial` whether their receivables are created now (through the finance owner).
 *
 * Rules: the order is an OrdemServico (or a Pedido with services) that may be invoiced by the order rules
 * (invoicingError: Liberado, NotaPendente or, its goods invoice authorized, Faturado; not processing); the lines exist on it and none was invoiced before; the payments add up
 * exactly to the lines' total. Installments share a payment with the remainder on the last one (distribute.ts).
 * Services carry no stock and no NF-e here (an NFS-e is not issued by this product): the lines are marked invoiced.
 */
import { distribute } from './distribute.ts';
import { formatMoney, sum, type Cents } from './money.ts';
import { invoicingError, type OrderFacts } from './order-rules.ts';
import { takesServices } from './service-order-rules.ts';

export const SERVICE_INVOICE_MESSAGES = {
  notServiceOrder: 'Somente ordens de serviço e pedidos com serviços faturam serviços.',
  noServices: 'Nenhum serviço para faturar.',
  serviceNotOnOrder: 'Serviço não pertence à ordem de serviço.',
  alreadyInvoiced: (descricao: string) => `Serviço já faturado: ${descricao}.`,
  paymentsDiffer: (pagos: Cents, total: Cents) =>
    `A soma dos pagamentos (${formatMoney(pagos)}) difere do total dos serviços (${formatMoney(total)}).`,
  invoiced: (count: number, total: Cents) => `${count} serviço(s) faturado(s): ${formatMoney(total)}.`,
} as const;

export interface ServiceInvoiceLine {
  id_pedido_servico: number;
  descricao: string;
  valor_total: Cents;
  faturado: boolean;
}

/** Why the services cannot be invoiced, or null. */
export function serviceInvoiceError(order: Omit<OrderFacts, 'quantidade_itens'>, chosen: readonly ServiceInvoiceLine[], missing: boolean, pagamentos: readonly Cents[]): string | null {
  if (!takesServices(order.operacao) || order.operacao === 'Orcamento') return SERVICE_INVOICE_MESSAGES.notServiceOrder;
  // The order's product lines do not matter here (a service order may have none): the services are checked below.
  // Its goods invoice authorized (Faturado) leaves the services still to invoice: counted as released.
  const situacao = order.situacao === 'Faturado' ? 'Liberado' : order.situacao;
  const refused = invoicingError({ ...order, situacao, quantidade_itens: 1 });
  if (refused) return refused;
  if (missing) return SERVICE_INVOICE_MESSAGES.serviceNotOnOrder;
  if (chosen.length === 0) return SERVICE_INVOICE_MESSAGES.noServices;
  const invoiced = chosen.find((l) => l.faturado);
  if (invoiced) return SERVICE_INVOICE_MESSAGES.alreadyInvoiced(invoiced.descricao);
  const total = sum(chosen.map((l) => l.valor_total));
  const pagos = sum(pagamentos);
  if (pagos !== total) return SERVICE_INVOICE_MESSAGES.paymentsDiffer(pagos, total);
  return null;
}

/** The installments of a payment: the value shared, the remainder on the last one. */
export function installments(valor: Cents, quantidade: number): Cents[] {
  return distribute(valor, Array.from({ length: Math.max(1, quantidade) }, () => 1), { remainder: 'last' });
}
