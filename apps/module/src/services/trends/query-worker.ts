/**
 * The trend thread (query-thread.ts): its own read-only connection to trends.sqlite (WAL lets it
 * read while the recorder writes) for the chart queries and the export's CSV, so neither the
 * reading, nor the JSON of a large reply, nor the CSV text runs on the module's event loop.
 * A query is answered whole; an export is written window by window (generate.ts).
 *
 * Fair turns between the two: the queries wait in a queue, answered for at most CHART_TURN_MS at a
 * stretch (or one query, if it takes longer), then a running export writes its next window. So a
 * chart waits behind at most one window (~2,000 rows, tens of ms), and an export gets about half the
 * thread however many charts are asked at once: answering each message as it arrived let every
 * query queued by then go before each window, and many consoles charting at once slowed a day's
 * export to a crawl.
 */
import type { ExportTrendLogBody, LocalDate, TimeZone } from '@meter/contract';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { workerData } from 'node:worker_threads';
import { lowerThisThread } from '../../thread-priority.ts';
import { workerPort } from '../../worker-port.ts';
import { ZoneClock } from './buckets.ts';
import { EnergyStore } from './energy-store.ts';
import { ExportCancelled, writeCsvFile } from './export/generate.ts';
import { ZipCancelled, zipFile } from './export/zip.ts';
import { queryEnergy, queryRealtime, type EnergyQuery, type RealtimeQuery } from './query.ts';
import { RealtimeStore } from './realtime-store.ts';
import { TREND_DB_FILE, TREND_READER_PRAGMAS } from './trend-db.ts';

export type ThreadRequest =
  | ({ id: number; zone: TimeZone } & ({ kind: 'realtime'; query: RealtimeQuery } | { kind: 'energy'; query: EnergyQuery }))
  | { id: number; zone: TimeZone; kind: 'export'; path: string; body: ExportTrendLogBody }
  | { id: number; kind: 'zip'; src: string; dest: string; entryName: string; mtime: LocalDate }
  | { id: number; kind: 'cancel' };
export type ThreadReply =
  | { id: number; json: string; ms: number }
  | { id: number; progress: { t: number; bytes: number } }
  | { id: number; done: true; size?: number }
  | { id: number; cancelled: true }
  | { id: number; error: string };

void lowerThisThread();

const { dataDir, zone: firstZone } = workerData as { dataDir: string; zone: TimeZone };
const db = new Database(join(dataDir, TREND_DB_FILE), { readonly: true });
db.pragma('busy_timeout = 2000');
for (const p of TREND_READER_PRAGMAS) db.pragma(p);
let zone = firstZone;
const clock = new ZoneClock(() => zone);
const stores = { realtime: new RealtimeStore(db), energy: new EnergyStore(db), clock };
const running = new Set<number>();
const cancelled = new Set<number>();
const port = workerPort();
const post = (reply: ThreadReply) => port.postMessage(reply);
type Query = Extract<ThreadRequest, { kind: 'realtime' | 'energy' }>;
/** Chart work at a stretch before a running export's next window. */
export const CHART_TURN_MS = 25;
const queries: Query[] = [];
let answering = false;

/**
 * One step of an export for request `id`: its answer is done (with the size `work` resolves to, if
 * any), cancelled (a Stop seen, or the step's own cancellation error) or the error's message.
 */
async function exportStep(id: number, work: (isCancelled: () => boolean) => Promise<number | void>): Promise<void> {
  running.add(id);
  const isCancelled = () => cancelled.has(id);
  try {
    const size = await work(isCancelled);
    post(isCancelled() ? { id, cancelled: true } : size === undefined ? { id, done: true } : { id, done: true, size });
  } catch (err) {
    if (err instanceof ExportCancelled || err instanceof ZipCancelled) post({ id, cancelled: true });
    else post({ id, error: err instanceof Error ? err.message : String(err) });
  } finally {
    running.delete(id);
    cancelled.delete(id);
  }
}

/** The zip's progress at most this often: zlib hands out its output in 16 KB pieces. */
const ZIP_PROGRESS_MS = 100;

function exportCsv(m: Extract<ThreadRequest, { kind: 'export' }>): Promise<void> {
  return exportStep(m.id, (isCancelled) =>
    writeCsvFile({ stores, body: m.body, path: m.path, cancelled: isCancelled, onProgress: (t, bytes) => post({ id: m.id, progress: { t, bytes } }) }),
  );
}

/** Zips the export's CSV here too: zlib's callbacks, the CRC and the file writes stay off the event loop. */
function zip(m: Extract<ThreadRequest, { kind: 'zip' }>): Promise<void> {
  let last = 0;
  return exportStep(m.id, (isCancelled) =>
    zipFile(m.src, m.dest, m.entryName, {
      mtime: m.mtime,
      cancelled: isCancelled,
      onProgress: (bytes) => {
        const now = performance.now();
        if (now - last < ZIP_PROGRESS_MS) return;
        last = now;
        post({ id: m.id, progress: { t: 0, bytes } });
      },
    }),
  );
}

function answer(m: Query): void {
  zone = m.zone;
  const t0 = performance.now();
  let reply: ThreadReply;
  try {
    const rows = m.kind === 'realtime' ? queryRealtime(stores, m.query) : queryEnergy(stores, m.query);
    reply = { id: m.id, json: JSON.stringify({ data: rows }), ms: performance.now() - t0 };
  } catch (err) {
    reply = { id: m.id, error: err instanceof Error ? err.message : String(err) };
  }
  post(reply);
}

/**
 * One turn of the queries. An export yields between windows with setImmediate too, and immediates
 * run in the order they were queued: a turn of queries, a window, a turn of queries...
 */
function answerTurn(): void {
  const until = performance.now() + CHART_TURN_MS;
  for (let q = queries.shift(); q; q = performance.now() < until ? queries.shift() : undefined) answer(q);
  if (queries.length) setImmediate(answerTurn);
  else answering = false;
}

port.on('message', (m: ThreadRequest) => {
  if (m.kind === 'cancel') {
    if (running.has(m.id)) cancelled.add(m.id);
    return;
  }
  if (m.kind === 'export') {
    zone = m.zone;
    void exportCsv(m);
    return;
  }
  if (m.kind === 'zip') {
    void zip(m);
    return;
  }
  queries.push(m);
  if (!answering) {
    answering = true;
    setImmediate(answerTurn);
  }
});
