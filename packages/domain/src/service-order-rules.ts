/**
 * Service orders (000 §1, §3.6, §6): which orders take service lines and objects, the amounts of a service line
 * (the service-price rule's net total, service-price.ts), and the messages. The server runs these inside the order's
 * transaction; the order screen uses them to show the Serviços and Objetos tabs.
 *
 * Services: 000 §3.3 has service items in sales (mixed product-and-service sales split their payments, §5), so
 * Pedido, OrdemServico and Orcamento take them; a purchase (Compra) or a consignment (Consignacao) does not.
 * Objects: 000 §1 "objects (for service orders, ...)": only OrdemServico.
 */
import { multiplyByQuantity, percentOf, type BasisPoints, type Cents, type Milli } from './money.ts';
import type { OrderOperation } from './order-rules.ts';
import { ORDER_OPERATION_NAME } from './order-rules.ts';
import { serviceNetTotal } from './service-price.ts';

export const SERVICE_OPERATIONS: readonly OrderOperation[] = ['Pedido', 'OrdemServico', 'Orcamento'];
export const OBJECT_OPERATIONS: readonly OrderOperation[] = ['OrdemServico'];

export const takesServices = (operacao: string): boolean => (SERVICE_OPERATIONS as readonly string[]).includes(operacao);
export const takesObjects = (operacao: string): boolean => (OBJECT_OPERATIONS as readonly string[]).includes(operacao);

/** Messages of service lines and objects (ours, in the voice of ORDER_MESSAGES). */
export const SERVICE_ORDER_MESSAGES = {
  servicesRefused: (operacao: OrderOperation) =>
    `${ORDER_OPERATION_NAME[operacao].many} não aceitam serviços.`,
  objectsRefused: (operacao: OrderOperation) =>
    `${ORDER_OPERATION_NAME[operacao].many} não aceitam objetos: objetos são da ordem de serviço.`,
  serviceNotFound: 'Serviço do pedido não encontrado.',
  catalogueServiceNotFound: 'Serviço não encontrado.',
  serviceDescriptionMissing: 'Informe a descrição do serviço.',
  servicePriceMissing: 'Serviço sem preço cadastrado: informe o valor unitário.',
  technicianNotFound: 'Técnico não encontrado.',
  objectNotFound: 'Objeto não encontrado.',
  objectDescriptionMissing: 'Informe a descrição do objeto.',
  imageNotFound: 'Imagem não encontrada.',
  imageTypeRefused: (nome: string) => `A imagem ${nome} não é JPEG, PNG ou WebP.`,
  imageTooLarge: (nome: string, maxKb: number) => `A imagem ${nome} ultrapassa o tamanho máximo de ${maxKb} KB.`,
  imageEmpty: (nome: string) => `A imagem ${nome} está vazia.`,
  imagesTooMany: (max: number) => `O objeto pode ter no máximo ${max} imagens.`,
  // The order screen before the order exists.
  servicesNeedSavedOrder: 'Salve o pedido antes de lançar serviços.',
  objectsNeedSavedOrder: 'Salve a ordem de serviço antes de lançar objetos.',
} as const;

export interface ServiceLineInput {
  quantidade: Milli;
  valor_unitario: Cents;
  /** Discount per unit. */
  valor_desconto: Cents;
}

export interface ServiceLineAmounts extends ServiceLineInput {
  valor_sub_total: Cents;
  valor_total: Cents;
}

/** A service line's gross (unit × quantity) and net ((unit - discount per unit) × quantity), 000 §5. */
export function serviceLineAmounts(line: ServiceLineInput): ServiceLineAmounts {
  return {
    ...line,
    valor_sub_total: multiplyByQuantity(line.valor_unitario, line.quantidade),
    valor_total: serviceNetTotal(line.valor_unitario, line.valor_desconto, line.quantidade),
  };
}

/** The discount per unit for a percentage of the unit price. */
export function serviceUnitDiscountFromPercent(valorUnitario: Cents, bp: BasisPoints): Cents {
  return percentOf(valorUnitario, bp);
}

/** A service line as an item of the order totals (computeOperationTotals): its whole discount as the line discount. */
export function serviceAsCountedItem(line: ServiceLineAmounts) {
  return {
    tipo_item: 'Servico' as const,
    quantidade: line.quantidade,
    valor_unitario: line.valor_unitario,
    valor_desconto_item: line.valor_sub_total - line.valor_total,
    valor_desconto_subtotal: 0,
    is_cancelado: false,
  };
}
