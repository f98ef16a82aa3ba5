import { Alert, Group, Loader, Text } from '@mantine/core';

/** The refusal of the tab's last call, beside the tab. */
export function TabError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {error}
    </Alert>
  );
}

/**
 * What a tab shows until its data has come: the form is not offered before, so nothing typed is overwritten by the
 * answer arriving after it; a refusal to load is said instead.
 */
export function TabPending({ error }: { error: string | null }) {
  if (error) return <TabError error={error} />;
  return (
    <Group gap="xs">
      <Loader size="xs" />
      <Text size="sm" c="dimmed">Carregando…</Text>
    </Group>
  );
}
