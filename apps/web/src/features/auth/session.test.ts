import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@pdv/contract/session';
import { canSeeEntry } from '@pdv/domain/permissions';
import {
  OFFLINE_POS_KEY,
  TOKEN_KEY,
  USER_KEY,
  abilityOf,
  clearStoredSession,
  clearStoredUser,
  permissionSourceOf,
  readStoredSession,
  sessionOf,
  writeStoredSession,
} from './session.ts';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const branch = {
  id_filial: 1,
  id_empresa: 1,
  codigo_filial: '001',
  cnpj: '11222333000181',
  razao_social: 'Loja Demo Ltda',
  nome_fantasia: 'Loja Centro',
  apelido: null,
  cidade: 'São Paulo',
  uf: 'SP',
  situacao: 'Ativo',
};

function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id_usuario: 2,
    id_organization: 1,
    nome: 'Caixa Demo',
    email: 'caixa@demo.com.br',
    avatar: null,
    situacao: 'Ativo',
    is_vendedor: false,
    percentual_desconto_maximo: 0,
    perc_max_aumento_preco_produto: 0,
    perc_max_reducao_preco_produto: 0,
    empresa: { id_empresa: 1, razao_social: 'Loja Demo Ltda', nome_fantasia: 'Loja Demo', cnpj: '11222333000181' },
    empresas: [],
    filial: branch,
    filiais: [branch],
    id_empresa_ativa: 1,
    id_filial_ativa: 1,
    permissoes: [
      { id_permissao: 1, rotulo: 'FncPontoVenda', tipo: '2', situacao: 'Ativo' },
      { id_permissao: 2, rotulo: 'FncListarFilial', tipo: '2', situacao: 'Inativo' },
    ],
    solicitar_nova_senha: false,
    solicitar_onboarding: false,
    cor_primaria: null,
    ...overrides,
  };
}

describe('session ability', () => {
  it('grants what an active entry of the list names, and nothing for inactive entries', () => {
    const ability = abilityOf(sessionOf('t', makeUser()));
    expect(canSeeEntry(ability, 'FncPontoVenda')).toBe(true);
    expect(canSeeEntry(ability, 'FncListarFilial')).toBe(false);
    expect(canSeeEntry(ability, null)).toBe(true);
  });

  it('treats a null list as "no list": manage everything', () => {
    const ability = abilityOf(sessionOf('t', makeUser({ permissoes: null })));
    expect(ability.can('manage', 'FncListarFilial')).toBe(true);
  });

  it('grants nothing when the list failed to load (missing or malformed), never "no list"', () => {
    for (const raw of [undefined, 'x', [{ rotulo: 'FncListarFilial' }], {}]) {
      const source = permissionSourceOf(raw);
      expect(source.kind).toBe('failed');
      const ability = abilityOf({ token: 't', usuario: sessionOf('t', makeUser()).usuario, permissions: source });
      expect(ability.can('read', 'FncListarFilial')).toBe(false);
      expect(ability.can('read', 'FncPontoVenda')).toBe(false);
      expect(canSeeEntry(ability, null)).toBe(true);
    }
  });

  it('grants nothing without a session', () => {
    expect(abilityOf(null).can('read', 'FncPontoVenda')).toBe(false);
  });
});

describe('stored session', () => {
  it('round-trips token, user and permission list through storage', () => {
    const storage = new MemoryStorage();
    const session = sessionOf('abc', makeUser());
    writeStoredSession(storage, session);
    expect(readStoredSession(storage)).toEqual(session);
  });

  it('keeps "no list" as null and a failed list as failed after a round trip', () => {
    const storage = new MemoryStorage();
    writeStoredSession(storage, sessionOf('abc', makeUser({ permissoes: null })));
    expect(readStoredSession(storage)?.permissions).toEqual({ kind: 'absent' });

    const { permissoes: _dropped, ...withoutList } = makeUser();
    storage.setItem(USER_KEY, JSON.stringify(withoutList));
    expect(readStoredSession(storage)?.permissions).toEqual({ kind: 'failed' });
  });

  it('is signed out without a token or with an unreadable user', () => {
    const storage = new MemoryStorage();
    expect(readStoredSession(storage)).toBeNull();
    storage.setItem(TOKEN_KEY, 'abc');
    storage.setItem(USER_KEY, '{not json');
    expect(readStoredSession(storage)).toBeNull();
  });

  it('clears the stored user data and the offline point-of-sale flag', () => {
    const storage = new MemoryStorage();
    writeStoredSession(storage, sessionOf('abc', makeUser()));
    storage.setItem(OFFLINE_POS_KEY, 'true');
    storage.setItem('pdv_menu_recolhido', 'true');
    clearStoredSession(storage);
    expect([...storage.items.keys()]).toEqual(['pdv_menu_recolhido']);
  });

  it('on a 401 clears the stored user data but leaves the offline point-of-sale flag to the logout', () => {
    const storage = new MemoryStorage();
    writeStoredSession(storage, sessionOf('abc', makeUser()));
    storage.setItem(OFFLINE_POS_KEY, 'true');
    clearStoredUser(storage);
    expect(readStoredSession(storage)).toBeNull();
    expect(storage.getItem(OFFLINE_POS_KEY)).toBe('true');
  });
});
