/**
 * The tariff schedule and the device-zone calendar the TOU registers are kept by. Tariff periods
 * and months follow the device's wall clock (its time zone, DST included), as a utility's do.
 */
import type { TouRate } from '@meter/contract';
import { type Zone, zoneOffsetMs } from '../local-time.ts';

const HOUR = 3_600_000;
const QUARTER = 900_000;
const offsets = new Map<string, number>();

/**
 * zoneOffsetMs, memoised per quarter hour: catching up weeks asks for it a hundred thousand
 * times, and zones change offset only on quarter-hour boundaries.
 */
function offsetOf(zone: Zone, atMs: number): number {
  if (typeof zone === 'number') return zone * 60_000;
  const bucket = Math.floor(atMs / QUARTER);
  const key = `${zone}|${bucket}`;
  let v = offsets.get(key);
  if (v === undefined) {
    if (offsets.size > 20_000) offsets.clear();
    v = zoneOffsetMs(zone, bucket * QUARTER);
    offsets.set(key, v);
  }
  return v;
}

/** Rate periods of one day type: [start hour, rate], ascending from 0; a period runs to the next start. */
export type DayPlan = readonly [readonly [0, TouRate], ...(readonly [number, TouRate])[]];

export interface TouSchedule {
  /** Monday to Friday */
  weekday: DayPlan;
  /** Saturday and Sunday */
  weekend: DayPlan;
}

/**
 * Default schedule, a commercial four-rate tariff: nights are Valley; on working days the
 * morning ramp and the evening are Normal, late morning and early evening Peak, and the
 * afternoon cooling peak (14:00-17:00) Sharp. Weekends have no Peak or Sharp.
 */
export const DEFAULT_TOU_SCHEDULE: TouSchedule = {
  weekday: [
    [0, 'valley'],
    [7, 'normal'],
    [11, 'peak'],
    [14, 'sharp'],
    [17, 'peak'],
    [20, 'normal'],
    [23, 'valley'],
  ],
  weekend: [
    [0, 'valley'],
    [7, 'normal'],
    [23, 'valley'],
  ],
};

export interface LocalCalendar {
  year: number;
  /** 1..12 */
  month: number;
  /** fractional hour of the local day */
  hour: number;
  /** 0 = Sunday .. 6 = Saturday */
  weekday: number;
  /** the instant expressed as if local time were UTC (for Date's UTC getters) */
  localMs: number;
}

export function localCalendar(zone: Zone, atMs: number): LocalCalendar {
  const localMs = atMs + offsetOf(zone, atMs);
  const d = new Date(localMs);
  const msOfDay = ((localMs % (24 * HOUR)) + 24 * HOUR) % (24 * HOUR);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, hour: msOfDay / HOUR, weekday: d.getUTCDay(), localMs };
}

/** 'YYYY-MM' of the device-zone month the instant falls in. */
export function monthKey(zone: Zone, atMs: number): string {
  const { year, month } = localCalendar(zone, atMs);
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** Whether month `b` directly follows month `a` ('2026-01' → '2026-02', '2025-12' → '2026-01'). */
export function isNextMonth(a: string, b: string): boolean {
  // A malformed key counts as NaN months, which follow nothing.
  const months = (key: string) => {
    const [year = NaN, month = NaN] = key.split('-').map(Number);
    return year * 12 + month;
  };
  return months(b) === months(a) + 1;
}

/** First instant of the device-zone month the instant falls in (DST-safe: searched, not assumed). */
export function startOfLocalMonth(zone: Zone, atMs: number): number {
  const { localMs } = localCalendar(zone, atMs);
  const d = new Date(localMs);
  const wallStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  // The offset at the wall-clock start may differ from now's; one correction settles it.
  const guess = wallStart - offsetOf(zone, atMs);
  return wallStart - offsetOf(zone, guess);
}

export function rateAt(schedule: TouSchedule, hour: number, weekday: number): TouRate {
  const plan = weekday === 0 || weekday === 6 ? schedule.weekend : schedule.weekday;
  let rate = plan[0][1];
  for (const [start, r] of plan) if (hour >= start) rate = r;
  return rate;
}

/**
 * Splits [from, to) at the device-zone hour boundaries, so each piece lies in one tariff period
 * and one month (periods and months both start on whole local hours).
 */
export function splitAtLocalHours(zone: Zone, from: number, to: number): Array<[number, number]> {
  const pieces: Array<[number, number]> = [];
  let a = from;
  while (a < to) {
    const local = a + offsetOf(zone, a);
    const next = a + (HOUR - (((local % HOUR) + HOUR) % HOUR));
    const b = Math.min(to, next);
    pieces.push([a, b]);
    a = b;
  }
  return pieces;
}
