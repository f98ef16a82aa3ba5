/**
 * What buildSale (sale-build.ts) decides from: the body of POST /api/operacao as the contract parses it (amounts are
 * the wire's decimals), and the rows the body references, loaded by the caller (the server inside the operation's
 * transaction, the point of sale from its local copy). Declared here so that the domain does not import the contract;
 * the contract's parsed body is assignable to SaleBody.
 */
import type { CustomerCreditFacts } from './credit-rules.ts';
import type { TipoPreco } from './item.ts';
import type { BasisPoints } from './money.ts';
import type { ModoOperacao } from './operation.ts';
import type { PaymentMethod } from './payment-method.ts';
import type { SaleLinePrice } from './price-check.ts';
import type { VoucherFacts } from './voucher-rules.ts';

// The body: POST /api/operacao as the contract parses it (amounts are decimals, as on the wire) -------------------

export interface SaleBodyItem {
  id_item: string;
  id_produto_grade_filial: number;
  id_endereco_estoque: number;
  descricao: string;
  sku?: string | null | undefined;
  codigo_barras?: string | null | undefined;
  unidade_comercial?: string | null | undefined;
  /** Decimal, up to 3 places. */
  quantidade: number;
  /** Decimal, up to 2 places. */
  valor_unitario: number;
  valor_desconto_item: number;
  tipo_preco: TipoPreco;
  is_atacarejo: boolean;
  /** The unit price was typed by the cashier (F3): held to the price-change limits, not to the price table. */
  is_preco_alterado?: boolean | undefined;
  /** ISO: the version (the branch grid row's data_alteracao) of the price the device priced the line from. */
  versao_preco?: string | null | undefined;
  /** The price table (000 §3.3) and the promotion the line was priced by (price-check.ts linePricing). */
  id_tabela_preco?: number | null | undefined;
  id_promocao?: number | null | undefined;
  /** Decimal: the cashback the device computed for the line (cashback.ts saleCashback); absent: not claimed. */
  valor_cashback?: number | null | undefined;
  id_cenario_fiscal?: number | null | undefined;
  id_usuario_vendedor?: number | null | undefined;
  observacao?: string | null | undefined;
}

export interface SaleBodyInstallment {
  parcela: number;
  valor: number;
  data_vencimento: string;
}

export interface SaleBodyPayment {
  id_pagamento: string;
  id_meio_pagamento: number;
  valor_total: number;
  quantidade_parcelas: number;
  parcelamento: readonly SaleBodyInstallment[];
  id_operadora_cartao?: number | null | undefined;
  id_conta?: number | null | undefined;
  cartao_codigo_autorizacao?: string | null | undefined;
  cartao_bandeira?: string | null | undefined;
  cartao_tipo_integracao?: string | null | undefined;
  cartao_cnpj_instituicao?: string | null | undefined;
  cartao_data_hora_transacao?: string | null | undefined;
  cartao_descricao_transacao?: string | null | undefined;
  txid_pix?: string | null | undefined;
  cartao_nsu?: string | null | undefined;
  id_vale_credito?: number | null | undefined;
}

/** The modes this function decides (a return and a receipt have their own rules). */
export type SaleMode = Exclude<ModoOperacao, 'Devolucao' | 'Recebimento'>;

export interface SaleBody {
  id_operacao: string;
  modo_operacao: SaleMode;
  /** '55' NF-e, '65' NFC-e, null: an order (pre-sale, order, quote, consignment, voucher sale). */
  modelo: string | null;
  id_filial: number;
  id_cliente?: number | null | undefined;
  id_usuario_vendedor?: number | null | undefined;
  cliente_cpf_cnpj?: string | null | undefined;
  data_inicio: string;
  data_fim?: string | null | undefined;
  frete: number;
  seguro: number;
  outros: number;
  valor_desconto_subtotal: number;
  tipo_frete: number;
  /** The carrier: a person of the organization with is_transportadora. */
  id_transportadora?: number | null | undefined;
  observacao?: string | null | undefined;
  itens: readonly SaleBodyItem[];
  pagamentos: readonly SaleBodyPayment[];
}

