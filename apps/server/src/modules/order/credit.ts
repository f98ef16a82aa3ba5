/**
 * The customer's store credit (pessoa_conta_corrente) and its history (people_account_history, 001 §3, §7): a return
 * generates credit (Entrada, once per return invoice), a sale spends it (Saida, once per operation). The balance
 * changes with a conditional UPDATE behind a row lock in the caller's transaction, so parallel redemptions never
 * take more than the balance (credit.pg.test.ts); the CHECK (saldo >= 0) of migration 010 is the last wall.
 */
import type { z } from 'zod';
import type { peopleAccountHistoryBody } from '@pdv/contract/order';
import { FISCAL_MESSAGES } from '@pdv/domain/fiscal-messages';
import { MESSAGES } from '@pdv/domain/messages';
import { formatMoney, fromDecimal, toDecimal } from '@pdv/domain/money';
import { creditErrors, type CreditDirection } from '@pdv/domain/order-item-rules';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import type { Tx } from '../../db/database.ts';
import { iso } from '../../db/rows.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { exists } from './writes.ts';

type Body = z.output<typeof peopleAccountHistoryBody>;

export interface CreditMovement {
  org: number;
  id_filial: number;
  id_usuario: number;
  id_pessoa: number;
  tipo: string;
  operacao: CreditDirection;
  /** Centavos, above zero. */
  valor: number;
  id_nota_fiscal?: number | null;
  id_pedido?: number | null;
  /** The sale spending the credit: a resend of it does not spend twice. */
  id_operacao?: string | null;
  observacao?: string | null;
}

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

/**
 * Moves the customer's credit in the caller's transaction and records the movement. An Entrada opens the account when
 * the customer has none; a Saida needs one ("Não foi possível encontrar crédito do cliente.") with enough balance.
 * Answers the movement, the balance after it (centavos) and whether it had already been recorded.
 */
export async function moveCustomerCredit(tx: Tx, m: CreditMovement): Promise<{ movimento: HistoryRow; saldo: number; duplicado: boolean }> {
  if (!Number.isInteger(m.valor) || m.valor <= 0) throw badRequest(ORDER_MESSAGES.creditValueMissing);
  if (m.operacao === 'Entrada') {
    await tx.query(
      `INSERT INTO pessoa_conta_corrente (id_organization, id_pessoa, saldo) VALUES ($1, $2, 0)
       ON CONFLICT (id_organization, id_pessoa) DO NOTHING`,
      [m.org, m.id_pessoa],
    );
  }
  // The row lock makes movements of one customer take turns; the conditional UPDATE below is the rule itself.
  const account = await tx.query<{ saldo: string }>(
    'SELECT saldo::text FROM pessoa_conta_corrente WHERE id_organization = $1 AND id_pessoa = $2 AND data_exclusao IS NULL FOR UPDATE',
    [m.org, m.id_pessoa],
  );
  if (!account.rows[0]) throw badRequest(MESSAGES.customerCreditNotFound);
  const previous = m.operacao === 'Saida'
    ? await tx.query<Record<string, unknown>>(
      `SELECT ${HISTORY_COLUMNS} FROM pessoa_conta_historico
        WHERE id_organization = $1 AND id_pessoa = $2 AND operacao = 'Saida' AND id_operacao = $3`,
      [m.org, m.id_pessoa, m.id_operacao ?? null])
    : await tx.query<Record<string, unknown>>(
      `SELECT ${HISTORY_COLUMNS} FROM pessoa_conta_historico WHERE id_organization = $1 AND operacao = 'Entrada' AND id_nota_fiscal = $2`,
      [m.org, m.id_nota_fiscal ?? null]);
  if (previous.rows[0]) {
    if (m.operacao === 'Entrada') throw badRequest('Crédito já gerado para esta nota fiscal.');
    return { movimento: toHistory(previous.rows[0]), saldo: fromDecimal(account.rows[0].saldo), duplicado: true };
  }
  const delta = m.operacao === 'Entrada' ? m.valor : -m.valor;
  const updated = await tx.query<{ saldo: string }>(
    `UPDATE pessoa_conta_corrente SET saldo = saldo + $3::numeric
      WHERE id_organization = $1 AND id_pessoa = $2 AND saldo + $3::numeric >= 0 RETURNING saldo::text`,
    [m.org, m.id_pessoa, toDecimal(delta)],
  );
  if (!updated.rows[0]) throw badRequest(ORDER_MESSAGES.creditInsufficient(formatMoney(fromDecimal(account.rows[0].saldo))));
  const after = fromDecimal(updated.rows[0].saldo);
  const { rows } = await tx.query<Record<string, unknown>>(
    `INSERT INTO pessoa_conta_historico (id_organization, id_pessoa, id_filial, tipo, operacao, valor, saldo_anterior, saldo_posterior,
       id_nota_fiscal, id_pedido, id_operacao, id_usuario, observacao)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING ${HISTORY_COLUMNS}`,
    [m.org, m.id_pessoa, m.id_filial, m.tipo, m.operacao, toDecimal(m.valor), toDecimal(after - delta), toDecimal(after),
      m.id_nota_fiscal ?? null, m.id_pedido ?? null, m.id_operacao ?? null, m.id_usuario, m.observacao ?? null],
  );
  return { movimento: toHistory(rows[0]!), saldo: after, duplicado: false };
}

/**
 * POST /people_account_history/create: value, return invoice (for a credit) and person are required with the texts
 * of 001 §5; a person or invoice of another organization answers like a missing one.
 */
export async function createHistory(tx: Tx, caller: Caller, body: Body) {
  const org = caller.id_organization;
  const valor = body.valor === null || body.valor === undefined ? null : fromDecimal(body.valor);
  const errors = creditErrors({ operacao: body.operacao, valor, id_nota_fiscal: body.id_nota_fiscal ?? null, id_pessoa: body.id_pessoa ?? null });
  if (errors.length > 0) throw badRequest(errors[0]!, undefined, errors);
  if (!(await exists(tx, 'pessoa', org, body.id_pessoa!))) throw new HttpError(404, ORDER_MESSAGES.creditPersonNotFound);
  if (body.id_nota_fiscal) {
    const { rows } = await tx.query('SELECT 1 FROM nota_fiscal WHERE id_organization = $1 AND id_nota_fiscal = $2 AND data_exclusao IS NULL',
      [org, body.id_nota_fiscal]);
    if (rows.length === 0) throw new HttpError(404, FISCAL_MESSAGES.notFound);
  }
  const { movimento, saldo } = await moveCustomerCredit(tx, {
    org, id_filial: caller.id_filial, id_usuario: caller.id_usuario, id_pessoa: body.id_pessoa!, tipo: body.tipo,
    operacao: body.operacao, valor: valor!, id_nota_fiscal: body.id_nota_fiscal ?? null, id_operacao: body.id_operacao ?? null,
    observacao: body.observacao ?? null,
  });
  return {
    ...movimento, saldo: toDecimal(saldo),
    message: body.operacao === 'Entrada' ? ORDER_MESSAGES.creditGenerated : MESSAGES.recordSaved,
  };
}
