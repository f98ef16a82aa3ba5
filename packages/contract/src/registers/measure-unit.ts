/** Measure unit (002 §3 Catalogues): sigla, multiplier and decimals of a product's unit. */
import type { RegisterDescriptor } from './descriptor.ts';

export const measureUnit = {
  name: 'measureUnit',
  path: '/measure-unit',
  table: 'unidade_medida',
  id: 'id_unidade_medida',
  label: { singular: 'Unidade de medida', plural: 'Unidades de medida', feminine: true },
  permission: 'FncListarUnidadeMedida',
  scope: 'organization',
  fields: {
    descricao: { kind: 'text', label: 'Descrição', required: true, max: 100, list: true, search: true },
    sigla: { kind: 'text', label: 'Sigla', required: true, max: 6, list: true, search: true, unique: true },
    multiplicador: { kind: 'quantity', label: 'Multiplicador', min: 0.001, default: 1, list: true },
    casa_decimal: { kind: 'integer', label: 'Casas decimais', min: 0, maxValue: 3, default: 0, list: true },
  },
  isPadrao: true,
  list: { pageSize: 20, sort: { column: 'descricao', order: 'ASC' } },
  syncGroup: 'measure_unit',
  titles: { edit: 'Editar Unidade de Medida' },
  screen: { path: '/measureUnit', form: 'panel' },
} as const satisfies RegisterDescriptor;
