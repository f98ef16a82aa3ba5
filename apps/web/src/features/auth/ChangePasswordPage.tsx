/**
 * The step a temporary password asks for (solicitar_nova_senha: a password set by a manager, at creation or by
 * reset_password): before entering, the user chooses a new password. The password just typed at the sign-in is kept in
 * memory for this step only (never stored), so the user types only the new one, twice.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { PASSWORD_MIN_LENGTH, USER_MESSAGES, passwordProblem } from '@pdv/domain/user-rules';
import { errorDisplayOf } from '../../api/errors.ts';
import { forgetSignInPassword, readSignInPassword } from './signInPassword.ts';
import { useSession } from './sessionContext.ts';

export function ChangePasswordPage() {
  const { changePassword, logout } = useSession();
  const [known] = useState(() => readSignInPassword());
  const [atual, setAtual] = useState(known ?? '');
  const [nova, setNova] = useState('');
  const [confirmacao, setConfirmacao] = useState('');
  const [errors, setErrors] = useState<{ atual?: string; nova?: string; confirmacao?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const novaRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      atual: atual ? undefined : 'Informe a senha atual.',
      nova: passwordProblem(nova) ?? (nova === atual ? USER_MESSAGES.samePassword : undefined),
      confirmacao: confirmacao === nova ? undefined : USER_MESSAGES.passwordsDiffer,
    };
    setErrors(found);
    setFailure(null);
    if (found.atual || found.nova || found.confirmacao) return;
    setBusy(true);
    try {
      await changePassword(atual, nova);
    } catch (error) {
      setFailure(errorDisplayOf(error).text);
      setBusy(false);
      novaRef.current?.focus();
    }
  }

  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Paper component="main" withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={420}>
        <form onSubmit={(event) => void submit(event)} noValidate aria-label="Definir nova senha">
          <Stack gap="md">
            <Title order={1} size="h3">
              Defina sua nova senha
            </Title>
            <Text size="sm" c="dimmed">
              Sua senha foi definida pelo gerente e é provisória. Escolha uma senha só sua, com ao menos {PASSWORD_MIN_LENGTH} caracteres,
              para entrar.
            </Text>
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            )}
            {known === null && (
              <PasswordInput
                label="Senha provisória"
                autoComplete="current-password"
                value={atual}
                error={errors.atual}
                onChange={(e) => setAtual(e.currentTarget.value)}
                autoFocus
              />
            )}
            <PasswordInput
              ref={novaRef}
              label="Nova senha"
              autoComplete="new-password"
              value={nova}
              error={errors.nova}
              onChange={(e) => setNova(e.currentTarget.value)}
              autoFocus={known !== null}
            />
            <PasswordInput
              label="Confirme a nova senha"
              autoComplete="new-password"
              value={confirmacao}
              error={errors.confirmacao}
              onChange={(e) => setConfirmacao(e.currentTarget.value)}
            />
            <Button type="submit" loading={busy} fullWidth size="md">
              Salvar e entrar
            </Button>
            <Button variant="subtle" onClick={() => { forgetSignInPassword(); logout(); }}>
              Sair
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
