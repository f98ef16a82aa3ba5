/**
 * Invoice drafts (001 §5 "Invoice"): create and replace, with the spec's validation messages (the domain's rules). A
 * draft holds no number until it is transmitted (the fiscal module allocates it); stock moves when it is authorized,
 * unless the point of sale already took it (sales through POST /api/operacao). Deleting a draft gives its stock back,
 * so it is one of the fiscal module's actions (fiscal/delete.ts).
 */
import type { InvoiceDetail, invoicePostBody, invoicePutBody } from '@pdv/contract/invoice';
import type { z } from 'zod';
import { FISCAL_MESSAGES as M } from '@pdv/domain/fiscal-messages';
import { invoiceEditError, type InvoiceLockFacts } from '@pdv/domain/invoice-rules';
import { invoiceSaveErrors } from '@pdv/domain/invoice-validation';
import { quantityFromDecimal } from '@pdv/domain/money';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import * as q from './queries.ts';
import {
  insertItem,
  insertPayment,
  insertReferenced,
  itemDraft,
  paymentDraft,
  recomputeTotals,
  referencedDraft,
  refuse,
} from './parts.ts';

type PostBody = z.output<typeof invoicePostBody>;
type PutBody = z.output<typeof invoicePutBody>;

/** What the editability rules (invoice-rules.ts) read of a nota_fiscal row. */
export function lockFacts(row: Record<string, unknown>): InvoiceLockFacts {
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return { situacao: String(row['situacao']), id_operacao: text(row['id_operacao']), protocolo: text(row['protocolo']) };
}

export function activeBranch(caller: Caller): number {
  return caller.id_filial;
}

/** Whether the customer has a complete address (street, city and state), as an NF-e needs. */
async function customerHasAddress(tx: Tx, org: number, id_cliente: number): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM pessoa_endereco WHERE id_organization = $1 AND id_pessoa = $2 AND data_exclusao IS NULL
        AND endereco IS NOT NULL AND id_cidade IS NOT NULL AND uf IS NOT NULL LIMIT 1`,
    [org, id_cliente],
  );
  return rows.length > 0;
}

/**
 * The checks of an invoice save: the domain's (invoiceSaveErrors, the ones the invoice screen ran), with what only the
 * database knows: whether the customer has an address and whether the series is an active one of this branch and
 * model. Volumes' weights arrive in kilograms and are checked in thousandths.
 */
async function validate(tx: Tx, org: number, id_filial: number, body: PostBody): Promise<string[]> {
  const id_cliente = body.id_cliente ?? null;
  const errors = invoiceSaveErrors({
    modelo: body.modelo,
    id_serie_fiscal: body.id_serie_fiscal ?? null,
    natureza_operacao: body.natureza_operacao ?? null,
    id_cliente,
    cliente_tem_endereco: body.modelo === '55' && id_cliente !== null ? await customerHasAddress(tx, org, id_cliente) : null,
    itens: body.itens.map(itemDraft),
    pagamentos: body.pagamentos.map(paymentDraft),
    referenciadas: body.referenciadas.map(referencedDraft),
    volumes: body.volumes.map((v) => ({
      quantidade: v.quantidade,
      peso_liquido: quantityFromDecimal(v.peso_liquido),
      peso_bruto: quantityFromDecimal(v.peso_bruto),
    })),
  });
  if (body.id_serie_fiscal) {
    const { rows } = await tx.query(
      `SELECT 1 FROM serie_fiscal WHERE id_organization = $1 AND id_filial = $2 AND id_serie_fiscal = $3
          AND codigo_modelo = $4 AND situacao = 'Ativo' AND data_exclusao IS NULL`,
      [org, id_filial, body.id_serie_fiscal, body.modelo],
    );
    if (rows.length === 0) errors.push(M.seriesMissing);
  }
  return [...new Set(errors)];
}

async function writeContent(tx: Tx, org: number, id_filial: number, id: number, body: PostBody) {
  for (const item of body.itens) await insertItem(tx, org, id_filial, id, item);
  for (const p of body.pagamentos) await insertPayment(tx, org, id, p);
  for (const r of body.referenciadas) await insertReferenced(tx, org, id, r);
  for (const v of body.volumes) {
    await tx.query(
      `INSERT INTO volume (id_organization, id_nota_fiscal, quantidade, especie, marca, numeracao, peso_liquido, peso_bruto)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [org, id, v.quantidade, v.especie ?? null, v.marca ?? null, v.numeracao ?? null, v.peso_liquido, v.peso_bruto],
    );
  }
  await recomputeTotals(tx, org, id);
}

async function customerOf(tx: Tx, org: number, id_cliente: number | null | undefined) {
  if (!id_cliente) return null;
  const { rows } = await tx.query<{ nome: string; cpf: string | null; cnpj: string | null }>(
    'SELECT nome, cpf, cnpj FROM pessoa WHERE id_organization = $1 AND id_pessoa = $2 AND data_exclusao IS NULL',
    [org, id_cliente],
  );
  if (!rows[0]) throw badRequest(M.recipientMissing);
  return rows[0];
}

