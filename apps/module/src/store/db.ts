import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS } from './migrations.ts';
import type { SubsystemLog } from '../subsystem-log.ts';

export type Db = Database.Database;

/** Opens (and migrates) module.sqlite; `log` is the Database subsystem of the system log. */
export function openDatabase(dataDir: string, log?: SubsystemLog): Db {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const db = new Database(join(dataDir, 'module.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 2000');
  // Settings and logs are small; the 16 MB default of better-sqlite3's build would fill over time.
  db.pragma('cache_size = -2048');
  const from = migrate(db);
  log?.('info', `module.sqlite opened: schema version ${MIGRATIONS.length}${from < MIGRATIONS.length ? ` (migrated from ${from})` : ''}, WAL`);
  return db;
}

/** Runs the migrations the file lacks; returns the version it had. */
function migrate(db: Db): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  MIGRATIONS.slice(current).forEach((sql, k) => {
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${current + k + 1}`);
    })();
  });
  return current;
}

/** A JSON document per key: the device's settings sections. */
export class KeyValueStore {
  private readonly getStmt;
  private readonly setStmt;
  constructor(db: Db) {
    this.getStmt = db.prepare<[string], { value: string }>('SELECT value FROM kv WHERE key = ?');
    this.setStmt = db.prepare('INSERT INTO kv (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
  }
  get<T>(key: string): T | undefined {
    const row = this.getStmt.get(key);
    return row ? (JSON.parse(row.value) as T) : undefined;
  }
  set<T>(key: string, value: T): void {
    this.setStmt.run(key, JSON.stringify(value));
  }
  /** Reads a section, creating it with the default on first use. */
  getOrInit<T>(key: string, init: () => T): T {
    const v = this.get<T>(key);
    if (v !== undefined) return v;
    const value = init();
    this.set(key, value);
    return value;
  }
}
