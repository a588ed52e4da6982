/**
 * One data logger: on each tick that starts a log interval it reads the meter at that instant
 * and appends one row to its local file, starting a new file per local file length.
 * Append-only: a row is one write of a whole line; a line cut short by a crash is cut back off
 * the first time the file is used again, and a file whose header does not match the current
 * columns is never appended to (a new file with a -n suffix starts instead).
 */
import { closeSync, existsSync, openSync, readSync, statSync, appendFileSync, ftruncateSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Zone } from '../../meter/local-time.ts';
import type { SnapshotSource } from '../../meter/reading-source.ts';
import type { KeyValueStore } from '../../store/db.ts';
import { csvLine, fileStamp, isoWithOffset, localString } from '../logs/csv.ts';
import { realTimeColumns } from './columns.ts';
import { loggerConfig, type DataLoggerConfig } from './config.ts';
import { lengthOf, periodStart } from './periods.ts';

/** A boundary is logged only if the tick comes this soon after it: no stale rows after a start. */
const GRACE_MS = 10_000;
const STATE_KEY = 'datalog.state';

export interface LoggerState {
  lastRowMs: number;
  fileName?: string;
}

export interface LoggerDeps {
  kv: KeyValueStore;
  meter: SnapshotSource;
  zone: () => Zone;
  /** Test hook (MODULE_DATALOG_INTERVAL_SECONDS): replaces every logger's interval. */
  intervalSeconds?: number;
  /** Each row written, also for the logger's post file (services/posting). */
  onRow?: (id: string, cfg: DataLoggerConfig, atMs: number, zone: Zone, header: string, line: string) => void;
  /** Every second after the logger's own tick: the post files close their periods. */
  onTick?: (id: string, cfg: DataLoggerConfig, nowMs: number, zone: Zone) => void;
}

function lastBytes(path: string, n: number): Buffer {
  const fd = openSync(path, 'r');
  try {
    const size = statSync(path).size;
    const buf = Buffer.alloc(Math.min(n, size));
    readSync(fd, buf, 0, buf.length, size - buf.length);
    return buf;
  } finally {
    closeSync(fd);
  }
}

function firstLine(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    const n = readSync(fd, buf, 0, buf.length, 0);
    const text = buf.subarray(0, n).toString('utf8');
    const end = text.indexOf('\n');
    return end < 0 ? text : text.slice(0, end + 1);
  } finally {
    closeSync(fd);
  }
}

/** Cuts a partial last line (left by a crash mid-write) back to the last complete one. */
export function repairTail(path: string): void {
  const size = statSync(path).size;
  if (size === 0) return;
  let keep = size;
  for (let window = 4096; ; window *= 4) {
    const tail = lastBytes(path, window);
    const nl = tail.lastIndexOf(0x0a);
    if (nl === tail.length - 1) return;
    if (nl >= 0) {
      keep = size - tail.length + nl + 1;
      break;
    }
    if (tail.length >= size) {
      keep = 0;
      break;
    }
  }
  const fd = openSync(path, 'r+');
  try {
    ftruncateSync(fd, keep);
  } finally {
    closeSync(fd);
  }
}

export class DataLogger {
  /** The file checked (repaired, header compared) in this process. */
  private checked: string | undefined;

  constructor(
    readonly id: string,
    readonly folder: string,
    private readonly deps: LoggerDeps,
  ) {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
  }

  config(): DataLoggerConfig {
    return loggerConfig(this.deps.kv, this.id);
  }

  state(): LoggerState {
    return this.deps.kv.get<Record<string, LoggerState>>(STATE_KEY)?.[this.id] ?? { lastRowMs: 0 };
  }

  private saveState(s: LoggerState): void {
    const all = this.deps.kv.get<Record<string, LoggerState>>(STATE_KEY) ?? {};
    this.deps.kv.set(STATE_KEY, { ...all, [this.id]: s });
  }

  tick(nowMs: number): void {
    const cfg = this.config();
    if (!cfg.enable) return;
    const columns = realTimeColumns(cfg.realTimeMask);
    if (columns.length === 0) return;
    const zone = this.deps.zone();
    const interval = this.deps.intervalSeconds ? { seconds: this.deps.intervalSeconds } : lengthOf(cfg.logInterval);
    const at = periodStart(nowMs, interval, zone);
    const state = this.state();
    if (at <= state.lastRowMs || nowMs - at >= Math.min(GRACE_MS, interval.seconds * 1000)) return;

    const snap = this.deps.meter.snapshot(at);
    const stamp = cfg.timeStampFormat === 1 ? Math.floor(at / 1000) : cfg.timeStampFormat === 0 ? localString(at, zone) : isoWithOffset(at, zone);
    const json = cfg.logFormat === 1;
    const header = json ? '' : csvLine(['Timestamp', ...columns.map((c) => c.header)]);
    const line = json
      ? JSON.stringify(Object.fromEntries([['Timestamp', stamp], ...columns.map((c) => [c.header, c.value(snap)])])) + '\n'
      : csvLine([stamp, ...columns.map((c) => c.value(snap))]);

    const base = `${cfg.localLogFileNamePrefix.replace(/[^A-Za-z0-9]/g, '') || `datalog${this.id}`}_${fileStamp(periodStart(at, lengthOf(cfg.localLogFileLength), zone), zone)}`;
    const fileName = this.fileFor(base, json ? '.json' : '.csv', header);
    const path = join(this.folder, fileName);
    // A deleted (or new) file starts again with its header; the row is one write of a whole line.
    const fresh = !existsSync(path) || statSync(path).size === 0;
    appendFileSync(path, fresh ? header + line : line, { mode: 0o600 });
    this.saveState({ lastRowMs: at, fileName });
    this.deps.onRow?.(this.id, cfg, at, zone, header, line);
  }

  /** The post file side of a tick; runs for a disabled logger too, so its last file is still sent. */
  afterTick(nowMs: number): void {
    this.deps.onTick?.(this.id, this.config(), nowMs, this.deps.zone());
  }

  /** The file of this period that takes these columns: the first of base, base-1, base-2 … */
  private fileFor(base: string, ext: string, header: string): string {
    for (let n = 0; ; n++) {
      const name = `${base}${n ? `-${n}` : ''}${ext}`;
      if (name === this.checked && existsSync(join(this.folder, name))) return name;
      const path = join(this.folder, name);
      if (!existsSync(path)) {
        this.checked = name;
        return name;
      }
      repairTail(path);
      if (!header || statSync(path).size === 0 || firstLine(path) === header) {
        this.checked = name;
        return name;
      }
    }
  }
}
