/** Reading orders (pedido, 000 §3.6) with their items and payments, scoped to an organization and a branch. */
import type { OrderDetail } from '@pdv/contract/order';
import type { Tx } from '../../db/database.ts';
import { iso } from '../../db/rows.ts';

type Row = Record<string, unknown>;

const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const textOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);

const ORDER_COLUMNS = `id_pedido, id_filial, nsu, id_operacao, operacao, situacao, id_cliente, id_usuario, id_usuario_vendedor,
  id_nota_fiscal, data_cadastro, valor_total_bruto, valor_desconto, valor_desconto_subtotal, valor_frete, valor_seguro,
  valor_outros, valor_total_liquido, valor_pago, valor_troco, tipo_frete, observacao`;

const ITEM_COLUMNS = `id_pedido_item, tipo_item, id_produto_grade_filial, id_endereco_estoque, descricao, sku, codigo_barras,
  unidade_comercial, quantidade, valor_unitario, valor_sub_total, valor_desconto_item, valor_desconto_subtotal, valor_desconto,
  valor_total, tipo_preco, is_atacarejo, id_usuario_vendedor, is_cancelado, quantidade_retorno, quantidade_venda,
  quantidade_retorno_faturada, situacao_consignacao, id_tabela_preco, id_promocao`;

const PAYMENT_COLUMNS = `id_pedido_pagamento, id_meio_pagamento, meio_pagamento, descricao, valor_total, quantidade_parcelas,
  parcelamento, id_operadora_cartao, id_conta, cartao_codigo_autorizacao, cartao_bandeira`;

/** The order of the branch, or null when it does not exist there (another branch or organization alike). */
export async function findOrder(tx: Tx, org: number, id_filial: number, id_pedido: number): Promise<OrderDetail | null> {
  const { rows } = await tx.query<Row>(
    `SELECT ${ORDER_COLUMNS} FROM pedido
      WHERE id_organization = $1 AND id_filial = $2 AND id_pedido = $3 AND data_exclusao IS NULL`,
    [org, id_filial, id_pedido],
  );
  const order = rows[0];
  if (!order) return null;
  const items = await tx.query<Row>(
    `SELECT ${ITEM_COLUMNS} FROM pedido_item
      WHERE id_organization = $1 AND id_pedido = $2 AND data_exclusao IS NULL ORDER BY id_pedido_item`,
    [org, id_pedido],
  );
  const payments = await tx.query<Row>(
    `SELECT ${PAYMENT_COLUMNS} FROM pedido_pagamento
      WHERE id_organization = $1 AND id_pedido = $2 AND data_exclusao IS NULL ORDER BY id_pedido_pagamento`,
    [org, id_pedido],
  );
  return {
    id_pedido: num(order['id_pedido']),
    id_filial: num(order['id_filial']),
    nsu: num(order['nsu']),
    id_operacao: textOrNull(order['id_operacao']),
    operacao: String(order['operacao']),
    situacao: String(order['situacao']),
    id_cliente: numOrNull(order['id_cliente']),
    id_usuario: num(order['id_usuario']),
    id_usuario_vendedor: numOrNull(order['id_usuario_vendedor']),
    id_nota_fiscal: numOrNull(order['id_nota_fiscal']),
    data_cadastro: iso(order['data_cadastro']),
    valor_total_bruto: num(order['valor_total_bruto']),
    valor_desconto: num(order['valor_desconto']),
    valor_desconto_subtotal: num(order['valor_desconto_subtotal']),
    valor_frete: num(order['valor_frete']),
    valor_seguro: num(order['valor_seguro']),
    valor_outros: num(order['valor_outros']),
    valor_total_liquido: num(order['valor_total_liquido']),
    valor_pago: num(order['valor_pago']),
    valor_troco: num(order['valor_troco']),
    tipo_frete: num(order['tipo_frete']),
    observacao: textOrNull(order['observacao']),
    itens: items.rows.map((i) => ({
      id_pedido_item: num(i['id_pedido_item']),
      tipo_item: String(i['tipo_item']),
      id_produto_grade_filial: numOrNull(i['id_produto_grade_filial']),
      id_endereco_estoque: numOrNull(i['id_endereco_estoque']),
      descricao: String(i['descricao']),
      sku: textOrNull(i['sku']),
      codigo_barras: textOrNull(i['codigo_barras']),
      unidade_comercial: textOrNull(i['unidade_comercial']),
      quantidade: num(i['quantidade']),
      valor_unitario: num(i['valor_unitario']),
      valor_sub_total: num(i['valor_sub_total']),
      valor_desconto_item: num(i['valor_desconto_item']),
      valor_desconto_subtotal: num(i['valor_desconto_subtotal']),
      valor_desconto: num(i['valor_desconto']),
      valor_total: num(i['valor_total']),
      tipo_preco: String(i['tipo_preco']),
      is_atacarejo: i['is_atacarejo'] === true,
      id_usuario_vendedor: numOrNull(i['id_usuario_vendedor']),
      is_cancelado: i['is_cancelado'] === true,
      quantidade_retorno: num(i['quantidade_retorno']),
      quantidade_venda: num(i['quantidade_venda']),
      quantidade_retorno_faturada: num(i['quantidade_retorno_faturada']),
      situacao_consignacao: textOrNull(i['situacao_consignacao']),
      id_tabela_preco: numOrNull(i['id_tabela_preco']),
      id_promocao: numOrNull(i['id_promocao']),
    })),
    pagamentos: payments.rows.map((p) => ({
      id_pedido_pagamento: num(p['id_pedido_pagamento']),
      id_meio_pagamento: num(p['id_meio_pagamento']),
      meio_pagamento: String(p['meio_pagamento']),
      descricao: String(p['descricao']),
      valor_total: num(p['valor_total']),
      quantidade_parcelas: num(p['quantidade_parcelas']),
      parcelamento: (Array.isArray(p['parcelamento']) ? (p['parcelamento'] as Row[]) : []).map((i) => ({
        parcela: num(i['parcela']),
        valor: num(i['valor']),
        data_vencimento: String(i['data_vencimento']),
      })),
      id_operadora_cartao: numOrNull(p['id_operadora_cartao']),
      id_conta: numOrNull(p['id_conta']),
      cartao_codigo_autorizacao: textOrNull(p['cartao_codigo_autorizacao']),
      cartao_bandeira: textOrNull(p['cartao_bandeira']),
    })),
  };
}
