/** The modals of the fiscal actions: a justification (or correction) text, and a titled list of errors. */
import { useState } from 'react';
import { Button, Group, Kbd, List, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';

let sequence = 0;
const nextId = (prefix: string) => {
  sequence += 1;
  return `${prefix}-${sequence}`;
};

export interface TextRequest {
  title: string;
  label: string;
  /** Shown above the field (what the text is for). */
  description?: string;
  min: number;
  max: number;
  /** The message when the length is out of [min, max] (the contract's). */
  lengthMessage: string;
  confirmLabel: string;
}

/** Asks for a text of min..max characters; resolves with it (trimmed), or null when closed. */
export function askText(request: TextRequest): Promise<string | null> {
  return new Promise((resolve) => {
    const modalId = nextId('texto');
    let answered = false;
    modals.open({
      modalId,
      title: request.title,
      centered: true,
      size: 'lg',
      onClose: () => {
        if (!answered) resolve(null);
      },
      children: (
        <TextForm
          request={request}
          onConfirm={(text) => {
            answered = true;
            resolve(text);
            modals.close(modalId);
          }}
          onCancel={() => modals.close(modalId)}
        />
      ),
    });
  });
}

function TextForm({ request, onConfirm, onCancel }: { request: TextRequest; onConfirm: (text: string) => void; onCancel: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  // SEFAZ takes the text on one line: line breaks and repeated spaces become one space.
  const clean = text.replace(/\s+/g, ' ').trim();
  const length = clean.length;
  const submit = () => {
    if (length < request.min || length > request.max) return setError(request.lengthMessage);
    onConfirm(clean);
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        {request.description && <Text size="sm">{request.description}</Text>}
        <Textarea
          label={request.label}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              submit();
            }
          }}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={request.max + 50}
          error={error}
          description={`${length} de ${request.min} a ${request.max} caracteres`}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} rightSection={<Kbd size="xs">Esc</Kbd>}>
            Voltar
          </Button>
          <Button type="submit" color="red" rightSection={<Kbd size="xs">Ctrl+Enter</Kbd>}>
            {request.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A list of errors under a title (e.g. 'Erro ao cancelar as notas fiscais.'); resolves when closed. */
export function showErrorList(title: string, errors: readonly string[], intro?: string): Promise<void> {
  return new Promise((resolve) => {
    const modalId = nextId('erros');
    modals.open({
      modalId,
      title,
      centered: true,
      onClose: () => resolve(),
      children: (
        <Stack gap="md">
          {intro && <Text>{intro}</Text>}
          <List size="sm" spacing={4} aria-label={title}>
            {errors.map((error, index) => (
              <List.Item key={index}>{error}</List.Item>
            ))}
          </List>
          <Group justify="flex-end">
            <Button data-autofocus onClick={() => modals.close(modalId)} rightSection={<Kbd size="xs">Enter</Kbd>}>
              OK
            </Button>
          </Group>
        </Stack>
      ),
    });
  });
}
