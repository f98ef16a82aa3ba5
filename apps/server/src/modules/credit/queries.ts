/**
 * SQL of the customer's store credit: the account (pessoa_conta_corrente, one row per person, saldo never below zero)
 * and its history (pessoa_conta_historico). Only the credit module writes these tables (owners.test.ts); amounts
 * arrive in centavos and leave as numeric.
 */
import { fromDecimal, toDecimal, type Cents } from '@pdv/domain/money';
import type { Tx } from '../../db/database.ts';
import { iso } from '../../db/rows.ts';

const HISTORY_COLUMNS = `id_pessoa_conta_historico, id_pessoa, tipo, operacao, valor::text, saldo_anterior::text, saldo_posterior::text,
  id_nota_fiscal, observacao, data_cadastro`;

export interface HistoryRow {
  id_pessoa_conta_historico: number;
  id_pessoa: number;
  tipo: string;
  operacao: string;
  valor: number;
  saldo_anterior: number;
  saldo_posterior: number;
  id_nota_fiscal: number | null;
  observacao: string | null;
  data_cadastro: string;
}

function toHistory(r: Record<string, unknown>): HistoryRow {
  return {
    id_pessoa_conta_historico: Number(r['id_pessoa_conta_historico']),
    id_pessoa: Number(r['id_pessoa']),
    tipo: String(r['tipo']),
    operacao: String(r['operacao']),
    valor: Number(r['valor']),
    saldo_anterior: Number(r['saldo_anterior']),
    saldo_posterior: Number(r['saldo_posterior']),
    id_nota_fiscal: r['id_nota_fiscal'] === null ? null : Number(r['id_nota_fiscal']),
    observacao: (r['observacao'] as string | null) ?? null,
    data_cadastro: iso(r['data_cadastro']),
  };
}

/** The customer's store-credit balance (centavos); null when the customer has no credit account. */
export async function creditBalance(tx: Tx, org: number, id_pessoa: number): Promise<Cents | null> {
  const { rows } = await tx.query<{ saldo: string }>(
    'SELECT saldo::text FROM pessoa_conta_corrente WHERE id_organization = $1 AND id_pessoa = $2 AND data_exclusao IS NULL',
    [org, id_pessoa],
  );
  return rows[0] ? fromDecimal(rows[0].saldo) : null;
}

/** Opens the customer's account with a zero balance when there is none. */
export async function openAccount(tx: Tx, org: number, id_pessoa: number): Promise<void> {
  await tx.query(
    `INSERT INTO pessoa_conta_corrente (id_organization, id_pessoa, saldo) VALUES ($1, $2, 0)
     ON CONFLICT (id_organization, id_pessoa) DO NOTHING`,
    [org, id_pessoa],
  );
}

/** The account's balance (centavos) under a row lock held until the transaction ends; null without an account. */
export async function lockAccount(tx: Tx, org: number, id_pessoa: number): Promise<Cents | null> {
  const { rows } = await tx.query<{ saldo: string }>(
    'SELECT saldo::text FROM pessoa_conta_corrente WHERE id_organization = $1 AND id_pessoa = $2 AND data_exclusao IS NULL FOR UPDATE',
    [org, id_pessoa],
  );
  return rows[0] ? fromDecimal(rows[0].saldo) : null;
}

/** The Saida an operation already recorded for the customer (a resent sale). */
export async function findSpending(tx: Tx, org: number, id_pessoa: number, id_operacao: string | null): Promise<HistoryRow | null> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT ${HISTORY_COLUMNS} FROM pessoa_conta_historico
      WHERE id_organization = $1 AND id_pessoa = $2 AND operacao = 'Saida' AND id_operacao = $3`,
    [org, id_pessoa, id_operacao],
  );
  return rows[0] ? toHistory(rows[0]) : null;
}

/** The Entrada a return invoice already generated. */
export async function findInvoiceCredit(tx: Tx, org: number, id_nota_fiscal: number | null): Promise<HistoryRow | null> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT ${HISTORY_COLUMNS} FROM pessoa_conta_historico WHERE id_organization = $1 AND operacao = 'Entrada' AND id_nota_fiscal = $2`,
    [org, id_nota_fiscal],
  );
  return rows[0] ? toHistory(rows[0]) : null;
}

