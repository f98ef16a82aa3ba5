/**
 * Stock of invoices. A sale's invoice took its stock when the sale was processed (POST /api/operacao); an invoice
 * made in the back office takes it when SEFAZ authorizes it. Cancelling or deleting gives back exactly what the
 * invoice's movements took, with compensating movements, so the ledger always adds up.
 */
import type { Tx } from '../../db/database.ts';
import { quantityFromDecimal } from '@pdv/domain/money';
import { takeStock, type StockLine } from '../operation/writes.ts';

export async function takeInvoiceStock(tx: Tx, org: number, id_filial: number, id: number, id_usuario: number, nf: Record<string, unknown>) {
  if (nf['operacao'] !== 'Saida') return;
  const moved = await tx.query('SELECT 1 FROM movimentacao_estoque WHERE id_organization = $1 AND id_nota_fiscal = $2 LIMIT 1', [org, id]);
  if (moved.rows.length > 0) return;
  const items = await tx.query<{ id_produto_grade_filial: number; id_endereco_estoque: number; quantidade: string }>(
    `SELECT id_produto_grade_filial, id_endereco_estoque, sum(quantidade) AS quantidade FROM nota_fiscal_item
      WHERE id_organization = $1 AND id_nota_fiscal = $2 AND data_exclusao IS NULL AND NOT is_cancelado
        AND id_produto_grade_filial IS NOT NULL AND id_endereco_estoque IS NOT NULL
      GROUP BY id_produto_grade_filial, id_endereco_estoque`,
    [org, id],
  );
  const lines: StockLine[] = items.rows.map((r) => ({
    id_produto_grade_filial: r.id_produto_grade_filial, id_endereco_estoque: r.id_endereco_estoque,
    quantidade: quantityFromDecimal(r.quantidade),
  }));
  if (lines.length === 0) return;
  // Authorized by SEFAZ means sold: the movement is recorded even where negative-stock control would refuse a sale.
  await takeStock(tx, { org, id_filial, id_usuario, id_operacao: null, id_pedido: null, id_nota_fiscal: id }, lines, false);
}

export async function giveStockBack(tx: Tx, org: number, id_filial: number, id: number, id_usuario: number, origem: string) {
  const moves = await tx.query<{ id_estoque: number; id_endereco_estoque: number; id_produto_grade_filial: number; quantidade: string }>(
    `SELECT id_estoque, id_endereco_estoque, id_produto_grade_filial, sum(quantidade) AS quantidade FROM movimentacao_estoque
      WHERE id_organization = $1 AND id_nota_fiscal = $2 GROUP BY id_estoque, id_endereco_estoque, id_produto_grade_filial
      HAVING sum(quantidade) <> 0 ORDER BY id_estoque`,
    [org, id],
  );
  for (const m of moves.rows) {
    const back = -Number(m.quantidade);
    const updated = await tx.query<{ quantidade: number }>(
      'UPDATE estoque SET quantidade = quantidade + $3 WHERE id_organization = $1 AND id_estoque = $2 RETURNING quantidade',
      [org, m.id_estoque, back],
    );
    await tx.query(
      `INSERT INTO movimentacao_estoque (id_organization, id_filial, id_estoque, id_endereco_estoque, id_produto_grade_filial,
         quantidade, quantidade_anterior, quantidade_posterior, origem, id_nota_fiscal, id_usuario)
       VALUES ($1, $2, $3, $4, $5, $6, $7::numeric - $6::numeric, $7, $8, $9, $10)`,
      [org, id_filial, m.id_estoque, m.id_endereco_estoque, m.id_produto_grade_filial, back, updated.rows[0]!.quantidade, origem, id, id_usuario],
    );
  }
}
