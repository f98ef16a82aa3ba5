/**
 * The reason asked before a reversal (estorno) in the finance screens: a launch of a document, a transfer between
 * accounts. Enter in a one-line reason confirms; Voltar gives up. The caller holds the text and does the reversal.
 */
import type { ReactNode } from 'react';
import { Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';

interface Props {
  /** What is being reversed, in words, above the reason. */
  intro?: ReactNode;
  /** The form's accessible name. */
  title?: string;
  value: string;
  onChange: (value: string) => void;
  /** A reason of several lines (a textarea) instead of one. */
  multiline?: boolean;
  maxLength: number;
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
}

export function ReversalReason({ intro, title, value, onChange, multiline = false, maxLength, busy, onConfirm, onBack }: Props) {
  const input = {
    label: 'Motivo do estorno', withAsterisk: true, value, maxLength, 'data-autofocus': true, autoFocus: true,
  } as const;
  return (
    <form
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm();
      }}
    >
      <Stack gap="xs">
        {intro && <Text size="sm">{intro}</Text>}
        {multiline
          ? <Textarea {...input} onChange={(e) => onChange(e.currentTarget.value)} autosize minRows={2} />
          : <TextInput {...input} onChange={(e) => onChange(e.currentTarget.value)} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onBack}>Voltar</Button>
          <Button type="submit" color="red" loading={busy} disabled={value.trim() === ''}>Confirmar estorno</Button>
        </Group>
      </Stack>
    </form>
  );
}
