/**
 * The product register's reads (001 §7 Products): the list, a product with its children as the register edits it,
 * the next SKU. Children carry a key (chave) the body uses to link them: 'g<id>' for a saved variation, 'u<id>' for a
 * saved logistics unit.
 */
import type { ProductDetail } from '@pdv/contract/product';
import { nextSku } from '@pdv/domain/product-rules';
import type { Tx } from '../../db/database.ts';
import { containsPattern, iso } from '../../db/rows.ts';

export const gradeKey = (id: number) => `g${id}`;
export const unitKey = (id: number) => `u${id}`;

const PRODUCT_COLUMNS = `p.id_produto, p.descricao, p.descricao_exibicao, p.descricao_detalhada, p.sku, p.slug, p.id_marca,
  p.id_unidade_medida, p.id_categoria, p.id_indexador, p.url_imagem_principal, p.tipo_produto, p.situacao, p.codigo_ncm, p.cest, p.origem_produto,
  p.tipo_item, p.codigo_beneficio_fiscal, p.icms_percentual_reducao_base_calculo, p.icms_percentual_diferimento,
  p.descricao_garantia, p.tempo_garantia, p.tipo_tempo_garantia, p.altura, p.largura, p.comprimento, p.volume, p.peso,
  p.enviar_balanca, p.imprimir_data_embalagem_balanca, p.quantidade_atacarejo, p.percentual_desconto_maximo,
  p.perc_max_aumento_preco_produto, p.perc_max_reducao_preco_produto, p.preco_compra, p.preco_compra_medio, p.preco_custo,
  p.preco_custo_medio, p.preco_venda, p.preco_atacado, p.data_cadastro, p.data_alteracao`;

type ProductRow = Omit<ProductDetail, 'grades' | 'unidades_logisticas' | 'codigos_barra' | 'data_cadastro' | 'data_alteracao'> & {
  data_cadastro: unknown;
  data_alteracao: unknown;
};

/** The product's variations (live), each with the branch's row and the attribute items it is made of. */
export async function findGrades(tx: Tx, org: number, id_filial: number, id_produto: number): Promise<ProductDetail['grades']> {
  const { rows } = await tx.query<{
    id_produto_grade: number; id_produto_grade_filial: number | null; descricao: string; sku: string | null; is_padrao: boolean;
    situacao: string; itens: number[] | null; preco_venda: number | null; preco_atacado: number | null; preco_custo: number | null;
    preco_custo_medio: number | null;
  }>(
    `SELECT g.id_produto_grade, pgf.id_produto_grade_filial, g.descricao, g.sku, g.is_padrao, g.situacao,
            (SELECT array_agg(a.id_atributo_item ORDER BY a.id_atributo_item) FROM produto_grade_atributo a
              WHERE a.id_organization = g.id_organization AND a.id_produto_grade = g.id_produto_grade AND a.data_exclusao IS NULL) AS itens,
            pgf.preco_venda, pgf.preco_atacado, pgf.preco_custo, pgf.preco_custo_medio
       FROM produto_grade g
       LEFT JOIN produto_grade_filial pgf ON pgf.id_organization = g.id_organization AND pgf.id_produto_grade = g.id_produto_grade
        AND pgf.id_filial = $2 AND pgf.data_exclusao IS NULL
      WHERE g.id_organization = $1 AND g.id_produto = $3 AND g.data_exclusao IS NULL
      ORDER BY g.id_produto_grade`,
    [org, id_filial, id_produto],
  );
  return rows.map((r) => ({
    chave: gradeKey(r.id_produto_grade), id_produto_grade: r.id_produto_grade, id_produto_grade_filial: r.id_produto_grade_filial,
    descricao: r.descricao, sku: r.sku, is_padrao: r.is_padrao, situacao: r.situacao, itens: r.itens ?? [],
    preco_venda: r.preco_venda ?? 0, preco_atacado: r.preco_atacado ?? 0, preco_custo: r.preco_custo ?? 0,
    preco_custo_medio: r.preco_custo_medio ?? 0,
  }));
}

