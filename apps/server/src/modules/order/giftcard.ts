/**
 * Gift-card routes of the order area (vale crédito, 001 §3, §7 "Gift cards"): sell-in-checkout, look up
 * (get-by-gift-card, list-disponibles). The cards, their balances and movements are written by the gift-card module
 * (modules/giftcard), which also cancels and redeems them.
 */
import type { z } from 'zod';
import type { GiftCard, giftCardSellBody } from '@pdv/contract/order';
import { fromDecimal } from '@pdv/domain/money';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import type { Tx } from '../../db/database.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import * as q from '../giftcard/queries.ts';
import { generateCode, issueGiftCard } from '../giftcard/service.ts';
import { exists } from './writes.ts';

type SellBody = z.output<typeof giftCardSellBody>;

const cardNotFound = () => new HttpError(404, ORDER_MESSAGES.giftCardNotFound);

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
  const id = await issueGiftCard(tx, {
    org, id_filial: caller.id_filial, codigo, id_pessoa: body.id_pessoa ?? null, valor, id_operacao: body.id_operacao ?? null,
    data_validade: body.data_validade ?? null, id_usuario: caller.id_usuario, observacao: body.observacao ?? null, id_pedido: null,
  });
  if (id === null) {
    // Another request took the code or issued this operation's voucher in the meantime.
    const issued = body.id_operacao ? await q.findCard(tx, org, { id_operacao: body.id_operacao }) : null;
    if (issued) return issued;
    throw badRequest(ORDER_MESSAGES.giftCardCodeTaken);
  }
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
