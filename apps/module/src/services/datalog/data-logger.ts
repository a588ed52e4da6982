/**
 * One data logger: on each tick that starts a log interval it reads the meter at that instant
 * and appends one row to its local file, starting a new file per local file length. With
 * minimum, maximum or average chosen it samples the meter every second of the interval and
 * writes those too (over the seconds it saw: after a start, the part of the interval since).
 * Append-only: a row is one write of a whole line; a line cut short by a crash is cut back off
 * the first time the file is used again, and a file whose header does not match the current
 * columns is never appended to (a new file with a -n suffix starts instead).
 */
import { NO_SYSLOG, type SubsystemLog } from '../../subsystem-log.ts';
import { closeSync, existsSync, openSync, readSync, statSync, appendFileSync, ftruncateSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { round } from '@meter/contract';
import type { Zone } from '../../meter/local-time.ts';
import type { ReadingSource } from '../../meter/reading-source.ts';
import type { KeyValueStore } from '../../store/db.ts';
import { csvLine, fileStamp, isoWithOffset, localString } from '../logs/csv.ts';
import { logColumns, type LogColumn, type Sample } from './columns.ts';
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
  meter: ReadingSource;
  zone: () => Zone;
  /** Test hook (MODULE_DATALOG_INTERVAL_SECONDS): replaces every logger's interval. */
  intervalSeconds?: number;
  /** Each row written, also for the logger's post file (services/posting). */
  onRow?: (id: string, cfg: DataLoggerConfig, atMs: number, zone: Zone, header: string, line: string) => void;
  /** Every second after the logger's own tick: the post files close their periods. */
  onTick?: (id: string, cfg: DataLoggerConfig, nowMs: number, zone: Zone) => void;
  /** The Data Log subsystem of the system log: starts, stops, new files; at debug every row. */
  syslog?: SubsystemLog;
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

/** The values of the stats columns over the seconds of one interval so far. */
interface Accumulator {
  start: number;
  min: number[];
  max: number[];
  sum: number[];
  /** Seconds each column had a value (a stale meter gives none): the average is over those only. */
  seen: number[];
}

type Detail = 'inst' | 'min' | 'max' | 'avg';
const DETAIL_NAMES: Record<Exclude<Detail, 'inst'>, string> = { min: 'Min', max: 'Max', avg: 'Avg' };

/** 'Phase A Voltage (V)' → 'Phase A Voltage Max (V)'; instantaneous values keep the plain header. */
export function detailHeader(header: string, detail: Detail): string {
  if (detail === 'inst') return header;
  const unit = / \([^)]*\)$/.exec(header);
  return unit ? `${header.slice(0, unit.index)} ${DETAIL_NAMES[detail]}${unit[0]}` : `${header} ${DETAIL_NAMES[detail]}`;
}

/** What a configuration writes: the parameter columns, the details chosen, and the column plan. */
interface Plan {
  key: string;
  columns: LogColumn[];
  details: Detail[];
  /** Column index and detail of each written cell, in order. */
  cells: { col: number; detail: Detail }[];
  headers: string[];
  /** The columns sampled every second (min/max/avg of a numeric value). */
  sampled: number[];
}

function planOf(cfg: DataLoggerConfig): Plan {
  const columns = logColumns(cfg);
  const details = (['inst', 'min', 'max', 'avg'] as const).filter((d) => ({ inst: cfg.isInstValueOn, min: cfg.isMinValueOn, max: cfg.isMaxValueOn, avg: cfg.isAvgValueOn })[d]);
  const cells: Plan['cells'] = [];
  columns.forEach((c, col) => {
    for (const detail of details) if (detail === 'inst' || c.stats) cells.push({ col, detail });
  });
  const facility = cfg.facilityId ? ['Facility ID'] : [];
  const headers = ['Timestamp', ...facility, ...cells.map((x) => detailHeader(columns[x.col]!.header, x.detail))];
  const sampled = details.some((d) => d !== 'inst') ? columns.flatMap((c, i) => (c.stats ? [i] : [])) : [];
  return { key: '', columns, details, cells, headers, sampled };
}

export class DataLogger {
  /** The file checked (repaired, header compared) in this process. */
  private checked: string | undefined;
  private plan: Plan | undefined;
  private acc: Accumulator | undefined;
  /** What the system log last said of this logger: running (with which settings) or stopped. */
  private announced: string | undefined;
  private readonly syslog: SubsystemLog;
  readonly name: string;

  constructor(
    readonly id: string,
    readonly folder: string,
    private readonly deps: LoggerDeps,
  ) {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    this.syslog = deps.syslog ?? NO_SYSLOG;
    this.name = id === 'ac' ? 'AcuCloud data log' : `data log ${id}`;
  }

