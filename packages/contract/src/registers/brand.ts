/** Brand (002 §3 Catalogues). */
import type { RegisterDescriptor } from './descriptor.ts';
import { logoCatalogue } from './logo-catalogue.ts';

export const brand = logoCatalogue({
  name: 'brand',
  path: '/brand',
  table: 'marca',
  id: 'id_marca',
  label: { singular: 'Marca', plural: 'Marcas', feminine: true },
  permission: 'FncListarMarca',
  syncGroup: 'brand',
  titles: { edit: 'Editar Marca' },
  screen: { path: '/brands' },
}) satisfies RegisterDescriptor;
