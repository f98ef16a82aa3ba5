/**
 * Label model (001 §3 Label: id_etiqueta, descricao, tipo, modelo, modelo_personalizada, codigo_fonte, numero_colunas,
 * tamanho_descricao (default 15), is_padrao; 002 §2 /label in the settings' General group). Printed by the label print
 * modal (apps/web/src/features/labels) with the sheets of packages/documents (label-sheet.ts); the connector path comes
 * with the connector issue. A sheet model
 * names its Pimaco sheet (001 §9); a thermal model carries the printer's source code. The rules are
 * packages/domain/src/label-settings.ts.
 *
 * Its parameters (001 §3 "etiqueta_parametro list", issue 22) are the `parametros` member, a child list written by the
 * register's hooks (apps/server/src/modules/settings/label-hooks.ts) as other registers write theirs: the list given is
 * the model's whole list. {chave, valor}: `{param:chave}` in a thermal model's codigo_fonte; deslocamento_x_mm and
 * deslocamento_y_mm move a sheet model's labels (label-settings.ts).
 */
import { z } from 'zod';
import { LABEL_DESCRIPTION_SIZE, LABEL_MESSAGES, LABEL_PARAM_VALUE_MAX, LABEL_SHEETS, LABEL_TYPES, labelIssues } from '@pdv/domain/label-settings';
import type { RegisterDescriptor } from './descriptor.ts';
import { LABEL_SHEET_LABELS } from './labels.ts';

export const labelParameter = z.object({
  chave: z.string({ error: LABEL_MESSAGES.paramKeyMissing }).trim().max(40, { error: 'A chave do parâmetro pode ter no máximo 40 caracteres.' }),
  valor: z.string({ error: 'Valor do parâmetro inválido.' }).max(LABEL_PARAM_VALUE_MAX, { error: LABEL_MESSAGES.paramValueTooLong })
    .optional().default(''),
}).strict();
export type LabelParameterInput = z.infer<typeof labelParameter>;

export const label = {
  name: 'label',
  path: '/label',
  table: 'etiqueta',
  id: 'id_etiqueta',
  label: { singular: 'Etiqueta', plural: 'Etiquetas', feminine: true },
  permission: 'FncListarEtiqueta',
  scope: 'organization',
  fields: {
    descricao: { kind: 'text', label: 'Descrição', required: true, max: 100, list: true, search: true, unique: true },
    tipo: {
      kind: 'enum', label: 'Tipo', values: LABEL_TYPES, options: { Folha: 'Folha (Pimaco)', Termica: 'Impressora térmica' },
      default: 'Folha', list: true, filter: true,
    },
    modelo: { kind: 'enum', label: 'Folha', values: LABEL_SHEETS, options: LABEL_SHEET_LABELS, list: true, examples: ['Pimaco6187'] },
    modelo_personalizada: { kind: 'text', label: 'Modelo da impressora térmica', max: 100 },
    codigo_fonte: { kind: 'text', label: 'Código fonte (comandos da impressora térmica)', max: 8000 },
    numero_colunas: { kind: 'integer', label: 'Número de colunas', min: 1, maxValue: 10, list: true, examples: [4] },
    tamanho_descricao: {
      kind: 'integer', label: 'Tamanho da descrição (caracteres)', min: 1, maxValue: 120, default: LABEL_DESCRIPTION_SIZE, list: true,
      examples: [15],
    },
  },
  isPadrao: true,
  check: labelIssues,
  list: { pageSize: 20, sort: { column: 'descricao', order: 'ASC' } },
  titles: { edit: 'Editar Etiqueta', create: 'Nova Etiqueta' },
  screen: { path: '/label', form: 'panel' },
  extra: {
    parametros: z.array(labelParameter, { error: 'parametros deve ser uma lista.' }).max(50, { error: 'Uma etiqueta pode ter no máximo 50 parâmetros.' }).optional(),
  },
} as const satisfies RegisterDescriptor;
