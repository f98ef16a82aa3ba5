/**
 * The product a credit voucher is sold as (002 §3 "Exchange: ... id_produto_grade_filial_vale_credito"): one
 * "Vale Crédito" product per organization, in its own category, with no NCM, barcode or stock (a voucher is not
 * merchandise and moves no stock), priced by the cashier, and each branch's configuration pointing at its grid row;
 * and the Vale Crédito payment method where a shop's settings lack it.
 */
import type { Tx } from '../db/database.ts';
import type { DemoContext, DemoOrganization, DemoStep } from './demo.ts';

export const VOUCHER_PRODUCT_SKU = 'VALE-CREDITO';

async function seedOrganization(tx: Tx, org: DemoOrganization): Promise<void> {
  const o = org.id_organization;
  const { rows } = await tx.query<{ id_produto: number }>(
    `WITH categoria AS (
       INSERT INTO categoria (id_organization, descricao, tipo) VALUES ($1, 'Vale Crédito', 'Produto') RETURNING id_categoria)
     INSERT INTO produto (id_organization, descricao, descricao_exibicao, sku, slug, id_unidade_medida, id_categoria, tipo_produto)
     SELECT $1, 'Vale Crédito', 'Vale Crédito', $2, 'vale-credito', u.id_unidade_medida, c.id_categoria, 'Simples'
       FROM unidade_medida u CROSS JOIN categoria c WHERE u.id_organization = $1
      ORDER BY u.sigla = 'UN' DESC, u.is_padrao DESC, u.id_unidade_medida LIMIT 1
     RETURNING id_produto`,
    [o, VOUCHER_PRODUCT_SKU],
  );
  const id_produto = rows[0]?.id_produto;
  if (id_produto === undefined) throw new Error('unidade de medida ausente para o produto de vale crédito');
  await tx.query(
    `WITH grade AS (
       INSERT INTO produto_grade (id_organization, id_produto, descricao, sku, is_padrao) VALUES ($1, $2, 'Geral', $3, true)
       RETURNING id_produto_grade)
     INSERT INTO produto_grade_filial (id_organization, id_produto_grade, id_filial, preco_venda, preco_atacado)
     SELECT $1, grade.id_produto_grade, f, 0, 0 FROM grade CROSS JOIN unnest($4::integer[]) AS f ORDER BY f`,
    [o, id_produto, VOUCHER_PRODUCT_SKU, Object.values(org.branches)],
  );
  await tx.query(
    `UPDATE filial_configuracao c SET id_produto_grade_filial_vale_credito = pgf.id_produto_grade_filial
       FROM produto_grade_filial pgf JOIN produto_grade g USING (id_organization, id_produto_grade)
      WHERE c.id_organization = $1 AND pgf.id_organization = $1 AND g.id_produto = $2 AND pgf.id_filial = c.id_filial`,
    [o, id_produto],
  );
}

/** The Vale Crédito payment method (NF-e tPag 12) in every branch, for a shop whose settings have none. */
async function seedVoucherMethod(tx: Tx, org: DemoOrganization): Promise<void> {
  const o = org.id_organization;
  await tx.query(
    `INSERT INTO meio_pagamento (id_organization, descricao, meio_pagamento)
     SELECT $1, 'Vale Crédito', '12' WHERE NOT EXISTS (SELECT 1 FROM meio_pagamento WHERE id_organization = $1 AND meio_pagamento = '12')`,
    [o],
  );
  await tx.query(
    `INSERT INTO meio_pagamento_filial (id_organization, id_meio_pagamento, id_filial)
     SELECT $1, m.id_meio_pagamento, f FROM meio_pagamento m CROSS JOIN unnest($2::integer[]) AS f
      WHERE m.id_organization = $1 AND m.meio_pagamento = '12'
        AND NOT EXISTS (SELECT 1 FROM meio_pagamento_filial x WHERE x.id_organization = $1 AND x.id_meio_pagamento = m.id_meio_pagamento
                          AND x.id_filial = f)
      ORDER BY f`,
    [o, Object.values(org.branches)],
  );
}

export const seedVoucherProduct: DemoStep = async (tx: Tx, ctx: DemoContext) => {
  for (const org of [ctx.demo, ctx.other]) {
    await seedOrganization(tx, org);
    await seedVoucherMethod(tx, org);
  }
};
