// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { MESSAGES } from '@pdv/domain/messages';
import { renderUi } from '../../testing/dom.tsx';
import { BranchConfigPage } from './BranchConfigPage.tsx';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../api/client.ts', () => ({ call: api.call }));
const toasts = vi.hoisted(() => ({ success: vi.fn() }));
vi.mock('../../ui/toast.ts', () => ({ toast: toasts }));
const access = vi.hoisted(() => ({ manage: true }));
vi.mock('../auth/sessionContext.ts', () => ({
  useSignedIn: () => ({
    session: { usuario: { id_filial_ativa: 1, filiais: [{ id_filial: 1, nome_fantasia: 'Loja Centro', razao_social: 'Demo Moda Ltda' }] } },
    ability: { can: (action: string) => action === 'read' || access.manage },
  }),
}));

/** The active branch's configuration as the register answers it (no secrets). */
const row = {
  id_filial_configuracao: 10, id_filial: 1, fuso_horario: -3, modo_finalizacao: 'Modal', tipo_preco_padrao: 'Varejo',
  solicitar_vendedor_venda_pdv: true, obrigar_vendedor_venda_pdv: false, codigo_modelo_padrao_venda: '65',
  data_cadastro: '2026-01-01T00:00:00.000Z', data_alteracao: '2026-01-01T00:00:00.000Z',
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderUi(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/branch/config']}>
        <BranchConfigPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  access.manage = true;
  api.call.mockReset();
  api.call.mockImplementation((name: string, body: Record<string, unknown>) =>
    Promise.resolve(name === 'branchConfigFind' ? { rows: [row], count: 1 } : { ...row, ...body }));
});

describe('the branch configuration screen', () => {
  it('opens the active branch\'s configuration in tabs as the spec groups it, and saves a switch through the register\'s update', async () => {
    const { user } = renderPage();
    const form = await screen.findByRole('form', { name: 'Configuração da filial' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Estoque e fiscal', 'Caixa', 'Venda', 'Pesáveis e etiquetas', 'Ponto de venda', 'Envio', 'Troca', 'Mensagens', 'Cashback, cobrança e fuso',
    ]);
    expect(api.call).toHaveBeenCalledWith('branchConfigFind', {}, expect.anything());
    await user.click(screen.getByRole('tab', { name: 'Ponto de venda' }));
    const required = within(form).getByRole('switch', { name: 'Obrigar vendedor na venda' });
    expect((required as HTMLInputElement).checked).toBe(false);
    await user.click(required);
    await user.click(within(form).getByRole('button', { name: /Salvar/ }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(MESSAGES.recordUpdated));
    const [name, body] = api.call.mock.calls.find(([n]) => n === 'branchConfigUpdate') as [string, Record<string, unknown>];
    expect(name).toBe('branchConfigUpdate');
    expect(body).toMatchObject({ id_filial_configuracao: 10, obrigar_vendedor_venda_pdv: true, solicitar_vendedor_venda_pdv: true });
    // A secret left empty is not sent (the stored one stays).
    expect(Object.keys(body)).not.toContain('csc');
  });

  it('is read-only for a user who may only read the branches', async () => {
    access.manage = false;
    renderPage();
    const form = await screen.findByRole('form', { name: 'Configuração da filial' });
    expect(within(form).queryByRole('button', { name: /Salvar/ })).toBeNull();
  });
});
