/**
 * The parts of an invoice draft, each written on its own (the /invoice_item, /invoice_payment and
 * /invoice_referenced calls) or all together (/invoice/post and /invoice/put), and the header totals recomputed from
 * what is stored, so both ways end with the same numbers. The checks are the domain's (invoice-validation.ts); this
 * file adds what only the database knows (the product, address and payment method exist).
 */
import type { z } from 'zod';
import type { invoiceItemInput, invoicePaymentInput, invoiceReferencedInput } from '@pdv/contract/invoice';
import { FISCAL_MESSAGES as M } from '@pdv/domain/fiscal-messages';
import { isValidGtin } from '@pdv/domain/gtin';
import { computeInvoiceTotals, invoiceLineTotals } from '@pdv/domain/invoice-totals';
import {
  invoiceItemErrors,
  invoicePaymentErrors,
  modeloOfAccessKey,
  normalizeAccessKey,
  referencedKeyErrors,
  type InvoiceItemDraft,
  type InvoicePaymentDraft,
  type ReferencedKey,
} from '@pdv/domain/invoice-validation';
import { SALE_BUILD_MESSAGES } from '@pdv/domain/sale-build';
import { fromDecimal, quantityFromDecimal, quantityToDecimal, toDecimal } from '@pdv/domain/money';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { variationDescriptionSql } from '../catalog/variation-sql.ts';

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

