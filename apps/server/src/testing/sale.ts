/** Factories for POST /api/operacao bodies built from the demo data (CONVENTIONS.md: small factories). */
import { randomUUID } from 'node:crypto';
import type { OperacaoBody } from '@pdv/contract/operation';
import type { Database } from '../db/database.ts';

export interface SaleFixture {
  id_filial: number;
  /**
   * A grid row with stock in an address of the branch, its retail price and description, its wholesale price and its
   * product's wholesale quantity (null: none).
   */
  product: FixtureProduct;
  second: FixtureProduct;
  methods: Record<string, number>;
  id_cliente: number;
}

export interface FixtureProduct {
  id_produto_grade_filial: number;
  id_endereco_estoque: number;
  preco: number;
  preco_atacado: number;
  quantidade_atacarejo: number | null;
  descricao: string;
  id_estoque: number;
}

/**
 * The unit price a line of `quantidade` units of the product (the only line of its product) sells at, as the point of
 * sale prices it: wholesale from the product's wholesale quantity on (domain wholesale.ts), else retail.
 */
export function unitPriceOf(p: FixtureProduct, quantidade: number): { valor_unitario: number; tipo_preco: 'Varejo' | 'Atacado'; is_atacarejo: boolean } {
  const wholesale = p.quantidade_atacarejo !== null && p.quantidade_atacarejo > 0 && p.preco_atacado > 0 && quantidade >= p.quantidade_atacarejo;
  return wholesale
    ? { valor_unitario: p.preco_atacado, tipo_preco: 'Atacado', is_atacarejo: true }
    : { valor_unitario: p.preco, tipo_preco: 'Varejo', is_atacarejo: false };
}

export async function loadSaleFixture(db: Database, codigoFilial = '1', organization = 'Demo Moda'): Promise<SaleFixture> {
  return db.system(async (tx) => {
    const branch = await tx.query<{ id_filial: number }>(
      `SELECT f.id_filial FROM filial f JOIN organization o USING (id_organization) WHERE o.nome = $2 AND f.codigo_filial = $1`,
      [codigoFilial, organization],
    );
    const id_filial = branch.rows[0]!.id_filial;
    const stock = await tx.query<FixtureProduct>(
      `SELECT e.id_estoque, e.id_produto_grade_filial, e.id_endereco_estoque, pgf.preco_venda::float8 AS preco,
              pgf.preco_atacado::float8 AS preco_atacado, p.quantidade_atacarejo::float8 AS quantidade_atacarejo, p.descricao
         FROM estoque e
         JOIN produto_grade_filial pgf ON pgf.id_organization = e.id_organization AND pgf.id_produto_grade_filial = e.id_produto_grade_filial
         JOIN produto_grade pg ON pg.id_organization = pgf.id_organization AND pg.id_produto_grade = pgf.id_produto_grade
         JOIN produto p ON p.id_organization = pg.id_organization AND p.id_produto = pg.id_produto
        WHERE e.id_filial = $1 AND e.quantidade >= 5 AND pgf.preco_venda > 0
        ORDER BY e.id_produto_grade_filial, e.id_endereco_estoque`,
      [id_filial],
    );
    const [product] = stock.rows;
    const second = stock.rows.find((r) => r.id_produto_grade_filial !== product!.id_produto_grade_filial);
    const methods = await tx.query<{ id_meio_pagamento: number; meio_pagamento: string }>(
      `SELECT id_meio_pagamento, meio_pagamento FROM meio_pagamento m JOIN organization o USING (id_organization) WHERE o.nome = $1`,
      [organization],
    );
    const customer = await tx.query<{ id_pessoa: number }>(
      `SELECT id_pessoa FROM pessoa p JOIN organization o USING (id_organization)
        WHERE o.nome = $1 AND p.cpf IS NOT NULL AND p.nome <> 'Consumidor Final' ORDER BY id_pessoa LIMIT 1`,
      [organization],
    );
    return {
      id_filial,
      product: product!,
      second: second!,
      methods: Object.fromEntries(methods.rows.map((m) => [m.meio_pagamento, m.id_meio_pagamento])),
      id_cliente: customer.rows[0]!.id_pessoa,
    };
  });
}

/** A cash sale of `quantidade` units of the fixture's product at the price the point of sale gives it, paid exactly. */
export function saleBody(f: SaleFixture, fields: Partial<OperacaoBody> = {}, quantidade = 1): OperacaoBody {
  const price = unitPriceOf(f.product, quantidade);
  const total = Math.round(price.valor_unitario * quantidade * 100) / 100;
  return {
    id_operacao: randomUUID(),
    modo_operacao: 'Venda',
    modelo: null,
    id_filial: f.id_filial,
    data_inicio: new Date().toISOString(),
    itens: [
      {
        id_item: randomUUID(), tipo_item: 'Produto', id_produto_grade_filial: f.product.id_produto_grade_filial,
        id_endereco_estoque: f.product.id_endereco_estoque, descricao: f.product.descricao, quantidade, ...price,
      },
    ],
    pagamentos: [{ id_pagamento: randomUUID(), id_meio_pagamento: f.methods['01']!, valor_total: total }],
    ...fields,
  };
}

/** Rows of a table (with an optional WHERE after its name), read as the owner: `countRows(db, 'pedido WHERE ...')`. */
export async function countRows(db: Database, from: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.system((tx) => tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${from}`, params));
  return rows[0]!.n;
}
