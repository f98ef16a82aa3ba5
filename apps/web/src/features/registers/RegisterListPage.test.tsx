// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ModalsProvider } from '@mantine/modals';
import { brand } from '@pdv/contract/registers/brand';
import { REGISTER_MESSAGES, type RegisterDescriptor } from '@pdv/contract/registers/descriptor';
import { measureUnit } from '@pdv/contract/registers/measure-unit';
import { ApiError } from '../../api/errors.ts';
import { renderUi } from '../../testing/dom.tsx';
import { RegisterListPage } from './RegisterListPage.tsx';

const api = vi.hoisted(() => ({ callList: vi.fn(), call: vi.fn() }));
vi.mock('../../api/client.ts', () => ({ callList: api.callList, call: api.call }));
const toasts = vi.hoisted(() => ({ error: vi.fn() }));
vi.mock('../../ui/showError.ts', () => ({ showError: toasts.error }));
vi.mock('../auth/sessionContext.ts', () => ({ useSignedIn: () => ({ ability: { can: () => true } }) }));

const unit = (id: number, sigla: string, descricao: string) => ({
  id_unidade_medida: id,
  sigla,
  descricao,
  multiplicador: 1,
  casa_decimal: 0,
  is_padrao: id === 1,
  data_cadastro: '2026-01-01T00:00:00.000Z',
  data_alteracao: '2026-01-01T00:00:00.000Z',
});

function renderList(descriptor: RegisterDescriptor = measureUnit) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderUi(
    <QueryClientProvider client={client}>
      <ModalsProvider>
        <RegisterListPage descriptor={descriptor} />
      </ModalsProvider>
    </QueryClientProvider>,
  );
}

const lastBody = () => api.callList.mock.calls.at(-1)?.[1] as Record<string, unknown>;

beforeEach(() => {
  api.call.mockReset();
  toasts.error.mockReset();
  api.callList.mockReset();
  api.callList.mockResolvedValue({ rows: [unit(1, 'UN', 'Unidade'), unit(2, 'CX', 'Caixa')], count: 45 });
});

