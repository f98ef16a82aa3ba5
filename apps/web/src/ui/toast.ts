import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@pdv/domain/constants';

/** Toasts last 1 s (000 §2, 002 §9). */
export const toast = {
  success(message: string): void {
    notifications.show({ message, color: 'green', autoClose: TOAST_DURATION_MS });
  },
  info(message: string): void {
    notifications.show({ message, autoClose: TOAST_DURATION_MS });
  },
  warning(message: string): void {
    notifications.show({ message, color: 'yellow', autoClose: TOAST_DURATION_MS });
  },
  error(message: string): void {
    notifications.show({ message, color: 'red', autoClose: TOAST_DURATION_MS });
  },
};
