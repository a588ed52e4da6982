/**
 * The data loggers 1, 2, 3 and the AcuCloud logger ('ac'), each writing under
 * <data>/datalog/backup{id}/, and the file operations of the reading view (001 §7 fileList,
 * backup). File names from a client are only ever looked up in the folder's own listing: no
 * path from outside reaches the file system.
 */
import { DATA_LOG_FILE_NAME, DATA_LOG_IDS, type DataLogFile, type DataLogId } from '@meter/contract';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SecondTicker } from '../clock/second-ticker.ts';
import { DataLogger, type LoggerDeps } from './data-logger.ts';

const LOG_FILE = /\.(csv|json)$/;

export const isDataLogId = (id: string | undefined): id is DataLogId => (DATA_LOG_IDS as readonly string[]).includes(id ?? '');

export class DataLogs {
  private readonly loggers: Map<DataLogId, DataLogger>;

  constructor(dataDir: string, deps: LoggerDeps) {
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
          console.error(`data logger ${logger.id} failed:`, err instanceof Error ? err.message : err);
        }
      }
    });
  }

  logger(id: DataLogId): DataLogger {
    return this.loggers.get(id)!;
  }

  /** 001 §3 Data log file: name, last update (unix seconds), size in KB; newest first. */
  list(id: DataLogId): DataLogFile[] {
    const folder = this.logger(id).folder;
    const files: DataLogFile[] = [];
    for (const name of readdirSync(folder)) {
      if (!DATA_LOG_FILE_NAME.test(name) || !LOG_FILE.test(name)) continue;
      const st = statSync(join(folder, name), { throwIfNoEntry: false });
      if (!st?.isFile()) continue;
      files.push({ filename: name, timestamp: Math.floor(st.mtimeMs / 1000), size: Math.round((st.size / 1024) * 100) / 100 });
    }
    return files.sort((a, b) => b.timestamp - a.timestamp || b.filename.localeCompare(a.filename));
  }

  /** The path of a listed file, or null: the name must be one the listing gives. */
  resolve(id: DataLogId, name: string): string | null {
    return this.list(id).some((f) => f.filename === name) ? join(this.logger(id).folder, name) : null;
  }

  /** Deletes all the named files, or none when any of them is not listed. Returns the unknown names. */
  delete(id: DataLogId, names: readonly string[]): string[] {
    const listed = new Set(this.list(id).map((f) => f.filename));
    const unknown = names.filter((n) => !listed.has(n));
    if (unknown.length > 0) return unknown;
    for (const name of new Set(names)) rmSync(join(this.logger(id).folder, name), { force: true });
    return [];
  }
}
