/**
 * What the generated route suites (http/routes.db.test.ts) need for the product register's own tabs
 * (contract/product-tab-routes.ts): a demo row for each of their id fields, and the members a valid body has besides
 * its id fields.
 */
import type { RouteName } from '@pdv/contract/routes';
import type { TestApp } from './app.ts';

/** A 1×1 PNG. */
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** Rows of the demo organization for the tabs' id fields (on its second product: the first is demoIds.id_produto). */
export async function seedProductTabIds(t: Pick<TestApp, 'db'>, demoIds: Record<string, number>): Promise<void> {
  await t.db.system(async (tx) => {
    const one = async (sql: string) => (await tx.query<{ id: number }>(sql)).rows[0]!.id;
    const second = `(SELECT p.id_organization, p.id_produto FROM produto p JOIN organization o USING (id_organization)
      WHERE o.nome = 'Demo Moda' ORDER BY p.id_produto OFFSET 1 LIMIT 1)`;
    demoIds['id_produto_galeria'] = await one(`INSERT INTO produto_galeria (id_organization, id_produto, nome, mime, tamanho, caminho, caminho_miniatura, ordem)
      SELECT id_organization, id_produto, 'demo.png', 'image/png', 68, 'produtos/demo/demo.png', 'produtos/demo/demo-miniatura.webp', 1
        FROM ${second} s RETURNING id_produto_galeria AS id`);
    demoIds['id_fornecedor_demo'] = await one(`INSERT INTO pessoa (id_organization, tipo, nome, is_fornecedor)
      SELECT id_organization, 'J', 'Fornecedor Demo', true FROM organization WHERE nome = 'Demo Moda' RETURNING id_pessoa AS id`);
    demoIds['id_produto_fornecedor'] = await one(`INSERT INTO produto_fornecedor (id_organization, id_produto, id_pessoa)
      SELECT id_organization, id_produto, ${demoIds['id_fornecedor_demo']} FROM ${second} s RETURNING id_produto_fornecedor AS id`);
    demoIds['id_produto_cenario_fiscal'] = await one(`INSERT INTO produto_cenario_fiscal (id_organization, id_produto, id_cenario_fiscal)
      SELECT s.id_organization, s.id_produto, c.id_cenario_fiscal FROM ${second} s
        JOIN LATERAL (SELECT id_cenario_fiscal FROM cenario_fiscal c WHERE c.id_organization = s.id_organization ORDER BY id_cenario_fiscal LIMIT 1) c ON true
      RETURNING id_produto_cenario_fiscal AS id`);
  });
}

/** Members of a valid body of a tab's route besides its id fields. */
export function productTabSample(name: RouteName, demoIds: Record<string, number>): Record<string, unknown> {
  switch (name) {
    case 'productPostImage':
    case 'productGaleryCreate':
      return { mime: 'image/png', image: PIXEL };
    case 'productGaleryUpdate':
      return { ordem: 1 };
    case 'productSupplierSave':
      return { id_pessoa: demoIds['id_fornecedor_demo'] };
    case 'productFiscalScenarioCreate':
      return { id_cenario_fiscal: demoIds['id_cenario_fiscal'] };
    case 'productAnpSave':
      return { codigo_anp: '210203001', descricao_anp: 'GLP' };
    case 'productKitSave':
      return { itens: [] };
    case 'stockOpening':
      // The demo's first variation (of its first product) at a stock address of the manager's active branch.
      return { id_endereco_estoque: demoIds['id_endereco_estoque'], linhas: [{ id_produto_grade: demoIds['id_produto_grade'], quantidade: 1 }] };
    default:
      return {};
  }
}
