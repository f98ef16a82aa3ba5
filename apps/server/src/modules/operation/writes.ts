/**
 * SQL of the documents an operation writes (orders, invoices, their items and payments). Stock movements and
 * receivables are written by their owners (modules/stock, modules/finance). Amounts arrive in centavos / thousandths
 * and leave as numeric.
 */
import { toDecimal, quantityToDecimal } from '@pdv/domain/money';
import type { Item } from '@pdv/domain/item';
import type { Payment } from '@pdv/domain/payment';
import type { Tx } from '../../db/database.ts';

export interface DocumentHeader {
  org: number;
  id_filial: number;
  id_operacao: string;
  id_usuario: number;
  id_cliente: number | null;
  id_usuario_vendedor: number | null;
  bruto: number;
  desconto: number;
  desconto_subtotal: number;
  frete: number;
  seguro: number;
  outros: number;
  liquido: number;
  pago: number;
  troco: number;
  tipo_frete: number;
  observacao: string | null;
}

export async function insertOrder(tx: Tx, h: DocumentHeader, nsu: number, situacao: string, operacao: 'Pedido' | 'Orcamento' | 'Consignacao' = 'Pedido'): Promise<number> {
  const { rows } = await tx.query<{ id_pedido: number }>(
    `INSERT INTO pedido (id_organization, id_filial, nsu, id_operacao, operacao, situacao, id_cliente, id_usuario,
       id_usuario_vendedor, valor_total_bruto, valor_desconto, valor_desconto_subtotal, valor_frete, valor_seguro,
       valor_outros, valor_total_liquido, valor_pago, valor_troco, tipo_frete, observacao)
     VALUES ($1, $2, $3, $4, $20, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
     RETURNING id_pedido`,
    [h.org, h.id_filial, nsu, h.id_operacao, situacao, h.id_cliente, h.id_usuario, h.id_usuario_vendedor,
      toDecimal(h.bruto), toDecimal(h.desconto), toDecimal(h.desconto_subtotal), toDecimal(h.frete), toDecimal(h.seguro),
      toDecimal(h.outros), toDecimal(h.liquido), toDecimal(h.pago), toDecimal(h.troco), h.tipo_frete, h.observacao, operacao],
  );
  return rows[0]!.id_pedido;
}

/** Edicao → Liberado for an order made in the point of sale's order mode (the status change is dated). */
export async function releaseOrder(tx: Tx, org: number, id_pedido: number, id_usuario: number): Promise<void> {
  await tx.query(
    `UPDATE pedido SET situacao = 'Liberado', data_situacao = now(), id_usuario_alteracao = $3, data_alteracao = now()
      WHERE id_organization = $1 AND id_pedido = $2 AND situacao = 'Edicao'`,
    [org, id_pedido, id_usuario],
  );
}

export interface InvoiceHeader extends DocumentHeader {
  modelo: string;
  id_serie_fiscal: number;
  serie: number;
  ambiente: number;
  cliente_nome: string | null;
  cliente_cpf_cnpj: string | null;
}

export async function insertInvoice(tx: Tx, h: InvoiceHeader): Promise<number> {
  const { rows } = await tx.query<{ id_nota_fiscal: number }>(
    `INSERT INTO nota_fiscal (id_organization, id_filial, id_operacao, id_cliente, id_usuario, id_usuario_vendedor, modelo,
       id_serie_fiscal, serie, ambiente, valor_total_produtos, valor_desconto, valor_frete, valor_seguro, valor_outros,
       valor_nota_fiscal, valor_pago, valor_troco, tipo_frete, cliente_nome, cliente_cpf_cnpj, informacoes_adicionais)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)
     RETURNING id_nota_fiscal`,
    [h.org, h.id_filial, h.id_operacao, h.id_cliente, h.id_usuario, h.id_usuario_vendedor, h.modelo, h.id_serie_fiscal,
      h.serie, h.ambiente, toDecimal(h.bruto), toDecimal(h.desconto), toDecimal(h.frete), toDecimal(h.seguro),
      toDecimal(h.outros), toDecimal(h.liquido), toDecimal(h.pago), toDecimal(h.troco), h.tipo_frete, h.cliente_nome,
      h.cliente_cpf_cnpj, h.observacao],
  );
  return rows[0]!.id_nota_fiscal;
}

type Parent = { table: 'pedido'; id: number } | { table: 'nota_fiscal'; id: number };

export interface FiscalCopy {
  codigo_ncm: string | null;
  cest: string | null;
  origem_produto: number;
}

export async function insertItems(tx: Tx, org: number, parent: Parent, items: Item[], fiscal?: Map<number, FiscalCopy>) {
  const extra = parent.table === 'nota_fiscal' ? ', codigo_ncm, cest, origem_produto' : '';
  for (const item of items) {
    const f = fiscal?.get(item.id_produto_grade_filial ?? -1);
    const params: unknown[] = [org, parent.id, item.tipo_item, item.id_produto_grade_filial, item.id_endereco_estoque,
      item.descricao, item.sku, item.codigo_barras, item.unidade_comercial, quantityToDecimal(item.quantidade),
      toDecimal(item.valor_unitario), toDecimal(item.valor_sub_total), toDecimal(item.valor_desconto_item),
      toDecimal(item.valor_desconto_subtotal), toDecimal(item.valor_desconto), toDecimal(item.valor_total),
      toDecimal(item.frete), toDecimal(item.seguro), toDecimal(item.outros), item.tipo_preco, item.is_atacarejo,
      item.id_cenario_fiscal, item.cfop, item.id_usuario_vendedor, item.observacao];
    if (parent.table === 'nota_fiscal') params.push(f?.codigo_ncm ?? null, f?.cest ?? null, f?.origem_produto ?? 0);
    const placeholders = params.map((_, i) => `$${i + 1}`).join(', ');
    await tx.query(
      `INSERT INTO ${parent.table}_item (id_organization, id_${parent.table}, tipo_item, id_produto_grade_filial,
         id_endereco_estoque, descricao, sku, codigo_barras, unidade_comercial, quantidade, valor_unitario, valor_sub_total,
         valor_desconto_item, valor_desconto_subtotal, valor_desconto, valor_total, frete, seguro, outros, tipo_preco,
         is_atacarejo, id_cenario_fiscal, cfop, id_usuario_vendedor, observacao${extra})
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
         cartao_descricao_transacao, txid_pix, id_vale_credito)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
      [org, parent.id, method.id_meio_pagamento, method.meio_pagamento, method.descricao, toDecimal(p.valor_total),
        p.quantidade_parcelas,
        JSON.stringify(p.parcelamento.map((i) => ({ ...i, valor: toDecimal(i.valor), juros: toDecimal(i.juros) }))),
        p.id_operadora_cartao, p.id_conta, p.cartao_codigo_autorizacao, p.cartao_bandeira, p.cartao_tipo_integracao,
        p.cartao_cnpj_instituicao, p.cartao_data_hora_transacao, p.cartao_descricao_transacao, p.txid_pix, p.id_vale_credito],
    );
  }
}
