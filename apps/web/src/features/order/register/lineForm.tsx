/**
 * The form state of an order's line tabs (services, objects): the fields, the line being edited, the refusals shown
 * and the save in flight. `save` checks the form, sends it and clears it, or shows the server's refusals.
 */
import { useState, type ChangeEvent } from 'react';
import { Alert, List } from '@mantine/core';
import { errorDisplayOf } from '../../../api/errors.ts';

export function useLineForm<F extends object>(empty: F, errorsOf: (form: F) => string[]) {
  const [form, setForm] = useState<F>(empty);
  const [editing, setEditing] = useState<number | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  /** onChange of a text field bound to `name`. */
  const set = (name: keyof F) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = e.currentTarget.value;
    setForm((f) => ({ ...f, [name]: value }));
    setErrors([]);
  };
  const reset = () => {
    setForm(empty);
    setEditing(null);
    setErrors([]);
  };
  const edit = (id: number, values: F) => {
    setForm(values);
    setEditing(id);
    setErrors([]);
  };
  /** Checks the form and sends it (`id`: the line edited, undefined for a new one); cleared when it went through. */
  const save = async (send: (form: F, id: number | undefined) => Promise<void>) => {
    if (busy) return;
    const problems = errorsOf(form);
    if (problems.length > 0) return setErrors(problems);
    setBusy(true);
    try {
      await send(form, editing ?? undefined);
      reset();
    } catch (error) {
      const { text, details } = errorDisplayOf(error);
      setErrors(details.length > 0 ? details : [text]);
    } finally {
      setBusy(false);
    }
  };
  return { form, setForm, editing, errors, setErrors, busy, set, reset, edit, save };
}

export function ErrorList({ errors, mt }: { errors: string[]; mt?: string }) {
  if (errors.length === 0) return null;
  return (
    <Alert color="red" variant="light" role="alert" {...(mt ? { mt } : {})}>
      <List size="sm" spacing={2}>
        {errors.map((error) => (
          <List.Item key={error}>{error}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
