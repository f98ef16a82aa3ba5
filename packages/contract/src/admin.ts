import { z } from 'zod';
import { id, listQuery, listResult, situacao } from './common.ts';
import { permissao } from './session.ts';

export const userRow = z.object({
  id_usuario: z.number().int(),
  nome: z.string(),
  email: z.string(),
  situacao: z.string(),
  is_vendedor: z.boolean(),
  is_login: z.boolean(),
  percentual_desconto_maximo: z.number(),
  perfis: z.array(
    z.object({
      id_perfil_filial: z.number().int(),
      id_filial: z.number().int(),
      filial: z.string(),
      id_perfil: z.number().int(),
      perfil: z.string(),
      is_principal: z.boolean(),
    }),
  ),
  data_cadastro: z.string(),
});
export type UserRow = z.infer<typeof userRow>;
export const userListBody = listQuery;
export const userListResult = listResult(userRow);
export const userByIdBody = z.object({ id_usuario: id });
export const userEnableDisableBody = z.object({ id_usuario: id, situacao });

export const profile = z.object({
  id_perfil: z.number().int(),
  id_empresa: z.number().int(),
  descricao: z.string(),
  perfil_permissao: z.array(permissao),
  filiais: z.array(z.object({ id_perfil_filial: z.number().int(), id_filial: z.number().int(), nome_fantasia: z.string().nullable() })),
});
export type Profile = z.infer<typeof profile>;
export const profileListBody = listQuery;
export const profileListResult = listResult(profile);
export const profileByIdBody = z.object({ id_perfil: id });