/**
 * Adds the signed `delta` (centavos) to the balance only while the result stays at or above zero. Answers the
 * balance after (centavos), or null when the balance did not cover it.
 */
export async function applyDelta(tx: Tx, org: number, id_pessoa: number, delta: Cents): Promise<Cents | null> {
  const { rows } = await tx.query<{ saldo: string }>(
    `UPDATE pessoa_conta_corrente SET saldo = saldo + $3::numeric
      WHERE id_organization = $1 AND id_pessoa = $2 AND saldo + $3::numeric >= 0 RETURNING saldo::text`,
    [org, id_pessoa, toDecimal(delta)],
  );
  return rows[0] ? fromDecimal(rows[0].saldo) : null;
}

export interface HistoryInsert {
  org: number;
  id_pessoa: number;
  id_filial: number;
  tipo: string;
  operacao: string;
  valor: Cents;
  anterior: Cents;
  posterior: Cents;
  id_nota_fiscal: number | null;
  id_pedido: number | null;
  id_operacao: string | null;
  id_usuario: number;
  observacao: string | null;
  id_autorizacao?: number | null;
}

export async function insertHistory(tx: Tx, h: HistoryInsert): Promise<HistoryRow> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `INSERT INTO pessoa_conta_historico (id_organization, id_pessoa, id_filial, tipo, operacao, valor, saldo_anterior, saldo_posterior,
       id_nota_fiscal, id_pedido, id_operacao, id_usuario, observacao, id_autorizacao)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING ${HISTORY_COLUMNS}`,
    [h.org, h.id_pessoa, h.id_filial, h.tipo, h.operacao, toDecimal(h.valor), toDecimal(h.anterior), toDecimal(h.posterior),
      h.id_nota_fiscal, h.id_pedido, h.id_operacao, h.id_usuario, h.observacao, h.id_autorizacao ?? null],
  );
  const row = rows[0];
  if (!row) throw new Error('credit history row not returned');
  return toHistory(row);
}

/** What a return invoice may still credit: the invoice's facts and the credit already generated from it (centavos). */
export interface ReturnInvoiceCredit {
  id_filial: number;
  id_cliente: number | null;
  tipo_nota: string;
  operacao: string;
  situacao: string;
  valor_total: Cents;
  creditado: Cents;
}

export async function returnInvoiceCredit(tx: Tx, org: number, id_nota_fiscal: number): Promise<ReturnInvoiceCredit | null> {
  const { rows } = await tx.query<{ id_filial: number; id_cliente: number | null; tipo_nota: string; operacao: string; situacao: string;
    valor_total: string; creditado: string }>(
    `SELECT n.id_filial, n.id_cliente, n.tipo_nota, n.operacao, n.situacao, n.valor_nota_fiscal::text AS valor_total,
       (SELECT COALESCE(sum(h.valor), 0)::text FROM pessoa_conta_historico h
         WHERE h.id_organization = n.id_organization AND h.id_nota_fiscal = n.id_nota_fiscal AND h.operacao = 'Entrada') AS creditado
       FROM nota_fiscal n WHERE n.id_organization = $1 AND n.id_nota_fiscal = $2 AND n.data_exclusao IS NULL`,
    [org, id_nota_fiscal],
  );
  const r = rows[0];
  if (!r) return null;
  return { id_filial: Number(r.id_filial), id_cliente: r.id_cliente === null ? null : Number(r.id_cliente), tipo_nota: r.tipo_nota,
    operacao: r.operacao, situacao: r.situacao, valor_total: fromDecimal(r.valor_total), creditado: fromDecimal(r.creditado) };
}
