/**
 * CSV cells (RFC 4180, CRLF lines). A text cell a spreadsheet would run as a formula — starting
 * with = + - @, tab or carriage return — gets a leading apostrophe (OWASP "CSV injection").
 * Numbers are written by the module from numbers and stay numbers: "-1.25" is a reading, and
 * neutralising it would turn every negative reactive power into text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvText(value: string): string {
  const s = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A finite number as is; anything else is an empty cell. */
export function csvNumber(value: number): string {
  return Number.isFinite(value) ? String(value) : '';
}

export function csvCell(value: string | number): string {
  return typeof value === 'number' ? csvNumber(value) : csvText(value);
}

export const CRLF = '\r\n';
