/**
 * /invoice/delete: deletes a draft that never reached SEFAZ (invoice-rules.ts, invoiceDeleteError). A sale's invoice
 * gives its stock back (compensating movements), so the stock ledger still adds up. It lives here, beside cancel and
 * disable, because it moves stock as they do; the invoice module does not import the fiscal module.
 */
import { invoiceDeleteError } from '@pdv/domain/invoice-rules';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import * as q from '../invoice/queries.ts';
import { activeBranch, lockFacts } from '../invoice/service.ts';
import { giveStockBack } from '../stock/service.ts';

export async function deleteInvoice(tx: Tx, caller: Caller, id: number) {
  const org = caller.id_organization;
  const id_filial = activeBranch(caller);
  const row = await q.findInvoiceRow(tx, org, id_filial, id, true);
  if (!row) throw notFound();
  const refused = invoiceDeleteError(lockFacts(row));
  if (refused) throw badRequest(refused);
  await giveStockBack(tx, org, id_filial, id, caller.id_usuario, 'ExclusaoNotaFiscal');
  await tx.query(
    `UPDATE nota_fiscal SET data_exclusao = now(), data_alteracao = now() WHERE id_organization = $1 AND id_nota_fiscal = $2`,
    [org, id],
  );
  return q.toSummary({ ...row, data_exclusao: new Date() });
}
