/**
 * Financial documents (001 §7 "Financial documents", 002 §3 Financial document, Document launch, Discharge row):
 * receivables (operacao Entrada) and payables (Saida) of the active branch, their discharges (baixa) into a bank
 * account and the reversal (estorno) of a discharge. Amounts travel in reais with 2 decimals.
 */
import { z } from 'zod';
import { FINANCE_MESSAGES, FINANCIAL_SITUATIONS, type FinancialSituation } from '@pdv/domain/financial-document';
import { money } from './amounts.ts';
import { id, listQuery, listResult } from './common.ts';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data inválida (use AAAA-MM-DD).' });
export const financialOperation = z.enum(['Entrada', 'Saida'], { error: "A operação deve ser 'Entrada' (a receber) ou 'Saida' (a pagar)." });
export const financialSituation = z.enum(FINANCIAL_SITUATIONS as [FinancialSituation, ...FinancialSituation[]], { error: 'Situação inválida.' });
const note = z.string().trim().max(500, { error: 'A observação pode ter no máximo 500 caracteres.' });
const positive = money.refine((v) => v > 0, { error: FINANCE_MESSAGES.invalidValue });

export const financialLaunch = z.object({
  id_documento_financeiro_lancamento: z.number().int(),
  id_documento_financeiro: z.number().int(),
  tipo: z.string(),
  id_meio_pagamento: z.number().int().nullable(),
  id_conta: z.number().int().nullable(),
  conta_descricao: z.string().nullable(),
  valor: z.number(),
  valor_baixado: z.number(),
  valor_desconto: z.number(),
  valor_acrescimo: z.number(),
  valor_juros: z.number(),
  valor_multa: z.number(),
  is_estornado: z.boolean(),
  observacao: z.string().nullable(),
  observacao_estorno: z.string().nullable(),
  id_usuario_lancamento: z.number().int().nullable(),
  usuario: z.string().nullable(),
  data_lancamento: z.string(),
  data_efetivacao: z.string(),
  data_estorno: z.string().nullable(),
});
export type FinancialLaunch = z.infer<typeof financialLaunch>;

export const financialDocument = z.object({
  id_documento_financeiro: z.number().int(),
  id_filial: z.number().int(),
  numero: z.string(),
  sequencia: z.number().int(),
  operacao: financialOperation,
  situacao: financialSituation,
  valor_documento: z.number(),
  valor_atualizado: z.number(),
  saldo: z.number(),
  /** Money of the live discharges. */
  valor_pago: z.number(),
  /** Interest and fine the open balance carries today (branch configuration; 0 when not late). */
  valor_juros: z.number(),
  valor_multa: z.number(),
  data_cadastro: z.string(),
  data_alteracao: z.string(),
  data_emissao: z.string(),
  data_vencimento: z.string(),
  data_quitacao: z.string().nullable(),
  data_estorno: z.string().nullable(),
  data_ultimo_pagamento: z.string().nullable(),
  id_pessoa: z.number().int().nullable(),
  pessoa: z.object({ id_pessoa: z.number().int(), nome: z.string(), cpf: z.string().nullable(), cnpj: z.string().nullable() }).nullable(),
  id_meio_pagamento: z.number().int().nullable(),
  id_plano_conta: z.number().int().nullable(),
  id_centro_custo: z.number().int().nullable(),
  id_nota_fiscal: z.number().int().nullable(),
  id_pedido: z.number().int().nullable(),
  observacao: z.string().nullable(),
});
export type FinancialDocument = z.infer<typeof financialDocument>;

export const financialDocumentDetail = financialDocument.extend({ lancamentos: z.array(financialLaunch) });
export type FinancialDocumentDetail = z.infer<typeof financialDocumentDetail>;

export const financialFilter = z.object({
  operacao: financialOperation.optional(),
  situacao: z.union([financialSituation, z.array(financialSituation).min(1).max(4)]).optional(),
  id_pessoa: id.optional(),
  /** Due-date period; the current month when left out (002 §9). */
  data_inicio: isoDate.optional(),
  data_fim: isoDate.optional(),
}).strict();

export const financialFindBody = listQuery.extend({
  filter: financialFilter.optional().default({}),
  order: z.enum(['asc', 'desc']).optional().default('desc'),
  column: z.enum(['data_vencimento', 'numero', 'valor_documento', 'saldo']).optional().default('data_vencimento'),
}).strict();

export const financialTotals = z.object({
  quantidade: z.number().int(),
  valor_documento: z.number(),
  valor_pago: z.number(),
  saldo: z.number(),
});
export type FinancialTotals = z.infer<typeof financialTotals>;

