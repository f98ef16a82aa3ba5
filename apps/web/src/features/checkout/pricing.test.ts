import { describe, expect, it } from 'vitest';
import { toOperacaoBody } from '../outbox/body.ts';
import { makeBundle } from '../outbox/testing.ts';
import type { ProductHit } from './catalog.ts';
import * as draft from './draft.ts';
import { priceTableOf, promotionOf, type LocalPricing } from './pricing.ts';

// A shirt of category 8 at 100,00 (80,00 wholesale) in branch 1, whose default table changes nothing; a reseller table
// of 20% off retail; a 10% promotion on category 8 during January 2025 (the sale began on 2 January).
const hit: ProductHit = {
  id_produto_grade: 5, id_produto_grade_filial: 50, id_produto: 1, descricao: 'Camiseta', sku: 'CAM', codigo_barras: null, unidade: 'UN',
  preco_venda: 10_000, preco_atacado: 8000, quantidade_atacarejo: null, id_categoria: 8, versao_preco: null,
};
const table = (id: number, varejo: number) =>
  priceTableOf({ id_tabela_preco: id, situacao: 'Ativo', tipo_aplicado: 'Desconto', tipo_valor: 'Percentual', valor_varejo: varejo,
    valor_atacado: 0, filiais: [{ id_filial: 1 }], itens: [] });
const pricing = (promotions = true): LocalPricing => ({
  id_filial: 1,
  tables: new Map([[1, table(1, 0)], [2, table(2, 20)]]),
  promotions: promotions
    ? [promotionOf({ id_promocao: 9, situacao: 'Ativo', data_inicio: '2025-01-01', data_fim: '2025-01-31', is_gestao: true, is_desconto: true,
        categorias: [{ id_categoria: 8, tipo: 'Percentual', venda: 10, atacado: 10 }], produtos: [] })]
    : [],
  branchTable: 1,
  fusoHoras: -3,
});
const context = (p: LocalPricing) => ({ id_endereco_estoque: 3, id_cenario_fiscal: 1, pricing: p });
const empty = () => ({ ...makeBundle(), itens: [] });

describe('the point of sale prices a line by linePricing from the local copy', () => {
  it('adds the line at the promotion price, naming the branch table and the promotion, and sends them', () => {
    const sale = draft.addProduct(empty(), hit, context(pricing()));
    const line = sale.itens[0]!;
    expect([line.valor_unitario, line.id_tabela_preco, line.id_promocao]).toEqual([9000, 1, 9]);
    expect(toOperacaoBody(sale).itens[0]).toMatchObject({ valor_unitario: 90, id_tabela_preco: 1, id_promocao: 9 });
  });

  it("prices every line again by the customer's table when the customer is chosen, and back when it is removed", () => {
    const sale = draft.addProduct(empty(), hit, context(pricing()));
    const customer = { id_cliente: 4, cliente_nome: 'Revenda', cliente_cpf_cnpj: null, id_tabela_preco_padrao: 2 };
    const withCustomer = draft.setCustomer(sale, customer, pricing());
    expect(withCustomer.operation.id_tabela_preco).toBe(2);
    expect(withCustomer.itens[0]).toMatchObject({ valor_unitario: 7200, id_tabela_preco: 2, id_promocao: 9 });
    const without = draft.setCustomer(withCustomer, { id_cliente: null, cliente_nome: null, cliente_cpf_cnpj: null }, pricing());
    expect(without.itens[0]).toMatchObject({ valor_unitario: 9000, id_tabela_preco: 1 });
  });

  it("a line's own discount keeps its share when the customer's table reprices it; a typed price (F3) stays", () => {
    const sale = draft.addProduct(empty(), hit, context(pricing(false)));
    const id = sale.itens[0]!.id_item;
    const discounted = draft.setItemDiscount(sale, id, 1000);
    const customer = { id_cliente: 4, cliente_nome: 'Revenda', cliente_cpf_cnpj: null, id_tabela_preco_padrao: 2 };
    expect(draft.setCustomer(discounted, customer, pricing(false)).itens[0]).toMatchObject({
      valor_unitario: 8000, valor_desconto_item: 800, id_tabela_preco: 2, id_promocao: null,
    });
    const typed = draft.setUnitPrice(sale, id, 9500);
    expect(draft.setCustomer(typed, customer, pricing(false)).itens[0]).toMatchObject({ valor_unitario: 9500, is_preco_alterado: true, id_tabela_preco: 2 });
  });

  it('keeps the branch price without promotions and names no promotion', () => {
    const line = draft.addProduct(empty(), hit, context(pricing(false))).itens[0]!;
    expect([line.valor_unitario, line.id_promocao]).toEqual([10_000, null]);
    expect(toOperacaoBody(draft.addProduct(empty(), hit, context(pricing(false)))).itens[0]).not.toHaveProperty('id_promocao');
  });
});
