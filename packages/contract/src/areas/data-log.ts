/**
 * Data log settings (002 §2.6, §3.5, §5.4, §7.2): texts, schema, section and endpoints.
 */
import { z } from 'zod';
import type { MeterContext } from '../meter-state/context.ts';
import {
  DATA_LOG_FIFTEEN_SECONDS,
  DATA_LOG_FILE_LENGTH_OPTIONS,
  DATA_LOG_INTERVAL_OPTIONS,
  DATA_LOG_LOCAL_FILE_LENGTH_OPTIONS,
  DATA_LOG_PREFIX_MAX,
  FACILITY_ID_MAX,
  LOG_FILE_NAME_FORMAT_OPTIONS,
  LOG_FORMAT_JSON,
  LOG_FORMAT_OPTIONS,
  SFTP_PASSWORD_LENGTH,
  TIMESTAMP_FORMAT_OPTIONS,
  TIMESTAMP_ISO8601,
} from '../options/data-log.ts';
import { POST_CHANNEL_IDS } from '../options/posting.ts';
import { LOG_MASK_NAMES, LOG_VALUE_NAMES as V } from '../options/shared-texts.ts';
import { LOG_TYPE_MASK_FIELD, TREND_PARAM_BITS, type LogTypeName } from '../options/trend.ts';
import { withMeta } from '../rules/field-meta.ts';
import { formMessages as m } from '../shell-messages.ts';
import { bool, int, optionalText, select, strictObject, text } from '../rules/fields.ts';
import { rule } from '../rules/validators.ts';
import { fullMask } from '../trends/masks.ts';
import { checkField } from '../rules/checks.ts';
import { defineSection } from '../sections/section.ts';
import { successReply, emptyBody } from '../schemas/common.ts';
import { ep, read, sectionRead, sectionWrite, write } from '../endpoints/define.ts';

/** Data log settings (002 §4.2, §5.3, §5.4, §8.2); the texts the spec leaves out are decided (docs/decisions/communication-data-log-settings-and-sftp.md). */
export const dataLogTexts = {
  saved: 'Data log config saved',
  settingsTitle: 'Data log settings',
  sftpTitle: 'SFTP settings',
  paramRequired: m.required('Log Param Type Detail'),
  noFifteenSeconds: '15 seconds is not available when energy, demand or power quality parameters are logged',
  instOnly: 'Only instantaneous values are logged with energy, demand or power quality parameters',
  isoNotForJson: 'ISO8601 is not available for the json log file format',
  badMask: (label: string) => `${label} holds an unknown parameter`,
  typeUnavailable: (label: string) => `${label} are not available on this meter`,
  badChannel: 'Post Channel must list post channels 1 to 3, each once',
  channelDisabled: (n: number) => `Post Channel ${n} is disabled: enable it before a data log posts through it`,
  sftpPasswordHelp:
    '7 to 15 characters without spaces, with at least one number and one letter; add a non-alphanumeric character for a stronger password. There is no default password: SFTP stays off until one is set.',
  sftpPasswordSet: 'SFTP password changed',
  sftpPasswordReset: 'SFTP password cleared: SFTP is off until a new password is set',
  // The SFTP tab's password card (decided: the spec names the calls only).
  sftpPasswordCard: 'SFTP Password',
  setPassword: 'Set Password',
  resetPassword: 'Reset Password',
  resetConfirm: 'Clear the SFTP password? SFTP stays off until a new password is set.',
  resetFailed: 'SFTP password reset failed',
} as const;

const t = dataLogTexts;

/**
 * Data log settings (002 §3.4, §3.5, §4.2, §5.3, §5.4, §7.2): settings/communication/dataLogConfig
 * with dataLog1..3 under the meter's state (demand and pulse verified decide which parameter
 * types exist), and the SFTP access settings and password.
 */
export const DATA_LOG_LABELS = {
  enable: 'Enable',
  postChannel: 'Post Channel',
  realTimeMask: 'Real Time Parameters',
  energyMask: LOG_MASK_NAMES.energy,
  demandMask: LOG_MASK_NAMES.demand,
  powerQualityMask: LOG_MASK_NAMES.powerQuality,
  ioMask: 'I/O Parameters',
  isInstValueOn: V.inst,
  isMinValueOn: V.min,
  isMaxValueOn: V.max,
  isAvgValueOn: V.avg,
  timeStampFormat: 'Timestamp Format',
  logFileNameFormat: 'Log File Name Format',
  logFormat: 'Log File Format',
  facilityId: 'Facility ID',
  logInterval: V.interval,
  logFileLength: 'Log File Length',
  logFileNamePrefix: 'Log File Name Prefix',
  localLogFileLength: 'Local Log File Length',
  localLogFileNamePrefix: 'Local Log File Name Prefix',
} as const;
const L = DATA_LOG_LABELS;

/** Masks whose parameters are logged as instantaneous values only, at 1 minute or longer (§4.2). */
export const SLOW_MASKS = ['energyMask', 'demandMask', 'powerQualityMask'] as const;
const MASK_TYPES: readonly LogTypeName[] = ['realTime', 'energy', 'demand', 'powerQuality', 'io'];

