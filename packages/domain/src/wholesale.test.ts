import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeItem } from './factories.ts';
import type { Item } from './item.ts';
import { reachesWholesale, repriceForWholesale, type WholesalePricing } from './wholesale.ts';

const ARROZ = 1;
const FEIJAO = 2;
const pricing = new Map<number, WholesalePricing>([
  [ARROZ, { preco_venda: 2500, preco_atacado: 2200, quantidade_atacarejo: 10_000 }],
  [FEIJAO, { preco_venda: 900, preco_atacado: 800, quantidade_atacarejo: 6000 }],
]);
const line = (id: string, grid: number, quantidade: number, fields: Partial<Item> = {}): Item =>
  makeItem({
    id_item: id,
    id_produto_grade_filial: grid,
    id_endereco_estoque: 1,
    quantidade,
    valor_unitario: pricing.get(grid)?.preco_venda ?? 0,
    ...fields,
  });
const prices = (lines: readonly Item[]) => lines.map((l) => [l.id_item, l.valor_unitario, l.tipo_preco]);

describe('repriceForWholesale', () => {
  it('keeps retail prices below the wholesale quantity', () => {
    const lines = [line('a', ARROZ, 4000), line('b', ARROZ, 5000)];
    const repriced = repriceForWholesale(lines, pricing);
    expect(prices(repriced)).toEqual([
      ['a', 2500, 'Varejo'],
      ['b', 2500, 'Varejo'],
    ]);
    expect(repriced[0]).toBe(lines[0]);
  });

  it('reprices every retail line of the product when an added line crosses the threshold', () => {
    const lines = [line('a', ARROZ, 4000), line('b', ARROZ, 5000), line('c', ARROZ, 1000)];
    const repriced = repriceForWholesale(lines, pricing);
    expect(prices(repriced)).toEqual([
      ['a', 2200, 'Atacado'],
      ['b', 2200, 'Atacado'],
      ['c', 2200, 'Atacado'],
    ]);
    expect(repriced.every((l) => l.is_atacarejo)).toBe(true);
  });

  it('sums the quantity over stock addresses', () => {
    const lines = [
      line('a', ARROZ, 6000, { id_endereco_estoque: 1 }),
      line('b', ARROZ, 4000, { id_endereco_estoque: 2 }),
    ];
    expect(repriceForWholesale(lines, pricing).map((l) => l.tipo_preco)).toEqual(['Atacado', 'Atacado']);
  });

  it('reprices the remaining lines back to retail when a removal leaves the product below the minimum', () => {
    const wholesale = repriceForWholesale([line('a', ARROZ, 4000), line('b', ARROZ, 6000)], pricing);
    const afterRemoval = repriceForWholesale(
      wholesale.filter((l) => l.id_item !== 'b'),
      pricing,
    );
    expect(prices(afterRemoval)).toEqual([['a', 2500, 'Varejo']]);
    expect(afterRemoval[0]?.is_atacarejo).toBe(false);
  });

  it('treats a cancelled line as removed', () => {
    const wholesale = repriceForWholesale([line('a', ARROZ, 4000), line('b', ARROZ, 6000)], pricing);
    const cancelled = repriceForWholesale(
      wholesale.map((l) => (l.id_item === 'b' ? { ...l, is_cancelado: true } : l)),
      pricing,
    );
    expect(prices(cancelled)[0]).toEqual(['a', 2500, 'Varejo']);
  });

  it('keeps wholesale after a removal that leaves the product at the minimum', () => {
    const wholesale = repriceForWholesale([line('a', ARROZ, 10_000), line('b', ARROZ, 1000)], pricing);
    const afterRemoval = repriceForWholesale(
      wholesale.filter((l) => l.id_item !== 'b'),
      pricing,
    );
    expect(prices(afterRemoval)).toEqual([['a', 2200, 'Atacado']]);
  });

  it('judges each product by its own quantity', () => {
    const lines = [line('a', ARROZ, 10_000), line('f', FEIJAO, 5000)];
    expect(prices(repriceForWholesale(lines, pricing))).toEqual([
      ['a', 2200, 'Atacado'],
      ['f', 900, 'Varejo'],
    ]);
  });

  it('gives no wholesale when the threshold is absent or zero, or the wholesale price is not set', () => {
    const noWholesale = new Map<number, WholesalePricing>([
      [1, { preco_venda: 100, preco_atacado: 90, quantidade_atacarejo: null }],
      [2, { preco_venda: 100, preco_atacado: 90, quantidade_atacarejo: 0 }],
      [3, { preco_venda: 100, preco_atacado: 0, quantidade_atacarejo: 1000 }],
    ]);
    const lines = [1, 2, 3].map((grid) => line(String(grid), grid, 50_000, { valor_unitario: 100 }));
    expect(repriceForWholesale(lines, noWholesale).map((l) => l.tipo_preco)).toEqual(['Varejo', 'Varejo', 'Varejo']);
  });

  it('reverts lines made wholesale when the product no longer has a wholesale quantity', () => {
    const line0 = line('a', 1, 5000, { valor_unitario: 90, tipo_preco: 'Atacado', is_atacarejo: true });
    const repriced = repriceForWholesale(
      [line0],
      new Map([[1, { preco_venda: 100, preco_atacado: 90, quantidade_atacarejo: null }]]),
    );
    expect(prices(repriced)).toEqual([['a', 100, 'Varejo']]);
  });

  it('leaves typed prices, wholesale by choice and unknown variations alone, while counting their quantity', () => {
    const lines = [
      line('typed', ARROZ, 5000, { valor_unitario: 2000, is_preco_alterado: true }),
      line('chosen', ARROZ, 3000, { valor_unitario: 2100, tipo_preco: 'Atacado' }),
      line('retail', ARROZ, 2000),
      line('service', 99, 1000, { tipo_item: 'Servico', valor_unitario: 5000 }),
    ];
    expect(prices(repriceForWholesale(lines, pricing))).toEqual([
      ['typed', 2000, 'Varejo'],
      ['chosen', 2100, 'Atacado'],
      ['retail', 2200, 'Atacado'],
      ['service', 5000, 'Varejo'],
    ]);
    const belowAgain = repriceForWholesale(repriceForWholesale(lines, pricing).slice(1), pricing);
    expect(prices(belowAgain)).toEqual([
      ['chosen', 2100, 'Atacado'],
      ['retail', 2500, 'Varejo'],
      ['service', 5000, 'Varejo'],
    ]);
  });

  it('applies wholesale exactly when the summed quantity reaches the minimum, in any order of lines', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: 8 }), (quantities) => {
        const lines = quantities.map((q, i) => line(String(i), ARROZ, q, { id_endereco_estoque: i % 2 }));
        const total = quantities.reduce((a, b) => a + b, 0);
        const repriced = repriceForWholesale(lines, pricing);
        const expected = total >= 10_000 ? 2200 : 2500;
        expect(repriced.every((l) => l.valor_unitario === expected)).toBe(true);
        expect(repriceForWholesale(repriced, pricing)).toEqual(repriced);
      }),
    );
  });
});

