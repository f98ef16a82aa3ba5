import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/**
 * The yes/no confirm modal (000 §2): resolves true on "Sim", false on "Não", Esc or a click outside. `labels` names the
 * two buttons otherwise (an action: 'Inativar' / 'Cancelar').
 */
export function confirm(
  message: ReactNode,
  title = 'Confirmação',
  labels: { confirm: string; cancel: string } = { confirm: 'Sim', cancel: 'Não' },
): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      centered: true,
      children: typeof message === 'string' ? <Text>{message}</Text> : message,
      labels,
      confirmProps: { 'data-autofocus': true },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
