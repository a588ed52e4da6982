/**
 * The data loggers 1, 2, 3 and the AcuCloud logger ('ac'), each writing under
 * <data>/datalog/backup{id}/, and the file operations of the reading view (001 §7 fileList,
 * backup). File names from a client are only ever looked up in the folder's own listing: no
 * path from outside reaches the file system.
 */
import { DATA_LOG_FILE_NAME, DATA_LOG_IDS, type DataLogFile, type DataLogId } from '@meter/contract';
import { rmSync, statSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { SecondTicker } from '../clock/second-ticker.ts';
import { DataLogger, type LoggerDeps } from './data-logger.ts';

const LOG_FILE = /\.(csv|json)$/;
/** Files stat'ed at once by the listing: libuv's pool has four threads, more would only queue. */
const STAT_BATCH = 64;

const isLogFileName = (name: string) => DATA_LOG_FILE_NAME.test(name) && LOG_FILE.test(name);

export const isDataLogId = (id: string | undefined): id is DataLogId => (DATA_LOG_IDS as readonly string[]).includes(id ?? '');

export class DataLogs {
  private readonly loggers: Map<DataLogId, DataLogger>;

  constructor(
    dataDir: string,
    private readonly deps: LoggerDeps,
  ) {
    this.loggers = new Map(DATA_LOG_IDS.map((id) => [id, new DataLogger(id, join(dataDir, 'datalog', `backup${id}`), deps)]));
  }

  /** One logger failing (disk full, bad settings) must not stop the others. */
  subscribe(ticker: SecondTicker): () => void {
    return ticker.subscribe((nowMs) => {
      for (const logger of this.loggers.values()) {
        try {
          logger.tick(nowMs);
          logger.afterTick(nowMs);
        } catch (err) {
          const why = err instanceof Error ? err.message : String(err);
          console.error(`data logger ${logger.id} failed:`, why);
          this.deps.syslog?.('error', `${logger.name} failed to write: ${why}`);
        }
      }
    });
  }

  logger(id: DataLogId): DataLogger {
    const logger = this.loggers.get(id);
    if (!logger) throw new Error(`no data logger ${id}`);
    return logger;
  }

  /**
   * 001 §3 Data log file: name, last update (unix seconds), size in KB; newest first. A folder
   * holds a file per local file length for as long as nobody deletes them (thousands after a year
   * of hourly files): the directory read and the stats run in libuv's pool, never on the loop.
   */
  async list(id: DataLogId): Promise<DataLogFile[]> {
    const folder = this.logger(id).folder;
    const names = (await readdir(folder)).filter(isLogFileName);
    const files: DataLogFile[] = [];
    for (let i = 0; i < names.length; i += STAT_BATCH) {
      const batch = names.slice(i, i + STAT_BATCH);
      const stats = await Promise.all(batch.map((name) => stat(join(folder, name)).catch(() => undefined)));
      stats.forEach((st, k) => {
        if (st?.isFile()) files.push({ filename: batch[k]!, timestamp: Math.floor(st.mtimeMs / 1000), size: Math.round((st.size / 1024) * 100) / 100 });
      });
    }
    return files.sort((a, b) => b.timestamp - a.timestamp || b.filename.localeCompare(a.filename));
  }

  /** The path of a file the listing gives (a log file name, a regular file in the folder), or null. */
  resolve(id: DataLogId, name: string): string | null {
    if (!isLogFileName(name)) return null;
    const path = join(this.logger(id).folder, name);
    return statSync(path, { throwIfNoEntry: false })?.isFile() ? path : null;
  }

  /** Deletes all the named files, or none when any of them is not listed. Returns the unknown names. */
  delete(id: DataLogId, names: readonly string[]): string[] {
    const unknown = names.filter((n) => !this.resolve(id, n));
    if (unknown.length > 0) return unknown;
    for (const name of new Set(names)) rmSync(join(this.logger(id).folder, name), { force: true });
    return [];
  }
}
