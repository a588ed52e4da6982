/**
 * Reads and writes of the real-time tables: 1-second samples and the minute / hour / day
 * rollups. Rows come back decoded (only the groups asked for) as RollupValues, a raw second
 * being a bucket of one (min = max = avg).
 */
import type { Statement } from 'better-sqlite3';
import { decodeSample, packRollup, ROLLUP_BYTES, SAMPLE_BYTES } from './codec.ts';
import { Accumulator, type RollupValues } from './rollup.ts';
import { VALUE_COUNT } from './series.ts';
import { REALTIME_TABLES, type TrendDb } from './trend-db.ts';

export type RealtimeTier = keyof typeof REALTIME_TABLES;
export type RollupTier = Exclude<RealtimeTier, 'second'>;

export interface TierRow extends RollupValues {
  t: number;
}

export class RealtimeStore {
  private readonly insertSecondStmt: Statement<[number, Buffer]>;
  private readonly putRollupStmt: Record<RollupTier, Statement<[number, number, Buffer]>>;
  private readonly rangeStmt: Record<RealtimeTier, Statement<[number, number]>>;
  private readonly edgeStmt: Record<'first' | 'last', Statement<[]>>;
  private readonly existsMinuteStmt: Statement<[number]>;

  constructor(readonly db: TrendDb) {
    this.insertSecondStmt = db.prepare('INSERT OR IGNORE INTO rt_second (t, v) VALUES (?, ?)');
    const put = (table: string) => db.prepare<[number, number, Buffer]>(`INSERT OR REPLACE INTO ${table} (t, n, v) VALUES (?, ?, ?)`);
    this.putRollupStmt = { minute: put('rt_minute'), hour: put('rt_hour'), day: put('rt_day') };
    const range = (tier: RealtimeTier) =>
      db.prepare<[number, number]>(`SELECT t, ${tier === 'second' ? '1 AS n' : 'n'}, v FROM ${REALTIME_TABLES[tier]} WHERE t >= ? AND t < ? ORDER BY t`).raw(true);
    this.rangeStmt = { second: range('second'), minute: range('minute'), hour: range('hour'), day: range('day') };
    this.edgeStmt = {
      first: db.prepare('SELECT t FROM rt_second ORDER BY t LIMIT 1').pluck(),
      last: db.prepare('SELECT t FROM rt_second ORDER BY t DESC LIMIT 1').pluck(),
    };
    this.existsMinuteStmt = db.prepare<[number]>('SELECT 1 FROM rt_minute WHERE t = ?').pluck();
  }

  insertSecond(t: number, packed: Buffer): void {
    this.insertSecondStmt.run(t, packed);
  }

  putRollup(tier: RollupTier, t: number, r: RollupValues): void {
    this.putRollupStmt[tier].run(t, r.n, packRollup(r.min, r.max, r.avg));
  }

  hasMinute(t: number): boolean {
    return this.existsMinuteStmt.get(t) !== undefined;
  }

  firstSecond(): number | undefined {
    return this.edgeStmt.first.get() as number | undefined;
  }
  lastSecond(): number | undefined {
    return this.edgeStmt.last.get() as number | undefined;
  }

  /**
   * Rows of a tier with from ≤ t < to, decoding only `groups` (all when omitted). Seconds come
   * back as buckets of one; other tiers decode their min, max and avg samples. With `reuse` the
   * same row object is refilled for every row (no garbage on long reads): use it before the next.
   */
  *rows(tier: RealtimeTier, from: number, to: number, groups?: readonly number[], reuse = false): Generator<TierRow> {
    const fresh = () => new Float64Array(VALUE_COUNT).fill(NaN);
    let shared: TierRow | undefined;
    for (const [t, n, v] of this.rangeStmt[tier].iterate(from, to) as Iterable<[number, number, Buffer]>) {
      if (v.length < (tier === 'second' ? SAMPLE_BYTES : ROLLUP_BYTES)) continue;
      let row: TierRow;
      if (reuse && shared) {
        row = shared;
        row.t = t;
        row.n = n;
      } else if (tier === 'second') {
        const x = fresh();
        row = { t, n: 1, min: x, max: x, avg: x };
      } else {
        row = { t, n, min: fresh(), max: fresh(), avg: fresh() };
      }
      if (reuse) shared = row;
      if (tier === 'second') decodeSample(v, 0, row.avg, groups);
      else {
        decodeSample(v, 0, row.min, groups);
        decodeSample(v, SAMPLE_BYTES, row.max, groups);
        decodeSample(v, 2 * SAMPLE_BYTES, row.avg, groups);
      }
      yield row;
    }
  }

  /** Folds the rows of a tier over [from, to) into one rollup (an hour from its minutes ...). */
  fold(tier: RealtimeTier, from: number, to: number): RollupValues | undefined {
    const acc = new Accumulator();
    for (const r of this.rows(tier, from, to, undefined, true)) acc.addRollup(r);
    return acc.empty ? undefined : acc.result();
  }

  /** Rebuilds the hour and day rollups that hold a minute from their children. */
  rebuildParents(hour: number, day: number, nextDay: number): void {
    const h = this.fold('minute', hour, hour + 3600);
    if (h) this.putRollup('hour', hour, h);
    const d = this.fold('hour', day, nextDay);
    if (d) this.putRollup('day', day, d);
  }
}
