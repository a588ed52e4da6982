/**
 * The building's load follows the device's wall clock, not UTC. A zone is a
 * fixed offset in minutes east of UTC or an IANA name (which follows DST).
 */
export type Zone = number | string;

export interface LocalTime {
  /** fractional hour of the local day, 0 <= hour < 24 */
  hour: number;
  /** 0 = Sunday .. 6 = Saturday */
  weekday: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // Throws RangeError for an unknown zone, which is what a caller should see.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Offset of the zone from UTC at that instant, in ms. */
export function zoneOffsetMs(zone: Zone, atMs: number): number {
  if (typeof zone === 'number') return zone * 60_000;
  const parts: Record<string, number> = {};
  for (const p of formatterFor(zone).formatToParts(atMs)) parts[p.type] = Number(p.value);
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - Math.floor(atMs / 1000) * 1000;
}

export function localTime(zone: Zone, atMs: number): LocalTime {
  const local = atMs + zoneOffsetMs(zone, atMs);
  const msOfDay = ((local % DAY_MS) + DAY_MS) % DAY_MS;
  return { hour: msOfDay / HOUR_MS, weekday: new Date(local).getUTCDay() };
}

/** Rejects bad zones up front instead of on the first snapshot. */
export function checkZone(zone: Zone): Zone {
  if (typeof zone === 'number') {
    if (!Number.isFinite(zone) || Math.abs(zone) > 14 * 60) throw new RangeError(`bad time zone offset ${zone}`);
  } else {
    formatterFor(zone);
  }
  return zone;
}
