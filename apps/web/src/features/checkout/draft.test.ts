import { describe, expect, it } from 'vitest';
import { toOperacaoBody } from '../outbox/body.ts';
import { makeBundle } from '../outbox/testing.ts';
import * as draft from './draft.ts';
import type { ProductHit } from './catalog.ts';

const hit: ProductHit = {
  id_produto_grade: 5,
  id_produto_grade_filial: 50,
  id_produto: 1,
  descricao: 'Meia',
  sku: 'MEIA-1',
  codigo_barras: null,
  unidade: 'PC',
  preco_venda: 1500,
  preco_atacado: 1200,
  quantidade_atacarejo: null,
  versao_preco: '2026-03-10T12:00:00.000Z',
};
const context = { id_endereco_estoque: 3, id_cenario_fiscal: 1 };

describe('the seller of a sale', () => {
  it('goes on the operation and on every line, including lines added afterwards', () => {
    const withSeller = draft.setSeller(makeBundle(), 42);
    expect(withSeller.operation.id_usuario_vendedor).toBe(42);
    expect(withSeller.itens.map((i) => i.id_usuario_vendedor)).toEqual([42]);
    const more = draft.addProduct(withSeller, hit, context);
    expect(more.itens.map((i) => i.id_usuario_vendedor)).toEqual([42, 42]);
    const cleared = draft.setSeller(more, null);
    expect(cleared.operation.id_usuario_vendedor).toBeNull();
    expect(cleared.itens.every((i) => i.id_usuario_vendedor === null)).toBe(true);
  });
});

describe('the wholesale rule at the till (per product)', () => {
  // A T-shirt whose wholesale quantity is 6: sizes G and M are two variations of one product.
  const shirt = (id: number, size: string): ProductHit => ({
    ...hit,
    id_produto_grade: id,
    id_produto_grade_filial: id * 10,
    id_produto: 7,
    descricao: `Camiseta ${size}`,
    preco_venda: 3990,
    preco_atacado: 2990,
    quantidade_atacarejo: 6000,
  });
  const empty = { ...makeBundle(), itens: [] };
  const G = '00000000-0000-4000-8000-00000000000g' as const;
  const M = '00000000-0000-4000-8000-00000000000m' as const;

  it('makes 5 G + 1 M of one product wholesale, and retail again when one goes', () => {
    let bundle = draft.addProduct(empty, shirt(1, 'G'), context, 5000, G);
    expect(bundle.itens.map((i) => i.valor_unitario)).toEqual([3990]);
    bundle = draft.addProduct(bundle, shirt(2, 'M'), context, 1000, M);
    expect(bundle.itens.map((i) => [i.valor_unitario, i.tipo_preco, i.is_atacarejo])).toEqual([
      [2990, 'Atacado', true],
      [2990, 'Atacado', true],
    ]);
    bundle = draft.removeItem(bundle, M);
    expect(bundle.itens.map((i) => [i.valor_unitario, i.tipo_preco])).toEqual([[3990, 'Varejo']]);
  });

  it("keeps a line discount's share of the gross when the rule reprices the line", () => {
    let bundle = draft.addProduct(empty, shirt(1, 'G'), context, 5000, G);
    bundle = draft.setItemDiscount(bundle, G, 1995); // 10% of 5 × 39,90
    bundle = draft.addProduct(bundle, shirt(2, 'M'), context, 1000, M);
    const g = bundle.itens.find((i) => i.id_item === G);
    expect([g?.valor_unitario, g?.valor_desconto_item]).toEqual([2990, 1495]); // 10% of 5 × 29,90
  });

  it('sends the version of the price each line was priced from, and whether the cashier typed it', () => {
    let bundle = draft.addProduct(empty, shirt(1, 'G'), context, 1000, G);
    bundle = draft.addProduct(bundle, shirt(2, 'M'), context, 1000, M);
    bundle = draft.setUnitPrice(bundle, M, 3800);
    const body = toOperacaoBody(bundle);
    expect(body.itens.map((i) => [i.versao_preco, i.is_preco_alterado])).toEqual([
      ['2026-03-10T12:00:00.000Z', false],
      ['2026-03-10T12:00:00.000Z', true],
    ]);
  });
});
