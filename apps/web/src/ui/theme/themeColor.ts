/** The primary colour kept in its cookie, as a tiny store that the theme subscribes to. */
import { useSyncExternalStore } from 'react';
import { HEX_COLOR } from '@pdv/domain/constants';
import { readCookie, removeCookie, writeCookie } from '../cookies.ts';
import { THEME_COLOR_COOKIE, THEME_COLOR_COOKIE_MAX_AGE_S, themeColorOf } from './palette.ts';

const listeners = new Set<() => void>();
let current = themeColorOf(readCookie(THEME_COLOR_COOKIE));

/** Keeps the organization's colour in the cookie (or drops the cookie when it has none) and repaints. */
export function setThemeColor(value: string | null | undefined): void {
  const trimmed = value?.trim() ?? '';
  if (HEX_COLOR.test(trimmed)) writeCookie(THEME_COLOR_COOKIE, trimmed, THEME_COLOR_COOKIE_MAX_AGE_S);
  else removeCookie(THEME_COLOR_COOKIE);
  const next = themeColorOf(trimmed);
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useThemeColor(): string {
  return useSyncExternalStore(subscribe, () => current);
}
