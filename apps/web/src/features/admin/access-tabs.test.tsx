// @vitest-environment jsdom
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { profile } from '@pdv/contract/registers/profile';
import { USER_MESSAGES } from '@pdv/domain/user-rules';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderUi } from '../../testing/dom.tsx';
import { ProfilePermissionsTab } from './ProfilePermissionsTab.tsx';
import { ProfileBranchesTab } from './ProfileBranchesTab.tsx';
import { ChangePasswordPage } from '../auth/ChangePasswordPage.tsx';
import { keepSignInPassword } from '../auth/signInPassword.ts';

const session = vi.hoisted(() => ({
  readsBranches: false,
  changePassword: vi.fn(),
  logout: vi.fn(),
  filiais: [
    { id_filial: 1, id_empresa: 1, codigo_filial: '1', cnpj: '', razao_social: 'Demo', nome_fantasia: 'Loja Centro', apelido: null, cidade: null, uf: null, situacao: 'Ativo' },
    { id_filial: 2, id_empresa: 1, codigo_filial: '2', cnpj: '', razao_social: 'Demo', nome_fantasia: 'Loja Shopping', apelido: null, cidade: null, uf: null, situacao: 'Ativo' },
  ],
}));
vi.mock('../auth/sessionContext.ts', () => ({
  useSession: () => ({ changePassword: session.changePassword, logout: session.logout }),
  useSignedIn: () => ({ session: { usuario: { filiais: session.filiais } }, ability: { can: (_action: string, subject: string) => subject !== 'FncListarFilial' || session.readsBranches } }),
}));
const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../api/client.ts', () => ({ call: api.call }));

/** A tab holding its values the way the register form does. */
function Harness({ Tab, initial, readOnly = false, onValues }: {
  Tab: typeof ProfilePermissionsTab;
  initial: Record<string, unknown>;
  readOnly?: boolean;
  onValues: (v: Record<string, unknown>) => void;
}) {
  const [values, setValues] = useState(initial);
  const set = (name: string, value: unknown) => setValues((v) => {
    const next = { ...v, [name]: value };
    onValues(next);
    return next;
  });
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Tab descriptor={profile} row={null} values={values} set={set} errors={{}} readOnly={readOnly} />
    </QueryClientProvider>
  );
}

describe('the profile permission editor', { timeout: 30_000 }, () => {
  it('shows every group and sets a label to read, manage or none', async () => {
    const onValues = vi.fn();
    const { user } = renderUi(<Harness Tab={ProfilePermissionsTab} initial={{ perfil_permissao: [{ rotulo: 'FncPontoVenda', tipo: '2' }] }} onValues={onValues} />);
    expect(screen.getByRole('heading', { name: 'Vendas' })).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Autorizações de supervisor' })).toBeDefined();
    const marcas = screen.getByRole('radiogroup', { name: 'Marcas' });
    await user.click(within(marcas).getByLabelText('Consultar'));
    expect(onValues).toHaveBeenLastCalledWith({ perfil_permissao: [{ rotulo: 'FncPontoVenda', tipo: '2' }, { rotulo: 'FncListarMarca', tipo: '1' }] });
    await user.click(within(screen.getByRole('radiogroup', { name: 'Ponto de venda' })).getByLabelText('Sem acesso'));
    expect(onValues).toHaveBeenLastCalledWith({ perfil_permissao: [{ rotulo: 'FncListarMarca', tipo: '1' }] });
    await user.click(screen.getByRole('button', { name: 'Empresa: Gerenciar em todo o grupo' }));
    const last = onValues.mock.lastCall?.[0] as { perfil_permissao: Array<{ rotulo: string; tipo: string }> };
    expect(last.perfil_permissao.filter((p) => p.tipo === '2').map((p) => p.rotulo)).toEqual(['FncListarFilial', 'FncListarUsuario', 'FncListarPerfil']);
  });

  it('read-only: nothing can be changed', () => {
    renderUi(<Harness Tab={ProfilePermissionsTab} initial={{ perfil_permissao: [] }} readOnly onValues={vi.fn()} />);
    expect(screen.queryByRole('button', { name: /em todo o grupo/ })).toBeNull();
    expect(within(screen.getByRole('radiogroup', { name: 'Marcas' })).getByLabelText('Consultar')).toHaveProperty('disabled', true);
  });
});

describe('the profile branches', () => {
  it("offers the user's branches and keeps the checked ids", async () => {
    const onValues = vi.fn();
    const { user } = renderUi(<Harness Tab={ProfileBranchesTab} initial={{ filiais: [2] }} onValues={onValues} />);
    expect(screen.getByLabelText('Loja Shopping')).toHaveProperty('checked', true);
    await user.click(screen.getByLabelText('Loja Centro'));
    expect(onValues).toHaveBeenLastCalledWith({ filiais: [2, 1] });
    expect(api.call).not.toHaveBeenCalled();
  });

  it("offers also the organization's branches the user holds no profile in, when it may read branches", async () => {
    session.readsBranches = true;
    api.call.mockImplementation((name: string) => name === 'branchFind'
      ? Promise.resolve({ rows: [{ id_filial: 1, razao_social: 'Demo', nome_fantasia: 'Loja Centro' }, { id_filial: 9, razao_social: 'Nova Ltda', nome_fantasia: '' }], count: 2 })
      : Promise.reject(new Error(name)));
    try {
      const onValues = vi.fn();
      const { user } = renderUi(<Harness Tab={ProfileBranchesTab} initial={{ filiais: [] }} onValues={onValues} />);
      await user.click(await screen.findByLabelText('Nova Ltda'));
      expect(onValues).toHaveBeenLastCalledWith({ filiais: [9] });
      expect(screen.getAllByRole('checkbox')).toHaveLength(3);
    } finally {
      session.readsBranches = false;
    }
  });
});

describe('the new-password step', { timeout: 30_000 }, () => {
  it('asks the new password twice, refuses a short or different one, then changes it with the sign-in password', async () => {
    keepSignInPassword('provisoria1');
    session.changePassword.mockResolvedValue(undefined);
    const { user } = renderUi(<ChangePasswordPage />);
    expect(screen.queryByLabelText('Senha provisória')).toBeNull();
    await user.type(screen.getByLabelText('Nova senha'), 'curta');
    await user.type(screen.getByLabelText('Confirme a nova senha'), 'curta');
    await user.click(screen.getByRole('button', { name: 'Salvar e entrar' }));
    expect(screen.getByText(USER_MESSAGES.passwordTooShort)).toBeDefined();
    await user.clear(screen.getByLabelText('Nova senha'));
    await user.type(screen.getByLabelText('Nova senha'), 'minhasenha1');
    await user.click(screen.getByRole('button', { name: 'Salvar e entrar' }));
    expect(screen.getByText(USER_MESSAGES.passwordsDiffer)).toBeDefined();
    expect(session.changePassword).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Confirme a nova senha'));
    await user.type(screen.getByLabelText('Confirme a nova senha'), 'minhasenha1{Enter}');
    expect(session.changePassword).toHaveBeenCalledWith('provisoria1', 'minhasenha1');
  });
});
