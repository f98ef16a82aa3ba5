/** SQL of the documents an operation writes. Amounts arrive in centavos / thousandths and leave as numeric. */
import { toDecimal, quantityToDecimal } from '@pdv/domain/money';
import type { Item } from '@pdv/domain/item';
import type { Payment } from '@pdv/domain/payment';
import type { Tx } from '../../db/database.ts';
import { MESSAGES } from '@pdv/domain/messages';
import { badRequest } from '../../http/errors.ts';

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

export interface StockLine {
  id_produto_grade_filial: number;
  id_endereco_estoque: number;
  quantidade: number; // thousandths
}

/**
 * Takes the lines' quantities out of stock, one conditional UPDATE per (grid row, address), in a fixed order so two
 * sales never wait on each other in a cycle. Under negative-stock control the UPDATE only matches while stock minus
 * reservation covers the quantity: concurrent sales of the last unit leave exactly one winner.
 */
export async function takeStock(
  tx: Tx,
  ctx: { org: number; id_filial: number; id_usuario: number; id_operacao: string | null; id_pedido: number | null; id_nota_fiscal: number | null },
  lines: StockLine[],
  control: boolean,
): Promise<void> {
  const sorted = [...lines].sort(
    (a, b) => a.id_produto_grade_filial - b.id_produto_grade_filial || a.id_endereco_estoque - b.id_endereco_estoque,
  );
  for (const line of sorted) {
    const qty = quantityToDecimal(line.quantidade);
    const updated = await tx.query<{ id_estoque: number; quantidade: number }>(
      `UPDATE estoque SET quantidade = quantidade - $5
        WHERE id_organization = $1 AND id_filial = $2 AND id_produto_grade_filial = $3 AND id_endereco_estoque = $4
          AND data_exclusao IS NULL AND (NOT $6 OR quantidade - quantidade_reserva >= $5)
        RETURNING id_estoque, quantidade`,
      [ctx.org, ctx.id_filial, line.id_produto_grade_filial, line.id_endereco_estoque, qty, control],
    );
    let row = updated.rows[0];
    if (!row) {
      const current = await tx.query<{ quantidade: number; quantidade_reserva: number }>(
        `SELECT quantidade, quantidade_reserva FROM estoque
          WHERE id_organization = $1 AND id_filial = $2 AND id_produto_grade_filial = $3 AND id_endereco_estoque = $4
            AND data_exclusao IS NULL`,
        [ctx.org, ctx.id_filial, line.id_produto_grade_filial, line.id_endereco_estoque],
      );
      const found = current.rows[0];
      if (found) {
        const available = Math.round((found.quantidade - found.quantidade_reserva) * 1000);
        throw badRequest(MESSAGES.stockInsufficient(available, line.quantidade));
      }
      if (control) throw badRequest(MESSAGES.stockNotFound);
      // Without control a sale may take a product with no stock row: the row starts negative.
      const inserted = await tx.query<{ id_estoque: number; quantidade: number }>(
        `INSERT INTO estoque (id_organization, id_filial, id_endereco_estoque, id_produto_grade_filial, quantidade)
         VALUES ($1, $2, $3, $4, -$5::numeric) RETURNING id_estoque, quantidade`,
        [ctx.org, ctx.id_filial, line.id_endereco_estoque, line.id_produto_grade_filial, qty],
      );
      row = inserted.rows[0]!;
    }
    await tx.query(
      `INSERT INTO movimentacao_estoque (id_organization, id_filial, id_estoque, id_endereco_estoque, id_produto_grade_filial,
         quantidade, quantidade_anterior, quantidade_posterior, origem, id_pedido, id_nota_fiscal, id_operacao, id_usuario)
       VALUES ($1, $2, $3, $4, $5, -$6::numeric, $7::numeric + $6::numeric, $7, $8, $9, $10, $11, $12)`,
      [ctx.org, ctx.id_filial, row.id_estoque, line.id_endereco_estoque, line.id_produto_grade_filial, qty, row.quantidade,
        ctx.id_nota_fiscal ? 'NotaFiscal' : 'Pedido', ctx.id_pedido, ctx.id_nota_fiscal, ctx.id_operacao, ctx.id_usuario],
    );
  }
}

export async function insertReceivable(
  tx: Tx,
  d: { org: number; id_filial: number; numero: string; sequencia: number; valor: number; vencimento: string;
    id_pessoa: number | null; id_meio_pagamento: number; id_pedido: number | null; id_nota_fiscal: number | null; id_operacao: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO documento_financeiro (id_organization, id_filial, numero, sequencia, operacao, valor_documento,
       valor_atualizado, saldo, data_vencimento, id_pessoa, id_meio_pagamento, id_pedido, id_nota_fiscal, id_operacao)
     VALUES ($1, $2, $3, $4, 'Entrada', $5, $5, $5, $6, $7, $8, $9, $10, $11)`,
    [d.org, d.id_filial, d.numero, d.sequencia, toDecimal(d.valor), d.vencimento, d.id_pessoa, d.id_meio_pagamento,
      d.id_pedido, d.id_nota_fiscal, d.id_operacao],
  );
}
