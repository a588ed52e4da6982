/**
 * The trend store's own SQLite file, `<data>/trends.sqlite`, apart from module.sqlite:
 * - it is bulk data (hundreds of MB) with its own write rhythm; settings and users stay small
 *   and quick to back up, and a 1-Hz commit never waits behind a settings write;
 * - "Clear Logs" (resetLogDB) may drop it whole without touching anything else;
 * - its migrations are its own, so they never race the shared module migrations.
 *
 * Every table is keyed by `t`, an INTEGER PRIMARY KEY (the rowid itself, no second index):
 * unix seconds of the sample or of the bucket start (device-zone hours and days).
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export type TrendDb = Database.Database;
export const TREND_DB_FILE = 'trends.sqlite';

export const REALTIME_TABLES = { second: 'rt_second', minute: 'rt_minute', hour: 'rt_hour', day: 'rt_day' } as const;
export const ENERGY_TABLES = { minute: 'en_minute', quarter: 'en_quarter', hour: 'en_hour', day: 'en_day' } as const;
export const ALL_TABLES = [...Object.values(REALTIME_TABLES), ...Object.values(ENERGY_TABLES)];

const MIGRATIONS: readonly string[] = [
  `
  -- One row per second: v = packed sample (codec.ts).
  CREATE TABLE rt_second (t INTEGER PRIMARY KEY, v BLOB NOT NULL);
  -- Rollups, maintained at ingest: n = seconds in the bucket, v = packed min, max, avg.
  CREATE TABLE rt_minute (t INTEGER PRIMARY KEY, n INTEGER NOT NULL, v BLOB NOT NULL);
  CREATE TABLE rt_hour (t INTEGER PRIMARY KEY, n INTEGER NOT NULL, v BLOB NOT NULL);
  CREATE TABLE rt_day (t INTEGER PRIMARY KEY, n INTEGER NOT NULL, v BLOB NOT NULL);
  -- Energy: minute rows hold the increment of each register over the minute; quarter, hour and
  -- day rows the cumulative registers at the end of the bucket (energy-store.ts).
  CREATE TABLE en_minute (t INTEGER PRIMARY KEY, v BLOB NOT NULL);
  CREATE TABLE en_quarter (t INTEGER PRIMARY KEY, v BLOB NOT NULL);
  CREATE TABLE en_hour (t INTEGER PRIMARY KEY, v BLOB NOT NULL);
  CREATE TABLE en_day (t INTEGER PRIMARY KEY, v BLOB NOT NULL);
  `,
];

export function openTrendDb(dataDir: string): TrendDb {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const db = new Database(join(dataDir, TREND_DB_FILE));
  db.pragma('journal_mode = WAL');
  // A power cut may lose the last seconds of trend data, never corrupt it; commits stay off fsync.
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 2000');
  // The WAL is truncated back to this after checkpoints, so it never holds on to a backfill's size.
  db.pragma('journal_size_limit = 16777216');
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let i = current; i < MIGRATIONS.length; i++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[i]!);
      db.pragma(`user_version = ${i + 1}`);
    })();
  }
  return db;
}

/** Bytes of the store on disk (database, WAL and shared memory files). */
export function trendDbBytes(db: TrendDb): number {
  const pages = db.pragma('page_count', { simple: true }) as number;
  const size = db.pragma('page_size', { simple: true }) as number;
  return pages * size;
}
