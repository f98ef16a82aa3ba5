import { describe, expect, it } from 'vitest';
import { addAddress, removeAddress, setMainAddress } from './addresses.ts';

describe('person addresses', () => {
  it('labels the first address Endereço Padrão and makes it the main one', () => {
    const rows = addAddress(addAddress([]));
    expect(rows[0]).toMatchObject({ descricao: 'Endereço Padrão', is_principal: true });
    expect(rows[1]).toMatchObject({ descricao: '', is_principal: false });
  });

  it('keeps exactly one main: choosing one clears the other, removing the main passes it on', () => {
    const rows = setMainAddress(addAddress(addAddress([])), 1);
    expect(rows.map((r) => r.is_principal)).toEqual([false, true]);
    expect(removeAddress(rows, 1).map((r) => r.is_principal)).toEqual([true]);
  });

  it('marks a stored address removed instead of dropping it, so the server tombstones it', () => {
    const rows = [{ id_pessoa_endereco: 7, is_principal: true }, { id_pessoa_endereco: 8, is_principal: false }];
    expect(removeAddress(rows, 0)).toEqual([
      { id_pessoa_endereco: 7, is_principal: false, is_excluido: true },
      { id_pessoa_endereco: 8, is_principal: true },
    ]);
  });
});
