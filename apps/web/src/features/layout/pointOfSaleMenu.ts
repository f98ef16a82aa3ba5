/**
 * The side menu at the point of sale: it folds by itself on /checkout, so that the sale's lines and totals have the
 * width (1024 × 768 with the menu open left the description a few letters wide), and the burger opens it again for
 * as long as the cashier stays there. The folded state there is not the user's menu preference (002 §2, kept across
 * sessions): leaving /checkout shows the menu as the preference says.
 */
import { useState } from 'react';
import { useLocation } from 'react-router';

/** Screens where the menu folds by itself. */
export const MENU_FOLDS_AT: ReadonlySet<string> = new Set(['/checkout']);

/** Whether the menu shows folded: at the point of sale unless reopened there, elsewhere as the preference says. */
export function menuFolded(pathname: string, preference: boolean, reopenedHere: boolean): boolean {
  return MENU_FOLDS_AT.has(pathname) ? !reopenedHere : preference;
}

/**
 * The menu's folded state and its burger's toggle, given the user's preference and its toggle. Reopened at the point
 * of sale, the menu stays open for that visit (the navigation's key): coming back to /checkout folds it again.
 */
export function usePointOfSaleMenu(preference: boolean, togglePreference: () => void) {
  const { pathname, key } = useLocation();
  const here = MENU_FOLDS_AT.has(pathname);
  const [reopenedIn, setReopenedIn] = useState<string | null>(null);
  return {
    collapsed: menuFolded(pathname, preference, reopenedIn === key),
    toggle: here ? () => setReopenedIn((visit) => (visit === key ? null : key)) : togglePreference,
  } as const;
}
