/**
 * Log intervals (001 §9, 002 §9.3): value → label and length. The data logger's file lengths
 * (002 §9.3: 1 min … 1 month) reuse the same codes, as every length they list is one of these;
 * decided here, see docs/decisions/logs-event-alarm-and-data-logs.md.
 */
export interface LogInterval {
  value: number;
  label: string;
  /** Fixed length in seconds; calendar lengths (7 days, 1 month) start on a local Monday / 1st. */
  seconds: number;
  calendar?: 'week' | 'month';
}

const DAY = 86_400;

export const LOG_INTERVALS: readonly LogInterval[] = [
  { value: 13, label: '1 second', seconds: 1 },
  { value: 11, label: '15 seconds', seconds: 15 },
  { value: 12, label: '1 minute', seconds: 60 },
  { value: 0, label: '5 minutes', seconds: 300 },
  { value: 2, label: '15 minutes', seconds: 900 },
  { value: 3, label: '30 minutes', seconds: 1800 },
  { value: 4, label: '1 hour', seconds: 3600 },
  { value: 7, label: '1 day', seconds: DAY },
  { value: 9, label: '7 days', seconds: 7 * DAY, calendar: 'week' },
  { value: 10, label: '1 month', seconds: 31 * DAY, calendar: 'month' },
];

export const logIntervalOf = (value: number): LogInterval | undefined => LOG_INTERVALS.find((i) => i.value === value);

/** 002 §9.3 local log file lengths: 1 day, 7 days, 1 month (as log interval codes). */
export const LOCAL_LOG_FILE_LENGTHS = [7, 9, 10] as const;

/** 001 §3 real-time parameter bits of the log masks. */
export const REALTIME_MASK_BITS = {
  vln: 1,
  vll: 2,
  current: 4,
  activePower: 8,
  reactivePower: 16,
  apparentPower: 32,
  powerFactor: 64,
  frequency: 128,
  loadType: 256,
} as const;
