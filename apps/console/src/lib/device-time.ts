/** The device clock: unix seconds shown in the device's IANA time zone (000 §2 top bar). */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: true,
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
  const parts = Object.fromEntries(formatterFor(timeZone).formatToParts(new Date(unixSeconds * 1000)).map((p) => [p.type, p.value]));
  const hour = parts.hour === '00' ? '12' : parts.hour;
  return `${parts.year}/${parts.month}/${parts.day} ${hour}:${parts.minute}:${parts.second} ${parts.dayPeriod?.toUpperCase()}`;
}

/** The device time now, ticking locally from the last answer. */
export const deviceNow = (currentTime: number, fetchedAtMs: number, nowMs: number): number =>
  currentTime + Math.max(0, Math.floor((nowMs - fetchedAtMs) / 1000));
