import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from './errors.ts';
import {
  addCount, assertOpen, INVENTORY_MESSAGES as M, inventoryAdjustments, pendingBatches, type CountedLine, type CountLine,
} from './inventory.ts';

const line = (over: Partial<CountedLine> = {}): CountedLine => ({
  id_produto_grade_filial: 1, id_endereco_estoque: 10, quantidade: 5000, quantidade_estoque: 5000, ordem: 1, ...over,
});
const local = (over: Partial<CountLine> = {}): CountLine => ({
  uuid: 'a', id_inventario: 7, id_produto_grade_filial: 1, id_endereco_estoque: 10, quantidade: 1000, quantidade_estoque: 4000,
  situacao: 'Sincronizado', ...over,
});

describe('inventory adjustments (count minus the snapshot the count saw)', () => {
  it('moves a place by its count minus its snapshot, not to the count', () => {
    // Counted 8 when the stock said 10; two units were sold afterwards (stock now 8): the adjustment is −2, stock ends 6.
    expect(inventoryAdjustments([line({ quantidade: 8000, quantidade_estoque: 10_000 })])).toEqual([
      { id_produto_grade_filial: 1, id_endereco_estoque: 10, contado: 8000, quantidade_estoque: 10_000, quantidade: -2000 },
    ]);
  });

  it('sums two phones\' lines of the same place and takes the snapshot of the first counted', () => {
    const adj = inventoryAdjustments([
      line({ quantidade: 3000, quantidade_estoque: 9000, ordem: 2 }),
      line({ quantidade: 4000, quantidade_estoque: 10_000, ordem: 1 }),
    ]);
    expect(adj).toEqual([{ id_produto_grade_filial: 1, id_endereco_estoque: 10, contado: 7000, quantidade_estoque: 10_000, quantidade: -3000 }]);
  });

  it('leaves out places whose count equals the snapshot and sorts by variation then address', () => {
    const adj = inventoryAdjustments([
      line({ id_produto_grade_filial: 2, id_endereco_estoque: 11, quantidade: 1000, quantidade_estoque: 0 }),
      line({ id_produto_grade_filial: 2, id_endereco_estoque: 10, quantidade: 0, quantidade_estoque: 1500 }),
      line({ id_produto_grade_filial: 1, quantidade: 5000, quantidade_estoque: 5000 }),
    ]);
    expect(adj.map((a) => [a.id_produto_grade_filial, a.id_endereco_estoque, a.quantidade])).toEqual([[2, 10, -1500], [2, 11, 1000]]);
  });

  it('refuses a negative count', () => {
    expect(() => inventoryAdjustments([line({ quantidade: -1 })])).toThrow(M.negativeCount);
  });

  it('keeps every movement made after the count: stock after processing = total counted + what moved since (property)', () => {
    fc.assert(fc.property(
      fc.array(fc.record({ count: fc.nat(100_000), snapshotSeen: fc.integer({ min: -50_000, max: 100_000 }) }), { minLength: 1, maxLength: 5 }),
      fc.integer({ min: -50_000, max: 50_000 }),
      (counts, movedSince) => {
        const lines = counts.map((c, i) => line({ quantidade: c.count, quantidade_estoque: c.snapshotSeen, ordem: i }));
        const first = counts[0]!.snapshotSeen;
        const stockNow = first + movedSince;
        const adj = inventoryAdjustments(lines)[0]?.quantidade ?? 0;
        const total = counts.reduce((s, c) => s + c.count, 0);
        expect(stockNow + adj).toBe(total + movedSince);
      },
    ));
  });
});

describe('counting on the phone (001 §4)', () => {
  it('adds to the live line of the same variation and address and marks it AtualizacaoPendente', () => {
    const next = addCount([local()], { uuid: 'b', id_inventario: 7, id_produto_grade_filial: 1, id_endereco_estoque: 10, quantidade: 2000, quantidade_estoque: 3000 });
    expect(next).toMatchObject({ uuid: 'a', quantidade: 3000, quantidade_estoque: 4000, situacao: 'AtualizacaoPendente' });
  });

  it('keeps a line never sent InclusaoPendente when counted again', () => {
    const next = addCount([local({ situacao: 'InclusaoPendente' })], { uuid: 'b', id_inventario: 7, id_produto_grade_filial: 1, id_endereco_estoque: 10, quantidade: 1000, quantidade_estoque: 0 });
    expect(next).toMatchObject({ uuid: 'a', quantidade: 2000, situacao: 'InclusaoPendente' });
  });

  it('opens a new InclusaoPendente line for another address, a deleted line or another inventory', () => {
    const base = { uuid: 'n', id_inventario: 7, id_produto_grade_filial: 1, quantidade: 1000, quantidade_estoque: 2000 };
    expect(addCount([local()], { ...base, id_endereco_estoque: 11 })).toMatchObject({ uuid: 'n', situacao: 'InclusaoPendente', quantidade: 1000 });
    expect(addCount([local({ situacao: 'Excluido' })], { ...base, id_endereco_estoque: 10 })).toMatchObject({ uuid: 'n', situacao: 'InclusaoPendente' });
    expect(addCount([local({ id_inventario: 8 })], { ...base, id_endereco_estoque: 10 })).toMatchObject({ uuid: 'n' });
  });

  it('refuses a quantity that is not positive', () => {
    expect(() => addCount([], { uuid: 'n', id_inventario: 7, id_produto_grade_filial: 1, id_endereco_estoque: 10, quantidade: 0, quantidade_estoque: 0 }))
      .toThrow(ValidationError);
  });

  it('sends only pending lines, at most 50 a batch', () => {
    const lines = Array.from({ length: 120 }, (_, i) => local({ uuid: String(i), situacao: i < 8 ? 'Sincronizado' : i % 2 ? 'AtualizacaoPendente' : 'InclusaoPendente' }));
    lines.push(local({ uuid: 'x', situacao: 'Excluido' }));
    const batches = pendingBatches(lines);
    expect(batches.map((b) => b.length)).toEqual([50, 50, 13]);
    expect(batches.flat().some((l) => l.situacao === 'Sincronizado')).toBe(false);
  });

  it('refuses changes to a processed inventory', () => {
    expect(() => assertOpen('Processado', 'process')).toThrow(M.alreadyProcessed);
    expect(() => assertOpen('Processado', 'edit')).toThrow(M.editProcessed);
    expect(() => assertOpen('NaoProcessado', 'count')).not.toThrow();
  });
});
