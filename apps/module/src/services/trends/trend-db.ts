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
import type { SubsystemLog } from '../../subsystem-log.ts';
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { BLOCK_SECONDS, emptyEnergyBlock, packEnergyBlock, unpackVarints, type EnergyBlock } from './codec.ts';
import { ENERGY_VALUE_COUNT } from './series.ts';

export type TrendDb = Database.Database;
export const TREND_DB_FILE = 'trends.sqlite';

export const REALTIME_TABLES = { second: 'rt_second', minute: 'rt_minute', hour: 'rt_hour', day: 'rt_day' } as const;
export const ENERGY_TABLES = { minute: 'en_minute_block', quarter: 'en_quarter', hour: 'en_hour', day: 'en_day' } as const;
export const ALL_TABLES = [...Object.values(REALTIME_TABLES), ...Object.values(ENERGY_TABLES)];

/**
 * Energy minutes from one row a minute (varint increments) to blocks of fifteen (codec.ts
 * packEnergyBlock), values unchanged. One transaction: a power cut leaves the old layout whole.
 * The store is vacuumed afterwards (VACUUM_AFTER): the ~95 MB the old rows held would otherwise
 * stay in the file for good, as the store no longer grows into them.
 */
function packEnergyMinutes(db: TrendDb): void {
  db.exec('CREATE TABLE en_minute_block (t INTEGER PRIMARY KEY, v BLOB NOT NULL)');
  const put = db.prepare<[number, Buffer]>('INSERT INTO en_minute_block (t, v) VALUES (?, ?)');
  let key: number | undefined;
  let block: EnergyBlock = emptyEnergyBlock(ENERGY_VALUE_COUNT);
  const flush = () => {
    if (key !== undefined) put.run(key, packEnergyBlock(block, ENERGY_VALUE_COUNT));
  };
  // In pages of rows: better-sqlite3 writes nothing while a statement is still iterating.
  const page = db.prepare<[number]>('SELECT t, v FROM en_minute WHERE t > ? ORDER BY t LIMIT 20000').raw(true);
  for (let after = -1; ;) {
    const rows = page.all(after) as [number, Buffer][];
    if (!rows.length) break;
    for (const [t, v] of rows) {
      const b = t - (t % BLOCK_SECONDS);
      if (b !== key) {
        flush();
        key = b;
        block = emptyEnergyBlock(ENERGY_VALUE_COUNT);
      }
      const slot = (t - b) / 60;
      block.present |= 1 << slot;
      unpackVarints(v, ENERGY_VALUE_COUNT, block.incs.subarray(slot * ENERGY_VALUE_COUNT, (slot + 1) * ENERGY_VALUE_COUNT));
    }
    after = rows[rows.length - 1]![0];
  }
  flush();
  db.exec('DROP TABLE en_minute');
}

const MIGRATIONS: readonly (string | ((db: TrendDb) => void))[] = [
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
  packEnergyMinutes,
];
/** Migrations after which the file is rewritten to give freed pages back to the disk. */
const VACUUM_AFTER = new Set<number>([MIGRATIONS.indexOf(packEnergyMinutes)]);

/**
 * SQLite's page cache per connection, in KiB (negative: a size, not pages). better-sqlite3 builds
 * SQLite with a 16 MB default, and each connection filled it: the recorder's and the trend
 * thread's within minutes of charts, module.sqlite's with the logs. Every page the store reads is
 * also in the kernel's file cache, which the device can reclaim; 2 MB keeps the b-tree's inner
 * pages and the pages the 1-Hz commit touches (docs/decisions/performance-memory.md, "Memory").
 */
export const SQLITE_CACHE_PRAGMA = 'cache_size = -2048';

/** The trend thread's read-only connection (query-worker.ts). */
export const TREND_READER_PRAGMAS: readonly string[] = [SQLITE_CACHE_PRAGMA];

export function openTrendDb(dataDir: string, log?: SubsystemLog): TrendDb {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const db = new Database(join(dataDir, TREND_DB_FILE));
  db.pragma('journal_mode = WAL');
  // A power cut may lose the last seconds of trend data, never corrupt it; commits stay off fsync.
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 2000');
  db.pragma(SQLITE_CACHE_PRAGMA);
  // The WAL is truncated back to this after checkpoints, so it never holds on to a backfill's size.
  db.pragma('journal_size_limit = 16777216');
  const current = db.pragma('user_version', { simple: true }) as number;
  let vacuum = false;
  for (const [i, migration] of MIGRATIONS.entries()) {
    if (i < current) continue;
    // A new store has nothing to give back.
    if (VACUUM_AFTER.has(i) && current > 0) vacuum = true;
    db.transaction(() => {
      if (typeof migration === 'string') db.exec(migration);
      else migration(db);
      db.pragma(`user_version = ${i + 1}`);
    })();
  }
  if (vacuum) {
    // Once, at the first start after the update (~7 s for a year of energy on the 2-core bench machine).
    db.exec('VACUUM');
    db.pragma('wal_checkpoint(TRUNCATE)');
  }
  log?.('info', `${TREND_DB_FILE} opened: schema version ${MIGRATIONS.length}${current < MIGRATIONS.length ? ` (migrated from ${current}${vacuum ? ', vacuumed' : ''})` : ''}, WAL`);
  return db;
}

/** Bytes of the store on disk (database, WAL and shared memory files). */
export function trendDbBytes(db: TrendDb): number {
  const pages = db.pragma('page_count', { simple: true }) as number;
  const size = db.pragma('page_size', { simple: true }) as number;
  return pages * size;
}
