import { Text } from '@mantine/core';
import { useVersionCheck } from './useVersionCheck.ts';

/** The server version in the menu's foot; flags a local database version the server does not expect. */
export function VersionInfo() {
  const { version, comparison } = useVersionCheck();
  if (!version) return null;
  return (
    <Text size="xs" c={comparison === 'mismatch' ? 'red' : 'dimmed'} px="sm">
      Versão {version}
      {comparison === 'mismatch' && ' (dados locais desatualizados)'}
    </Text>
  );
}
