/**
 * Stored rows → interval buckets, for the trend queries and the export alike.
 * Real-time: a bucket folds its rows (min of mins, max of maxes, mean weighted by seconds).
 * Energy: a bucket's value is the register at its end, i.e. its latest row.
 */
import type { BucketPlan, ZoneClock } from './buckets.ts';
import type { EnergyRow, EnergyStore } from './energy-store.ts';
import { isIdentity, type IntervalPlan } from './intervals.ts';
import type { RealtimeStore } from './realtime-store.ts';
import { Accumulator, type RollupValues } from './rollup.ts';

export interface Bucket {
  /** bucket start, unix seconds */
  t: number;
  r: RollupValues;
}

/** Maps sorted times to their bucket start, remembering the current bucket. */
export class BucketCursor {
  private b = NaN;
  private nb = NaN;
  constructor(private readonly plan: BucketPlan) {}

  of(t: number): number {
    if (!(t >= this.b && t < this.nb)) {
      this.b = this.plan.first(t);
      this.nb = this.plan.next(this.b);
    }
    return this.b;
  }
}

/**
 * Buckets of [from, to) that hold data, in order. A yielded bucket is only valid until the next
 * one is asked for (rows are decoded into reused arrays).
 */
export function* realtimeBuckets(rt: RealtimeStore, bucketPlan: BucketPlan, plan: IntervalPlan, from: number, to: number, groups?: readonly number[]): Generator<Bucket> {
  if (isIdentity(plan)) {
    for (const r of rt.rows(plan.realtime, from, to, groups, true)) yield { t: r.t, r };
    return;
  }
  const cursor = new BucketCursor(bucketPlan);
  let acc: Accumulator | undefined;
  for (const r of rt.rows(plan.realtime, from, to, groups, true)) {
    const b = cursor.of(r.t);
    if (acc && acc.key !== b) {
      yield { t: acc.key, r: acc.result() };
      acc = undefined;
    }
    (acc ??= new Accumulator(b)).addRollup(r);
  }
  if (acc) yield { t: acc.key, r: acc.result() };
}

function energyRows(en: EnergyStore, clock: ZoneClock, plan: IntervalPlan, from: number, to: number): Iterable<EnergyRow> {
  if (plan.energy === undefined) return [];
  if (plan.energy === 'minute') return en.minuteRows(from, to, (t) => clock.quarter(t));
  return en.tierRows(plan.energy, from, to);
}

/** Energy buckets of [from, to): the latest register row in each. */
export function energyBuckets(en: EnergyStore, clock: ZoneClock, bucketPlan: BucketPlan, plan: IntervalPlan, from: number, to: number): EnergyRow[] {
  const cursor = new BucketCursor(bucketPlan);
  const out: EnergyRow[] = [];
  for (const row of energyRows(en, clock, plan, from, to)) {
    const b = cursor.of(row.t);
    const last = out[out.length - 1];
    if (last && last.t === b) last.units = row.units;
    else out.push({ t: b, units: row.units });
  }
  return out;
}

/** The registers just before `first` (the base row of the differences), stamped with its bucket. */
export function energyBase(en: EnergyStore, clock: ZoneClock, bucketPlan: BucketPlan, plan: IntervalPlan, first: number): EnergyRow | undefined {
  let row: EnergyRow | undefined;
  if (plan.energy === 'minute') {
    const q = clock.quarter(first);
    const recent = en.minuteRows(q - 900, first, (t) => clock.quarter(t));
    row = recent[recent.length - 1] ?? en.rowBefore('quarter', q - 900);
  } else if (plan.energy !== undefined) {
    row = en.rowBefore(plan.energy, first);
  }
  return row ? { t: bucketPlan.first(row.t), units: row.units } : undefined;
}
