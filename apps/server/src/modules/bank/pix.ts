/**
 * PIX at the point of sale (issue 26): the sale's charge on the bank (API Pix cob, dynamic BR Code), its confirmation
 * by the bank's webhook (believed only after GET /cob/{txid} on the bank says CONCLUIDA for the same amount), its
 * confirmation by hand with a supervisor's grant (FncAutorizarPixManual, recorded on the charge), and the check
 * POST /api/operacao runs on a PIX payment that names a txid (pixPaymentError: confirmed, same branch, same amount,
 * spent once).
 */
import { BANK_MESSAGES as M, PIX_SITUACAO, pixPaymentError, pixWithoutChargeError } from '@pdv/domain/bank-integration';
import { fromDecimal, toDecimalString, type Cents } from '@pdv/domain/money';
import { SUPERVISOR_PERMISSIONS } from '@pdv/domain/permissions';
import type { Database, Tx } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { useAuthorization } from '../authorization/service.ts';
import { webhookUrl, type BankDeps } from './deps.ts';
import * as q from './queries.ts';
import { atBank, need, newTxid } from './service.ts';

type Run = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
const scope = (c: Caller): q.Scope => ({ org: c.id_organization, id_filial: c.id_filial });
export const publicPix = ({ id_filial: _f, ...p }: q.PixRow) => p;

/** Keys whose webhook this process already registered at the bank (PUT /webhook/{chave} is idempotent). */
const registered = new WeakMap<BankDeps, Set<string>>();

/** new_qrcode_dynamic: a charge for `valor` on the branch's integrated PIX account (or the one named). */
export async function newCharge(deps: BankDeps, run: Run, caller: Caller, body: { valor: number; id_conta?: number | undefined }) {
  const pix = need(deps.pix);
  const s = scope(caller);
  const account = await run(async (tx) => {
    const a = body.id_conta === undefined ? await q.pixAccountOf(tx, s) : await q.accountOf(tx, s, body.id_conta);
    if (!a) throw badRequest(M.noPixAccount);
    if (!a.utilizar_moderbank || !a.chave_pix) throw badRequest(M.accountNotIntegrated);
    return a;
  });
  const chave = account.chave_pix!;
  const url = webhookUrl(deps, caller.id_organization);
  const done = registered.get(deps) ?? new Set<string>();
  registered.set(deps, done);
  if (!done.has(`${chave}|${url}`)) {
    await atBank(() => pix.setWebhook(chave, url));
    done.add(`${chave}|${url}`);
  }
  const valor: Cents = fromDecimal(body.valor);
  const txid = newTxid();
  const cob = await atBank(() => pix.createCob(txid, { valor, chave, expiracao: 3600, solicitacaoPagador: 'Pagamento da compra' }));
  if (cob.valor !== valor || !cob.pixCopiaECola) throw new HttpError(502, M.bankRefused);
  return publicPix(await run((tx) => q.insertPix(tx, s, {
    id_conta: account.id_conta, txid, valor: toDecimalString(valor), chave, location: cob.location, brcode: cob.pixCopiaECola!, id_usuario: caller.id_usuario,
  })));
}

export async function chargeOf(tx: Tx, caller: Caller, txid: string, lock = false): Promise<q.PixRow> {
  const row = await q.pixByTxid(tx, caller.id_organization, txid, lock);
  if (!row || row.id_filial !== caller.id_filial) throw new HttpError(404, M.pixNotFound);
  return row;
}

/**
 * Confirmation by hand: the supervisor's grant is spent on this charge, which says so and waits to be withdrawn at the
 * bank; then the bank is asked to withdraw it (PATCH /cob REMOVIDA_PELO_USUARIO_RECEBEDOR), so the customer cannot pay
 * it later. The bank is called after the confirmation's transaction (OUTSIDE_TRANSACTION): an unreachable bank leaves
 * the withdrawal 'Pendente' for the background sender (withdrawDue) and does not undo the confirmation.
 */
export async function confirmManually(deps: BankDeps, run: Run, caller: Caller, body: { txid: string; id_autorizacao: number }) {
  await run(async (tx) => {
    const row = await chargeOf(tx, caller, body.txid, true);
    if (row.situacao === PIX_SITUACAO.paga || row.situacao === PIX_SITUACAO.manual) throw badRequest(M.pixAlreadyPaid);
    if (row.situacao !== PIX_SITUACAO.ativa) throw badRequest(M.pixNotActive);
    const grant = await useAuthorization(tx, caller, body.id_autorizacao, SUPERVISOR_PERMISSIONS.manualPix, 'pix_cobranca', body.txid);
    await q.markPixManual(tx, caller.id_organization, body.txid, grant.id_autorizacao, grant.id_usuario_autorizacao);
  });
  await withdrawCharge(deps, run, caller.id_organization, body.txid);
  return publicPix((await run((tx) => q.pixByTxid(tx, caller.id_organization, body.txid)))!);
}

/** Wait before the next withdrawal attempt: 1 min, doubling, at most 30 min. */
export const withdrawalDelayMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);

/**
 * Withdraws at the bank a charge confirmed by hand. The bank's answer decides: withdrawn (REMOVIDA_*) is 'Removida';
 * paid anyway (CONCLUIDA, the customer paid before the withdrawal) is 'PagaNoBanco' with the Pix's endToEndId; a
 * refusal is checked with GET /cob; no answer leaves it 'Pendente' with its next attempt. Answers the outcome.
 */
