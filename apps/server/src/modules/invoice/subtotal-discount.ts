/**
 * The invoice lines' calls of 000 §7.4 that the orders have too (issue 31), on the same domain rules:
 * - /invoice_item/calculate_subtotal_discount {id_nota_fiscal, valor_desconto | desconto_percentual}: a discount on the
 *   draft's subtotal spread over its live lines in proportion to each one's net (domain distributeDiscount, remainder to
 *   the first), checked against the caller's maximum discount (domain validateDiscount, percentual_desconto_maximo)
 *   and never above the lines ('O desconto não pode ser maior que o valor dos itens.');
 * - /invoice_item/reset_sub_total_discount {id_nota_fiscal}: that discount back to zero;
 * - /invoice_item/recalc_value_items {id_nota_fiscal}: every live line recomputed from its quantity, unit price and
 *   discounts, then the totals.
 * Drafts only (invoiceEditError: never authorized, not a sale's invoice), of the caller's branch.
 */
import type { z } from 'zod';
import type { invoiceSubtotalDiscountBody } from '@pdv/contract/invoice';
import { distributeDiscount } from '@pdv/domain/distribute';
import { invoiceEditError } from '@pdv/domain/invoice-rules';
import { MESSAGES } from '@pdv/domain/messages';
import { fromDecimal, multiplyByQuantity, percentFromDecimal, percentOf, quantityFromDecimal, toDecimal } from '@pdv/domain/money';
import { validateDiscount } from '@pdv/domain/price-limits';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { recomputeTotals } from './parts.ts';
import * as q from './queries.ts';
import { activeBranch, lockFacts } from './service.ts';

interface Line {
  id: number;
  quantidade: string;
  valor_unitario: string;
  valor_desconto_item: string;
  valor_desconto_subtotal: string;
}

async function draftLines(tx: Tx, caller: Caller, id: number): Promise<Line[]> {
  const row = await q.findInvoiceRow(tx, caller.id_organization, activeBranch(caller), id, true);
  if (!row) throw notFound();
  const locked = invoiceEditError(lockFacts(row));
  if (locked) throw badRequest(locked);
  const { rows } = await tx.query<Line>(
    `SELECT id_nota_fiscal_item AS id, quantidade, valor_unitario, valor_desconto_item, valor_desconto_subtotal FROM nota_fiscal_item
      WHERE id_organization = $1 AND id_nota_fiscal = $2 AND data_exclusao IS NULL AND NOT is_cancelado ORDER BY id_nota_fiscal_item`,
    [caller.id_organization, id],
  );
  return rows;
}

const gross = (l: Line) => multiplyByQuantity(fromDecimal(l.valor_unitario), quantityFromDecimal(l.quantidade));
const own = (l: Line) => Math.min(fromDecimal(l.valor_desconto_item), gross(l));

/** Writes each line's gross, its share of the subtotal discount and its net; then the invoice's totals and detail. */
async function write(tx: Tx, caller: Caller, id: number, lines: Line[], shares: number[]) {
  for (const [n, l] of lines.entries()) {
    const share = shares[n] ?? 0;
    const desconto = own(l) + share;
    await tx.query(
      `UPDATE nota_fiscal_item SET valor_sub_total = $3, valor_desconto_item = $4, valor_desconto_subtotal = $5, valor_desconto = $6,
          valor_total = $7, data_alteracao = now() WHERE id_organization = $1 AND id_nota_fiscal_item = $2`,
      [caller.id_organization, l.id, toDecimal(gross(l)), toDecimal(own(l)), toDecimal(share), toDecimal(desconto), toDecimal(gross(l) - desconto)],
    );
  }
  await recomputeTotals(tx, caller.id_organization, id);
  return (await q.loadDetail(tx, caller.id_organization, activeBranch(caller), id))!;
}

export async function calculateSubtotalDiscount(tx: Tx, caller: Caller, body: z.output<typeof invoiceSubtotalDiscountBody>) {
  const lines = await draftLines(tx, caller, body.id_nota_fiscal);
  const nets = lines.map((l) => gross(l) - own(l));
  const worth = nets.reduce((s, v) => s + v, 0);
  let request: { tipo: 'Percentual' | 'Valor'; valor: number };
  let discount: number;
  if (body.desconto_percentual !== undefined) {
    request = { tipo: 'Percentual', valor: percentFromDecimal(body.desconto_percentual) };
    discount = percentOf(worth, request.valor);
  } else if (body.valor_desconto !== undefined) {
    discount = fromDecimal(body.valor_desconto);
    request = { tipo: 'Valor', valor: discount };
  } else {
    throw badRequest(MESSAGES.discountInvalidType);
  }
  if (discount > worth) throw badRequest(MESSAGES.discountAboveItems);
  if (discount > 0) {
    const refused = validateDiscount({ ...request, base: worth }, percentFromDecimal(caller.user.percentual_desconto_maximo))[0];
    if (refused) throw badRequest(refused.message);
  }
  return write(tx, caller, body.id_nota_fiscal, lines, discount > 0 ? distributeDiscount(discount, nets) : []);
}

export async function resetSubtotalDiscount(tx: Tx, caller: Caller, id: number) {
  return write(tx, caller, id, await draftLines(tx, caller, id), []);
}

export async function recalcValueItems(tx: Tx, caller: Caller, id: number) {
  const lines = await draftLines(tx, caller, id);
  return write(tx, caller, id, lines, lines.map((l) => Math.min(fromDecimal(l.valor_desconto_subtotal), gross(l) - own(l))));
}
