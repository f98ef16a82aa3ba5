/**
 * Payment methods (meio_pagamento, 002 §3) and their codes. `meio_pagamento` holds the NF-e payment form code (tPag
 * of the NF-e 4.00 layout, as extended by the technical notes), so a payment goes into the invoice as it is.
 */

export const MEIO_PAGAMENTO = {
  Dinheiro: '01',
  Cheque: '02',
  CartaoCredito: '03',
  CartaoDebito: '04',
  /** Crédito Loja: the shop's own credit (crediário, private-label card). */
  CreditoLoja: '05',
  ValeAlimentacao: '10',
  ValeRefeicao: '11',
  ValePresente: '12',
  ValeCombustivel: '13',
  DuplicataMercantil: '14',
  Boleto: '15',
  DepositoBancario: '16',
  /** PIX (dynamic). */
  Pix: '17',
  TransferenciaBancaria: '18',
  ProgramaFidelidade: '19',
  PixEstatico: '20',
  /** Crédito em Loja: a balance the customer holds at the shop (return credit). */
  CreditoEmLoja: '21',
  PagamentoEletronicoNaoInformado: '22',
  SemPagamento: '90',
  Outros: '99',
} as const;
export type CodigoMeioPagamento = (typeof MEIO_PAGAMENTO)[keyof typeof MEIO_PAGAMENTO];

export const MEIO_PAGAMENTO_NOME: Readonly<Record<CodigoMeioPagamento, string>> = {
  '01': 'Dinheiro',
  '02': 'Cheque',
  '03': 'Cartão de Crédito',
  '04': 'Cartão de Débito',
  '05': 'Crédito Loja',
  '10': 'Vale Alimentação',
  '11': 'Vale Refeição',
  '12': 'Vale Presente',
  '13': 'Vale Combustível',
  '14': 'Duplicata Mercantil',
  '15': 'Boleto Bancário',
  '16': 'Depósito Bancário',
  '17': 'PIX',
  '18': 'Transferência Bancária',
  '19': 'Programa de Fidelidade',
  '20': 'PIX Estático',
  '21': 'Crédito em Loja',
  '22': 'Pagamento Eletrônico não Informado',
  '90': 'Sem Pagamento',
  '99': 'Outros',
};

export type TipoAjuste = 'Desconto' | 'Acrescimo';
export type TipoValorAjuste = 'Percentual' | 'Valor';

/** A payment method as a payment copies it from the local copy. */
export interface PaymentMethod {
  id_meio_pagamento: number;
  descricao: string;
  /** The NF-e payment form code (MEIO_PAGAMENTO). */
  meio_pagamento: string;
  utilizar_parcela: boolean;
  obrigar_parcelamento: boolean;
  obrigar_conta: boolean;
  utilizar_captura: boolean;
  modelo_captura: string | null;
  tipo_ajuste: TipoAjuste | null;
  tipo_valor_ajuste: TipoValorAjuste | null;
  /** Centavos when tipo_valor_ajuste is Valor, basis points when Percentual (both are the numeric ×100). */
  valor_ajuste: number;
}

/** Only cash may be paid above the balance, and only cash gives change. */
export function isCash(code: string): boolean {
  return code === MEIO_PAGAMENTO.Dinheiro;
}

/** Credit and debit cards: they need a card operator (001 §5). */
export function isCard(code: string): boolean {
  return code === MEIO_PAGAMENTO.CartaoCredito || code === MEIO_PAGAMENTO.CartaoDebito;
}

/** Crédito em Loja: paid from the customer's store-credit balance, never a receivable. */
export function isCustomerCredit(code: string): boolean {
  return code === MEIO_PAGAMENTO.CreditoEmLoja;
}

/**
 * Programa de Fidelidade (tPag 19): the customer's cashback paying (cashback.ts; valor_cashback_resgatado), taken from
 * the customer's available cashback balance, never a receivable.
 */
export function isCashback(code: string): boolean {
  return code === MEIO_PAGAMENTO.ProgramaFidelidade;
}

/** Methods that are a debt or a balance of the customer at the shop, whatever their installment setting. */
const CUSTOMER_METHODS: ReadonlySet<string> = new Set([
  MEIO_PAGAMENTO.CreditoLoja,
  MEIO_PAGAMENTO.DuplicataMercantil,
  MEIO_PAGAMENTO.Boleto,
  MEIO_PAGAMENTO.CreditoEmLoja,
  MEIO_PAGAMENTO.ProgramaFidelidade,
]);

/**
 * 001 §5: a customer is required for instalment methods other than the credit card (the shop itself collects those
 * installments), and for the shop's own credit, trade bills, boletos and the customer's store balance.
 */
export function requiresCustomer(method: Pick<PaymentMethod, 'meio_pagamento' | 'utilizar_parcela'>): boolean {
  if (CUSTOMER_METHODS.has(method.meio_pagamento)) return true;
  return method.utilizar_parcela && method.meio_pagamento !== MEIO_PAGAMENTO.CartaoCredito;
}

/**
 * Whether the shop collects the payment itself in installments (crediário, boleto, trade bill, ...): each
 * installment becomes a receivable of the customer. Store credit is spent from a balance, not collected; a card
 * payment, installments or not, is owed by the card operator (card-receivables.ts), never by the customer.
 */
export function createsReceivables(method: Pick<PaymentMethod, 'meio_pagamento' | 'utilizar_parcela'>): boolean {
  if (isCustomerCredit(method.meio_pagamento) || isCashback(method.meio_pagamento)) return false;
  if (isCard(method.meio_pagamento)) return false;
  return method.utilizar_parcela || requiresCustomer(method);
}
