/**
 * Credit vouchers in POST /api/operacao (000 §1 mode vale crédito, §3.4 payment id_vale_credito). Runs inside the
 * operation's transaction, after its UUID was claimed, so a resend or a parallel duplicate never issues or redeems
 * twice:
 * - ValeCredito mode: the lines are the branch's voucher product (002 §3 id_produto_grade_filial_vale_credito), the
 *   net is the voucher's value; an order (Concluida, never invoiced: a voucher is not merchandise) keeps the lines and
 *   payments, and a vale_credito row with saldo = value is issued with its 'Emissao' movement. The checks are the
 *   domain's (sale-build.ts); this file loads what they read and writes what they decide.
 * - Any mode with payments taken: a payment of the Vale Crédito method names a voucher, redeemed by the gift-card
 *   module (row lock + conditional UPDATE: the balance never goes below zero).
 */
import type { operacaoBody } from '@pdv/contract/operation';
import type { z } from 'zod';
import { formatMoney, fromDecimal } from '@pdv/domain/money';
import { VOUCHER_MESSAGES, type VoucherFacts } from '@pdv/domain/voucher-rules';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import * as gq from '../giftcard/queries.ts';
import { issueWithNextCode, redeemGiftCard } from '../giftcard/service.ts';

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
 * The vouchers the operation's payments name, locked until the transaction ends (by id ascending: two operations
 * spending the same two vouchers never wait on each other in a cycle), for the domain's checks (sale-build.ts). A
 * voucher of another organization is not found.
 */
export async function lockVouchers(tx: Tx, org: number, ids: readonly number[]): Promise<Map<number, VoucherFacts>> {
  const cards = new Map<number, VoucherFacts>();
  for (const id_vale_credito of [...new Set(ids)].sort((a, b) => a - b)) {
    const card = await gq.findCard(tx, org, { id_vale_credito }, true);
    if (card) {
      cards.set(id_vale_credito, {
        id_filial: card.id_filial, situacao: card.situacao, saldo: fromDecimal(card.saldo), data_validade: card.data_validade,
      });
    }
  }
  return cards;
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
 * known, linked to the operation (unique: once per UUID) and to its order (created Concluida: sale-build.ts).
 */
export async function issueSoldVoucher(
  tx: Tx,
  caller: Caller,
  body: Body,
  sale: { id_pedido: number; valor: number },
): Promise<{ id_vale_credito: number; codigo: string }> {
  const org = caller.id_organization;
  if (sale.valor <= 0) throw badRequest(VOUCHER_MESSAGES.valueRequired);
  // The next free code of the branch's series (a code taken by a custom one is skipped).
  const issued = await issueWithNextCode(tx, {
    org, id_filial: body.id_filial, id_pessoa: body.id_cliente ?? null, valor: sale.valor, id_operacao: body.id_operacao,
    data_validade: null, id_usuario: caller.id_usuario, observacao: body.observacao ?? null, id_pedido: sale.id_pedido,
  });
  // The operation's UUID was claimed by this transaction: nobody else can have issued its voucher.
  if (issued === null) throw new Error('vale crédito da operação já emitido');
  const { id_vale_credito: id, codigo } = issued;
  await tx.query(
    `UPDATE pedido SET observacao = coalesce(observacao || ' - ', '') || $3, data_alteracao = now()
      WHERE id_organization = $1 AND id_pedido = $2`,
    [org, sale.id_pedido, `Venda do vale crédito ${codigo} (${formatMoney(sale.valor)})`],
  );
  return { id_vale_credito: id, codigo };
}
