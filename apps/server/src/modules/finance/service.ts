/**
 * The receivables owner: every write of documento_financeiro goes through here, in the caller's transaction
 * (owners.test.ts keeps it so). A sale creates one receivable per installment of an instalment method
 * (insertReceivable), a receipt pays them off all or none with their late charges (receiptCharges, settleReceivables,
 * a conditional UPDATE: a resend or a second receipt never pays one twice), a cancelled invoice reverses those still open (reverseInvoiceReceivables).
 * Reads (open receivables, the receipt's row locks) are in queries.ts.
 */
import { RETURN_MESSAGES } from '@pdv/domain/return-rules';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import * as q from './queries.ts';
import { allocateDischarge, lateCharges } from '@pdv/domain/financial-document';
import { sum, type Cents } from '@pdv/domain/money';
import * as dq from './document-queries.ts';
import * as lq from './launch-queries.ts';
import { branchToday, type Scope } from './documents.ts';

export async function insertReceivable(tx: Tx, d: q.NewReceivable): Promise<void> {
  await q.insertReceivable(tx, d);
}

/** A receivable taken at the till (the receipt mode), as the caller locked it. */
export interface TillReceivable {
  id_documento_financeiro: number;
  saldo: Cents;
  data_vencimento: string;
}

/**
 * What each receivable owes besides its balance if received at `at`: its late interest and fine on the branch's date of
 * that instant (`on`), with the branch's settings (002 §4, the rule /documentFinancial's discharge applies).
 */
export async function receiptCharges(tx: Tx, s: Scope, docs: readonly TillReceivable[], at: Date): Promise<{ on: string; charges: Array<{ juros: Cents; multa: Cents }> }> {
  const today = await branchToday(tx, s, at);
  return { on: today.date, charges: docs.map((d) => lateCharges(d.saldo, d.data_vencimento, today.date, today.charges)) };
}

/**
 * Pays off (baixa) at the till the receivables the caller locked and checked (queries.lockReceivables), each with its
 * interest and fine (receiptCharges), allocated by the discharge rule of /documentFinancial (allocateDischarge): one
 * launch per document, its balance down under the conditional UPDATE. All or none: when one of them is no longer open
 * the receipt is refused (a resend or a second receipt never pays one twice).
 */
export async function settleReceivables(
  tx: Tx, s: Scope, docs: ReadonlyArray<TillReceivable & { juros: Cents; multa: Cents }>,
  paid: { id_operacao: string; id_usuario: number; id_meio_pagamento: number | null; on: string },
): Promise<void> {
  const total = sum(docs.map((d) => d.saldo + d.juros + d.multa));
  const rows = allocateDischarge(docs, { total });
  const observacao = `Recebido na operação ${paid.id_operacao}.`;
  for (const [i, d] of docs.entries()) {
    const r = rows[i]!;
    if (await dq.moveBalance(tx, s, d.id_documento_financeiro, -r.valor_baixado, paid.on) !== 1) throw badRequest(RETURN_MESSAGES.receiptDocumentNotOpen);
    await lq.insertLaunch(tx, s, {
      id_documento_financeiro: d.id_documento_financeiro, id_meio_pagamento: paid.id_meio_pagamento, id_conta: null,
      valor: r.valor_pagar, valor_baixado: r.valor_baixado, valor_desconto: r.valor_desconto, valor_acrescimo: r.valor_acrescimo,
      valor_juros: r.valor_juros, valor_multa: r.valor_multa, observacao, id_usuario: paid.id_usuario, data_efetivacao: paid.on,
    });
  }
}

/** A cancelled invoice's receivables still open are reversed (Estornado, balance zero); paid ones stay as they are. */
export async function reverseInvoiceReceivables(tx: Tx, org: number, id_nota_fiscal: number): Promise<void> {
  await q.reverseInvoiceReceivables(tx, org, id_nota_fiscal);
}
