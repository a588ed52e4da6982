/**
 * E-mail (001 §2 "Communication, Email", §8; issue 9 delivery): labels, texts, schema, section and endpoints.
 */
import { z } from 'zod';
import { withMeta } from '../rules/field-meta.ts';
import { flag, intBetween, oneOf, optionalText, select, strictObject } from '../rules/fields.ts';
import { type Checker, type FieldRule, isDomain, isIPv4, rules, rule } from '../rules/validators.ts';
import { checkField } from '../rules/checks.ts';
import { defineSection } from '../sections/section.ts';
import { successReply } from '../schemas/common.ts';
import { ep, read, sectionRead, sectionWrite, write } from '../endpoints/define.ts';
import { postingTexts } from './posting/texts.ts';

/** E-mail (001 §2 "Communication, Email", §8): the spec's texts, then the ones decided here (docs/decisions/communication-email.md). */
export const emailTexts = {
  saved: 'Email config saved',
  testResult: 'Test Result',
  // Decided.
  title: 'Email',
  settingsTitle: 'Email settings',
  enable: 'Enable',
  disable: 'Disable',
  cards: {
    server: 'Server',
    user: 'User',
    recipient: 'Recipient',
    periodic: 'Periodic Email Reporting',
    realTime: 'Real-Time Email Reporting',
  },
  labels: {
    enable: 'SMTP',
    smtpServer: 'SMTP Server',
    smtpPort: 'SMTP Port',
    isTLSSSLOn: 'TLS/SSL',
    smtpFrom: 'From',
    smtpSubject: 'Subject',
    isAuthOn: 'Authentication',
    smtpUserName: 'User Name',
    smtpPassword: 'Password',
    smtpToAddress: (n: number) => `Recipient ${n}`,
    sendStartTime: 'Start Time',
    smtpSendingInterval: 'Sending Interval',
    realTimeSending: 'Real-Time Values',
    energySending: 'Energy',
    alarmSending: 'Alarms',
    demandSending: 'Demand',
    sysEventSending: 'System Events',
    diSending: 'Digital Inputs',
    alarmTriggered: 'Alarm Triggered',
    sysEventTriggered: 'System Event Triggered',
  },
  startTimeHelp: 'YYYY-MM-DD HH:MM, device time',
  badStartTime: (label: string) => `${label} must be a date and time as YYYY-MM-DD HH:MM`,
  test: 'Test',
  testHint: 'The test email uses the saved settings.',
  // testEmail's result text and the module event log: what happened, in words.
  testOk: (to: string, target: string) => `Test email to ${to} accepted by ${target}`,
  disabled: 'SMTP is disabled',
  noRecipient: (n: number) => `Recipient ${n} is empty`,
  // Refused, reset, another protocol or the module's own port: one text (issue 25, outbound guard).
  couldNotConnect: (target: string) => `Could not connect to ${target}`,
  notFound: (host: string) => `Host ${host} not found`,
  timedOut: (target: string, seconds: number) => `No answer from ${target} within ${seconds} s: timed out`,
  authFailed: (target: string) => `Connected to ${target}: authentication failed`,
  tlsFailed: (target: string, reason: string) => `Connected to ${target}: TLS failed: ${reason}`,
  noStartTls: (target: string) => `Connected to ${target}: the server does not offer STARTTLS`,
  rejected: (target: string, reply: string) => `Connected to ${target}: the server refused the mail: ${reply}`,
  failed: (target: string, reason: string) => `Sending to ${target} failed: ${reason}`,
  event: (what: string, reason: string) => `Email ${what}: ${reason}`,
  // The mails (decided: the spec shows none).
  testSubject: (subject: string) => `${subject} (test)`,
  testBody: (serial: string, at: string) => `This is a test email from meter ${serial}, sent at ${at}.`,
  periodicSubject: (subject: string) => `${subject} (report)`,
  realTimeSubject: (subject: string) => `${subject} (event)`,
} as const;

/** E-mail delivery (issue 9; docs/decisions/communication-email.md "E-mail"): the queue, its health and the untrusted certificate; ours, the spec gives none. */
export const emailDeliveryTexts = {
  health: 'Email Health',
  lastSuccess: postingTexts.lastSuccess,
  lastFailure: postingTexts.lastFailure,
  waiting: 'Mails Waiting',
  never: 'Never',
  untrusted: (target: string) => `Connected to ${target}: the server's certificate is not trusted, nothing was sent`,
  queued: (what: string, reason: string) => `Email ${what}: ${reason}; queued, will retry`,
  dropped: (what: string, reason: string) => `Email ${what}: ${reason}; refused for good, the mail is dropped`,
  queueFull: (what: string, max: number) => `Email ${what}: more than ${max} mails waiting, the oldest is dropped`,
  delivered: (what: string, target: string) => `Email ${what}: accepted by ${target}`,
} as const;

