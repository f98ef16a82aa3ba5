/** The order screens' own prompt: the e-mail an order is sent to (empty: the client's). */
import { useState } from 'react';
import { Button, Group, Kbd, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';

let sequence = 0;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Resolves with the e-mail typed, '' for the client's own, or null when closed. */
export function askEmail(title: string): Promise<string | null> {
  return new Promise((resolve) => {
    sequence += 1;
    const modalId = `email-${sequence}`;
    let answered = false;
    modals.open({
      modalId,
      title,
      centered: true,
      onClose: () => {
        if (!answered) resolve(null);
      },
      children: (
        <EmailForm
          onConfirm={(email) => {
            answered = true;
            resolve(email);
            modals.close(modalId);
          }}
          onCancel={() => modals.close(modalId)}
        />
      ),
    });
  });
}

function EmailForm({ onConfirm, onCancel }: { onConfirm: (email: string) => void; onCancel: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const value = email.trim();
        if (value !== '' && !EMAIL.test(value)) return setError('E-mail inválido.');
        onConfirm(value);
      }}
    >
      <Stack gap="sm">
        <Text size="sm">Deixe em branco para enviar ao e-mail cadastrado do cliente.</Text>
        <TextInput
          label="E-mail"
          type="email"
          value={email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} rightSection={<Kbd size="xs">Esc</Kbd>}>
            Voltar
          </Button>
          <Button type="submit" rightSection={<Kbd size="xs">Enter</Kbd>}>
            Enviar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
