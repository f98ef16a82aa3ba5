// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PRICE_READJUST_MESSAGES as M } from '@pdv/domain/price-readjust';
import { renderUi } from '../../testing/dom.tsx';
import { PriceReadjustPage } from './PriceReadjustPage.tsx';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../api/client.ts', () => ({ call: api.call }));
const toasts = vi.hoisted(() => ({ success: vi.fn() }));
vi.mock('../../ui/toast.ts', () => ({ toast: toasts }));
const confirmed = vi.hoisted(() => ({ confirm: vi.fn(() => Promise.resolve(true)) }));
vi.mock('../../ui/confirm.tsx', () => confirmed);
vi.mock('../auth/sessionContext.ts', () => ({
  useSignedIn: () => ({
    session: { usuario: { id_filial_ativa: 1, filiais: [{ id_filial: 1, nome_fantasia: 'Loja Centro', razao_social: 'Demo' }, { id_filial: 2, nome_fantasia: 'Loja Shopping', razao_social: 'Demo' }] } },
  }),
}));
// The local copy's brands (the other tables empty): the read names its table.
vi.mock('../../db/database.ts', () => ({ localDb: () => ({ rows: (table: string) => ({ toArray: () => Promise.resolve(table) }) }) }));
vi.mock('../../db/useLiveQuery.ts', () => ({
  useLiveQuery: (read: () => Promise<string>) => {
    const brands = [{ id_marca: 7, descricao: 'Casa Boa' }, { id_marca: 8, descricao: 'Lar Mineiro' }];
    return String(read.toString()).includes('brand') ? brands : [];
  },
}));

const linha = {
  id_produto_grade_filial: 31, id_produto: 3, id_filial: 1, filial: 'Loja Centro', produto: 'Garrafa Térmica Inox 1 L', variacao: '', sku: 'UD-003',
  preco_venda_atual: 29.9, preco_atacado_atual: 24.9, preco_venda_novo: 31.4, preco_atacado_novo: 24.9,
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderUi(<QueryClientProvider client={client}><PriceReadjustPage /></QueryClientProvider>);
}

beforeEach(() => {
  api.call.mockReset();
  toasts.success.mockReset();
  api.call.mockImplementation((name: string) => {
    if (name === 'priceConfigurationFind') return Promise.resolve({ rows: [], count: 0 });
    if (name === 'priceReadjustSimulate') return Promise.resolve({ linhas: [linha], sem_alteracao: 2, assinatura: '1-abcdef01' });
    return Promise.resolve({ id_reajuste_preco: 1, precos_reajustados: 1, message: M.applied });
  });
});

describe('the price readjust screen', () => {
  it('simulates the brand and percentage typed (F9), then applies that simulation (F10) after the confirm', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('combobox', { name: 'Marcas' }));
    await user.keyboard('Casa');
    await user.keyboard('{Enter}');
    await user.type(screen.getByRole('textbox', { name: /Percentual/ }), '5');
    await user.keyboard('{F9}');
    const table = await screen.findByRole('table', { name: 'Preços simulados' });
    expect(within(table).getAllByRole('row')[1]?.textContent).toContain('R$ 31,40');
    expect(screen.getByText('2 sem alteração')).toBeTruthy();
    const body = { modo: 'Percentual', percentual: 5, alvo: 'preco_venda', filtros: { id_categoria: [], id_marca: [7], id_produto: [] }, filiais: [1] };
    expect(api.call).toHaveBeenCalledWith('priceReadjustSimulate', body);

    await user.keyboard('{F10}');
    await waitFor(() => expect(api.call).toHaveBeenCalledWith('priceReadjustApply', { ...body, assinatura: '1-abcdef01' }));
    expect(confirmed.confirm).toHaveBeenCalled();
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(M.applied));
    expect(screen.queryByRole('table', { name: 'Preços simulados' })).toBeNull();
  });

  it('drops the simulation when the rule changes, so nothing but what is shown can be applied', async () => {
    const { user } = renderPage();
    await user.type(screen.getByRole('textbox', { name: /Percentual/ }), '5');
    await user.click(screen.getByRole('button', { name: /Simular/ }));
    await screen.findByRole('table', { name: 'Preços simulados' });
    await user.click(screen.getByRole('checkbox', { name: 'Loja Shopping' }));
    expect(screen.queryByRole('table', { name: 'Preços simulados' })).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Aplicar reajuste/ }).disabled).toBe(true);
    await user.keyboard('{F10}');
    expect(api.call).not.toHaveBeenCalledWith('priceReadjustApply', expect.anything());
  });
});
