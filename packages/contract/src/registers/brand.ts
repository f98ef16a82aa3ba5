/** Brand (002 §3 Catalogues). */
import type { RegisterDescriptor } from './descriptor.ts';

export const brand = {
  name: 'brand',
  path: '/brand',
  table: 'marca',
  id: 'id_marca',
  label: { singular: 'Marca', plural: 'Marcas', feminine: true },
  permission: 'FncListarMarca',
  scope: 'organization',
  fields: {
    descricao: { kind: 'text', label: 'Descrição', required: true, max: 100, list: true, search: true, unique: true },
    logo: { kind: 'text', label: 'Logo (endereço da imagem)', max: 500 },
  },
  situacao: true,
  isPadrao: true,
  list: { pageSize: 20, sort: { column: 'descricao', order: 'ASC' } },
  syncGroup: 'brand',
  titles: { edit: 'Editar Marca' },
  screen: { path: '/brands', form: 'panel' },
} as const satisfies RegisterDescriptor;
