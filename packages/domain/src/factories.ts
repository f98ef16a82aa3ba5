/**
 * New operations, lines, payments and payment methods with the spec's defaults (000 §9: quantity 1, retail price,
 * finish mode "ask in a modal", in-person presence, no freight), overridable field by field. Used to open a draft
 * and, in tests, as the small factories CONVENTIONS.md asks for.
 */
import { DEFAULT_FREIGHT_TYPE, DEFAULT_QUANTITY } from './constants.ts';
import type { Item } from './item.ts';
import type { Operation } from './operation.ts';
import type { PaymentMethod } from './payment-method.ts';
import type { Payment } from './payment.ts';
import type { SaleBody, SaleBodyItem, SaleBodyPayment, SaleRefs } from './sale-input.ts';

/** NF-e indPres 1: in-person operation. */
const IN_PERSON = 1;

export function makeItem(fields: Partial<Item> = {}): Item {
  return {
    id_item: 'item',
    id_operacao: 'operacao',
    tipo_item: 'Produto',
    id_produto_grade_filial: null,
    id_servico: null,
    descricao: '',
    sku: null,
    codigo_barras: null,
    unidade_comercial: null,
    quantidade: DEFAULT_QUANTITY,
    valor_unitario: 0,
    valor_sub_total: 0,
    valor_desconto_item: 0,
    valor_desconto_subtotal: 0,
    valor_desconto: 0,
    valor_total: 0,
    desconto_percentual: 0,
    valor_cashback: 0,
    valor_custo_total_produto: 0,
    frete: 0,
    seguro: 0,
    outros: 0,
    id_promocao: null,
    id_cenario_fiscal: null,
    id_endereco_estoque: null,
    id_tabela_preco: null,
    tipo_preco: 'Varejo',
    is_atacarejo: false,
    is_preco_alterado: false,
    cfop: null,
    id_usuario_vendedor: null,
    id_pedido_item: null,
    observacao: null,
    is_cancelado: false,
    ...fields,
  };
}

export function makePaymentMethod(fields: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    id_meio_pagamento: 1,
    descricao: 'Dinheiro',
    meio_pagamento: '01',
    utilizar_parcela: false,
    obrigar_parcelamento: false,
    obrigar_conta: false,
    utilizar_captura: false,
    modelo_captura: null,
    tipo_ajuste: null,
    tipo_valor_ajuste: null,
    valor_ajuste: 0,
    ...fields,
  };
}

export function makePayment(fields: Partial<Payment> = {}): Payment {
  return {
    id_pagamento: 'pagamento',
    id_operacao: 'operacao',
    meio_pagamento: null,
    valor_total: 0,
    quantidade_parcelas: 1,
    parcelamento: [],
    id_conta: null,
    id_operadora_cartao: null,
    cartao_codigo_autorizacao: null,
    cartao_bandeira: null,
    cartao_tipo_integracao: null,
    cartao_cnpj_instituicao: null,
    cartao_data_hora_transacao: null,
    cartao_descricao_transacao: null,
    txid_pix: null,
    payload_tef: null,
    id_vale_credito: null,
    ...fields,
  };
}

export function makeOperation(fields: Partial<Operation> = {}): Operation {
  return {
    id_operacao: 'operacao',
    origem: 'Pedido',
    modo_operacao: 'Venda',
    modelo: null,
    situacao: 'EmEdicao',
    erro: null,
    data_inicio: '1970-01-01T00:00:00.000Z',
    data_fim: null,
    id_filial: 0,
    id_usuario: 0,
    id_cliente: null,
    id_usuario_vendedor: null,
    id_transportadora: null,
    valor_total: 0,
    valor_desconto: 0,
    valor_acrescimo: 0,
    valor_pago: 0,
    valor_troco: 0,
    saldo: 0,
    valor_cashback: 0,
    valor_cashback_resgatado: 0,
    saldo_pessoa_usado: 0,
    id_cenario_fiscal_padrao: null,
    id_tabela_preco: null,
    tipo_preco: 'Varejo',
    indicador_presenca: IN_PERSON,
    tipo_frete: DEFAULT_FREIGHT_TYPE,
    frete: 0,
    seguro: 0,
    outros: 0,
    id_serie_fiscal: null,
    nsu: null,
    id_endereco_estoque: null,
    modoFinalizacao: 'Modal',
    id_pedido: null,
    id_nota_fiscal: null,
    id_autorizacao_limite: null,
    id_vale_credito: null,
    observacao: null,
    itens: [],
    pagamentos: [],
    ...fields,
  };
}

