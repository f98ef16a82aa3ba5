// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@pdv/domain/messages';
import { SUPERVISOR_PERMISSIONS } from '@pdv/domain/permissions';
import { ApiError } from '../../api/errors.ts';
import { renderUi } from '../../testing/dom.tsx';
import { createManagerCredit } from './managerCredit.ts';
import { SUPERVISOR_NEEDS_CONNECTION, SupervisorModal } from './SupervisorModal.tsx';
import { useSupervisorAuthorization } from './useSupervisorAuthorization.tsx';
import type { SupervisorRequest, ValidateSupervisor } from './validate.ts';

const PERMISSION = SUPERVISOR_PERMISSIONS.managerCredit;
const grant = { id_usuario: 2, nome: 'Marina Souza', autorizado: true as const, id_autorizacao: 41 };

function open(validate: ValidateSupervisor) {
  const onAuthorized = vi.fn();
  const onCancel = vi.fn();
  const view = renderUi(<SupervisorModal opened permission={PERMISSION} purpose={{ origem: 'checkout' }} validate={validate}
    onAuthorized={onAuthorized} onCancel={onCancel} />);
  return { ...view, onAuthorized, onCancel, email: screen.getByLabelText(/Usuário/), password: screen.getByLabelText(/Senha/) };
}

describe('SupervisorModal (001 §2)', () => {
  it('starts in the user field; Enter in the password confirms with the permission and answers the grant', async () => {
    const validate = vi.fn<ValidateSupervisor>(() => Promise.resolve(grant));
    const { user, email, password, onAuthorized } = open(validate);
    await waitFor(() => expect(document.activeElement).toBe(email));
    await user.type(email, 'gerente@demo.com.br');
    await user.tab();
    expect(document.activeElement).toBe(password);
    await user.type(password, 'demo1234{Enter}');
    await waitFor(() => expect(onAuthorized).toHaveBeenCalledWith(grant));
    expect(validate).toHaveBeenCalledWith({ origem: 'checkout', email: 'gerente@demo.com.br', password: 'demo1234', permission: PERMISSION });
  });

  it("shows the server's refusal with the spec text, clears the password and lets the user try again", async () => {
    const refusal = new ApiError('http', 400, { message: MESSAGES.credentialWithoutPermission }, MESSAGES.credentialWithoutPermission, 'validateUserCredential');
    const validate = vi.fn<ValidateSupervisor>().mockRejectedValueOnce(refusal).mockResolvedValueOnce(grant);
    const { user, email, password, onAuthorized } = open(validate);
    await user.type(email, 'caixa@demo.com.br');
    await user.type(password, 'demo1234{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('O usuário não a permissão desejada.');
    expect((password as HTMLInputElement).value).toBe('');
    expect(onAuthorized).not.toHaveBeenCalled();
    await user.type(password, 'outra{Enter}');
    await waitFor(() => expect(onAuthorized).toHaveBeenCalledTimes(1));
  });

  it('offline, says a supervisor authorization needs the connection and sends nothing until it is back', async () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const validate = vi.fn<ValidateSupervisor>(() => Promise.resolve(grant));
      const { user, email, password, onAuthorized } = open(validate);
      expect(screen.getByRole('status').textContent).toBe(SUPERVISOR_NEEDS_CONNECTION);
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Confirmar' }).disabled).toBe(true);
      await user.type(email, 'gerente@demo.com.br');
      await user.type(password, 'demo1234{Enter}');
      expect(validate).not.toHaveBeenCalled();
      onLine.mockReturnValue(true);
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(screen.queryByRole('status')).toBeNull();
      await user.type(password, 'demo1234{Enter}');
      await waitFor(() => expect(onAuthorized).toHaveBeenCalledWith(grant));
    } finally {
      onLine.mockRestore();
    }
  });

  it('Cancelar and Escape cancel without calling the server', async () => {
    const validate = vi.fn<ValidateSupervisor>();
    const { user, onCancel } = open(validate);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(validate).not.toHaveBeenCalled();
  });
});

describe("a manager's credit asks the supervisor first", () => {
  function Harness({ validate, onDone, send }: {
    validate: ValidateSupervisor; onDone: (r: unknown) => void; send: Parameters<typeof createManagerCredit>[2];
  }) {
    const { ask, modal } = useSupervisorAuthorization(validate);
    return (
      <>
        <button type="button" onClick={() => void createManagerCredit(ask, { id_pessoa: 9, valor: 100, observacao: 'Cortesia' }, send).then(onDone)}>
          Gerar crédito
        </button>
        {modal}
      </>
    );
  }

  it('sends the grant id with the credit, and sends nothing when cancelled', async () => {
    const validate = vi.fn<ValidateSupervisor>((r: SupervisorRequest) => Promise.resolve({ ...grant, nome: r.email }));
    const send = vi.fn(() => Promise.resolve({} as never));
    const onDone = vi.fn();
    const { user } = renderUi(<Harness validate={validate} send={send} onDone={onDone} />);
    await user.click(screen.getByRole('button', { name: 'Gerar crédito' }));
    await user.type(await screen.findByLabelText(/Usuário/), 'gerente@demo.com.br');
    await user.type(screen.getByLabelText(/Senha/), 'demo1234{Enter}');
    await waitFor(() => expect(send).toHaveBeenCalledWith({ id_pessoa: 9, valor: 100, observacao: 'Cortesia', operacao: 'Entrada', id_autorizacao: 41 }));
    expect(validate.mock.calls[0]?.[0]).toMatchObject({ permission: PERMISSION, origem: 'people_account_history', id_origem: '9' });

    await user.click(screen.getByRole('button', { name: 'Gerar crédito' }));
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(onDone).toHaveBeenLastCalledWith(null));
    expect(send).toHaveBeenCalledTimes(1);
    await act(() => Promise.resolve());
  });
});
