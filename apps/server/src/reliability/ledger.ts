/**
 * Integrity checks read as the owner: stock balances against their movements, exactly one document per operation,
 * and no orphan rows (lines without their document, movements without the document that made them).
 */
import type { Database } from '../db/database.ts';

export interface StockMark {
  /** id_estoque -> quantity when the mark was taken. */
  quantities: Map<number, number>;
  /** Movements with an id above this were made after the mark. */
  lastMovement: number;
}

export async function markStock(db: Database): Promise<StockMark> {
  return db.system(async (tx) => {
    const stock = await tx.query<{ id_estoque: number; quantidade: number }>('SELECT id_estoque, quantidade FROM estoque');
    const last = await tx.query<{ id: number }>('SELECT coalesce(max(id_movimentacao_estoque), 0)::int AS id FROM movimentacao_estoque');
    return { quantities: new Map(stock.rows.map((r) => [r.id_estoque, Number(r.quantidade)])), lastMovement: last.rows[0]!.id };
  });
}

export interface BalanceReport {
  /** Stock rows with movements after the mark. */
  touched: number;
  movements: number;
  /** "id_estoque: initial + movements = expected, found actual" for every row that does not add up. */
  mismatches: string[];
  /** Movements whose before/after quantities do not chain (a lost update would show here). */
  brokenChains: string[];
}

const milli = (n: number) => Math.round(Number(n) * 1000);

/** Every stock row equals its quantity at the mark plus the sum of the movements made since. */
export async function checkBalances(db: Database, mark: StockMark): Promise<BalanceReport> {
  return db.system(async (tx) => {
    const rows = await tx.query<{ id_estoque: number; quantidade: number }>('SELECT id_estoque, quantidade FROM estoque');
    const moves = await tx.query<{ id_estoque: number; quantidade: number; quantidade_anterior: number; quantidade_posterior: number; id: number }>(
      `SELECT id_estoque, quantidade, quantidade_anterior, quantidade_posterior, id_movimentacao_estoque AS id
         FROM movimentacao_estoque WHERE id_movimentacao_estoque > $1 ORDER BY id_estoque, id_movimentacao_estoque`,
      [mark.lastMovement],
    );
    const sums = new Map<number, number>();
    const brokenChains: string[] = [];
    const lastAfter = new Map<number, number>();
    for (const m of moves.rows) {
      sums.set(m.id_estoque, (sums.get(m.id_estoque) ?? 0) + milli(m.quantidade));
      if (milli(m.quantidade_anterior) + milli(m.quantidade) !== milli(m.quantidade_posterior)) {
        brokenChains.push(`movement ${m.id}: ${m.quantidade_anterior} + ${m.quantidade} != ${m.quantidade_posterior}`);
      }
      const previous = lastAfter.get(m.id_estoque) ?? (mark.quantities.has(m.id_estoque) ? milli(mark.quantities.get(m.id_estoque)!) : undefined);
      if (previous !== undefined && previous !== milli(m.quantidade_anterior)) {
        brokenChains.push(`movement ${m.id} of stock ${m.id_estoque} starts at ${m.quantidade_anterior}, the previous ended at ${previous / 1000}`);
      }
      lastAfter.set(m.id_estoque, milli(m.quantidade_posterior));
    }
    const mismatches: string[] = [];
    for (const r of rows.rows) {
      const initial = milli(mark.quantities.get(r.id_estoque) ?? 0);
      const expected = initial + (sums.get(r.id_estoque) ?? 0);
      if (expected !== milli(r.quantidade)) {
        mismatches.push(`estoque ${r.id_estoque}: ${initial / 1000} + ${(sums.get(r.id_estoque) ?? 0) / 1000} = ${expected / 1000}, found ${r.quantidade}`);
      }
    }
    return { touched: sums.size, movements: moves.rows.length, mismatches, brokenChains };
  });
}

export interface OperationCounts {
  id_operacao: string;
  claims: number;
  orders: number;
  invoices: number;
  lines: number;
  payments: number;
  movements: number;
}

/** Per operation UUID: its claim, documents, lines, payments and stock movements. */
export async function countByOperation(db: Database, ids: string[]): Promise<Map<string, OperationCounts>> {
  const { rows } = await db.system((tx) =>
    tx.query<OperationCounts>(
      `SELECT u.id AS id_operacao,
              (SELECT count(*) FROM operacao o WHERE o.id_operacao = u.id)::int AS claims,
              (SELECT count(*) FROM pedido p WHERE p.id_operacao = u.id)::int AS orders,
              (SELECT count(*) FROM nota_fiscal n WHERE n.id_operacao = u.id)::int AS invoices,
              ((SELECT count(*) FROM pedido_item i JOIN pedido p USING (id_organization, id_pedido) WHERE p.id_operacao = u.id)
               + (SELECT count(*) FROM nota_fiscal_item i JOIN nota_fiscal n USING (id_organization, id_nota_fiscal) WHERE n.id_operacao = u.id))::int AS lines,
              ((SELECT count(*) FROM pedido_pagamento i JOIN pedido p USING (id_organization, id_pedido) WHERE p.id_operacao = u.id)
               + (SELECT count(*) FROM nota_fiscal_pagamento i JOIN nota_fiscal n USING (id_organization, id_nota_fiscal) WHERE n.id_operacao = u.id))::int AS payments,
              (SELECT count(*) FROM movimentacao_estoque m WHERE m.id_operacao = u.id)::int AS movements
         FROM unnest($1::uuid[]) AS u(id)`,
      [ids],
    ),
  );
  return new Map(rows.map((r) => [r.id_operacao, r]));
}