describe('the register list', () => {
  it('shows the list fields under their labels, sorted by the descriptor, and sorts by a clicked header, again reversed', async () => {
    const { user } = renderList();
    const table = await screen.findByRole('table', { name: 'Unidades de medida' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent?.trim())).toEqual([
      'Descrição ▲',
      'Sigla',
      'Multiplicador',
      'Casas decimais',
      'Padrão',
      'Ações',
    ]);
    expect(lastBody()).toMatchObject({ column: 'descricao', order: 'ASC', skip: 0, take: 20 });
    await user.click(within(table).getByRole('button', { name: /Sigla/ }));
    await waitFor(() => expect(lastBody()).toMatchObject({ column: 'sigla', order: 'ASC' }));
    await user.click(within(table).getByRole('button', { name: /Sigla/ }));
    await waitFor(() => expect(lastBody()).toMatchObject({ column: 'sigla', order: 'DESC' }));
    expect(within(table).getByRole('columnheader', { name: /Sigla/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('pages by the descriptor page size over the total count', async () => {
    const { user } = renderList();
    await screen.findByText('45 registros');
    await user.click(screen.getByRole('button', { name: 'Página 3' }));
    await waitFor(() => expect(lastBody()).toMatchObject({ skip: 40, take: 20 }));
    expect(screen.queryByRole('button', { name: 'Página 4' })).toBeNull();
  });

  it('moves the chosen row with the arrows, opens it with Enter and a new one with Insert', async () => {
    const { user } = renderList();
    const table = await screen.findByRole('table', { name: 'Unidades de medida' });
    await within(table).findByText('Caixa');
    await user.keyboard('{ArrowDown}');
    expect(within(table).getByText('Caixa').closest('tr')?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    const form = await screen.findByRole('form', { name: 'Unidade de medida' });
    expect(within(form).getByLabelText(/Sigla/)).toHaveProperty('value', 'CX');
    await user.click(within(form).getByRole('button', { name: /Cancelar/ }));
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());

    await user.keyboard('{Insert}');
    const fresh = await screen.findByRole('form', { name: 'Unidade de medida' });
    expect(within(fresh).getByLabelText(/Sigla/)).toHaveProperty('value', '');
    expect(within(fresh).getByLabelText(/Multiplicador/)).toHaveProperty('value', '1,000');
  });

  it('searches after a pause, filters by situacao and toggles a row in place', async () => {
    api.callList.mockResolvedValue({
      rows: [{ id_marca: 5, descricao: 'Urbano Jeans', logo: null, situacao: 'Ativo', is_padrao: false, data_cadastro: '', data_alteracao: '' }],
      count: 1,
    });
    api.call.mockResolvedValue({});
    const { user } = renderList(brand);
    const table = await screen.findByRole('table', { name: 'Marcas' });
    await user.type(screen.getByLabelText('Pesquisar'), 'urb');
    await waitFor(() => expect(lastBody()).toMatchObject({ search: 'urb', skip: 0 }));
    await user.click(screen.getByRole('radio', { name: 'Inativo' }));
    await waitFor(() => expect(lastBody()).toMatchObject({ filter: { situacao: 'Inativo' } }));
    await user.click(await within(table).findByRole('button', { name: 'Inativar Urbano Jeans' }));
    await waitFor(() => expect(api.call).toHaveBeenCalledWith('brandSituacao', { id_marca: 5, situacao: 'Inativo' }));
  });

  describe('a delete refused because the row is still used', () => {
    const inUse = REGISTER_MESSAGES.inUse('produtos');
    const refused = () => new ApiError('http', 400, { message: inUse }, inUse, 'brandDelete');
    const urbano = (situacao: string) => ({
      rows: [{ id_marca: 5, descricao: 'Urbano Jeans', logo: null, situacao, is_padrao: false, data_cadastro: '', data_alteracao: '' }],
      count: 1,
    });
    const deleteUrbano = async (user: ReturnType<typeof renderList>['user']) => {
      const table = await screen.findByRole('table', { name: 'Marcas' });
      await user.click(await within(table).findByRole('button', { name: 'Excluir Urbano Jeans' }));
      await user.click(await screen.findByRole('button', { name: 'Sim' }));
    };

    it("offers to set it Inativo: 'Inativar' calls enable-disable and the list reloads", async () => {
      api.callList.mockResolvedValue(urbano('Ativo'));
      api.call.mockImplementation((route: string) => (route === 'brandDelete' ? Promise.reject(refused()) : Promise.resolve({})));
      const { user } = renderList(brand);
      await deleteUrbano(user);
      const dialog = await screen.findByRole('dialog', { name: 'Excluir a marca "Urbano Jeans"' });
      expect(within(dialog).getByText(inUse)).toBeTruthy();
      const loads = api.callList.mock.calls.length;
      await user.click(within(dialog).getByRole('button', { name: 'Inativar' }));
      await waitFor(() => expect(api.call).toHaveBeenCalledWith('brandSituacao', { id_marca: 5, situacao: 'Inativo' }));
      await waitFor(() => expect(api.callList.mock.calls.length).toBeGreaterThan(loads));
      expect(toasts.error).not.toHaveBeenCalled();
    });

    it("changes nothing on 'Cancelar'", async () => {
      api.callList.mockResolvedValue(urbano('Ativo'));
      api.call.mockImplementation((route: string) => (route === 'brandDelete' ? Promise.reject(refused()) : Promise.resolve({})));
      const { user } = renderList(brand);
      await deleteUrbano(user);
      const dialog = await screen.findByRole('dialog', { name: 'Excluir a marca "Urbano Jeans"' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(api.call.mock.calls.map(([route]) => String(route))).toEqual(['brandDelete']);
    });

    it('only shows the refusal for a row already Inativo', async () => {
      api.callList.mockResolvedValue(urbano('Inativo'));
      api.call.mockImplementation((route: string) => (route === 'brandDelete' ? Promise.reject(refused()) : Promise.resolve({})));
      const { user } = renderList(brand);
      await deleteUrbano(user);
      await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(expect.objectContaining({ message: inUse })));
      expect(screen.queryByRole('button', { name: 'Inativar' })).toBeNull();
      expect(api.call.mock.calls.map(([route]) => String(route))).toEqual(['brandDelete']);
    });
  });
});

describe("a register's list actions (extension listActions)", () => {
  it('the commission groups open their report by the Relatório button and by Alt+P', async () => {
    const { commissionGroup } = await import('@pdv/contract/registers/commission-group');
    const { MemoryRouter, Route, Routes } = await import('react-router');
    api.callList.mockResolvedValue({ rows: [], count: 0 });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const page = (
      <QueryClientProvider client={client}>
        <ModalsProvider>
          <MemoryRouter initialEntries={['/commission']}>
            <Routes>
              <Route path="/commission" element={<RegisterListPage descriptor={commissionGroup} />} />
              <Route path="/commission/report" element={<p>Tela do relatório</p>} />
            </Routes>
          </MemoryRouter>
        </ModalsProvider>
      </QueryClientProvider>
    );
    const first = renderUi(page);
    await first.user.click(await screen.findByRole('button', { name: /Relatório/ }));
    expect(await screen.findByText('Tela do relatório')).toBeTruthy();
    first.unmount();
    const second = renderUi(page);
    await screen.findByRole('button', { name: /Relatório/ });
    await second.user.keyboard('{Alt>}p{/Alt}');
    expect(await screen.findByText('Tela do relatório')).toBeTruthy();
  });
});
