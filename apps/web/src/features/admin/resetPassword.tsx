/**
 * "Redefinir senha" on a user's row (reset_password): after a confirmation, the server makes a temporary password,
 * answered once and shown here to be handed over; the old password stops working at once and the user chooses a new
 * one at the next sign-in.
 */
import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { USER_MESSAGES } from '@pdv/domain/user-rules';
import { call } from '../../api/client.ts';
import { errorDisplayOf } from '../../api/errors.ts';
import { showWarning } from '../../ui/warning.tsx';

export function resetPasswordOf(row: Record<string, unknown>): Promise<void> {
  const id_usuario = Number(row['id_usuario']);
  const nome = typeof row['nome'] === 'string' ? row['nome'] : '';
  return new Promise((resolve) => {
    const modalId = `redefinir-senha-${id_usuario}`;
    const confirm = async () => {
      modals.close(modalId);
      try {
        const result = await call('userResetPassword', { id_usuario });
        showTemporary(nome, result.senha_temporaria ?? '');
      } catch (error) {
        const display = errorDisplayOf(error);
        void showWarning(display.text, display.details);
      }
      resolve();
    };
    modals.open({
      modalId,
      title: 'Redefinir senha',
      centered: true,
      onClose: () => resolve(),
      children: (
        <Stack gap="md">
          <Text>
            Redefinir a senha de {nome}? A senha atual deixa de valer agora, e uma senha provisória será mostrada uma
            única vez.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => modals.close(modalId)}>
              Cancelar
            </Button>
            <Button data-autofocus onClick={() => void confirm()}>
              Redefinir
            </Button>
          </Group>
        </Stack>
      ),
    });
  });
}

function showTemporary(nome: string, senha: string) {
  const modalId = 'senha-provisoria';
  modals.open({
    modalId,
    title: 'Senha provisória',
    centered: true,
    children: (
      <Stack gap="md">
        <Text>{USER_MESSAGES.passwordReset}</Text>
        <Text size="sm">Entregue a {nome} a senha provisória:</Text>
        <Code block fz="xl" ta="center" aria-label="Senha provisória">
          {senha}
        </Code>
        <Group justify="flex-end">
          <Button data-autofocus onClick={() => modals.close(modalId)}>
            OK
          </Button>
        </Group>
      </Stack>
    ),
  });
}
