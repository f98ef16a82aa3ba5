/** Collection (002 §3 Catalogues: id_colecao, descricao, situacao, is_padrao, logo; side panel 'Editar Coleção'). */
import type { RegisterDescriptor } from './descriptor.ts';

export const collection = {
  name: 'collection',
  path: '/collection',
  table: 'colecao',
  id: 'id_colecao',
  label: { singular: 'Coleção', plural: 'Coleções', feminine: true },
  permission: 'FncListarColecao',
  scope: 'organization',
  fields: {
    descricao: { kind: 'text', label: 'Descrição', required: true, max: 100, list: true, search: true, unique: true },
    logo: { kind: 'text', label: 'Logo (endereço da imagem)', max: 500 },
  },
  situacao: true,
  isPadrao: true,
  list: { pageSize: 20, sort: { column: 'descricao', order: 'ASC' } },
  syncGroup: 'collection',
  screen: { path: '/collections', form: 'panel' },
} as const satisfies RegisterDescriptor;
