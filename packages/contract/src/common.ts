import { z } from 'zod';

/** Body of every error answer (ARCHITECTURE.md "Errors"). */
export const errorBody = z.object({
  message: z.string(),
  complement: z.string().optional(),
  erros: z.array(z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** A database id: a positive integer (accepts a numeric string from forms). */
export const id = z.coerce
  .number({ error: 'Informe um identificador numérico.' })
  .int({ error: 'O identificador deve ser um número inteiro.' })
  .positive({ error: 'O identificador deve ser maior que zero.' })
  .max(2_147_483_647, { error: 'Identificador fora do intervalo permitido.' });

export const situacao = z.enum(['Ativo', 'Inativo'], { error: "A situação deve ser 'Ativo' ou 'Inativo'." });

/** Paging of list calls: {search, skip, take} with the spec's default page size of 20. */
export const listQuery = z.object({
  search: z.string().max(200, { error: 'A pesquisa pode ter no máximo 200 caracteres.' }).optional().default(''),
  skip: z.coerce.number().int().min(0, { error: 'skip não pode ser negativo.' }).max(1_000_000).optional().default(0),
  take: z.coerce.number().int().min(1, { error: 'take deve ser ao menos 1.' }).max(200, { error: 'take pode ser no máximo 200.' }).optional().default(20),
});

export function listResult<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), count: z.number().int() });
}

export const empty = z.object({}).strict();
