/**
 * Bucket boundaries in the device zone, cached: quarter hours, hours and days start on the
 * device's wall clock (a +05:45 zone's hours start at :45 UTC), days may be 23 or 25 hours long.
 * Rollup keys are fixed when written: a later change of the zone applies to new buckets only.
 */
import { addLocalDays, startOfLocalDay, startOfLocalMonth, zoneOffsetSeconds, type TimeZone } from '@meter/contract';

/** Offsets change at most on quarter-hour instants (DST at local hh:00 in a zone of 15-min steps). */
const SLOT = 900;
const CACHE_LIMIT = 20_000;

export class ZoneClock {
  private readonly offsets = new Map<number, number>();
  private readonly days = new Map<number, number>();
  private readonly months = new Map<number, number>();
  private current: TimeZone;

  constructor(private readonly zoneOf: () => TimeZone) {
    this.current = zoneOf();
  }

  /** Re-reads the zone (once per tick or query); a change empties the caches. */
  refresh(): TimeZone {
    const z = this.zoneOf();
    if (z !== this.current) {
      this.current = z;
      this.offsets.clear();
      this.days.clear();
      this.months.clear();
    }
    return z;
  }

  get zone(): TimeZone {
    return this.current;
  }

  offset(t: number): number {
    const slot = Math.floor(t / SLOT);
    let o = this.offsets.get(slot);
    if (o === undefined) {
      if (this.offsets.size > CACHE_LIMIT) this.offsets.clear();
      o = zoneOffsetSeconds(this.current, slot * SLOT);
      this.offsets.set(slot, o);
    }
    return o;
  }

  /** Start of the local bucket of `size` seconds (a divisor of an hour, or one hour). */
  floor(t: number, size: number): number {
    if (size <= 60) return t - (((t % size) + size) % size);
    const o = this.offset(t);
    return Math.floor((t + o) / size) * size - o;
  }

  minute(t: number): number {
    return this.floor(t, 60);
  }
  quarter(t: number): number {
    return this.floor(t, 900);
  }
  hour(t: number): number {
    return this.floor(t, 3600);
  }

  day(t: number): number {
    const key = Math.floor((t + this.offset(t)) / 86_400);
    let d = this.days.get(key);
    if (d === undefined) {
      if (this.days.size > CACHE_LIMIT) this.days.clear();
      d = startOfLocalDay(this.current, t);
      this.days.set(key, d);
    }
    return d;
  }

  addDays(dayStart: number, n: number): number {
    return n === 1 ? this.day(dayStart + 30 * 3600) : addLocalDays(this.current, dayStart, n);
  }

  month(t: number, add = 0): number {
    const d = new Date((t + this.offset(t)) * 1000);
    const key = d.getUTCFullYear() * 12 + d.getUTCMonth() + add;
    let m = this.months.get(key);
    if (m === undefined) {
      m = startOfLocalMonth(this.current, t, add);
      this.months.set(key, m);
    }
    return m;
  }
}

/**
 * A bucket size: fixed seconds (≤ 1 hour, local-aligned), a local day, a week starting on local
 * Monday, or a calendar month. Weeks and months start on the calendar the way the data loggers'
 * 7-day and 1-month files do (contract options/logs.ts), so two exports of a week agree.
 */
export type BucketSize = { kind: 'fixed'; seconds: number } | { kind: 'day' } | { kind: 'week' } | { kind: 'month' };

export class BucketPlan {
  constructor(
    readonly size: BucketSize,
    private readonly clock: ZoneClock,
  ) {}

  /** Start of the bucket holding t. */
  first(t: number): number {
    const s = this.size;
    if (s.kind === 'fixed') return this.clock.floor(t, s.seconds);
    if (s.kind === 'month') return this.clock.month(t);
    const day = this.clock.day(t);
    if (s.kind === 'day') return day;
    const weekday = new Date((day + this.clock.offset(day) + 43_200) * 1000).getUTCDay();
    const back = (weekday + 6) % 7;
    return back === 0 ? day : this.clock.addDays(day, -back);
  }

  next(b: number): number {
    const s = this.size;
    if (s.kind === 'fixed') return b + s.seconds;
    if (s.kind === 'month') return this.clock.month(b + 86_400, 1);
    return this.clock.addDays(b, s.kind === 'day' ? 1 : 7);
  }

  /** Nominal length, for estimates and limits. */
  get nominalSeconds(): number {
    const s = this.size;
    return s.kind === 'fixed' ? s.seconds : s.kind === 'day' ? 86_400 : s.kind === 'week' ? 7 * 86_400 : 31 * 86_400;
  }
}
