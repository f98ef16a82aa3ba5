/** Work that must not delay a frame (the draft saved after a scanned line) waits for it to be drawn. */

/** When no frame comes (a hidden tab draws none, a test has no browser), the work waits this long at most. */
export const NO_FRAME_MS = 100;

/** Resolves once the browser has drawn the next frame (a task after its animation frame), or after NO_FRAME_MS. */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, NO_FRAME_MS);
    if (typeof requestAnimationFrame !== 'function') return;
    requestAnimationFrame(() => {
      clearTimeout(fallback);
      setTimeout(resolve, 0);
    });
  });
}
