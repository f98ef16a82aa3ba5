/**
 * SQL of the return mode: the original sale of a return with its lines and what they already gave back (receivables
 * are the finance module's, the credit balance the credit module's). Amounts leave as text and become centavos
 * (thousandths for quantities) here, so no float crosses into the rules.
 */
import { fromDecimal, quantityFromDecimal, type Cents, type Milli } from '@pdv/domain/money';
import type { Tx } from '../../db/database.ts';
import { containsPattern, iso } from '../../db/rows.ts';

export type Origin = 'Pedido' | 'NotaFiscal';

export interface OriginSale {
  origem: Origin;
  id: number;
  numero: number | null;
  modelo: string | null;
  chave_acesso: string | null;
  situacao: string;
  id_cliente: number | null;
  data_emissao: string;
  valor_total: Cents;
}

export interface OriginLine {
  id_item_origem: number;
  id_produto_grade_filial: number;
  id_endereco_estoque: number;
  descricao: string;
  sku: string | null;
  codigo_barras: string | null;
  unidade_comercial: string | null;
  quantidade: Milli;
  quantidade_devolvida: Milli;
  valor_unitario: Cents;
  valor_total: Cents;
}

/** Orders that a return may take: pre-sales and released orders; an invoiced one is returned through its invoice. */
export const RETURNABLE_ORDER = `p.operacao = 'Pedido' AND p.situacao NOT IN ('Cancelado', 'Faturado')`;
/** Sale invoices that a return may take: the sale happened (stock left) and was not cancelled or denied. */
export const RETURNABLE_INVOICE = `n.operacao = 'Saida' AND n.tipo_nota = 'Venda'
  AND n.situacao IN ('Autorizada', 'Contingencia', 'EmEdicao', 'Rejeitada')`;

const ORDER_HEADER = `SELECT 'Pedido' AS origem, p.id_pedido AS id, p.nsu AS numero, NULL::text AS modelo, NULL::text AS chave_acesso,
    p.situacao, p.id_cliente, p.data_cadastro AS data_emissao, p.valor_total_liquido::text AS valor_total
  FROM pedido p`;
const INVOICE_HEADER = `SELECT 'NotaFiscal' AS origem, n.id_nota_fiscal AS id, n.numero_nota_fiscal AS numero, n.modelo, n.chave_acesso,
    n.situacao, n.id_cliente, n.data_hora_emissao AS data_emissao, n.valor_nota_fiscal::text AS valor_total
  FROM nota_fiscal n`;

function toSale(r: Record<string, unknown>): OriginSale {
  return {
    origem: r['origem'] as Origin,
    id: Number(r['id']),
    numero: r['numero'] === null ? null : Number(r['numero']),
    modelo: (r['modelo'] as string | null) ?? null,
    chave_acesso: (r['chave_acesso'] as string | null) ?? null,
    situacao: String(r['situacao']),
    id_cliente: r['id_cliente'] === null ? null : Number(r['id_cliente']),
    data_emissao: iso(r['data_emissao']),
    valor_total: fromDecimal(String(r['valor_total'])),
  };
}

/**
 * The original sale of a return, locked (FOR UPDATE) so that two returns of one sale take turns and the second sees
 * what the first gave back. Only the branch's own sales, whatever their state (the caller judges it).
 */
export async function lockOrigin(tx: Tx, org: number, id_filial: number, origem: Origin, id: number): Promise<OriginSale | null> {
  const sql = origem === 'Pedido'
    ? `${ORDER_HEADER} WHERE p.id_organization = $1 AND p.id_filial = $2 AND p.id_pedido = $3 AND p.data_exclusao IS NULL FOR UPDATE`
    : `${INVOICE_HEADER} WHERE n.id_organization = $1 AND n.id_filial = $2 AND n.id_nota_fiscal = $3 AND n.data_exclusao IS NULL FOR UPDATE`;
  const { rows } = await tx.query<Record<string, unknown>>(sql, [org, id_filial, id]);
  return rows[0] ? toSale(rows[0]) : null;
}

