/**
 * Gift-card routes of the order area (vale crédito, 001 §3, §7 "Gift cards"): sell-in-checkout, look up
 * (get-by-gift-card, list-disponibles). The cards, their balances and movements are written by the gift-card module
 * (modules/giftcard), which also cancels and redeems them. Every route sees the cards of the caller's active branch
 * only (a card pays in the branch that issued it): another branch's card answers like a missing one.
 */
import type { z } from 'zod';
import type { GiftCard, giftCardSellBody } from '@pdv/contract/order';
import { fromDecimal } from '@pdv/domain/money';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { MANAGER_PERMISSIONS } from '@pdv/domain/permissions';
import type { Tx } from '../../db/database.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import * as q from '../giftcard/queries.ts';
import { issueGiftCard, issueWithNextCode } from '../giftcard/service.ts';
import { exists } from './writes.ts';

type SellBody = z.output<typeof giftCardSellBody>;

const cardNotFound = () => new HttpError(404, ORDER_MESSAGES.giftCardNotFound);

/**
 * POST /gift_card/sell-in-checkout: issues a voucher with its whole value as balance and no payment: a manager's credit
 * (a courtesy or an agreed store credit), refused to whoever lacks the manager's permission for it, with its reason
 * kept on the card. A voucher sold for money is a ValeCredito operation (POST /api/operacao, payments like a sale).
 * Idempotent on id_operacao.
 */
export async function sellGiftCard(tx: Tx, caller: Caller, body: SellBody): Promise<GiftCard> {
  if (!caller.ability.can('manage', MANAGER_PERMISSIONS.giftCardCredit)) {
    throw new HttpError(403, ORDER_MESSAGES.giftCardCreditNeedsManager);
  }
  const org = caller.id_organization;
  const branch = caller.id_filial;
  if (body.id_operacao) {
    const issued = await q.findBranchCard(tx, org, branch, { id_operacao: body.id_operacao });
    if (issued) return issued;
  }
  // A person of another organization answers like a missing one.
  if (body.id_pessoa && !(await exists(tx, 'pessoa', org, body.id_pessoa))) throw notFound();
  const valor = fromDecimal(body.valor);
  if (valor <= 0) throw badRequest(ORDER_MESSAGES.giftCardValueNotPositive);
  const card = {
    org, id_filial: branch, id_pessoa: body.id_pessoa ?? null, valor, id_operacao: body.id_operacao ?? null,
    data_validade: body.data_validade ?? null, id_usuario: caller.id_usuario, observacao: body.observacao, id_pedido: null,
  };
  const id = body.codigo === undefined
    ? (await issueWithNextCode(tx, card))?.id_vale_credito ?? null
    : await issueGiftCard(tx, { ...card, codigo: body.codigo });
  if (id === null) {
    // Another request issued this operation's voucher in the meantime, or the custom code is taken.
    const issued = body.id_operacao ? await q.findBranchCard(tx, org, branch, { id_operacao: body.id_operacao }) : null;
    if (issued) return issued;
    throw badRequest(ORDER_MESSAGES.giftCardCodeTaken);
  }
  return found(await q.findCard(tx, org, { id_vale_credito: id }));
}

function found(card: GiftCard | null): GiftCard {
  if (!card) throw cardNotFound();
  return card;
}

/** POST /gift_card/get-by-gift-card: a card of the caller's branch by its code. */
export async function getByCode(tx: Tx, caller: Caller, codigo: string): Promise<GiftCard> {
  return found(await q.findBranchCard(tx, caller.id_organization, caller.id_filial, { codigo }));
}

/** POST /gift_card/list-disponibles: the person's cards that can pay in the caller's branch. */
export async function listAvailable(tx: Tx, caller: Caller, id_pessoa: number) {
  if (!(await exists(tx, 'pessoa', caller.id_organization, id_pessoa))) throw notFound();
  return { rows: await q.listAvailable(tx, caller.id_organization, caller.id_filial, id_pessoa) };
}
