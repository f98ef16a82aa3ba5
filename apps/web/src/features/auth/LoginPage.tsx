import { useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Alert, Button, Center, Image, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { errorDisplayOf } from '../../api/errors.ts';
import { useSession } from './sessionContext.ts';

export function LoginPage() {
  const { session, login } = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [senha, setSenha] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; senha?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
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
      await login(trimmed, senha);
      void navigate('/', { replace: true });
    } catch (error) {
      setFailure(errorDisplayOf(error).text);
      setSenha('');
      senhaRef.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Paper component="main" withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={400}>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <Stack gap={4} align="center">
              <Image src="/icon.svg" alt="" w={56} h={56} />
              <Title order={1} size="h2">
                PDV
              </Title>
              <Text c="dimmed" size="sm">
                Ponto de venda e gestão
              </Text>
            </Stack>
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
