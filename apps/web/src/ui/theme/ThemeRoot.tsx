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
