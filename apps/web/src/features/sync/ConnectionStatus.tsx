import type { ReactNode } from 'react';
import { Badge, Indicator, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useAfterFirstCommit } from '../layout/useAfterFirstCommit.ts';
import type { ConnectionState } from '../realtime/socket.ts';
import type { SyncState } from './runtime.ts';
import { shallowEqual, useSyncSelector } from './useSyncState.ts';

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

interface StatusView {
  connection: ConnectionState;
  busy: boolean;
  error: string | null;
}

/** What the badge shows: a first load's page-by-page progress does not re-render it. */
const statusView = (state: SyncState): StatusView => ({
  connection: state.connection,
  busy: state.sync?.running ?? false,
  error: state.sync?.error ?? null,
});

const connectionOf = (state: SyncState): ConnectionState => state.connection;

/**
 * Online/offline in the header (the browser's network and the socket to the server); busy while this tab syncs.
 * On a narrow screen the status is read out but not drawn (ConnectionDot draws it).
 */
export function ConnectionStatus() {
  const { connection, busy, error } = useSyncSelector(statusView, shallowEqual);
  const narrow = useNarrow();
  const withHint = useAfterFirstCommit();
  const look = LOOK[connection];
  if (narrow) {
    return (
      <VisuallyHidden role="status" aria-label={look.text} aria-live="polite" aria-busy={busy}>
        {look.text}
      </VisuallyHidden>
    );
  }
  const hint = error && connection === 'online' ? `${look.hint}\n${error}` : look.hint;
  const badge = (
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
  );
  // The explanation on hover comes a render after the header (see useAfterFirstCommit).
  if (!withHint) return badge;
  return (
    <Tooltip label={hint} multiline w={260} withArrow style={{ whiteSpace: 'pre-line' }}>
      {badge}
    </Tooltip>
  );
}

/** The connection as a coloured dot on its child (the logo), on narrow screens only. */
export function ConnectionDot({ children }: { children: ReactNode }) {
  const connection = useSyncSelector(connectionOf);
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
