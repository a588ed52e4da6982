import { hardeningTexts, type ModuleEventLogQuery, type ModuleEventLogReply } from '@meter/contract';
import { readWindow } from '../logs/log-window.ts';
import type { Db } from '../../store/db.ts';
import { tryWrite } from '../../store/storage-full.ts';

/** Levels of the Module Event Log filter (001 §2). */
export type EventLevel = 'Critical' | 'Error' | 'Info';

export interface ModuleEventRow {
  level: EventLevel;
  message: string;
  timestamp: number;
  /** Whose action it records; '' for the module's own. */
  user: string;
}

/** Rows the export reads and formats between two turns of the event loop: ~3 ms on the bench machine. */
export const EXPORT_BATCH = 500;

/** What the log keeps unless told (MODULE_EVENT_LOG_MAX_ROWS): about 15 MB of SQLite. */
export const DEFAULT_MAX_ROWS = 100_000;

/**
 * The module's own audit trail: sign-ins, lockouts, saves, reboots, resets. A ring of the newest
 * `maxRows` rows: each write drops what falls out of it, so a flood of sign-in attempts can
 * neither fill the disk nor make the log slow to read or export.
 */
export class ModuleEventLog {
  private readonly insert;
  private readonly dropOlder;
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    readonly maxRows = DEFAULT_MAX_ROWS,
  ) {
    this.insert = db.prepare('INSERT INTO module_event_log (timestamp, level, message, user) VALUES (?, ?, ?, ?)');
    // Row ids only grow, one per row, so "older than the newest maxRows" is an id range (the primary key).
    this.dropOlder = db.prepare('DELETE FROM module_event_log WHERE id <= ?');
    this.trim();
  }
  /** Entries given up since the last one kept: the storage was full (reported by the next write that fits). */
  private lost = 0;

  /**
   * `user`: who did what the entry records (the audit trail's filter); none for the module's own
   * doings. Never fails the caller's work on a full disk: the entry is counted as lost instead,
   * and the first entry kept once space returns says how many were.
   */
  write(level: EventLevel, message: string, user = ''): void {
    const kept = tryWrite(this.db, () => {
      if (this.lost > 0) this.add('Error', hardeningTexts.auditLost(this.lost), '');
      this.add(level, message, user);
    });
    this.lost = kept ? 0 : this.lost + 1;
  }

  /** Entries lost to a full disk and not yet reported. */
  lostEntries(): number {
    return this.lost;
  }

  private add(level: EventLevel, message: string, user: string): void {
    const { lastInsertRowid } = this.insert.run(Math.floor(this.now() / 1000), level, message, user);
    this.dropOlder.run(Number(lastInsertRowid) - this.maxRows);
  }

  /** A smaller bound than the stored rows (a changed setting, an old database): trimmed at once. */
  private trim(): void {
    const newest = (this.db.prepare('SELECT MAX(id) AS id FROM module_event_log').get() as { id: number | null }).id;
    if (newest !== null) this.dropOlder.run(newest - this.maxRows);
  }

  /** 001 §7 eventLog: the rows the filter matches, newest first, in the asked window. */
  query(q: ModuleEventLogQuery): ModuleEventLogReply {
    const { count, rows } = readWindow<ModuleEventRow>(this.db, 'module_event_log', 'level, message, timestamp, user', q);
    return { count, eventLogs: rows };
  }

  /** Everything, oldest first. */
  all(): ModuleEventRow[] {
    return this.db.prepare('SELECT level, message, timestamp, user FROM module_event_log ORDER BY timestamp, id').all() as ModuleEventRow[];
  }

  /**
   * Every row, oldest first, in batches of `batch`: the export writes one batch, lets other requests
   * run, and reads the next. Each batch is its own short query that resumes after the last row read
   * (an open cursor would keep the connection busy for everybody else while the export waits).
   */
  async *batches(batch = EXPORT_BATCH): AsyncGenerator<ModuleEventRow[]> {
    // A row value, not `t > ? OR (t = ? AND id > ?)`: SQLite seeks the time index with it, where
    // the OR scanned the index from the start for every batch (57 ms a batch at 100,000 rows).
    const next = this.db.prepare('SELECT id, level, message, timestamp, user FROM module_event_log WHERE (timestamp, id) > (?, ?) ORDER BY timestamp, id LIMIT ?');
    let after = { timestamp: -Infinity, id: -1 };
    for (;;) {
      const rows = next.all(after.timestamp, after.id, batch) as (ModuleEventRow & { id: number })[];
      const last = rows.at(-1);
      if (!last) return;
      after = { timestamp: last.timestamp, id: last.id };
      yield rows;
      if (rows.length < batch) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  count(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM module_event_log').get() as { n: number }).n;
  }

  /** Empties the log; the one entry left says who did it, so a clear is never silent. */
  clear(actor: string): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM module_event_log').run();
      this.add('Info', `Module event log cleared by ${actor}`, actor);
    })();
  }
}