/** The parameter types a meter offers: demand only when demand is verified, I/O (pulse) only when pulse is (§4.2). */
export function dataLogTypes(ctx: MeterContext): LogTypeName[] {
  return MASK_TYPES.filter((type) => (type !== 'demand' || ctx.demandVerified) && (type !== 'io' || ctx.pulseVerified));
}

const num = (label: string) => withMeta(z.number({ error: () => `${label} must be an integer` }), { label, kind: 'number' });
const loose = (label: string) => withMeta(z.string({ error: () => `${label} must be a text` }), { label, kind: 'text' });

/** A parameter mask edited as one checkbox per parameter bit (001 §3, 002 §9.3 "Masks hold summed option values"). */
const mask = (type: LogTypeName) =>
  withMeta(num(L[LOG_TYPE_MASK_FIELD[type]]), {
    kind: 'checkboxGroup',
    groupValue: 'mask',
    options: TREND_PARAM_BITS[type].map((b) => ({ value: b.bit, label: b.label })),
  });

/** The post channel selection: one checkbox per channel. */
export const POST_CHANNEL_OPTIONS = POST_CHANNEL_IDS.map((n) => ({ value: n, label: `Post Channel ${n}` }));

const dataLogRow = strictObject({
  enable: bool(L.enable),
  postChannel: withMeta(z.array(z.number({ error: () => t.badChannel }), { error: () => t.badChannel }), {
    label: L.postChannel,
    kind: 'checkboxGroup',
    groupValue: 'list',
    options: POST_CHANNEL_OPTIONS,
  }),
  realTimeMask: mask('realTime'),
  energyMask: mask('energy'),
  demandMask: mask('demand'),
  powerQualityMask: mask('powerQuality'),
  ioMask: mask('io'),
  isInstValueOn: bool(L.isInstValueOn),
  isMinValueOn: bool(L.isMinValueOn),
  isMaxValueOn: bool(L.isMaxValueOn),
  isAvgValueOn: bool(L.isAvgValueOn),
  timeStampFormat: withMeta(num(L.timeStampFormat), { kind: 'select', options: TIMESTAMP_FORMAT_OPTIONS }),
  logFileNameFormat: withMeta(num(L.logFileNameFormat), { kind: 'select', options: LOG_FILE_NAME_FORMAT_OPTIONS }),
  logFormat: withMeta(num(L.logFormat), { kind: 'select', options: LOG_FORMAT_OPTIONS }),
  facilityId: withMeta(loose(L.facilityId), { maxLength: FACILITY_ID_MAX }),
  logInterval: withMeta(num(L.logInterval), { kind: 'select', options: DATA_LOG_INTERVAL_OPTIONS }),
  logFileLength: withMeta(num(L.logFileLength), { kind: 'select', options: DATA_LOG_FILE_LENGTH_OPTIONS }),
  logFileNamePrefix: withMeta(loose(L.logFileNamePrefix), { maxLength: DATA_LOG_PREFIX_MAX }),
  localLogFileLength: withMeta(num(L.localLogFileLength), { kind: 'select', options: DATA_LOG_LOCAL_FILE_LENGTH_OPTIONS }),
  localLogFileNamePrefix: withMeta(loose(L.localLogFileNamePrefix), { maxLength: DATA_LOG_PREFIX_MAX }),
});
export type DataLogRow = z.infer<typeof dataLogRow>;

const prefix = (label: string) => text(label, rule.noSpace(), rule.alphaNum(), rule.maxLength(DATA_LOG_PREFIX_MAX));

