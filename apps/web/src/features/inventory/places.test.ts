import { describe, expect, it } from 'vitest';
import { countedPlaces } from './places.ts';
import type { LocalCount } from './countStore.ts';

const mine = (over: Partial<LocalCount> = {}): LocalCount => ({
  uuid: 'u1', id_inventario: 1, id_produto_grade_filial: 10, id_endereco_estoque: 1, quantidade: 2000, quantidade_estoque: 0,
  situacao: 'InclusaoPendente', id_inventario_item: null, descricao_produto: 'Camiseta P', descricao_endereco_estoque: 'Loja', codigo: '789',
  data_alteracao: 5, ...over,
});

describe('counted places', () => {
  it('adds the other phones\' server lines to this device\'s line of the same place, without counting its own twice', () => {
    const places = countedPlaces([mine({ situacao: 'Sincronizado', id_inventario_item: 7 })], [
      { id_inventario_item: 7, uuid: 'u1', id_produto_grade_filial: 10, id_endereco_estoque: 1, quantidade: 2, data_exclusao: null },
      { id_inventario_item: 8, uuid: 'u2', id_produto_grade_filial: 10, id_endereco_estoque: 1, quantidade: 3.5, data_exclusao: null },
      { id_inventario_item: 9, uuid: 'u3', id_produto_grade_filial: 10, id_endereco_estoque: 1, quantidade: 9, data_exclusao: '2026-01-01T00:00:00.000Z' },
    ]);
    expect(places).toHaveLength(1);
    expect(places[0]).toMatchObject({ total: 5500, others: 1, pending: false });
  });

  it('leaves out lines deleted here and lists the last counted first', () => {
    const places = countedPlaces([
      mine({ uuid: 'a', id_produto_grade_filial: 1, data_alteracao: 1 }),
      mine({ uuid: 'b', id_produto_grade_filial: 2, data_alteracao: 3 }),
      mine({ uuid: 'c', id_produto_grade_filial: 3, situacao: 'Excluido' }),
    ], []);
    expect(places.map((p) => p.id_produto_grade_filial)).toEqual([2, 1]);
    expect(places.every((p) => p.pending)).toBe(true);
  });
});
