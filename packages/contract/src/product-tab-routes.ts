/**
 * Routes of the product register's own tabs (product-tabs.ts), spread into the route table (routes.ts). Product data
 * is the organization's (FncListarProduto read / manage); the stock movements are the active branch's.
 */
import type { z } from 'zod';
import type { RouteDef } from './routes.ts';
import * as p from './product-tabs.ts';

function route<B extends z.ZodType, R extends z.ZodType>(def: RouteDef<B, R>): RouteDef<B, R> {
  return def;
}

const READ = { action: 'read', subject: 'FncListarProduto' } as const;
const MANAGE = { action: 'manage', subject: 'FncListarProduto' } as const;
/** An upload carries up to 5 MB of image in base64 (about 6.7 MB of JSON): refused by size with the spec's message. */
const UPLOAD_BODY_LIMIT = 7_500_000;
const org = { auth: 'session', scope: 'organization' } as const;

export const productTabRoutes = {
  productPostImage: route({ ...org, method: 'POST', path: '/product/post_product_image', permission: MANAGE, idFields: ['id_produto'], bodyLimit: UPLOAD_BODY_LIMIT, body: p.galleryUploadBody, response: p.galleryResult }),
  productGaleryFind: route({ ...org, method: 'POST', path: '/product_galery/find', permission: READ, idFields: ['id_produto'], body: p.productIdBody, response: p.galleryResult }),
  productGaleryCreate: route({ ...org, method: 'POST', path: '/product_galery/create', permission: MANAGE, idFields: ['id_produto'], bodyLimit: UPLOAD_BODY_LIMIT, body: p.galleryUploadBody, response: p.galleryResult }),
  productGaleryUpdate: route({ ...org, method: 'POST', path: '/product_galery/update', permission: MANAGE, idFields: ['id_produto_galeria'], body: p.galleryUpdateBody, response: p.galleryResult }),
  productGaleryDelete: route({ ...org, method: 'POST', path: '/product_galery/delete', permission: MANAGE, idFields: ['id_produto_galeria'], body: p.galleryByIdBody, response: p.galleryResult }),

  productSupplierFind: route({ ...org, method: 'POST', path: '/product_supplier/find', permission: READ, idFields: ['id_produto'], body: p.productIdBody, response: p.productSupplierResult }),
  productSupplierSave: route({ ...org, method: 'POST', path: '/product_supplier/save', permission: MANAGE, idFields: ['id_produto'], body: p.productSupplierSaveBody, response: p.productSupplierResult }),
  productSupplierDelete: route({ ...org, method: 'POST', path: '/product_supplier/delete', permission: MANAGE, idFields: ['id_produto_fornecedor'], body: p.productSupplierByIdBody, response: p.productSupplierResult }),
  productSupplierOptions: route({ ...org, method: 'POST', path: '/product_supplier/options', permission: READ, body: p.searchBody, response: p.supplierOptionsResult }),

  productFiscalScenarioFind: route({ ...org, method: 'POST', path: '/product_fiscal_scenario/find', permission: READ, idFields: ['id_produto'], body: p.productIdBody, response: p.productFiscalScenarioResult }),
  productFiscalScenarioCreate: route({ ...org, method: 'POST', path: '/product_fiscal_scenario/create', permission: MANAGE, idFields: ['id_produto'], body: p.productFiscalScenarioSaveBody, response: p.productFiscalScenarioResult }),
  productFiscalScenarioDelete: route({ ...org, method: 'POST', path: '/product_fiscal_scenario/delete', permission: MANAGE, idFields: ['id_produto_cenario_fiscal'], body: p.productFiscalScenarioByIdBody, response: p.productFiscalScenarioResult }),
  productFiscalScenarioOptions: route({ ...org, method: 'POST', path: '/product_fiscal_scenario/options', permission: READ, body: p.searchBody, response: p.fiscalScenarioOptionsResult }),

  productNutritionGet: route({ ...org, method: 'POST', path: '/product_nutrition/get', permission: READ, idFields: ['id_produto'], body: p.productIdBody, response: p.nutritionResult }),
  productNutritionSave: route({ ...org, method: 'POST', path: '/product_nutrition/save', permission: MANAGE, idFields: ['id_produto'], body: p.nutritionSaveBody, response: p.nutritionResult }),

  productAnpGet: route({ ...org, method: 'POST', path: '/product_anp/get', permission: READ, idFields: ['id_produto'], body: p.productIdBody, response: p.anpResult }),
  productAnpSave: route({ ...org, method: 'POST', path: '/product_anp/save', permission: MANAGE, idFields: ['id_produto'], body: p.anpSaveBody, response: p.anpResult }),
  productAnpDelete: route({ ...org, method: 'POST', path: '/product_anp/delete', permission: MANAGE, idFields: ['id_produto'], body: p.productIdBody, response: p.anpResult }),

  productKitFind: route({ ...org, method: 'POST', path: '/product_kit/find', permission: READ, idFields: ['id_produto'], body: p.productIdBody, response: p.kitResult }),
  productKitSave: route({ ...org, method: 'POST', path: '/product_kit/save', permission: MANAGE, idFields: ['id_produto'], body: p.kitSaveBody, response: p.kitResult }),
  productKitOptions: route({ ...org, method: 'POST', path: '/product_kit/options', permission: READ, body: p.kitOptionsBody, response: p.kitOptionsResult }),

  stockOpening: route({ method: 'POST', path: '/stock/opening', auth: 'session', permission: { action: 'manage', subject: 'FncListarMovimentacaoEstoque' }, scope: 'branch', idFields: ['id_produto'], body: p.stockOpeningBody, response: p.stockOpeningResult }),
  stockListByProduct: route({ method: 'POST', path: '/stock/list-by-product', auth: 'session', permission: READ, scope: 'branch', idFields: ['id_produto'], body: p.stockListByProductBody, response: p.stockListByProductResult }),
} as const;