export async function gridInfo(tx: Tx, org: number, id_filial: number, id: number): Promise<GridInfo | null> {
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

/** The domain's picture of an item of the body (centavos and thousandths). */
export function itemDraft(item: ItemInput): InvoiceItemDraft {
  return {
    id_produto_grade_filial: item.id_produto_grade_filial ?? null,
    id_endereco_estoque: item.id_endereco_estoque ?? null,
    quantidade: quantityFromDecimal(item.quantidade),
    valor_unitario: fromDecimal(item.valor_unitario),
    valor_desconto: fromDecimal(item.valor_desconto),
  };
}

/** Throws the first error (all of them in erros) when there is any. */
export function refuse(errors: string[]): void {
  const [first] = errors;
  if (first !== undefined) throw badRequest(first, undefined, errors);
}

/** Writes one line and answers its id. */
export async function insertItem(tx: Tx, org: number, id_filial: number, id: number, item: ItemInput): Promise<number> {
  const draft = itemDraft(item);
  refuse(invoiceItemErrors(draft));
  const g = draft.id_produto_grade_filial === null ? null : await gridInfo(tx, org, id_filial, draft.id_produto_grade_filial);
  if (!g) throw badRequest(M.itemProductMissing);
  const address = await tx.query(
    'SELECT 1 FROM endereco_estoque WHERE id_organization = $1 AND id_filial = $2 AND id_endereco_estoque = $3 AND data_exclusao IS NULL',
    [org, id_filial, draft.id_endereco_estoque],
  );
  if (address.rows.length === 0) throw badRequest(M.itemStockAddressMissing);
  const line = invoiceLineTotals(draft);
  const inserted = await tx.query<{ id_nota_fiscal_item: number }>(
    `INSERT INTO nota_fiscal_item (id_organization, id_nota_fiscal, id_produto_grade_filial, id_endereco_estoque,
       id_cenario_fiscal, descricao, sku, codigo_produto, codigo_barras, unidade_comercial, quantidade, valor_unitario,
       valor_sub_total, valor_desconto_item, valor_desconto, valor_total, codigo_ncm, cest, origem_produto, observacao)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $10, $11, $12, $13, $13, $14, $15, $16, $17, $18)
     RETURNING id_nota_fiscal_item`,
    [org, id, g.id_produto_grade_filial, draft.id_endereco_estoque, item.id_cenario_fiscal ?? null, g.descricao, g.sku,
      g.codigo_barras && isValidGtin(g.codigo_barras) ? g.codigo_barras : null, g.unidade ?? 'UN',
      quantityToDecimal(draft.quantidade), toDecimal(draft.valor_unitario), toDecimal(line.bruto), toDecimal(line.desconto),
      toDecimal(line.liquido), g.codigo_ncm, g.cest, g.origem_produto, item.observacao ?? null],
  );
  return inserted.rows[0]!.id_nota_fiscal_item;
}

/** The domain's picture of a payment of the body (a payment sent alone may lack its fields). */
export function paymentDraft(p: Partial<PaymentInput>): InvoicePaymentDraft {
  return { id_meio_pagamento: p.id_meio_pagamento ?? null, valor_total: fromDecimal(p.valor_total ?? 0), id_conta: p.id_conta ?? null };
}

/** A payment sent with no invoice: the spec's checks, the first being that the invoice must be saved. */
export function refuseUnsavedPayment(p: Partial<PaymentInput>): never {
  const errors = invoicePaymentErrors(paymentDraft(p), { saved: false, requiresAccount: false });
  throw badRequest(errors[0] ?? M.invoiceNotSaved, undefined, errors);
}

export async function insertPayment(tx: Tx, org: number, id: number, p: PaymentInput): Promise<void> {
  const draft = paymentDraft(p);
  refuse(invoicePaymentErrors(draft, { saved: true, requiresAccount: false }));
  const { rows } = await tx.query<{ id_meio_pagamento: number; descricao: string; meio_pagamento: string; obrigar_conta: boolean }>(
    `SELECT id_meio_pagamento, descricao, meio_pagamento, obrigar_conta FROM meio_pagamento
      WHERE id_organization = $1 AND id_meio_pagamento = $2 AND data_exclusao IS NULL`,
    [org, draft.id_meio_pagamento],
  );
  const m = rows[0];
  if (!m) throw badRequest(M.paymentMethodMissing);
  refuse(invoicePaymentErrors(draft, { saved: true, requiresAccount: m.obrigar_conta }));
  if (draft.id_conta !== null) {
    const account = await tx.query('SELECT 1 FROM conta_bancaria WHERE id_organization = $1 AND id_conta = $2 AND data_exclusao IS NULL', [org, draft.id_conta]);
    if (account.rows.length === 0) throw badRequest(SALE_BUILD_MESSAGES.accountNotFound);
  }
  await tx.query(
    `INSERT INTO nota_fiscal_pagamento (id_organization, id_nota_fiscal, id_meio_pagamento, meio_pagamento, descricao,
       valor_total, quantidade_parcelas, id_conta) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [org, id, m.id_meio_pagamento, m.meio_pagamento, m.descricao, toDecimal(draft.valor_total), p.quantidade_parcelas, draft.id_conta],
  );
}

/** The domain's picture of a referenced key of the body. */
export function referencedDraft(r: ReferencedInput): ReferencedKey {
  return { chave_acesso: r.chave_acesso ?? '', modelo: r.modelo ?? null };
}

export async function insertReferenced(tx: Tx, org: number, id: number, r: ReferencedInput): Promise<void> {
  const existing = await tx.query<ReferencedKey>(
    'SELECT chave_acesso, modelo FROM nota_fiscal_referenciada WHERE id_organization = $1 AND id_nota_fiscal = $2 AND data_exclusao IS NULL',
    [org, id],
  );
  const draft = referencedDraft(r);
  refuse(referencedKeyErrors(draft, existing.rows));
  const key = normalizeAccessKey(draft.chave_acesso);
  await tx.query(
    'INSERT INTO nota_fiscal_referenciada (id_organization, id_nota_fiscal, chave_acesso, modelo) VALUES ($1, $2, $3, $4)',
    [org, id, key, draft.modelo ?? modeloOfAccessKey(key)],
  );
}

/**
 * Header totals from the stored lines, payments and costs: the rows are read, the domain adds them up
 * (computeInvoiceTotals, the same function the invoice screen shows), and the numbers are written.
 */
export async function recomputeTotals(tx: Tx, org: number, id: number): Promise<void> {
  const items = await tx.query<{ quantidade: string; valor_unitario: string; valor_desconto: string; is_cancelado: boolean }>(
    `SELECT quantidade, valor_unitario, valor_desconto, is_cancelado FROM nota_fiscal_item
      WHERE id_organization = $1 AND id_nota_fiscal = $2 AND data_exclusao IS NULL`,
    [org, id],
  );
  const payments = await tx.query<{ valor_total: string }>(
    'SELECT valor_total FROM nota_fiscal_pagamento WHERE id_organization = $1 AND id_nota_fiscal = $2 AND data_exclusao IS NULL',
    [org, id],
  );
  const header = await tx.query<{ valor_frete: string; valor_seguro: string; valor_outros: string }>(
    'SELECT valor_frete, valor_seguro, valor_outros FROM nota_fiscal WHERE id_organization = $1 AND id_nota_fiscal = $2',
    [org, id],
  );
  const costs = header.rows[0];
  if (!costs) return;
  const totals = computeInvoiceTotals(
    items.rows.map((i) => ({
      quantidade: quantityFromDecimal(i.quantidade),
      valor_unitario: fromDecimal(i.valor_unitario),
      valor_desconto: fromDecimal(i.valor_desconto),
      is_cancelado: i.is_cancelado,
    })),
    payments.rows.map((p) => ({ valor_total: fromDecimal(p.valor_total) })),
    { frete: fromDecimal(costs.valor_frete), seguro: fromDecimal(costs.valor_seguro), outros: fromDecimal(costs.valor_outros) },
  );
  await tx.query(
    `UPDATE nota_fiscal SET valor_total_produtos = $3, valor_desconto = $4, valor_nota_fiscal = $5, valor_pago = $6,
            valor_troco = $7, data_alteracao = now()
      WHERE id_organization = $1 AND id_nota_fiscal = $2`,
    [org, id, toDecimal(totals.produtos), toDecimal(totals.desconto), toDecimal(totals.total), toDecimal(totals.pago),
      toDecimal(totals.troco)],
  );
}
