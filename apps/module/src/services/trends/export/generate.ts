/**
 * Writes the export CSV window by window (about 2,000 buckets each), yielding to the event loop
 * between windows, so a 30-day export never holds the module for more than a few milliseconds
 * at a time and a Stop is seen within one window. Timestamps are ISO 8601 with the device
 * zone's offset at that instant (it changes across DST, and the stamp says so).
 */
import { isoWithOffset, round, type ExportTrendLogBody, type TimeZone } from '@meter/contract';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { energyBuckets, realtimeBuckets, type Bucket } from '../bucket-reader.ts';
import { BucketPlan } from '../buckets.ts';
import { fromUnits } from '../codec.ts';
import type { EnergyRow } from '../energy-store.ts';
import { LOG_INTERVAL_PLANS, type IntervalPlan } from '../intervals.ts';
import type { QueryStores } from '../query.ts';
import { VALUE_COUNT } from '../series.ts';
import { exportPlan, loadTypeOf, type ExportPlan } from './columns.ts';
import { CRLF, csvNumber, csvText } from './csv.ts';

export const BUCKETS_PER_WINDOW = 2048;
/** The CSV stays well inside a ZIP without ZIP64 (zip.ts). */
export const CSV_BYTE_LIMIT = 0xf0000000;

export class ExportCancelled extends Error {}

export interface GenerateOptions {
  stores: QueryStores;
  interval: IntervalPlan;
  plan: ExportPlan;
  /** unix seconds, inclusive */
  start: number;
  end: number;
  write(text: string): Promise<void>;
  cancelled(): boolean;
  /** After each window: the last bucket written and the rows so far. */
  onProgress(t: number, rows: number): void;
}

/**
 * ISO stamps are made once a minute and the seconds spliced in: offsets only change on
 * quarter-hour instants, and 1-second exports write 60 rows a minute.
 */
class StampCache {
  private minute = NaN;
  private head = '';
  private tail = '';
  constructor(
    private readonly zone: TimeZone,
    private readonly offset: (t: number) => number,
  ) {}

  of(t: number): string {
    const m = t - (((t % 60) + 60) % 60);
    if (m !== this.minute) {
      const iso = isoWithOffset(this.zone, m, this.offset(m));
      this.minute = m;
      this.head = iso.slice(0, 17);
      this.tail = iso.slice(19);
    }
    const s = t - m;
    return this.head + (s < 10 ? '0' + s : s) + this.tail;
  }
}

export function headerLine(plan: ExportPlan): string {
  return ['Timestamp', ...plan.columns.map((c) => c.header)].map(csvText).join(',') + CRLF;
}

/** Writes the header and every bucket holding data; returns the data rows written. */
export async function generateCsv(o: GenerateOptions): Promise<number> {
  const { stores, plan } = o;
  const { realtime, energy, clock } = stores;
  clock.refresh();
  const zone = clock.zone;
  const buckets = new BucketPlan(o.interval.size, clock);
  const oneSecond = o.interval.realtime === 'second' && o.interval.size.kind === 'fixed' && o.interval.size.seconds === 1;
  const dataEnd = buckets.next(buckets.first(o.end));
  let w0 = oneSecond ? o.start : buckets.first(o.start);
  let rows = 0;
  await o.write(headerLine(plan));
  const inst = new Float64Array(VALUE_COUNT);
  const stamps = new StampCache(zone, (t) => clock.offset(t));

  while (w0 < dataEnd) {
    if (o.cancelled()) throw new ExportCancelled('cancelled');
    let w1 = w0;
    for (let i = 0; i < BUCKETS_PER_WINDOW && w1 < dataEnd; i++) w1 = buckets.next(w1);
    w1 = Math.min(w1, oneSecond ? o.end + 1 : dataEnd);

    // Real-time buckets stream (decoded into reused arrays); energy buckets are few, in an array.
    const rt = plan.hasRealtime ? realtimeBuckets(realtime, buckets, o.interval, w0, w1, plan.groups) : undefined;
    const en: EnergyRow[] = plan.hasEnergy && o.interval.energy ? energyBuckets(energy, clock, buckets, o.interval, w0, w1) : [];
    const lines: string[] = [];
    let next: Bucket | undefined = rt?.next().value ?? undefined;
    let j = 0;
    while (next || j < en.length) {
      const t = Math.min(next?.t ?? Infinity, en[j]?.t ?? Infinity);
      const r = next?.t === t ? next.r : undefined;
      const e = en[j]?.t === t ? en[j++]!.units : undefined;
      let instValues: Float64Array | undefined;
      if (plan.needsInst && r) {
        if (oneSecond) instValues = r.avg;
        else {
          inst.fill(NaN);
          for (const s of realtime.rows('second', t, t + 1, plan.groups)) inst.set(s.avg);
          instValues = inst;
        }
      }
      let line = stamps.of(t);
      for (const c of plan.columns) {
        line += ',';
        if (c.kind === 'energy') line += e ? csvNumber(fromUnits(e[c.index]!)) : '';
        else if (!r) continue;
        else if (c.kind === 'load') line += loadTypeOf(r.avg[c.q]!, r.avg[c.s]!);
        else {
          const v = c.value === 'inst' ? instValues![c.index]! : r[c.value][c.index]!;
          line += csvNumber(round(v, c.digits));
        }
      }
      lines.push(line + CRLF);
      // A real-time bucket (r) came from rt, so rt is there.
      if (r) next = rt?.next().value ?? undefined;
    }
    if (lines.length) {
      rows += lines.length;
      await o.write(lines.join(''));
    }
    o.onProgress(Math.min(w1 - 1, o.end), rows);
    w0 = w1;
    await yieldToLoop();
  }
  return rows;
}

export interface CsvFileOptions {
  stores: QueryStores;
  body: ExportTrendLogBody;
  /** The part file to write (created, mode 0600). */
  path: string;
  cancelled(): boolean;
  /** After each window: the last bucket written and the CSV bytes so far. */
  onProgress(t: number, bytes: number): void;
}

/**
 * The export's CSV file, whole: runs in the trend thread (query-worker.ts), which is why it takes
 * the request body rather than a plan. Throws ExportCancelled on a Stop, and the write error on a
 * full disk (a failed write never reaches the thread as unhandled).
 */
export async function writeCsvFile(o: CsvFileOptions): Promise<number> {
  const out = createWriteStream(o.path, { mode: 0o600 });
  let failure: Error | undefined;
  out.on('error', (e) => (failure = e));
  let bytes = 0;
  let rows = 0;
  try {
    rows = await generateCsv({
      stores: o.stores,
      interval: LOG_INTERVAL_PLANS[o.body.logInterval]!,
      plan: exportPlan(o.body),
      start: o.body.startTime,
      end: o.body.endTime,
      write: async (text) => {
        if (failure) throw failure;
        bytes += Buffer.byteLength(text);
        if (bytes > CSV_BYTE_LIMIT) throw new Error('file too large');
        // once() rejects when the stream fails (disk full) while we wait.
        if (!out.write(text)) await once(out, 'drain');
      },
      cancelled: o.cancelled,
      onProgress: (t) => o.onProgress(t, bytes),
    });
  } finally {
    out.end();
    await finished(out).catch(() => {});
  }
  if (failure) throw failure;
  return rows;
}
