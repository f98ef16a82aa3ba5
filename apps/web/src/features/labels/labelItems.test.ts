/** Where the label print modal's items come from: the routes' rows made label items, and more items merged in. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLabelItems, mergeLabelItems, type KeyedLabelItem } from './labelItems.ts';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../api/client.ts', () => ({ call: api.call }));

beforeEach(() => api.call.mockReset());

const item = (key: string, qtd: number): KeyedLabelItem => ({
  key, descricao: key, variacao: '', sku: key, codigo_barras: null, preco_venda: 1, preco_atacado: 1, marca: '', qtd,
});

describe('label items', () => {
  it("from products: the product's description and the variation apart, one label each", async () => {
    api.call.mockResolvedValue({ rows: [{
      id_produto: 1, id_produto_grade: 11, id_produto_grade_filial: 110, descricao: 'Camiseta Azul / P', descricao_produto: 'Camiseta', variacao: 'Azul / P',
      marca: 'Demo', sku: 'CAM-1', codigo_barras: '7891234000019', unidade: 'PC', preco_venda: 39.9, preco_atacado: 35,
    }] });
    expect(await loadLabelItems({ kind: 'products', ids: [1] })).toEqual([{
      key: 'g11', descricao: 'Camiseta', variacao: 'Azul / P', sku: 'CAM-1', codigo_barras: '7891234000019', preco_venda: 39.9, preco_atacado: 35, marca: 'Demo', qtd: 1,
    }]);
    expect(api.call).toHaveBeenCalledWith('productFindToPrintLabel', { where: { ids_products: [1] } }, { loading: false });
  });

  it("from an order: the line's description, its price and its started units", async () => {
    api.call.mockResolvedValue({ rows: [{
      id_pedido_item: 5, id_produto_grade_filial: 110, descricao: 'Camiseta Azul / P', sku: null, codigo_barras: null, valor_unitario: 30,
      quantidade: 2.5, quantidade_etiquetas: 3,
    }] });
    expect(await loadLabelItems({ kind: 'order', id_pedido: 9 })).toEqual([{
      key: 'p5', descricao: 'Camiseta Azul / P', variacao: '', sku: '', codigo_barras: null, preco_venda: 30, preco_atacado: 30, marca: '', qtd: 3,
    }]);
    expect(api.call).toHaveBeenCalledWith('orderItemFindToPrintLabels', { id_pedido: 9 }, { loading: false });
  });

  it('from an invoice: the rows as the route answers them, keyed by line', async () => {
    api.call.mockResolvedValue({ rows: [{ ...item('x', 2), id_produto: 1, id_produto_grade: 11, id_produto_grade_filial: 110 }] });
    const rows = await loadLabelItems({ kind: 'invoice', id_nota_fiscal: 4 });
    expect(rows.map((r) => [r.key, r.qtd])).toEqual([['n0-11', 2]]);
    expect(api.call).toHaveBeenCalledWith('invoiceItemFindToPrintLabels', { id_nota_fiscal: 4 }, { loading: false });
  });

  it('merges more items: a listed variation keeps its place and takes the new quantity, new ones go last', () => {
    const merged = mergeLabelItems([item('a', 1), item('b', 1)], [item('b', 5), item('c', 2)]);
    expect(merged.map((i) => [i.key, i.qtd])).toEqual([['a', 1], ['b', 5], ['c', 2]]);
  });
});
