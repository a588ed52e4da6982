/** The filtered, windowed read shared by the log tables (001 §7 idStart/idEnd/timeStart/timeEnd). */
import type { LogQuery } from '@meter/contract';
import type { Db } from '../../store/db.ts';

export interface Where {
  sql: string;
  args: (string | number)[];
}

/** WHERE clause of the interval (inclusive, unix seconds) and, for tables with them, the levels and the user. */
export function whereOf(q: Pick<LogQuery, 'timeStart' | 'timeEnd'> & { levels?: readonly string[]; user?: string }): Where {
  const parts: string[] = [];
  const args: (string | number)[] = [];
  if (q.timeStart !== undefined) {
    parts.push('timestamp >= ?');
    args.push(q.timeStart);
  }
  if (q.timeEnd !== undefined) {
    parts.push('timestamp <= ?');
    args.push(q.timeEnd);
  }
  if (q.levels && q.levels.length > 0) {
    parts.push(`level IN (${q.levels.map(() => '?').join(', ')})`);
    args.push(...q.levels);
  }
  if (q.user !== undefined) {
    parts.push('user = ?');
    args.push(q.user);
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', args };
}

/**
 * Rows newest first (by time, then by insertion for equal seconds), the idStart..idEnd window of
 * them, and how many match in all. Both reads run in one transaction so count and rows agree.
 */
export function readWindow<T>(db: Db, table: string, columns: string, q: LogQuery & { levels?: readonly string[]; user?: string }): { count: number; rows: T[] } {
  const where = whereOf(q);
  return db.transaction(() => {
    const { n } = db.prepare(`SELECT count(*) AS n FROM ${table} ${where.sql}`).get(...where.args) as { n: number };
    const rows = db.prepare(`SELECT ${columns} FROM ${table} ${where.sql} ORDER BY timestamp DESC, id DESC LIMIT ? OFFSET ?`).all(...where.args, q.idEnd - q.idStart, q.idStart) as T[];
    return { count: n, rows };
  })();
}

/** Keeps a table at its newest `max` rows (the device's storage for a log is bounded). */
export function trimTo(db: Db, table: string, max: number): void {
  db.prepare(`DELETE FROM ${table} WHERE id <= (SELECT id FROM ${table} ORDER BY id DESC LIMIT 1 OFFSET ?)`).run(max);
}
