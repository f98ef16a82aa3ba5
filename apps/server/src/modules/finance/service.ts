/**
 * The receivables owner: every write of documento_financeiro goes through here, in the caller's transaction
 * (owners.test.ts keeps it so). A sale creates one receivable per installment of an instalment method
 * (insertReceivable), a receipt pays them off all or none (settleReceivables, a conditional UPDATE: a resend or a
 * second receipt never pays one twice), a cancelled invoice reverses those still open (reverseInvoiceReceivables).
 * Reads (open receivables, the receipt's row locks) are in queries.ts.
 */
import { RETURN_MESSAGES } from '@pdv/domain/return-rules';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import * as q from './queries.ts';

export async function insertReceivable(tx: Tx, d: q.NewReceivable): Promise<void> {
  await q.insertReceivable(tx, d);
}

/**
 * Pays off (baixa) the receivables `ids`, which the caller locked and checked (queries.lockReceivables). All or none:
 * when one of them is no longer open the receipt is refused.
 */
export async function settleReceivables(tx: Tx, org: number, ids: number[], id_operacao: string): Promise<void> {
  const settled = await q.settleReceivables(tx, org, ids, id_operacao);
  if (settled !== ids.length) throw badRequest(RETURN_MESSAGES.receiptDocumentNotOpen);
}

/** A cancelled invoice's receivables still open are reversed (Estornado, balance zero); paid ones stay as they are. */
export async function reverseInvoiceReceivables(tx: Tx, org: number, id_nota_fiscal: number): Promise<void> {
  await q.reverseInvoiceReceivables(tx, org, id_nota_fiscal);
}
