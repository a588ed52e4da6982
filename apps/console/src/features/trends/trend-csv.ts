/**
 * CSV export of the rows a trend chart shows (000 §2: named from title, parameter and the word
 * Data), pure. Timestamps are ISO 8601 with the device zone's offset at that instant; columns
 * read like the module's trend file ('VLN Phase A (V)'). Text cells that a spreadsheet would run
 * as a formula get a leading apostrophe; numbers, negative ones too, stay numbers.
 */
import { isoWithOffset, type TrendRow } from '@meter/contract';

export const trendCsvFileName = (title: string, parameter: string): string => `${title} ${parameter} Data.csv`;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  const text = FORMULA_START.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvColumn = (parameter: string, channel: string, unit: string): string => (unit ? `${parameter} ${channel} (${unit})` : `${parameter} ${channel}`);

export interface TrendCsvInput {
  rows: readonly TrendRow[];
  channels: readonly string[];
  parameter: string;
  unit: string;
  zone: string;
}

/** CRLF lines (as the module's trend file): the header, then one line per row in time order. */
export function trendCsv({ rows, channels, parameter, unit, zone }: TrendCsvInput): string {
  const header = ['Timestamp', ...channels.map((c) => csvColumn(parameter, c, unit))];
  const lines = [header.map(csvCell).join(',')];
  for (const row of [...rows].sort((a, b) => a.Timestamp - b.Timestamp)) {
    lines.push([isoWithOffset(zone, row.Timestamp), ...channels.map((c) => row[c])].map(csvCell).join(','));
  }
  return lines.join('\r\n') + '\r\n';
}
