/**
 * Date & Time (001 §3 "NTP config", §4, §5, §7): schema, section and endpoints. Its texts are in the
 * shared catalogue (messages.ts): the lazily loaded time zone map reads them apart from this screen.
 */
import { z } from 'zod';
import { flag, optionalText, strictObject, text } from '../rules/fields.ts';
import { withMeta } from '../rules/field-meta.ts';
import { rules, type Checker, rule } from '../rules/validators.ts';
import { defineSection } from '../sections/section.ts';
import { successReply, valueOneBody } from '../schemas/common.ts';
import { ep, read, sectionRead, sectionWrite, write } from '../endpoints/define.ts';
import { dateTimeTexts } from '../messages.ts';

/** Date and time (001 §3 "NTP config", §5 "NTP (when enabled)", §7): the NTP section, the clock calls. */
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
const server = (label: string) => optionalText(label, rule.maxLength(NTP_SERVER_MAX_LENGTH), rule.noSpace(), rule.ipOrDomain());

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

/** Settings › Communication › Date & Time (001 §3 "NTP config"): saved whole, reboot prompt after a change (001 §4). */
export const ntpSection = defineSection({
  key: 'ntp',
  title: 'Date & Time settings',
  context: 'none',
  body: () => ntpConfigSchema,
  data: ntpConfigData,
  // The module stamps it at each sync; a body that carries it back never moves it.
  readOnly: ['lastUpdateTimestamp'],
  reboot: true,
  savedMessage: dateTimeTexts.saved,
});

export const dateTimeEndpoints = {
  // Date and time (001 §7): configuration view reads, configuration edit writes.
  ntpConfig: sectionRead('/settings/communication/ntpConfig', ntpSection, read('configuration')),
  saveNtpConfig: sectionWrite('/settings/communication/ntpConfig', ntpSection, write('configuration')),
  getTime: ep({ method: 'GET', path: '/command/getTime', reply: timeData, auth: read('configuration') }),
  /** Queries the NTP servers in order; replies 'Success', or the time-changed text when the clock moved more than a minute (sessions end). */
  syncTime: ep({ method: 'PATCH', path: '/command/syncTime', body: valueOneBody, reply: successReply, auth: write('configuration') }),
  /** Sets the device (and meter) clock; same replies as syncTime. */
  setMeterTime: ep({ method: 'PATCH', path: '/command/setMeterTime', body: setMeterTimeBody, reply: successReply, auth: write('configuration') }),
} as const;
