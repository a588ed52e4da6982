/**
 * Trend Log Management's file (001 §4): none → generating (1) → compressing (2) → ready.
 * One file per device under <data>/trendlog-export: generating a new one replaces it (the old
 * file goes at once, a running generation is stopped), Stop returns to none, Delete removes it.
 * The CSV is written and zipped in the trend thread (query-thread.ts: the module's event loop only
 * passes the progress on; zip.ts streams through zlib there);
 * part files carry the job number, so a stopped job cleaning up never touches the next one's.
 * The ready file survives a restart (export.json next to it).
 */
import {
  hardeningTexts,
  localDate,
  type LocalDate,
  rangeOfTypes,
  selectedLogTypes,
  trendTexts,
  type ExportTrendLogBody,
  type TrendExportStatus,
  type TrendLogRange,
} from '@meter/contract';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { atomicWriteFile } from '../../../atomic-file.ts';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { BucketPlan } from '../buckets.ts';
import { LOG_INTERVAL_PLANS } from '../intervals.ts';
import type { QueryStores } from '../query.ts';
import { exportPlan, unrecordedParameters } from './columns.ts';
import { ExportCancelled, writeCsvFile } from './generate.ts';
import { ZipCancelled, zipFile } from './zip.ts';

export const EXPORT_DIR = 'trendlog-export';
/** Cells (rows × columns) one file may hold: ~1 GB of CSV, well inside a ZIP without ZIP64. */
export const MAX_EXPORT_CELLS = 120_000_000;
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

/** A request the module refuses (400), with the body field it concerns. */
export class TrendRefusal extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export interface ExportDeps {
  dataDir: string;
  stores: QueryStores;
  range(): TrendLogRange;
  log(level: 'Info' | 'Error', message: string): void;
  /**
   * Writes the CSV part file (generate.ts writeCsvFile), rejecting with ExportCancelled once
   * `signal` aborts; the service runs it in the trend thread. Unset: in this thread.
   */
  generate?(job: CsvJob): Promise<void>;
  /** Zips the CSV part file (zip.ts zipFile) and resolves with the ZIP's size; the service runs it in the trend thread. Unset: in this thread. */
  compress?(job: ZipJob): Promise<number>;
}

export interface ZipJob {
  src: string;
  dest: string;
  entryName: string;
  /** The entry's modification time, device wall clock. */
  mtime: LocalDate;
  signal: AbortSignal;
  /** Compressed bytes written so far. */
  onProgress(bytes: number): void;
}

export interface CsvJob {
  path: string;
  body: ExportTrendLogBody;
  signal: AbortSignal;
  onProgress(t: number, bytes: number): void;
}

interface Job {
  id: number;
  cancelled: boolean;
  stop: AbortController;
  stage: 1 | 2;
  start: number;
  end: number;
  current: number;
  bytes: number;
}

interface ReadyFile {
  fileName: string;
  start: number;
  end: number;
  size: number;
}

