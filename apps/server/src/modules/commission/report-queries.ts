/**
 * SQL of the commission report (report.ts): the seller's lines of the branch's sales in a period, the returned lines
 * of the returns registered in it (at their original line's seller), the payments of those sales with what of each is
 * still open in receivables, and the sellers' commission groups. Every query is scoped by the organization and the
 * branch; the period is a pair of instants [inicio, fim).
 *
 * What a sale is: a sale invoice (operacao Saida, tipo_nota Venda) that is authorized or in contingency, or one from
 * the point of sale (id_operacao) whose stock left while its NFC-e waits or was rejected; and an order (operacao
 * Pedido: not a quote nor a consignment) neither cancelled nor invoiced (an invoiced order counts through its invoice),
 * made at the point of sale (its pre-sale, paid and out of stock, stays in Edicao when the branch does not release
 * pre-sales) or past its edition (an order of the back office in Edicao is not a sale yet). A line's seller is
 * its own, else its sale's. Cancelled and deleted lines do not count. Amounts leave as text (numeric), read by
 * fromDecimal.
 *
 * Services (issue 30, the groups' service rates): the live service lines (pedido_servico) of an order that sells them
 * (Pedido, OrdemServico; not a quote) past its edition and not cancelled, at the order's seller (a service line has a
 * technician, not a seller), dated by the order like its product lines. They are not in the goods invoice (no NFS-e
 * is issued), so they count under the order ('P<id>', its payments) whether or not its goods were invoiced.
 */
import type { Tx } from '../../db/database.ts';

export interface Period {
  org: number;
  id_filial: number;
  inicio: string;
  fim: string;
  id_usuario: number | null;
}

export interface LineRow {
  /** The return's key ('D<id>'), on returned lines only. */
  devolucao?: string;
  venda: string;
  id_usuario: number;
  id_produto_grade_filial: number | null;
  id_categoria: number | null;
  id_servico: number | null;
  valor_total: string;
}

const SERVICE_SALE = `p.operacao IN ('Pedido', 'OrdemServico') AND p.situacao NOT IN ('Cancelado', 'Edicao') AND p.data_exclusao IS NULL`;
const INVOICE_SALE = `n.operacao = 'Saida' AND n.tipo_nota = 'Venda' AND n.data_exclusao IS NULL
  AND (n.situacao IN ('Autorizada', 'Contingencia') OR (n.id_operacao IS NOT NULL AND n.situacao IN ('EmEdicao', 'EmProcessamento', 'Rejeitada')))`;
const ORDER_SALE = `p.operacao = 'Pedido' AND p.situacao NOT IN ('Cancelado', 'Faturado') AND (p.situacao <> 'Edicao' OR p.id_operacao IS NOT NULL)
  AND p.data_exclusao IS NULL`;
const CATEGORY = `LEFT JOIN produto_grade_filial gf ON gf.id_organization = i.id_organization AND gf.id_produto_grade_filial = i.id_produto_grade_filial
  LEFT JOIN produto_grade g ON g.id_organization = gf.id_organization AND g.id_produto_grade = gf.id_produto_grade
  LEFT JOIN produto pr ON pr.id_organization = g.id_organization AND pr.id_produto = g.id_produto`;

/** The seller's lines of the period's sales ($1 org, $2 branch, $3..$4 the period, $5 one seller or null). */
export async function saleLines(tx: Tx, p: Period): Promise<LineRow[]> {
  const { rows } = await tx.query<LineRow>(
    `SELECT * FROM (
       SELECT 'N' || n.id_nota_fiscal AS venda, coalesce(i.id_usuario_vendedor, n.id_usuario_vendedor) AS id_usuario,
              i.id_produto_grade_filial, pr.id_categoria, NULL::integer AS id_servico, i.valor_total::text AS valor_total
         FROM nota_fiscal n
         JOIN nota_fiscal_item i ON i.id_organization = n.id_organization AND i.id_nota_fiscal = n.id_nota_fiscal
         ${CATEGORY}
        WHERE n.id_organization = $1 AND n.id_filial = $2 AND n.data_hora_emissao >= $3::timestamptz AND n.data_hora_emissao < $4::timestamptz
          AND ${INVOICE_SALE} AND NOT i.is_cancelado AND i.data_exclusao IS NULL
       UNION ALL
       SELECT 'P' || p.id_pedido, coalesce(i.id_usuario_vendedor, p.id_usuario_vendedor),
              i.id_produto_grade_filial, pr.id_categoria, NULL::integer, i.valor_total::text
         FROM pedido p
         JOIN pedido_item i ON i.id_organization = p.id_organization AND i.id_pedido = p.id_pedido
         ${CATEGORY}
        WHERE p.id_organization = $1 AND p.id_filial = $2 AND p.data_cadastro >= $3::timestamptz AND p.data_cadastro < $4::timestamptz
          AND ${ORDER_SALE} AND NOT i.is_cancelado AND i.data_exclusao IS NULL
       UNION ALL
       SELECT 'P' || p.id_pedido, p.id_usuario_vendedor, NULL::integer, NULL::integer, s.id_servico, s.valor_total::text
         FROM pedido p
         JOIN pedido_servico s ON s.id_organization = p.id_organization AND s.id_pedido = p.id_pedido
        WHERE p.id_organization = $1 AND p.id_filial = $2 AND p.data_cadastro >= $3::timestamptz AND p.data_cadastro < $4::timestamptz
          AND ${SERVICE_SALE} AND s.data_exclusao IS NULL
     ) s WHERE s.id_usuario IS NOT NULL AND ($5::int IS NULL OR s.id_usuario = $5::int)
     ORDER BY venda`,
    [p.org, p.id_filial, p.inicio, p.fim, p.id_usuario],
  );
  return rows;
}

