/**
 * The files a data log posts (002 §3.4): besides its local file, each logger 1-3 writes its rows
 * into a post file per log file length (logFileLength), named by logFileNamePrefix and
 * logFileNameFormat (0 the period's UTC timestamp, 1 its time interval), under
 * <data>/datalog/post{id}/. When the period is over the file is closed: queued whole to every
 * channel the log posts through, then removed (a log without a channel just drops it).
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Zone } from '../../meter/local-time.ts';
import type { DataLoggerConfig } from '../datalog/config.ts';
import { lengthOf, periodStart, type Length } from '../datalog/periods.ts';
import { fileStamp } from '../logs/csv.ts';
import type { PostQueue } from './post-queue.ts';

/** Where closed files go: the post channels 1-3, or the AcuCloud uplink (channel 4). */
export interface PostTargets {
  readonly queues: ReadonlyMap<number, PostQueue>;
  queue(n: number): PostQueue;
  wake(n: number): void;
}

export interface PostFilesDeps {
  dataDir: string;
  channels: PostTargets;
  /** Tests only (MODULE_DATALOG_FILE_SECONDS): replaces every log file length. */
  fileSeconds?: number;
}

const safePrefix = (cfg: DataLoggerConfig, id: string) => cfg.logFileNamePrefix.replace(/[^A-Za-z0-9]/g, '') || `datalog${id}`;

function nextPeriodStart(start: number, length: Length, zone: Zone): number {
  // A calendar period may be longer than its nominal length (a 25-hour day, a 31-day month).
  for (let step = length.seconds * 1000; ; step += 3_600_000) {
    const next = periodStart(start + step, length, zone);
    if (next > start) return next;
  }
}

export class PostFiles {
  constructor(private readonly d: PostFilesDeps) {}

  folder(id: string): string {
    return join(this.d.dataDir, 'datalog', `post${id}`);
  }

  private length(cfg: DataLoggerConfig): Length {
    return this.d.fileSeconds ? { seconds: this.d.fileSeconds } : lengthOf(cfg.logFileLength);
  }

  /** The post file of the period that contains `ms`. */
  fileName(id: string, cfg: DataLoggerConfig, ms: number, zone: Zone): string {
    const length = this.length(cfg);
    const start = periodStart(ms, length, zone);
    const ext = cfg.logFormat === 1 ? '.json' : '.csv';
    const stamp = cfg.logFileNameFormat === 1 ? `${fileStamp(start, zone)}-${fileStamp(nextPeriodStart(start, length, zone), zone)}` : String(Math.floor(start / 1000));
    return `${safePrefix(cfg, id)}_${stamp}${ext}`;
  }

  /** A row the logger has written: the same row into the post file of its period. */
  row(id: string, cfg: DataLoggerConfig, atMs: number, zone: Zone, header: string, line: string): void {
    const folder = this.folder(id);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const path = join(folder, this.fileName(id, cfg, atMs, zone));
    const fresh = !existsSync(path) || statSync(path).size === 0;
    appendFileSync(path, fresh ? header + line : line, { mode: 0o600 });
  }

  /** Every second: closes the post files of periods that are over (also those left by a restart). */
  tick(id: string, cfg: DataLoggerConfig, nowMs: number, zone: Zone): void {
    const folder = this.folder(id);
    if (!existsSync(folder)) return;
    const current = this.fileName(id, cfg, nowMs, zone);
    const channels = [...new Set(cfg.postChannel)].filter((n) => this.d.channels.queues.has(n));
    for (const name of readdirSync(folder)) {
      if (name === current || name.startsWith('.')) continue;
      const path = join(folder, name);
      // Queued to all its channels in this one turn, then removed: a crash in between queues it again under the same name (replaced, not doubled).
      for (const n of channels) this.d.channels.queue(n).add(path, name);
      rmSync(path, { force: true });
      for (const n of channels) this.d.channels.wake(n);
    }
  }
}
