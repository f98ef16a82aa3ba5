/**
 * The two writes of a register's line tabs, apart from React so that they can be tested: saving the form (checked
 * first, sent, then cleared; or the refusals shown) and removing a line (asked first where the tab asks, then sent).
 * The hook (useLineForm.ts) hands them its state and setters.
 */
import { errorDisplayOf } from '../../api/errors.ts';

/** What the user reads when a write failed: the server's list of errors, or else its one text (000 §8). */
export function refusalsOf(error: unknown): string[] {
  const { text, details } = errorDisplayOf(error);
  return details.length > 0 ? details : [text];
}

/** `false` from a send: nothing was written (e.g. the order could not be saved first), the form stays as it is. */
export type SendLine<F, K> = (form: F, id: K | undefined) => void | false | Promise<void | false>;

export interface SaveStep<F, K> {
  form: F;
  /** The line being edited; null for a new one. */
  editing: K | null;
  busy: boolean;
  errorsOf: (form: F) => string[];
  send: SendLine<F, K>;
  setErrors: (errors: string[]) => void;
  setBusy: (busy: boolean) => void;
  reset: () => void;
}

/** Checks the form and sends it; cleared when it went through. A second save while one is in flight is ignored. */
export async function saveLine<F, K>(step: SaveStep<F, K>): Promise<void> {
  if (step.busy) return;
  const problems = step.errorsOf(step.form);
  if (problems.length > 0) return step.setErrors(problems);
  step.setBusy(true);
  try {
    if ((await step.send(step.form, step.editing ?? undefined)) !== false) step.reset();
  } catch (error) {
    step.setErrors(refusalsOf(error));
  } finally {
    step.setBusy(false);
  }
}

export interface RemoveStep<K> {
  id: K;
  editing: K | null;
  /** The confirm shown first, where the tab asks; resolves false when the user said no. */
  ask?: (() => Promise<boolean>) | undefined;
  send: () => void | Promise<void>;
  setErrors: (errors: string[]) => void;
  reset: () => void;
}

/** Removes a line; the form is cleared when it held that line. A refusal is shown as its one text. */
export async function removeLine<K>(step: RemoveStep<K>): Promise<void> {
  if (step.ask && !(await step.ask())) return;
  try {
    await step.send();
    if (step.editing !== null && step.editing === step.id) step.reset();
  } catch (error) {
    step.setErrors([errorDisplayOf(error).text]);
  }
}
