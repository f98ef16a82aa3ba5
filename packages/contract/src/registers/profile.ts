/**
 * Profile (002 §3 Profile, §6): a description, its permission list (rotulo with tipo '1' read or '2' manage, only
 * labels of the catalogue) and the branches it is offered in (perfil_filial). The permissions and branches are the
 * body's `extra` members, written with the profile in one transaction (apps/server/src/modules/admin/profiles.ts).
 */
import { z } from 'zod';
import { PERMISSION_LABELS } from '@pdv/domain/menu';
import { USER_MESSAGES } from '@pdv/domain/user-rules';
import { id } from '../common.ts';
import type { RegisterDescriptor } from './descriptor.ts';

export const profilePermission = z.object({
  rotulo: z.string().refine((r) => PERMISSION_LABELS.has(r), { error: (issue) => USER_MESSAGES.unknownPermission(String(issue.input)) }),
  tipo: z.enum(['1', '2'], { error: "O tipo da permissão deve ser '1' (leitura) ou '2' (gerenciar)." }),
});

export const profilePermissions = z
  .array(profilePermission)
  .max(500)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    for (const p of list) {
      if (seen.has(p.rotulo)) ctx.addIssue({ code: 'custom', message: USER_MESSAGES.duplicatePermission(p.rotulo) });
      seen.add(p.rotulo);
    }
  });

export const profile = {
  name: 'profile',
  path: '/profile',
  table: 'perfil',
  id: 'id_perfil',
  label: { singular: 'Perfil', plural: 'Perfis' },
  permission: 'FncListarPerfil',
  scope: 'organization',
  fields: {
    descricao: { kind: 'text', label: 'Descrição', required: true, max: 100, list: true, search: true, unique: true },
  },
  situacao: true,
  list: { pageSize: 20, sort: { column: 'descricao', order: 'ASC' } },
  screen: { path: '/profile', form: 'page' },
  extra: {
    /** The whole permission list: labels left out have none. Absent on create: none. */
    perfil_permissao: profilePermissions.optional(),
    /** The ids of the branches it is offered in (find_by_id answers them so too). Absent on create: none. */
    filiais: z.array(id).max(500).optional(),
  },
} as const satisfies RegisterDescriptor;
