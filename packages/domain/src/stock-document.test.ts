import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from './errors.ts';
import { MESSAGES } from './messages.ts';
import { sum } from './money.ts';
import {
  counterDocument, documentKind, documentTotals, movementsOf, reversalLink, STOCK_DOCUMENT_MESSAGES as M, STOCK_DOCUMENT_MESSAGES,
  STOCK_DOCUMENT_SITUATION as S, transition, validateItems,
  type StockDocumentItem, type StockDocumentKind,
} from './stock-document.ts';

const item = (over: Partial<StockDocumentItem> = {}): StockDocumentItem => ({
  id_produto_grade_filial: 1, id_endereco_estoque: 10, id_endereco_estoque_destino: null, quantidade: 1000, valor_unitario: 0, ...over,
});

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof ValidationError) return { message: e.message, field: e.field };
    throw e;
  }
  throw new Error('not refused');
};

describe('stock document kind', () => {
  it('makes a transfer of a Transferencia type and otherwise follows the operacao', () => {
    expect(documentKind({ operacao: 'Saida', tipo_operacao: 'Transferencia' })).toBe('Transferencia');
    expect(documentKind({ operacao: 'Entrada', tipo_operacao: 'Ajuste' })).toBe('Entrada');
    expect(documentKind({ operacao: 'Saida', tipo_operacao: 'Perda' })).toBe('Saida');
  });
});

describe('stock document items', () => {
  it('refuses no items, a quantity not above zero, a negative cost and a missing address, naming the line', () => {
    expect(refusal(() => validateItems('Entrada', []))).toEqual({ message: M.noItems, field: 'itens' });
    expect(refusal(() => validateItems('Entrada', [item(), item({ quantidade: 0 })]))).toEqual({ message: MESSAGES.quantityNotPositive, field: 'itens.1.quantidade' });
    expect(refusal(() => validateItems('Saida', [item({ quantidade: -5 })])).field).toBe('itens.0.quantidade');
    expect(refusal(() => validateItems('Entrada', [item({ valor_unitario: -1 })])).field).toBe('itens.0.valor_unitario');
    expect(refusal(() => validateItems('Saida', [item({ id_endereco_estoque: null })]))).toEqual({ message: MESSAGES.stockAddressMissing, field: 'itens.0.id_endereco_estoque' });
  });

  it('asks a transfer for a destination other than the origin, and refuses a destination on an entry or exit', () => {
    expect(refusal(() => validateItems('Transferencia', [item()])).message).toBe(M.destinationMissing);
    expect(refusal(() => validateItems('Transferencia', [item({ id_endereco_estoque_destino: 10 })])).message).toBe(M.sameAddress);
    expect(() => validateItems('Transferencia', [item({ id_endereco_estoque_destino: 11 })])).not.toThrow();
    expect(refusal(() => validateItems('Entrada', [item({ id_endereco_estoque_destino: 11 })])).message).toBe(M.destinationNotTransfer);
  });

  it('totals quantity and value, each line rounded half-up to the centavo', () => {
    expect(documentTotals([item({ quantidade: 1500, valor_unitario: 333 }), item({ quantidade: 10_000, valor_unitario: 1250 })]))
      .toEqual({ itens: 2, quantidade_total: 11_500, valor_total: 500 + 12_500 });
  });
});

describe('stock document movements', () => {
  it('adds an entry, takes an exit, and moves a transfer from origin to destination', () => {
    expect(movementsOf('Entrada', [item({ quantidade: 10_000 })], false)).toEqual([{ id_produto_grade_filial: 1, id_endereco_estoque: 10, quantidade: 10_000 }]);
    expect(movementsOf('Saida', [item({ quantidade: 1000 })], false)).toEqual([{ id_produto_grade_filial: 1, id_endereco_estoque: 10, quantidade: -1000 }]);
    expect(movementsOf('Transferencia', [item({ quantidade: 4000, id_endereco_estoque_destino: 11 })], false)).toEqual([
      { id_produto_grade_filial: 1, id_endereco_estoque: 10, quantidade: -4000 },
      { id_produto_grade_filial: 1, id_endereco_estoque: 11, quantidade: 4000 },
    ]);
  });

  it('nets lines of the same variation and address, drops zero nets, and sorts by variation then address', () => {
    const moves = movementsOf('Transferencia', [
      item({ id_produto_grade_filial: 2, id_endereco_estoque: 11, id_endereco_estoque_destino: 10, quantidade: 1000 }),
      item({ id_produto_grade_filial: 2, id_endereco_estoque: 10, id_endereco_estoque_destino: 11, quantidade: 1000 }),
      item({ id_produto_grade_filial: 1, id_endereco_estoque: 12, id_endereco_estoque_destino: 10, quantidade: 500 }),
    ], false);
    expect(moves).toEqual([
      { id_produto_grade_filial: 1, id_endereco_estoque: 10, quantidade: 500 },
      { id_produto_grade_filial: 1, id_endereco_estoque: 12, quantidade: -500 },
    ]);
  });

  it('reverses to exactly the opposite movements, so processing then cancelling leaves every balance as it was', () => {
    const kinds: StockDocumentKind[] = ['Entrada', 'Saida', 'Transferencia'];
    fc.assert(fc.property(
      fc.constantFrom(...kinds),
      fc.array(fc.record({ g: fc.integer({ min: 1, max: 3 }), a: fc.integer({ min: 1, max: 3 }), d: fc.integer({ min: 4, max: 5 }), q: fc.integer({ min: 1, max: 1e6 }) }), { minLength: 1, maxLength: 8 }),
      (kind, lines) => {
        const items = lines.map((l) => item({ id_produto_grade_filial: l.g, id_endereco_estoque: l.a, id_endereco_estoque_destino: kind === 'Transferencia' ? l.d : null, quantidade: l.q }));
        const balance = new Map<string, number>();
        for (const m of [...movementsOf(kind, items, false), ...movementsOf(kind, items, true)]) {
          const k = `${m.id_produto_grade_filial}:${m.id_endereco_estoque}`;
          balance.set(k, (balance.get(k) ?? 0) + m.quantidade);
        }
        expect([...balance.values()].every((v) => v === 0)).toBe(true);
        // A transfer moves goods between addresses: the branch's total does not change.
        if (kind === 'Transferencia') expect(sum(movementsOf(kind, items, false).map((m) => m.quantidade))).toBe(0);
      },
    ));
  });
});

