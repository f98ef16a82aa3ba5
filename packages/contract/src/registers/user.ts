/**
 * User (002 §3 User, §4, §6): name, e-mail (unique on the whole platform: it signs in), seller and login flags, the
 * discount and price-change limits (0–100 %), and one profile per branch with exactly one main branch. The branch
 * profiles and the initial password are the body's `extra` members, written with the user in one transaction
 * (apps/server/src/modules/admin/users.ts); reset_password gives a new temporary password apart.
 */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USER_MESSAGES } from '@pdv/domain/user-rules';
import { id } from '../common.ts';
import type { RegisterDescriptor } from './descriptor.ts';

export const newPassword = z
  .string({ error: USER_MESSAGES.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, { error: USER_MESSAGES.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: USER_MESSAGES.passwordTooLong });

export const userBranchProfile = z.object({
  id_filial: id,
  id_perfil: id,
  is_principal: z.boolean({ error: 'is_principal deve ser verdadeiro ou falso.' }).optional().default(false),
});

/** A user's branch profile as find_by_id answers it. */
export const userBranchProfileRow = z.object({
  id_filial: z.number().int(),
  filial: z.string(),
  id_perfil: z.number().int(),
  perfil: z.string(),
  is_principal: z.boolean(),
});

export const user = {
  name: 'user',
  path: '/user',
  table: 'usuario',
  id: 'id_usuario',
  label: { singular: 'Usuário', plural: 'Usuários' },
  permission: 'FncListarUsuario',
  scope: 'organization',
  fields: {
    nome: { kind: 'text', label: 'Nome', required: true, max: 100, list: true, search: true },
    email: { kind: 'email', label: 'E-mail', required: true, max: 254, list: true, search: true },
    is_vendedor: { kind: 'boolean', label: 'Vendedor', default: false, list: true, filter: true },
    is_login: { kind: 'boolean', label: 'Acessa o sistema', default: true },
    percentual_desconto_maximo: { kind: 'percent', label: 'Desconto máximo (%)', default: 0, group: 'Limites' },
    perc_max_aumento_preco_produto: { kind: 'percent', label: 'Aumento máximo de preço (%)', default: 0, group: 'Limites' },
    perc_max_reducao_preco_produto: { kind: 'percent', label: 'Redução máxima de preço (%)', default: 0, group: 'Limites' },
  },
  groups: ['Dados', 'Limites'],
  situacao: true,
  list: { pageSize: 20, sort: { column: 'situacao', order: 'DESC' } },
  screen: { path: '/user', form: 'page' },
  extra: {
    /** One profile per branch, exactly one main (the first when none is marked). Absent on update: unchanged. */
    perfis: z.array(userBranchProfile).max(200).optional(),
    /** A temporary password (the user chooses a new one at the next sign-in); never answered. Absent on create: an unknown one until reset_password. */
    senha: newPassword.optional(),
  },
} as const satisfies RegisterDescriptor;
