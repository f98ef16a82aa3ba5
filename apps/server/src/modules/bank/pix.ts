/**
 * PIX at the point of sale (issue 26): the sale's charge on the bank (API Pix cob, dynamic BR Code), its confirmation
 * by the bank's webhook (believed only after GET /cob/{txid} on the bank says CONCLUIDA for the same amount), its
 * confirmation by hand with a supervisor's grant (FncAutorizarPixManual, recorded on the charge), and the check
 * POST /api/operacao runs on a PIX payment that names a txid (pixPaymentError: confirmed, same branch, same amount,
 * spent once).
 */
import { BANK_MESSAGES as M, PIX_SITUACAO, pixPaymentError } from '@pdv/domain/bank-integration';
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

/** Confirmation by hand: the supervisor's grant is spent on this charge, and the charge says so. */
export async function confirmManually(tx: Tx, caller: Caller, body: { txid: string; id_autorizacao: number }) {
  const row = await chargeOf(tx, caller, body.txid, true);
  if (row.situacao === PIX_SITUACAO.paga || row.situacao === PIX_SITUACAO.manual) throw badRequest(M.pixAlreadyPaid);
  if (row.situacao !== PIX_SITUACAO.ativa) throw badRequest(M.pixNotActive);
  const grant = await useAuthorization(tx, caller, body.id_autorizacao, SUPERVISOR_PERMISSIONS.manualPix, 'pix_cobranca', body.txid);
  await q.markPixManual(tx, caller.id_organization, body.txid, grant.id_autorizacao, grant.id_usuario_autorizacao);
  return publicPix((await q.pixByTxid(tx, caller.id_organization, body.txid))!);
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

export interface SalePixPayment { txid_pix: string | null; valor_total: Cents; cartao_nsu?: string | null | undefined; cartao_tipo_integracao: string | null }

/**
 * POST /api/operacao: every PIX payment that names a txid (and is not a terminal's Pix, which carries its NSU or
 * integration type) must spend a charge confirmed for that amount in the sale's branch, once.
 */
export async function spendSalePix(tx: Tx, org: number, id_filial: number, id_operacao: string, payments: readonly SalePixPayment[]): Promise<void> {
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
