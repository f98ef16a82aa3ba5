/**
 * The point of sale's slips (the 80 mm receipt of each mode): each is titled by its mode, and shows change only where
 * money changed hands. A consignment, a return and a quote take no money (a consignment is paid when its sale is
 * invoiced, a return gives credit, a quote's payments are only proposed); a sale, an order, a receipt and a credit
 * voucher's sale do when they have payments. The change itself is the spec's (000 §9: |payments - total|).
 */
export const SLIP_TITLES = {
  Consignacao: 'CONSIGNAÇÃO',
  Devolucao: 'DEVOLUÇÃO',
  Recebimento: 'RECEBIMENTO',
  Orcamento: 'ORÇAMENTO',
  Pedido: 'PEDIDO',
  ValeCredito: 'VALE CRÉDITO',
} as const;

/** A sale without a fiscal model is a pre-sale; with one, its receipt (the DANFE is the fiscal document). */
export function slipTitle(modo_operacao: string, modelo: string | null): string {
  if (modo_operacao in SLIP_TITLES) return SLIP_TITLES[modo_operacao as keyof typeof SLIP_TITLES];
  return modelo === null ? 'PRÉ-VENDA' : 'COMPROVANTE DE VENDA';
}

const NO_MONEY: ReadonlySet<string> = new Set(['Consignacao', 'Devolucao', 'Orcamento']);

/** Whether the slip shows a change line: money changed hands (a mode that takes money, with payments). */
export function slipShowsChange(modo_operacao: string, paymentCount: number): boolean {
  return !NO_MONEY.has(modo_operacao) && paymentCount > 0;
}
