/**
 * The building's load follows the device's wall clock, not UTC. A zone is a fixed offset in
 * minutes east of UTC or an IANA name (which follows DST); the zone arithmetic is the contract's.
 */
import { zoneOffsetSeconds, type TimeZone } from '@meter/contract';

export type Zone = TimeZone;

export interface LocalTime {
  /** fractional hour of the local day, 0 <= hour < 24 */
  hour: number;
  /** 0 = Sunday .. 6 = Saturday */
  weekday: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Offset of the zone from UTC at that instant, in ms. */
export function zoneOffsetMs(zone: Zone, atMs: number): number {
  return zoneOffsetSeconds(zone, atMs / 1000) * 1000;
}

export function localTime(zone: Zone, atMs: number): LocalTime {
  const local = atMs + zoneOffsetMs(zone, atMs);
  const msOfDay = ((local % DAY_MS) + DAY_MS) % DAY_MS;
  return { hour: msOfDay / HOUR_MS, weekday: new Date(local).getUTCDay() };
}

/** Rejects bad zones up front instead of on the first snapshot (an unknown name throws RangeError). */
export function checkZone(zone: Zone): Zone {
  if (typeof zone === 'number') {
    if (!Number.isFinite(zone) || Math.abs(zone) > 14 * 60) throw new RangeError(`bad time zone offset ${zone}`);
  } else {
    zoneOffsetSeconds(zone, 0);
  }
  return zone;
}
