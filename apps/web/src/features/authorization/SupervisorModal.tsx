/**
 * The supervisor authorization modal (001 §2: user and password, Confirmar and Cancelar, Enter in the password field
 * confirms; §6 "Supervisor override"). The credentials go to /user/validate-user-credential with the permission the
 * action needs; the server checks them (throttled like the login), records the grant and answers its id, which the
 * action then sends so the server spends it once. Nothing of the supervisor is kept on this device: the password lives
 * in this form's state only and is cleared after every attempt; no hash is ever stored. So there is no offline
 * approval: without a connection the modal says so and does not send (SUPERVISOR_NEEDS_CONNECTION).
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput, getDefaultZIndex } from '@mantine/core';
import { errorDisplayOf } from '../../api/errors.ts';
import { validateSupervisor, type SupervisorGrant, type SupervisorRequest, type ValidateSupervisor } from './validate.ts';
import { useOnline } from '../../ui/useOnline.ts';

export const SUPERVISOR_MODAL_TITLE = 'Autorização do supervisor';
export const SUPERVISOR_NEEDS_CONNECTION =
  'A autorização do supervisor precisa de conexão com o servidor. Conecte-se e tente de novo, ou cancele.';

interface Props {
  opened: boolean;
  /** The permission label the restricted action needs (SUPERVISOR_PERMISSIONS of @pdv/domain/permissions). */
  permission: string;
  /** What the grant is for (recorded with it). */
  purpose?: Omit<SupervisorRequest, 'email' | 'password' | 'permission'>;
  onAuthorized: (grant: SupervisorGrant) => void;
  onCancel: () => void;
  /** The server call; tests pass a fake. */
  validate?: ValidateSupervisor;
}

export function SupervisorModal(props: Props) {
  return (
    // Esc is handled here, on the way up from the focused field, not by Mantine's window listener: a drawer under the
    // modal (the discount panel) listens on the window too and must see the key while the question is still open.
    <Modal
      opened={props.opened}
      onClose={props.onCancel}
      title={SUPERVISOR_MODAL_TITLE}
      centered
      closeOnClickOutside={false}
      closeOnEscape={false}
      // Above the side panel that asked (drawers share the modal layer and were mounted first).
      zIndex={getDefaultZIndex('modal') + 10}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        props.onCancel();
      }}
    >
      {props.opened && <SupervisorForm {...props} />}
    </Modal>
  );
}

function SupervisorForm({ permission, purpose, onAuthorized, onCancel, validate = validateSupervisor }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const online = useOnline();

  const confirm = async () => {
    if (running) return;
    if (!online) return;
    setRunning(true);
    setError(null);
    try {
      const grant = await validate({ ...purpose, email: email.trim(), password, permission });
      onAuthorized(grant);
    } catch (e) {
      setError(errorDisplayOf(e).text);
    } finally {
      setPassword('');
      setRunning(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void confirm();
      }}
    >
      <Stack gap="sm">
        {purpose?.observacao && <Text size="sm">{purpose.observacao}</Text>}
        <TextInput
          label="Usuário"
          type="email"
          autoComplete="off"
          data-autofocus
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          required
        />
        <PasswordInput
          label="Senha"
          autoComplete="off"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          required
        />
        {!online && (
          <Alert color="yellow" role="status">
            {SUPERVISOR_NEEDS_CONNECTION}
          </Alert>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" loading={running} disabled={!online}>
            Confirmar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
