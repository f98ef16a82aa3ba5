import { Link, useLocation } from 'react-router';
import { AppShell, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { MAIN_MENU, SETTINGS_MENU, visibleEntries, visibleSettings, type MenuEntry } from '@pdv/domain/menu';
import { canSeeEntry } from '@pdv/domain/permissions';
import { useSession } from '../auth/sessionContext.ts';
import { VersionInfo } from '../version/VersionInfo.tsx';

function isActive(entry: MenuEntry, pathname: string): boolean {
  if (entry.path === '/') return pathname === '/';
  return pathname === entry.path || pathname.startsWith(`${entry.path}/`);
}

function EntryLink({ entry, pathname, onNavigate }: { entry: MenuEntry; pathname: string; onNavigate: () => void }) {
  const active = isActive(entry, pathname);
  return (
    <NavLink
      component={Link}
      to={entry.path}
      label={entry.label}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      py={6}
    />
  );
}

/** The main menu and the settings menu, each entry shown only when the ability allows it (002 §2). */
export function AppNavbar({ hidden, onNavigate }: { hidden: boolean; onNavigate: () => void }) {
  const { ability } = useSession();
  const { pathname } = useLocation();
  const allowed = (label: string | null) => canSeeEntry(ability, label);
  const main = visibleEntries(MAIN_MENU, allowed);
  const settings = visibleSettings(SETTINGS_MENU, allowed);

  return (
    // A folded menu slides out of view; hidden, its links also leave the keyboard's tab order.
    <AppShell.Navbar style={hidden ? { visibility: 'hidden' } : undefined}>
      <AppShell.Section grow component={ScrollArea} p="xs">
        <nav aria-label="Menu principal">
          {main.map((entry) => (
            <EntryLink key={entry.path} entry={entry} pathname={pathname} onNavigate={onNavigate} />
          ))}
        </nav>
        {settings.length > 0 && (
          <nav aria-label="Configurações">
            <Text component="h2" size="xs" fw={700} c="dimmed" tt="uppercase" mt="lg" mb={4} px="sm">
              Configurações
            </Text>
            <Stack gap={6}>
              {settings.map((group) => (
                <div key={group.title} role="group" aria-label={group.title}>
                  <Text size="xs" c="dimmed" px="sm" mt={4}>
                    {group.title}
                  </Text>
                  {group.entries.map((entry) => (
                    <EntryLink key={entry.path} entry={entry} pathname={pathname} onNavigate={onNavigate} />
                  ))}
                </div>
              ))}
            </Stack>
          </nav>
        )}
      </AppShell.Section>
      <AppShell.Section p="xs">
        <VersionInfo />
      </AppShell.Section>
    </AppShell.Navbar>
  );
}
