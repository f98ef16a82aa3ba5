/** The organization's active platform apps (002 §7 platform get-apps-active; 000 §6), shown in the branch register. */
import { useEffect, useState } from 'react';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ResultOf } from '@pdv/contract/routes';
import { call } from '../../api/client.ts';
import { errorDisplayOf } from '../../api/errors.ts';

type App = ResultOf<'platformAppsActive'>['rows'][number];

export function BranchApps() {
  const [apps, setApps] = useState<App[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    call('platformAppsActive', {}, { loading: false })
      .then((res) => live && setApps(res.rows))
      .catch((e: unknown) => live && setError(errorDisplayOf(e).text));
    return () => {
      live = false;
    };
  }, []);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Text fw={600}>Aplicativos ativos na plataforma</Text>
        {error && <Text c="red" size="sm">{error}</Text>}
        {apps && apps.length === 0 && <Text size="sm" c="dimmed">Nenhum aplicativo ativo.</Text>}
        {apps && apps.length > 0 && (
          <Group gap="xs" aria-label="Aplicativos ativos">
            {apps.map((a) => (
              <Badge key={a.id_app} variant="light" size="lg">
                {a.nome}
              </Badge>
            ))}
          </Group>
        )}
        <Text size="xs" c="dimmed">Os aplicativos são ativados pela plataforma para toda a organização.</Text>
      </Stack>
    </Paper>
  );
}
