// @vitest-environment jsdom
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { brand } from '@pdv/contract/registers/brand';
import { user as userDescriptor } from '@pdv/contract/registers/user';
import { renderUi } from '../../testing/dom.tsx';
import { onAccessWrite, registerApi } from '../registers/api.ts';
import { UserAccessTab } from './UserAccessTab.tsx';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../api/client.ts', () => ({ call: api.call }));
vi.mock('../auth/sessionContext.ts', () => ({
  useSignedIn: () => ({
    session: {
      usuario: {
        filiais: [
          { id_filial: 1, razao_social: 'Demo', nome_fantasia: 'Loja Centro' },
          { id_filial: 2, razao_social: 'Demo', nome_fantasia: 'Loja Shopping' },
        ],
      },
    },
    ability: { can: () => true },
  }),
}));

function Harness({ onValues }: { onValues: (v: Record<string, unknown>) => void }) {
  const [values, setValues] = useState<Record<string, unknown>>({ perfis: [], senha: 'proposta12' });
  const set = (name: string, value: unknown) =>
    setValues((v) => {
      const next = { ...v, [name]: value };
      onValues(next);
      return next;
    });
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <UserAccessTab descriptor={userDescriptor} row={null} values={values} set={set} errors={{}} readOnly={false} />
    </QueryClientProvider>
  );
}

describe('the user access tab', { timeout: 30_000 }, () => {
  it('offers in each branch the profiles linked to it; the first branch given one is the main branch', async () => {
    api.call.mockImplementation((name: string, body: { id_perfil?: number }) => {
      if (name === 'profileFind') return Promise.resolve({ rows: [{ id_perfil: 7, descricao: 'Caixa' }, { id_perfil: 8, descricao: 'Vendedor' }], count: 2 });
      if (name === 'profileFindById') return Promise.resolve({ id_perfil: body.id_perfil, filiais: body.id_perfil === 7 ? [1] : [2, 9] });
      // A branch just made in /branch: the signed-in user holds no profile there yet, and may give one.
      if (name === 'branchFind') return Promise.resolve({ rows: [{ id_filial: 9, razao_social: 'Nova Ltda', nome_fantasia: 'Loja Nova' }], count: 1 });
      return Promise.reject(new Error(name));
    });
    const onValues = vi.fn();
    const { user } = renderUi(<Harness onValues={onValues} />);
    expect(screen.getByLabelText('Senha provisória')).toHaveProperty('value', 'proposta12');
    await waitFor(() => expect(screen.getAllByLabelText('Perfil em Loja Nova').length).toBeGreaterThan(0));
    await user.click(screen.getAllByLabelText('Perfil em Loja Shopping')[0]!);
    await waitFor(() => expect(screen.getByRole('option', { name: 'Vendedor' })).toBeDefined());
    expect(screen.queryByRole('option', { name: 'Caixa' })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Vendedor' }));
    expect(onValues).toHaveBeenLastCalledWith({ perfis: [{ id_filial: 2, id_perfil: 8, is_principal: true }], senha: 'proposta12' });
    await user.click(screen.getAllByLabelText('Perfil em Loja Centro')[0]!);
    await user.click(screen.getByRole('option', { name: 'Caixa' }));
    await user.click(screen.getByLabelText('Loja Centro é a principal'));
    expect(onValues).toHaveBeenLastCalledWith({
      perfis: [{ id_filial: 2, id_perfil: 8, is_principal: false }, { id_filial: 1, id_perfil: 7, is_principal: true }],
      senha: 'proposta12',
    });
  });
});

describe('writes of users and profiles reload the session', () => {
  it('tells the listeners after a user or profile write succeeds, not after a brand write nor a refusal', async () => {
    const heard = vi.fn();
    const stop = onAccessWrite(heard);
    api.call.mockResolvedValue({});
    await registerApi.update(userDescriptor, 1, { nome: 'X' });
    expect(heard).toHaveBeenCalledTimes(1);
    await registerApi.create(brand, { descricao: 'Marca' });
    expect(heard).toHaveBeenCalledTimes(1);
    api.call.mockRejectedValue(new Error('recusado'));
    await expect(registerApi.situacao(userDescriptor, 1, 'Inativo')).rejects.toThrow('recusado');
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    api.call.mockResolvedValue({});
    await registerApi.remove(userDescriptor, 1);
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
