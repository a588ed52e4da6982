/**
 * The trend chart queries (001 §7): rows `{ Timestamp, 'Phase A', 'Phase B', 'Phase C', 'System', … }`.
 * Real-time rows carry the bucket's mean (or min / max); energy rows the cumulative registers at
 * the end of each bucket, led by one base row so the console's differences give a value for
 * every requested bucket. An optional pixel width caps the rows with M4.
 */
import { m4Rows, round, type EnergyTrendParameter, type RealtimeTrendParameter, type TrendInterval, type TrendRow } from '@meter/contract';
import { energyBase, energyBuckets, realtimeBuckets } from './bucket-reader.ts';
import { BucketPlan, type ZoneClock } from './buckets.ts';
import { fromUnits, type Stat } from './codec.ts';
import type { EnergyStore } from './energy-store.ts';
import { TREND_INTERVAL_PLANS } from './intervals.ts';
import type { RealtimeStore } from './realtime-store.ts';
import { ENERGY_COLUMNS, groupIndex, OFFSETS, SERIES } from './series.ts';
import { ENERGY_PARAM_INDEX } from './sources.ts';

export interface QueryStores {
  realtime: RealtimeStore;
  energy: EnergyStore;
  clock: ZoneClock;
}

export interface RealtimeQuery {
  parameter: RealtimeTrendParameter;
  /** unix seconds, inclusive */
  start: number;
  end: number;
  interval: TrendInterval;
  stat?: Stat;
  /** pixel columns of the chart: about 4 points per column and series */
  points?: number;
}

export interface EnergyQuery {
  parameter: EnergyTrendParameter;
  start: number;
  end: number;
  interval: TrendInterval;
}

export function queryRealtime(s: QueryStores, q: RealtimeQuery): TrendRow[] {
  s.clock.refresh();
  const plan = TREND_INTERVAL_PLANS[q.interval];
  const buckets = new BucketPlan(plan.size, s.clock);
  const g = groupIndex(q.parameter);
  const group = SERIES[g]!;
  const from = plan.realtime === 'second' && plan.size.kind === 'fixed' && plan.size.seconds === 1 ? q.start : buckets.first(q.start);
  const stat = q.stat ?? 'avg';
  const rows: TrendRow[] = [];
  for (const { t, r } of realtimeBuckets(s.realtime, buckets, plan, from, q.end + 1, [g])) {
    const values = r[stat];
    const row: TrendRow = { Timestamp: t };
    group.columns.forEach((col, k) => {
      const v = values[OFFSETS[g]! + k]!;
      if (Number.isFinite(v)) row[col] = round(v, group.digits);
    });
    rows.push(row);
  }
  return q.points ? m4Rows(rows, group.columns, q.points) : rows;
}

export function queryEnergy(s: QueryStores, q: EnergyQuery): TrendRow[] {
  s.clock.refresh();
  const plan = TREND_INTERVAL_PLANS[q.interval];
  if (!plan.energy) return [];
  const buckets = new BucketPlan(plan.size, s.clock);
  const first = buckets.first(q.start);
  const p = ENERGY_PARAM_INDEX[q.parameter];
  const n = ENERGY_COLUMNS.length;
  const toRow = (t: number, units: Float64Array): TrendRow => {
    const row: TrendRow = { Timestamp: t };
    for (let c = 0; c < n; c++) {
      const u = units[p * n + c]!;
      if (Number.isFinite(u)) row[ENERGY_COLUMNS[c]!] = fromUnits(u);
    }
    return row;
  };
  const rows = energyBuckets(s.energy, s.clock, buckets, plan, first, q.end + 1).map((b) => toRow(b.t, b.units));
  const base = energyBase(s.energy, s.clock, buckets, plan, first);
  if (base && rows.length > 0) rows.unshift(toRow(base.t, base.units));
  // Never thinned: the rows are running totals whose differences the chart plots, so dropping a
  // row would merge two buckets. The interval rules keep energy replies small (≤ 744 rows).
  return rows;
}
