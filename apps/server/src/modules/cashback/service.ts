/**
 * The customer's cashback (domain cashback.ts; migration 048), owner of its tables: a sale accrues (Acumulo, blocked
 * for the selling branch's dias_bloqueio_cashback), a Programa de Fidelidade payment redeems (Resgate) under the
 * customer's row lock, so parallel sales never take more than the available balance (cashback.pg.test.ts; CHECK
 * saldo >= 0 is the last wall), a cancelled sale reverses both and a return reverses its lines' share of the accrual
 * (Estorno). Every movement is once per sale (a resend) and once per reversing operation.
 */
import {
  accrualReversal,
  availableFrom,
  cashbackBalance,
  CASHBACK_MESSAGES,
  redemptionError,
  redemptionGiveBack,
  type CashbackBalance,
} from '@pdv/domain/cashback';
import { fromDecimal, mulDivRound, quantityFromDecimal, type Cents, type Milli } from '@pdv/domain/money';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import * as q from './queries.ts';

export interface SaleRef {
  org: number;
  id_filial: number;
  id_usuario: number;
  id_pessoa: number;
  id_operacao: string;
  id_pedido: number | null;
  id_nota_fiscal: number | null;
}

async function lock(tx: Tx, org: number, id_pessoa: number): Promise<void> {
  if (!(await q.lockCustomer(tx, org, id_pessoa))) throw badRequest(CASHBACK_MESSAGES.personNotFound);
}

async function balanceAt(tx: Tx, org: number, id_pessoa: number, at: string): Promise<CashbackBalance> {
  return cashbackBalance(await q.ledgerOf(tx, org, id_pessoa), at);
}

/** The sale's accrual of `valor` centavos, available from the sale's instant `soldAt` plus the branch's block days. */
export async function accrueCashback(tx: Tx, s: SaleRef, valor: Cents, soldAt: string): Promise<void> {
  if (valor <= 0) return;
  await lock(tx, s.org, s.id_pessoa);
  if (await q.findOfOperation(tx, s.org, s.id_operacao, 'Acumulo')) return;
  const { dias } = await q.branchSettings(tx, s.org, s.id_filial);
  await q.insertEntry(tx, {
    ...s, tipo: 'Acumulo', valor, disponivel_em: availableFrom(soldAt, dias), id_lancamento_origem: null,
    observacao: 'Cashback da venda.',
  });
}

/**
 * The sale's redemption of `valor` centavos (its Programa de Fidelidade payments), checked under the customer's row
 * lock against the available balance at `at` (the server's clock), the branch's minimum and the sale's `total`.
 */
export async function redeemCashback(tx: Tx, s: SaleRef, valor: Cents, total: Cents, at: string): Promise<void> {
  if (valor <= 0) return;
  await lock(tx, s.org, s.id_pessoa);
  if (await q.findOfOperation(tx, s.org, s.id_operacao, 'Resgate')) return;
  // Read once the lock is held: a redemption committed meanwhile is dated with its own request's clock, which may be
  // later than this request's `at`, and must count already (seen on PostgreSQL with parallel redemptions).
  const balance = await balanceAt(tx, s.org, s.id_pessoa, new Date().toISOString());
  const { minimo } = await q.branchSettings(tx, s.org, s.id_filial);
  const refused = redemptionError({ hasCustomer: true, valor, disponivel: balance.disponivel, minimo, total });
  if (refused) throw badRequest(refused);
  await q.insertEntry(tx, {
    ...s, tipo: 'Resgate', valor: -valor, disponivel_em: at, id_lancamento_origem: null, observacao: 'Cashback usado como pagamento.',
  });
}

/**
 * A cancelled sale (its order or invoice): its accrual reversed (domain accrualReversal) and its redemption given
 * back, each once. Nothing when the sale had no cashback.
 */
