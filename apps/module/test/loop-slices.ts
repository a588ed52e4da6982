/**
 * How long the module's event loop is held at a stretch while some work runs, measured in the
 * main thread's own CPU time (Linux: /proc/thread-self/schedstat) between turns of a 1 ms timer.
 * Wall-clock loop delay on a machine shared with other jobs mostly counts the wait for a core;
 * CPU time between two turns is work done on the loop, which is what "no request holds the loop
 * for more than 20 ms" is about.
 */
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
/**
 * A full collection of the test process's heap, before the window: what the test itself piled up
 * (thousands of files written, a backfill) is not collected inside it and counted as the work
 * under test. (The tests run with `npm start`'s GC options: scripts/run-tests.mjs.)
 */
const collect = runInNewContext('gc') as () => void;

/**
 * The kernel adds a running thread's time to schedstat only at a scheduler tick (every 4 ms at
 * HZ=250) or a switch, so a bare read lags by up to a tick and one slice could read 4 ms long.
 * getrusage (process.cpuUsage) brings the calling thread's own count up to date first
 * (thread_group_cputime → task_sched_runtime): the read after it is exact to microseconds.
 */
const threadCpuMs = () => {
  process.cpuUsage();
  return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
};

export interface Slices<T> {
  result: T;
  /** The longest CPU time the main thread spent between two turns of the timer. */
  maxCpuMs: number;
  /** Turns of the timer while the work ran. */
  turns: number;
}

export async function loopSlices<T>(work: () => Promise<T>): Promise<Slices<T>> {
  collect();
  let last = threadCpuMs();
  let maxCpuMs = 0;
  let turns = 0;
  const timer = setInterval(() => {
    const now = threadCpuMs();
    maxCpuMs = Math.max(maxCpuMs, now - last);
    last = now;
    turns++;
  }, 1);
  try {
    const result = await work();
    const now = threadCpuMs();
    maxCpuMs = Math.max(maxCpuMs, now - last);
    return { result, maxCpuMs, turns };
  } finally {
    clearInterval(timer);
  }
}