/** The returned lines of the returns registered in the period, each at its original line's seller. */
export async function returnLines(tx: Tx, p: Period): Promise<LineRow[]> {
  const { rows } = await tx.query<LineRow>(
    `SELECT * FROM (
       SELECT 'D' || d.id_devolucao AS devolucao,
              CASE WHEN d.id_nota_fiscal_origem IS NOT NULL THEN 'N' || d.id_nota_fiscal_origem ELSE 'P' || d.id_pedido_origem END AS venda,
              coalesce(ni.id_usuario_vendedor, pi.id_usuario_vendedor, n.id_usuario_vendedor, p.id_usuario_vendedor) AS id_usuario,
              di.id_produto_grade_filial, pr.id_categoria, NULL::integer AS id_servico, di.valor_total::text AS valor_total
         FROM devolucao d
         JOIN devolucao_item di ON di.id_organization = d.id_organization AND di.id_devolucao = d.id_devolucao
         LEFT JOIN nota_fiscal_item ni ON ni.id_organization = di.id_organization AND ni.id_nota_fiscal_item = di.id_nota_fiscal_item
         LEFT JOIN pedido_item pi ON pi.id_organization = di.id_organization AND pi.id_pedido_item = di.id_pedido_item
         LEFT JOIN nota_fiscal n ON n.id_organization = d.id_organization AND n.id_nota_fiscal = d.id_nota_fiscal_origem
         LEFT JOIN pedido p ON p.id_organization = d.id_organization AND p.id_pedido = d.id_pedido_origem
         LEFT JOIN produto_grade_filial gf ON gf.id_organization = di.id_organization AND gf.id_produto_grade_filial = di.id_produto_grade_filial
         LEFT JOIN produto_grade g ON g.id_organization = gf.id_organization AND g.id_produto_grade = gf.id_produto_grade
         LEFT JOIN produto pr ON pr.id_organization = g.id_organization AND pr.id_produto = g.id_produto
        WHERE d.id_organization = $1 AND d.id_filial = $2 AND d.data_cadastro >= $3::timestamptz AND d.data_cadastro < $4::timestamptz
     ) s WHERE s.id_usuario IS NOT NULL AND ($5::int IS NULL OR s.id_usuario = $5::int)
     ORDER BY devolucao`,
    [p.org, p.id_filial, p.inicio, p.fim, p.id_usuario],
  );
  return rows;
}

export interface PaymentRow {
  venda: string;
  id_meio_pagamento: number;
  valor: string;
  em_aberto: string;
}

