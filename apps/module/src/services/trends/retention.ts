/**
 * Retention, pruned a little at a time: every call deletes at most BATCH of the oldest rows per
 * table, so the work of one tick stays well under a millisecond even after the module was away
 * for a week and a backlog built up (it drains at 500 rows per 10 s, 50× the arrival rate).
 */
import type { Statement } from 'better-sqlite3';
import { ENERGY_TABLES, REALTIME_TABLES, type TrendDb } from './trend-db.ts';

const DAY = 86_400;

export const RETENTION = {
  /** 1-second samples and their rollups (the realtime trend reaches 30 days back, 001 §5). */
  realtimeDays: 30,
  /** Minute energy increments: more than a year, so any 1-minute zoom of the last year works. */
  energyMinuteDays: 400,
  /** Quarter, hour and day energy registers. */
  energyDays: 3653,
} as const;

export const PRUNE_BATCH = 500;

interface Rule {
  stmt: Statement<[number, number]>;
  /** Age beyond which a bucket goes: retention plus the bucket's own length. */
  keepSeconds: number;
}

export class Retention {
  private readonly rules: Rule[];

  constructor(db: TrendDb) {
    const del = (table: string) => db.prepare<[number, number]>(`DELETE FROM ${table} WHERE t IN (SELECT t FROM ${table} WHERE t < ? ORDER BY t LIMIT ?)`);
    const rt = RETENTION.realtimeDays * DAY;
    const en = RETENTION.energyDays * DAY;
    this.rules = [
      { stmt: del(REALTIME_TABLES.second), keepSeconds: rt },
      { stmt: del(REALTIME_TABLES.minute), keepSeconds: rt + 60 },
      { stmt: del(REALTIME_TABLES.hour), keepSeconds: rt + 3600 },
      { stmt: del(REALTIME_TABLES.day), keepSeconds: rt + 2 * DAY },
      { stmt: del(ENERGY_TABLES.minute), keepSeconds: RETENTION.energyMinuteDays * DAY + 900 },
      { stmt: del(ENERGY_TABLES.quarter), keepSeconds: en + 900 },
      { stmt: del(ENERGY_TABLES.hour), keepSeconds: en + 3600 },
      { stmt: del(ENERGY_TABLES.day), keepSeconds: en + 2 * DAY },
    ];
  }

  /** Deletes up to `batch` expired rows per table; returns how many went. */
  prune(nowSeconds: number, batch = PRUNE_BATCH): number {
    let n = 0;
    for (const r of this.rules) n += r.stmt.run(nowSeconds - r.keepSeconds, batch).changes;
    return n;
  }
}
