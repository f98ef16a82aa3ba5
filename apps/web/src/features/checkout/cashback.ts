/**
 * The customer's cashback at the point of sale (domain cashback.ts, the rules POST /api/operacao runs again): read from
 * the synced people row (cashback_saldo and the entries still blocked when it was read, cashback_bloqueios) at this
 * device's instant, less the redemptions of this device's operations still in the outbox; the minimum to redeem is
 * the branch's valor_resgate_cashback (synced config).
 */
import { offlineAvailable, syncedCashback, type CashbackBalance, type CashbackEntry } from '@pdv/domain/cashback';
import { fromDecimal, type Cents } from '@pdv/domain/money';
import type { LocalRow, LocalCopy } from '../../db/localCopy.ts';
import { cashbackHeldLocally } from '../outbox/operations.ts';

const money = (v: unknown): Cents => (typeof v === 'number' || (typeof v === 'string' && v !== '') ? fromDecimal(v) : 0);

/** The balance of a synced people row at `at` (ISO); zero without a row. */
export function cashbackOfRow(row: LocalRow | undefined, at: string): CashbackBalance {
  if (!row) return { saldo: 0, disponivel: 0, bloqueado: 0 };
  const bloqueios: CashbackEntry[] = (Array.isArray(row['cashback_bloqueios']) ? (row['cashback_bloqueios'] as LocalRow[]) : []).map((e) => ({
    valor: money(e['valor']),
    disponivel_em: typeof e['disponivel_em'] === 'string' ? e['disponivel_em'] : '',
  }));
  return syncedCashback(money(row['cashback_saldo']), bloqueios, at);
}

export interface TillCashback {
  /** What this till may redeem now: the synced available balance less its own pending redemptions. */
  disponivel: Cents;
  bloqueado: Cents;
  /** The branch's valor_resgate_cashback. */
  minimo: Cents;
}

/** The customer's cashback as this till may use it for the sale `idOperacao` (left out of the pending ones). */
export async function tillCashback(db: LocalCopy, idCliente: number, idFilial: number, idOperacao: string): Promise<TillCashback> {
  const [row, config, held] = await Promise.all([
    db.rows('people').get(idCliente),
    db.rows('config').where('id_filial').equals(idFilial).first(),
    cashbackHeldLocally(db, idCliente, idOperacao),
  ]);
  const balance = cashbackOfRow(row, new Date().toISOString());
  return { disponivel: offlineAvailable(balance.disponivel, held), bloqueado: balance.bloqueado, minimo: money(config?.['valor_resgate_cashback']) };
}
