/** Readings rows (`Name` + parameter keys) turned into a table: one row per parameter, one column per Name. */
import type { ReadingRow } from '@meter/contract';

export const MISSING = '-';

export interface ReadingsGrid {
  /** The row Names, in reply order: 'Phase A', ..., 'System'. */
  columns: string[];
  rows: { parameter: string; cells: string[] }[];
}

const show = (v: string | number | undefined): string => (v === undefined || v === '' ? MISSING : String(v));

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
  const columns = list.map((r, i) => show(r.Name ?? `${i + 1}`));
  const parameters: string[] = [];
  for (const r of list) for (const k of Object.keys(r)) if (k !== 'Name' && !parameters.includes(k)) parameters.push(k);
  return { columns, rows: parameters.map((parameter) => ({ parameter, cells: list.map((r) => show(r[parameter])) })) };
}
