/**
 * The product register's routes and the point of sale's product calls (001 §7 Products). Writes go through the
 * product service (product-service.ts), the catalog module's one writer of products.
 */
import type { Handlers } from '../../http/handlers.ts';
import { notFound } from '../../http/errors.ts';
import { findGrades, findNextSku, findProduct, listProducts } from './product-queries.ts';
import { byBranchGrid, priceSell, searchToSell } from './product-sale.ts';
import { productReadHandlers } from './product-reads.ts';
import { labelReadHandlers } from './label-reads.ts';
import { scaleExportHandlers } from './scale-export.ts';
import { createProduct, duplicateProduct, setProductSituacao, updateProduct } from './product-service.ts';

export const productHandlers = {
  productFindList: ({ tx, caller, body }) => listProducts(tx, caller.id_organization, body),
  productFindById: async ({ tx, caller, body }) => {
    const product = await findProduct(tx, caller.id_organization, caller.id_filial, body.id_produto);
    if (!product) throw notFound();
    return product;
  },
  productCreate: ({ tx, caller, body }) => createProduct(tx, caller, body),
  productUpdate: ({ tx, caller, body }) => updateProduct(tx, caller, body),
  productSituacao: ({ tx, caller, body }) => setProductSituacao(tx, caller, body.id_produto, body.situacao),
  productNextSku: async ({ tx, caller }) => ({ nextSku: await findNextSku(tx, caller.id_organization) }),
  productDuplicate: ({ tx, caller, body }) => duplicateProduct(tx, caller, body.id_produto),
  productGridByProduct: async ({ tx, caller, body }) => {
    const product = await findProduct(tx, caller.id_organization, caller.id_filial, body.id_produto);
    if (!product) throw notFound();
    return { rows: await findGrades(tx, caller.id_organization, caller.id_filial, body.id_produto) };
  },
  productByBranchGrid: ({ tx, caller, body }) => byBranchGrid(tx, caller, body.id_produto_grade_filial),
  productPriceSell: ({ tx, caller, body }) => priceSell(tx, caller, body.branch_grids_ids),
  productSearchToSell: ({ tx, caller, body }) => searchToSell(tx, caller, body),
  ...productReadHandlers,
  ...labelReadHandlers,
  ...scaleExportHandlers,
} satisfies Partial<Handlers>;