  /** Logs a start, a stop or new settings once, when the tick first sees them. */
  private announce(cfg: DataLoggerConfig, plan: Plan | undefined): void {
    const state = !cfg.enable
      ? 'stopped'
      : `running: interval code ${cfg.logInterval}, ${plan?.cells.length ?? 0} columns, ${cfg.logFormat === 1 ? 'JSON' : 'CSV'}, file length code ${cfg.localLogFileLength}`;
    if (state === this.announced) return;
    if (this.announced !== undefined || cfg.enable) this.syslog('info', `${this.name} ${state}`);
    this.announced = state;
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

  private planFor(cfg: DataLoggerConfig): Plan {
    const key = JSON.stringify([
      cfg.realTimeMask,
      cfg.energyMask,
      cfg.demandMask,
      cfg.powerQualityMask,
      cfg.ioMask,
      cfg.isInstValueOn,
      cfg.isMinValueOn,
      cfg.isMaxValueOn,
      cfg.isAvgValueOn,
      cfg.facilityId,
    ]);
    if (this.plan?.key !== key) {
      this.plan = { ...planOf(cfg), key };
      this.acc = undefined;
    }
    return this.plan;
  }

  private sample(atMs: number): Sample {
    return { atMs, snap: this.deps.meter.snapshot(atMs), meter: this.deps.meter };
  }

  /** Adds the sampled columns' values at `x` to the interval that began at `start`. */
  private accumulate(plan: Plan, start: number, x: Sample): void {
    if (plan.sampled.length === 0) return;
    if (this.acc?.start !== start) this.acc = { start, min: [], max: [], sum: [], seen: [] };
    const a = this.acc;
    plan.sampled.forEach((col, k) => {
      const cell = plan.columns[col]!.value(x);
      const v = cell === '' ? NaN : Number(cell);
      if (!Number.isFinite(v)) return;
      const first = !a.seen[k];
      a.min[k] = first ? v : Math.min(a.min[k]!, v);
      a.max[k] = first ? v : Math.max(a.max[k]!, v);
      a.sum[k] = (first ? 0 : a.sum[k]!) + v;
      a.seen[k] = (a.seen[k] ?? 0) + 1;
    });
  }

  tick(nowMs: number): void {
    const cfg = this.config();
    if (!cfg.enable) {
      this.announce(cfg, undefined);
      this.acc = undefined;
      return;
    }
    const plan = this.planFor(cfg);
    this.announce(cfg, plan);
    if (plan.cells.length === 0) return;
    const zone = this.deps.zone();
    const interval = this.deps.intervalSeconds ? { seconds: this.deps.intervalSeconds } : lengthOf(cfg.logInterval);
    const at = periodStart(nowMs, interval, zone);
    const state = this.state();
    const due = !(at <= state.lastRowMs || nowMs - at >= Math.min(GRACE_MS, interval.seconds * 1000));
    if (due) this.writeRow(cfg, plan, at, zone);
    if (plan.sampled.length > 0) this.accumulate(plan, at, this.sample(nowMs));
  }

  private writeRow(cfg: DataLoggerConfig, plan: Plan, at: number, zone: Zone): void {
    const x = this.sample(at);
    // The interval that ends here: its seconds so far and the boundary's own reading.
    const previous = this.acc && this.acc.start < at ? this.acc : undefined;
    this.acc = previous;
    this.accumulate(plan, previous?.start ?? at, x);
    const acc = this.acc as Accumulator | undefined;
    const inst = plan.columns.map((c) => c.value(x));
    const statOf = (col: number, detail: Detail): number | string => {
      const k = plan.sampled.indexOf(col);
      if (!acc || k < 0 || !acc.seen[k]) return inst[col]!;
      const v = detail === 'min' ? acc.min[k]! : detail === 'max' ? acc.max[k]! : acc.sum[k]! / acc.seen[k]!;
      return round(v, 3);
    };
    // A value the meter did not give (stale, or not in its profile) is an empty cell: a gap, never "NaN".
    const values = plan.cells.map(({ col, detail }) => (detail === 'inst' ? inst[col]! : statOf(col, detail))).map((v) => (typeof v === 'number' && !Number.isFinite(v) ? '' : v));
    this.acc = undefined;

    const stamp = cfg.timeStampFormat === 1 ? Math.floor(at / 1000) : cfg.timeStampFormat === 0 ? localString(at, zone) : isoWithOffset(at, zone);
    const row: (string | number)[] = [stamp, ...(cfg.facilityId ? [cfg.facilityId] : []), ...values];
    const json = cfg.logFormat === 1;
    const header = json ? '' : csvLine(plan.headers);
    const line = json ? JSON.stringify(Object.fromEntries(plan.headers.map((h, i) => [h, row[i]]))) + '\n' : csvLine(row);

    const base = `${cfg.localLogFileNamePrefix.replace(/[^A-Za-z0-9]/g, '') || `datalog${this.id}`}_${fileStamp(periodStart(at, lengthOf(cfg.localLogFileLength), zone), zone)}`;
    const fileName = this.fileFor(base, json ? '.json' : '.csv', header);
    const path = join(this.folder, fileName);
    // A deleted (or new) file starts again with its header; the row is one write of a whole line.
    const fresh = !existsSync(path) || statSync(path).size === 0;
    appendFileSync(path, fresh ? header + line : line, { mode: 0o600 });
    if (fresh) this.syslog('info', `${this.name}: new file ${fileName}`);
    if (this.syslog.debugOn())
      this.syslog('debug', `${this.name}: row of ${new Date(at).toISOString()} written to ${fileName} (${values.length} values, ${Buffer.byteLength(line)} bytes)`);
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
