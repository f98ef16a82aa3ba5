// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { SUPERVISOR_PERMISSIONS } from '@pdv/domain/permissions';
import { OPERATION_REPLAY_MESSAGES } from '@pdv/domain/operation-content';
import { ApiError } from '../../api/errors.ts';
import { closeLocalCopies, openLocalCopy } from '../../db/testingCopy.ts';
import { renderUi } from '../../testing/dom.tsx';
import { finishOperation, operationTable, saveDraft } from './operations.ts';
import { REFUSED_MESSAGES } from './refused.ts';
import { sendPending } from './outbox.ts';
import { PendingOperationsPage } from './PendingOperationsPage.tsx';
import { makeBundle } from './testing.ts';

const runtime = vi.hoisted(() => ({ flush: vi.fn(() => Promise.resolve()) }));
vi.mock('./runtime.ts', () => ({ outbox: { flush: runtime.flush } }));
vi.mock('../auth/sessionContext.ts', () => ({
  useSignedIn: () => ({ session: { usuario: { id_filial_ativa: 1, id_usuario: 7 } } }),
}));
const router = vi.hoisted(() => ({ navigate: vi.fn() }));
vi.mock('react-router', () => ({ useNavigate: () => router.navigate }));
const supervisor = vi.hoisted(() => ({ validate: vi.fn() }));
vi.mock('../authorization/validate.ts', () => ({ validateSupervisor: supervisor.validate }));

// The page reads the SQLite copy, as the app does by default (a fresh one for each test), through its own live query
// (useLiveQuery, which fires here: the copy hears the engine's writes). The page also reads its list again after each
// action, so the assertions do not depend on it firing.
afterEach(closeLocalCopies);

describe('Operações pendentes', () => {
  it('shows an operation the server refused with 409 as Erro, with the server message', async () => {
    const db = await openLocalCopy();
    const bundle = makeBundle();
    await saveDraft(db, bundle);
    await finishOperation(db, bundle);
    const message = OPERATION_REPLAY_MESSAGES.otherContent;
    await sendPending({ db, locks: null, send: () => Promise.reject(new ApiError('http', 409, { message }, message, 'operacao')) });

    renderUi(<PendingOperationsPage />);
    const table = await screen.findByRole('table', { name: 'Operações pendentes' });
    const row = within(table).getByText(bundle.operation.id_operacao.slice(0, 8).toUpperCase()).closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('Erro')).toBeTruthy();
    expect(within(row as HTMLElement).getByText(message)).toBeTruthy();
  });

  const REFUSAL = 'Saldo do vale crédito insuficiente. Saldo disponível: R$ 30,00.';
  const refuse = () => Promise.reject(new ApiError('http', 400, { message: REFUSAL }, REFUSAL, 'operacao'));

  async function refusedRow() {
    const db = await openLocalCopy();
    const bundle = makeBundle();
    await saveDraft(db, bundle);
    await finishOperation(db, bundle);
    await sendPending({ db, locks: null, send: refuse });
    const view = renderUi(<PendingOperationsPage />);
    const table = await screen.findByRole('table', { name: 'Operações pendentes' });
    const row = () => within(table).getByText(bundle.operation.id_operacao.slice(0, 8).toUpperCase()).closest('tr') as HTMLElement;
    return { ...view, db, id: bundle.operation.id_operacao, row };
  }

  it('says the server refused a retried operation again, with its message', async () => {
    const { user, db, row } = await refusedRow();
    runtime.flush.mockImplementationOnce(async () => {
      await sendPending({ db, locks: null, send: refuse });
    });
    await user.click(within(row()).getByRole('button', { name: 'Tentar novamente' }));
    expect((await screen.findByRole('status')).textContent).toBe(REFUSED_MESSAGES.refusedAgain(REFUSAL));
  });

  it('reopens a refused operation at the point of sale under a new id', async () => {
    const { user, db, id, row } = await refusedRow();
    await user.click(within(row()).getByRole('button', { name: 'Corrigir' }));
    await waitFor(() => expect(router.navigate).toHaveBeenCalledWith('/checkout'));
    expect((await operationTable(db).get(id))?.encerramento?.tipo).toBe('Substituida');
  });

  it('cancels a refused sale whose goods left with a reason and a supervisor, and keeps it listed as cancelled', async () => {
    const { user, db, id, row } = await refusedRow();
    supervisor.validate.mockResolvedValue({ id_usuario: 2, nome: 'Gerente', autorizado: true, id_autorizacao: 55 });
    await user.click(within(row()).getByRole('button', { name: 'Cancelar' }));
    await user.type(await screen.findByLabelText('Motivo do cancelamento'), 'Cliente desistiu{Enter}');
    await user.type(await screen.findByLabelText(/Usuário/), 'gerente@loja.com');
    await user.type(screen.getByLabelText(/Senha/), 'segredo{Enter}');
    await waitFor(async () => expect((await operationTable(db).get(id))?.encerramento).toMatchObject({ tipo: 'Cancelada', id_autorizacao: 55 }));
    expect(supervisor.validate).toHaveBeenCalledWith(
      expect.objectContaining({ permission: SUPERVISOR_PERMISSIONS.removeItemOrCancelSale, id_origem: id }),
    );
    expect((await screen.findByRole('status')).textContent).toBe(REFUSED_MESSAGES.cancelled);
    await waitFor(() => expect(within(row()).getByText('Cancelada')).toBeTruthy());
    expect(within(row()).getByText(/Cliente desistiu/)).toBeTruthy();
    expect(within(row()).queryByRole('button', { name: 'Tentar novamente' })).toBeNull();
  });
});

