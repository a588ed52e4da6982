/**
 * The chart queries' thread (query-thread.ts): its own read-only connection to trends.sqlite
 * (WAL lets it read while the recorder writes), the same query code, and the reply serialised
 * here, so neither the reading nor the JSON of a large reply runs on the module's event loop.
 */
import type { TimeZone } from '@meter/contract';
import Database from 'better-sqlite3';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { ZoneClock } from './buckets.ts';
import { EnergyStore } from './energy-store.ts';
import { queryEnergy, queryRealtime, type EnergyQuery, type RealtimeQuery } from './query.ts';
import { RealtimeStore } from './realtime-store.ts';
import { TREND_DB_FILE } from './trend-db.ts';

export type QueryRequest = { id: number; zone: TimeZone } & ({ kind: 'realtime'; query: RealtimeQuery } | { kind: 'energy'; query: EnergyQuery });
export type QueryReply = { id: number; json: string; ms: number } | { id: number; error: string };

// Below the event loop's priority: on a busy device a chart waits, the polls do not. Linux takes a
// thread id where it takes a process id; elsewhere the worker keeps the process's priority.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10);
} catch {
  /* not Linux */
}

const { dataDir, zone: firstZone } = workerData as { dataDir: string; zone: TimeZone };
const db = new Database(join(dataDir, TREND_DB_FILE), { readonly: true });
db.pragma('busy_timeout = 2000');
let zone = firstZone;
const clock = new ZoneClock(() => zone);
const stores = { realtime: new RealtimeStore(db), energy: new EnergyStore(db), clock };

parentPort!.on('message', (m: QueryRequest) => {
  zone = m.zone;
  const t0 = performance.now();
  let reply: QueryReply;
  try {
    const rows = m.kind === 'realtime' ? queryRealtime(stores, m.query) : queryEnergy(stores, m.query);
    reply = { id: m.id, json: JSON.stringify({ data: rows }), ms: performance.now() - t0 };
  } catch (err) {
    reply = { id: m.id, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort!.postMessage(reply);
});
