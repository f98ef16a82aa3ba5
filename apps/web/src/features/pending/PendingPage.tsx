import { Link } from 'react-router';
import { Alert, Button, Stack, Title } from '@mantine/core';

/** A menu entry whose screen is built in a later release: it says so instead of pretending. */
export function PendingPage({ title }: { title: string }) {
  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Alert variant="light" title="Em breve">
        Esta tela chega em uma próxima versão do sistema. Por enquanto ela ainda não está disponível.
      </Alert>
      <div>
        <Button component={Link} to="/" variant="default">
          Voltar ao início
        </Button>
      </div>
    </Stack>
  );
}
