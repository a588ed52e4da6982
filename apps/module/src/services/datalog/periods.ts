/**
 * Log intervals and file lengths on the device's wall clock: a 15-minute interval writes at :00,
 * :15, :30, :45 local time, a daily file starts at local midnight, a weekly one on Monday, a
 * monthly one on the 1st. Pure functions of (instant, length, zone).
 */
import { logIntervalOf, type LogInterval } from '@meter/contract';
import { zoneOffsetMs, type Zone } from '../../meter/local-time.ts';

const DAY_MS = 86_400_000;

export type Length = Pick<LogInterval, 'seconds' | 'calendar'>;

export function lengthOf(code: number): Length {
  const i = logIntervalOf(code);
  if (!i) throw new RangeError(`unknown log interval ${code}`);
  return i;
}

/** The start (epoch ms) of the period of `length` that contains `ms`. */
export function periodStart(ms: number, length: Length, zone: Zone): number {
  const offset = zoneOffsetMs(zone, ms);
  const wall = ms + offset;
  const dayStart = Math.floor(wall / DAY_MS) * DAY_MS;
  let wallStart: number;
  if (length.calendar === 'month') {
    const d = new Date(dayStart);
    wallStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  } else if (length.calendar === 'week') {
    const weekday = new Date(dayStart).getUTCDay();
    wallStart = dayStart - ((weekday + 6) % 7) * DAY_MS;
  } else {
    const len = Math.min(length.seconds * 1000, DAY_MS);
    wallStart = dayStart + Math.floor((wall - dayStart) / len) * len;
  }
  // Back to an instant with the offset in force at the period start (DST may differ from now's).
  const start = wallStart - zoneOffsetMs(zone, wallStart - offset);
  return Math.min(start, ms);
}
