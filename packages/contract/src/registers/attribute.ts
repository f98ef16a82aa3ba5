/**
 * Attribute with its items (002 §3 Catalogues: id_atributo, descricao, tipo, id_atributo_grupo, situacao, is_padrao,
 * items (id_atributo_item, descricao, valor); 002 §2 side panel 'Editar Atributos'). The items travel as the `itens`
 * body member: the whole list, an item without id is new, an item left out is removed (a tombstone), refused when a
 * product variation uses it (register-hooks: attribute).
 */
import { z } from 'zod';
import { id } from '../common.ts';
import type { RegisterDescriptor } from './descriptor.ts';

export const attributeItem = z.object({
  id_atributo_item: id.optional(),
  descricao: z.string({ error: 'Informe a descrição do item.' }).trim().min(1, { error: 'Informe a descrição do item.' })
    .max(100, { error: 'A descrição do item pode ter no máximo 100 caracteres.' }),
  valor: z.string().trim().max(100, { error: 'O valor do item pode ter no máximo 100 caracteres.' }).nullable().optional(),
}).strict();
export type AttributeItem = z.infer<typeof attributeItem>;

export const attribute = {
  name: 'attribute',
  path: '/attribute',
  table: 'atributo',
  id: 'id_atributo',
  label: { singular: 'Atributo', plural: 'Atributos' },
  permission: 'FncListarAtributo',
  scope: 'organization',
  fields: {
    descricao: { kind: 'text', label: 'Descrição', required: true, max: 100, list: true, search: true, unique: true },
    tipo: { kind: 'text', label: 'Tipo', max: 50, list: true },
    id_atributo_grupo: { kind: 'integer', label: 'Grupo de atributo', min: 1 },
  },
  situacao: true,
  isPadrao: true,
  list: { pageSize: 20, sort: { column: 'descricao', order: 'ASC' } },
  titles: { edit: 'Editar Atributos' },
  screen: { path: '/attributes', form: 'panel' },
  extra: { itens: z.array(attributeItem).max(200, { error: 'Um atributo pode ter no máximo 200 itens.' }).optional() },
} as const satisfies RegisterDescriptor;
