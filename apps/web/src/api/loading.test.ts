import { describe, expect, it } from 'vitest';
import { createLoadingTracker } from './loading.ts';

function fakeBar() {
  const events: string[] = [];
  return { events, bar: { start: () => events.push('start'), complete: () => events.push('complete') } };
}

describe('createLoadingTracker', () => {
  it('starts the bar with the first loading call and completes it when the last one ends', () => {
    const { events, bar } = fakeBar();
    const tracker = createLoadingTracker(bar);
    tracker.begin();
    tracker.begin();
    tracker.end();
    expect(events).toEqual(['start']);
    tracker.end();
    expect(events).toEqual(['start', 'complete']);
    expect(tracker.running).toBe(0);
  });

  it('ignores an end without a begin instead of going negative', () => {
    const { events, bar } = fakeBar();
    const tracker = createLoadingTracker(bar);
    tracker.end();
    tracker.begin();
    expect(events).toEqual(['start']);
    expect(tracker.running).toBe(1);
  });
});
