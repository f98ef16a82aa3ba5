import { z } from 'zod';
import { id, situacao } from './common.ts';
import { authorizationPurpose } from './authorization.ts';

export const permissao = z.object({
  id_permissao: z.number().int(),
  rotulo: z.string(),
  tipo: z.string(),
  situacao: z.string(),
});
export type Permissao = z.infer<typeof permissao>;

export const empresaResumo = z.object({
  id_empresa: z.number().int(),
  razao_social: z.string(),
  nome_fantasia: z.string().nullable(),
  cnpj: z.string(),
});
export type EmpresaResumo = z.infer<typeof empresaResumo>;

export const filialResumo = z.object({
  id_filial: z.number().int(),
  id_empresa: z.number().int(),
  codigo_filial: z.string(),
  cnpj: z.string(),
  razao_social: z.string(),
  nome_fantasia: z.string().nullable(),
  apelido: z.string().nullable(),
  cidade: z.string().nullable(),
  uf: z.string().nullable(),
  situacao: z.string(),
});
export type FilialResumo = z.infer<typeof filialResumo>;

/** The session user of 002 §3 ("Session user"). */
export const sessionUser = z.object({
  id_usuario: z.number().int(),
  id_organization: z.number().int(),
  nome: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  situacao: z.string(),
  is_vendedor: z.boolean(),
  percentual_desconto_maximo: z.number(),
  perc_max_aumento_preco_produto: z.number(),
  perc_max_reducao_preco_produto: z.number(),
  empresa: empresaResumo,
  empresas: z.array(empresaResumo),
  filial: filialResumo,
  filiais: z.array(filialResumo),
  id_empresa_ativa: z.number().int(),
  id_filial_ativa: z.number().int(),
  /** null = no list (full manage on everything, 000 §6). */
  permissoes: z.array(permissao).nullable(),
  solicitar_nova_senha: z.boolean(),
  solicitar_onboarding: z.boolean(),
  /** Theme primary colour (#RRGGBB) from the organization's configuration; purple when null. */
  cor_primaria: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginBody = z.object({
  email: z.email({ error: 'Informe um e-mail válido.' }).max(254, { error: 'E-mail longo demais.' }),
  senha: z.string({ error: 'Informe a senha.' }).min(1, { error: 'Informe a senha.' }).max(200, { error: 'Senha longa demais.' }),
});
export const loginResult = z.object({ token: z.string(), usuario: sessionUser });
export type LoginResult = z.infer<typeof loginResult>;

export const setActiveBranchBody = z.object({ id_filial: id });
export const sessionResult = z.object({ usuario: sessionUser });

export const validateCredentialBody = z.object({
  email: z.email({ error: 'Informe um e-mail válido.' }).max(254, { error: 'E-mail longo demais.' }),
  password: z.string({ error: 'Informe a senha.' }).min(1, { error: 'Informe a senha.' }).max(200, { error: 'Senha longa demais.' }),
  permission: z.string({ error: 'Informe a permissão.' }).min(1, { error: 'Informe a permissão.' }).max(100),
  /** A pending request (/authorization/create) of the caller that this grant answers; without it a new one is made. */
  id_autorizacao: id.optional(),
  ...authorizationPurpose,
});
/** The grant: id_autorizacao is what the restricted action sends to the server, which spends it once. */
export const validateCredentialResult = z.object({
  id_usuario: z.number().int(), nome: z.string(), autorizado: z.literal(true), id_autorizacao: z.number().int(),
});

export const isActiveResult = z.object({ is_active: z.boolean(), situacao });
export const versionResult = z.object({ version: z.string() });
export const healthResult = z.object({ status: z.literal('ok') });
/** GET /api/ready: the node answers and reaches its database (503 with a message otherwise). */
export const readyResult = z.object({ status: z.literal('ready') });
