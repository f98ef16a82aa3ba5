import { describe, expect, it } from 'vitest';
import { itemsBody, lineFrom } from './lines.ts';

const product = { id_produto_grade_filial: 7, sku: 'BER-1', codigo_barras: null, descricao: 'Bermuda', variacao: '38', preco_custo: 2.5 };
const a = { id: 1, label: 'DEP - Depósito' };
const b = { id: 2, label: 'LOJA - Loja' };

describe('stock document lines', () => {
  it('sends quantities and costs as decimals, and a destination only for a transfer', () => {
    const line = lineFrom(product, 10_500, 250, a, b);
    expect(itemsBody([line], true)).toEqual([{ id_produto_grade_filial: 7, id_endereco_estoque: 1, id_endereco_estoque_destino: 2, quantidade: 10.5, valor_unitario: 2.5 }]);
    expect(itemsBody([line], false)[0]?.id_endereco_estoque_destino).toBeNull();
  });

  it('gives every line its own key, so two lines of the same product stay apart', () => {
    expect(lineFrom(product, 1000, 0, a, null).key).not.toBe(lineFrom(product, 1000, 0, a, null).key);
  });
});
