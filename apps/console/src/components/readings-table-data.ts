/** Readings rows (`Name` + parameter keys) turned into a table: one row per parameter, one column per Name. */
import { REALTIME_KEYS, type ReadingRow } from '@meter/contract';

export const MISSING = '-';

export interface ReadingsGrid {
  /** The row Names, in reply order: 'Phase A', ..., 'System'. */
  columns: string[];
  rows: { parameter: string; cells: string[] }[];
}

/**
 * Decimals per quantity, as the module rounds them: a column of one quantity lines up on its
 * decimal point (right-aligned cells), and 230.0 does not turn into 230.
 */
const DECIMALS_BY_UNIT: Readonly<Record<string, number>> = { V: 1, A: 3, kW: 3, kvar: 3, kVA: 3, Hz: 2, '%': 2, kWh: 2, kvarh: 2, kVAh: 2 };
const DECIMALS_BY_NAME: Readonly<Record<string, number>> = { [REALTIME_KEYS.powerFactor]: 3 };

/** The unit a reading's key ends with ('Current A' → 'A'), if it names one. */
export function unitOf(parameter: string): string | undefined {
  const last = parameter.slice(parameter.lastIndexOf(' ') + 1);
  return last !== parameter && last in DECIMALS_BY_UNIT ? last : undefined;
}

/** How a parameter is labelled in a table: its unit in parentheses ('Current A' → 'Current (A)'). */
export function parameterLabel(parameter: string): string {
  const unit = unitOf(parameter);
  return unit ? `${parameter.slice(0, -unit.length - 1)} (${unit})` : parameter;
}

export function decimalsOf(parameter: string): number | undefined {
  const unit = unitOf(parameter);
  return unit ? DECIMALS_BY_UNIT[unit] : DECIMALS_BY_NAME[parameter];
}

/** A reading as shown: numbers with their quantity's fixed decimals, text as it came. */
export function formatReading(v: string | number | undefined, parameter: string): string {
  if (v === undefined || v === '') return MISSING;
  const decimals = decimalsOf(parameter);
  return typeof v === 'number' && Number.isFinite(v) && decimals !== undefined ? v.toFixed(decimals) : String(v);
}

/** Keeps a row's height while its value is not there yet. */
const BLANK = '\u00a0';

/**
 * The grid a table will have, drawn before its first reply with blank cells, so the reply fills
 * it in place instead of pushing what follows down (layout shift).
 */
export function readingsSkeleton(columns: readonly string[], parameters: readonly string[]): ReadingsGrid {
  return { columns: [...columns], rows: parameters.map((parameter) => ({ parameter, cells: columns.map(() => BLANK) })) };
}

export function readingsGrid(rows: readonly ReadingRow[] | undefined): ReadingsGrid {
  const list = rows ?? [];
  const columns = list.map((r, i) => formatReading(r.Name ?? `${i + 1}`, 'Name'));
  const parameters: string[] = [];
  for (const r of list) for (const k of Object.keys(r)) if (k !== 'Name' && !parameters.includes(k)) parameters.push(k);
  return { columns, rows: parameters.map((parameter) => ({ parameter, cells: list.map((r) => formatReading(r[parameter], parameter)) })) };
}

/** The System column's name in the readings replies. */
export const SYSTEM_COLUMN = 'System';

/**
 * The order the value columns are drawn in, as indexes into `columns`: the reply's, or on a phone
 * (issue 28) System first, where it stays in view beside the parameter names while the phases scroll.
 */
export function columnOrder(columns: readonly string[], systemFirst: boolean): number[] {
  const order = columns.map((_, i) => i);
  const system = columns.indexOf(SYSTEM_COLUMN);
  return systemFirst && system > 0 ? [system, ...order.filter((i) => i !== system)] : order;
}