export class TrendExports {
  readonly dir: string;
  private job: Job | undefined;
  private ready: ReadyFile | undefined;
  private seq = 0;
  /** Jobs still running, the stopped ones included until they have removed their parts. */
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly d: ExportDeps) {
    this.dir = join(d.dataDir, EXPORT_DIR);
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    // Parts of a generation a reboot interrupted are worthless.
    for (const name of readdirSync(this.dir)) if (name.endsWith('.part')) rmSync(join(this.dir, name), { force: true });
    try {
      const saved = JSON.parse(readFileSync(join(this.dir, 'export.json'), 'utf8')) as ReadyFile;
      if (FILE_NAME.test(saved.fileName) && existsSync(join(this.dir, saved.fileName))) this.ready = saved;
    } catch {
      /* no file ready */
    }
  }

  status(): TrendExportStatus {
    const j = this.job;
    if (j) return { exportStat: j.stage, exportFileName: '', currentTimeStamp: j.stage === 1 ? j.current : j.end, startTimeStamp: j.start, endTimeStamp: j.end, filesize: j.bytes };
    const r = this.ready;
    if (r) return { exportStat: false, exportFileName: r.fileName, currentTimeStamp: r.end, startTimeStamp: r.start, endTimeStamp: r.end, filesize: r.size };
    return { exportStat: false, exportFileName: '', currentTimeStamp: 0, startTimeStamp: 0, endTimeStamp: 0, filesize: 0 };
  }

  /** 001 §5 checks that need the data, then starts the generation in the background. */
  start(body: ExportTrendLogBody): void {
    const unrecorded = unrecordedParameters(body);
    if (unrecorded.length) throw new TrendRefusal(trendTexts.notRecorded(unrecorded.join(', ')), 'logParamArray');
    const types = selectedLogTypes(body);
    const { min, max } = rangeOfTypes(this.d.range(), types);
    if (min === 0 || max === 0 || body.startTime < min || body.endTime > max) throw new TrendRefusal(trendTexts.outOfRange, 'startTime');
    const interval = LOG_INTERVAL_PLANS[body.logInterval]!;
    const plan = exportPlan(body);
    const nominal = new BucketPlan(interval.size, this.d.stores.clock).nominalSeconds;
    if (((body.endTime - body.startTime) / nominal + 1) * plan.columns.length > MAX_EXPORT_CELLS) throw new TrendRefusal(trendTexts.exportTooLarge, 'logInterval');

    this.stopJob();
    this.removeReady();
    const job: Job = { id: ++this.seq, cancelled: false, stop: new AbortController(), stage: 1, start: body.startTime, end: body.endTime, current: body.startTime, bytes: 0 };
    this.job = job;
    const done = this.run(job, body);
    this.running.add(done);
    void done.finally(() => this.running.delete(done));
  }

  /** Stop (001 §4): true when a generation was running. */
  cancel(): boolean {
    return this.stopJob();
  }

  /** Delete: stops a generation and removes the file. */
  delete(): void {
    this.stopJob();
    this.removeReady();
  }

  /** Only the ready file, by its exact name; a name that could be a path is refused. */
  filePath(name: string): string | undefined {
    if (!FILE_NAME.test(name) || name.includes('..')) throw new TrendRefusal(hardeningTexts.badFileName, 'fileName');
    if (!this.ready || this.ready.fileName !== name) return undefined;
    const p = join(this.dir, name);
    return existsSync(p) ? p : undefined;
  }

  /** Waits until every job, stopped ones included, has finished and cleaned up, and removed files are gone. */
  async settle(): Promise<void> {
    await Promise.all([...this.running]);
  }

  async close(): Promise<void> {
    this.stopJob();
    await this.settle();
  }

  private stopJob(): boolean {
    const job = this.job;
    if (!job) return false;
    job.cancelled = true;
    job.stop.abort();
    this.job = undefined;
    return true;
  }

  /**
   * The file goes from its name at once (a rename), its data in libuv's pool: unlinking megabytes
   * just written waits for their writeback, which on a busy disk held the event loop (tens of ms
   * measured for 40 MB, far more when the disk is saturated).
   */
  private removeReady(): void {
    if (this.ready) {
      const gone = join(this.dir, `.old${++this.seq}.zip.part`);
      try {
        renameSync(join(this.dir, this.ready.fileName), gone);
        const removed = rm(gone, { force: true }).catch(() => {});
        this.running.add(removed);
        void removed.finally(() => this.running.delete(removed));
      } catch {
        /* already gone */
      }
    }
    rmSync(join(this.dir, 'export.json'), { force: true });
    this.ready = undefined;
  }

  private fileBase(start: number, end: number): string {
    const stamp = (t: number) => {
      const d = localDate(this.d.stores.clock.zone, t);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.year}${p(d.month)}${p(d.day)}-${p(d.hour)}${p(d.minute)}${p(d.second)}`;
    };
    return `TrendLog_${stamp(start)}_${stamp(end)}`;
  }

  private async run(job: Job, body: ExportTrendLogBody): Promise<void> {
    const csvPart = join(this.dir, `.job${job.id}.csv.part`);
    const zipPart = join(this.dir, `.job${job.id}.zip.part`);
    try {
      this.d.stores.clock.refresh();
      const generate = this.d.generate ?? ((j: CsvJob) => this.generateHere(j));
      await generate({
        path: csvPart,
        body,
        signal: job.stop.signal,
        onProgress: (t, bytes) => {
          job.current = t;
          job.bytes = bytes;
        },
      });
      if (job.cancelled) throw new ExportCancelled('cancelled');
      job.stage = 2;
      job.bytes = 0;
      const base = this.fileBase(job.start, job.end);
      const compress = this.d.compress ?? ((z: ZipJob) => zipFile(z.src, z.dest, z.entryName, { mtime: z.mtime, onProgress: z.onProgress, cancelled: () => z.signal.aborted }));
      const size = await compress({
        src: csvPart,
        dest: zipPart,
        entryName: `${base}.csv`,
        mtime: localDate(this.d.stores.clock.zone, Date.now() / 1000),
        signal: job.stop.signal,
        onProgress: (b) => (job.bytes = b),
      });
      // No await from here on: a Stop or a newer job cannot slip in between check and rename.
      if (job.cancelled) throw new ExportCancelled('cancelled');
      const fileName = `${base}.zip`;
      renameSync(zipPart, join(this.dir, fileName));
      this.ready = { fileName, start: job.start, end: job.end, size };
      atomicWriteFile(join(this.dir, 'export.json'), JSON.stringify(this.ready));
      this.job = undefined;
    } catch (err) {
      if (!(err instanceof ExportCancelled || err instanceof ZipCancelled || job.cancelled)) {
        this.d.log('Error', trendTexts.exportFailed(err instanceof Error ? err.message : String(err)));
      }
      if (this.job === job) this.job = undefined;
    } finally {
      // The CSV is tens of MB just written: unlinked in libuv's pool, not on the loop (removeReady).
      await Promise.all([rm(csvPart, { force: true }), rm(zipPart, { force: true })]);
    }
  }

  private async generateHere(j: CsvJob): Promise<void> {
    await writeCsvFile({ stores: this.d.stores, body: j.body, path: j.path, cancelled: () => j.signal.aborted, onProgress: j.onProgress });
  }
}
