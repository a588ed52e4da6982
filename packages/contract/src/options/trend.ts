/**
 * Trend logs (001 §3, §4, §9; 000 §9): log intervals, trend intervals by time-frame span,
 * parameters with their units, log types and parameter bit masks. Pure data and rules shared by
 * the module (validation, export) and the console (selects, charts).
 * Presets, the energy-difference transform, the size formatter and M4 live in the sibling files
 * re-exported at the bottom.
 */

import { LOG_INTERVALS } from './logs.ts';

// ---------------------------------------------------------------------------------------------
// Log intervals of the management screen (001 §9, value: label): LOG_INTERVALS and
// logIntervalOf live in logs.ts (shared with the data loggers); the codes by name are here.

export const LOG_INTERVAL = { sec1: 13, sec15: 11, min1: 12, min5: 0, min15: 2, min30: 3, hour1: 4, day1: 7, day7: 9, month1: 10 } as const;
export type LogIntervalValue = (typeof LOG_INTERVAL)[keyof typeof LOG_INTERVAL];
export const LOG_INTERVAL_VALUES = LOG_INTERVALS.map((x) => x.value) as LogIntervalValue[];

// ---------------------------------------------------------------------------------------------
// Log types and parameter bit masks (001 §3).

export const LOG_TYPES = { realTime: 0, energy: 1, demand: 2, powerQuality: 3, io: 4 } as const;
export type LogTypeName = keyof typeof LOG_TYPES;
export type LogType = (typeof LOG_TYPES)[LogTypeName];

/** The body field that carries each log type's mask. */
export const LOG_TYPE_MASK_FIELD = {
  realTime: 'realTimeMask',
  energy: 'energyMask',
  demand: 'demandMask',
  powerQuality: 'powerQualityMask',
  io: 'ioMask',
} as const satisfies Record<LogTypeName, string>;
export type TrendMaskField = (typeof LOG_TYPE_MASK_FIELD)[LogTypeName];
export type TrendMasks = Record<TrendMaskField, number>;

export const TREND_PARAM_BITS = {
  realTime: [
    { bit: 1, label: 'Line-to-Neutral Voltage' },
    { bit: 2, label: 'Line-to-Line Voltage' },
    { bit: 4, label: 'Line Current' },
    { bit: 8, label: 'Active Power' },
    { bit: 16, label: 'Reactive Power' },
    { bit: 32, label: 'Apparent Power' },
    { bit: 64, label: 'Power Factor' },
    { bit: 128, label: 'Frequency' },
    { bit: 256, label: 'Load Type' },
  ],
  energy: [
    { bit: 1, label: 'Import Active Energy' },
    { bit: 2, label: 'Import Reactive Energy' },
    { bit: 4, label: 'Apparent Energy' },
  ],
  demand: [
    { bit: 1, label: 'Active Power Demand' },
    { bit: 2, label: 'Reactive Power Demand' },
    { bit: 4, label: 'Apparent Power Demand' },
    { bit: 8, label: 'Current Demand' },
  ],
  powerQuality: [
    { bit: 1, label: 'Voltage Unbalance' },
    { bit: 2, label: 'Current Unbalance' },
    { bit: 4, label: 'Voltage THD' },
    { bit: 8, label: 'Current THD' },
    { bit: 16, label: 'Odd Voltage THD' },
    { bit: 32, label: 'Even Voltage THD' },
    { bit: 64, label: 'THFF' },
    { bit: 128, label: 'Voltage Crest Factor' },
    { bit: 256, label: 'Odd Current THD' },
    { bit: 512, label: 'Even Current THD' },
    { bit: 1024, label: 'Current K Factor' },
    { bit: 2048, label: 'Voltage Harmonics' },
    { bit: 4096, label: 'Current Harmonics' },
  ],
  io: [{ bit: 1, label: 'DI Counter' }],
} as const satisfies Record<LogTypeName, readonly { bit: number; label: string }[]>;

/** All bits a group knows (an unknown bit in a body is an error, not ignored). */
export function fullMask(type: LogTypeName): number {
  return TREND_PARAM_BITS[type].reduce((m, p) => m | p.bit, 0);
}

export function trendMaskOf(bits: readonly number[]): number {
  return bits.reduce((m, b) => m | b, 0);
}

export function trendBitsOf(mask: number): number[] {
  const out: number[] = [];
  for (let b = 1; b <= mask && b > 0; b *= 2) if (mask & b) out.push(b);
  return out;
}

/** Log types with at least one bit set, in log-type order. */
export function selectedLogTypes(masks: Partial<TrendMasks>): LogTypeName[] {
  return (Object.keys(LOG_TYPES) as LogTypeName[]).filter((t) => (masks[LOG_TYPE_MASK_FIELD[t]] ?? 0) !== 0);
}

