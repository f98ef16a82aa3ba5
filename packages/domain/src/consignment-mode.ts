/**
 * The point of sale's consignment mode (000 §1, §4.5, §5): finishing needs a customer (validateFinish) and creates a
 * Consignacao order whose items start pending send with zero quantities; nothing is invoiced or paid on finishing
 * (the customer pays for what is kept when the consignment is invoiced), and stock moves when that invoice does.
 */
export const CONSIGNMENT_MODE_MESSAGES = {
  noPayments: 'A consignação não recebe pagamentos ao finalizar: eles entram no faturamento do que o cliente ficar.',
  noInvoice: 'A consignação não emite nota fiscal ao finalizar: fature o que o cliente ficar nas etapas da consignação.',
  saved: (nsu: number) => `Consignação ${nsu} salva com sucesso`,
  // 000 §8 (spec).
  nothingToSell: 'Nenhum item dessa consignação pode ser vendido',
} as const;

/** Why a consignment cannot be finished as drawn (beyond validateFinish), or null. */
export function consignmentFinishError(operation: { modelo: string | null; pagamentos: readonly unknown[] }): string | null {
  if (operation.modelo !== null) return CONSIGNMENT_MODE_MESSAGES.noInvoice;
  if (operation.pagamentos.length > 0) return CONSIGNMENT_MODE_MESSAGES.noPayments;
  return null;
}

/** Whether a consignment line still has something to sell or invoice (quantities in thousandths). */
export function hasSomethingToSell(lines: ReadonlyArray<{ quantidade: number; quantidade_retorno: number; situacao_consignacao: string | null }>): boolean {
  return lines.some((l) => l.situacao_consignacao !== 'Faturado' && l.situacao_consignacao !== 'Retornado' && l.quantidade - l.quantidade_retorno > 0);
}
