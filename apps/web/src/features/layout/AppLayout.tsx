import { Outlet, useLocation } from 'react-router';
import { AppShell } from '@mantine/core';
import { useDisclosure, useHotkeys, useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { outbox } from '../outbox/runtime.ts';
import { SyncProgress } from '../sync/SyncProgress.tsx';
import { AppHeader } from './AppHeader.tsx';
import { AppNavbar } from './AppNavbar.tsx';
import { useMenuCollapsed } from './useMenuCollapsed.ts';
import { usePointOfSaleMenu } from './pointOfSaleMenu.ts';

/**
 * The signed-in layout: header, the menus in a collapsible navbar, and the screen. Alt+M folds the menu, except at the
 * point of sale, where Alt+M changes the sale's mode (and the menu keeps its button).
 */
export function AppLayout() {
  const [mobileOpened, mobile] = useDisclosure(false);
  const { collapsed, toggle } = useMenuCollapsed();
  const { pathname } = useLocation();
  // Alt+M belongs to the point of sale's modes there (000 §1); elsewhere it folds the menu.
  useHotkeys([['alt+M', () => !menuKeyBelongsToScreen(pathname) && toggle()]]);
  // At the point of sale the menu folds by itself (the burger reopens it there); elsewhere the preference applies.
  const menu = usePointOfSaleMenu(collapsed, toggle);
  // The outbox sends the pending operations while someone is signed in (000 §4.1).
  useEffect(() => {
    outbox.start();
    return () => outbox.stop();
  }, []);
  // Mantine's "sm" breakpoint: from it up the desktop preference applies, below it the drawer-like mobile menu.
  const desktop = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const menuHidden = desktop ? menu.collapsed : !mobileOpened;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: menu.collapsed } }}
      padding="md"
    >
      <AppHeader
        mobileOpened={mobileOpened}
        onToggleMobile={mobile.toggle}
        collapsed={menu.collapsed}
        onToggleCollapsed={menu.toggle}
      />
      <AppNavbar hidden={menuHidden} onNavigate={mobile.close} />
      <AppShell.Main>
        <SyncProgress />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

/** Screens whose own Alt+M wins over the menu's (the point of sale's mode). */
export function menuKeyBelongsToScreen(pathname: string): boolean {
  return pathname === '/checkout' || pathname.startsWith('/checkout/');
}
