/**
 * The form state of a register's line tab (order and invoice: services, objects, payments, volumes, referenced keys):
 * the fields, the line being edited, the refusals shown and the save in flight. `save` checks the form, sends it and
 * clears it, or shows the refusals; `remove` asks first where the tab asks, and clears the form if it held that line.
 */
import { useState, type ChangeEvent } from 'react';
import { confirm } from '../../ui/confirm.tsx';
import { removeLine, saveLine, type SendLine } from './lineSave.ts';

export interface RemoveQuestion {
  text: string;
  title: string;
}

export function useLineForm<F extends object, K = number>(empty: F, errorsOf: (form: F) => string[]) {
  const [form, setForm] = useState<F>(empty);
  const [editing, setEditing] = useState<K | null>(null);
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
  const edit = (id: K, values: F) => {
    setForm(values);
    setEditing(id);
    setErrors([]);
  };
  /** Checks the form and sends it (`id`: the line edited, undefined for a new one). */
  const save = (send: SendLine<F, K>) => saveLine({ form, editing, busy, errorsOf, send, setErrors, setBusy, reset });
  /** Removes line `id` (`question`: the confirm shown first, where the tab asks). */
  const remove = (id: K, send: () => void | Promise<void>, question?: RemoveQuestion) =>
    removeLine({
      id,
      editing,
      ask: question && (() => confirm(question.text, question.title)),
      send,
      setErrors,
      reset,
    });
  return { form, setForm, editing, errors, setErrors, busy, set, reset, edit, save, remove };
}
