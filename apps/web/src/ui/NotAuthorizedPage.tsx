import { Link } from 'react-router';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useSession } from '../features/auth/sessionContext.ts';

/** Shown when a screen is opened whose menu entry the user may not see. */
export function NotAuthorizedPage() {
  const { session, reload } = useSession();
  const failed = session?.permissions.kind === 'failed';
  return (
    <Stack gap="md" maw={560} mx="auto" mt="xl" ta="center" align="center">
      <Title order={1} size="h2">
        Acesso não autorizado
      </Title>
      <Text>Você não tem permissão para acessar esta tela. Se precisar dela, procure o gerente da loja.</Text>
      {failed && <Text c="red">Não foi possível carregar suas permissões. Verifique a conexão e tente novamente.</Text>}
      <Group>
        <Button component={Link} to="/" autoFocus>
          Voltar ao início
        </Button>
        {failed && (
          <Button variant="default" onClick={() => void reload()}>
            Tentar novamente
          </Button>
        )}
      </Group>
    </Stack>
  );
}
