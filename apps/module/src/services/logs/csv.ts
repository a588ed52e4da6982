/**
 * CSV as the device writes it: RFC 4180 quoting, and cells a spreadsheet would run as a formula
 * (starting with = + - @, or tab / carriage return) neutralised with a leading apostrophe (OWASP
 * "CSV injection"). Log messages carry user names, which the module does not choose.
 */
import { zoneOffsetMs, type Zone } from '../../meter/local-time.ts';

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number): string {
  let s = String(value);
  if (typeof value === 'string' && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One complete line, ending in CRLF (RFC 4180), so a line is appended whole or not at all. */
export const csvLine = (cells: readonly (string | number)[]): string => cells.map(csvCell).join(',') + '\r\n';

const pad = (n: number, w = 2) => String(Math.abs(n)).padStart(w, '0');

/** Offsets change only on quarter-hour instants (DST steps at whole local hours or halves). */
const SLOT_MS = 900_000;
const OFFSET_CACHE_LIMIT = 10_000;
const offsets = new Map<string, number>();

/**
 * The zone's offset, asked of Intl once per quarter hour and zone: Intl takes 70 µs a call on
 * the 2-core bench machine, which made a 100,000-row log export hold the loop ~140 ms a batch.
 */
function cachedOffsetMs(zone: Zone, ms: number): number {
  if (typeof zone === 'number') return zone * 60_000;
  const slot = Math.floor(ms / SLOT_MS);
  const key = `${zone}|${slot}`;
  let o = offsets.get(key);
  if (o === undefined) {
    if (offsets.size >= OFFSET_CACHE_LIMIT) offsets.clear();
    o = zoneOffsetMs(zone, slot * SLOT_MS);
    offsets.set(key, o);
  }
  return o;
}

/** Wall-clock fields of an instant in the zone, and the zone's offset then. */
export function wallClock(ms: number, zone: Zone): { y: number; mo: number; d: number; h: number; mi: number; s: number; offsetMin: number } {
  const offset = cachedOffsetMs(zone, ms);
  const t = new Date(Math.floor(ms / 1000) * 1000 + offset);
  return {
    y: t.getUTCFullYear(),
    mo: t.getUTCMonth() + 1,
    d: t.getUTCDate(),
    h: t.getUTCHours(),
    mi: t.getUTCMinutes(),
    s: t.getUTCSeconds(),
    offsetMin: Math.round(offset / 60_000),
  };
}

/** ISO 8601 with the device zone's offset: 2026-03-01T03:00:00-05:00. */
export function isoWithOffset(ms: number, zone: Zone): string {
  const w = wallClock(ms, zone);
  const sign = w.offsetMin < 0 ? '-' : '+';
  const off = Math.abs(w.offsetMin);
  return `${w.y}-${pad(w.mo)}-${pad(w.d)}T${pad(w.h)}:${pad(w.mi)}:${pad(w.s)}${sign}${pad(Math.floor(off / 60))}:${pad(off % 60)}`;
}

/** Local time string (002 §9.3 timestamp format 0): 2026-03-01 03:00:00. */
export function localString(ms: number, zone: Zone): string {
  const w = wallClock(ms, zone);
  return `${w.y}-${pad(w.mo)}-${pad(w.d)} ${pad(w.h)}:${pad(w.mi)}:${pad(w.s)}`;
}

/** Compact local stamp for file names: 20260301_030000. */
export function fileStamp(ms: number, zone: Zone): string {
  const w = wallClock(ms, zone);
  return `${w.y}${pad(w.mo)}${pad(w.d)}_${pad(w.h)}${pad(w.mi)}${pad(w.s)}`;
}
