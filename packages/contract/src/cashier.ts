/**
 * Till shifts (issue 23; 002 §3 Cashier, §9; 000 §7.4 /cashier_operation/process_canceled_sale). The rules are the
 * domain's (cashier.ts). A till sends what it does as events, each with its own UUID (id_evento), through its outbox:
 * POST /api/cashier/event is idempotent on it, as POST /api/operacao is on id_operacao. The shift is named by the
 * till's UUID (uuid_caixa), so events of a shift opened offline need no server id.
 */
import { z } from 'zod';
import { CASHIER_EVENT, CASHIER_MESSAGES, CASHIER_OPERATION, CASHIER_STATUS } from '@pdv/domain/cashier';
import { money } from './amounts.ts';
import { id, listQuery, listResult } from './common.ts';

const instant = z.iso.datetime({ offset: true, error: 'Data inválida.' });
const text = z.string().trim().max(500, { error: 'O motivo pode ter no máximo 500 caracteres.' });

export const cashierEventBody = z.object({
  /** The event's UUID: sent again (a resend, a retry after a crash), it is applied once. */
  id_evento: z.uuid({ error: 'id_evento deve ser um UUID.' }),
  tipo: z.enum(Object.values(CASHIER_EVENT) as [string, ...string[]], { error: CASHIER_MESSAGES.unknownEvent }),
  /** The shift's UUID, made by the till that opened it. */
  uuid_caixa: z.uuid({ error: 'uuid_caixa deve ser um UUID.' }),
  id_filial: id,
  /** When the till did it (its clock). */
  data: instant,
  /** Made while the till was offline (an opening then may duplicate another device's: it is kept and flagged). */
  is_offline: z.boolean().optional().default(false),
  /** Abertura: the float; Sangria / Suprimento: the amount; Apuracao: the amount counted of id_meio_pagamento. */
  valor: money.optional().default(0),
  id_meio_pagamento: id.nullish(),
  observacao: text.nullish(),
  /** Fechamento with a difference above the branch's limit: a supervisor's grant (FncAutorizarDiferencaCaixa). */
  id_autorizacao: id.nullish(),
}).strict();
export type CashierEventBody = z.input<typeof cashierEventBody>;

const cashierRow = z.object({
  id_caixa: z.number().int(),
  uuid_caixa: z.string(),
  id_filial: z.number().int(),
  id_usuario: z.number().int(),
  usuario: z.string(),
  data_abertura: z.string(),
  data_fechamento: z.string().nullable(),
  situacao: z.enum([CASHIER_STATUS.open, CASHIER_STATUS.closed]),
  is_aberto: z.boolean(),
  valor_abertura: z.number(),
  is_offline: z.boolean(),
  is_duplicado: z.boolean(),
  /** Closed offline with a difference above the limit: a supervisor's approval is still due. */
  is_aguardando_autorizacao: z.boolean(),
});
export type CashierRow = z.infer<typeof cashierRow>;

export const cashierEventResult = z.object({
  id_evento: z.string(),
  tipo: z.string(),
  duplicado: z.boolean(),
  caixa: cashierRow,
});
export type CashierEventResult = z.infer<typeof cashierEventResult>;

export const cashierFindBody = listQuery.extend({
  situacao: z.enum([CASHIER_STATUS.open, CASHIER_STATUS.closed]).optional(),
}).strict();
export const cashierFindResult = listResult(cashierRow);

export const cashierIdBody = z.object({ id_caixa: id }).strict();

const launch = z.object({ id_meio_pagamento: z.number().int(), meio_pagamento: z.string(), valor: z.number() });

export const cashierDetail = cashierRow.extend({
  /** Whether the caller sees the expected amounts (FncVerValoresEsperadosCaixa); without it they are null. */
  ver_esperado: z.boolean(),
  operacoes: z.array(z.object({
    id_caixa_operacao: z.number().int(),
    tipo: z.enum(Object.values(CASHIER_OPERATION) as [string, ...string[]]),
    data: z.string(),
    valor_total_liquido: z.number(),
    is_estornado: z.boolean(),
    observacao: z.string().nullable(),
    lancamentos: z.array(launch),
  })),
  /** Per payment method counted, or (for holders of the permission, or once closed) expected. */
  apuracao: z.array(z.object({
    id_meio_pagamento: z.number().int(),
    meio_pagamento: z.string(),
    apurado: z.number().nullable(),
    esperado: z.number().nullable(),
    diferenca: z.number().nullable(),
  })),
  /** The payment methods a count may name (the organization's active ones). */
  meios_pagamento: z.array(z.object({ id_meio_pagamento: z.number().int(), descricao: z.string(), meio_pagamento: z.string() })),
});
export type CashierDetail = z.infer<typeof cashierDetail>;

/** The caller's open shift in its active branch (the point of sale asks before selling), or null. */
export const cashierCurrentResult = z.object({ caixa: cashierRow.nullable() });

export const cashierReportResult = z.object({ id_caixa: z.number().int(), nome_arquivo: z.string(), pdf_base64: z.string() });

/** 000 §7.4: a sale cancelled after its till closed gets a reversal entry. */
export const processCanceledSaleBody = z.object({
  id_nota_fiscal: id.nullish(),
  id_pedido: id.nullish(),
}).strict().refine((b) => (b.id_nota_fiscal == null) !== (b.id_pedido == null), { error: 'Informe a nota fiscal ou o pedido.' });
export const processCanceledSaleResult = z.object({
  id_caixa: z.number().int(),
  id_caixa_operacao: z.number().int(),
  tipo: z.string(),
  valor_total_liquido: z.number(),
  is_estornado: z.boolean(),
});
