/** The body of POST /api/operacao for a finished operation (packages/contract/src/operation.ts). */
import type { OperacaoBody } from '@pdv/contract/operation';
import { toDecimal, quantityToDecimal } from '@pdv/domain/money';
import type { OperationBundle } from './types.ts';
import { MESSAGES } from '@pdv/domain/messages';
import { SAT_MODEL } from '@pdv/domain/sat';

/** Thrown when a stored operation cannot become a request body (a programming or data error: kept as Erro). */
export class InvalidOperationError extends Error {
  override readonly name = 'InvalidOperationError';
}

function required(value: number | null, message: string): number {
  if (value === null) throw new InvalidOperationError(message);
  return value;
}

export function toOperacaoBody({ operation, itens, pagamentos }: OperationBundle): OperacaoBody {
  const modo = operation.modo_operacao;
  if (modo !== 'Venda' && modo !== 'Pedido' && modo !== 'Orcamento' && modo !== 'Devolucao' && modo !== 'Recebimento'
    && modo !== 'Consignacao' && modo !== 'ValeCredito') {
    throw new InvalidOperationError(`Modo de operação não suportado: ${String(modo)}.`);
  }
  const modelo = operation.modelo;
  // 59: a CF-e SAT sale (issue 27), sent to the SAT after the server made its invoice.
  if (modelo !== null && modelo !== '55' && modelo !== '65' && modelo !== SAT_MODEL) {
    throw new InvalidOperationError('Modelo de nota fiscal não suportado.');
  }
  return {
    id_operacao: operation.id_operacao,
    modo_operacao: modo,
    modelo,
    id_filial: operation.id_filial,
    // A customer quick-saved offline has only a temporary id here: the server gets its data instead.
    id_cliente: operation.cliente_rapido ? null : operation.id_cliente,
    ...(operation.cliente_rapido ? { cliente_rapido: operation.cliente_rapido } : {}),
    id_usuario_vendedor: operation.id_usuario_vendedor,
    cliente_cpf_cnpj: operation.cliente_cpf_cnpj,
    data_inicio: operation.data_inicio,
    data_fim: operation.data_fim,
    frete: toDecimal(operation.frete),
    seguro: toDecimal(operation.seguro),
    outros: toDecimal(operation.outros),
    valor_desconto_subtotal: toDecimal(operation.valor_desconto_subtotal),
    tipo_frete: operation.tipo_frete,
    // Operations stored before the carrier existed have none.
    id_transportadora: operation.id_transportadora ?? null,
    observacao: operation.observacao,
    itens: itens
      .filter((item) => !item.is_cancelado)
      .sort((a, b) => a.ordem - b.ordem)
      .map((item) => ({
        id_item: item.id_item,
        tipo_item: 'Produto' as const,
        id_produto_grade_filial: required(item.id_produto_grade_filial, 'Produto não informado.'),
        id_endereco_estoque: required(item.id_endereco_estoque, MESSAGES.stockAddressMissing),
        descricao: item.descricao,
        sku: item.sku,
        codigo_barras: item.codigo_barras,
        unidade_comercial: item.unidade_comercial,
        quantidade: quantityToDecimal(item.quantidade),
        valor_unitario: toDecimal(item.valor_unitario),
        valor_desconto_item: toDecimal(item.valor_desconto_item),
        tipo_preco: item.tipo_preco,
        is_atacarejo: item.is_atacarejo,
        is_preco_alterado: item.is_preco_alterado,
        versao_preco: item.versao_preco ?? null,
        // The table and promotion the line was priced by (lines stored before name none: judged by their price).
        ...(item.id_tabela_preco != null ? { id_tabela_preco: item.id_tabela_preco } : {}),
        ...(item.id_promocao != null ? { id_promocao: item.id_promocao } : {}),
        // The cashback the line earned, claimed only by lines priced with their cashback offers (older lines: none).
        ...(item.precos?.cashback !== undefined ? { valor_cashback: toDecimal(item.valor_cashback) } : {}),
        id_cenario_fiscal: item.id_cenario_fiscal,
        id_usuario_vendedor: item.id_usuario_vendedor,
        observacao: item.observacao,
        ...(item.id_item_origem != null ? { id_item_origem: item.id_item_origem } : {}),
      })),
    pagamentos: pagamentos
      .sort((a, b) => a.ordem - b.ordem)
      .map((payment) => ({
        id_pagamento: payment.id_pagamento,
        id_meio_pagamento: required(payment.meio_pagamento?.id_meio_pagamento ?? null, MESSAGES.paymentMethodRequired),
        valor_total: toDecimal(payment.valor_total),
        quantidade_parcelas: payment.quantidade_parcelas,
        parcelamento: payment.parcelamento.map((p) => ({
          parcela: p.parcela,
          valor: toDecimal(p.valor),
          data_vencimento: p.data_vencimento,
        })),
        id_operadora_cartao: payment.id_operadora_cartao,
        id_conta: payment.id_conta,
        cartao_codigo_autorizacao: payment.cartao_codigo_autorizacao,
        cartao_bandeira: payment.cartao_bandeira,
        cartao_tipo_integracao: payment.cartao_tipo_integracao,
        cartao_cnpj_instituicao: payment.cartao_cnpj_instituicao,
        cartao_data_hora_transacao: payment.cartao_data_hora_transacao,
        cartao_descricao_transacao: payment.cartao_descricao_transacao,
        txid_pix: payment.txid_pix,
        cartao_nsu: payment.cartao_nsu ?? null,
        id_vale_credito: payment.id_vale_credito,
      })),
    ...(modo === 'Devolucao'
      ? { id_pedido_origem: operation.id_pedido_origem ?? null, id_nota_fiscal_origem: operation.id_nota_fiscal_origem ?? null }
      : {}),
    ...(operation.id_autorizacao_limite != null ? { id_autorizacao_limite: operation.id_autorizacao_limite } : {}),
    ...(operation.id_autorizacao_credito != null ? { id_autorizacao_credito: operation.id_autorizacao_credito } : {}),
    ...(operation.nfce_contingencia ? { nfce_contingencia: operation.nfce_contingencia } : {}),
    ...(modo === 'Recebimento'
      ? { documentos_financeiros: (operation.documentos_financeiros ?? []).map((d) => d.id_documento_financeiro) }
      : {}),
  };
}
