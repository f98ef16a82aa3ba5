import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaint, NO_FRAME_MS } from './afterPaint.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Whether the promise has settled once the pending microtasks ran. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('afterPaint', () => {
  it('waits for the next frame and a task after it, not for the time-out', async () => {
    vi.useFakeTimers();
    const frames: Array<() => void> = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    const painted = afterPaint();
    await vi.advanceTimersByTimeAsync(10);
    expect(await settled(painted)).toBe(false);
    expect(frames).toHaveLength(1);
    frames[0]?.();
    expect(await settled(painted)).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(await settled(painted)).toBe(true);
  });

  it('gives up waiting when no frame comes (a hidden tab)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const painted = afterPaint();
    await vi.advanceTimersByTimeAsync(NO_FRAME_MS - 1);
    expect(await settled(painted)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(painted)).toBe(true);
  });
});
