/**
 * Invoice calls of 000 §7.4 on the rules the rest of the invoice uses (issue 31):
 * - /invoice/invoice-duplicate: a new draft (EmEdicao) of the caller's branch with the content of another invoice of
 *   the branch (header, live lines, payments, references, volumes), saved through createInvoice, so the checks of a
 *   new invoice apply (invoiceSaveErrors and the active series of the model); no number, key, XML or protocol is
 *   copied, and the stock moves only when the copy is itself authorized.
 * - /invoice/invoice_link_seller: links a seller to an invoice that lacks one: the header and the live lines without a
 *   seller of their own take it; lines already sold by someone keep theirs (our reading: the spec names the call only).
 * - /invoice/changeSeller and /invoice_item/update_user_seller: the seller of the invoice (its header and every live
 *   line) or of one line, as /order_item/update_user_seller does for orders: a user of the organization or none
 *   ('Vendedor não encontrado.'). The seller is no part of the fiscal document, so it may change after authorization
 *   (the commission report reads it).
 */
import type { z } from 'zod';
import { invoicePostBody, type InvoiceDetail, type invoiceItemSellerBody } from '@pdv/contract/invoice';
import { FISCAL_MESSAGES as M } from '@pdv/domain/fiscal-messages';
import { SALE_BUILD_MESSAGES } from '@pdv/domain/sale-build';
import type { Tx } from '../../db/database.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import * as q from './queries.ts';
import { activeBranch, createInvoice } from './service.ts';

export async function duplicateInvoice(tx: Tx, caller: Caller, id_nota_fiscal: number): Promise<InvoiceDetail> {
  const source = await q.loadDetail(tx, caller.id_organization, activeBranch(caller), id_nota_fiscal);
  if (!source) throw notFound();
  const body = invoicePostBody.parse({
    modelo: source.modelo, id_serie_fiscal: source.id_serie_fiscal, natureza_operacao: source.natureza_operacao,
    operacao: source.operacao, finalidade: source.finalidade, tipo_nota: source.tipo_nota, id_cliente: source.id_cliente,
    cliente_cpf_cnpj: source.id_cliente === null ? source.cliente_cpf_cnpj : null, tipo_frete: source.tipo_frete,
    valor_frete: source.valor_frete, valor_seguro: source.valor_seguro, valor_outros: source.valor_outros,
    placa_veiculo: source.placa_veiculo, uf_placa_veiculo: source.uf_placa_veiculo, informacoes_adicionais: source.informacoes_adicionais,
    itens: source.itens.filter((i) => !i.is_cancelado).map((i) => ({
      id_produto_grade_filial: i.id_produto_grade_filial, id_endereco_estoque: i.id_endereco_estoque, id_cenario_fiscal: i.id_cenario_fiscal,
      quantidade: i.quantidade, valor_unitario: i.valor_unitario, valor_desconto: i.valor_desconto,
    })),
    pagamentos: source.pagamentos.map((p) => ({ id_meio_pagamento: p.id_meio_pagamento, valor_total: p.valor_total,
      quantidade_parcelas: p.quantidade_parcelas, id_conta: p.id_conta })),
    referenciadas: source.referenciadas.filter((r) => !r.cancelado).map((r) => ({ chave_acesso: r.chave_acesso, modelo: r.modelo })),
    volumes: source.volumes.map((v) => ({ quantidade: v.quantidade, especie: v.especie, marca: v.marca, numeracao: v.numeracao,
      peso_liquido: v.peso_liquido, peso_bruto: v.peso_bruto })),
  });
  const copy = await createInvoice(tx, caller, body);
  if (source.id_usuario_vendedor != null) {
    await tx.query('UPDATE nota_fiscal SET id_usuario_vendedor = $3 WHERE id_organization = $1 AND id_nota_fiscal = $2',
      [caller.id_organization, copy.id_nota_fiscal, source.id_usuario_vendedor]);
  }
  return (await q.loadDetail(tx, caller.id_organization, activeBranch(caller), copy.id_nota_fiscal))!;
}

export async function changeSeller(tx: Tx, caller: Caller, body: z.output<typeof invoiceItemSellerBody>): Promise<InvoiceDetail> {
  const org = caller.id_organization;
  const id_filial = activeBranch(caller);
  const row = await q.findInvoiceRow(tx, org, id_filial, body.id_nota_fiscal, true);
  if (!row) throw notFound();
  if (body.id_usuario_vendedor !== null) {
    const { rows } = await tx.query('SELECT 1 FROM usuario WHERE id_organization = $1 AND id_usuario = $2 AND data_exclusao IS NULL',
      [org, body.id_usuario_vendedor]);
    if (rows.length === 0) throw badRequest(SALE_BUILD_MESSAGES.sellerNotFound);
  }
  if (body.id_nota_fiscal_item !== undefined) {
    const { rowCount } = await tx.query(
      `UPDATE nota_fiscal_item SET id_usuario_vendedor = $4, data_alteracao = now()
        WHERE id_organization = $1 AND id_nota_fiscal = $2 AND id_nota_fiscal_item = $3 AND data_exclusao IS NULL AND NOT is_cancelado`,
      [org, body.id_nota_fiscal, body.id_nota_fiscal_item, body.id_usuario_vendedor],
    );
    if (!rowCount) throw new HttpError(404, M.itemProductMissing);
  } else {
    await tx.query(
      `UPDATE nota_fiscal_item SET id_usuario_vendedor = $3, data_alteracao = now()
        WHERE id_organization = $1 AND id_nota_fiscal = $2 AND data_exclusao IS NULL AND NOT is_cancelado`,
      [org, body.id_nota_fiscal, body.id_usuario_vendedor],
    );
    await tx.query('UPDATE nota_fiscal SET id_usuario_vendedor = $3, data_alteracao = now() WHERE id_organization = $1 AND id_nota_fiscal = $2',
      [org, body.id_nota_fiscal, body.id_usuario_vendedor]);
  }
  return (await q.loadDetail(tx, org, id_filial, body.id_nota_fiscal))!;
}

export async function linkSeller(tx: Tx, caller: Caller, body: { id_nota_fiscal: number; id_usuario_vendedor: number }): Promise<InvoiceDetail> {
  const org = caller.id_organization;
  const id_filial = activeBranch(caller);
  const row = await q.findInvoiceRow(tx, org, id_filial, body.id_nota_fiscal, true);
  if (!row) throw notFound();
  const { rows } = await tx.query('SELECT 1 FROM usuario WHERE id_organization = $1 AND id_usuario = $2 AND data_exclusao IS NULL',
    [org, body.id_usuario_vendedor]);
  if (rows.length === 0) throw badRequest(SALE_BUILD_MESSAGES.sellerNotFound);
  await tx.query(
    `UPDATE nota_fiscal_item SET id_usuario_vendedor = $3, data_alteracao = now()
      WHERE id_organization = $1 AND id_nota_fiscal = $2 AND data_exclusao IS NULL AND NOT is_cancelado AND id_usuario_vendedor IS NULL`,
    [org, body.id_nota_fiscal, body.id_usuario_vendedor],
  );
  await tx.query(
    `UPDATE nota_fiscal SET id_usuario_vendedor = $3, data_alteracao = now()
      WHERE id_organization = $1 AND id_nota_fiscal = $2 AND id_usuario_vendedor IS NULL`,
    [org, body.id_nota_fiscal, body.id_usuario_vendedor],
  );
  return (await q.loadDetail(tx, org, id_filial, body.id_nota_fiscal))!;
}
