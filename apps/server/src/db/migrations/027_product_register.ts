/**
 * The product register (issue 20; 001 §3 Product, §5 Products):
 * - a barcode that is not a GTIN is stored only when the user marked it as an internal code (codigo_interno);
 * - a variation's per-branch row keeps that branch's cost and average cost beside its sale and wholesale prices (the
 *   register's price tab is per branch). They are not synced: the product-grid stream names its columns and leaves
 *   costs out, as the product stream does;
 * - the product list's default sort (data_cadastro asc, 002 §9) has its index over live rows; its search by
 *   description a trigram index when pg_trgm is there; the search by SKU uses produto_sku, by barcode the codes' own.
 */
export const sql = /* sql */ `
ALTER TABLE produto_codigo_barra ADD COLUMN codigo_interno boolean NOT NULL DEFAULT false;
ALTER TABLE produto_grade_filial ADD COLUMN preco_custo numeric(15,2) NOT NULL DEFAULT 0 CHECK (preco_custo >= 0),
  ADD COLUMN preco_custo_medio numeric(15,2) NOT NULL DEFAULT 0 CHECK (preco_custo_medio >= 0);
ALTER TABLE produto ADD CONSTRAINT produto_precos_nao_negativos
  CHECK (preco_compra >= 0 AND preco_compra_medio >= 0 AND preco_custo >= 0 AND preco_custo_medio >= 0 AND preco_venda >= 0 AND preco_atacado >= 0)
  NOT VALID;
UPDATE produto_grade_filial pgf SET preco_custo = p.preco_custo, preco_custo_medio = p.preco_custo_medio
  FROM produto_grade g JOIN produto p ON p.id_organization = g.id_organization AND p.id_produto = g.id_produto
 WHERE g.id_organization = pgf.id_organization AND g.id_produto_grade = pgf.id_produto_grade
   AND (p.preco_custo, p.preco_custo_medio) <> (0, 0);
CREATE INDEX produto_lista ON produto (id_organization, data_cadastro, id_produto) WHERE data_exclusao IS NULL;
DO $$
BEGIN
  CREATE INDEX produto_busca_descricao ON produto USING gin (descricao gin_trgm_ops) WHERE data_exclusao IS NULL;
EXCEPTION WHEN undefined_object OR undefined_file OR feature_not_supported OR insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm indisponível: a pesquisa de produtos lê todas as linhas (%).', SQLERRM;
END $$;
`;
