/** Classification of people (002 §3 Catalogues: id_classificacao, descricao; 002 §9 page 10). */
import type { RegisterDescriptor } from './descriptor.ts';

export const classification = {
  name: 'classification',
  path: '/classification',
  table: 'classificacao',
  id: 'id_classificacao',
  label: { singular: 'Classificação', plural: 'Classificações', feminine: true },
  permission: 'FncListarClassificacao',
  scope: 'organization',
  fields: {
    descricao: { kind: 'text', label: 'Descrição', required: true, max: 100, list: true, search: true, unique: true },
  },
  list: { pageSize: 10, sort: { column: 'descricao', order: 'ASC' } },
  screen: { path: '/classification', form: 'panel' },
} as const satisfies RegisterDescriptor;
