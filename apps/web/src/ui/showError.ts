import { errorDisplayOf, isAbort, isApiError, isUnauthorized } from '../api/errors.ts';
import { toast } from './toast.ts';
import { showWarning } from './warning.tsx';

/**
 * Shows a failed call as the spec says (002 §8): the complement if not empty, else the description, else the error
 * text, in the "Aviso" modal; a lost connection as a toast. A 401 shows nothing: the session already went to /login.
 */
export function showError(error: unknown, how: 'modal' | 'toast' = 'modal'): void {
  if (isAbort(error) || isUnauthorized(error)) return;
  const { text, details } = errorDisplayOf(error);
  if (how === 'toast' || (isApiError(error) && error.kind === 'network')) {
    toast.error(text);
    return;
  }
  void showWarning(text, details);
}
