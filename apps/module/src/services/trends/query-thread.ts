/**
 * Runs the chart queries in one long-lived worker thread (query-worker.ts). The heaviest calls
 * the interval rules allow read ~10,000 rollup rows and answer up to 400 kB of JSON: 25-330 ms of
 * CPU on the 2-core bench machine, during which every poll of every console waited. The worker
 * takes them one at a time in arrival order; the event loop only passes messages.
 */
import type { TimeZone } from '@meter/contract';
import { Worker } from 'node:worker_threads';
import type { EnergyQuery, RealtimeQuery } from './query.ts';
import type { QueryReply, QueryRequest } from './query-worker.ts';

// From source (tsx) the worker is the .ts beside this file; the bundle ships it as a sibling .mjs.
const fromSource = import.meta.url.endsWith('.ts');
const WORKER_URL = fromSource ? new URL('./query-worker.ts', import.meta.url) : new URL('./trend-query-worker.mjs', import.meta.url);

export interface QueryAnswer {
  /** `{ "data": rows }`, ready to send */
  json: string;
  /** time of the query in the worker (Server-Timing) */
  ms: number;
}

type Pending = { resolve: (a: QueryAnswer) => void; reject: (e: Error) => void };

export class TrendQueryThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private seq = 0;

  constructor(
    private readonly dataDir: string,
    private readonly zone: () => TimeZone,
  ) {}

  run(kind: 'realtime', query: RealtimeQuery): Promise<QueryAnswer>;
  run(kind: 'energy', query: EnergyQuery): Promise<QueryAnswer>;
  run(kind: 'realtime' | 'energy', query: RealtimeQuery | EnergyQuery): Promise<QueryAnswer> {
    const worker = this.worker ?? this.start();
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, kind, query, zone: this.zone() } as QueryRequest);
    });
  }

  private start(): Worker {
    const workerData = { dataDir: this.dataDir, zone: this.zone() };
    const worker = fromSource
      ? // A worker does not inherit tsx's loader: it registers it, then loads the TypeScript worker.
        new Worker(`import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => { m.register(); return import(${JSON.stringify(WORKER_URL.href)}); })`, {
          eval: true,
          workerData,
        })
      : new Worker(WORKER_URL, { workerData });
    // An idle worker never keeps a stopping module alive.
    worker.unref();
    worker.on('message', (m: QueryReply) => {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (!p) return;
      if ('error' in m) p.reject(new Error(m.error));
      else p.resolve(m);
    });
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`trend query worker exited with ${code}`)));
    this.worker = worker;
    return worker;
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    if (w) await w.terminate();
  }
}
