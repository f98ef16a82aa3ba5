/**
 * The parts of an invoice draft, each written on its own (the /invoice_item, /invoice_payment and
 * /invoice_referenced calls) or all together (/invoice/post and /invoice/put), and the header totals recomputed from
 * what is stored, so both ways end with the same numbers.
 */
import type { z } from 'zod';
import type { invoiceItemInput, invoicePaymentInput, invoiceReferencedInput } from '@pdv/contract/invoice';
import { FISCAL_MESSAGES as M } from '@pdv/domain/fiscal-messages';
import { isValidGtin } from '@pdv/domain/gtin';
import { fromDecimal, multiplyByQuantity, quantityFromDecimal, quantityToDecimal, toDecimal } from '@pdv/domain/money';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { variationDescriptionSql } from '../catalog/variation-sql.ts';

/** The largest amount the contract's money fields carry, in centavos (999.999.999,99). */
const MAX_LINE_CENTS = 99_999_999_999;
const M_LINE_TOO_LARGE = 'Valor total do item acima do permitido.';

type ItemInput = z.output<typeof invoiceItemInput>;
type PaymentInput = z.output<typeof invoicePaymentInput>;
type ReferencedInput = z.output<typeof invoiceReferencedInput>;

interface GridInfo {
  id_produto_grade_filial: number;
  descricao: string;
  sku: string | null;
  codigo_barras: string | null;
  unidade: string | null;
  codigo_ncm: string | null;
  cest: string | null;
  origem_produto: number;
}

async function gridInfo(tx: Tx, org: number, id_filial: number, id: number): Promise<GridInfo | null> {
  const { rows } = await tx.query<GridInfo>(
    `SELECT pgf.id_produto_grade_filial,
            ${variationDescriptionSql('p', 'pg')} AS descricao,
            coalesce(pg.sku, p.sku) AS sku, u.sigla AS unidade, p.codigo_ncm, p.cest, p.origem_produto,
            (SELECT b.codigo FROM produto_codigo_barra b WHERE b.id_organization = pg.id_organization
                AND b.id_produto_grade = pg.id_produto_grade AND b.data_exclusao IS NULL AND b.id_produto_unidade_logistica IS NULL
              ORDER BY b.id_produto_codigo_barra LIMIT 1) AS codigo_barras
       FROM produto_grade_filial pgf
       JOIN produto_grade pg ON pg.id_organization = pgf.id_organization AND pg.id_produto_grade = pgf.id_produto_grade
       JOIN produto p ON p.id_organization = pg.id_organization AND p.id_produto = pg.id_produto
       LEFT JOIN unidade_medida u ON u.id_organization = p.id_organization AND u.id_unidade_medida = p.id_unidade_medida
      WHERE pgf.id_organization = $1 AND pgf.id_filial = $2 AND pgf.id_produto_grade_filial = $3 AND pgf.data_exclusao IS NULL`,
    [org, id_filial, id],
  );
  return rows[0] ?? null;
}

/** The spec's checks of one item (001 §5 "Invoice item"). */
export function itemErrors(item: Partial<ItemInput>): string[] {
  const errors: string[] = [];
  if (!item.id_produto_grade_filial) errors.push(M.itemProductMissing);
  if (fromDecimal(item.valor_unitario ?? 0) <= 0) errors.push(M.valueNotPositive);
  if (!item.id_endereco_estoque) errors.push(M.itemStockAddressMissing);
  return errors;
}

export async function insertItem(tx: Tx, org: number, id_filial: number, id: number, item: ItemInput): Promise<void> {
  const errors = itemErrors(item);
  if (errors.length > 0) throw badRequest(errors[0]!, undefined, errors);
  const g = await gridInfo(tx, org, id_filial, item.id_produto_grade_filial!);
  if (!g) throw badRequest(M.itemProductMissing);
  const address = await tx.query(
    'SELECT 1 FROM endereco_estoque WHERE id_organization = $1 AND id_filial = $2 AND id_endereco_estoque = $3 AND data_exclusao IS NULL',
    [org, id_filial, item.id_endereco_estoque],
  );
  if (address.rows.length === 0) throw badRequest(M.itemStockAddressMissing);
  const qty = quantityFromDecimal(item.quantidade);
  const unit = fromDecimal(item.valor_unitario);
  // A line worth more than a money field holds (999.999.999,99) is refused before multiplying: past 2^53 centavos
  // multiplyByQuantity throws RangeError, which answered 500 (found by the reliability fuzzing).
  if ((unit * qty) / 1000 > MAX_LINE_CENTS) throw badRequest(M_LINE_TOO_LARGE);
  const sub = multiplyByQuantity(unit, qty);
  const disc = fromDecimal(item.valor_desconto);
  if (disc > sub) throw badRequest('O desconto não pode ser maior que o valor do item.');
  await tx.query(
    `INSERT INTO nota_fiscal_item (id_organization, id_nota_fiscal, id_produto_grade_filial, id_endereco_estoque,
       id_cenario_fiscal, descricao, sku, codigo_produto, codigo_barras, unidade_comercial, quantidade, valor_unitario,
       valor_sub_total, valor_desconto_item, valor_desconto, valor_total, codigo_ncm, cest, origem_produto, observacao)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $10, $11, $12, $13, $13, $14, $15, $16, $17, $18)`,
    [org, id, g.id_produto_grade_filial, item.id_endereco_estoque, item.id_cenario_fiscal ?? null, g.descricao, g.sku,
      g.codigo_barras && isValidGtin(g.codigo_barras) ? g.codigo_barras : null, g.unidade ?? 'UN',
      quantityToDecimal(qty), toDecimal(unit), toDecimal(sub), toDecimal(disc), toDecimal(sub - disc), g.codigo_ncm,
      g.cest, g.origem_produto, item.observacao ?? null],
  );
}

