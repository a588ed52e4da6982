/** Column and row order of the keyed log tables (001 §2 Alarm Log and Event Log). Pure. */

export const TIMESTAMP_KEY = 'Timestamp';

/** Alarm Log columns of numbers: right-aligned (issue 14). */
export const NUMERIC_KEYS: ReadonlySet<string> = new Set(['Alarm', 'Setpoint', 'Value']);

/**
 * An alarm's set point and value are percentages of the rated value, which the module rounds to
 * one decimal but writes without trailing zeros ('100%', '101.2%'): one decimal always, so a
 * column lines up. ON/OFF (digital inputs) and '-' stay as they are.
 */
export function alarmCellText(v: unknown): string {
  if (typeof v === 'number') return String(v);
  const s = String(v ?? '');
  const percent = /^(-?\d+(?:\.\d+)?)%$/.exec(s);
  return percent ? `${Number(percent[1]).toFixed(1)}%` : s;
}

/** The keys of the first record, or the contract's keys when there is none (an empty log). */
export function keysOf(rows: readonly object[], fallback: readonly string[]): string[] {
  const [first] = rows;
  return first ? Object.keys(first) : [...fallback];
}

/** Alarm Log: the last key (the Timestamp) moved to the front. */
export function lastKeyFirst(keys: readonly string[]): string[] {
  return [...keys.slice(-1), ...keys.slice(0, -1)];
}

/** Event Log: the record keys in reverse order. */
export const reversedKeys = (keys: readonly string[]): string[] => [...keys].reverse();

/** Newest first by the Timestamp key; records of the same second keep the module's order. */
export function newestFirst<T extends object>(rows: readonly T[]): T[] {
  const time = (r: T) => Number((r as Record<string, unknown>)[TIMESTAMP_KEY]) || 0;
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => time(b.r) - time(a.r) || a.i - b.i)
    .map((x) => x.r);
}
