import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { ORDER_STATUSES } from './operation-state.ts';
import { ORDER_MESSAGES } from './order-messages.ts';
import {
  creditBalanceAfter, creditErrors, itemChangeError, orderChecksStock, orderItemErrors, orderStockError, statusAfterItemChange, volumeErrors, type ItemLockFacts,
} from './order-item-rules.ts';

const order = (fields: Partial<ItemLockFacts> = {}): ItemLockFacts => ({
  situacao: 'Edicao', is_processando: false, id_marketplace: null, id_pedido_externo: null, ...fields,
});

describe('changing the items of an order (000 §4.2, §4.3)', () => {
  it('allows items only in Edicao, Liberado, EnviadoCliente and RetornoCliente', () => {
    const open = ['Edicao', 'Liberado', 'EnviadoCliente', 'RetornoCliente'];
    for (const situacao of ORDER_STATUSES) {
      const error = itemChangeError(order({ situacao }));
      expect(error, situacao).toBe(open.includes(situacao) ? null : ORDER_MESSAGES.locked(situacao));
    }
  });

  it('refuses a processing order and a marketplace order with both ids', () => {
    expect(itemChangeError(order({ is_processando: true }))).toBe(ORDER_MESSAGES.processing);
    expect(itemChangeError(order({ id_marketplace: 1, id_pedido_externo: 'ML-1' }))).toBe(ORDER_MESSAGES.marketplaceLocked);
    expect(itemChangeError(order({ id_marketplace: 1 }))).toBeNull();
  });

  it('returns a released, sent or returned order to Edicao and leaves Edicao alone', () => {
    expect(statusAfterItemChange('Liberado')).toBe('Edicao');
    expect(statusAfterItemChange('EnviadoCliente')).toBe('Edicao');
    expect(statusAfterItemChange('RetornoCliente')).toBe('Edicao');
    expect(statusAfterItemChange('Edicao')).toBe('Edicao');
  });
});

describe('order item modal checks (000 §5)', () => {
  it('lists client, product, value and stock address in the spec order', () => {
    expect(orderItemErrors({
      id_cliente: null, tipo_item: 'Produto', id_produto_grade_filial: null, id_endereco_estoque: null, valor_unitario: 0, valor_total: 0,
    })).toEqual(['Cliente do pedido não informado', 'Produto não informado', 'O valor do item tem que ser maior que 0.',
      'Endereço de estoque não selecionado.']);
  });

  it('refuses a discount that takes the line to zero', () => {
    expect(orderItemErrors({
      id_cliente: 1, tipo_item: 'Produto', id_produto_grade_filial: 1, id_endereco_estoque: 1, valor_unitario: 100, valor_total: 0,
    })).toEqual(['O valor do item tem que ser maior que 0.']);
  });
});

describe('volumes (000 §5)', () => {
  it('requires quantity, net and gross weight and a saved order or invoice, with the spec texts', () => {
    expect(volumeErrors({ quantidade: 0, peso_liquido: null, peso_bruto: undefined, parentSaved: false })).toEqual([
      'Salve o pedido ou a nota, antes de continuar.', 'Informe a quantidade', 'Informe o peso líquido.', 'Informe o peso bruto',
    ]);
    expect(volumeErrors({ quantidade: 2, peso_liquido: 1.5, peso_bruto: 1.8, parentSaved: true })).toEqual([]);
  });
});

describe('customer credit (001 §5 "Credit on return")', () => {
  it('requires value, the return invoice for a credit, and the person', () => {
    expect(creditErrors({ operacao: 'Entrada', valor: null, id_nota_fiscal: null, id_pessoa: null }))
      .toEqual(['Valor não informado.', 'Nota Fiscal não informado.', 'Pessoa não localizada.']);
    expect(creditErrors({ operacao: 'Saida', valor: 100, id_nota_fiscal: null, id_pessoa: 1 })).toEqual([]);
  });

  it("takes a supervisor's grant instead of the invoice for a manager's credit", () => {
    expect(creditErrors({ operacao: 'Entrada', valor: 100, id_nota_fiscal: null, id_pessoa: 1, id_autorizacao: 3 })).toEqual([]);
    expect(creditErrors({ operacao: 'Entrada', valor: 100, id_nota_fiscal: null, id_pessoa: 1, id_autorizacao: null }))
      .toEqual(['Nota Fiscal não informado.']);
  });

  it('never lets a balance go below zero, whatever the movements', () => {
    fc.assert(fc.property(
      fc.array(fc.record({ entrada: fc.boolean(), valor: fc.integer({ min: 1, max: 100_000 }) }), { maxLength: 50 }),
      (moves) => {
        let saldo = 0;
        for (const m of moves) {
          const after = creditBalanceAfter(saldo, m.entrada ? 'Entrada' : 'Saida', m.valor);
          if (after === null) expect(m.valor).toBeGreaterThan(saldo);
          else saldo = after;
          expect(saldo).toBeGreaterThanOrEqual(0);
        }
      },
    ));
  });
});

describe('stock of order lines (000 §5 "Item save")', () => {
  it('checks orders, consignments and service orders under control only', () => {
    expect(orderChecksStock('Pedido', true)).toBe(true);
    expect(orderChecksStock('Consignacao', true)).toBe(true);
    expect(orderChecksStock('Orcamento', true)).toBe(false);
    expect(orderChecksStock('Pedido', false)).toBe(false);
  });

  it('needs a stock record and enough stock beyond the reservation', () => {
    expect(orderStockError(null, 1000)).toBe('Estoque para o produto não encontrado.');
    expect(orderStockError({ quantidade: 5000, quantidade_reserva: 1000 }, 4000)).toBeNull();
    expect(orderStockError({ quantidade: 5000, quantidade_reserva: 1000 }, 4001)).toBe(MESSAGES.stockInsufficient(4000, 4001));
  });
});
