/**
 * Stock of invoices. A sale's invoice took its stock when the sale was processed (POST /api/operacao); an invoice
 * made in the back office takes it when SEFAZ authorizes it, through the stock module (modules/stock), which also
 * gives it back when the invoice is cancelled or deleted (giveStockBack: compensating movements, so the ledger always
 * adds up).
 */
import type { Tx } from '../../db/database.ts';
import { quantityFromDecimal } from '@pdv/domain/money';
import { takeStock, type StockLine } from '../stock/service.ts';

export async function takeInvoiceStock(tx: Tx, org: number, id_filial: number, id: number, id_usuario: number, nf: Record<string, unknown>) {
  if (nf['operacao'] !== 'Saida') return;
  // A transfer NF-e between branches: its stock document moves both branches (stock/transfer.ts).
  if (nf['id_filial_destino'] !== null && nf['id_filial_destino'] !== undefined) return;
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
