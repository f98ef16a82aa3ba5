import { Link } from 'react-router';
import { Alert, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MAIN_MENU, visibleEntries } from '@pdv/domain/menu';
import { canSeeEntry } from '@pdv/domain/permissions';
import { useSignedIn } from '../auth/sessionContext.ts';
import { activeBranchName } from '../auth/session.ts';

function firstName(nome: string): string {
  return nome.trim().split(/\s+/)[0] ?? nome;
}

export function HomePage() {
  const { session, ability } = useSignedIn();
  const { usuario } = session;
  const shortcuts = visibleEntries(MAIN_MENU, (label) => canSeeEntry(ability, label)).filter((e) => e.path !== '/');

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          Olá, {firstName(usuario.nome)}!
        </Title>
        <Text c="dimmed">
          Você está na filial <strong>{activeBranchName(usuario)}</strong> de{' '}
          {usuario.empresa.nome_fantasia ?? usuario.empresa.razao_social}.
        </Text>
      </Stack>
      {session.permissions.kind === 'failed' && (
        <Alert color="red" variant="light" title="Permissões indisponíveis">
          Não foi possível carregar suas permissões; as telas protegidas ficam ocultas até que carreguem.
        </Alert>
      )}
      {shortcuts.length > 0 && (
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="sm">
            Acesso rápido
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            {shortcuts.map((entry) => (
              <Button key={entry.path} component={Link} to={entry.path} variant="light" justify="flex-start">
                {entry.label}
              </Button>
            ))}
          </SimpleGrid>
        </Card>
      )}
    </Stack>
  );
}
