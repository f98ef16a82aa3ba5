import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from './errors.ts';
import { makeItem, makeOperation, makePayment } from './factories.ts';
import { computeItemTotals } from './item.ts';
import {
  MODO_OPERACAO,
  MODO_OPERACAO_NOME,
  applyOperationCosts,
  applySubtotalDiscount,
  computeOperationTotals,
  quantityByGridAndAddress,
  withOperationTotals,
} from './operation.ts';

const noCosts = { frete: 0, seguro: 0, outros: 0 };
const add = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe('computeOperationTotals', () => {
  const items = [
    makeItem({ valor_unitario: 1999, quantidade: 2000, valor_desconto_item: 199 }),
    makeItem({ valor_unitario: 500, quantidade: 1500 }),
    makeItem({ valor_unitario: 9999, is_cancelado: true }),
  ];

  it('adds gross and discounts of the active lines and the surcharge of the costs', () => {
    const totals = computeOperationTotals(items, [], { frete: 1000, seguro: 200, outros: 50 });
    expect(totals).toMatchObject({ bruto: 4748, desconto: 199, acrescimo: 1250, liquido: 5799 });
  });

  it('shows the balance due while the payments fall short', () => {
    const totals = computeOperationTotals(items, [makePayment({ valor_total: 2000 })], noCosts);
    expect(totals).toMatchObject({ liquido: 4549, pago: 2000, saldo: 2549, troco: 0 });
  });

  it('shows the change when the payments exceed the net', () => {
    const totals = computeOperationTotals(
      items,
      [makePayment({ valor_total: 3000 }), makePayment({ valor_total: 2000 })],
      noCosts,
    );
    expect(totals).toMatchObject({ pago: 5000, saldo: 0, troco: 451 });
  });

  it('gives zeros for an empty operation', () => {
    expect(computeOperationTotals([], [], noCosts)).toEqual({
      bruto: 0,
      desconto: 0,
      acrescimo: 0,
      liquido: 0,
      pago: 0,
      saldo: 0,
      troco: 0,
    });
  });
});

const itemArb = fc
  .record({
    valor_unitario: fc.integer({ min: 0, max: 1e7 }),
    quantidade: fc.integer({ min: 1, max: 1e6 }),
    percent: fc.integer({ min: 0, max: 10000 }),
    is_cancelado: fc.boolean(),
    tipo_item: fc.constantFrom('Produto' as const, 'Servico' as const),
  })
  .map(({ percent, ...fields }) => {
    const bruto = computeItemTotals({ ...fields, valor_desconto_item: 0, valor_desconto_subtotal: 0 }).bruto;
    return makeItem({ ...fields, valor_desconto_item: Math.floor((bruto * percent) / 10000) });
  });
const costsArb = fc.record({
  frete: fc.integer({ min: 0, max: 1e6 }),
  seguro: fc.integer({ min: 0, max: 1e6 }),
  outros: fc.integer({ min: 0, max: 1e6 }),
});

