/**
 * SQL of an order's parts (lines, payments, totals) for the /order_item and /order_payment calls. Amounts arrive and
 * leave the functions in centavos (quantities in thousandths) and are numeric in the database.
 */
import type { OrderStatus } from '@pdv/domain/operation-state';
import type { OrderOperation } from '@pdv/domain/order-rules';
import { fromDecimal, quantityFromDecimal, quantityToDecimal, toDecimal } from '@pdv/domain/money';
import type { WholesalePricing } from '@pdv/domain/wholesale';
import type { Tx } from '../../db/database.ts';
import { variationDescriptionSql } from '../catalog/variation-sql.ts';

/** What the rules of an order's parts need, read with a row lock so changes of one order take turns. */
export interface PartsOrder {
  id_pedido: number;
  nsu: number;
  operacao: OrderOperation;
  situacao: OrderStatus;
  is_processando: boolean;
  id_cliente: number | null;
  id_marketplace: number | null;
  id_pedido_externo: string | null;
  /** Centavos. */
  valor_desconto_subtotal: number;
  frete: number;
  seguro: number;
  outros: number;
}

export async function lockPartsOrder(tx: Tx, org: number, id_filial: number, id_pedido: number): Promise<PartsOrder | null> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT id_pedido, nsu, operacao, situacao, is_processando, id_cliente, id_marketplace, id_pedido_externo,
            valor_desconto_subtotal::text, valor_frete::text, valor_seguro::text, valor_outros::text
       FROM pedido WHERE id_organization = $1 AND id_filial = $2 AND id_pedido = $3 AND data_exclusao IS NULL
      FOR UPDATE`,
    [org, id_filial, id_pedido],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id_pedido: Number(r['id_pedido']),
    nsu: Number(r['nsu']),
    operacao: r['operacao'] as OrderOperation,
    situacao: r['situacao'] as OrderStatus,
    is_processando: r['is_processando'] === true,
    id_cliente: r['id_cliente'] === null ? null : Number(r['id_cliente']),
    id_marketplace: r['id_marketplace'] === null ? null : Number(r['id_marketplace']),
    id_pedido_externo: (r['id_pedido_externo'] as string | null) ?? null,
    valor_desconto_subtotal: fromDecimal(String(r['valor_desconto_subtotal'])),
    frete: fromDecimal(String(r['valor_frete'])),
    seguro: fromDecimal(String(r['valor_seguro'])),
    outros: fromDecimal(String(r['valor_outros'])),
  };
}

/** The order (of the branch) a line belongs to, or null. */
export async function orderOfItem(tx: Tx, org: number, id_filial: number, id_pedido_item: number): Promise<number | null> {
  const { rows } = await tx.query<{ id_pedido: number }>(
    `SELECT i.id_pedido FROM pedido_item i
       JOIN pedido p ON p.id_organization = i.id_organization AND p.id_pedido = i.id_pedido
      WHERE i.id_organization = $1 AND p.id_filial = $2 AND i.id_pedido_item = $3 AND i.data_exclusao IS NULL
        AND p.data_exclusao IS NULL`,
    [org, id_filial, id_pedido_item],
  );
  return rows[0]?.id_pedido ?? null;
}

export interface LineRow {
  id_pedido_item: number;
  tipo_item: 'Produto' | 'Servico';
  id_produto_grade_filial: number | null;
  id_endereco_estoque: number | null;
  id_cenario_fiscal: number | null;
  quantidade: number;
  valor_unitario: number;
  valor_sub_total: number;
  valor_desconto_item: number;
  valor_desconto_subtotal: number;
  valor_desconto: number;
  valor_total: number;
  frete: number;
  seguro: number;
  outros: number;
  tipo_preco: 'Varejo' | 'Atacado';
  is_atacarejo: boolean;
  is_preco_alterado: boolean;
  id_usuario_vendedor: number | null;
  observacao: string | null;
  is_cancelado: boolean;
}

/** The order's lines (cancelled ones included: they count as zero), in the order they were added. */
export async function loadLines(tx: Tx, org: number, id_pedido: number): Promise<LineRow[]> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT id_pedido_item, tipo_item, id_produto_grade_filial, id_endereco_estoque, id_cenario_fiscal, quantidade::text,
            valor_unitario::text, valor_sub_total::text, valor_desconto_item::text, valor_desconto_subtotal::text,
            valor_desconto::text, valor_total::text, frete::text, seguro::text, outros::text, tipo_preco, is_atacarejo,
            is_preco_alterado, id_usuario_vendedor, observacao, is_cancelado
       FROM pedido_item WHERE id_organization = $1 AND id_pedido = $2 AND data_exclusao IS NULL ORDER BY id_pedido_item`,
    [org, id_pedido],
  );
  const cents = (v: unknown) => fromDecimal(String(v));
  const idOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return rows.map((r) => ({
    id_pedido_item: Number(r['id_pedido_item']),
    tipo_item: r['tipo_item'] as LineRow['tipo_item'],
    id_produto_grade_filial: idOrNull(r['id_produto_grade_filial']),
    id_endereco_estoque: idOrNull(r['id_endereco_estoque']),
    id_cenario_fiscal: idOrNull(r['id_cenario_fiscal']),
    quantidade: quantityFromDecimal(String(r['quantidade'])),
    valor_unitario: cents(r['valor_unitario']),
    valor_sub_total: cents(r['valor_sub_total']),
    valor_desconto_item: cents(r['valor_desconto_item']),
    valor_desconto_subtotal: cents(r['valor_desconto_subtotal']),
    valor_desconto: cents(r['valor_desconto']),
    valor_total: cents(r['valor_total']),
    frete: cents(r['frete']),
    seguro: cents(r['seguro']),
    outros: cents(r['outros']),
    tipo_preco: r['tipo_preco'] as LineRow['tipo_preco'],
    is_atacarejo: r['is_atacarejo'] === true,
    is_preco_alterado: r['is_preco_alterado'] === true,
    id_usuario_vendedor: idOrNull(r['id_usuario_vendedor']),
    observacao: (r['observacao'] as string | null) ?? null,
    is_cancelado: r['is_cancelado'] === true,
  }));
}