export const financialFindResult = z.object({ rows: z.array(financialDocument), count: z.number().int(), totais: financialTotals });
export const financialValuesBody = z.object({ filter: financialFilter.optional().default({}), search: listQuery.shape.search }).strict();

export const financialByIdBody = z.object({ id_documento_financeiro: id }).strict();
export const financialManyBody = z.object({ ids: z.array(id).min(1, { error: FINANCE_MESSAGES.noDocuments }).max(200) }).strict();
export const financialManyResult = z.object({ documentos: z.array(financialDocumentDetail) });

const documentFields = {
  numero: z.string().trim().min(1, { error: 'Informe o número do documento.' }).max(30, { error: 'O número pode ter no máximo 30 caracteres.' }).optional(),
  sequencia: z.coerce.number().int().min(1).max(999).optional(),
  valor_documento: positive,
  data_emissao: isoDate.optional(),
  data_vencimento: isoDate,
  id_pessoa: id.nullable().optional(),
  id_meio_pagamento: id.nullable().optional(),
  id_plano_conta: id.nullable().optional(),
  id_centro_custo: id.nullable().optional(),
  observacao: note.nullable().optional(),
};
export const financialCreateBody = z.object({ operacao: financialOperation, ...documentFields }).strict();
export const financialUpdateBody = z.object({ id_documento_financeiro: id, ...documentFields }).strict();

export const financialSplitBody = z.object({
  id_documento_financeiro: id,
  parcelas: z.array(z.object({ valor: positive, data_vencimento: isoDate }).strict()).min(2, { error: FINANCE_MESSAGES.splitCount }).max(120),
}).strict();

export const financialDischargeBody = z.object({
  /** The checked documents, in list order: the allocation follows it. */
  documentos: z.array(id).min(1, { error: FINANCE_MESSAGES.noDocuments }).max(200),
  valor_total: money,
  valor_desconto: money.optional().default(0),
  valor_acrescimo: money.optional().default(0),
  /** Adds each late document's interest and fine (branch configuration). */
  calcular_juros_multa: z.boolean().optional().default(false),
  id_conta: id,
  id_meio_pagamento: id.nullable().optional(),
  data_pagamento: isoDate.optional(),
  observacao: note.nullable().optional(),
}).strict();
export const financialDischargeResult = z.object({ documentos: z.array(financialDocumentDetail), lancamentos: z.array(financialLaunch) });
/**
 * The till's discharge (discharge_document_checkout, 001 §7): the customer's checked receivables received at the point
 * of sale with the payments taken, by the same rule as POST /api/operacao's receipt mode. valor_total is what the
 * screen showed (balances with interest and fine); another amount owed on the server refuses it.
 */
export const dischargeCheckoutBody = z.object({
  id_cliente: id,
  documentos: z.array(id).min(1, { error: FINANCE_MESSAGES.noDocuments }).max(100),
  valor_total: money,
  pagamentos: z.array(z.object({ id_meio_pagamento: id, valor_total: money }).strict()).min(1).max(20),
}).strict();
export const dischargeCheckoutResult = z.object({
  valor_total: z.number(),
  valor_troco: z.number(),
  documentos: z.array(financialDocumentDetail),
});

export const launchCancelBody = z.object({
  id_documento_financeiro_lancamento: id,
  observacao: z.string().trim().min(1, { error: FINANCE_MESSAGES.reversalNote }).max(500),
}).strict();
export const launchListResult = z.object({ rows: z.array(financialLaunch) });

export const financialByNumberBody = z.object({ numero: z.string().trim().min(1).max(30), operacao: financialOperation.optional() }).strict();
export const financialListResult = z.object({ rows: z.array(financialDocument) });
export const financialNextNumberResult = z.object({ numero: z.string() });
export const financialByInvoiceBody = z.object({ id_nota_fiscal: id }).strict();

/** The invoice a document came from (find_invoice_by_document_financial); null when it has none. */
export const financialInvoiceResult = z.object({
  nota_fiscal: z.object({
    id_nota_fiscal: z.number().int(),
    modelo: z.string(),
    serie: z.number().int().nullable(),
    numero_nota_fiscal: z.number().int().nullable(),
    chave_acesso: z.string().nullable(),
    situacao: z.string(),
    data_emissao: z.string(),
    valor_total: z.number(),
  }).nullable(),
});

/** A discharge of one document with the amounts typed (document_financial_launch/create). */
export const launchCreateBody = z.object({
  id_documento_financeiro: id,
  valor: positive,
  valor_desconto: money.optional().default(0),
  valor_acrescimo: money.optional().default(0),
  valor_juros: money.optional().default(0),
  valor_multa: money.optional().default(0),
  id_conta: id,
  id_meio_pagamento: id.nullable().optional(),
  data_efetivacao: isoDate.optional(),
  observacao: note.nullable().optional(),
}).strict();