/** The spec's checks of one payment (001 §5 "Invoice payment"); the invoice must exist first. */
export function paymentErrors(p: Partial<PaymentInput>, saved: boolean): string[] {
  const errors: string[] = [];
  if (!saved) errors.push(M.invoiceNotSaved);
  if (!p.id_meio_pagamento) errors.push(M.paymentMethodMissing);
  if (fromDecimal(p.valor_total ?? 0) <= 0) errors.push(M.valueNotPositive);
  return errors;
}

export async function insertPayment(tx: Tx, org: number, id: number, p: PaymentInput): Promise<void> {
  const errors = paymentErrors(p, true);
  if (errors.length > 0) throw badRequest(errors[0]!, undefined, errors);
  const { rows } = await tx.query<{ id_meio_pagamento: number; descricao: string; meio_pagamento: string; obrigar_conta: boolean }>(
    `SELECT id_meio_pagamento, descricao, meio_pagamento, obrigar_conta FROM meio_pagamento
      WHERE id_organization = $1 AND id_meio_pagamento = $2 AND data_exclusao IS NULL`,
    [org, p.id_meio_pagamento],
  );
  const m = rows[0];
  if (!m) throw badRequest(M.paymentMethodMissing);
  if (m.obrigar_conta && !p.id_conta) throw badRequest(M.paymentAccountMissing);
  await tx.query(
    `INSERT INTO nota_fiscal_pagamento (id_organization, id_nota_fiscal, id_meio_pagamento, meio_pagamento, descricao,
       valor_total, quantidade_parcelas, id_conta) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [org, id, m.id_meio_pagamento, m.meio_pagamento, m.descricao, p.valor_total, p.quantidade_parcelas, p.id_conta ?? null],
  );
}

/** The spec's checks of a referenced key against the keys already in the list (same model and key: duplicate). */
export function referencedErrors(r: Partial<ReferencedInput>, existing: Array<{ chave_acesso: string; modelo: string | null }>): string[] {
  const key = (r.chave_acesso ?? '').trim();
  if (!key) return [M.keyMissing];
  if (key.length !== 44) return [M.keyLength];
  const modelo = r.modelo ?? key.slice(20, 22);
  if (existing.some((e) => e.chave_acesso === key && (e.modelo ?? e.chave_acesso.slice(20, 22)) === modelo)) return [M.keyDuplicated];
  return [];
}

export async function insertReferenced(tx: Tx, org: number, id: number, r: ReferencedInput): Promise<void> {
  const existing = await tx.query<{ chave_acesso: string; modelo: string | null }>(
    'SELECT chave_acesso, modelo FROM nota_fiscal_referenciada WHERE id_organization = $1 AND id_nota_fiscal = $2 AND data_exclusao IS NULL',
    [org, id],
  );
  const errors = referencedErrors(r, existing.rows);
  if (errors.length > 0) throw badRequest(errors[0]!, undefined, errors);
  const key = r.chave_acesso!.trim();
  await tx.query(
    'INSERT INTO nota_fiscal_referenciada (id_organization, id_nota_fiscal, chave_acesso, modelo) VALUES ($1, $2, $3, $4)',
    [org, id, key, r.modelo ?? key.slice(20, 22)],
  );
}

/** Header totals from the stored lines and payments. */
export async function recomputeTotals(tx: Tx, org: number, id: number): Promise<void> {
  await tx.query(
    `WITH i AS (SELECT coalesce(sum(valor_sub_total), 0) AS bruto, coalesce(sum(valor_desconto), 0) AS desconto
                  FROM nota_fiscal_item WHERE id_organization = $1 AND id_nota_fiscal = $2 AND data_exclusao IS NULL AND NOT is_cancelado),
          p AS (SELECT coalesce(sum(valor_total), 0) AS pago FROM nota_fiscal_pagamento
                 WHERE id_organization = $1 AND id_nota_fiscal = $2 AND data_exclusao IS NULL)
     UPDATE nota_fiscal nf SET valor_total_produtos = i.bruto, valor_desconto = i.desconto,
            valor_nota_fiscal = i.bruto - i.desconto + nf.valor_frete + nf.valor_seguro + nf.valor_outros,
            valor_pago = p.pago,
            valor_troco = greatest(0, p.pago - (i.bruto - i.desconto + nf.valor_frete + nf.valor_seguro + nf.valor_outros)),
            data_alteracao = now()
       FROM i, p WHERE nf.id_organization = $1 AND nf.id_nota_fiscal = $2`,
    [org, id],
  );
}
