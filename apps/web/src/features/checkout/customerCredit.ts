/**
 * The customer's credit rules at the point of sale (credit-rules.ts customerCreditError, the function POST
 * /api/operacao runs again): judged on the synced people row (its rules and open receivables, parcelas_abertas), so
 * they hold offline; on the day the sale began, as the server counts it.
 */
import { creditOnSale, customerCreditError, type CustomerCreditFacts } from '@pdv/domain/credit-rules';
import { fromDecimal } from '@pdv/domain/money';
import type { LocalRow, LocalCopy } from '../../db/localCopy.ts';
import type { OperationBundle } from '../outbox/types.ts';
import { toDomain } from './draft.ts';

const money = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : fromDecimal(v as number | string));

/** The credit facts of a synced people row (null: no row). */
export function creditFactsOf(row: LocalRow | undefined): CustomerCreditFacts | null {
  if (!row) return null;
  const parcelas = Array.isArray(row['parcelas_abertas']) ? (row['parcelas_abertas'] as Array<Record<string, unknown>>) : [];
  return {
    bloquear_venda_saldo_vencido: row['bloquear_venda_saldo_vencido'] === true,
    bloquear_venda_sem_saldo: row['bloquear_venda_sem_saldo'] === true,
    valor_devedor_maximo: money(row['valor_devedor_maximo']),
    valor_vencido_maximo: money(row['valor_vencido_maximo']),
    parcelas_abertas: parcelas.map((p) => ({ data_vencimento: typeof p['data_vencimento'] === 'string' ? p['data_vencimento'] : '', saldo: money(p['saldo']) ?? 0 })),
  };
}

/** Why this sale on credit breaks its customer's rules, or null (no customer, nothing on credit, a quote, or a grant). */
export function creditRefusalOf(bundle: OperationBundle, row: LocalRow | undefined): string | null {
  const op = bundle.operation;
  if (op.id_cliente == null || op.modo_operacao === 'Orcamento' || op.id_autorizacao_credito != null) return null;
  const facts = creditFactsOf(row);
  if (!facts) return null;
  return customerCreditError(facts, creditOnSale(toDomain(bundle).pagamentos), op.data_inicio.slice(0, 10));
}

export async function creditRefusal(db: LocalCopy, bundle: OperationBundle): Promise<string | null> {
  const id = bundle.operation.id_cliente;
  if (id == null) return null;
  return creditRefusalOf(bundle, await db.rows('people').get(id));
}