// POST /api/operacao bodies and the rows they reference (sale-input.ts): amounts are the wire's decimals. -----------

/** A line of one unit of product variation 1 at address 1, R$ 10,00. */
export function makeSaleBodyItem(fields: Partial<SaleBodyItem> = {}): SaleBodyItem {
  return {
    id_item: 'item',
    id_produto_grade_filial: 1,
    id_endereco_estoque: 1,
    descricao: 'Produto',
    quantidade: 1,
    valor_unitario: 10,
    valor_desconto_item: 0,
    tipo_preco: 'Varejo',
    is_atacarejo: false,
    ...fields,
  };
}

/** A payment of R$ 10,00 with method 1 (cash in makeSaleRefs), in one installment. */
export function makeSaleBodyPayment(fields: Partial<SaleBodyPayment> = {}): SaleBodyPayment {
  return {
    id_pagamento: 'pagamento',
    id_meio_pagamento: 1,
    valor_total: 10,
    quantidade_parcelas: 1,
    parcelamento: [],
    ...fields,
  };
}

/** A pre-sale (no fiscal document) in branch 1 of one line paid in cash. */
export function makeSaleBody(fields: Partial<SaleBody> = {}): SaleBody {
  return {
    id_operacao: 'operacao',
    modo_operacao: 'Venda',
    modelo: null,
    id_filial: 1,
    data_inicio: '2026-03-10T14:00:00.000-03:00',
    frete: 0,
    seguro: 0,
    outros: 0,
    valor_desconto_subtotal: 0,
    tipo_frete: 9,
    itens: [makeSaleBodyItem()],
    pagamentos: [makeSaleBodyPayment()],
    ...fields,
  };
}

/**
 * Branch 1 with its NFC-e and NF-e series, product variations 1-9 at addresses 1-3, the methods 1 cash, 2 credit card,
 * 3 crediário (installments, the shop collects), 4 boleto, 5 Crédito em Loja, 6 Vale Crédito; no customer; users 1 and 2
 * as sellers, card operator 1, fiscal scenario 1, no bank account; every variation at R$ 10,00.
 */
export function makeSaleRefs(fields: Partial<SaleRefs> = {}): SaleRefs {
  const method = (id: number, descricao: string, meio_pagamento: string, utilizar_parcela = false) => ({
    id_meio_pagamento: id,
    descricao,
    meio_pagamento,
    utilizar_parcela,
    obrigar_parcelamento: false,
    obrigar_conta: false,
    utilizar_captura: false,
    modelo_captura: null,
  });
  return {
    id_usuario: 1,
    config: {
      controla_estoque_negativo: false,
      is_liberar_pedido: false,
      obrigar_vendedor_venda_pdv: false,
      obrigar_cliente_venda_pdv: false,
      ambiente_emissao: 2,
    },
    series: [
      { id_serie_fiscal: 10, id_filial: 1, codigo_modelo: '65', codigo_serie: 1, situacao: 'Ativo' },
      { id_serie_fiscal: 11, id_filial: 1, codigo_modelo: '55', codigo_serie: 1, situacao: 'Ativo' },
    ],
    methods: new Map(
      [
        method(1, 'Dinheiro', '01'),
        method(2, 'Cartão de Crédito', '03', true),
        method(3, 'Crediário', '05', true),
        method(4, 'Boleto', '15'),
        method(5, 'Crédito em Loja', '21'),
        method(6, 'Vale Crédito', '12'),
      ].map((m) => [m.id_meio_pagamento, m]),
    ),
    grids: new Set([1, 2, 3, 4, 5, 6, 7, 8, 9]),
    addresses: new Set([1, 2, 3]),
    customer: null,
    voucherProduct: null,
    vouchers: new Map(),
    sellers: new Set([1, 2]),
    cardOperators: new Set([1]),
    fiscalScenarios: new Set([1]),
    accounts: new Set(),
    discountLimit: 10_000,
    productDiscountLimits: new Map(),
    discountAuthorized: false,
    // Each variation its own product at R$ 10,00 retail, no wholesale, no price change allowed.
    prices: new Map(
      [1, 2, 3, 4, 5, 6, 7, 8, 9].map((id) => [
        id,
        {
          id_produto: id,
          preco_venda: 1000,
          preco_atacado: 0,
          quantidade_atacarejo: null,
          limits: { perc_max_aumento_preco_produto: 0, perc_max_reducao_preco_produto: 0 },
        },
      ]),
    ),
    ...fields,
  };
}
