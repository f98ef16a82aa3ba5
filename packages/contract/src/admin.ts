import { z } from 'zod';
import { id, listQuery, listResult } from './common.ts';
import { filialResumo } from './session.ts';

export const branchListBody = listQuery;
export const branch = filialResumo.extend({
  ie: z.string().nullable(),
  im: z.string().nullable(),
  email: z.string().nullable(),
  telefone: z.string().nullable(),
  celular: z.string().nullable(),
  cep: z.string().nullable(),
  endereco: z.string().nullable(),
  numero: z.string().nullable(),
  complemento: z.string().nullable(),
  bairro: z.string().nullable(),
  id_cidade: z.number().int().nullable(),
  data_cadastro: z.string(),
  data_alteracao: z.string(),
});
export type Branch = z.infer<typeof branch>;
export const branchListResult = listResult(branch);
export const branchByIdBody = z.object({ id_filial: id });