export async function reverseSaleCashback(
  tx: Tx, r: { org: number; id_usuario: number; id_pedido?: number | null; id_nota_fiscal?: number | null }, at = new Date().toISOString(),
): Promise<void> {
  for (const entry of await q.entriesOfSale(tx, r.org, r)) {
    await lock(tx, r.org, entry.id_pessoa);
    const done = await q.reversedOf(tx, r.org, entry.id_pessoa_cashback_lancamento, null);
    if (done.done) continue;
    const left = Math.abs(entry.valor) - done.total;
    if (left <= 0) continue;
    const reversal = entry.tipo === 'Acumulo'
      ? accrualReversal({ valor: left, disponivel_em: entry.disponivel_em }, await balanceAt(tx, r.org, entry.id_pessoa, at), at)
      : redemptionGiveBack(left, at);
    if (!reversal) continue;
    await q.insertEntry(tx, {
      org: r.org, id_pessoa: entry.id_pessoa, id_filial: entry.id_filial, tipo: 'Estorno', valor: reversal.valor,
      disponivel_em: reversal.disponivel_em, id_operacao: null, id_pedido: entry.id_pedido, id_nota_fiscal: entry.id_nota_fiscal,
      id_lancamento_origem: entry.id_pessoa_cashback_lancamento, id_usuario: r.id_usuario,
      observacao: entry.tipo === 'Acumulo' ? 'Estorno do cashback da venda cancelada.' : 'Cashback usado na venda cancelada devolvido.',
    });
  }
}

/**
 * A return (its operation `id_operacao`) of part of a sale: the returned lines' share of their cashback (each line's
 * valor_cashback times the quantity returned over the quantity sold, rounded half-up) taken back from the sale's
 * accrual, at most what is left of it, once per return.
 */
export async function reverseReturnedCashback(
  tx: Tx,
  r: { org: number; id_usuario: number; id_operacao: string; origem: 'Pedido' | 'NotaFiscal'; id_origem: number;
    lines: ReadonlyArray<{ id_item_origem: number; quantidade: Milli }> },
  at = new Date().toISOString(),
): Promise<void> {
  const sale = r.origem === 'Pedido' ? { id_pedido: r.id_origem } : { id_nota_fiscal: r.id_origem };
  const accrual = (await q.entriesOfSale(tx, r.org, sale)).find((e) => e.tipo === 'Acumulo');
  if (!accrual || r.lines.length === 0) return;
  const table = r.origem === 'Pedido' ? 'pedido_item' : 'nota_fiscal_item';
  const { rows } = await tx.query<{ id: number; quantidade: string; valor_cashback: string }>(
    `SELECT id_${table} AS id, quantidade::text, valor_cashback::text FROM ${table}
      WHERE id_organization = $1 AND id_${table} = ANY($2::integer[])`,
    [r.org, r.lines.map((l) => l.id_item_origem)],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  let share = 0;
  for (const line of r.lines) {
    const sold = byId.get(line.id_item_origem);
    const quantidade = sold ? quantityFromDecimal(sold.quantidade) : 0;
    if (!sold || quantidade <= 0) continue;
    share += mulDivRound(fromDecimal(sold.valor_cashback), Math.min(line.quantidade, quantidade), quantidade);
  }
  await lock(tx, r.org, accrual.id_pessoa);
  const done = await q.reversedOf(tx, r.org, accrual.id_pessoa_cashback_lancamento, r.id_operacao);
  if (done.done) return;
  const valor = Math.min(share, accrual.valor - done.total);
  if (valor <= 0) return;
  const reversal = accrualReversal({ valor, disponivel_em: accrual.disponivel_em }, await balanceAt(tx, r.org, accrual.id_pessoa, at), at);
  if (!reversal) return;
  await q.insertEntry(tx, {
    org: r.org, id_pessoa: accrual.id_pessoa, id_filial: accrual.id_filial, tipo: 'Estorno', valor: reversal.valor,
    disponivel_em: reversal.disponivel_em, id_operacao: r.id_operacao, id_pedido: accrual.id_pedido, id_nota_fiscal: accrual.id_nota_fiscal,
    id_lancamento_origem: accrual.id_pessoa_cashback_lancamento, id_usuario: r.id_usuario, observacao: 'Estorno do cashback dos itens devolvidos.',
  });
}

/** The customer's balance at `at` and ledger (newest first): the history list. */
export async function cashbackHistory(tx: Tx, org: number, id_pessoa: number, at = new Date().toISOString()) {
  const lancamentos = await q.ledgerOf(tx, org, id_pessoa);
  return { ...cashbackBalance(lancamentos, at), lancamentos };
}
