/**
 * Label model (001 §3 Label: id_etiqueta, descricao, tipo, modelo, modelo_personalizada, codigo_fonte, numero_colunas,
 * tamanho_descricao (default 15), is_padrao; 002 §2 /label in the settings' General group). Printed by the label print
 * modal (apps/web/src/features/labels) with the sheets of packages/documents (label-sheet.ts); the connector path comes
 * with the connector issue. A sheet model
 * names its Pimaco sheet (001 §9); a thermal model carries the printer's source code. The rules are
 * packages/domain/src/label-settings.ts.
 */
import { LABEL_DESCRIPTION_SIZE, LABEL_SHEETS, LABEL_TYPES, labelIssues } from '@pdv/domain/label-settings';
import type { RegisterDescriptor } from './descriptor.ts';
import { LABEL_SHEET_LABELS } from './labels.ts';

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
} as const satisfies RegisterDescriptor;
