/**
 * /invoice/invoice-reprocess (000 §7.4, issue 31): a rejected, pending or contingency invoice sent again through the
 * same emission path as /nfe/transmitir (transmitInvoice), after the domain's check (reprocessError). What that path
 * already guarantees holds here: a rejected draft is signed anew from its current content (same number); a pending
 * one (EmProcessamento: SEFAZ never answered) and a contingency one resend the XML stored before the first send, so a
 * lost authorization is found and never duplicated. The answer carries the spec's messages: 'Nota Fiscal {n}
 * transmitida com sucesso' or 'Nota Fiscal {n} não autorizada: {status - motivo}'. An authorized, cancelled, denied or
 * disabled invoice is refused with 400.
 */
import type { FiscalResult } from '@pdv/contract/invoice';
import { reprocessError } from '@pdv/domain/invoice-actions';
import { badRequest, notFound } from '../../http/errors.ts';
import { transmitInvoice, type FiscalContext } from './service.ts';

export async function reprocessInvoice(ctx: FiscalContext, id: number): Promise<FiscalResult> {
  const row = await ctx.db.tenant({ id_organization: ctx.org }, async (tx) =>
    (await tx.query<{ situacao: string; numero_nota_fiscal: number | null }>(
      `SELECT situacao, numero_nota_fiscal FROM nota_fiscal
        WHERE id_organization = $1 AND id_filial = $2 AND id_nota_fiscal = $3 AND data_exclusao IS NULL`,
      [ctx.org, ctx.id_filial, id],
    )).rows[0]);
  if (!row) throw notFound();
  const error = reprocessError({ situacao: row.situacao, numero_nota_fiscal: row.numero_nota_fiscal === null ? null : Number(row.numero_nota_fiscal) });
  if (error) throw badRequest(error);
  return transmitInvoice(ctx, id);
}