/** What a launch may change after the fact: its note and its date; amounts change only by reversal and a new launch. */
export const launchUpdateBody = z.object({
  id_documento_financeiro_lancamento: id,
  observacao: note.nullable().optional(),
  data_efetivacao: isoDate.optional(),
}).strict();

/** The financial documents report's data (find_report): the filter's documents grouped by due date or by document. */
export const financialReportBody = z.object({
  filter: financialFilter.optional().default({}),
  search: listQuery.shape.search,
  agrupamento: z.enum(['data', 'documento'], { error: "O agrupamento deve ser 'data' ou 'documento'." }).optional().default('data'),
  tipo: z.enum(['resumido', 'detalhado'], { error: "O tipo deve ser 'resumido' ou 'detalhado'." }).optional().default('resumido'),
}).strict();
export const financialReportResult = z.object({
  grupos: z.array(z.object({
    chave: z.string(),
    totais: financialTotals,
    documentos: z.array(financialDocument),
  })),
  totais: financialTotals,
});

/**
 * A bank account's launches (/bank_account_launch/find): the live discharges that went into or out of it in a period
 * (a receivable's money in: Credito; a payable's out: Debito), with the balance before, the money in and out, and the
 * balance after; transfers between accounts are launches of their own.
 */
export const bankLaunchFindBody = listQuery.extend({
  id_conta: id,
  data_inicio: isoDate.optional(),
  data_fim: isoDate.optional(),
}).strict();
export const bankLaunch = z.object({
  /** A discharge's launch, or null for the account's own launch (a transfer's half). */
  id_documento_financeiro_lancamento: z.number().int().nullable(),
  id_conta_bancaria_lancamento: z.number().int().nullable(),
  id_documento_financeiro: z.number().int().nullable(),
  id_filial: z.number().int().nullable(),
  data_efetivacao: z.string(),
  tipo: z.enum(['Credito', 'Debito']),
  valor: z.number(),
  descricao: z.string(),
});
const bankBalances = {
  saldo_anterior: z.number(),
  entradas: z.number(),
  saidas: z.number(),
  saldo_final: z.number(),
};
export const bankLaunchFindResult = z.object({ rows: z.array(bankLaunch), count: z.number().int(), ...bankBalances });

/** Every active account's movement in a period (/bank_account/moviment): the summary panel. */
export const bankMovementBody = z.object({ data_inicio: isoDate.optional(), data_fim: isoDate.optional() }).strict();
export const bankMovementResult = z.object({
  rows: z.array(z.object({ id_conta: z.number().int(), descricao: z.string(), ...bankBalances })),
});

/** A transfer between two accounts of the organization (the summary and transfer side panel). */
export const bankTransferBody = z.object({
  id_conta_origem: id,
  id_conta_destino: id,
  valor: positive,
  data_efetivacao: isoDate.optional(),
  descricao: z.string().trim().max(200).optional(),
}).strict();
export const bankTransferResult = z.object({ id_transferencia: z.string(), lancamentos: z.array(bankLaunch) });
/** The transfers between accounts of a period (the current month when left out), newest first: the side panel's list. */
export const bankTransferFindBody = bankMovementBody;
export const bankTransferRow = z.object({
  id_transferencia: z.string(),
  data_efetivacao: z.string(),
  valor: z.number(),
  descricao: z.string(),
  id_conta_origem: z.number().int(),
  conta_origem: z.string(),
  id_conta_destino: z.number().int(),
  conta_destino: z.string(),
  is_estornado: z.boolean(),
});
export type BankTransferRow = z.infer<typeof bankTransferRow>;
export const bankTransferFindResult = z.object({ rows: z.array(bankTransferRow) });
/** A transfer made by mistake reversed whole (both halves), with the reason. */
export const bankTransferCancelBody = z.object({
  id_transferencia: z.uuid({ error: 'id_transferencia deve ser um UUID.' }),
  observacao: z.string().trim().min(1, { error: FINANCE_MESSAGES.reversalNote }).max(200),
}).strict();

/** The banks by COMPE code (001 §7 /bank/find {search, take, skip}): the code with its zeros and the name. */
export const bankRow = z.object({ id_banco: z.number().int(), codigo: z.string(), nome: z.string() });
export const bankFindBody = listQuery.strict();
export const bankFindResult = listResult(bankRow);
/** 001 §7 /bank/find_by_branch {where:{id_filial}}: the banks the branch keeps accounts in. */
export const bankFindByBranchBody = z.object({ where: z.object({ id_filial: id }).strict() }).strict();
export const bankFindByBranchResult = z.object({ rows: z.array(bankRow) });
