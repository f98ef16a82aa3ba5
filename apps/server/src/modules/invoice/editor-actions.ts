/**
 * The invoice editor's actions of issue 31 (002 §2), on the domain's rules (invoice-actions.ts):
 * - /invoice/change-transmission-type: tipo_emissao 1 (normal) or 9 (NFC-e offline contingency, with its
 *   justification) of a draft never authorized; the fiscal module signs the document with that type when it is
 *   transmitted (fiscal/service.ts prepare). A change drops a signed XML kept from a rejection, so the next
 *   transmission signs anew (the key holds tpEmis).
 * - /invoice_item/split: a live line of an editable draft becomes one line per part (a product variation of the
 *   branch with a quantity), each at the line's unit price, scenario and stock address, with the line's discount shared
 *   by quantity; the line is cancelled (is_cancelado, as /invoice_item/cancel does) and every part is recorded in
 *   nota_fiscal_item_desdobramento. The header totals are recomputed from the stored lines.
 */
import type { z } from 'zod';
import type { InvoiceDetail, invoiceItemSplitBody, invoiceTransmissionTypeBody } from '@pdv/contract/invoice';
import { FISCAL_MESSAGES as M } from '@pdv/domain/fiscal-messages';
import { invoiceEditError } from '@pdv/domain/invoice-rules';
import { splitItem, splitItemErrors, transmissionTypeError } from '@pdv/domain/invoice-actions';
import { fromDecimal, quantityFromDecimal, quantityToDecimal, toDecimal } from '@pdv/domain/money';
import type { Tx } from '../../db/database.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import * as q from './queries.ts';
import { insertItem, recomputeTotals, refuse } from './parts.ts';
import { activeBranch, lockFacts } from './service.ts';

export async function changeTransmissionType(tx: Tx, caller: Caller, body: z.output<typeof invoiceTransmissionTypeBody>): Promise<InvoiceDetail> {
  const org = caller.id_organization;
  const id_filial = activeBranch(caller);
  const row = await q.findInvoiceRow(tx, org, id_filial, body.id_nota_fiscal, true);
  if (!row) throw notFound();
  const justificativa = body.justificativa?.trim() || null;
  const error = transmissionTypeError(lockFacts(row), { modelo: String(row['modelo']), tipo_emissao: body.tipo_emissao, justificativa });
  if (error) throw badRequest(error);
  await tx.query(
    `UPDATE nota_fiscal SET tipo_emissao = $3, justificativa_contingencia = $4, data_contingencia = NULL, xml_assinado = NULL,
        xml_assinado_normal = NULL, chave_acesso = NULL, digest_value = NULL, data_alteracao = now()
      WHERE id_organization = $1 AND id_nota_fiscal = $2`,
    [org, body.id_nota_fiscal, body.tipo_emissao, body.tipo_emissao === 9 ? justificativa : null],
  );
  return (await q.loadDetail(tx, org, id_filial, body.id_nota_fiscal))!;
}

export async function splitInvoiceItem(tx: Tx, caller: Caller, body: z.output<typeof invoiceItemSplitBody>): Promise<InvoiceDetail> {
  const org = caller.id_organization;
  const id_filial = activeBranch(caller);
  const row = await q.findInvoiceRow(tx, org, id_filial, body.id_nota_fiscal, true);
  if (!row) throw notFound();
  const locked = invoiceEditError(lockFacts(row));
  if (locked) throw badRequest(locked);
  const { rows } = await tx.query<{ quantidade: string; valor_unitario: string; valor_desconto: string; is_cancelado: boolean;
    id_endereco_estoque: number | null; id_cenario_fiscal: number | null; observacao: string | null }>(
    `SELECT quantidade, valor_unitario, valor_desconto, is_cancelado, id_endereco_estoque, id_cenario_fiscal, observacao
       FROM nota_fiscal_item WHERE id_organization = $1 AND id_nota_fiscal = $2 AND id_nota_fiscal_item = $3 AND data_exclusao IS NULL
      FOR UPDATE`,
    [org, body.id_nota_fiscal, body.id_nota_fiscal_item],
  );
  const line = rows[0];
  if (!line) throw new HttpError(404, M.itemProductMissing);
  const source = {
    quantidade: quantityFromDecimal(line.quantidade), valor_unitario: fromDecimal(line.valor_unitario),
    valor_desconto: fromDecimal(line.valor_desconto), is_cancelado: line.is_cancelado,
  };
  const quantities = body.partes.map((p) => quantityFromDecimal(p.quantidade));
  refuse(splitItemErrors(source, quantities));
  const parts = splitItem(source, quantities);
  await tx.query(
    'UPDATE nota_fiscal_item SET is_cancelado = true, data_alteracao = now() WHERE id_organization = $1 AND id_nota_fiscal_item = $2',
    [org, body.id_nota_fiscal_item],
  );
  for (const [i, part] of parts.entries()) {
    const id_produto_grade_filial = body.partes[i]!.id_produto_grade_filial;
    // insertItem refuses a variation that is not of this branch ('Produto não informado') and checks the line's rules.
    const created = await insertItem(tx, org, id_filial, body.id_nota_fiscal, {
      id_produto_grade_filial, id_endereco_estoque: line.id_endereco_estoque, id_cenario_fiscal: line.id_cenario_fiscal,
      quantidade: Number(quantityToDecimal(part.quantidade)), valor_unitario: Number(line.valor_unitario),
      valor_desconto: Number(toDecimal(part.valor_desconto)), observacao: line.observacao,
    });
    await tx.query(
      `INSERT INTO nota_fiscal_item_desdobramento (id_organization, id_nota_fiscal, id_nota_fiscal_item, id_nota_fiscal_item_gerado,
         id_produto_grade_filial, quantidade, id_usuario) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [org, body.id_nota_fiscal, body.id_nota_fiscal_item, created, id_produto_grade_filial, quantityToDecimal(part.quantidade), caller.id_usuario],
    );
  }
  await recomputeTotals(tx, org, body.id_nota_fiscal);
  return (await q.loadDetail(tx, org, id_filial, body.id_nota_fiscal))!;
}
