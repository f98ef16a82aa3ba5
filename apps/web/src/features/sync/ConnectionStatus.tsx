import type { ReactNode } from 'react';
import { Badge, Indicator, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ConnectionState } from '../realtime/socket.ts';
import { useSyncState } from './useSyncState.ts';

const LOOK: Record<ConnectionState, { text: string; color: string; hint: string }> = {
  online: {
    text: 'Online',
    color: 'teal',
    hint: 'Conectado ao servidor: a cópia local é atualizada a cada alteração.',
  },
  connecting: { text: 'Conectando...', color: 'gray', hint: 'Conectando ao servidor...' },
  offline: {
    text: 'Offline',
    color: 'red',
    hint: 'Sem conexão com o servidor: o sistema usa a cópia local e tenta reconectar sozinho.',
  },
};

/** Below Mantine's "sm" breakpoint the header has no room for the badge: a dot on the logo stands in for it. */
function useNarrow(): boolean {
  return useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
}

/**
 * Online/offline in the header (the browser's network and the socket to the server); busy while this tab syncs.
 * On a narrow screen the status is read out but not drawn (ConnectionDot draws it).
 */
export function ConnectionStatus() {
  const { connection, sync } = useSyncState();
  const narrow = useNarrow();
  const look = LOOK[connection];
  const busy = sync?.running ?? false;
  if (narrow) {
    return (
      <VisuallyHidden role="status" aria-label={look.text} aria-live="polite" aria-busy={busy}>
        {look.text}
      </VisuallyHidden>
    );
  }
  const hint = sync?.error && connection === 'online' ? `${look.hint}\n${sync.error}` : look.hint;
  return (
    <Tooltip label={hint} multiline w={260} withArrow style={{ whiteSpace: 'pre-line' }}>
      <Badge
        role="status"
        aria-label={look.text}
        aria-live="polite"
        aria-busy={busy}
        variant="dot"
        color={look.color}
        size="lg"
        radius="sm"
        style={{ textTransform: 'none', flexShrink: 0 }}
      >
        {look.text}
      </Badge>
    </Tooltip>
  );
}

/** The connection as a coloured dot on its child (the logo), on narrow screens only. */
export function ConnectionDot({ children }: { children: ReactNode }) {
  const { connection } = useSyncState();
  const narrow = useNarrow();
  return (
    <Indicator
      disabled={!narrow}
      color={LOOK[connection].color}
      size={10}
      offset={3}
      position="bottom-end"
      withBorder
      processing={connection === 'connecting'}
    >
      {children}
    </Indicator>
  );
}
