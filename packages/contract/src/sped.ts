/**
 * SPED EFD ICMS/IPI of a branch and month (issue 32, 002 §2 "fiscal management SPED"). The spec names no path nor
 * fields: ours, POST /fiscal/sped. The answer carries the file's text (the screen saves it in ISO 8859-1 with CRLF
 * lines, as the PVA reads it) and its name.
 */
import { z } from 'zod';
import { SPED_MESSAGES as M } from '@pdv/domain/sped';

export const spedBody = z.object({
  id_filial: z.number({ error: M.branchInvalid }).int({ error: M.branchInvalid }).positive({ error: M.branchInvalid }),
  mes: z.string({ error: M.monthInvalid }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: M.monthInvalid }),
  /** Write block H from the branch's inventories processed in the month. */
  inventario: z.boolean().optional().default(false),
  /** The state's revenue code of the ICMS to pay (E116 COD_REC). */
  codigo_receita: z.string().trim().max(20).optional().default(''),
}).strict();
export type SpedBody = z.infer<typeof spedBody>;

export const spedResult = z.object({
  nome_arquivo: z.string(),
  conteudo: z.string(),
  linhas: z.number().int(),
});
export type SpedResult = z.infer<typeof spedResult>;
