/** Counts the calls flagged as loading that are running; the bar starts with the first and completes with the last. */
export interface ProgressBar {
  start(): void;
  complete(): void;
}

export interface LoadingTracker {
  begin(): void;
  end(): void;
  readonly running: number;
}

export function createLoadingTracker(bar: ProgressBar): LoadingTracker {
  let running = 0;
  return {
    begin() {
      running += 1;
      if (running === 1) bar.start();
    },
    end() {
      if (running === 0) return;
      running -= 1;
      if (running === 0) bar.complete();
    },
    get running() {
      return running;
    },
  };
}
