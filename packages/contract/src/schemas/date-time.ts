/** Date and time (001 §3 "NTP config", §5 "NTP (when enabled)", §7): the NTP section, the clock calls. */
import { z } from 'zod';
import { dateTimeTexts } from '../messages.ts';
import { flag, optionalText, strictObject, text } from '../rules/fields.ts';
import { withMeta } from '../rules/field-meta.ts';
import { rules, type Checker } from '../rules/validators.ts';

export const NTP_SERVER_MAX_LENGTH = 40;

/** Whether the runtime knows the IANA zone (the module and every current browser share the tz database through Intl). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The IANA zones the runtime knows, for the searchable list (UTC first: some runtimes leave it out). */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return names.includes('UTC') ? names : ['UTC', ...names];
}

const L = dateTimeTexts.labels;
const zoneRule: Checker<string> = (v) => (isTimeZone(v) ? undefined : dateTimeTexts.unknownZone(v));
const server = (label: string) =>
  optionalText(label, rules.maxLength(label, NTP_SERVER_MAX_LENGTH) as Checker<string>, rules.noSpace(label) as Checker<string>, rules.ipOrDomain(label) as Checker<string>);

/** PUT settings/communication/ntpConfig: server 1 is required only while NTP is on (001 §5). */
export const ntpConfigSchema = strictObject({
  enable: withMeta(flag(L.enable), { description: dateTimeTexts.enableHelp }),
  ntpServer1: server(L.ntpServer(1)),
  ntpServer2: server(L.ntpServer(2)),
  ntpServer3: server(L.ntpServer(3)),
  timeZone: withMeta(text(L.timeZone, zoneRule), { suggestions: timeZoneNames() }),
  /** Set by the module at each successful sync; a body may carry it back unchanged. */
  lastUpdateTimestamp: withMeta(z.number().int().optional(), { label: L.lastUpdate }),
}).superRefine((v, c) => {
  if (v.enable === 1 && v.ntpServer1.trim() === '') c.addIssue({ code: 'custom', path: ['ntpServer1'], message: rules.required(L.ntpServer(1))('') ?? '' });
});
export type NtpConfigBody = z.input<typeof ntpConfigSchema>;

export const ntpConfigData = z.object({
  enable: z.number(),
  ntpServer1: z.string(),
  ntpServer2: z.string(),
  ntpServer3: z.string(),
  timeZone: z.string(),
  /** Unix seconds of the last successful sync, 0 before the first. */
  lastUpdateTimestamp: z.number(),
});
export type NtpConfig = z.infer<typeof ntpConfigData>;

/** GET command/getTime: the device clock (unix seconds) and its zone. */
export const timeData = z.object({ currentTime: z.number(), timeZone: z.string() });
export type TimeData = z.infer<typeof timeData>;

/** PATCH command/setMeterTime: the new device time in unix seconds. */
export const setMeterTimeBody = strictObject({
  timestamp: withMeta(
    z
      .number({ error: () => dateTimeTexts.badTimestamp })
      .int({ error: dateTimeTexts.badTimestamp })
      .min(946684800, { error: dateTimeTexts.badTimestamp })
      .max(4102444800, { error: dateTimeTexts.badTimestamp }),
    { label: L.clock },
  ),
});
