/**
 * The benches' shared figures: percentiles of sorted timings, the formats, repeated timing, the
 * event loop's delay over a stretch of work, and each figure printed beside its target and the
 * machine's load average.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const ms = (x: number) => `${x.toFixed(2)} ms`;
export const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

/** `n` runs of `fn`, each timed; sorted ascending. */
export function timeMany(n: number, fn: () => unknown): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    fn();
    out.push(performance.now() - t);
  }
  return out.sort((a, b) => a - b);
}

/** This thread's time on a core (ms, Linux): work done, without the waits for a core on a shared machine. */
export const threadCpuMs = () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;

/** p50 / p99 / max of sorted timings, as printed. */
export const spread = (sorted: readonly number[]) => `p50 ${ms(percentile(sorted, 50))} p99 ${ms(percentile(sorted, 99))} max ${ms(sorted[sorted.length - 1] ?? NaN)}`;

/**
 * The event loop while `work` runs, from a 1 ms timer: the longest gap between two turns (wall,
 * which on a shared machine includes waiting for a core) and the longest time the main thread
 * spent on a core between two turns (the work that held the loop).
 */
export async function loopDelayDuring<T>(work: () => Promise<T>): Promise<{ result: T; maxWallMs: number; maxCpuMs: number }> {
  let lastWall = performance.now();
  let lastCpu = threadCpuMs();
  let maxWallMs = 0;
  let maxCpuMs = 0;
  const turn = () => {
    const wall = performance.now();
    const cpu = threadCpuMs();
    maxWallMs = Math.max(maxWallMs, wall - lastWall);
    maxCpuMs = Math.max(maxCpuMs, cpu - lastCpu);
    lastWall = wall;
    lastCpu = cpu;
  };
  const timer = setInterval(turn, 1);
  try {
    const result = await work();
    turn();
    return { result, maxWallMs, maxCpuMs };
  } finally {
    clearInterval(timer);
  }
}

/** The 1-minute load average: the machine may be shared, so each figure is printed beside it. */
export const loadAverage = () => `load ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`;

/** Prints a figure beside its target; returns whether it holds (the bench exits non-zero on a miss). */
export function report(label: string, value: number, target: number, format: (x: number) => string, missed: string[]): boolean {
  const holds = value <= target;
  console.log(`  ${holds ? 'ok  ' : 'MISS'} ${label}: ${format(value)} (target ≤ ${format(target)}; ${loadAverage()})`);
  if (!holds) missed.push(label);
  return holds;
}
