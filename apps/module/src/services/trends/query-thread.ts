/**
 * The trend thread (query-worker.ts): the chart queries and the export's CSV, off the event loop.
 * The heaviest calls the interval rules allow read ~10,000 rollup rows and answer up to 400 kB of
 * JSON, 25-330 ms of CPU on the 2-core bench machine; an export of a day at 1 s writes 86,400
 * rows of 33 columns for seconds. On the loop, every poll of every console waited behind them;
 * here the loop only passes messages.
 *
 * One thread for both (each thread is its own V8 heap, ~5-8 MB resident), started by the first
 * call and stopped after IDLE_MS with nothing to do: most of the time nobody looks at a chart,
 * and the thread's heap and SQLite cache are not held for nothing.
 */
import type { ExportTrendLogBody, TimeZone } from '@meter/contract';
import { Worker } from 'node:worker_threads';
import type { ZipJob } from './export/exports.ts';
import { ExportCancelled } from './export/generate.ts';
import type { EnergyQuery, RealtimeQuery } from './query.ts';
import type { ThreadReply, ThreadRequest } from './query-worker.ts';

// From source (tsx) the worker is the .ts beside this file; the bundle ships it as a sibling .mjs.
const fromSource = import.meta.url.endsWith('.ts');
const WORKER_URL = fromSource ? new URL('./query-worker.ts', import.meta.url) : new URL('./trend-query-worker.mjs', import.meta.url);
/** Idle time after which the thread stops (the next call starts it again, ~30-60 ms). */
export const IDLE_MS = 30_000;
/**
 * The thread's V8 heap: a query's rows and its JSON are a few MB at most, the export streams.
 * Small young generation: the default grows to 16 MB a semi-space under a long export.
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 4 };

export interface QueryAnswer {
  /** `{ "data": rows }`, ready to send */
  json: string;
  /** time of the query in the worker (Server-Timing) */
  ms: number;
}

export interface ExportJob {
  path: string;
  body: ExportTrendLogBody;
  signal: AbortSignal;
  onProgress(t: number, bytes: number): void;
}

type Pending = {
  resolve: (reply: ThreadReply) => void;
  reject: (e: Error) => void;
  onProgress?: (t: number, bytes: number) => void;
};

export class TrendQueryThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private seq = 0;
  private idle: NodeJS.Timeout | undefined;

  constructor(
    private readonly dataDir: string,
    private readonly zone: () => TimeZone,
    private readonly idleMs = IDLE_MS,
  ) {}

  /** Whether the thread is running (tests, the memory bench). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  run(kind: 'realtime', query: RealtimeQuery): Promise<QueryAnswer>;
  run(kind: 'energy', query: EnergyQuery): Promise<QueryAnswer>;
  run(kind: 'realtime' | 'energy', query: RealtimeQuery | EnergyQuery): Promise<QueryAnswer> {
    return this.send((id) => ({ id, kind, query, zone: this.zone() }) as ThreadRequest) as Promise<ThreadReply & QueryAnswer>;
  }

  /** Writes the export's CSV part file; rejects with ExportCancelled once `signal` aborts. */
  async exportCsv(job: ExportJob): Promise<void> {
    await this.cancellable(job.signal, (id) => ({ id, kind: 'export', path: job.path, body: job.body, zone: this.zone() }), job.onProgress);
  }

  /** Zips the export's CSV into its ZIP part file; resolves with the ZIP's size, rejects with ExportCancelled once `signal` aborts. */
  async zip(job: ZipJob): Promise<number> {
    const { src, dest, entryName, mtime } = job;
    const reply = await this.cancellable(
      job.signal,
      (id) => ({ id, kind: 'zip', src, dest, entryName, mtime }),
      (_t, bytes) => job.onProgress(bytes),
    );
    return 'size' in reply && reply.size !== undefined ? reply.size : NaN;
  }

  /** A request that a 'cancel' to the thread stops once `signal` aborts. */
  private async cancellable(signal: AbortSignal, request: (id: number) => ThreadRequest, onProgress: Pending['onProgress']): Promise<ThreadReply> {
    if (signal.aborted) throw new ExportCancelled('cancelled');
    let id = 0;
    const done = this.send((n) => ((id = n), request(n)), onProgress);
    const cancel = () => this.worker?.postMessage({ id, kind: 'cancel' } satisfies ThreadRequest);
    signal.addEventListener('abort', cancel, { once: true });
    try {
      return await done;
    } finally {
      signal.removeEventListener('abort', cancel);
    }
  }

  private send(request: (id: number) => ThreadRequest, onProgress?: Pending['onProgress']): Promise<ThreadReply> {
    const worker = this.worker ?? this.start();
    clearTimeout(this.idle);
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      worker.postMessage(request(id));
    });
  }

  private start(): Worker {
    const workerData = { dataDir: this.dataDir, zone: this.zone() };
    const worker = fromSource
      ? // A worker does not inherit tsx's loader: it registers it, then loads the TypeScript worker.
        new Worker(`import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => { m.register(); return import(${JSON.stringify(WORKER_URL.href)}); })`, {
          eval: true,
          workerData,
          resourceLimits: RESOURCE_LIMITS,
        })
      : new Worker(WORKER_URL, { workerData, resourceLimits: RESOURCE_LIMITS });
    // An idle worker never keeps a stopping module alive.
    worker.unref();
    worker.on('message', (m: ThreadReply) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      if ('progress' in m) return p.onProgress?.(m.progress.t, m.progress.bytes);
      this.pending.delete(m.id);
      if ('error' in m) p.reject(new Error(m.error));
      else if ('cancelled' in m) p.reject(new ExportCancelled('cancelled'));
      else p.resolve(m);
      this.armIdle(worker);
    });
    const fail = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      clearTimeout(this.idle);
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`trend thread exited with ${code}`)));
    this.worker = worker;
    return worker;
  }

  private armIdle(worker: Worker): void {
    if (this.pending.size || this.worker !== worker) return;
    clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      if (this.pending.size || this.worker !== worker) return;
      this.worker = undefined;
      void worker.terminate();
    }, this.idleMs).unref();
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    clearTimeout(this.idle);
    for (const p of this.pending.values()) p.reject(new ExportCancelled('closed'));
    this.pending.clear();
    if (w) await w.terminate();
  }
}
