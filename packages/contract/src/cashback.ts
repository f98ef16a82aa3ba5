/**
 * POST /api/people_cashback/history {id_pessoa}: a customer's cashback (issue 30; domain cashback.ts): the balance now
 * (total, available, blocked) and every ledger entry, newest first. Amounts as decimals with 2 places.
 */
import { z } from 'zod';
import { id } from './common.ts';

export const cashbackHistoryBody = z.object({ id_pessoa: id }).strict();

export const cashbackLedgerEntry = z.object({
  id_pessoa_cashback_lancamento: z.number().int(),
  id_filial: z.number().int(),
  tipo: z.enum(['Acumulo', 'Resgate', 'Estorno']),
  valor: z.number(),
  disponivel_em: z.string(),
  id_pedido: z.number().int().nullable(),
  id_nota_fiscal: z.number().int().nullable(),
  id_lancamento_origem: z.number().int().nullable(),
  usuario: z.string().nullable(),
  observacao: z.string().nullable(),
  data_cadastro: z.string(),
});
export type CashbackLedgerEntry = z.infer<typeof cashbackLedgerEntry>;

export const cashbackHistoryResult = z.object({
  id_pessoa: z.number().int(),
  nome: z.string(),
  saldo: z.number(),
  disponivel: z.number(),
  bloqueado: z.number(),
  lancamentos: z.array(cashbackLedgerEntry),
});
export type CashbackHistoryResult = z.infer<typeof cashbackHistoryResult>;
