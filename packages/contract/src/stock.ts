/**
 * The point of sale's "stock quantity by branch" side panel (000 §2): the stock of one variation in every branch of the
 * organization the caller may work in, read online (the local copy holds the active branch's stock only). The spec
 * names no path for it: POST /stock/quantity-by-branch.
 */
import { z } from 'zod';
import { id } from './common.ts';

export const stockByBranchBody = z.object({
  /** The variation (produto_grade): the same in every branch, sold there as its produto_grade_filial row. */
  id_produto_grade: id,
});

export const stockByBranchRow = z.object({
  id_filial: z.number().int(),
  /** The branch's name as the branch selector shows it (nome_fantasia, else razao_social). */
  filial: z.string(),
  /** Sum over the branch's stock addresses, 3 decimals. */
  quantidade: z.number(),
  quantidade_reserva: z.number(),
  /** quantidade - quantidade_reserva. */
  disponivel: z.number(),
});

export const stockByBranchResult = z.object({
  id_produto_grade: z.number().int(),
  rows: z.array(stockByBranchRow),
});
export type StockByBranchResult = z.infer<typeof stockByBranchResult>;
