/**
 * Gift cards (vale crédito, 001 §3, §7 "Gift cards"): issue (generate-next-code, sell-in-checkout), look up
 * (get-by-gift-card, find, list-disponibles), cancel, and redeem. Redeeming is what a sale paid with a voucher
 * (id_vale_credito on the payment) runs inside its own transaction; it takes the balance with a conditional UPDATE
 * behind a row lock, so parallel redemptions never take more than the balance (giftcard.pg.test.ts).
 */
import type { z } from 'zod';
import type { GiftCard, giftCardSellBody } from '@pdv/contract/order';
import { formatMoney, fromDecimal } from '@pdv/domain/money';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import type { Tx } from '../../db/database.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { nextSequence } from '../operation/queries.ts';
import * as q from './giftcard-queries.ts';
import { exists } from './writes.ts';

type SellBody = z.output<typeof giftCardSellBody>;

const cardNotFound = () => new HttpError(404, ORDER_MESSAGES.giftCardNotFound);

/** The next code of the branch's series: 4 digits of the branch and 8 of the series (unique in the organization). */
export async function generateCode(tx: Tx, caller: Caller): Promise<string> {
  const next = await nextSequence(tx, caller.id_organization, caller.id_filial, 'vale_credito');
  return `${String(caller.id_filial).padStart(4, '0')}${String(next).padStart(8, '0')}`;
}

/** POST /gift_card/sell-in-checkout: issues a voucher with its whole value as balance. Idempotent on id_operacao. */
export async function sellGiftCard(tx: Tx, caller: Caller, body: SellBody): Promise<GiftCard> {
  const org = caller.id_organization;
  if (body.id_operacao) {
    const issued = await q.findCard(tx, org, { id_operacao: body.id_operacao });
    if (issued) return issued;
  }
  // A person of another organization answers like a missing one.
  if (body.id_pessoa && !(await exists(tx, 'pessoa', org, body.id_pessoa))) throw notFound();
  const valor = fromDecimal(body.valor);
  if (valor <= 0) throw badRequest(ORDER_MESSAGES.giftCardValueNotPositive);
  const codigo = body.codigo ?? (await generateCode(tx, caller));
  const id = await q.insertCard(tx, {
    org, id_filial: caller.id_filial, codigo, id_pessoa: body.id_pessoa ?? null, valor, id_operacao: body.id_operacao ?? null,
    data_validade: body.data_validade ?? null, id_usuario: caller.id_usuario, observacao: body.observacao ?? null,
  });
  if (id === null) {
    // Another request took the code or issued this operation's voucher in the meantime.
    const issued = body.id_operacao ? await q.findCard(tx, org, { id_operacao: body.id_operacao }) : null;
    if (issued) return issued;
    throw badRequest(ORDER_MESSAGES.giftCardCodeTaken);
  }
  await q.insertMovement(tx, {
    org, id_vale_credito: id, id_filial: caller.id_filial, tipo: 'Emissao', valor, anterior: 0, posterior: valor,
    id_operacao: body.id_operacao ?? null, id_pedido: null, id_nota_fiscal: null, id_usuario: caller.id_usuario, observacao: null,
  });
  return (await q.findCard(tx, org, { id_vale_credito: id }))!;
}

export async function getByCode(tx: Tx, caller: Caller, codigo: string): Promise<GiftCard> {
  const card = await q.findCard(tx, caller.id_organization, { codigo });
  if (!card) throw cardNotFound();
  return card;
}

export async function listAvailable(tx: Tx, caller: Caller, id_pessoa: number) {
  if (!(await exists(tx, 'pessoa', caller.id_organization, id_pessoa))) throw notFound();
  return { rows: await q.listAvailable(tx, caller.id_organization, id_pessoa) };
}

/** POST /gift_card/cancel: needs the id, a reason and a balance left (001 §5); the balance left is written off. */
export async function cancelGiftCard(tx: Tx, caller: Caller, id_vale_credito: number, motivo: string): Promise<GiftCard> {
  const org = caller.id_organization;
  const card = await q.findCard(tx, org, { id_vale_credito }, true);
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
