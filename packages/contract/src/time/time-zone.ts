/**
 * Calendar arithmetic in the device's time zone (an IANA name, which follows DST, or a fixed
 * offset in minutes east of UTC). Trend presets, day/month buckets and the export's ISO stamps
 * are all in the device zone, because that is the clock the console shows (000 §2).
 * Pure (Intl only), so the console and the module compute the same boundaries.
 */
export type TimeZone = string | number;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    // Throws RangeError for an unknown zone: a caller bug that must not turn into UTC silently.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The offset at a whole second, from the zone's wall clock at that second (Intl). */
function offsetAt(zone: string, t: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(zone).formatToParts(t * 1000)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  // A part the formatter did not give reads NaN, and so does the offset.
  const { year = NaN, month = NaN, day = NaN, hour = NaN, minute = NaN, second = NaN } = parts;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second) / 1000;
  return wall - t;
}

const DAY_S = 86_400;
/**
 * A zone's offset by UTC day: the same at the day's first and last second, it holds for the whole
 * day (a zone changes its offset a few times a year, never twice within a day); NaN marks a day
 * with a change in it, asked second by second. The simulator asks at every step of its catch-up,
 * where Intl's formatting was a third of a first start's time. Bounded: cleared when full.
 */
const dayOffsets = new Map<string, number>();
const DAY_OFFSETS_MAX = 4096;

/** Offset of the zone from UTC at that instant, in seconds (east positive). */
export function zoneOffsetSeconds(zone: TimeZone, unixSeconds: number): number {
  if (typeof zone === 'number') return zone * 60;
  const t = Math.floor(unixSeconds);
  const day = Math.floor(t / DAY_S);
  const key = `${zone} ${day}`;
  let offset = dayOffsets.get(key);
  if (offset === undefined) {
    const first = offsetAt(zone, day * DAY_S);
    offset = first === offsetAt(zone, day * DAY_S + DAY_S - 1) ? first : NaN;
    if (dayOffsets.size >= DAY_OFFSETS_MAX) dayOffsets.clear();
    dayOffsets.set(key, offset);
  }
  return Number.isNaN(offset) ? offsetAt(zone, t) : offset;
}

/** Local wall-clock fields of an instant. Month 1..12. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function localDate(zone: TimeZone, unixSeconds: number): LocalDate {
  const d = new Date((Math.floor(unixSeconds) + zoneOffsetSeconds(zone, unixSeconds)) * 1000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/**
 * The instant at which the local wall clock reads these fields. Fields may overflow (day 0,
 * month 13) like Date.UTC. In a DST gap the later instant is taken; in an overlap the earlier.
 */
export function fromLocal(zone: TimeZone, year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second) / 1000;
  if (typeof zone === 'number') return wall - zone * 60;
  // Offsets a day either side (at most one transition between them in real zones): a candidate
  // is right when the zone has that offset at the candidate instant.
  const before = zoneOffsetSeconds(zone, wall - 86_400);
  const after = zoneOffsetSeconds(zone, wall + 86_400);
  const a = wall - before;
  const b = wall - after;
  const aOk = zoneOffsetSeconds(zone, a) === before;
  const bOk = zoneOffsetSeconds(zone, b) === after;
  if (aOk && bOk) return Math.min(a, b);
  if (bOk) return b;
  // Valid with the earlier offset, or in a gap: the earlier offset lands just past the gap
  // (a day that starts at 01:00 because midnight was skipped starts at 01:00).
  return a;
}

export function startOfLocalDay(zone: TimeZone, unixSeconds: number): number {
  const d = localDate(zone, unixSeconds);
  return fromLocal(zone, d.year, d.month, d.day);
}

/** The last second of the local day (the spec's "end of day"). */
export function endOfLocalDay(zone: TimeZone, unixSeconds: number): number {
  const d = localDate(zone, unixSeconds);
  return fromLocal(zone, d.year, d.month, d.day + 1) - 1;
}

/** Start of the local day `days` days after the day of the instant (negative goes back). */
export function addLocalDays(zone: TimeZone, unixSeconds: number, days: number): number {
  const d = localDate(zone, unixSeconds);
  return fromLocal(zone, d.year, d.month, d.day + days);
}

export function startOfLocalMonth(zone: TimeZone, unixSeconds: number, addMonths = 0): number {
  const d = localDate(zone, unixSeconds);
  return fromLocal(zone, d.year, d.month + addMonths, 1);
}

export function startOfLocalYear(zone: TimeZone, unixSeconds: number, addYears = 0): number {
  const d = localDate(zone, unixSeconds);
  return fromLocal(zone, d.year + addYears, 1, 1);
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** ISO 8601 with the zone's offset at that instant, e.g. 2026-03-01T08:00:00-05:00. */
export function isoWithOffset(zone: TimeZone, unixSeconds: number, offsetSeconds = zoneOffsetSeconds(zone, unixSeconds)): string {
  const d = new Date((Math.floor(unixSeconds) + offsetSeconds) * 1000);
  const sign = offsetSeconds < 0 ? '-' : '+';
  const abs = Math.abs(offsetSeconds);
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}` +
    `${sign}${pad(Math.floor(abs / 3600))}:${pad(Math.floor((abs % 3600) / 60))}`
  );
}
