import { describe, expect, it } from 'vitest';
import { buildAbility } from './permissions.ts';
import { USER_MESSAGES, beyondAbility, levelOfTipo, normalizeBranchProfiles, passwordProblem, tipoOfLevel } from './user-rules.ts';

describe('branch profiles of a user', () => {
  it('makes the first one the main branch when none is marked', () => {
    const r = normalizeBranchProfiles([{ id_filial: 2, id_perfil: 1, is_principal: false }, { id_filial: 1, id_perfil: 1, is_principal: false }]);
    expect(r).toEqual({ ok: true, perfis: [{ id_filial: 2, id_perfil: 1, is_principal: true }, { id_filial: 1, id_perfil: 1, is_principal: false }] });
  });

  it('keeps the one marked main', () => {
    const r = normalizeBranchProfiles([{ id_filial: 2, id_perfil: 1, is_principal: false }, { id_filial: 1, id_perfil: 1, is_principal: true }]);
    expect(r.ok && r.perfis.map((p) => p.is_principal)).toEqual([false, true]);
  });

  it('refuses two main branches and a branch given twice', () => {
    expect(normalizeBranchProfiles([{ id_filial: 1, id_perfil: 1, is_principal: true }, { id_filial: 2, id_perfil: 1, is_principal: true }]))
      .toEqual({ ok: false, message: USER_MESSAGES.oneMainBranch });
    expect(normalizeBranchProfiles([{ id_filial: 1, id_perfil: 1, is_principal: true }, { id_filial: 1, id_perfil: 2, is_principal: false }]))
      .toEqual({ ok: false, message: USER_MESSAGES.oneProfilePerBranch });
  });

  it('accepts no branch at all (a seller who does not sign in)', () => {
    expect(normalizeBranchProfiles([])).toEqual({ ok: true, perfis: [] });
  });
});

describe('nobody grants more than they hold', () => {
  const ability = buildAbility({ kind: 'list', entries: [
    { rotulo: 'FncListarMarca', tipo: '1', situacao: 'Ativo' },
    { rotulo: 'FncPontoVenda', tipo: '2', situacao: 'Ativo' },
    { rotulo: 'FncListarPedido', tipo: '2', situacao: 'Inativo' },
  ] });

  it('answers the labels beyond the ability at their level', () => {
    expect(beyondAbility(ability, [
      { rotulo: 'FncListarMarca', tipo: '1', situacao: 'Ativo' },
      { rotulo: 'FncListarMarca', tipo: '2', situacao: 'Ativo' },
      { rotulo: 'FncPontoVenda', tipo: '1', situacao: 'Ativo' },
      { rotulo: 'FncListarPedido', tipo: '1', situacao: 'Ativo' },
    ])).toEqual(['FncListarMarca', 'FncListarPedido']);
  });

  it('ignores inactive entries (they grant nothing)', () => {
    expect(beyondAbility(ability, [{ rotulo: 'FncListarFilial', tipo: '2', situacao: 'Inativo' }])).toEqual([]);
  });
});

describe('levels and passwords', () => {
  it("maps tipo '1' to read, any other to manage, none to none", () => {
    expect(levelOfTipo('1')).toBe('read');
    expect(levelOfTipo('2')).toBe('manage');
    expect(levelOfTipo(undefined)).toBe('none');
    expect(tipoOfLevel('read')).toBe('1');
    expect(tipoOfLevel('manage')).toBe('2');
  });

  it('asks 8 to 128 characters', () => {
    expect(passwordProblem('1234567')).toBe(USER_MESSAGES.passwordTooShort);
    expect(passwordProblem('12345678')).toBeNull();
    expect(passwordProblem('x'.repeat(129))).toBe(USER_MESSAGES.passwordTooLong);
  });
});