export async function withdrawCharge(deps: BankDeps, run: Run, org: number, txid: string, now = new Date()): Promise<q.RemocaoSituacao> {
  const pix = deps.pix;
  const cob = pix ? await pix.removeCob(txid).catch(() => pix.getCob(txid)).catch(() => null) : null;
  const paid = cob && (cob.status === 'CONCLUIDA' || cob.pix.length > 0);
  const outcome: q.RemocaoSituacao = paid ? 'PagaNoBanco' : cob?.status.startsWith('REMOVIDA') ? 'Removida' : 'Pendente';
  await run((tx) => (outcome === 'Pendente'
    ? q.postponeWithdrawal(tx, org, txid, (attempts) => new Date(now.getTime() + withdrawalDelayMs(attempts)))
    : q.markWithdrawn(tx, org, txid, outcome, paid ? cob.pix[0]?.endToEndId ?? null : null)));
  return outcome;
}

/** The background sender's round: every withdrawal due is tried again (as the platform; each in its organization). */
export async function withdrawDue(db: Database, deps: BankDeps, now = new Date(), limit = 20): Promise<{ tried: number; withdrawn: number }> {
  const due = await db.system((tx) => q.dueWithdrawals(tx, now, limit));
  let withdrawn = 0;
  for (const d of due) {
    const run: Run = (fn) => db.tenant({ id_organization: d.id_organization }, fn);
    if ((await withdrawCharge(deps, run, d.id_organization, d.txid, now)) !== 'Pendente') withdrawn += 1;
  }
  return { tried: due.length, withdrawn };
}

/** Keeps the withdrawal sender running until stopped (main.ts). */
export function startPixWithdrawalSender(db: Database, deps: BankDeps, everyMs = 60_000, log: (e: unknown) => void = console.error): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running || deps.pix === null) return;
    running = true;
    withdrawDue(db, deps).catch(log).finally(() => {
      running = false;
    });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * The bank's webhook for organization `org`: each Pix names a txid; the charge is marked paid only if it is ours and
 * the bank, asked again, says CONCLUIDA with a Pix of the charged amount. Answers how many were marked paid.
 */
export async function processWebhook(db: Database, deps: BankDeps, org: number, body: unknown): Promise<number> {
  const pix = need(deps.pix);
  const items = body && typeof body === 'object' && Array.isArray((body as { pix?: unknown }).pix) ? (body as { pix: unknown[] }).pix : null;
  if (!items) throw badRequest(M.pixNotFound);
  let paid = 0;
  for (const item of items.slice(0, 100)) {
    const txid = item && typeof item === 'object' ? (item as { txid?: unknown }).txid : undefined;
    if (typeof txid !== 'string' || !/^[a-zA-Z0-9]{26,35}$/.test(txid)) continue;
    const row = await db.tenant({ id_organization: org }, (tx) => q.pixByTxid(tx, org, txid));
    if (!row || row.situacao !== PIX_SITUACAO.ativa) continue;
    const cob = await pix.getCob(txid).catch(() => null);
    const valor = fromDecimal(row.valor);
    const received = cob?.pix.find((p) => p.valor === valor);
    if (!cob || cob.status !== 'CONCLUIDA' || cob.valor !== valor || !received) continue;
    if (await db.tenant({ id_organization: org }, (tx) => q.markPixPaid(tx, org, txid, received.endToEndId))) paid += 1;
  }
  return paid;
}

export interface SalePixPayment {
  txid_pix: string | null; valor_total: Cents; cartao_nsu?: string | null | undefined; cartao_tipo_integracao: string | null;
  meio_pagamento?: { meio_pagamento: string } | null | undefined;
}

/**
 * POST /api/operacao: at a branch with an integrated PIX account, a PIX payment with neither a txid nor a terminal's
 * fields is refused (pixWithoutChargeError: it cannot have been received); every PIX payment that names a txid (and is
 * not a terminal's Pix, which carries its NSU or integration type) must spend a charge confirmed for that amount in the
 * sale's branch, once.
 */
export async function spendSalePix(tx: Tx, org: number, id_filial: number, id_operacao: string, payments: readonly SalePixPayment[]): Promise<void> {
  const lines = payments.map((p) => ({ ...p, meio_pagamento: p.meio_pagamento?.meio_pagamento ?? null }));
  // The branch's accounts are read only when a PIX line has neither (a sale in cash asks nothing more).
  const bare = pixWithoutChargeError(lines, true);
  if (bare && (await q.pixAccountOf(tx, { org, id_filial }))) throw badRequest(bare);
  const seen = new Set<string>();
  for (const p of payments) {
    if (!p.txid_pix || p.cartao_nsu || p.cartao_tipo_integracao) continue;
    if (seen.has(p.txid_pix)) throw badRequest(M.pixAlreadyUsed);
    seen.add(p.txid_pix);
    const row = await q.pixByTxid(tx, org, p.txid_pix, true);
    const error = pixPaymentError(row ? { situacao: row.situacao, valor: fromDecimal(row.valor), id_filial: row.id_filial, id_operacao: row.id_operacao } : undefined,
      { valor: p.valor_total, id_filial, id_operacao });
    if (error) throw badRequest(error);
    await q.spendPix(tx, org, p.txid_pix, id_operacao);
  }
}