// ---------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------
// Trend chart parameters, units and intervals (001 §7, §9; 000 §9).

export const REALTIME_TREND_PARAMETERS = ['VLN', 'VLL', 'I', 'P', 'Q', 'S', 'PF', 'VTHD'] as const;
export type RealtimeTrendParameter = (typeof REALTIME_TREND_PARAMETERS)[number];
export const ENERGY_TREND_PARAMETERS = ['EP', 'EQ', 'ES'] as const;
export type EnergyTrendParameter = (typeof ENERGY_TREND_PARAMETERS)[number];

/**
 * 001 §9 units. VTHD is listed under V by the spec; the value itself is THD in percent
 * (the module's CSV header says %). Kept as the spec says for the chart axis; see decisions.
 */
export const REALTIME_UNITS: Record<RealtimeTrendParameter, string> = { VLN: 'V', VLL: 'V', VTHD: 'V', I: 'A', P: 'kW', Q: 'kvar', S: 'kVA', PF: '' };
export const ENERGY_UNITS: Record<EnergyTrendParameter, string> = { EP: 'kWh', EQ: 'kvarh', ES: 'kVAh' };

export const REALTIME_PARAMETER_LABELS: Record<RealtimeTrendParameter, string> = {
  VLN: 'Line-to-Neutral Voltage',
  VLL: 'Line-to-Line Voltage',
  I: 'Current',
  P: 'Active Power',
  Q: 'Reactive Power',
  S: 'Apparent Power',
  PF: 'Power Factor',
  VTHD: 'Voltage THD',
};
export const ENERGY_PARAMETER_LABELS: Record<EnergyTrendParameter, string> = { EP: 'Active Energy', EQ: 'Reactive Energy', ES: 'Apparent Energy' };

/** 001 §4: in these wiring cases VLN is not offered and VLL is the default. */
export function realtimeTrendParameters(mcStatus: number, wiringType: number): { options: RealtimeTrendParameter[]; default: RealtimeTrendParameter } {
  const noVln = (mcStatus === 1 && wiringType === 3) || (mcStatus === 0 && wiringType === 4);
  return noVln ? { options: REALTIME_TREND_PARAMETERS.filter((p) => p !== 'VLN'), default: 'VLL' } : { options: [...REALTIME_TREND_PARAMETERS], default: 'VLN' };
}

/** Columns of a trend row besides Timestamp; the chart's default channels (001 §9). */
export const TREND_PHASE_COLUMNS = ['Phase A', 'Phase B', 'Phase C', 'System'] as const;
export const TREND_DEFAULT_CHANNELS = TREND_PHASE_COLUMNS;
export const TREND_MAX_CHANNELS = 4;
/** Energy rows also carry one column per input channel. */
export const energyInputColumn = (input: number) => `Input Channel ${input}`;

/**
 * Wire tokens of the trend intervals. '1sec' is the module's token for the 1-second interval
 * the spec offers as the default of short spans (000 §9); the rest are the spec's (001 §7).
 */
export const TREND_INTERVALS = [
  { value: '1sec', label: '1 second', seconds: 1 },
  { value: '15sec', label: '15 seconds', seconds: 15 },
  { value: '1min', label: '1 minute', seconds: 60 },
  { value: '15min', label: '15 minutes', seconds: 900 },
  { value: '1hr', label: '1 hour', seconds: 3600 },
  { value: '1day', label: '1 day', seconds: 86_400 },
  { value: '1mon', label: '1 month', seconds: 31 * 86_400 },
] as const;
export type TrendInterval = (typeof TREND_INTERVALS)[number]['value'];
export const REALTIME_TREND_INTERVALS: readonly TrendInterval[] = ['1sec', '15sec', '1min', '15min', '1hr', '1day', '1mon'];
export const ENERGY_TREND_INTERVALS: readonly TrendInterval[] = ['1min', '15min', '1hr', '1day', '1mon'];
export const trendIntervalSeconds = (i: TrendInterval) => TREND_INTERVALS.find((x) => x.value === i)!.seconds;
export const trendIntervalLabel = (i: TrendInterval) => TREND_INTERVALS.find((x) => x.value === i)!.label;

/** Span thresholds of 000 §9 in ms. */
export const TREND_SPAN_MS = {
  short: 660_000,
  hour: 3_660_000,
  day: 86_400_000,
  week: 604_800_000,
  month: 2_678_400_000,
} as const;

export type TrendKind = 'realtime' | 'energy';

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

export * from './trend-presets.ts';
export * from './trend-data.ts';