// The rows the body references -------------------------------------------------------------------------------------

export interface SaleConfig {
  controla_estoque_negativo: boolean;
  is_liberar_pedido: boolean;
  obrigar_vendedor_venda_pdv: boolean;
  obrigar_cliente_venda_pdv: boolean;
  ambiente_emissao: number;
  /** 002 §3 Venda: the branch's default price type and whether a sale may switch it (price-check.ts priceTypeError). */
  tipo_preco_padrao?: TipoPreco | undefined;
  tipo_preco_alterar?: boolean | undefined;
}

export interface SaleSeries {
  id_serie_fiscal: number;
  id_filial: number;
  codigo_modelo: string;
  codigo_serie: number;
  situacao: string;
}

/** A payment method as stored (active ones only); a sale copies it into its payment. */
export type SaleMethod = Omit<PaymentMethod, 'tipo_ajuste' | 'tipo_valor_ajuste' | 'valor_ajuste'>;

export interface SaleCustomer {
  nome: string;
  cpf: string | null;
  cnpj: string | null;
  /** The customer's credit rules and open receivables (credit-rules.ts); absent: no rule is checked. */
  credito?: CustomerCreditFacts | undefined;
}

export interface SaleRefs {
  /** The user finishing the operation. */
  id_usuario: number;
  /** The branch's configuration (filial_configuracao, or its defaults). */
  config: SaleConfig;
  /** The branch's fiscal series, not deleted, the default first. */
  series: readonly SaleSeries[];
  /** The active payment methods the payments name, by id. */
  methods: ReadonlyMap<number, SaleMethod>;
  /** The branch's product variations the lines name (found ones only). */
  grids: Pick<ReadonlySet<number>, 'has'>;
  /** The branch's stock addresses the lines name (found ones only). */
  addresses: Pick<ReadonlySet<number>, 'has'>;
  /** The customer named by id_cliente; null when none is named or it was not found. */
  customer: SaleCustomer | null;
  /**
   * The carrier named by id_transportadora: found when it is a person of the organization (not deleted) marked
   * is_transportadora; null when none is named or it is not one. Optional: callers that name no carrier may omit it.
   */
  carrier?: { id_pessoa: number } | null | undefined;
  /** ValeCredito: the branch's voucher product (null when not configured). */
  voucherProduct: number | null;
  /** The credit vouchers the payments name, by id (found ones only). */
  vouchers: ReadonlyMap<number, VoucherFacts>;
  /** The sellers the header and the lines name that are users of the organization (found ones only). */
  sellers: Pick<ReadonlySet<number>, 'has'>;
  /** The card operators the payments name, of the organization (found ones only). */
  cardOperators: Pick<ReadonlySet<number>, 'has'>;
  /** The fiscal scenarios the lines name, of the organization (found ones only). */
  fiscalScenarios: Pick<ReadonlySet<number>, 'has'>;
  /** The bank accounts the payments name (found ones only: none while there is no bank account register). */
  accounts: Pick<ReadonlySet<number>, 'has'>;
  /** The finishing user's percentual_desconto_maximo (001 §5), in basis points. */
  discountLimit: BasisPoints;
  /** The products' own percentual_desconto_maximo by the lines' product variation (null or absent: the user's). */
  productDiscountLimits: ReadonlyMap<number, BasisPoints | null>;
  /**
   * A supervisor's authorization for a discount above the limit (id_autorizacao_limite) was spent for this sale: the
   * discounts are then not checked against the limits.
   */
  discountAuthorized: boolean;
  /**
   * A supervisor's authorization for a sale on credit that breaks the customer's credit rules (id_autorizacao_credito,
   * FncAutorizarLimiteCredito) was spent for this sale: the rules are then not checked. Absent: false.
   */
  creditAuthorized?: boolean | undefined;
  /**
   * Per product variation the lines name (every one found in the branch): the prices the lines are checked against,
   * at the version accepted (price-check.ts priceAtVersion), with the product, its wholesale quantity and the
   * price-change limits that apply.
   */
  prices: ReadonlyMap<number, SaleLinePrice>;
}
