/**
 * Component tests (React Testing Library in jsdom): a file starts with `// @vitest-environment jsdom` and renders with
 * `renderUi`, inside the MantineProvider the app uses. Importing this file stubs the browser APIs jsdom lacks and
 * Mantine reads (matchMedia, ResizeObserver, scrollIntoView), and unmounts after each test.
 */
import type { ReactElement } from 'react';
import { afterEach } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';

if (typeof window !== 'undefined') {
  if (typeof window.matchMedia !== 'function') Object.assign(window, { matchMedia: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) });
  globalThis.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
  if (typeof Element.prototype.scrollIntoView !== 'function') Object.assign(Element.prototype, { scrollIntoView: () => undefined });
}

afterEach(() => {
  cleanup();
});

/** Renders inside Mantine, with a user-event session (no delay between keys). */
export function renderUi(ui: ReactElement): RenderResult & { user: UserEvent } {
  const user = userEvent.setup({ delay: null, skipHover: true });
  return { ...render(<MantineProvider env="test">{ui}</MantineProvider>), user };
}
