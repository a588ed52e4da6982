/**
 * Trend logs (001 §3, §4, §9; 000 §9): log interval codes, log types and their parameter bits,
 * chart parameters with units and labels, trend intervals, span thresholds and time-frame
 * presets. Data only: the rules over these lists, the preset ranges and the transforms of trend
 * rows live in src/trends/.
 */

import { LOG_INTERVALS } from './logs.ts';
import { QUANTITY_NAMES as Q } from './shared-texts.ts';

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
    { bit: 1, label: Q.vln },
    { bit: 2, label: Q.vll },
    { bit: 4, label: 'Line Current' },
    { bit: 8, label: Q.p },
    { bit: 16, label: Q.q },
    { bit: 32, label: Q.s },
    { bit: 64, label: Q.pf },
    { bit: 128, label: 'Frequency' },
    { bit: 256, label: 'Load Type' },
  ],
  energy: [
    { bit: 1, label: 'Import Active Energy' },
    { bit: 2, label: 'Import Reactive Energy' },
    { bit: 4, label: Q.es },
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

// ---------------------------------------------------------------------------------------------
// Trend chart parameters, units and intervals (001 §7, §9; 000 §9).

export const REALTIME_TREND_PARAMETERS = ['VLN', 'VLL', 'I', 'P', 'Q', 'S', 'PF', 'VTHD'] as const;
export type RealtimeTrendParameter = (typeof REALTIME_TREND_PARAMETERS)[number];
export const ENERGY_TREND_PARAMETERS = ['EP', 'EQ', 'ES'] as const;
export type EnergyTrendParameter = (typeof ENERGY_TREND_PARAMETERS)[number];

/**
 * 001 §9 units. VTHD is listed under V by the spec; the value itself is THD in percent
 * (the module's CSV header says %). Kept as the spec says for the chart axis; see docs/decisions/README.md.
 */
export const REALTIME_UNITS: Record<RealtimeTrendParameter, string> = { VLN: 'V', VLL: 'V', VTHD: 'V', I: 'A', P: 'kW', Q: 'kvar', S: 'kVA', PF: '' };
export const ENERGY_UNITS: Record<EnergyTrendParameter, string> = { EP: 'kWh', EQ: 'kvarh', ES: 'kVAh' };

export const REALTIME_PARAMETER_LABELS: Record<RealtimeTrendParameter, string> = {
  VLN: Q.vln,
  VLL: Q.vll,
  I: 'Current',
  P: Q.p,
  Q: Q.q,
  S: Q.s,
  PF: Q.pf,
  VTHD: 'Voltage THD',
};
export const ENERGY_PARAMETER_LABELS: Record<EnergyTrendParameter, string> = { EP: 'Active Energy', EQ: 'Reactive Energy', ES: Q.es };

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
function trendInterval(i: TrendInterval): (typeof TREND_INTERVALS)[number] {
  const interval = TREND_INTERVALS.find((x) => x.value === i);
  if (!interval) throw new RangeError(`trend interval ${String(i)} is not one of TREND_INTERVALS`);
  return interval;
}
export const trendIntervalSeconds = (i: TrendInterval) => trendInterval(i).seconds;
export const trendIntervalLabel = (i: TrendInterval) => trendInterval(i).label;

/** Span thresholds of 000 §9 in ms. */
export const TREND_SPAN_MS = {
  short: 660_000,
  hour: 3_660_000,
  day: 86_400_000,
  week: 604_800_000,
  month: 2_678_400_000,
} as const;

export type TrendKind = 'realtime' | 'energy';

/** 001 §5: real-time trends reach back 30 days from the device's time (its store keeps 30 days). */
export const REALTIME_TREND_HISTORY_DAYS = 30;
/** How far past the device's time a chart's end may be: a console's clock estimate runs a little ahead. */
export const TREND_END_TOLERANCE_SECONDS = 60;

/** Time-frame presets of the trend screens (001 §9); their ranges are computed in trends/presets.ts. */
export const TREND_PRESETS = ['Last 10 Minutes', 'Last 1 Hour', 'Today', 'Yesterday', 'Last 7 days', 'Last 30 days', 'This Month', 'Last Month', 'Last Year'] as const;
export type TrendPreset = (typeof TREND_PRESETS)[number];
export const REALTIME_TREND_PRESETS: readonly TrendPreset[] = TREND_PRESETS.slice(0, 7);
export const ENERGY_TREND_PRESETS: readonly TrendPreset[] = TREND_PRESETS;
