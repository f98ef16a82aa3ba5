import { describe, expect, it } from 'vitest';
import { PERMISSION_CATALOGUE } from '@pdv/domain/menu';
import {
  branchProfileList,
  levelOf,
  permissionGroups,
  permissionList,
  proposePassword,
  withBranchProfile,
  withGroupLevel,
  withLevel,
  withMainBranch,
} from './access-values.ts';

describe('the permission editor values', () => {
  it('groups every catalogue label once, in the groups of the catalogue', () => {
    const labels = permissionGroups().flatMap((g) => g.items.map((i) => i.rotulo));
    expect(labels.sort()).toEqual(PERMISSION_CATALOGUE.map((p) => p.rotulo).sort());
    expect(permissionGroups().map((g) => g.grupo)[0]).toBe('Vendas');
  });

  it('sets a label to read, manage or none, keeping the catalogue order', () => {
    let list = withLevel([], 'FncListarMarca', 'read');
    list = withLevel(list, 'FncPontoVenda', 'manage');
    expect(list).toEqual([{ rotulo: 'FncPontoVenda', tipo: '2' }, { rotulo: 'FncListarMarca', tipo: '1' }]);
    expect(levelOf(list, 'FncListarMarca')).toBe('read');
    expect(levelOf(list, 'FncPontoVenda')).toBe('manage');
    expect(levelOf(list, 'FncListarPedido')).toBe('none');
    list = withLevel(list, 'FncPontoVenda', 'none');
    expect(list).toEqual([{ rotulo: 'FncListarMarca', tipo: '1' }]);
  });

  it('sets a whole group at once', () => {
    const list = withGroupLevel([{ rotulo: 'FncPontoVenda', tipo: '2' }], 'Empresa', 'read');
    expect(list.map((p) => [p.rotulo, p.tipo])).toEqual([
      ['FncPontoVenda', '2'], ['FncListarFilial', '1'], ['FncListarUsuario', '1'], ['FncListarPerfil', '1'],
    ]);
    expect(withGroupLevel(list, 'Empresa', 'none')).toEqual([{ rotulo: 'FncPontoVenda', tipo: '2' }]);
  });

  it('reads only well-formed entries from a row (find_by_id answers rotulo and tipo)', () => {
    expect(permissionList([{ rotulo: 'FncListarMarca', tipo: '1' }, { rotulo: 'X', tipo: '9' }, null, 'x'])).toEqual([
      { rotulo: 'FncListarMarca', tipo: '1' },
    ]);
    expect(permissionList(undefined)).toEqual([]);
  });
});

describe('the branch profiles values', () => {
  it('makes the first branch given a profile the main one, and passes the role on when it is removed', () => {
    let list = withBranchProfile([], 10, 1);
    expect(list).toEqual([{ id_filial: 10, id_perfil: 1, is_principal: true }]);
    list = withBranchProfile(list, 20, 2);
    expect(list.map((p) => p.is_principal)).toEqual([true, false]);
    list = withMainBranch(list, 20);
    expect(list.map((p) => [p.id_filial, p.is_principal])).toEqual([[10, false], [20, true]]);
    list = withBranchProfile(list, 20, null);
    expect(list).toEqual([{ id_filial: 10, id_perfil: 1, is_principal: true }]);
    list = withBranchProfile(list, 10, 3);
    expect(list).toEqual([{ id_filial: 10, id_perfil: 3, is_principal: true }]);
  });

  it('keeps exactly one main branch whatever is clicked', () => {
    const list = withMainBranch(withBranchProfile(withBranchProfile([], 1, 1), 2, 1), 3);
    expect(list.filter((p) => p.is_principal)).toHaveLength(1);
  });

  it('reads a row’s branch profiles without their names', () => {
    expect(branchProfileList([{ id_filial: 1, filial: 'Loja', id_perfil: 2, perfil: 'Caixa', is_principal: true }])).toEqual([
      { id_filial: 1, id_perfil: 2, is_principal: true },
    ]);
  });

  it('proposes a temporary password of readable letters and digits', () => {
    const password = proposePassword(10, (n) => Uint32Array.from({ length: n }, (_, i) => i * 7));
    expect(password).toHaveLength(10);
    expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9]+$/);
    expect(proposePassword()).not.toBe(proposePassword());
  });
});
