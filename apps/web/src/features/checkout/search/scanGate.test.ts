import { describe, expect, it } from 'vitest';
import { createScanGate } from './scanGate.ts';

function deferred() {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('scan gate', () => {
  it('is idle at once when no scan is in flight', async () => {
    const gate = createScanGate(async () => {});
    expect(gate.busy()).toBe(false);
    await gate.idle();
  });

  it('holds a key until every scan in flight settled, a failed one too', async () => {
    const gate = createScanGate(async () => {});
    const first = deferred();
    const second = deferred();
    void gate.track(first.promise);
    gate.track(second.promise).catch(() => {});
    expect(gate.busy()).toBe(true);
    const order: string[] = [];
    const key = gate.idle().then(() => order.push('key'));
    first.resolve();
    await Promise.resolve();
    order.push('first settled');
    second.reject(new Error('lookup failed'));
    await key;
    expect(order).toEqual(['first settled', 'key']);
    expect(gate.busy()).toBe(false);
  });

  it('waits for a scan tracked while it was waiting', async () => {
    const gate = createScanGate(async () => {});
    const first = deferred();
    const late = deferred();
    void gate.track(first.promise);
    let released = false;
    const key = gate.idle().then(() => (released = true));
    void gate.track(late.promise);
    first.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(released).toBe(false);
    late.resolve();
    await key;
    expect(released).toBe(true);
  });
});
