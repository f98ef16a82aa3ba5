import { useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import {
  Alert,
  Button,
  Center,
  Group,
  Image,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { errorDisplayOf } from '../../api/errors.ts';
import { useSession } from './sessionContext.ts';
import { forgetSignInPassword, keepSignInPassword } from './signInPassword.ts';

export function LoginPage() {
  const { session, login } = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [senha, setSenha] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; senha?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Signed in: the form gives way to a notice while the signed-in screen renders. */
  const [entered, setEntered] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const senhaRef = useRef<HTMLInputElement>(null);

  if (session && !busy) return <Navigate to="/" replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = email.trim();
    const missing = { email: trimmed ? undefined : 'Informe o e-mail.', senha: senha ? undefined : 'Informe a senha.' };
    setFieldErrors(missing);
    setFailure(null);
    if (missing.email) return emailRef.current?.focus();
    if (missing.senha) return senhaRef.current?.focus();
    setBusy(true);
    try {
      // Kept in memory for the new-password step a temporary password leads to (ChangePasswordPage).
      keepSignInPassword(senha);
      await login(trimmed, senha);
    } catch (error) {
      forgetSignInPassword();
      setFailure(errorDisplayOf(error).text);
      setSenha('');
      setBusy(false);
      senhaRef.current?.focus();
      return;
    }
    // First the form leaves, in a small render of its own: removing it makes Chromium queue work that lays the page
    // out at once (seen in its traces), which in the same task as the signed-in screen's first commit laid out the
    // whole new screen there. Then the signed-in screen renders as a transition (the router's navigations are), in
    // slices. `busy` stays set: clearing it would render the form again in between.
    setEntered(true);
    void navigate('/', { replace: true });
  }

  const heading = (
    <Stack gap={4} align="center">
      <Image src="/icon.svg" alt="" w={56} h={56} />
      <Title order={1} size="h2">
        PDV
      </Title>
      <Text c="dimmed" size="sm">
        Ponto de venda e gestão
      </Text>
    </Stack>
  );

  if (entered) {
    return (
      <Center mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
        <Paper component="main" withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={400}>
          <Stack gap="md">
            {heading}
            <Group justify="center" gap="sm" role="status">
              <Loader size="sm" />
              <Text>Entrando...</Text>
            </Group>
          </Stack>
        </Paper>
      </Center>
    );
  }

  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Paper component="main" withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={400}>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            {heading}
            {failure && (
              <Alert color="red" variant="light" title="Não foi possível entrar">
                {failure}
              </Alert>
            )}
            <TextInput
              ref={emailRef}
              label="E-mail"
              type="email"
              autoComplete="username"
              inputMode="email"
              autoFocus
              value={email}
              error={fieldErrors.email}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <PasswordInput
              ref={senhaRef}
              label="Senha"
              autoComplete="current-password"
              value={senha}
              error={fieldErrors.senha}
              onChange={(event) => setSenha(event.currentTarget.value)}
              visibilityToggleButtonProps={{ 'aria-label': 'Mostrar ou ocultar a senha' }}
            />
            <Button type="submit" loading={busy} fullWidth size="md">
              Entrar
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
