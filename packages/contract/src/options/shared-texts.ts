/**
 * Names and texts that several lists of the contract share, each written once (issue 29): the
 * measured quantities (the readings' keys, the trend log and alarm parameters, the records' CT
 * tables), a log's parameter types and value flags (the data log settings, the MQTT topic masks, a
 * trend log export), the meter's pulse constant (the IO settings, the installation record), the
 * fields of a password change (the meter's password, a web user's) and a failed file deletion
 * (data logs, config backups). Internal: each list that uses one is the export. Zod-free and read
 * by constants.ts, so it loads with the console's entry, and a lazy screen that reads a text here
 * carries no copy of it.
 */
export const QUANTITY_NAMES = {
  vln: 'Line-to-Neutral Voltage',
  vll: 'Line-to-Line Voltage',
  p: 'Active Power',
  q: 'Reactive Power',
  s: 'Apparent Power',
  pf: 'Power Factor',
  es: 'Apparent Energy',
} as const;

/** Parameter types of a log's masks (002 §5.4 data log, §3.9 MQTT topics). */
export const LOG_MASK_NAMES = {
  energy: 'Energy Parameters',
  demand: 'Demand Parameters',
  powerQuality: 'Power Quality Parameters',
} as const;

/** The value flags and the interval of a log (002 §5.4 data log, 001 §8 trend log export). */
export const LOG_VALUE_NAMES = {
  inst: 'Instantaneous',
  min: 'Minimum',
  max: 'Maximum',
  avg: 'Average',
  interval: 'Log Interval',
} as const;

/** The meter's pulse constant (001 §3 IO settings, 000 §3 installation record). */
export const PULSE_CONSTANT_NAME = 'Pulse Constant';

/** The fields of a password change, whose password it is (the meter's, 001 §5; a web user's, 002 §2.19). */
export const PASSWORD_FIELD_NAMES = {
  current: 'Current Password',
  repeat: 'Repeat Password',
} as const;

/** 002 §8.3: a data log file's or a config backup's deletion failed. */
export const FILE_DELETE_FAILED = 'File delete failed.';