/**
 * The SMTP config (001 "SMTP config") and its rules (001 §5 "E-mail (when enabled)", §9): the
 * fields the spec names, with labels and the TLS/SSL option list decided here (docs/decisions/communication-email.md,
 * E-mail). The rules apply while SMTP is on; a password sent as '' has taken the stored one
 * before these rules see it (the section service), so "required" judges what would be used.
 */
export const EMAIL_RECIPIENT_IDS = [1, 2, 3] as const;
export const EMAIL_INTERVAL_RANGE = [5, 1440] as const;
export const EMAIL_TEXT_MAX = 40;
export const EMAIL_SUBJECT_MAX = 30;
export const EMAIL_PASSWORD_MAX = 32;
export const SMTP_DEFAULT_PORT = 25;

/** isTLSSSLOn: how the connection is protected (decided: the spec says only "TLS/SSL choice"). */
export const SMTP_SECURITY = { none: 0, tls: 1, startTls: 2 } as const;
export const SMTP_SECURITY_OPTIONS = [
  { value: SMTP_SECURITY.none, label: 'None' },
  { value: SMTP_SECURITY.tls, label: 'SSL/TLS' },
  { value: SMTP_SECURITY.startTls, label: 'STARTTLS' },
] as const;

/** The periodic report's contents, in the order of the card and of the report. */
export const EMAIL_PERIODIC_FLAGS = ['realTimeSending', 'energySending', 'alarmSending', 'demandSending', 'sysEventSending', 'diSending'] as const;
export type EmailPeriodicFlag = (typeof EMAIL_PERIODIC_FLAGS)[number];
export const EMAIL_REALTIME_FLAGS = ['alarmTriggered', 'sysEventTriggered'] as const;

const L = emailTexts.labels;
/** 'YYYY-MM-DD HH:MM', the device's local time (decided: the spec says only "Start time"). */
const START_TIME_RE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;

