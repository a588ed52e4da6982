/**
 * The ranges of the time-frame presets (001 §9; the list is in options/trend.ts), computed in the
 * device time zone. Ranges are unix seconds, both ends inclusive (an end of day is its last
 * second, as in the getLogMaxMin reply). Presets that reach "now" end at the device's current
 * second: trends are never asked for the future (001 §5).
 */
import type { TrendPreset } from '../options/trend.ts';
import { addLocalDays, endOfLocalDay, startOfLocalDay, startOfLocalMonth, startOfLocalYear, type TimeZone } from '../time/time-zone.ts';

export interface TrendRange {
  /** unix seconds, inclusive */
  start: number;
  /** unix seconds, inclusive */
  end: number;
}

/**
 * 'Last 7 days' and 'Last 30 days' are rolling (now minus 7 or 30 days), like the two
 * short presets; 'Last Month' and 'Last Year' are the previous calendar month and year,
 * the way 'Yesterday' is the previous calendar day.
 */
export function presetRange(preset: TrendPreset, nowMs: number, zone: TimeZone): TrendRange {
  const now = Math.floor(nowMs / 1000);
  switch (preset) {
    case 'Last 10 Minutes':
      return { start: now - 600, end: now };
    case 'Last 1 Hour':
      return { start: now - 3600, end: now };
    case 'Today':
      return { start: startOfLocalDay(zone, now), end: now };
    case 'Yesterday': {
      const start = addLocalDays(zone, now, -1);
      return { start, end: endOfLocalDay(zone, start) };
    }
    case 'Last 7 days':
      return { start: now - 7 * 86_400, end: now };
    case 'Last 30 days':
      return { start: now - 30 * 86_400, end: now };
    case 'This Month':
      return { start: startOfLocalMonth(zone, now), end: now };
    case 'Last Month':
      return { start: startOfLocalMonth(zone, now, -1), end: startOfLocalMonth(zone, now) - 1 };
    case 'Last Year':
      return { start: startOfLocalYear(zone, now, -1), end: startOfLocalYear(zone, now) - 1 };
  }
}
