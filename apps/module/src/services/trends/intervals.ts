/**
 * Which stored tier and which bucket plan serve an interval. Buckets of a tier's own size are
 * read as they are; larger ones fold the tier's rows (15 min from minutes, months from days) —
 * the rollups were built at ingest, so a query never touches more than ~10,000 rows.
 */
import { LOG_INTERVAL, type TrendInterval } from '@meter/contract';
import type { BucketSize } from './buckets.ts';
import type { CumulativeTier } from './energy-store.ts';
import type { RealtimeTier } from './realtime-store.ts';

export interface IntervalPlan {
  size: BucketSize;
  realtime: RealtimeTier;
  /** Energy tier; 'minute' reads the rebuilt minute registers. Undefined: no energy at this interval. */
  energy?: CumulativeTier | 'minute';
}

const fixed = (seconds: number): BucketSize => ({ kind: 'fixed', seconds });

export const TREND_INTERVAL_PLANS: Record<TrendInterval, IntervalPlan> = {
  '1sec': { size: fixed(1), realtime: 'second' },
  '15sec': { size: fixed(15), realtime: 'second' },
  '1min': { size: fixed(60), realtime: 'minute', energy: 'minute' },
  '15min': { size: fixed(900), realtime: 'minute', energy: 'quarter' },
  '1hr': { size: fixed(3600), realtime: 'hour', energy: 'hour' },
  '1day': { size: { kind: 'day' }, realtime: 'day', energy: 'day' },
  '1mon': { size: { kind: 'month' }, realtime: 'day', energy: 'day' },
};

/** The management screen's log intervals (001 §9 values). */
export const LOG_INTERVAL_PLANS: Record<number, IntervalPlan> = {
  [LOG_INTERVAL.sec1]: TREND_INTERVAL_PLANS['1sec'],
  [LOG_INTERVAL.sec15]: TREND_INTERVAL_PLANS['15sec'],
  [LOG_INTERVAL.min1]: TREND_INTERVAL_PLANS['1min'],
  [LOG_INTERVAL.min5]: { size: fixed(300), realtime: 'minute', energy: 'minute' },
  [LOG_INTERVAL.min15]: TREND_INTERVAL_PLANS['15min'],
  [LOG_INTERVAL.min30]: { size: fixed(1800), realtime: 'minute', energy: 'quarter' },
  [LOG_INTERVAL.hour1]: TREND_INTERVAL_PLANS['1hr'],
  [LOG_INTERVAL.day1]: TREND_INTERVAL_PLANS['1day'],
  [LOG_INTERVAL.day7]: { size: { kind: 'week' }, realtime: 'day', energy: 'day' },
  [LOG_INTERVAL.month1]: TREND_INTERVAL_PLANS['1mon'],
};

/** True when every tier row is exactly one bucket (no folding needed). */
export function isIdentity(plan: IntervalPlan): boolean {
  const s = plan.size;
  if (s.kind === 'month') return false;
  if (s.kind === 'week') return false;
  if (s.kind === 'day') return plan.realtime === 'day';
  return (s.seconds === 1 && plan.realtime === 'second') || (s.seconds === 60 && plan.realtime === 'minute') || (s.seconds === 3600 && plan.realtime === 'hour');
}