/** A live product of the organization with its children (prices of `id_filial`); null when there is none. */
export async function findProduct(tx: Tx, org: number, id_filial: number, id_produto: number): Promise<ProductDetail | null> {
  const { rows } = await tx.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} FROM produto p WHERE p.id_organization = $1 AND p.id_produto = $2 AND p.data_exclusao IS NULL`,
    [org, id_produto],
  );
  const p = rows[0];
  if (!p) return null;
  const grades = await findGrades(tx, org, id_filial, id_produto);
  const units = await tx.query<{ id_produto_unidade_logistica: number; id_unidade_medida: number; multiplicador: number }>(
    `SELECT id_produto_unidade_logistica, id_unidade_medida, multiplicador FROM produto_unidade_logistica
      WHERE id_organization = $1 AND id_produto = $2 AND data_exclusao IS NULL ORDER BY id_produto_unidade_logistica`,
    [org, id_produto],
  );
  const codes = await tx.query<{
    id_produto_codigo_barra: number; codigo: string; codigo_interno: boolean; situacao: string; id_produto_grade: number;
    id_produto_unidade_logistica: number | null;
  }>(
    `SELECT id_produto_codigo_barra, codigo, codigo_interno, situacao, id_produto_grade, id_produto_unidade_logistica
       FROM produto_codigo_barra WHERE id_organization = $1 AND id_produto = $2 AND data_exclusao IS NULL
      ORDER BY id_produto_codigo_barra`,
    [org, id_produto],
  );
  return {
    ...p,
    data_cadastro: iso(p.data_cadastro),
    data_alteracao: iso(p.data_alteracao),
    grades,
    unidades_logisticas: units.rows.map((u) => ({ chave: unitKey(u.id_produto_unidade_logistica), ...u })),
    codigos_barra: codes.rows.map((c) => ({
      id_produto_codigo_barra: c.id_produto_codigo_barra, codigo: c.codigo, codigo_interno: c.codigo_interno, situacao: c.situacao,
      chave_grade: gradeKey(c.id_produto_grade),
      chave_unidade: c.id_produto_unidade_logistica === null ? null : unitKey(c.id_produto_unidade_logistica),
    })),
  };
}

export interface ProductListQuery {
  search: string;
  filter: { id_categoria?: number | undefined; id_marca?: number | undefined; situacao?: string | undefined };
  take: number;
  skip: number;
  column: 'data_cadastro' | 'descricao' | 'sku' | 'preco_venda';
  order: 'asc' | 'desc';
}

/** The list: search by description (anywhere), SKU (of the product or a variation, from the start) or barcode (exact). */
export async function listProducts(tx: Tx, org: number, q: ProductListQuery) {
  const search = q.search.trim();
  const params: unknown[] = [org, search === '' ? null : containsPattern(search), search === '' ? null : `${containsPattern(search).slice(1)}`,
    search, q.filter.id_categoria ?? null, q.filter.id_marca ?? null, q.filter.situacao ?? null];
  const where = `p.id_organization = $1 AND p.data_exclusao IS NULL
    AND ($2::text IS NULL OR p.descricao ILIKE $2 OR p.sku ILIKE $3
         OR EXISTS (SELECT 1 FROM produto_grade g WHERE g.id_organization = p.id_organization AND g.id_produto = p.id_produto
                     AND g.data_exclusao IS NULL AND g.sku ILIKE $3)
         OR EXISTS (SELECT 1 FROM produto_codigo_barra b WHERE b.id_organization = p.id_organization AND b.codigo = $4
                     AND b.id_produto = p.id_produto AND b.data_exclusao IS NULL))
    AND ($5::integer IS NULL OR p.id_categoria = $5) AND ($6::integer IS NULL OR p.id_marca = $6)
    AND ($7::text IS NULL OR p.situacao = $7)`;
  const direction = q.order === 'desc' ? 'DESC' : 'ASC';
  const { rows } = await tx.query<{
    id_produto: number; descricao: string; sku: string; situacao: string; tipo_produto: string; marca: string | null;
    categoria: string | null; unidade: string; preco_venda: number; variacoes: number; data_cadastro: unknown;
  }>(
    `SELECT p.id_produto, p.descricao, p.sku, p.situacao, p.tipo_produto, m.descricao AS marca, c.descricao AS categoria,
            u.sigla AS unidade, p.preco_venda, p.data_cadastro,
            (SELECT count(*) FROM produto_grade g WHERE g.id_organization = p.id_organization AND g.id_produto = p.id_produto
                AND g.data_exclusao IS NULL AND NOT g.is_padrao)::integer AS variacoes
       FROM produto p
       JOIN unidade_medida u ON u.id_organization = p.id_organization AND u.id_unidade_medida = p.id_unidade_medida
       LEFT JOIN marca m ON m.id_organization = p.id_organization AND m.id_marca = p.id_marca
       LEFT JOIN categoria c ON c.id_organization = p.id_organization AND c.id_categoria = p.id_categoria
      WHERE ${where}
      ORDER BY p.${q.column} ${direction}, p.id_produto ${direction}
      LIMIT ${q.take} OFFSET ${q.skip}`,
    params,
  );
  const count = await tx.query<{ n: number }>(`SELECT count(*)::integer AS n FROM produto p WHERE ${where}`, params);
  return { rows: rows.map((r) => ({ ...r, data_cadastro: iso(r.data_cadastro) })), count: count.rows[0]?.n ?? 0 };
}

/** One after the largest numeric SKU of the organization's products and variations ('1' when there is none). */
export async function findNextSku(tx: Tx, org: number): Promise<string> {
  const { rows } = await tx.query<{ sku: string | null }>(
    `SELECT max(s::numeric)::text AS sku FROM (
       SELECT sku AS s FROM produto WHERE id_organization = $1 AND data_exclusao IS NULL AND sku ~ '^[0-9]{1,18}$'
       UNION ALL
       SELECT sku FROM produto_grade WHERE id_organization = $1 AND data_exclusao IS NULL AND sku ~ '^[0-9]{1,18}$') x`,
    [org],
  );
  const max = rows[0]?.sku;
  return nextSku(max ? [max] : []);
}
