// @vitest-environment jsdom
/**
 * The modes' panels and modals by the keys they show (issue 16): the receivables drawer focuses its first box once the
 * list arrives (↑/↓ move, Space ticks, Enter confirms); the voucher's Enter goes from the value to the reason and issues
 * from the reason (Shift+Enter breaks the line); the consignment stages modal opens a listed consignment by its digit
 * wherever the focus is.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderUi } from '../../../testing/dom.tsx';

const calls = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../api/client.ts', () => ({ call: calls.call }));
vi.mock('./consignment/openConsignments.ts', () => ({
  openConsignments: vi.fn(() =>
    Promise.resolve([
      { id_pedido: 10, nsu: 501, data_cadastro: '2026-11-20T12:00:00Z', situacao: 'EnviadoCliente', valor_total_liquido: '20.00' },
      { id_pedido: 11, nsu: 502, data_cadastro: '2026-11-21T12:00:00Z', situacao: 'Edicao', valor_total_liquido: '30.00' },
    ]),
  ),
}));
const loadOrder = vi.hoisted(() => vi.fn());
vi.mock('../../order/register/loadOrder.ts', () => ({ loadOrder }));

// jsdom has no FontFaceSet; Mantine's autosizing Textarea listens to it.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined } });

const { ReceivablesPanel } = await import('./receipt/ReceivablesPanel.tsx');
const { IssueVoucherModal } = await import('./voucher/IssueVoucherModal.tsx');
const { ConsignmentStagesModal } = await import('./consignment/ConsignmentStagesModal.tsx');

const withQueries = (ui: ReactElement) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>
);

describe('receivables drawer (F5 in Recebimento)', { timeout: 20_000 }, () => {
  it('focuses the first receivable once listed; ↓ moves, Space ticks, Enter confirms', async () => {
    calls.call.mockResolvedValueOnce({
      rows: [
        { id_documento_financeiro: 1, numero: 'PED-1', sequencia: 1, data_vencimento: '2026-12-01', saldo: '10.00', valor_juros: 0, valor_multa: 0 },
        { id_documento_financeiro: 2, numero: 'PED-2', sequencia: 1, data_vencimento: '2026-12-02', saldo: '25.50', valor_juros: 0.35, valor_multa: 0.51 },
      ],
    });
    const onApply = vi.fn();
    const { user } = renderUi(withQueries(<ReceivablesPanel opened idCliente={7} chosen={[]} onClose={() => undefined} onApply={onApply} />));
    const firstBox = await screen.findByRole('checkbox', { name: 'Receber PED-1/1' });
    await waitFor(() => expect(document.activeElement).toBe(firstBox));
    await user.keyboard('{ArrowDown} ');
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Receber PED-2/1' }));
    // The late one's interest and fine are listed and counted in what is due.
    expect(screen.getByText(/A receber:/).textContent).toContain('26,36');
    await user.keyboard('{Enter}');
    expect(onApply).toHaveBeenCalledExactlyOnceWith([
      { id_documento_financeiro: 2, numero: 'PED-2', sequencia: 1, data_vencimento: '2026-12-02', saldo: 2550, juros: 35, multa: 51 },
    ]);
  });
});

describe('voucher without a sale (Alt+V)', { timeout: 20_000 }, () => {
  it('Enter in the value goes to the reason, Shift+Enter breaks a line, Enter in the reason issues', async () => {
    calls.call.mockReset();
    calls.call.mockReturnValue(new Promise(() => undefined));
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderUi(<IssueVoucherModal opened idCliente={null} onClose={() => undefined} />);
    const value = await screen.findByRole('textbox', { name: 'Valor do vale crédito' });
    await waitFor(() => expect(document.activeElement).toBe(value));
    await user.keyboard('15,00{Enter}');
    const reason = screen.getByRole('textbox', { name: 'Motivo' });
    expect(document.activeElement).toBe(reason);
    expect(calls.call).not.toHaveBeenCalled();
    await user.keyboard('Cortesia{Shift>}{Enter}{/Shift}por atraso');
    expect(reason).toHaveProperty('value', 'Cortesia\npor atraso');
    await user.keyboard('{Enter}');
    expect(calls.call).toHaveBeenCalledExactlyOnceWith('giftCardSell', expect.objectContaining({ valor: 15, observacao: 'Cortesia\npor atraso' }));
  });
});

describe('consignment stages modal (Alt+C)', { timeout: 20_000 }, () => {
  it('opens the consignment whose number is typed, with the focus still on the close button', async () => {
    loadOrder.mockReturnValue(new Promise(() => undefined));
    const { user } = renderUi(<ConsignmentStagesModal opened idCliente={7} clienteNome="Ana" onClose={() => undefined} />);
    await screen.findByRole('table', { name: 'Consignações em aberto' });
    expect(document.activeElement?.tagName).not.toBe('TABLE');
    await user.keyboard('2');
    expect(loadOrder).toHaveBeenCalledExactlyOnceWith(11);
  });

  it('a digit typed the moment the list is painted is not lost', async () => {
    loadOrder.mockClear();
    loadOrder.mockReturnValue(new Promise(() => undefined));
    // The key is sent from a mutation observer, right after React inserts the table and before any passive effect
    // could run: the listener has to be in place at commit.
    const typed = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector('table[aria-label="Consignações em aberto"]')) return;
        observer.disconnect();
        window.dispatchEvent(new KeyboardEvent('keydown', { key: '1', bubbles: true, cancelable: true }));
        resolve();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    renderUi(<ConsignmentStagesModal opened idCliente={7} clienteNome="Ana" onClose={() => undefined} />);
    await typed;
    expect(loadOrder).toHaveBeenCalledExactlyOnceWith(10);
  });
});
