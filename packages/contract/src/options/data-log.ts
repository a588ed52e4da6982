/** Data log settings (002 §3.4, §4.2, §9.3): option lists as value → label. */
import { LOG_INTERVALS } from './logs.ts';

function labelOf(value: number): string {
  const interval = LOG_INTERVALS.find((i) => i.value === value);
  if (!interval) throw new RangeError(`log interval ${value} is not one of LOG_INTERVALS`);
  return interval.label;
}
const labelled = (codes: readonly number[]) => codes.map((value) => ({ value, label: labelOf(value) }));

export const DATA_LOG_NUMBERS = [1, 2, 3] as const;
/** 002 §9.3 log interval options, in the listed order. */
export const DATA_LOG_INTERVAL_OPTIONS = labelled([11, 12, 0, 2, 3, 4, 7, 9, 10]);
export const DATA_LOG_FIFTEEN_SECONDS = 11;
export const DATA_LOG_ONE_MINUTE = 12;
export const DATA_LOG_FILE_LENGTH_OPTIONS = labelled([12, 0, 2, 4, 7, 9, 10]);
export const DATA_LOG_LOCAL_FILE_LENGTH_OPTIONS = labelled([7, 9, 10]);
export const TIMESTAMP_FORMAT_OPTIONS = [
  { value: 0, label: 'Local Time String' },
  { value: 1, label: 'UTC Seconds' },
  { value: 2, label: 'ISO8601' },
] as const;
export const TIMESTAMP_ISO8601 = 2;
export const LOG_FILE_NAME_FORMAT_OPTIONS = [
  { value: 0, label: 'UTC Timestamp' },
  { value: 1, label: 'Time Interval' },
] as const;
export const LOG_FORMAT_OPTIONS = [
  { value: 0, label: 'csv' },
  { value: 1, label: 'json' },
] as const;
export const LOG_FORMAT_JSON = 1;
export const DATA_LOG_PREFIX_MAX = 40;
export const FACILITY_ID_MAX = 40;
/** SFTP access (002 §5.4, §9.3). */
export const SFTP_PASSWORD_LENGTH = [7, 15] as const;
