import { Link } from 'react-router';
import { Button, Stack, Text, Title } from '@mantine/core';

export function NotFoundPage() {
  return (
    <Stack gap="md" maw={560} mx="auto" mt="xl" ta="center" align="center">
      <Title order={1} size="h2">
        Página não encontrada
      </Title>
      <Text>O endereço aberto não corresponde a nenhuma tela do sistema.</Text>
      <Button component={Link} to="/" autoFocus>
        Voltar ao início
      </Button>
    </Stack>
  );
}
