import { describe, expect, it } from 'vitest';
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
