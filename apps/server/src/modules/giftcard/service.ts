/**
 * The gift-card owner (vale crédito, 001 §3, §7 "Gift cards"): every write of vale_credito and its movements goes
 * through here, in the caller's transaction (owners.test.ts keeps it so). A card is issued with its whole value as
 * balance and an Emissao movement (sold at the checkout route or by a ValeCredito operation), redeemed by a sale
 * paying with it (id_vale_credito on the payment), or cancelled with its balance written off. Redeeming takes the
 * balance with a conditional UPDATE behind a row lock, so parallel redemptions never take more than the balance
 * (giftcard.pg.test.ts, voucher.pg.test.ts).
 */
import type { GiftCard } from '@pdv/contract/order';
import { formatMoney, fromDecimal } from '@pdv/domain/money';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import type { Tx } from '../../db/database.ts';
import { nextSequence } from '../../db/sequence.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import * as q from './queries.ts';

const cardNotFound = () => new HttpError(404, ORDER_MESSAGES.giftCardNotFound);

/**
 * The next free code of the branch's series: 4 digits of the branch and 8 of the series (unique in the organization).
 * A code already taken (a custom code typed earlier may equal a code the series reaches later) is skipped, in the
 * caller's transaction: the series' row lock makes the branch's generators take turns, so two of them never answer
 * the same code, and issueWithNextCode moves on when a custom code takes one between this check and the insert.
 */
export async function generateCode(tx: Tx, branch: { id_organization: number; id_filial: number }): Promise<string> {
  for (;;) {
    const next = await nextSequence(tx, branch.id_organization, branch.id_filial, 'vale_credito');
    const codigo = `${String(branch.id_filial).padStart(4, '0')}${String(next).padStart(8, '0')}`;
    if (!(await q.codeTaken(tx, branch.id_organization, codigo))) return codigo;
  }
}

export interface NewGiftCard {
  org: number;
  id_filial: number;
  codigo: string;
  id_pessoa: number | null;
  /** Centavos, above zero: the value and the starting balance. */
  valor: number;
  /** The operation selling the card: unique, so a resend never issues a second one. */
  id_operacao: string | null;
  data_validade: string | null;
  id_usuario: number;
  observacao: string | null;
  /** The order that sold it (ValeCredito operation), if any. */
  id_pedido: number | null;
}

/**
 * Issues a card with saldo = valor and its Emissao movement. Answers its id, or null (nothing written) when its code
 * or its selling operation was already taken: the caller tells which.
 */
export async function issueGiftCard(tx: Tx, c: NewGiftCard): Promise<number | null> {
  const id = await q.insertCard(tx, c);
  if (id === null) return null;
  if (c.id_pedido !== null) await q.linkOrder(tx, c.org, id, c.id_pedido);
  await q.insertMovement(tx, {
    org: c.org, id_vale_credito: id, id_filial: c.id_filial, tipo: 'Emissao', valor: c.valor, anterior: 0, posterior: c.valor,
    id_operacao: c.id_operacao, id_pedido: c.id_pedido, id_nota_fiscal: null, id_usuario: c.id_usuario, observacao: null,
  });
  return id;
}

/**
 * Issues a card under the next free code of its branch's series. A code taken between the check and the insert (a
 * custom code issued in parallel) moves on to the next one. Null (nothing written): the selling operation already
 * issued its card.
 */
export async function issueWithNextCode(
  tx: Tx, c: Omit<NewGiftCard, 'codigo'>,
): Promise<{ id_vale_credito: number; codigo: string } | null> {
  for (;;) {
    const codigo = await generateCode(tx, { id_organization: c.org, id_filial: c.id_filial });
    const id = await issueGiftCard(tx, { ...c, codigo });
    if (id !== null) return { id_vale_credito: id, codigo };
    if (c.id_operacao !== null && (await q.findCard(tx, c.org, { id_operacao: c.id_operacao }))) return null;
  }
}

/**
 * POST /gift_card/cancel: needs the id, a reason and a balance left (001 §5); the balance left is written off. Only a
 * card of the caller's branch: another branch's answers like a missing one.
 */
export async function cancelGiftCard(tx: Tx, caller: Caller, id_vale_credito: number, motivo: string): Promise<GiftCard> {
  const org = caller.id_organization;
  const card = await q.findBranchCard(tx, org, caller.id_filial, { id_vale_credito }, true);
  if (!card) throw cardNotFound();
  if (card.situacao === 'Cancelado') throw badRequest(ORDER_MESSAGES.giftCardCancelled);
  const saldo = fromDecimal(card.saldo);
  if (saldo <= 0) throw badRequest(ORDER_MESSAGES.giftCardNoBalance);
  await q.cancelCard(tx, org, id_vale_credito, motivo);
  await q.insertMovement(tx, {
    org, id_vale_credito, id_filial: caller.id_filial, tipo: 'Cancelamento', valor: saldo, anterior: saldo, posterior: 0,
    id_operacao: null, id_pedido: null, id_nota_fiscal: null, id_usuario: caller.id_usuario, observacao: motivo,
  });
  return (await q.findCard(tx, org, { id_vale_credito }))!;
}

export interface Redemption {
  org: number;
  id_filial: number;
  id_usuario: number;
  id_vale_credito: number;
  /** Centavos. */
  valor: number;
  /** The sale paying with the voucher: a resend of it does not redeem twice. */
  id_operacao: string | null;
  id_pedido?: number | null;
  id_nota_fiscal?: number | null;
}

/**
 * Takes `valor` from the card's balance in the caller's transaction, with a movement. Refuses (400) a cancelled or
 * expired card or a value above the balance, and answers the balance left (centavos).
 */
export async function redeemGiftCard(tx: Tx, r: Redemption): Promise<{ saldo: number; duplicado: boolean }> {
  if (!Number.isInteger(r.valor) || r.valor <= 0) throw badRequest(ORDER_MESSAGES.giftCardValueNotPositive);
  // The row lock makes redemptions of one card take turns; the conditional UPDATE below is the rule itself.
  const card = await q.findCard(tx, r.org, { id_vale_credito: r.id_vale_credito }, true);
  if (!card) throw cardNotFound();
  if (r.id_operacao && (await q.redeemedBy(tx, r.org, r.id_vale_credito, r.id_operacao))) {
    return { saldo: fromDecimal(card.saldo), duplicado: true };
  }
  if (card.situacao === 'Cancelado') throw badRequest(ORDER_MESSAGES.giftCardCancelled);
  const after = await q.takeBalance(tx, r.org, r.id_vale_credito, r.valor);
  if (after === null) throw badRequest(ORDER_MESSAGES.giftCardInsufficient(formatMoney(fromDecimal(card.saldo))));
  const posterior = fromDecimal(after);
  await q.insertMovement(tx, {
    org: r.org, id_vale_credito: r.id_vale_credito, id_filial: r.id_filial, tipo: 'Resgate', valor: r.valor,
    anterior: posterior + r.valor, posterior, id_operacao: r.id_operacao, id_pedido: r.id_pedido ?? null,
    id_nota_fiscal: r.id_nota_fiscal ?? null, id_usuario: r.id_usuario, observacao: null,
  });
  return { saldo: posterior, duplicado: false };
}
