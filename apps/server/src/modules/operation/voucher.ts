/**
 * Credit vouchers in POST /api/operacao (000 §1 mode vale crédito, §3.4 payment id_vale_credito). Runs inside the
 * operation's transaction, after its UUID was claimed, so a resend or a parallel duplicate never issues or redeems
 * twice:
 * - ValeCredito mode: the lines are the branch's voucher product (002 §3 id_produto_grade_filial_vale_credito), the
 *   net is the voucher's value; an order (Concluida, never invoiced: a voucher is not merchandise) keeps the lines and
 *   payments, and a vale_credito row with saldo = value is issued with its 'Emissao' movement.
 * - Any mode with payments taken: a payment of the Vale Crédito method names a voucher, redeemed by the gift-card
 *   module (row lock + conditional UPDATE: the balance never goes below zero).
 */
import type { operacaoBody } from '@pdv/contract/operation';
import type { z } from 'zod';
import { formatMoney, fromDecimal } from '@pdv/domain/money';
import { VOUCHER_MESSAGES, voucherPaymentError, voucherRedemptions, voucherUseError } from '@pdv/domain/voucher-rules';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import * as gq from '../giftcard/queries.ts';
import { generateCode, issueGiftCard, redeemGiftCard } from '../giftcard/service.ts';
import type { MethodRow } from './queries.ts';

type Body = z.output<typeof operacaoBody>;

/** The branch's voucher product (null when the branch has none configured). */
export async function voucherProduct(tx: Tx, org: number, id_filial: number): Promise<number | null> {
  const { rows } = await tx.query<{ id: number | null }>(
    `SELECT id_produto_grade_filial_vale_credito AS id FROM filial_configuracao
      WHERE id_organization = $1 AND id_filial = $2 AND data_exclusao IS NULL`,
    [org, id_filial],
  );
  return rows[0]?.id ?? null;
}

/**
 * ValeCredito checks, before anything is written: no fiscal document, lines of the voucher product only, a value
 * above zero, no payment with another voucher.
 */
export async function checkVoucherSale(tx: Tx, org: number, body: Body): Promise<void> {
  if (body.modelo !== null) throw badRequest(VOUCHER_MESSAGES.noInvoice);
  if (body.itens.length === 0) throw badRequest(VOUCHER_MESSAGES.valueRequired);
  const product = await voucherProduct(tx, org, body.id_filial);
  if (product === null) throw badRequest(VOUCHER_MESSAGES.productMissing);
  if (body.itens.some((i) => i.id_produto_grade_filial !== product)) throw badRequest(VOUCHER_MESSAGES.onlyVoucherProduct);
  if (body.pagamentos.some((p) => p.id_vale_credito != null)) throw badRequest(VOUCHER_MESSAGES.paidWithVoucher);
}

/** Each payment's voucher consistency (the method asks for a voucher, and only it names one). */
export function checkVoucherPayments(body: Body, methods: Map<number, MethodRow>): void {
  for (const p of body.pagamentos) {
    const method = methods.get(p.id_meio_pagamento);
    if (!method) continue; // toDomain answers the missing method
    const error = voucherPaymentError({ meio_pagamento: method.meio_pagamento, id_vale_credito: p.id_vale_credito ?? null });
    if (error) throw badRequest(error);
  }
}

/** The voucher a payment names, for toDomain: the payment keeps it. */
export const paymentVoucher = (p: Body['pagamentos'][number]): number | null => p.id_vale_credito ?? null;

/**
 * Checks the vouchers the operation's payments name (summed per voucher), before anything is written, and locks them
 * until the transaction ends. A voucher of another organization reads as missing; of another branch, cancelled,
 * expired or short of balance, it is refused with its message. Answers what to take from each voucher.
 */
export async function checkVoucherRedemptions(tx: Tx, caller: Caller, body: Body): Promise<Array<[number, number]>> {
  const org = caller.id_organization;
  const today = (body.data_fim ?? body.data_inicio).slice(0, 10);
  const redemptions = voucherRedemptions(body.pagamentos.map((p) => ({
    id_vale_credito: p.id_vale_credito ?? null, valor_total: fromDecimal(p.valor_total),
  })));
  // A fixed order: two operations spending the same two vouchers never wait on each other in a cycle.
  const sorted = [...redemptions].sort((a, b) => a[0] - b[0]);
  for (const [id_vale_credito, valor] of sorted) {
    const card = await gq.findCard(tx, org, { id_vale_credito }, true);
    if (!card) throw badRequest(VOUCHER_MESSAGES.notFound);
    const refused = voucherUseError(
      { id_filial: card.id_filial, situacao: card.situacao, saldo: fromDecimal(card.saldo), data_validade: card.data_validade },
      { id_filial: body.id_filial, valor, today },
    );
    if (refused) throw badRequest(refused);
  }
  return sorted;
}

/** Takes the checked values from the vouchers' balances (modules/giftcard: conditional UPDATE, one movement each). */
export async function redeemVoucherPayments(
  tx: Tx,
  caller: Caller,
  body: Body,
  redemptions: Array<[number, number]>,
  links: { id_pedido: number | null; id_nota_fiscal: number | null },
): Promise<void> {
  for (const [id_vale_credito, valor] of redemptions) {
    await redeemGiftCard(tx, {
      org: caller.id_organization, id_filial: body.id_filial, id_usuario: caller.id_usuario, id_vale_credito, valor,
      id_operacao: body.id_operacao, id_pedido: links.id_pedido, id_nota_fiscal: links.id_nota_fiscal,
    });
  }
}

/**
 * Issues the voucher a ValeCredito operation sold: the next code of the branch, saldo = value, the customer when
 * known, linked to the operation (unique: once per UUID) and to its order, which is concluded at once.
 */
export async function issueSoldVoucher(
  tx: Tx,
  caller: Caller,
  body: Body,
  sale: { id_pedido: number; valor: number },
): Promise<{ id_vale_credito: number; codigo: string }> {
  const org = caller.id_organization;
  if (sale.valor <= 0) throw badRequest(VOUCHER_MESSAGES.valueRequired);
  const codigo = await generateCode(tx, { ...caller, id_filial: body.id_filial });
  const id = await issueGiftCard(tx, {
    org, id_filial: body.id_filial, codigo, id_pessoa: body.id_cliente ?? null, valor: sale.valor, id_operacao: body.id_operacao,
    data_validade: null, id_usuario: caller.id_usuario, observacao: body.observacao ?? null, id_pedido: sale.id_pedido,
  });
  // The operation's UUID was claimed by this transaction: nobody else can have issued its voucher.
  if (id === null) throw new Error('vale crédito da operação já emitido');
  await tx.query(
    `UPDATE pedido SET situacao = 'Concluida', data_situacao = now(), observacao = coalesce(observacao || ' - ', '') || $3,
            data_alteracao = now()
      WHERE id_organization = $1 AND id_pedido = $2`,
    [org, sale.id_pedido, `Venda do vale crédito ${codigo} (${formatMoney(sale.valor)})`],
  );
  return { id_vale_credito: id, codigo };
}