export function parseStartTime(v: string): { year: number; month: number; day: number; hour: number; minute: number } | undefined {
  const m = START_TIME_RE.exec(v.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (year < 2000 || year > 2099 || month < 1 || month > 12 || day < 1 || day > days || hour > 23 || minute > 59) return undefined;
  return { year, month, day, hour, minute };
}

const startTimeRule: Checker<string> = (v) => (v.trim() === '' || parseStartTime(v) ? undefined : emailTexts.badStartTime(L.sendStartTime));
// 001 says "valid domain"; an IPv4 address names a relay as well (decided, docs/decisions/communication-email.md).
const serverRule: Checker<string> = (v) => (v.trim() === '' || isDomain(v) || isIPv4(v) ? undefined : (rules.domain(L.smtpServer)(v) ?? undefined));

const maxText = (label: string, max: number, ...more: FieldRule<string>[]) => withMeta(optionalText(label, rule.maxLength(max), ...more), { maxLength: max });
const enableRadio = (label: string) =>
  withMeta(oneOf(label, [0, 1] as const), {
    kind: 'radio',
    options: [
      { value: 1, label: emailTexts.enable },
      { value: 0, label: emailTexts.disable },
    ],
  });

export const smtpConfig = strictObject({
  enable: enableRadio(L.enable),
  smtpServer: maxText(L.smtpServer, EMAIL_TEXT_MAX, serverRule),
  smtpPort: intBetween(L.smtpPort, 1, 65535),
  isTLSSSLOn: select(L.isTLSSSLOn, SMTP_SECURITY_OPTIONS),
  smtpFrom: maxText(L.smtpFrom, EMAIL_TEXT_MAX),
  smtpSubject: maxText(L.smtpSubject, EMAIL_SUBJECT_MAX),
  isAuthOn: flag(L.isAuthOn),
  smtpUserName: maxText(L.smtpUserName, EMAIL_TEXT_MAX, rule.email()),
  smtpPassword: withMeta(maxText(L.smtpPassword, EMAIL_PASSWORD_MAX), { kind: 'password', secret: true }),
  smtpToAddress1: maxText(L.smtpToAddress(1), EMAIL_TEXT_MAX, rule.email()),
  smtpToAddress2: maxText(L.smtpToAddress(2), EMAIL_TEXT_MAX, rule.email()),
  smtpToAddress3: maxText(L.smtpToAddress(3), EMAIL_TEXT_MAX, rule.email()),
  sendStartTime: withMeta(optionalText(L.sendStartTime, startTimeRule), { help: emailTexts.startTimeHelp }),
  smtpSendingInterval: withMeta(intBetween(L.smtpSendingInterval, ...EMAIL_INTERVAL_RANGE), { unit: 'minutes' }),
  realTimeSending: flag(L.realTimeSending),
  energySending: flag(L.energySending),
  alarmSending: flag(L.alarmSending),
  demandSending: flag(L.demandSending),
  sysEventSending: flag(L.sysEventSending),
  diSending: flag(L.diSending),
  alarmTriggered: flag(L.alarmTriggered),
  sysEventTriggered: flag(L.sysEventTriggered),
}).superRefine((v, c) => {
  if (v.enable !== 1) return;
  const required = (key: keyof typeof v & string, label: string) => {
    if (String(v[key] ?? '').trim() === '') c.addIssue({ code: 'custom', message: rules.required(label)(v[key]) ?? '', path: [key] });
  };
  required('sendStartTime', L.sendStartTime);
  required('smtpServer', L.smtpServer);
  required('smtpFrom', L.smtpFrom);
  required('smtpSubject', L.smtpSubject);
  required('smtpToAddress1', L.smtpToAddress(1));
  if (v.isAuthOn === 1) {
    required('smtpUserName', L.smtpUserName);
    required('smtpPassword', L.smtpPassword);
    checkField(c, ['isTLSSSLOn'], select(L.isTLSSSLOn, SMTP_SECURITY_OPTIONS), v.isTLSSSLOn);
  }
});
export type SmtpConfig = z.infer<typeof smtpConfig>;

/** PATCH command/testEmail: the recipient 1-3 the test goes to (001 §7). */
export const testEmailBody = strictObject({ channel: intBetween('channel', 1, EMAIL_RECIPIENT_IDS.length) });

/** GET command/emailStatus: the channel's health (decided: the spec shows none). */
export const emailStatus = z.object({
  /** Mails queued on disk, not yet accepted by the server. */
  waiting: z.number(),
  /** `mail` names what was sent: 'report', 'alarm', 'system event', 'test to …'. */
  lastSuccess: z.object({ time: z.number(), mail: z.string() }).nullable(),
  lastFailure: z.object({ time: z.number(), reason: z.string() }).nullable(),
});
export type EmailStatus = z.infer<typeof emailStatus>;

/** The e-mail (SMTP) config (001): saved with 'Email config saved', then the reboot prompt (001 §4). */
export const DEFAULT_SMTP_CONFIG = (): SmtpConfig => ({
  enable: 0,
  smtpServer: '',
  smtpPort: SMTP_DEFAULT_PORT,
  isTLSSSLOn: SMTP_SECURITY.none,
  smtpFrom: '',
  smtpSubject: '',
  isAuthOn: 0,
  smtpUserName: '',
  smtpPassword: '',
  smtpToAddress1: '',
  smtpToAddress2: '',
  smtpToAddress3: '',
  sendStartTime: '',
  smtpSendingInterval: 60,
  realTimeSending: 0,
  energySending: 0,
  alarmSending: 0,
  demandSending: 0,
  sysEventSending: 0,
  diSending: 0,
  alarmTriggered: 0,
  sysEventTriggered: 0,
});

export const smtpSection = defineSection({
  key: 'smtpConfig',
  title: emailTexts.settingsTitle,
  context: 'none',
  body: () => smtpConfig,
  data: smtpConfig,
  reboot: true,
  savedMessage: emailTexts.saved,
  defaults: DEFAULT_SMTP_CONFIG,
});

/** E-mail (001 §7): the SMTP config section, the test mail to one recipient, and the channel's health. */
export const emailEndpoints = {
  smtpConfig: sectionRead('/settings/communication/smtpConfig', smtpSection, read('configuration')),
  saveSmtpConfig: sectionWrite('/settings/communication/smtpConfig', smtpSection, write('configuration')),
  /** Sends a real mail with the saved settings to recipient `channel`; `value` is the Test Result in words. */
  testEmail: ep({ method: 'PATCH', path: '/command/testEmail', body: testEmailBody, reply: successReply, auth: write('configuration') }),
  /** The channel's health (decided: not in the spec): last success, last failure with its reason, mails waiting. */
  emailStatus: ep({ method: 'GET', path: '/command/emailStatus', reply: emailStatus, auth: read('configuration') }),
} as const;
