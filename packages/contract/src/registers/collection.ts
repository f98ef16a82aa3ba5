/** Collection (002 §3 Catalogues: id_colecao, descricao, situacao, is_padrao, logo; side panel 'Editar Coleção'). */
import type { RegisterDescriptor } from './descriptor.ts';
import { logoCatalogue } from './logo-catalogue.ts';

export const collection = logoCatalogue({
  name: 'collection',
  path: '/collection',
  table: 'colecao',
  id: 'id_colecao',
  label: { singular: 'Coleção', plural: 'Coleções', feminine: true },
  permission: 'FncListarColecao',
  syncGroup: 'collection',
  titles: { edit: 'Editar Coleção' },
  screen: { path: '/collections' },
}) satisfies RegisterDescriptor;
