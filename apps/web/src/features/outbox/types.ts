/**
 * The operation as the local copy keeps it (000 §3.2-3.4): the header in 'operation', its lines in 'item' and its
 * payments in 'payment', all keyed by the client's UUID (id_operacao). Amounts are centavos, quantities thousandths,
 * as in the domain. Fields beyond the domain's are local bookkeeping.
 */
import type { ClienteRapido, OperacaoResult } from '@pdv/contract/operation';
import type { Item } from '@pdv/domain/item';
import type { Cents, Milli } from '@pdv/domain/money';
import type { Operation } from '@pdv/domain/operation';
import type { CashbackOffer } from '@pdv/domain/cashback';
import type { Payment } from '@pdv/domain/payment';
import type { VoucherFacts } from '@pdv/domain/voucher-rules';
import type { Closing } from './refused.ts';

export interface StoredOperation extends Omit<Operation, 'itens' | 'pagamentos'> {
  /** Discount given on the subtotal (spread over the lines by applySubtotalDiscount). */
  valor_desconto_subtotal: Cents;
  /** CPF or CNPJ printed on the receipt (digits only). */
  cliente_cpf_cnpj: string | null;
  cliente_nome: string | null;
  /**
   * The customer quick-saved on this device with the network off (id_cliente is then its temporary negative id in the
   * local copy): sent as cliente_rapido, the server finds or creates the person with the sale.
   */
  cliente_rapido?: ClienteRapido | null;
  /** Sends tried (the outbox's backoff and the pending screen read it). */
  tentativas: number;
  /** The server's answer once processed. */
  resultado: OperacaoResult | null;
  atualizado_em: string;
  /** Devolucao: the original sale given back (an order or an invoice) and its number for the screen and receipt. */
  id_pedido_origem?: number | null;
  id_nota_fiscal_origem?: number | null;
  numero_origem?: string | null;
  /** Recebimento: the customer's receivables chosen to pay off (their open balance in centavos). */
  documentos_financeiros?: ReceiptDocument[];
  /**
   * A supervisor's grant (FncAutorizarLimiteCredito) for a sale on credit that breaks the customer's credit rules
   * (checkout/customerCredit.ts), sent as id_autorizacao_credito.
   */
  id_autorizacao_credito?: number | null;
  /**
   * An NFC-e this till's connector signed with the network off (issue 29): the device whose reserved block numbered it
   * and the signed XML, sent as nfce_contingencia.
   */
  nfce_contingencia?: { id_dispositivo: number; xml: string } | null;
  /** A refused operation reopened to be fixed: the id_operacao of the one this replaces (refused.ts). */
  substitui?: string | null;
  /** A refused operation closed by the user: replaced by another or cancelled with a reason (refused.ts). */
  encerramento?: Closing | null;
}

/** A receivable chosen in the receipt mode, as it was listed. */
export interface ReceiptDocument {
  id_documento_financeiro: number;
  numero: string;
  sequencia: number;
  data_vencimento: string;
  saldo: Cents;
  /** Late interest and fine as listed (the server computes them again for the receipt's day); absent on older drafts. */
  juros?: Cents;
  multa?: Cents;
}

/** The prices the wholesale rule switches between (000 §4.6), kept with the line. */
export interface LinePricing {
  /** The variation's product: the wholesale quantity counts all its variations (lines stored before: none). */
  id_produto?: number;
  preco_venda: Cents;
  preco_atacado: Cents;
  quantidade_atacarejo: Milli | null;
  /**
   * The variation's branch prices before its price table and promotion (preco_venda / preco_atacado above are after
   * them: price-check.ts linePricing), and its product's category: the line is priced again from them when the
   * customer, and so the table, changes. Absent on lines stored before.
   */
  base?: { preco_venda: Cents; preco_atacado: Cents };
  id_categoria?: number | null;
  /**
   * The cashback offers for the variation on the sale's day (cashback.ts cashbackOffers), set when the line is priced;
   * the line's valor_cashback follows from them (recompute). Absent on lines stored before: they claim no cashback.
   */
  cashback?: CashbackOffer[];
}

export interface StoredItem extends Item {
  /** Position of the line on the screen and the receipt. */
  ordem: number;
  precos: LinePricing | null;
  /** The version of precos: the branch grid row's data_alteracao when the line was priced (sent as versao_preco). */
  versao_preco?: string | null;
  /** Devolucao: the line of the original sale this line gives back. */
  id_item_origem?: number | null;
}

export interface StoredPayment extends Payment {
  ordem: number;
  /** The card operator's name, for the receipt. */
  operadora_nome: string | null;
  /**
   * A credit-voucher payment: the voucher as looked up when the payment was added (its balance less what this
   * device's operations not yet sent take from it), so that finishing checks every line naming it against it.
   */
  vale_credito?: VoucherFacts | null;
  /** A PIX charged through the bank integration: its BR Code, printed as a QR on the receipt (local only, not sent). */
  pix_brcode?: string | null;
}

/** An operation with its lines and payments. */
export interface OperationBundle {
  operation: StoredOperation;
  itens: StoredItem[];
  pagamentos: StoredPayment[];
}
