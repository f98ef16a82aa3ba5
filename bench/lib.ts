/** Small timing helpers: every benchmark measures its baseline in the same run and reports a ratio. */
import { performance } from 'node:perf_hooks';

export interface BenchResult {
  /** What was measured. */
  name: string;
  /** The figure and its unit. */
  value: number;
  unit: string;
  /** The same kind of figure for the baseline, measured in the same process just before or after. */
  baseline: number;
  baselineName: string;
  /** value / baseline. */
  ratio: number;
  /** The goal from the issue that asked for this benchmark, or '—'. */
  goal: string;
  /** Whether the goal holds ('—' when there is none). */
  met: boolean | null;
}

export interface Benchmark {
  name: string;
  run(): Promise<BenchResult[]>;
}

/** Times `fn` `n` times after `warmup` runs; answers the samples in milliseconds. */
export async function sample(fn: () => Promise<unknown>, n: number, warmup = Math.ceil(n / 10)): Promise<number[]> {
  for (let i = 0; i < warmup; i += 1) await fn();
  const out: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const start = performance.now();
    await fn();
    out.push(performance.now() - start);
  }
  return out;
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? NaN;
}

export const median = (samples: number[]) => percentile(samples, 50);
