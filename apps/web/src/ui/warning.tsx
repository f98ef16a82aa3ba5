import type { ReactNode } from 'react';
import { Button, Group, List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { MESSAGES } from '@pdv/domain/messages';

let sequence = 0;

/** The warning modal titled "Aviso" (000 §2). Resolves when it closes; Enter or Esc closes it. */
export function showWarning(message: ReactNode, details: readonly string[] = []): Promise<void> {
  return new Promise((resolve) => {
    sequence += 1;
    const modalId = `aviso-${sequence}`;
    modals.open({
      modalId,
      title: MESSAGES.warningTitle,
      centered: true,
      onClose: () => resolve(),
      children: (
        <Stack gap="md">
          {typeof message === 'string' ? <Text style={{ whiteSpace: 'pre-line' }}>{message}</Text> : message}
          {details.length > 0 && (
            <List size="sm" spacing={4}>
              {details.map((detail, index) => (
                <List.Item key={index}>{detail}</List.Item>
              ))}
            </List>
          )}
          <Group justify="flex-end">
            <Button data-autofocus onClick={() => modals.close(modalId)}>
              OK
            </Button>
          </Group>
        </Stack>
      ),
    });
  });
}