describe('stock document states', () => {
  it('processes a draft once, moving forward, and refuses a second processing', () => {
    expect(transition(S.Pendente, 'process')).toEqual({ next: S.Processado, moves: 'forward' });
    expect(refusal(() => transition(S.Processado, 'process')).message).toBe(M.alreadyProcessed);
  });

  it('cancels a processed document with reversed movements, a draft without movements, and nothing twice', () => {
    expect(transition(S.Processado, 'cancel')).toEqual({ next: S.Cancelado, moves: 'reverse' });
    expect(transition(S.Pendente, 'cancel')).toEqual({ next: S.Cancelado, moves: 'none' });
    expect(refusal(() => transition(S.Cancelado, 'cancel')).message).toBe(M.alreadyCancelled);
    expect(refusal(() => transition(S.Cancelado, 'process')).message).toBe(M.alreadyCancelled);
  });

  it('edits and deletes only drafts', () => {
    expect(transition(S.Pendente, 'edit').moves).toBe('none');
    expect(refusal(() => transition(S.Processado, 'edit')).message).toBe(M.editNotPending);
    expect(refusal(() => transition(S.Processado, 'delete')).message).toBe(M.deleteNotPending);
  });
});

describe('counterDocument (issue 22: a processed document is reversed by a counter-document)', () => {
  const line = (g: number, a: number, d: number | null, q: number, v = 150): StockDocumentItem => ({
    id_produto_grade_filial: g, id_endereco_estoque: a, id_endereco_estoque_destino: d, quantidade: q, valor_unitario: v,
  });

  it('an entry is reversed by an exit of the same items and costs, whose movements are the entry reversed', () => {
    const items = [line(7, 1, null, 2000), line(3, 1, null, 500, 990)];
    const c = counterDocument('Entrada', items);
    expect(c.operacao).toBe('Saida');
    expect(c.items).toEqual(items);
    expect(movementsOf(c.operacao, c.items, false)).toEqual(movementsOf('Entrada', items, true));
  });

  it('an exit is reversed by an entry', () => {
    const items = [line(7, 1, null, 2000)];
    const c = counterDocument('Saida', items);
    expect(c.operacao).toBe('Entrada');
    expect(movementsOf(c.operacao, c.items, false)).toEqual([{ id_produto_grade_filial: 7, id_endereco_estoque: 1, quantidade: 2000 }]);
  });

  it('a transfer between addresses is reversed from its destination back to its origin', () => {
    const items = [line(7, 1, 2, 3000)];
    const c = counterDocument('Transferencia', items);
    expect(c.operacao).toBe('Transferencia');
    expect(c.items).toEqual([line(7, 2, 1, 3000)]);
    expect(movementsOf(c.operacao, c.items, false)).toEqual(movementsOf('Transferencia', items, true));
  });

  it('a transfer between branches keeps its lines; a transfer line without destination is refused', () => {
    expect(counterDocument('Transferencia', [line(7, 1, null, 1000)], true).items).toEqual([line(7, 1, null, 1000)]);
    expect(() => counterDocument('Transferencia', [line(7, 1, null, 1000)])).toThrow(STOCK_DOCUMENT_MESSAGES.destinationMissing);
  });

  it('the link reads both ways', () => {
    expect(reversalLink({ id_documento_estorno: 12, id_documento_estornado: null })).toBe('Estornado pelo documento 12');
    expect(reversalLink({ id_documento_estorno: null, id_documento_estornado: 11 })).toBe('Estorno do documento 11');
    expect(reversalLink({ id_documento_estorno: null, id_documento_estornado: null })).toBeNull();
  });
});
