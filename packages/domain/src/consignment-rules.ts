/**
 * Consignment (000 §4.5): items start pending send with their quantities at zero; the steps are send to the customer
 * (EnviadoCliente), return from the customer (RetornoCliente, quantidade_retorno per item), finish
 * (AguardandoConclusao: what was not returned is sold, quantidade_venda) and invoice (sell) the items waiting for it.
 * Quantities are thousandths.
 */
import type { OrderStatus } from './operation-state.ts';
import { ORDER_MESSAGES } from './order-messages.ts';

export type ConsignmentItemStatus = 'PendenteEnvio' | 'Enviado' | 'Retornado' | 'AguardandoFaturamento' | 'Faturado';

export const CONSIGNMENT_MESSAGES = {
  notConsignment: 'O pedido não é uma consignação.',
  noItems: 'A consignação não possui itens.',
  // 000 §8 (spec).
  nothingToSell: 'Nenhum item dessa consignação pode ser vendido',
  returnAboveSent: (descricao: string) => `A quantidade devolvida de ${descricao} é maior que a quantidade enviada.`,
  stepRefused: (situacao: string) => ORDER_MESSAGES.locked(situacao),
  paymentsDiffer: (pago: string, total: string) =>
    `Os pagamentos (${pago}) devem somar o total da venda da consignação (${total}).`,
} as const;

/** The status each step requires the consignment to be in, and the one it leads to. */
export const CONSIGNMENT_STEPS = {
  send: { from: ['Edicao', 'Liberado'], to: 'EnviadoCliente' },
  return: { from: ['EnviadoCliente', 'RetornoCliente'], to: 'RetornoCliente' },
  finish: { from: ['EnviadoCliente', 'RetornoCliente'], to: 'AguardandoConclusao' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus }>;

export type ConsignmentStep = keyof typeof CONSIGNMENT_STEPS;

/** Why the consignment cannot take the step now, or null. */
export function consignmentStepError(order: { operacao: string; situacao: OrderStatus; is_processando: boolean }, step: ConsignmentStep): string | null {
  if (order.operacao !== 'Consignacao') return CONSIGNMENT_MESSAGES.notConsignment;
  if (order.is_processando) return ORDER_MESSAGES.processing;
  return (CONSIGNMENT_STEPS[step].from as readonly OrderStatus[]).includes(order.situacao) ? null : CONSIGNMENT_MESSAGES.stepRefused(order.situacao);
}

export interface ConsignmentLine {
  descricao: string;
  quantidade: number;
  quantidade_retorno: number;
}

/** A return may not exceed what was sent, nor be negative. Every error found. */
export function returnErrors(lines: readonly ConsignmentLine[]): string[] {
  return lines.filter((l) => l.quantidade_retorno < 0 || l.quantidade_retorno > l.quantidade)
    .map((l) => CONSIGNMENT_MESSAGES.returnAboveSent(l.descricao));
}

/** Finishing: what was not returned is sold; a line with nothing to sell is Retornado, the others wait for the invoice. */
export function finishLine(line: ConsignmentLine): { quantidade_venda: number; situacao_consignacao: ConsignmentItemStatus } {
  const venda = line.quantidade - line.quantidade_retorno;
  return { quantidade_venda: venda, situacao_consignacao: venda > 0 ? 'AguardandoFaturamento' : 'Retornado' };
}

/**
 * What a consignment line holds reserved in stock (quantidade_reserva): from sending until its sale is invoiced, the
 * units still with the customer or kept by them, i.e. sent minus returned. A line pending send, invoiced (the invoice
 * took the stock) or of a cancelled consignment holds nothing. The shop still owns reserved units, but they are not
 * free to sell (free = stock - reservation).
 */
export function consignmentReserved(line: ConsignmentLine & { situacao_consignacao: string | null }, cancelled = false): number {
  if (cancelled) return 0;
  const holds = line.situacao_consignacao === 'Enviado' || line.situacao_consignacao === 'Retornado'
    || line.situacao_consignacao === 'AguardandoFaturamento';
  return holds ? Math.max(0, line.quantidade - line.quantidade_retorno) : 0;
}