/** §5.3 and §4.2 on one enabled log. */
export function checkDataLog(c: z.RefinementCtx, key: string, row: DataLogRow, ctx: MeterContext): void {
  const at = (field: keyof DataLogRow, schema: z.ZodType) => checkField(c, [key, field], schema, row[field]);
  const fail = (field: keyof DataLogRow, message: string) => c.addIssue({ code: 'custom', message, path: [key, field] });
  const types = dataLogTypes(ctx);
  for (const type of MASK_TYPES) {
    const field = LOG_TYPE_MASK_FIELD[type];
    const mask = row[field];
    if (!Number.isSafeInteger(mask) || mask < 0 || (mask & ~fullMask(type)) !== 0) fail(field, t.badMask(L[field]));
    else if (mask !== 0 && !types.includes(type)) fail(field, t.typeUnavailable(L[field]));
  }
  for (const n of row.postChannel) if (!(POST_CHANNEL_IDS as readonly number[]).includes(n)) fail('postChannel', t.badChannel);
  if (new Set(row.postChannel).size !== row.postChannel.length) fail('postChannel', t.badChannel);
  if (!row.enable) {
    // A disabled log keeps its choices: still whole numbers a device could hold (issue 14).
    for (const field of ['localLogFileLength', 'logFileLength', 'logFormat', 'logFileNameFormat', 'logInterval', 'timeStampFormat'] as const) at(field, int(L[field]));
    return;
  }
  at('localLogFileLength', select(L.localLogFileLength, DATA_LOG_LOCAL_FILE_LENGTH_OPTIONS));
  at('logFileLength', select(L.logFileLength, DATA_LOG_FILE_LENGTH_OPTIONS));
  at('logFormat', select(L.logFormat, LOG_FORMAT_OPTIONS));
  at('logFileNameFormat', select(L.logFileNameFormat, LOG_FILE_NAME_FORMAT_OPTIONS));
  at('logInterval', select(L.logInterval, DATA_LOG_INTERVAL_OPTIONS));
  at('timeStampFormat', select(L.timeStampFormat, TIMESTAMP_FORMAT_OPTIONS));
  if (row.logFormat === LOG_FORMAT_JSON && row.timeStampFormat === TIMESTAMP_ISO8601) fail('timeStampFormat', t.isoNotForJson);
  at('logFileNamePrefix', prefix(L.logFileNamePrefix));
  at('localLogFileNamePrefix', prefix(L.localLogFileNamePrefix));
  at('facilityId', optionalText(L.facilityId, rule.maxLength(FACILITY_ID_MAX)));
  const anyMask = MASK_TYPES.some((type) => row[LOG_TYPE_MASK_FIELD[type]] !== 0);
  const anyDetail = row.isInstValueOn || row.isMinValueOn || row.isMaxValueOn || row.isAvgValueOn;
  if (!anyMask || !anyDetail) fail('isInstValueOn', t.paramRequired);
  const slow = SLOW_MASKS.some((m) => row[m] !== 0);
  if (slow && row.logInterval === DATA_LOG_FIFTEEN_SECONDS) fail('logInterval', t.noFifteenSeconds);
  if (slow && (row.isMinValueOn || row.isMaxValueOn || row.isAvgValueOn || !row.isInstValueOn)) fail('isInstValueOn', t.instOnly);
}

export const DATA_LOG_KEYS = ['dataLog1', 'dataLog2', 'dataLog3'] as const;

/** PUT settings/communication/dataLogConfig: the whole object. */
export function dataLogConfigSchema(ctx: MeterContext) {
  return strictObject({ dataLog1: dataLogRow, dataLog2: dataLogRow, dataLog3: dataLogRow }).superRefine((v, c) => {
    for (const key of DATA_LOG_KEYS) checkDataLog(c, key, v[key], ctx);
  });
}
export const dataLogConfigData = z.object({ dataLog1: dataLogRow, dataLog2: dataLogRow, dataLog3: dataLogRow });
export type DataLogConfig = z.infer<typeof dataLogConfigData>;

/** SFTP access (002 §3.5): PUT settings/communication/sftpConfig {enable, port}; the password has its own calls. */
export const sftpConfigSchema = strictObject({
  enable: bool('SFTP'),
  port: withMeta(int('SFTP Port', rule.between(1, 65535)), { min: 1, max: 65535 }),
});
export const sftpConfigData = z.object({ enable: z.boolean(), port: z.number() });
export type SftpConfig = z.infer<typeof sftpConfigData>;

/** §5.4: 7 to 15 characters, no spaces, at least one number and one letter. */
export const sftpPassword = withMeta(
  text(t.sftpPasswordCard, rule.minLength(SFTP_PASSWORD_LENGTH[0]), rule.maxLength(SFTP_PASSWORD_LENGTH[1]), rule.noSpace(), rule.hasNum(), rule.hasAlpha()),
  { secret: true, help: t.sftpPasswordHelp },
);
export const setSftpPasswordBody = strictObject({ password: sftpPassword });

/** The data log settings (002 §3.4) and the SFTP access settings (§3.5). */
export const dataLogSection = defineSection({
  key: 'dataLogConfig',
  title: dataLogTexts.settingsTitle,
  context: 'meter',
  body: dataLogConfigSchema,
  data: dataLogConfigData,
  reboot: true,
  savedMessage: dataLogTexts.saved,
});

export const sftpSection = defineSection({
  key: 'sftpConfig',
  title: dataLogTexts.sftpTitle,
  context: 'none',
  body: () => sftpConfigSchema,
  data: sftpConfigData,
  reboot: true,
  savedMessage: dataLogTexts.saved,
  defaults: () => ({ enable: false, port: 22 }),
});

export const dataLogEndpoints = {
  // Data log settings and SFTP access (002 §7.2): configuration view reads, configuration edit writes.
  dataLogConfig: sectionRead('/settings/communication/dataLogConfig', dataLogSection, read('configuration')),
  saveDataLogConfig: sectionWrite('/settings/communication/dataLogConfig', dataLogSection, write('configuration')),
  sftpConfig: sectionRead('/settings/communication/sftpConfig', sftpSection, read('configuration')),
  saveSftpConfig: sectionWrite('/settings/communication/sftpConfig', sftpSection, write('configuration')),
  /** Takes effect for new connections; `value` 'Success'. */
  setSftpPassword: ep({ method: 'PATCH', path: '/command/setSftpPassword', body: setSftpPasswordBody, reply: successReply, auth: write('configuration') }),
  /** Back to the default password (README); `value` 'Success'. */
  resetSftpPassword: ep({ method: 'PATCH', path: '/command/resetSftpPassword', body: emptyBody, reply: successReply, auth: write('configuration') }),
} as const;
