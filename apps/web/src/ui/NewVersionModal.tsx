import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { MESSAGES } from '@pdv/domain/messages';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * The new-version modal (000 §2, 002 §4): when a new service worker is waiting, "Atualizar agora" tells it to skip
 * waiting and the page reloads on the new version.
 */
export function NewVersionModal() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update();
      }, UPDATE_CHECK_MS);
    },
    onRegisterError(error) {
      // 002 §8: service worker registration problems go to the console only.
      console.error('Falha ao registrar o service worker', error);
    },
  });

  return (
    <Modal
      opened={needRefresh}
      onClose={() => undefined}
      title="Nova versão"
      centered
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
    >
      <Stack gap="md">
        <Text>{MESSAGES.newVersion}</Text>
        <Group justify="flex-end">
          <Button data-autofocus onClick={() => void updateServiceWorker(true)}>
            {MESSAGES.updateNow}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
