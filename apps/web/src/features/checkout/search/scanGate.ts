/**
 * Scans in flight. A scanner types the code and Enter in a few milliseconds, and the line is added once the local copy
 * answered the code (asynchronous); a cashier who presses F10 (or F4, F8, Del...) right after the beep must have the key
 * act on the sale with that line, as the keys were pressed in that order. The product search tracks each Enter here;
 * the sale screen's key actions wait until no scan is in flight.
 */
export interface ScanGate {
  /** Tracks one scan (its Enter handling) until it settles; returns the same promise. */
  track<T>(scan: Promise<T>): Promise<T>;
  /** Whether a scan is in flight. */
  busy(): boolean;
  /** Resolves once no scan is in flight (at once when none is), after the added line had a chance to render. */
  idle(): Promise<void>;
}

export function createScanGate(settle: () => Promise<void> = () => new Promise((resolve) => setTimeout(resolve, 0))): ScanGate {
  const inFlight = new Set<Promise<unknown>>();
  const gate: ScanGate = {
    track(scan) {
      inFlight.add(scan);
      const done = () => void inFlight.delete(scan);
      scan.then(done, done);
      return scan;
    },
    busy: () => inFlight.size > 0,
    async idle() {
      while (inFlight.size > 0) {
        await Promise.allSettled([...inFlight]);
        // The line's state update renders before the key acts on it.
        await settle();
      }
    },
  };
  return gate;
}

/** The sale screen's gate (one product search per page). */
export const scanGate = createScanGate();
