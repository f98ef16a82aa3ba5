// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SessionUser } from '@pdv/contract/session';
import { renderUi } from '../../testing/dom.tsx';
import { sessionOf, writeStoredSession } from './session.ts';
import { useSignedIn } from './sessionContext.ts';
import { SessionProvider } from './SessionProvider.tsx';

const api = vi.hoisted(() => ({ call: vi.fn(), configureApiClient: vi.fn() }));
vi.mock('../../api/client.ts', () => api);
vi.mock('../sync/runtime.ts', () => ({
  syncRuntime: { setSession: vi.fn(), onAccessChange: () => () => undefined, logout: () => Promise.resolve() },
}));
vi.mock('../registers/api.ts', () => ({ onAccessWrite: () => () => undefined }));

const centro = { id_filial: 1, id_empresa: 1, codigo_filial: '001', cnpj: '11222333000181', razao_social: 'Loja Demo Ltda', nome_fantasia: 'Loja Centro', apelido: null, cidade: 'São Paulo', uf: 'SP', situacao: 'Ativo' };
const shopping = { ...centro, id_filial: 2, codigo_filial: '002', nome_fantasia: 'Loja Shopping' };

function user(id_filial_ativa: number): SessionUser {
  return {
    id_usuario: 1, id_organization: 1, nome: 'Gerente Demo', email: 'gerente@demo.com.br', avatar: null, situacao: 'Ativo',
    is_vendedor: false, percentual_desconto_maximo: 0, perc_max_aumento_preco_produto: 0, perc_max_reducao_preco_produto: 0,
    empresa: { id_empresa: 1, razao_social: 'Loja Demo Ltda', nome_fantasia: 'Loja Demo', cnpj: '11222333000181' },
    empresas: [], filial: id_filial_ativa === 1 ? centro : shopping, filiais: [centro, shopping], id_empresa_ativa: 1,
    id_filial_ativa, permissoes: [], solicitar_nova_senha: false, solicitar_onboarding: false, cor_primaria: null,
  };
}

function ActiveBranch() {
  const { session, switchBranch } = useSignedIn();
  return (
    <>
      <output aria-label="ativa">{session.usuario.id_filial_ativa}</output>
      <button type="button" onClick={() => void switchBranch(2)}>
        Loja Shopping
      </button>
    </>
  );
}

describe('the session provider', () => {
  it('keeps a branch switched while an older reload of the session was in flight (its stale answer is dropped)', async () => {
    writeStoredSession(localStorage, sessionOf('token', user(1)));
    let answerReload: (value: { usuario: SessionUser }) => void = () => undefined;
    api.call.mockImplementation((name: string) => {
      if (name === 'session') return new Promise((resolve) => (answerReload = resolve));
      if (name === 'setActiveBranch') return Promise.resolve({ usuario: user(2) });
      return Promise.reject(new Error(name));
    });
    const { user: clicks } = renderUi(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient()}>
          <SessionProvider>
            <ActiveBranch />
          </SessionProvider>
        </QueryClientProvider>
      </MemoryRouter>,
    );
    // The reload on start is in flight; the user switches to Loja Shopping meanwhile.
    await waitFor(() => expect(api.call).toHaveBeenCalledWith('session', {}, { loading: false }));
    await clicks.click(screen.getByRole('button', { name: 'Loja Shopping' }));
    await waitFor(() => expect(screen.getByLabelText('ativa').textContent).toBe('2'));
    // The reload answers now, with the user as the server saw it before the switch.
    await act(async () => {
      answerReload({ usuario: user(1) });
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.getByLabelText('ativa').textContent).toBe('2');
    expect(JSON.parse(localStorage.getItem('pdv_usuario') ?? '{}')).toMatchObject({ id_filial_ativa: 2 });
  });
});
