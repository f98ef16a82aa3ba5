/**
 * SQL of the financial documents (documento_financeiro): receivables (operacao Entrada) created by sales, paid off by
 * receipts, reversed when their invoice is cancelled. Only the finance module writes the table (owners.test.ts);
 * other modules may read it through the functions here. Amounts leave as text and become centavos here.
 */
import { fromDecimal, toDecimal, type Cents } from '@pdv/domain/money';
import type { Tx } from '../../db/database.ts';
import { iso } from '../../db/rows.ts';
import { FINANCE_MESSAGES } from '@pdv/domain/financial-document';
import { insertOpeningLaunches } from './launch-queries.ts';

export interface NewReceivable {
  org: number;
  id_filial: number;
  numero: string;
  sequencia: number;
  /** Centavos. */
  valor: Cents;
  vencimento: string;
  id_pessoa: number | null;
  id_meio_pagamento: number;
  id_pedido: number | null;
  id_nota_fiscal: number | null;
  /** The point of sale's operation, or null for a receivable made elsewhere (a consignment's sale). */
  id_operacao: string | null;
}

/** A receivable and its opening launch (launch-queries insertOpeningLaunches). */
export async function insertReceivable(tx: Tx, d: NewReceivable): Promise<void> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO documento_financeiro (id_organization, id_filial, numero, sequencia, operacao, valor_documento,
       valor_atualizado, saldo, data_vencimento, id_pessoa, id_meio_pagamento, id_pedido, id_nota_fiscal, id_operacao)
     VALUES ($1, $2, $3, $4, 'Entrada', $5, $5, $5, $6, $7, $8, $9, $10, $11) RETURNING id_documento_financeiro AS id`,
    [d.org, d.id_filial, d.numero, d.sequencia, toDecimal(d.valor), d.vencimento, d.id_pessoa, d.id_meio_pagamento,
      d.id_pedido, d.id_nota_fiscal, d.id_operacao],
  );
  await insertOpeningLaunches(tx, d.org, rows.map((r) => Number(r.id)), null);
}

export interface Receivable {
  id_documento_financeiro: number;
  numero: string;
  sequencia: number;
  data_emissao: string;
  data_vencimento: string;
  valor_documento: Cents;
  saldo: Cents;
  situacao: string;
  id_pessoa: number | null;
}

const RECEIVABLE_COLUMNS = `id_documento_financeiro, numero, sequencia, data_emissao, data_vencimento::text AS data_vencimento,
  valor_documento::text AS valor_documento, saldo::text AS saldo, situacao, id_pessoa`;

function toReceivable(r: Record<string, unknown>): Receivable {
  return {
    id_documento_financeiro: Number(r['id_documento_financeiro']),
    numero: String(r['numero']),
    sequencia: Number(r['sequencia']),
    data_emissao: iso(r['data_emissao']),
    data_vencimento: String(r['data_vencimento']),
    valor_documento: fromDecimal(String(r['valor_documento'])),
    saldo: fromDecimal(String(r['saldo'])),
    situacao: String(r['situacao']),
    id_pessoa: r['id_pessoa'] === null ? null : Number(r['id_pessoa']),
  };
}

const OPEN = `operacao = 'Entrada' AND situacao IN ('Aberto', 'Parcial') AND saldo > 0 AND data_exclusao IS NULL`;

/** The customer's open receivables of the branch, by due date. */
export async function openReceivables(tx: Tx, org: number, id_filial: number, id_pessoa: number): Promise<Receivable[]> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT ${RECEIVABLE_COLUMNS} FROM documento_financeiro
      WHERE id_organization = $1 AND id_filial = $2 AND id_pessoa = $3 AND ${OPEN}
      ORDER BY data_vencimento, id_documento_financeiro LIMIT 200`,
    [org, id_filial, id_pessoa],
  );
  return rows.map(toReceivable);
}

/** Receivables of the branch by id, locked for the receipt (in id order: two receipts never wait on each other in a cycle). */
export async function lockReceivables(tx: Tx, org: number, id_filial: number, ids: number[]): Promise<Receivable[]> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT ${RECEIVABLE_COLUMNS} FROM documento_financeiro
      WHERE id_organization = $1 AND id_filial = $2 AND id_documento_financeiro = ANY($3::int[]) AND operacao = 'Entrada'
        AND data_exclusao IS NULL
      ORDER BY id_documento_financeiro FOR UPDATE`,
    [org, id_filial, ids],
  );
  return rows.map(toReceivable);
}

/** Reverses (estorno) the invoice's receivables nobody has paid yet, with their opening launches (their only live ones). */
export async function reverseInvoiceReceivables(tx: Tx, org: number, id_nota_fiscal: number): Promise<void> {
  await tx.query(
    `WITH reversed AS (
       UPDATE documento_financeiro SET situacao = 'Estornado', data_estorno = now(), saldo = 0, data_alteracao = now()
        WHERE id_organization = $1 AND id_nota_fiscal = $2 AND situacao = 'Aberto' RETURNING id_organization, id_documento_financeiro)
     UPDATE documento_financeiro_lancamento l SET is_estornado = true, data_estorno = now(), observacao_estorno = $3, data_alteracao = now()
       FROM reversed r WHERE l.id_organization = r.id_organization AND l.id_documento_financeiro = r.id_documento_financeiro AND NOT l.is_estornado`,
    [org, id_nota_fiscal, FINANCE_MESSAGES.documentReversedNote],
  );
}

/**
 * A person's open receivables by due date, as a JSON array [{ data_vencimento: 'YYYY-MM-DD', saldo }] (saldo in
 * reais), built inside a query where `person` is the alias of a pessoa row: what the credit rules of a sale on credit
 * read (credit-rules.ts customerCreditError), on the server and, through the synced people rows, offline.
 */
export const openInstallmentsSql = (person: string) => /* sql */ `
  (SELECT coalesce(jsonb_agg(jsonb_build_object('data_vencimento', o.data_vencimento, 'saldo', o.saldo) ORDER BY o.data_vencimento), '[]'::jsonb)
     FROM (SELECT f.data_vencimento, sum(f.saldo) AS saldo FROM documento_financeiro f
            WHERE f.id_organization = ${person}.id_organization AND f.id_pessoa = ${person}.id_pessoa AND f.operacao = 'Entrada'
              AND f.situacao IN ('Aberto', 'Parcial') AND f.data_exclusao IS NULL AND f.saldo > 0
            GROUP BY f.data_vencimento) o)`;
