/** The handlers of the product register's own tabs (contract/product-tab-routes.ts), spread into the app's table. */
import type { Handlers } from '../../http/handlers.ts';
import { stockListHandlers } from '../stock/list-by-product.ts';
import { stockOpeningHandlers } from '../stock/opening.ts';
import { productFactHandlers } from './product-facts.ts';
import { productGalleryHandlers } from './product-gallery.ts';
import { productKitHandlers } from './product-kit.ts';
import { productLinkHandlers } from './product-links.ts';

export const productTabHandlers = {
  ...productGalleryHandlers, ...productLinkHandlers, ...productFactHandlers, ...productKitHandlers, ...stockListHandlers, ...stockOpeningHandlers,
} satisfies Partial<Handlers>;
