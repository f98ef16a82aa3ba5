import { Group, Kbd, Text } from '@mantine/core';

/** The register editors' hint at the end of their tab list: Alt+PgUp/PgDn changes tab. */
export function TabSwitchHint() {
  return (
    <Group ml="auto" gap={4} visibleFrom="md">
      <Kbd size="xs">Alt+PgUp/PgDn</Kbd>
      <Text size="xs" c="dimmed">
        trocar aba
      </Text>
    </Group>
  );
}