/** The product lines of sales, with the quantity their earlier returns already gave back. */
export async function originLines(tx: Tx, org: number, origem: Origin, ids: number[]): Promise<Map<number, OriginLine[]>> {
  const [table, itemKey] = origem === 'Pedido' ? ['pedido', 'id_pedido_item'] : ['nota_fiscal', 'id_nota_fiscal_item'];
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT i.id_${table} AS parent, i.${itemKey} AS id_item_origem, i.id_produto_grade_filial, i.id_endereco_estoque, i.descricao,
            i.sku, i.codigo_barras, i.unidade_comercial, i.quantidade::text AS quantidade, i.valor_unitario::text AS valor_unitario,
            i.valor_total::text AS valor_total,
            coalesce((SELECT sum(d.quantidade) FROM devolucao_item d
                       WHERE d.id_organization = i.id_organization AND d.${itemKey} = i.${itemKey}), 0)::text AS devolvida
       FROM ${table}_item i
      WHERE i.id_organization = $1 AND i.id_${table} = ANY($2::int[]) AND i.data_exclusao IS NULL AND NOT i.is_cancelado
        AND i.tipo_item = 'Produto' AND i.id_produto_grade_filial IS NOT NULL AND i.id_endereco_estoque IS NOT NULL
      ORDER BY i.${itemKey}`,
    [org, ids],
  );
  const byParent = new Map<number, OriginLine[]>();
  for (const r of rows) {
    const parent = Number(r['parent']);
    const list = byParent.get(parent) ?? [];
    list.push({
      id_item_origem: Number(r['id_item_origem']),
      id_produto_grade_filial: Number(r['id_produto_grade_filial']),
      id_endereco_estoque: Number(r['id_endereco_estoque']),
      descricao: String(r['descricao']),
      sku: (r['sku'] as string | null) ?? null,
      codigo_barras: (r['codigo_barras'] as string | null) ?? null,
      unidade_comercial: (r['unidade_comercial'] as string | null) ?? null,
      quantidade: quantityFromDecimal(String(r['quantidade'])),
      quantidade_devolvida: quantityFromDecimal(String(r['devolvida'])),
      valor_unitario: fromDecimal(String(r['valor_unitario'])),
      valor_total: fromDecimal(String(r['valor_total'])),
    });
    byParent.set(parent, list);
  }
  return byParent;
}

/** The customer's returnable sales of the branch, newest first (orders and invoices together), at most `limit`. */
export async function customerSales(tx: Tx, org: number, id_filial: number, id_cliente: number, search: string, limit = 30): Promise<OriginSale[]> {
  const text = search.trim();
  const like = containsPattern(text);
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT * FROM (
       ${ORDER_HEADER}
        WHERE p.id_organization = $1 AND p.id_filial = $2 AND p.id_cliente = $3 AND p.data_exclusao IS NULL AND ${RETURNABLE_ORDER}
          AND ($4 = '' OR p.nsu::text = $4 OR EXISTS (SELECT 1 FROM pedido_item i WHERE i.id_organization = p.id_organization
                 AND i.id_pedido = p.id_pedido AND i.descricao ILIKE $5))
       UNION ALL
       ${INVOICE_HEADER}
        WHERE n.id_organization = $1 AND n.id_filial = $2 AND n.id_cliente = $3 AND n.data_exclusao IS NULL AND ${RETURNABLE_INVOICE}
          AND ($4 = '' OR n.numero_nota_fiscal::text = $4 OR EXISTS (SELECT 1 FROM nota_fiscal_item i
                 WHERE i.id_organization = n.id_organization AND i.id_nota_fiscal = n.id_nota_fiscal AND i.descricao ILIKE $5))
     ) s ORDER BY data_emissao DESC, id DESC LIMIT $6`,
    [org, id_filial, id_cliente, text, like, limit],
  );
  return rows.map(toSale);
}

export async function customerExists(tx: Tx, org: number, id_pessoa: number): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM pessoa WHERE id_organization = $1 AND id_pessoa = $2 AND data_exclusao IS NULL', [org, id_pessoa]);
  return rows.length > 0;
}

export async function exchangeToleranceDays(tx: Tx, org: number, id_filial: number): Promise<number> {
  const { rows } = await tx.query<{ dias: number }>(
    'SELECT dias_tolerancia_troca AS dias FROM filial_configuracao WHERE id_organization = $1 AND id_filial = $2 AND data_exclusao IS NULL',
    [org, id_filial],
  );
  return rows[0] ? Number(rows[0].dias) : 30;
}
