/**
 * The pt-BR names of order statuses (000 §4.3) as users read them, once for every screen, document and message:
 * `label` stands alone (a badge, a filter, the pre-sale sheet: "Em edição"); `inSentence` follows "O pedido está"
 * in a message ("O pedido está com nota pendente e não pode ser alterado."). The operations' names are beside the
 * operations (order-rules.ts, ORDER_OPERATION_NAME).
 */
import type { OrderStatus } from './operation-state.ts';

export const ORDER_STATUS_NAME: Readonly<Record<OrderStatus, { label: string; inSentence: string }>> = {
  Edicao: { label: 'Em edição', inSentence: 'em edição' },
  Liberado: { label: 'Liberado', inSentence: 'liberado' },
  EnviadoCliente: { label: 'Enviado ao cliente', inSentence: 'enviado ao cliente' },
  RetornoCliente: { label: 'Retorno do cliente', inSentence: 'com retorno do cliente' },
  Cancelado: { label: 'Cancelado', inSentence: 'cancelado' },
  Concluida: { label: 'Concluído', inSentence: 'concluído' },
  Faturado: { label: 'Faturado', inSentence: 'faturado' },
  AguardandoConclusao: { label: 'Aguardando conclusão', inSentence: 'aguardando conclusão' },
  NotaPendente: { label: 'Nota pendente', inSentence: 'com nota pendente' },
};

const nameOf = (situacao: string) =>
  Object.hasOwn(ORDER_STATUS_NAME, situacao) ? ORDER_STATUS_NAME[situacao as OrderStatus] : undefined;

/** The status as a badge or a filter shows it; an unknown value is shown as it is. */
export function orderStatusLabel(situacao: string): string {
  return nameOf(situacao)?.label ?? situacao;
}

/** The status after "O pedido está"; an unknown value is shown as it is. */
export function orderStatusInSentence(situacao: string): string {
  return nameOf(situacao)?.inSentence ?? situacao;
}
