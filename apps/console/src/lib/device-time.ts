/** The device clock: unix seconds shown in the device's IANA time zone (000 §2 top bar). */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: true,
    };
    try {
      f = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      // An unknown zone name must not take the top bar down; UTC is the honest fallback.
      f = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    formatters.set(timeZone, f);
  }
  return f;
}

/** 'YYYY/MM/DD hh:mm:ss A', the spec's date format with seconds because the clock ticks. */
export function formatDeviceTime(unixSeconds: number, timeZone: string): string {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(unixSeconds * 1000))
      .map((p) => [p.type, p.value]),
  );
  const hour = parts.hour === '00' ? '12' : parts.hour;
  return `${parts.year}/${parts.month}/${parts.day} ${hour}:${parts.minute}:${parts.second} ${parts.dayPeriod?.toUpperCase()}`;
}

/**
 * A wall-clock text the meter wrote in 24-hour form ('YYYY/MM/DD HH:mm:ss', the demand maximum
 * times) in the console's one date format; anything else is shown as it came ('-').
 */
export function formatWallTime(text: string): string {
  const m = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return text;
  const [, y, mo, d, h, mi, s] = m;
  const h24 = Number(h);
  const h12 = String(h24 % 12 === 0 ? 12 : h24 % 12).padStart(2, '0');
  return `${y}/${mo}/${d} ${h12}:${mi}:${s} ${h24 < 12 ? 'AM' : 'PM'}`;
}

/** An instant the module wrote as ISO 8601 (a certificate's validity) in the one date format; other text as it came. */
export function formatIsoTime(iso: string, timeZone: string): string {
  const ms = /^\d{4}-\d{2}-\d{2}T/.test(iso) ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(ms) ? formatDeviceTime(Math.floor(ms / 1000), timeZone) : iso;
}

/** A calendar date ('YYYY-MM-DD', a release date) as the one date format writes it: 'YYYY/MM/DD'. */
export const formatDate = (date: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? date.replaceAll('-', '/') : date);

/** The device time now, ticking locally from the last answer. */
export const deviceNow = (currentTime: number, fetchedAtMs: number, nowMs: number): number => currentTime + Math.max(0, Math.floor((nowMs - fetchedAtMs) / 1000));

/**
 * A wall-clock time typed in a datetime-local input ('YYYY-MM-DDTHH:mm[:ss]'), read in the
 * device's time zone, as unix seconds. `endOfMinute` makes a time without seconds cover its whole
 * minute (the end of an interval). Undefined for an empty or malformed value.
 */
export function zonedToUnix(wall: string, timeZone: string, endOfMinute = false): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(wall);
  if (!m) return undefined;
  const field = (i: number) => Number(m[i]);
  const seconds = m[6] === undefined ? (endOfMinute ? 59 : 0) : Number(m[6]);
  const asUtc = Date.UTC(field(1), field(2) - 1, field(3), field(4), field(5), seconds);
  // The zone's offset at that instant: format the UTC guess in the zone and correct by the gap, twice for DST edges.
  let guess = asUtc;
  for (let i = 0; i < 2; i++) guess = asUtc - (wallOf(guess, timeZone) - guess);
  return Math.floor(guess / 1000);
}

/** The device's wall clock at an instant as a datetime-local value ('YYYY-MM-DDTHH:mm:ss'), the inverse of zonedToUnix. */
export function unixToZoned(unixSeconds: number, timeZone: string): string {
  return new Date(wallOf(unixSeconds * 1000, timeZone)).toISOString().slice(0, 19);
}

/** The device's wall clock at `ms`, read as if it were UTC (ms). */
function wallOf(ms: number, timeZone: string): number {
  const f = isoFormatter(timeZone);
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour) % 24, Number(p.minute), Number(p.second));
}

const isoFormatters = new Map<string, Intl.DateTimeFormat>();
function isoFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = isoFormatters.get(timeZone);
  if (!f) {
    const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' };
    try {
      f = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      f = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    isoFormatters.set(timeZone, f);
  }
  return f;
}
