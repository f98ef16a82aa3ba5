/**
 * Supervisor authorizations (001 §3 "Authorization": id_autorizacao, origem, id_origem, id_usuario_solicitacao,
 * id_usuario_autorizacao, situacao, observacao, data_solicitacao, data_autorizacao, id_filial; §7 /authorization
 * create, update, list). A grant is made only by /user/validate-user-credential (a supervisor's credentials); create
 * only asks, update only describes or cancels: neither can grant.
 */
import { z } from 'zod';
import { AUTHORIZATION_STATUS } from '@pdv/domain/authorization';
import { id, listQuery, listResult } from './common.ts';
import { optionalText } from './order-inputs.ts';

const origem = z.string().trim().min(1).max(60, { error: 'Origem com mais de 60 caracteres.' });
const idOrigem = z.string().trim().min(1).max(100, { error: 'id_origem com mais de 100 caracteres.' });
const permission = z.string({ error: 'Informe a permissão.' }).trim().min(1, { error: 'Informe a permissão.' }).max(100);

/** The optional description of what a grant is for, sent with the supervisor's credentials or a request. */
export const authorizationPurpose = {
  origem: origem.nullable().optional(),
  id_origem: idOrigem.nullable().optional(),
  observacao: optionalText(500),
};

export const authorization = z.object({
  id_autorizacao: z.number().int(),
  id_filial: z.number().int(),
  permissao: z.string(),
  origem: z.string().nullable(),
  id_origem: z.string().nullable(),
  id_usuario_solicitacao: z.number().int(),
  id_usuario_autorizacao: z.number().int().nullable(),
  situacao: z.enum(AUTHORIZATION_STATUS),
  observacao: z.string().nullable(),
  data_solicitacao: z.string(),
  data_autorizacao: z.string().nullable(),
  data_utilizacao: z.string().nullable(),
});
export type Authorization = z.infer<typeof authorization>;

/** POST /authorization/create: the caller asks, in its active branch, for a permission; a supervisor grants it later. */
export const authorizationCreateBody = z.object({ permissao: permission, ...authorizationPurpose }).strict();
/** PUT /authorization/update: the requester describes its request or cancels it (situacao Cancelada); nothing grants. */
export const authorizationUpdateBody = z.object({
  id_autorizacao: id,
  situacao: z.literal(AUTHORIZATION_STATUS.cancelled, { error: "A situação só pode ser alterada para 'Cancelada'." }).optional(),
  ...authorizationPurpose,
}).strict();
/** POST /authorization/list: the active branch's authorizations, newest first. */
export const authorizationListBody = listQuery.extend({
  situacao: z.enum(AUTHORIZATION_STATUS).optional(),
}).strict();
export const authorizationListResult = listResult(authorization);
