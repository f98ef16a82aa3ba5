/**
 * SQL of the lines of orders and invoices (items and payments), written from the domain's items and payments by the
 * point of sale's operations and by the order registers. Below operation and order, so neither imports the other for
 * them. Amounts arrive in centavos / thousandths and leave as numeric.
 */
import { toDecimal, quantityToDecimal } from '@pdv/domain/money';
import type { Item } from '@pdv/domain/item';
import type { Payment } from '@pdv/domain/payment';
import type { Tx } from '../../db/database.ts';

export type Parent = { table: 'pedido'; id: number } | { table: 'nota_fiscal'; id: number };

export interface FiscalCopy {
  codigo_ncm: string | null;
  cest: string | null;
  origem_produto: number;
}

export async function insertItems(tx: Tx, org: number, parent: Parent, items: Item[], fiscal?: Map<number, FiscalCopy>) {
  // Every line keeps the price table and promotion it was priced by (000 §3.3, price-check.ts linePricing), and the
  // cashback it earned (cashback.ts).
  // An order line also keeps whether its price was typed (the wholesale rule then leaves it alone when the order changes).
  const extra = parent.table === 'nota_fiscal' ? ', codigo_ncm, cest, origem_produto' : ', is_preco_alterado';
  for (const item of items) {
    const f = fiscal?.get(item.id_produto_grade_filial ?? -1);
    const params: unknown[] = [org, parent.id, item.tipo_item, item.id_produto_grade_filial, item.id_endereco_estoque,
      item.descricao, item.sku, item.codigo_barras, item.unidade_comercial, quantityToDecimal(item.quantidade),
      toDecimal(item.valor_unitario), toDecimal(item.valor_sub_total), toDecimal(item.valor_desconto_item),
      toDecimal(item.valor_desconto_subtotal), toDecimal(item.valor_desconto), toDecimal(item.valor_total),
      toDecimal(item.frete), toDecimal(item.seguro), toDecimal(item.outros), item.tipo_preco, item.is_atacarejo,
      item.id_cenario_fiscal, item.cfop, item.id_usuario_vendedor, item.observacao, item.id_tabela_preco, item.id_promocao,
      toDecimal(item.valor_cashback)];
    if (parent.table === 'nota_fiscal') params.push(f?.codigo_ncm ?? null, f?.cest ?? null, f?.origem_produto ?? 0);
    else params.push(item.is_preco_alterado);
    const placeholders = params.map((_, i) => `$${i + 1}`).join(', ');
    await tx.query(
      `INSERT INTO ${parent.table}_item (id_organization, id_${parent.table}, tipo_item, id_produto_grade_filial,
         id_endereco_estoque, descricao, sku, codigo_barras, unidade_comercial, quantidade, valor_unitario, valor_sub_total,
         valor_desconto_item, valor_desconto_subtotal, valor_desconto, valor_total, frete, seguro, outros, tipo_preco,
         is_atacarejo, id_cenario_fiscal, cfop, id_usuario_vendedor, observacao, id_tabela_preco, id_promocao, valor_cashback${extra})
       VALUES (${placeholders})`,
      params,
    );
  }
}

export async function insertPayments(tx: Tx, org: number, parent: Parent, payments: Payment[]) {
  for (const p of payments) {
    const method = p.meio_pagamento;
    if (!method) continue;
    await tx.query(
      `INSERT INTO ${parent.table}_pagamento (id_organization, id_${parent.table}, id_meio_pagamento, meio_pagamento,
         descricao, valor_total, quantidade_parcelas, parcelamento, id_operadora_cartao, id_conta, cartao_codigo_autorizacao,
         cartao_bandeira, cartao_tipo_integracao, cartao_cnpj_instituicao, cartao_data_hora_transacao,
         cartao_descricao_transacao, txid_pix, id_vale_credito, cartao_nsu)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
      [org, parent.id, method.id_meio_pagamento, method.meio_pagamento, method.descricao, toDecimal(p.valor_total),
        p.quantidade_parcelas,
        JSON.stringify(p.parcelamento.map((i) => ({ ...i, valor: toDecimal(i.valor), juros: toDecimal(i.juros) }))),
        p.id_operadora_cartao, p.id_conta, p.cartao_codigo_autorizacao, p.cartao_bandeira, p.cartao_tipo_integracao,
        p.cartao_cnpj_instituicao, p.cartao_data_hora_transacao, p.cartao_descricao_transacao, p.txid_pix, p.id_vale_credito,
        p.cartao_nsu ?? null],
    );
  }
}