export async function createInvoice(tx: Tx, caller: Caller, body: PostBody): Promise<InvoiceDetail> {
  const org = caller.id_organization;
  const id_filial = activeBranch(caller);
  refuse(await validate(tx, org, id_filial, body));
  const customer = await customerOf(tx, org, body.id_cliente);
  const serie = await tx.query<{ codigo_serie: number }>(
    'SELECT codigo_serie FROM serie_fiscal WHERE id_organization = $1 AND id_serie_fiscal = $2', [org, body.id_serie_fiscal]);
  const ambiente = await tx.query<{ ambiente_emissao: number }>(
    'SELECT ambiente_emissao FROM filial_configuracao WHERE id_organization = $1 AND id_filial = $2', [org, id_filial]);
  const { rows } = await tx.query<{ id_nota_fiscal: number }>(
    `INSERT INTO nota_fiscal (id_organization, id_filial, id_usuario, id_cliente, modelo, id_serie_fiscal, serie, ambiente,
       operacao, tipo_nota, finalidade, natureza_operacao, tipo_frete, valor_frete, valor_seguro, valor_outros,
       cliente_nome, cliente_cpf_cnpj, placa_veiculo, uf_placa_veiculo, informacoes_adicionais, indicador_presenca)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)
     RETURNING id_nota_fiscal`,
    [org, id_filial, caller.id_usuario, body.id_cliente ?? null, body.modelo, body.id_serie_fiscal, serie.rows[0]?.codigo_serie ?? null,
      ambiente.rows[0]?.ambiente_emissao ?? 2, body.operacao, body.tipo_nota, body.finalidade, body.natureza_operacao!.trim(),
      body.tipo_frete, body.valor_frete, body.valor_seguro, body.valor_outros, customer?.nome ?? null,
      body.cliente_cpf_cnpj ?? customer?.cpf ?? customer?.cnpj ?? null, body.placa_veiculo ?? null,
      body.uf_placa_veiculo ?? null, body.informacoes_adicionais ?? null, body.modelo === '65' ? 1 : 9],
  );
  const id = rows[0]!.id_nota_fiscal;
  await writeContent(tx, org, id_filial, id, body);
  return (await q.loadDetail(tx, org, id_filial, id))!;
}

export async function updateInvoice(tx: Tx, caller: Caller, body: PutBody): Promise<InvoiceDetail> {
  const org = caller.id_organization;
  const id_filial = activeBranch(caller);
  const row = await q.findInvoiceRow(tx, org, id_filial, body.id_nota_fiscal, true);
  if (!row) throw notFound();
  const locked = invoiceEditError(lockFacts(row));
  if (locked) throw badRequest(locked);
  refuse(await validate(tx, org, id_filial, body));
  const customer = await customerOf(tx, org, body.id_cliente);
  const serie = await tx.query<{ codigo_serie: number }>(
    'SELECT codigo_serie FROM serie_fiscal WHERE id_organization = $1 AND id_serie_fiscal = $2', [org, body.id_serie_fiscal]);
  const keepsNumber = row['numero_nota_fiscal'] !== null && Number(row['id_serie_fiscal']) === body.id_serie_fiscal;
  await tx.query(
    `UPDATE nota_fiscal SET id_cliente = $3, modelo = $4, id_serie_fiscal = $5, serie = $6, operacao = $7, tipo_nota = $8,
        finalidade = $9, natureza_operacao = $10, tipo_frete = $11, valor_frete = $12, valor_seguro = $13, valor_outros = $14,
        cliente_nome = $15, cliente_cpf_cnpj = $16, placa_veiculo = $17, uf_placa_veiculo = $18, informacoes_adicionais = $19,
        numero_nota_fiscal = CASE WHEN $20 THEN numero_nota_fiscal END, chave_acesso = NULL, xml_assinado = NULL,
        digest_value = NULL, situacao = 'EmEdicao', data_alteracao = now()
      WHERE id_organization = $1 AND id_nota_fiscal = $2`,
    [org, body.id_nota_fiscal, body.id_cliente ?? null, body.modelo, body.id_serie_fiscal, serie.rows[0]?.codigo_serie ?? null,
      body.operacao, body.tipo_nota, body.finalidade, body.natureza_operacao!.trim(), body.tipo_frete, body.valor_frete,
      body.valor_seguro, body.valor_outros, customer?.nome ?? null, body.cliente_cpf_cnpj ?? customer?.cpf ?? customer?.cnpj ?? null,
      body.placa_veiculo ?? null, body.uf_placa_veiculo ?? null, body.informacoes_adicionais ?? null, keepsNumber],
  );
  for (const table of ['nota_fiscal_item', 'nota_fiscal_pagamento', 'nota_fiscal_referenciada', 'volume']) {
    await tx.query(`DELETE FROM ${table} WHERE id_organization = $1 AND id_nota_fiscal = $2`, [org, body.id_nota_fiscal]);
  }
  await writeContent(tx, org, id_filial, body.id_nota_fiscal, body);
  return (await q.loadDetail(tx, org, id_filial, body.id_nota_fiscal))!;
}