describe('reachesWholesale', () => {
  it('applies at or above the minimum only', () => {
    const p = { preco_venda: 100, preco_atacado: 90, quantidade_atacarejo: 3000 };
    expect(reachesWholesale(2999, p)).toBe(false);
    expect(reachesWholesale(3000, p)).toBe(true);
  });
});

describe('repriceForWholesale per product', () => {
  // Sizes G (grid 11) and M (grid 12) of one T-shirt (product 7), wholesale from 6 units; a line of G kept at retail
  // by an older till's pricing without the product (grid 13).
  const shirts = new Map<number, WholesalePricing>([
    [11, { id_produto: 7, preco_venda: 3990, preco_atacado: 3490, quantidade_atacarejo: 6000 }],
    [12, { id_produto: 7, preco_venda: 3990, preco_atacado: 3490, quantidade_atacarejo: 6000 }],
    [13, { preco_venda: 3990, preco_atacado: 3490, quantidade_atacarejo: 6000 }],
  ]);
  const shirt = (id: string, grid: number, quantidade: number, fields: Partial<Item> = {}) =>
    makeItem({ id_item: id, id_produto_grade_filial: grid, quantidade, valor_unitario: 3990, ...fields });

  it('makes 5 G + 1 M of one product wholesale, whatever their variation', () => {
    expect(prices(repriceForWholesale([shirt('g', 11, 5000), shirt('m', 12, 1000)], shirts))).toEqual([
      ['g', 3490, 'Atacado'],
      ['m', 3490, 'Atacado'],
    ]);
  });

  it('counts a variation without its product alone', () => {
    expect(prices(repriceForWholesale([shirt('g', 13, 5000), shirt('m', 12, 1000)], shirts))).toEqual([
      ['g', 3990, 'Varejo'],
      ['m', 3990, 'Varejo'],
    ]);
  });

  it("keeps a line discount's share of the gross when the unit price changes, both ways", () => {
    const [g] = repriceForWholesale([shirt('g', 11, 5000, { valor_desconto_item: 1995 }), shirt('m', 12, 1000)], shirts);
    expect([g?.valor_unitario, g?.valor_desconto_item]).toEqual([3490, 1745]); // 10% of 5 × 34,90 (1745)
    const [back] = repriceForWholesale([g!], shirts);
    expect([back?.valor_unitario, back?.valor_desconto_item]).toEqual([3990, 1995]);
  });
});
