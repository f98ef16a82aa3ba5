/**
 * The form above a register's lines table: the tab's fields as children, the refusal list, and the buttons (cancel
 * while a line is edited, then the submit that Enter presses). `EnterForm` and `SubmitButton` are the two parts for a
 * tab whose layout is its own (one field beside its button).
 */
import type { ReactNode } from 'react';
import { Alert, Button, Group, Kbd, List, type ButtonProps } from '@mantine/core';

export function ErrorList({ errors, mt }: { errors: readonly string[]; mt?: string }) {
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

/** A form that Enter submits, without the page reload. */
export function EnterForm({
  label,
  onSubmit,
  children,
}: {
  /** Its accessible name; without one the form is not a landmark. */
  label?: string | undefined;
  onSubmit: () => unknown;
  children: ReactNode;
}) {
  return (
    <form
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** The submit button with its Enter hint. */
export function SubmitButton({ busy, children, ...props }: ButtonProps & { busy?: boolean; children: ReactNode }) {
  return (
    <Button type="submit" loading={busy} rightSection={<Kbd size="xs">Enter</Kbd>} {...props}>
      {children}
    </Button>
  );
}

interface LineFormProps {
  label?: string | undefined;
  onSubmit: () => unknown;
  errors: readonly string[];
  /** A save in flight: the submit button shows it and does not submit again. */
  busy?: boolean;
  submitLabel: string;
  /** Shown as a button while a line is edited; undefined hides it. */
  onCancel?: (() => void) | undefined;
  cancelLabel?: string;
  /** On the left of the buttons (e.g. the line's total). */
  aside?: ReactNode;
  /** The fields. */
  children: ReactNode;
}

export function LineForm({
  label,
  onSubmit,
  errors,
  busy,
  submitLabel,
  onCancel,
  cancelLabel = 'Cancelar edição',
  aside,
  children,
}: LineFormProps) {
  return (
    <EnterForm label={label} onSubmit={onSubmit}>
      {children}
      <ErrorList errors={errors} mt="xs" />
      <Group justify={aside === undefined ? 'flex-end' : 'space-between'} mt="xs">
        {aside}
        <Group gap="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {cancelLabel}
            </Button>
          )}
          <SubmitButton {...(busy === undefined ? {} : { busy })}>{submitLabel}</SubmitButton>
        </Group>
      </Group>
    </EnterForm>
  );
}
