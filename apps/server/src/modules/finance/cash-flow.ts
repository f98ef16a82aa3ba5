/**
 * Cash flow by day (issue 24 "Reports"; 002 §2 dashboards, cash flow): for each day of a period, the money that
 * moved in the bank accounts the active branch may use (all of them, or the one asked: discharges and transfers,
 * bank-launches.ts' MOVEMENTS) and what the branch's open receivables and payables still expect on their due dates
 * (their balance; a card sale's receivable on its credit date). The realized balance starts from every movement
 * before the period; the forecast balance adds the expected amounts of the period's days (overdue documents from
 * before the period are not in it: they are the financial documents list's). Each day has its opening balances
 * (saldo_inicial, saldo_inicial_previsto: the day before's closing) and its closing ones (saldo, saldo_previsto).
 * Periods up to 366 days.
 */
import { RECONCILIATION_MESSAGES as M } from '@pdv/domain/bank-reconciliation';
import { fromDecimal, toDecimal } from '@pdv/domain/money';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import { MOVEMENTS } from './bank-launches.ts';

const DAY_MS = 86_400_000;

export const cashFlowHandlers = {
  documentFinancialCashFlow: async ({ tx, caller, body }) => {
    const org = caller.id_organization;
    const days = Math.round((Date.parse(`${body.data_fim}T00:00:00Z`) - Date.parse(`${body.data_inicio}T00:00:00Z`)) / DAY_MS) + 1;
    if (days > 366) throw badRequest(M.periodTooLong);
    // $1 organization, $2 branch, $5 the account asked or null; $3 and $4 the period.
    const accounts = `SELECT id_conta FROM conta_bancaria WHERE id_organization = $1 AND data_exclusao IS NULL AND (id_filial IS NULL OR id_filial = $2)
                        AND ($5::int IS NULL OR id_conta = $5::int)`;
    const params = [org, caller.id_filial, body.data_inicio, body.data_fim, body.id_conta ?? null];
    if (body.id_conta !== undefined) {
      const { rows } = await tx.query(`${accounts} AND $3::date <= $4::date`, params);
      if (rows.length === 0) throw notFound();
    }
    const opening = await tx.query<{ saldo: string }>(
      `SELECT coalesce(sum(CASE WHEN m.tipo = 'Credito' THEN m.valor ELSE -m.valor END), 0)::text AS saldo
         FROM ${MOVEMENTS} WHERE m.id_organization = $1 AND m.data_efetivacao < $3::date AND $4::date IS NOT NULL AND m.id_conta IN (${accounts})`,
      params,
    );
    const { rows } = await tx.query<{ data: string; entradas: string; saidas: string; a_receber: string; a_pagar: string }>(
      `WITH dias AS (SELECT generate_series($3::date, $4::date, interval '1 day')::date AS data),
            mov AS (SELECT m.data_efetivacao AS data, sum(m.valor) FILTER (WHERE m.tipo = 'Credito') AS entradas, sum(m.valor) FILTER (WHERE m.tipo = 'Debito') AS saidas
                      FROM ${MOVEMENTS} WHERE m.id_organization = $1 AND m.data_efetivacao BETWEEN $3::date AND $4::date AND m.id_conta IN (${accounts})
                     GROUP BY m.data_efetivacao),
            doc AS (SELECT d.data_vencimento AS data, sum(d.saldo) FILTER (WHERE d.operacao = 'Entrada') AS a_receber, sum(d.saldo) FILTER (WHERE d.operacao = 'Saida') AS a_pagar
                      FROM documento_financeiro d
                     WHERE d.id_organization = $1 AND d.id_filial = $2 AND d.situacao IN ('Aberto', 'Parcial') AND d.data_exclusao IS NULL
                       AND d.data_vencimento BETWEEN $3::date AND $4::date
                     GROUP BY d.data_vencimento)
       SELECT dias.data::text AS data, coalesce(mov.entradas, 0)::text AS entradas, coalesce(mov.saidas, 0)::text AS saidas,
              coalesce(doc.a_receber, 0)::text AS a_receber, coalesce(doc.a_pagar, 0)::text AS a_pagar
         FROM dias LEFT JOIN mov USING (data) LEFT JOIN doc USING (data) ORDER BY dias.data`,
      params,
    );
    const start = fromDecimal(opening.rows[0]?.saldo ?? '0');
    let saldo = start;
    let previsto = start;
    const totais = { entradas: 0, saidas: 0, a_receber: 0, a_pagar: 0 };
    const dias = rows.map((r) => {
      const v = { entradas: fromDecimal(r.entradas), saidas: fromDecimal(r.saidas), a_receber: fromDecimal(r.a_receber), a_pagar: fromDecimal(r.a_pagar) };
      const opening = { saldo_inicial: toDecimal(saldo), saldo_inicial_previsto: toDecimal(previsto) };
      saldo += v.entradas - v.saidas;
      previsto += v.entradas - v.saidas + v.a_receber - v.a_pagar;
      for (const k of Object.keys(totais) as Array<keyof typeof totais>) totais[k] += v[k];
      return {
        data: r.data, ...opening, entradas: toDecimal(v.entradas), saidas: toDecimal(v.saidas), a_receber: toDecimal(v.a_receber), a_pagar: toDecimal(v.a_pagar),
        saldo: toDecimal(saldo), saldo_previsto: toDecimal(previsto),
      };
    });
    return {
      saldo_inicial: toDecimal(start), dias,
      totais: { entradas: toDecimal(totais.entradas), saidas: toDecimal(totais.saidas), a_receber: toDecimal(totais.a_receber), a_pagar: toDecimal(totais.a_pagar) },
      saldo_final: toDecimal(saldo), saldo_final_previsto: toDecimal(previsto),
    };
  },
} satisfies Partial<Handlers>;
