/**
 * Bank conciliation and cash flow (issue 24; 002 §2 "bank conciliation", §3 rows keyed by id_conta_conciliacao, §9
 * sorted data_emissao_nfe desc, 20 a page). An OFX statement is imported into a bank account (its lines kept once per
 * FITID), each pending line is shown with the launch the matching rule (packages/domain/src/bank-reconciliation.ts)
 * proposes, or none, and a confirmed line is bound to its launch. Amounts travel in reais with 2 decimals, a
 * statement line signed (credit positive).
 */
import { z } from 'zod';
import { RECONCILIATION_MESSAGES as M } from '@pdv/domain/bank-reconciliation';
import { id, listQuery } from './common.ts';

/** A real calendar day AAAA-MM-DD (2026-02-30 is refused here, not by the database). */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data inválida (use AAAA-MM-DD).' })
  .refine((v) => { const t = Date.parse(`${v}T00:00:00Z`); return Number.isFinite(t) && new Date(t).toISOString().startsWith(v); }, { error: 'Data inválida (use AAAA-MM-DD).' });

export const reconciliationImportBody = z.object({
  id_conta: id,
  nome_arquivo: z.string().trim().max(200, { error: 'O nome do arquivo pode ter no máximo 200 caracteres.' }).optional(),
  /** The file's bytes in base64: the server reads its encoding (UTF-8, or Windows-1252 / ISO-8859-1). */
  conteudo_base64: z.string({ error: M.fileMissing }).min(1, { error: M.fileMissing }).max(7_000_000, { error: 'Arquivo grande demais.' })
    .regex(/^[A-Za-z0-9+/\r\n]*={0,2}\s*$/, { error: M.fileInvalid }),
}).strict();
export const reconciliationImportResult = z.object({
  banco: z.string(),
  agencia: z.string(),
  conta: z.string(),
  data_inicio: z.string().nullable(),
  data_fim: z.string().nullable(),
  /** Lines in the file, lines new to the account, lines already imported before (kept as they were). */
  quantidade: z.number().int(),
  novas: z.number().int(),
  ja_importadas: z.number().int(),
});

export const reconciliationView = z.enum(['todas', 'sugeridas', 'sem_correspondencia', 'conciliadas'], {
  error: "A visão deve ser 'todas', 'sugeridas', 'sem_correspondencia' ou 'conciliadas'.",
});
export const reconciliationFindBody = listQuery.extend({
  id_conta: id,
  visao: reconciliationView.optional().default('todas'),
}).strict();

/** What a line is (or would be) bound to: a discharge, a transfer half, or a card operator's expected credit. */
export const reconciliationCounterpart = z.object({
  tipo: z.enum(['Lancamento', 'Transferencia', 'Cartao']),
  id_documento_financeiro_lancamento: z.number().int().nullable(),
  id_conta_bancaria_lancamento: z.number().int().nullable(),
  id_documento_financeiro: z.number().int().nullable(),
  data: z.string(),
  valor: z.number(),
  descricao: z.string(),
});
export const reconciliationRow = z.object({
  id_conta_conciliacao: z.number().int(),
  id_conta: z.number().int(),
  fitid: z.string(),
  tipo: z.string(),
  data_emissao_nfe: z.string(),
  valor: z.number(),
  memo: z.string(),
  documento: z.string(),
  nome_arquivo: z.string().nullable(),
  situacao: z.enum(['Pendente', 'Conciliado']),
  /** Conciliado: the launch it is bound to; Pendente: the rule's proposal, or null (no match). */
  correspondencia: reconciliationCounterpart.nullable(),
  data_conciliacao: z.string().nullable(),
});
export const reconciliationFindResult = z.object({
  rows: z.array(reconciliationRow),
  count: z.number().int(),
  totais: z.object({ sugeridas: z.number().int(), sem_correspondencia: z.number().int(), conciliadas: z.number().int() }),
});

/** Confirms a line against exactly one launch of its account (the proposal, or another one that matches). */
export const reconciliationConfirmBody = z.object({
  id_conta_conciliacao: id,
  id_documento_financeiro_lancamento: id.optional(),
  id_conta_bancaria_lancamento: id.optional(),
  /** A card operator's open receivable: discharged into the account on the line's date, then bound. */
  id_documento_financeiro: id.optional(),
}).strict().refine(
  (b) => [b.id_documento_financeiro_lancamento, b.id_conta_bancaria_lancamento, b.id_documento_financeiro].filter((v) => v !== undefined).length === 1,
  { error: M.chooseOne },
);
export const reconciliationByIdBody = z.object({ id_conta_conciliacao: id }).strict();
/** The launches a pending line could be confirmed against by hand: same amount, within 30 days, closest first. */
export const reconciliationCandidatesResult = z.object({ rows: z.array(reconciliationCounterpart) });

/**
 * Cash flow by day (002 §2 dashboards): the money that moved in the organization's bank accounts (one, or all) and
 * the open receivables and payables of the active branch due each day, with the opening and closing balances.
 */
export const cashFlowBody = z.object({
  data_inicio: isoDate,
  data_fim: isoDate,
  id_conta: id.optional(),
}).strict().refine((b) => b.data_fim >= b.data_inicio, { error: M.periodInvalid, path: ['data_fim'] });
const cashFlowAmounts = {
  entradas: z.number(),
  saidas: z.number(),
  a_receber: z.number(),
  a_pagar: z.number(),
};
export const cashFlowResult = z.object({
  saldo_inicial: z.number(),
  /** Per day: its opening balances (the day before's closing), what moved and was expected, its closing balances. */
  dias: z.array(z.object({
    data: z.string(), saldo_inicial: z.number(), saldo_inicial_previsto: z.number(), ...cashFlowAmounts, saldo: z.number(), saldo_previsto: z.number(),
  })),
  totais: z.object(cashFlowAmounts),
  saldo_final: z.number(),
  saldo_final_previsto: z.number(),
});
export type CashFlowResult = z.infer<typeof cashFlowResult>;
export type ReconciliationRow = z.infer<typeof reconciliationRow>;