describe('totals never drift', () => {
  it('has the sum of the line nets plus the surcharge equal to the operation net', () => {
    fc.assert(
      fc.property(fc.array(itemArb, { maxLength: 25 }), costsArb, (items, costs) => {
        const totals = computeOperationTotals(items, [], costs);
        const nets = items.filter((i) => !i.is_cancelado).map((i) => computeItemTotals(i).liquido);
        expect(add(nets) + totals.acrescimo).toBe(totals.liquido);
        expect(totals.bruto - totals.desconto + totals.acrescimo).toBe(totals.liquido);
      }),
    );
  });

  it('makes the line shares of a subtotal discount sum exactly to it, no line going below zero', () => {
    fc.assert(
      fc.property(
        fc.array(itemArb, { minLength: 1, maxLength: 25 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (items, f) => {
          const worth = add(items.filter((i) => !i.is_cancelado).map((i) => computeItemTotals(i).liquido));
          const discount = Math.floor(worth * f);
          const discounted = applySubtotalDiscount(items, discount);
          expect(add(discounted.map((i) => i.valor_desconto_subtotal))).toBe(discount);
          for (const item of discounted) {
            expect(item.valor_total).toBeGreaterThanOrEqual(0);
            if (item.is_cancelado) expect(item.valor_desconto_subtotal).toBe(0);
          }
          const before = computeOperationTotals(items, [], noCosts);
          expect(computeOperationTotals(discounted, [], noCosts).liquido).toBe(before.liquido - discount);
        },
      ),
    );
  });

  it('makes the line shares of each cost sum exactly to it', () => {
    fc.assert(
      fc.property(fc.array(itemArb, { minLength: 1, maxLength: 25 }), costsArb, (items, costs) => {
        fc.pre(items.some((i) => !i.is_cancelado && computeItemTotals(i).bruto > 0));
        const spread = applyOperationCosts(items, costs);
        expect(add(spread.map((i) => i.frete))).toBe(costs.frete);
        expect(add(spread.map((i) => i.seguro))).toBe(costs.seguro);
        expect(add(spread.map((i) => i.outros))).toBe(costs.outros);
      }),
    );
  });
});

describe('applySubtotalDiscount', () => {
  it('spreads the discount by what each line is worth, remainder on the first line', () => {
    const items = [
      makeItem({ id_item: 'a', valor_unitario: 3000 }),
      makeItem({ id_item: 'b', valor_unitario: 3500, valor_desconto_item: 500 }),
      makeItem({ id_item: 'c', valor_unitario: 3000 }),
      makeItem({ id_item: 'x', valor_unitario: 3000, is_cancelado: true }),
    ];
    const discounted = applySubtotalDiscount(items, 1000);
    expect(discounted.map((i) => i.valor_desconto_subtotal)).toEqual([334, 333, 333, 0]);
    expect(discounted.map((i) => i.valor_total)).toEqual([2666, 2667, 2667, 3000]);
    expect(discounted[1]).toMatchObject({ id_item: 'b', valor_desconto: 833, valor_sub_total: 3500 });
  });

  it('clears the shares with a zero discount', () => {
    const items = [makeItem({ valor_unitario: 1000, valor_desconto_subtotal: 50 })];
    expect(applySubtotalDiscount(items, 0)[0]?.valor_desconto_subtotal).toBe(0);
  });

  it('refuses a negative discount and one above what the lines are worth', () => {
    const items = [makeItem({ valor_unitario: 1000, valor_desconto_item: 100 })];
    expect(() => applySubtotalDiscount(items, -1)).toThrow(ValidationError);
    expect(() => applySubtotalDiscount(items, 901)).toThrow('O desconto não pode ser maior que o valor dos itens.');
    expect(applySubtotalDiscount(items, 900)[0]?.valor_total).toBe(0);
  });
});

describe('applyOperationCosts', () => {
  it('spreads freight, insurance and other costs by line gross, remainder on the first line', () => {
    const items = [
      makeItem({ valor_unitario: 1000 }),
      makeItem({ valor_unitario: 1000 }),
      makeItem({ valor_unitario: 1000 }),
      makeItem({ valor_unitario: 1000, is_cancelado: true }),
    ];
    const spread = applyOperationCosts(items, { frete: 100, seguro: 0, outros: 2 });
    expect(spread.map((i) => i.frete)).toEqual([34, 33, 33, 0]);
    expect(spread.map((i) => i.outros)).toEqual([2, 0, 0, 0]);
  });

  it('leaves every line at zero when no line has value', () => {
    expect(applyOperationCosts([makeItem()], { frete: 100, seguro: 0, outros: 0 })[0]?.frete).toBe(0);
  });
});

describe('withOperationTotals', () => {
  it('writes the derived values into the operation and its lines', () => {
    const operation = withOperationTotals(
      makeOperation({
        frete: 500,
        itens: [makeItem({ valor_unitario: 2000, quantidade: 2000, valor_desconto_item: 400 })],
        pagamentos: [makePayment({ valor_total: 5000 })],
      }),
    );
    expect(operation).toMatchObject({
      valor_total: 4000,
      valor_desconto: 400,
      valor_acrescimo: 500,
      valor_pago: 5000,
      valor_troco: 900,
      saldo: 0,
    });
    expect(operation.itens[0]).toMatchObject({ valor_sub_total: 4000, valor_total: 3600 });
  });
});

describe('modes and quantities', () => {
  it('names every mode in pt-BR', () => {
    for (const mode of Object.values(MODO_OPERACAO)) expect(MODO_OPERACAO_NOME[mode]).toMatch(/^[a-zçãé ]+$/);
    expect(MODO_OPERACAO_NOME.Devolucao).toBe('devolução');
  });

  it('sums the quantity of each variation at each stock address', () => {
    const quantities = quantityByGridAndAddress([
      makeItem({ id_produto_grade_filial: 1, id_endereco_estoque: 10, quantidade: 2000 }),
      makeItem({ id_produto_grade_filial: 1, id_endereco_estoque: 10, quantidade: 500 }),
      makeItem({ id_produto_grade_filial: 1, id_endereco_estoque: 11, quantidade: 1000 }),
      makeItem({ id_produto_grade_filial: 1, id_endereco_estoque: 10, quantidade: 9000, is_cancelado: true }),
      makeItem({ tipo_item: 'Servico', id_servico: 3 }),
    ]);
    expect([...quantities]).toEqual([
      ['1:10', 2500],
      ['1:11', 1000],
    ]);
  });
});
