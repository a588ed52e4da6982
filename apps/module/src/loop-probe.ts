/**
 * Event-loop delay as the process itself sees it, for the benchmarks (MODULE_LOOP_PROBE=1): a
 * client can time its requests but not what the loop went through between them. Answers only over
 * the IPC channel of the process that started the module, so it opens nothing on the network.
 */
import { openSync, readSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const STALL_MS = 20;
const TICK_MS = 5;

/** A /proc file read again and again through one descriptor: the probe runs every 5 ms and must cost little. */
function procReader(path: string): () => string {
  const buf = Buffer.alloc(256);
  let fd = -1;
  return () => {
    if (fd < 0) fd = openSync(path, 'r');
    return buf.toString('latin1', 0, readSync(fd, buf, 0, buf.length, 0));
  };
}

const schedstat = procReader(`/proc/self/task/${process.pid}/schedstat`);
/**
 * The main thread's time on a core and waiting in the run queue for one (ms), from the scheduler.
 * Read on the main thread, after getrusage (process.cpuUsage), which brings the calling thread's
 * count up to date: schedstat alone lags by up to a scheduler tick (4 ms at HZ=250).
 */
function mainThreadSched(): { cpu: number; queued: number } {
  process.cpuUsage();
  const [cpu, queued] = schedstat().split(' ');
  return { cpu: Number(cpu) / 1e6, queued: Number(queued) / 1e6 };
}

const procStat = procReader('/proc/stat');
/**
 * Time the hypervisor kept this machine's virtual cores from running (ms, both cores summed, in
 * 10 ms ticks): `steal` of /proc/stat's first line. A stall with no time on a core, none waiting
 * for one and some stolen is the host's, not the module's.
 */
function stolenMs(): number {
  try {
    return Number(procStat().split('\n')[0]!.trim().split(/\s+/)[8]) * 10;
  } catch {
    return NaN;
  }
}

export interface LoopFigures {
  /** Milliseconds; each sample is the time between two 1 ms timer ticks, so an idle loop reads ~1. */
  p50: number;
  p99: number;
  max: number;
  mean: number;
  samples: number;
  rssBytes: number;
  heapUsedBytes: number;
  /** The main thread's V8 heap as reserved (used + free young and old space). */
  heapTotalBytes: number;
  /** Memory outside the V8 heaps that V8 knows of (Buffers, ArrayBuffers, better-sqlite3's handles). */
  externalBytes: number;
  /**
   * The longest stalls (over 20 ms), with what the main thread did in them: on a core (work on the
   * loop), waiting for a core (other processes had them), in the main isolate's GC pauses, and
   * stolen by the hypervisor from the machine; the rest blocked (disk, locks).
   */
  stalls: { ms: number; cpuMs: number; queuedMs: number; gcMs: number; stolenMs: number }[];
}

interface ProbeMessage {
  probe: 'loop';
  id: number;
  reset?: boolean;
}

export function startLoopProbe(): void {
  const send = process.send?.bind(process);
  if (!send) return;
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  let stalls: (LoopFigures['stalls'][number] & { from: number; to: number })[] = [];
  let last = performance.now();
  let lastSched = mainThreadSched();
  let lastStolen = stolenMs();
  // The main thread's garbage-collection pauses (start, duration), to tell a GC stall from work.
  let gcs: [number, number][] = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcs.push([e.startTime, e.duration]);
    if (gcs.length > 4000) gcs = gcs.slice(-2000);
  }).observe({ entryTypes: ['gc'] });
  setInterval(() => {
    const now = performance.now();
    const sched = mainThreadSched();
    const stolen = stolenMs();
    const lag = now - last - TICK_MS;
    if (lag > STALL_MS) {
      stalls.push({
        ms: Math.round(lag),
        cpuMs: Math.round(sched.cpu - lastSched.cpu),
        queuedMs: Math.round(sched.queued - lastSched.queued),
        gcMs: 0,
        stolenMs: stolen - lastStolen,
        from: last,
        to: now,
      });
      stalls = stalls.sort((a, b) => b.ms - a.ms).slice(0, 5);
    }
    last = now;
    lastSched = sched;
    lastStolen = stolen;
  }, TICK_MS).unref();
  process.on('message', (m: ProbeMessage) => {
    if (m?.probe !== 'loop') return;
    const mem = process.memoryUsage();
    const figures: LoopFigures = {
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
      mean: ms(histogram.mean),
      samples: histogram.count,
      rssBytes: mem.rss,
      heapUsedBytes: mem.heapUsed,
      heapTotalBytes: mem.heapTotal,
      externalBytes: mem.external,
      // GC entries reach the observer after the stall, so they are matched to it only now.
      stalls: stalls.map(({ from, to, ...x }) => ({ ...x, gcMs: Math.round(gcs.filter(([start]) => start >= from && start < to).reduce((sum, [, d]) => sum + d, 0)) })),
    };
    if (m.reset) {
      histogram.reset();
      stalls = [];
    }
    send({ probe: 'loop', id: m.id, figures });
  });
  // The channel must not keep a stopping module alive.
  process.channel?.unref();
}
