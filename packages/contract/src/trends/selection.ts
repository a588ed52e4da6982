/**
 * What the trend screens offer and the module accepts (001 §4, §9; 000 §9): log intervals by the
 * selected log types, real-time parameters by wiring, chart intervals by time-frame span. Rules
 * over the option lists of options/trend.ts, shared by the console (selects) and the module (validation).
 */
import { addLocalDays, startOfLocalDay, type TimeZone } from '../time/time-zone.ts';
import {
  LOG_INTERVAL,
  REALTIME_TREND_HISTORY_DAYS,
  TREND_END_TOLERANCE_SECONDS,
  LOG_INTERVAL_VALUES,
  REALTIME_TREND_PARAMETERS,
  TREND_SPAN_MS,
  type LogIntervalValue,
  type LogTypeName,
  type RealtimeTrendParameter,
  type TrendInterval,
  type TrendKind,
} from '../options/trend.ts';

// Interval selection on the management screen (001 §4 "Trend interval selection").

const SHORT_LOG_INTERVALS: readonly number[] = [LOG_INTERVAL.sec1, LOG_INTERVAL.sec15];

/**
 * Options and the (possibly moved) interval after the selected log types change.
 * - Any of energy, demand, power quality: 1 s and 15 s are removed; a 1 s / 15 s moves to 1 minute.
 * - Real-time only: read literally, "1 second is removed when the interval is not 1 s and is
 *   reset to 15 seconds": unless 1 s is already chosen, 1 s is not offered and the interval
 *   becomes 15 seconds (the real-time default). With 1 s chosen, everything stays.
 * - Otherwise (IO only, nothing): every option, interval unchanged.
 */
export function selectLogInterval(types: readonly LogTypeName[], current: number): { options: LogIntervalValue[]; value: number } {
  const all = [...LOG_INTERVAL_VALUES];
  if (types.some((t) => t === 'energy' || t === 'demand' || t === 'powerQuality')) {
    return { options: all.filter((v) => !SHORT_LOG_INTERVALS.includes(v)), value: SHORT_LOG_INTERVALS.includes(current) ? LOG_INTERVAL.min1 : current };
  }
  if (types.length === 1 && types[0] === 'realTime') {
    if (current === LOG_INTERVAL.sec1) return { options: all, value: current };
    return { options: all.filter((v) => v !== LOG_INTERVAL.sec1), value: LOG_INTERVAL.sec15 };
  }
  return { options: all, value: current };
}

/** The server-side form of the same rule: may this interval be used with these types? */
export function logIntervalAllowed(types: readonly LogTypeName[], interval: number): boolean {
  if (!LOG_INTERVAL_VALUES.includes(interval as LogIntervalValue)) return false;
  return !(SHORT_LOG_INTERVALS.includes(interval) && types.some((t) => t === 'energy' || t === 'demand' || t === 'powerQuality'));
}

/** 001 §4: in these wiring cases VLN is not offered and VLL is the default. */
export function realtimeTrendParameters(mcStatus: number, wiringType: number): { options: RealtimeTrendParameter[]; default: RealtimeTrendParameter } {
  const noVln = (mcStatus === 1 && wiringType === 3) || (mcStatus === 0 && wiringType === 4);
  return noVln ? { options: REALTIME_TREND_PARAMETERS.filter((p) => p !== 'VLN'), default: 'VLL' } : { options: [...REALTIME_TREND_PARAMETERS], default: 'VLN' };
}

/**
 * Interval options for a time frame (000 §9 and 001 §9 together): under 11 minutes real-time
 * offers 1 second (default), 15 seconds and 1 minute — VTHD only 1 minute, energy only 1 minute;
 * under 61 minutes 1 minute; under a day 15 minutes and 1 hour (default); under a week also
 * 1 day; under 31 days 1 hour and 1 day (default); longer 1 day and 1 month (default).
 */
export function trendIntervalOptions(kind: TrendKind, spanMs: number, parameter?: string): { options: TrendInterval[]; default: TrendInterval } {
  if (spanMs < TREND_SPAN_MS.short) {
    if (kind === 'energy' || parameter === 'VTHD') return { options: ['1min'], default: '1min' };
    return { options: ['1sec', '15sec', '1min'], default: '1sec' };
  }
  if (spanMs < TREND_SPAN_MS.hour) return { options: ['1min'], default: '1min' };
  if (spanMs < TREND_SPAN_MS.day) return { options: ['15min', '1hr'], default: '1hr' };
  if (spanMs < TREND_SPAN_MS.week) return { options: ['15min', '1hr', '1day'], default: '1hr' };
  if (spanMs < TREND_SPAN_MS.month) return { options: ['1hr', '1day'], default: '1day' };
  return { options: ['1day', '1mon'], default: '1mon' };
}

/** Keeps the current interval when it is still offered, else the span's default. */
export function keepOrDefaultInterval(kind: TrendKind, spanMs: number, current: TrendInterval | undefined, parameter?: string): TrendInterval {
  const { options, default: d } = trendIntervalOptions(kind, spanMs, parameter);
  return current && options.includes(current) ? current : d;
}

/**
 * The frame a real-time chart may ask for (001 §5), unix seconds: from the start of the local day
 * 30 days before the device's time (so 'This Month' on a 31st still answers) to the device's
 * time, plus a minute for a console whose clock estimate runs ahead.
 */
export function realtimeTrendWindow(zone: TimeZone, nowSeconds: number): { min: number; max: number } {
  return { min: startOfLocalDay(zone, addLocalDays(zone, nowSeconds, -REALTIME_TREND_HISTORY_DAYS)), max: nowSeconds + TREND_END_TOLERANCE_SECONDS };
}