/** What a line copies from the product at the moment it is added, and the branch's prices (centavos). */
export interface GridCopy {
  descricao: string;
  sku: string | null;
  codigo_barras: string | null;
  unidade: string | null;
  preco_venda: number;
  preco_atacado: number;
}

export async function gridCopy(tx: Tx, org: number, id_filial: number, id: number): Promise<GridCopy | null> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT ${variationDescriptionSql('p', 'pg')} AS descricao,
            coalesce(pg.sku, p.sku) AS sku, u.sigla AS unidade, pgf.preco_venda::text, pgf.preco_atacado::text,
            (SELECT b.codigo FROM produto_codigo_barra b WHERE b.id_organization = pg.id_organization
                AND b.id_produto_grade = pg.id_produto_grade AND b.data_exclusao IS NULL AND b.id_produto_unidade_logistica IS NULL
              ORDER BY b.id_produto_codigo_barra LIMIT 1) AS codigo_barras
       FROM produto_grade_filial pgf
       JOIN produto_grade pg ON pg.id_organization = pgf.id_organization AND pg.id_produto_grade = pgf.id_produto_grade
       JOIN produto p ON p.id_organization = pg.id_organization AND p.id_produto = pg.id_produto
       LEFT JOIN unidade_medida u ON u.id_organization = p.id_organization AND u.id_unidade_medida = p.id_unidade_medida
      WHERE pgf.id_organization = $1 AND pgf.id_filial = $2 AND pgf.id_produto_grade_filial = $3 AND pgf.data_exclusao IS NULL`,
    [org, id_filial, id],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    descricao: String(r['descricao']),
    sku: (r['sku'] as string | null) ?? null,
    codigo_barras: (r['codigo_barras'] as string | null) ?? null,
    unidade: (r['unidade'] as string | null) ?? null,
    preco_venda: fromDecimal(String(r['preco_venda'])),
    preco_atacado: fromDecimal(String(r['preco_atacado'])),
  };
}

export async function addressExists(tx: Tx, org: number, id_filial: number, id: number): Promise<boolean> {
  const { rows } = await tx.query(
    'SELECT 1 FROM endereco_estoque WHERE id_organization = $1 AND id_filial = $2 AND id_endereco_estoque = $3 AND data_exclusao IS NULL',
    [org, id_filial, id],
  );
  return rows.length > 0;
}

export async function fiscalScenarioExists(tx: Tx, org: number, id: number): Promise<boolean> {
  const { rows } = await tx.query(
    'SELECT 1 FROM cenario_fiscal WHERE id_organization = $1 AND id_cenario_fiscal = $2 AND data_exclusao IS NULL', [org, id]);
  return rows.length > 0;
}

export async function cardOperatorExists(tx: Tx, org: number, id: number): Promise<boolean> {
  const { rows } = await tx.query(
    'SELECT 1 FROM operadora_cartao WHERE id_organization = $1 AND id_operadora_cartao = $2 AND data_exclusao IS NULL', [org, id]);
  return rows.length > 0;
}

/** Whether a live bank account (conta_bancaria, migration 024) of the organization has this id. */
export async function bankAccountExists(tx: Tx, org: number, id: number): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM conta_bancaria WHERE id_organization = $1 AND id_conta = $2 AND data_exclusao IS NULL', [org, id]);
  return rows.length > 0;
}

/** The stock record of a variation at an address (thousandths), or null. */
export async function stockRecord(tx: Tx, org: number, id_filial: number, grid: number, address: number) {
  const { rows } = await tx.query<{ quantidade: string; quantidade_reserva: string }>(
    `SELECT quantidade::text, quantidade_reserva::text FROM estoque
      WHERE id_organization = $1 AND id_filial = $2 AND id_produto_grade_filial = $3 AND id_endereco_estoque = $4
        AND data_exclusao IS NULL`,
    [org, id_filial, grid, address],
  );
  const r = rows[0];
  return r ? { quantidade: quantityFromDecimal(r.quantidade), quantidade_reserva: quantityFromDecimal(r.quantidade_reserva) } : null;
}

export interface NewLine {
  id_produto_grade_filial: number;
  id_endereco_estoque: number;
  id_cenario_fiscal: number | null;
  copy: GridCopy;
  quantidade: number;
  valor_unitario: number;
  valor_desconto_item: number;
  tipo_preco: 'Varejo' | 'Atacado';
  is_preco_alterado: boolean;
  id_usuario_vendedor: number | null;
  observacao: string | null;
  /** The price table and promotion the line was priced by (000 §3.3); absent: none. */
  id_tabela_preco?: number | null;
  id_promocao?: number | null;
}

/** Inserts a line with its own amounts; the subtotal-discount share and the costs come with the recalculation. */
export async function insertLine(tx: Tx, org: number, id_pedido: number, l: NewLine, sub: number): Promise<number> {
  const { rows } = await tx.query<{ id_pedido_item: number }>(
    `INSERT INTO pedido_item (id_organization, id_pedido, tipo_item, id_produto_grade_filial, id_endereco_estoque,
       id_cenario_fiscal, descricao, sku, codigo_barras, unidade_comercial, quantidade, valor_unitario, valor_sub_total,
       valor_desconto_item, valor_desconto, valor_total, tipo_preco, id_usuario_vendedor, observacao, is_preco_alterado,
       id_tabela_preco, id_promocao)
     VALUES ($1, $2, 'Produto', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $14, $15, $16, $17, $18, $19, $20)
     RETURNING id_pedido_item`,
    [org, id_pedido, l.id_produto_grade_filial, l.id_endereco_estoque, l.id_cenario_fiscal, l.copy.descricao, l.copy.sku,
      l.copy.codigo_barras, l.copy.unidade ?? 'UN', quantityToDecimal(l.quantidade), toDecimal(l.valor_unitario), toDecimal(sub),
      toDecimal(l.valor_desconto_item), toDecimal(Math.max(0, sub - l.valor_desconto_item)), l.tipo_preco, l.id_usuario_vendedor,
      l.observacao, l.is_preco_alterado, l.id_tabela_preco ?? null, l.id_promocao ?? null],
  );
  return rows[0]!.id_pedido_item;
}

/** The price table and promotion a line is priced by now (000 §3.3), after an edit of the line priced it again. */
export async function writeLineClaims(tx: Tx, org: number, id_pedido_item: number, id_tabela_preco: number | null, id_promocao: number | null): Promise<void> {
  await tx.query('UPDATE pedido_item SET id_tabela_preco = $3, id_promocao = $4 WHERE id_organization = $1 AND id_pedido_item = $2',
    [org, id_pedido_item, id_tabela_preco, id_promocao]);
}

/** Writes a line's editable fields and amounts as the recalculation left them. */
export async function writeLine(tx: Tx, org: number, l: LineRow): Promise<void> {
  await tx.query(
    `UPDATE pedido_item SET id_endereco_estoque = $3, id_cenario_fiscal = $4, quantidade = $5, valor_unitario = $6,
            valor_sub_total = $7, valor_desconto_item = $8, valor_desconto_subtotal = $9, valor_desconto = $10, valor_total = $11,
            frete = $12, seguro = $13, outros = $14, tipo_preco = $15, id_usuario_vendedor = $16, observacao = $17,
            is_cancelado = $18, is_atacarejo = $19, is_preco_alterado = $20, data_alteracao = now()
      WHERE id_organization = $1 AND id_pedido_item = $2`,
    [org, l.id_pedido_item, l.id_endereco_estoque, l.id_cenario_fiscal, quantityToDecimal(l.quantidade), toDecimal(l.valor_unitario),
      toDecimal(l.valor_sub_total), toDecimal(l.valor_desconto_item), toDecimal(l.valor_desconto_subtotal), toDecimal(l.valor_desconto),
      toDecimal(l.valor_total), toDecimal(l.frete), toDecimal(l.seguro), toDecimal(l.outros), l.tipo_preco, l.id_usuario_vendedor,
      l.observacao, l.is_cancelado, l.is_atacarejo, l.is_preco_alterado],
  );
}

/** The values of the order's live payments (centavos). */
export async function paymentValues(tx: Tx, org: number, id_pedido: number): Promise<number[]> {
  const { rows } = await tx.query<{ valor_total: string }>(
    'SELECT valor_total::text FROM pedido_pagamento WHERE id_organization = $1 AND id_pedido = $2 AND data_exclusao IS NULL',
    [org, id_pedido],
  );
  return rows.map((r) => fromDecimal(r.valor_total));
}

export interface HeaderTotals {
  bruto: number;
  desconto: number;
  desconto_subtotal: number;
  liquido: number;
  pago: number;
  troco: number;
}

export async function writeTotals(
  tx: Tx, org: number, id_pedido: number, t: HeaderTotals, situacao: OrderStatus, statusChanged: boolean, id_usuario: number,
): Promise<void> {
  await tx.query(
    `UPDATE pedido SET valor_total_bruto = $3, valor_desconto = $4, valor_desconto_subtotal = $5, valor_total_liquido = $6,
            valor_pago = $7, valor_troco = $8, situacao = $9, data_situacao = CASE WHEN $10 THEN now() ELSE data_situacao END,
            id_usuario_alteracao = $11, data_alteracao = now()
      WHERE id_organization = $1 AND id_pedido = $2`,
    [org, id_pedido, toDecimal(t.bruto), toDecimal(t.desconto), toDecimal(t.desconto_subtotal), toDecimal(t.liquido),
      toDecimal(t.pago), toDecimal(t.troco), situacao, statusChanged, id_usuario],
  );
}

/** The wholesale pricing (000 §4.6) of the order's variations: branch prices and the product's wholesale quantity. */
export async function wholesalePricing(tx: Tx, org: number, ids: number[]): Promise<Map<number, WholesalePricing>> {
  const { rows } = await tx.query<{ id: number; id_produto: number; preco_venda: string; preco_atacado: string; quantidade_atacarejo: string | null }>(
    `SELECT pgf.id_produto_grade_filial AS id, p.id_produto, pgf.preco_venda::text, pgf.preco_atacado::text, p.quantidade_atacarejo::text
       FROM produto_grade_filial pgf
       JOIN produto_grade pg ON pg.id_organization = pgf.id_organization AND pg.id_produto_grade = pgf.id_produto_grade
       JOIN produto p ON p.id_organization = pg.id_organization AND p.id_produto = pg.id_produto
      WHERE pgf.id_organization = $1 AND pgf.id_produto_grade_filial = ANY($2::int[])`,
    [org, ids],
  );
  return new Map(rows.map((r) => [r.id, {
    id_produto: r.id_produto, preco_venda: fromDecimal(r.preco_venda), preco_atacado: fromDecimal(r.preco_atacado),
    quantidade_atacarejo: r.quantidade_atacarejo === null ? null : quantityFromDecimal(r.quantidade_atacarejo),
  }]));
}