/** Rows that lost their parent, by kind (all zero when the database is whole). */
export async function orphanReport(db: Database): Promise<Record<string, number>> {
  const checks: Record<string, string> = {
    'order lines without their order': `SELECT count(*) FROM pedido_item i WHERE NOT EXISTS (SELECT 1 FROM pedido p WHERE p.id_organization = i.id_organization AND p.id_pedido = i.id_pedido)`,
    'order payments without their order': `SELECT count(*) FROM pedido_pagamento i WHERE NOT EXISTS (SELECT 1 FROM pedido p WHERE p.id_organization = i.id_organization AND p.id_pedido = i.id_pedido)`,
    'invoice lines without their invoice': `SELECT count(*) FROM nota_fiscal_item i WHERE NOT EXISTS (SELECT 1 FROM nota_fiscal n WHERE n.id_organization = i.id_organization AND n.id_nota_fiscal = i.id_nota_fiscal)`,
    'invoice payments without their invoice': `SELECT count(*) FROM nota_fiscal_pagamento i WHERE NOT EXISTS (SELECT 1 FROM nota_fiscal n WHERE n.id_organization = i.id_organization AND n.id_nota_fiscal = i.id_nota_fiscal)`,
    'orders without lines': `SELECT count(*) FROM pedido p WHERE NOT EXISTS (SELECT 1 FROM pedido_item i WHERE i.id_organization = p.id_organization AND i.id_pedido = p.id_pedido)`,
    'movements without their order': `SELECT count(*) FROM movimentacao_estoque m WHERE m.id_pedido IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pedido p WHERE p.id_organization = m.id_organization AND p.id_pedido = m.id_pedido)`,
    'movements without their invoice': `SELECT count(*) FROM movimentacao_estoque m WHERE m.id_nota_fiscal IS NOT NULL AND NOT EXISTS (SELECT 1 FROM nota_fiscal n WHERE n.id_organization = m.id_organization AND n.id_nota_fiscal = m.id_nota_fiscal)`,
    'sale movements without any document': `SELECT count(*) FROM movimentacao_estoque m WHERE m.id_operacao IS NOT NULL AND m.id_pedido IS NULL AND m.id_nota_fiscal IS NULL`,
    'movements of an operation never claimed': `SELECT count(*) FROM movimentacao_estoque m WHERE m.id_operacao IS NOT NULL AND NOT EXISTS (SELECT 1 FROM operacao o WHERE o.id_organization = m.id_organization AND o.id_operacao = m.id_operacao)`,
    'receivables of an operation never claimed': `SELECT count(*) FROM documento_financeiro d WHERE d.id_operacao IS NOT NULL AND NOT EXISTS (SELECT 1 FROM operacao o WHERE o.id_organization = d.id_organization AND o.id_operacao = d.id_operacao)`,
    'claimed operations without an answer': `SELECT count(*) FROM operacao WHERE resultado IS NULL`,
    'claimed operations without a document': `SELECT count(*) FROM operacao o WHERE NOT EXISTS (SELECT 1 FROM pedido p WHERE p.id_organization = o.id_organization AND p.id_operacao = o.id_operacao)
       AND NOT EXISTS (SELECT 1 FROM nota_fiscal n WHERE n.id_organization = o.id_organization AND n.id_operacao = o.id_operacao)`,
    'operations with more than one document': `SELECT count(*) FROM (SELECT id_operacao FROM (SELECT id_organization, id_operacao FROM pedido WHERE id_operacao IS NOT NULL
       UNION ALL SELECT id_organization, id_operacao FROM nota_fiscal WHERE id_operacao IS NOT NULL) d GROUP BY id_organization, id_operacao HAVING count(*) > 1) x`,
  };
  const out: Record<string, number> = {};
  await db.system(async (tx) => {
    for (const [name, sql] of Object.entries(checks)) {
      const { rows } = await tx.query<{ count: number }>(sql.replace('SELECT count(*)', 'SELECT count(*)::int AS count'));
      out[name] = rows[0]!.count;
    }
  });
  return out;
}

export const nonZero = (report: Record<string, number>) => Object.fromEntries(Object.entries(report).filter(([, n]) => n !== 0));
