/**
 * The commission report (issue 30; 002 §9 "commission total_vendas desc"): per seller of the active branch, for a
 * period of days (AAAA-MM-DD, both included, in the branch's time zone), the counted sales, the returns subtracted,
 * the base, the goal range reached and the commission, by the rule of packages/domain/src/commission.ts and the
 * seller's commission group. Sellers with no group are listed with no commission (so the totals match the sales).
 * Amounts are decimals in reais; percentages decimals (5.5 = 5,5%).
 */
import { z } from 'zod';
import { COMMISSION_MESSAGES as M, reportPeriodIssue } from '@pdv/domain/commission';
import { id } from './common.ts';

/** A day of the calendar (2026-02-30 and 3000-00-00 are not). */
const isDay = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data inválida (use AAAA-MM-DD).' }).refine(isDay, { error: 'Data inválida (use AAAA-MM-DD).' });

export const commissionReportBody = z
  .object({
    data_inicio: isoDate,
    data_fim: isoDate,
    /** One seller only (absent: every seller with sales or returns in the period). */
    id_usuario: id.optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    const issue = reportPeriodIssue(b.data_inicio, b.data_fim);
    if (issue) ctx.addIssue({ code: 'custom', message: issue, path: ['data_fim'] });
  });

export const commissionReportRow = z.object({
  id_usuario: z.number().int(),
  nome: z.string(),
  id_grupo_comissao: z.number().int().nullable(),
  grupo: z.string().nullable(),
  quantidade_vendas: z.number().int(),
  total_vendas: z.number(),
  total_devolucoes: z.number(),
  base_comissao: z.number(),
  /** The goal range's percentual when one was reached. */
  percentual_faixa: z.number().nullable(),
  valor_comissao: z.number(),
});

export const commissionReportResult = z.object({
  rows: z.array(commissionReportRow),
  totais: z.object({ total_vendas: z.number(), total_devolucoes: z.number(), base_comissao: z.number(), valor_comissao: z.number() }),
});

export type CommissionReportRow = z.infer<typeof commissionReportRow>;
export type CommissionReportResult = z.infer<typeof commissionReportResult>;
export { M as COMMISSION_REPORT_MESSAGES };
