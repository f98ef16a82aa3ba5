import { useMemo, type ReactNode } from 'react';
import { MantineProvider, Modal, createTheme } from '@mantine/core';
import { paletteOf } from './palette.ts';
import { useThemeColor } from './themeColor.ts';

export function ThemeRoot({ children }: { children: ReactNode }) {
  const color = useThemeColor();
  const theme = useMemo(
    () =>
      createTheme({
        primaryColor: 'marca',
        colors: { marca: paletteOf(color) },
        defaultRadius: 'md',
        cursorType: 'pointer',
        // A user who asks the system for reduced motion gets modals, drawers and menus with no transition: they open
        // at once, and a click or key sent as they appear lands in them (the e2e runs ask for it too).
        respectReducedMotion: true,
        components: {
          Modal: Modal.extend({ styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } } }),
        },
      }),
    [color],
  );
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {children}
    </MantineProvider>
  );
}
