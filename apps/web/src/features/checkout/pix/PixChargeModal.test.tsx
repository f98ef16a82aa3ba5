// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { BANK_MESSAGES } from '@pdv/domain/bank-integration';
import { ApiError } from '../../../api/errors.ts';
import { renderUi } from '../../../testing/dom.tsx';
import { knownPixIntegration, PIX_INTEGRATION_KEY, PIX_MODAL_TITLE, PIX_WAITING, PixChargeModal, rememberPixIntegration } from './PixChargeModal.tsx';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../api/client.ts', () => ({ call: api.call }));

const TXID = 'A'.repeat(32);
const BRCODE = '00020101021226830014br.gov.bcb.pix2561127.0.0.1/qr/v2/abc5204000053039865406012.345802BR5909LOJA FAKE6009SAO PAULO62070503***6304ABCD';
const charge = (situacao: string) => ({ txid: TXID, brcode: BRCODE, situacao, valor: 12.34 });
const network = () => new ApiError('network', 0, null, 'Não foi possível conectar ao servidor.', '/bank-integration/new_qrcode_dynamic');

function open() {
  const onPaid = vi.fn();
  const onNoIntegration = vi.fn();
  const onCancel = vi.fn();
  renderUi(<PixChargeModal valor={1234} idFilial={7} onPaid={onPaid} onNoIntegration={onNoIntegration} onCancel={onCancel} />);
  return { onPaid, onNoIntegration, onCancel };
}

beforeEach(() => {
  api.call.mockReset();
  localStorage.removeItem(PIX_INTEGRATION_KEY);
});

describe('PixChargeModal', () => {
  it('shows the QR, the amount and the copy-and-paste code, then adds the line once the bank confirms the charge', async () => {
    let situacao = 'Ativa';
    api.call.mockImplementation((route: string) => Promise.resolve(charge(route === 'bankFindByCode' ? situacao : 'Ativa')));
    const { onPaid, onNoIntegration } = open();
    const dialog = await screen.findByRole('dialog', { name: PIX_MODAL_TITLE });
    expect(dialog.textContent).toContain('R$ 12,34');
    expect(await screen.findByRole('img', { name: 'QR Code PIX' })).toBeTruthy();
    expect(screen.getByTestId('pix-copia-cola').textContent).toBe(BRCODE);
    expect(screen.getByRole('status', { name: 'Situação do PIX' }).textContent).toBe(PIX_WAITING);
    expect(api.call).toHaveBeenCalledWith('bankNewQrcodeDynamic', { valor: 12.34 });
    expect(knownPixIntegration(7)).toBe(true);
    situacao = 'Paga';
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith({ txid: TXID, brcode: BRCODE }), { timeout: 10_000 });
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(onNoIntegration).not.toHaveBeenCalled();
  });

  it('takes the PIX as before where the branch has no integrated account, and remembers it', async () => {
    api.call.mockRejectedValue(new ApiError('http', 400, { message: BANK_MESSAGES.noPixAccount }, BANK_MESSAGES.noPixAccount, '/x'));
    const { onNoIntegration, onPaid } = open();
    await waitFor(() => expect(onNoIntegration).toHaveBeenCalledTimes(1));
    expect(onPaid).not.toHaveBeenCalled();
    expect(knownPixIntegration(7)).toBe(false);
  });

  it('offline at a branch known to charge PIX through the bank: refuses with the message, the line is not added', async () => {
    rememberPixIntegration(7, true);
    api.call.mockRejectedValue(network());
    const { onNoIntegration, onPaid } = open();
    expect((await screen.findByRole('alert')).textContent).toBe(BANK_MESSAGES.pixOffline);
    expect(onNoIntegration).not.toHaveBeenCalled();
    expect(onPaid).not.toHaveBeenCalled();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Confirmar manualmente (supervisor)' }).disabled).toBe(true);
  });

  it('offline at a branch known without the integration (or never asked): the PIX is taken as before', async () => {
    rememberPixIntegration(7, false);
    rememberPixIntegration(8, true);
    api.call.mockRejectedValue(network());
    const { onNoIntegration } = open();
    await waitFor(() => expect(onNoIntegration).toHaveBeenCalledTimes(1));
    localStorage.removeItem(PIX_INTEGRATION_KEY);
    const second = open();
    await waitFor(() => expect(second.onNoIntegration).toHaveBeenCalledTimes(1));
  });

  it('shows any other refusal of the charge and keeps the line out', async () => {
    api.call.mockRejectedValue(new ApiError('http', 502, { message: BANK_MESSAGES.bankRefused }, BANK_MESSAGES.bankRefused, '/x'));
    const { onNoIntegration, onPaid } = open();
    expect((await screen.findByRole('alert')).textContent).toContain(BANK_MESSAGES.bankRefused);
    expect(onNoIntegration).not.toHaveBeenCalled();
    expect(onPaid).not.toHaveBeenCalled();
  });
});
