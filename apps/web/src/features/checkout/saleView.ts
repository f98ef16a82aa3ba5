/**
 * The sale as the items table and the totals draw it: the draft and the selected line, in a small store outside
 * React state, so that a scanned line redraws those two and the search box only, and the rest of the page follows
 * once the line is on screen (useCheckout.addHit).
 */
import { useSyncExternalStore } from 'react';
import type { OperationBundle } from '../outbox/types.ts';

export interface SaleSnapshot {
  bundle: OperationBundle | null;
  /** The line F3, F4 and Del act on. */
  selected: string | null;
}

export class SaleView {
  private snapshot: SaleSnapshot = { bundle: null, selected: null };
  private readonly listeners = new Set<() => void>();

  readonly get = (): SaleSnapshot => this.snapshot;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Changes what is drawn; listeners are told only when something changed. */
  set(change: Partial<SaleSnapshot>): void {
    const next = { ...this.snapshot, ...change };
    if (next.bundle === this.snapshot.bundle && next.selected === this.snapshot.selected) return;
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}

/** The sale as it is drawn now (re-renders the caller on every change). */
export function useSaleView(view: SaleView): SaleSnapshot {
  return useSyncExternalStore(view.subscribe, view.get);
}