/** The payments of the sales named ('N<id>' invoices, 'P<id>' orders), per method, with what their receivables still hold open. */
export async function salePayments(tx: Tx, org: number, vendas: readonly string[]): Promise<PaymentRow[]> {
  const notas = vendas.filter((v) => v.startsWith('N')).map((v) => Number(v.slice(1)));
  const pedidos = vendas.filter((v) => v.startsWith('P')).map((v) => Number(v.slice(1)));
  if (notas.length === 0 && pedidos.length === 0) return [];
  const { rows } = await tx.query<PaymentRow>(
    `WITH pag AS (
       SELECT 'N' || id_nota_fiscal AS venda, id_meio_pagamento, sum(valor_total) AS valor FROM nota_fiscal_pagamento
        WHERE id_organization = $1 AND id_nota_fiscal = ANY($2::int[]) AND data_exclusao IS NULL GROUP BY 1, 2
       UNION ALL
       SELECT 'P' || id_pedido, id_meio_pagamento, sum(valor_total) FROM pedido_pagamento
        WHERE id_organization = $1 AND id_pedido = ANY($3::int[]) AND data_exclusao IS NULL GROUP BY 1, 2),
     aberto AS (
       SELECT CASE WHEN id_nota_fiscal IS NOT NULL AND id_nota_fiscal = ANY($2::int[]) THEN 'N' || id_nota_fiscal ELSE 'P' || id_pedido END AS venda,
              id_meio_pagamento, sum(saldo) AS em_aberto
         FROM documento_financeiro
        WHERE id_organization = $1 AND operacao = 'Entrada' AND situacao <> 'Estornado' AND data_exclusao IS NULL
          AND (id_nota_fiscal = ANY($2::int[]) OR id_pedido = ANY($3::int[]))
        GROUP BY 1, 2)
     SELECT pag.venda, pag.id_meio_pagamento, pag.valor::text AS valor, coalesce(aberto.em_aberto, 0)::text AS em_aberto
       FROM pag LEFT JOIN aberto USING (venda, id_meio_pagamento)
      ORDER BY pag.venda, pag.id_meio_pagamento`,
    [org, notas, pedidos],
  );
  return rows;
}

export interface GroupRow {
  id_usuario: number;
  nome: string;
  id_grupo_comissao: number | null;
  grupo: string | null;
  tipo: string | null;
  descontar_valores: boolean | null;
  financeiro: boolean | null;
  percentual_vendedor: string | null;
  categorias: Array<[number, string]> | null;
  produtos: Array<[number, string]> | null;
  servicos: Array<[number, string]> | null;
  faixas: Array<[string, string | null, string]> | null;
  meios_pagamento: number[] | null;
}

/** The sellers named, each with their active commission group and its rules (null: no group). */
export async function sellerGroups(tx: Tx, org: number, sellers: readonly number[]): Promise<GroupRow[]> {
  const { rows } = await tx.query<GroupRow>(
    `SELECT u.id_usuario, u.nome, g.id_grupo_comissao, g.descricao AS grupo, g.tipo, g.descontar_valores, g.financeiro,
            v.percentual::text AS percentual_vendedor,
            (SELECT json_agg(json_build_array(c.id_categoria, c.percentual::text)) FROM grupo_comissao_categoria c
              WHERE c.id_organization = g.id_organization AND c.id_grupo_comissao = g.id_grupo_comissao) AS categorias,
            (SELECT json_agg(json_build_array(c.id_produto_grade_filial, c.percentual::text)) FROM grupo_comissao_produto c
              WHERE c.id_organization = g.id_organization AND c.id_grupo_comissao = g.id_grupo_comissao) AS produtos,
            (SELECT json_agg(json_build_array(c.id_servico, c.percentual::text)) FROM grupo_comissao_servico c
              WHERE c.id_organization = g.id_organization AND c.id_grupo_comissao = g.id_grupo_comissao) AS servicos,
            (SELECT json_agg(json_build_array(f.valor_inicio_faixa::text, f.valor_final_faixa::text, f.percentual::text)) FROM grupo_comissao_faixa f
              WHERE f.id_organization = g.id_organization AND f.id_grupo_comissao = g.id_grupo_comissao) AS faixas,
            (SELECT json_agg(m.id_meio_pagamento) FROM grupo_comissao_meio_pagamento m
              WHERE m.id_organization = g.id_organization AND m.id_grupo_comissao = g.id_grupo_comissao) AS meios_pagamento
       FROM usuario u
       LEFT JOIN grupo_comissao_vendedor v ON v.id_organization = u.id_organization AND v.id_usuario = u.id_usuario
       LEFT JOIN grupo_comissao g ON g.id_organization = v.id_organization AND g.id_grupo_comissao = v.id_grupo_comissao
                                 AND g.data_exclusao IS NULL AND g.situacao = 'Ativo'
      WHERE u.id_organization = $1 AND u.id_usuario = ANY($2::int[])`,
    [org, sellers],
  );
  return rows;
}

/** The branch's time zone offset (hours from UTC). */
export async function branchTimeZone(tx: Tx, org: number, id_filial: number): Promise<unknown> {
  const { rows } = await tx.query<{ fuso_horario: unknown }>(
    'SELECT fuso_horario FROM filial_configuracao WHERE id_organization = $1 AND id_filial = $2', [org, id_filial]);
  return rows[0]?.fuso_horario;
}
