/**
 * Post channels (002 §3.6, §5.5, §7.2): labels, schema, section and endpoints; the texts in texts.ts.
 */
import { z } from 'zod';
import { namedRuleMessages as n } from '../../messages.ts';
import { bool, int, intBetween, oneOf, optionalText, strictObject, text, select } from '../../rules/fields.ts';
import { withMeta } from '../../rules/field-meta.ts';
import { rule } from '../../rules/validators.ts';
import {
  ACUCLOUD_CHANNEL,
  FTP_DIRECTORY,
  FTP_DIRECTORY_OPTIONS,
  HTTP_AUTH_BASIC,
  HTTP_AUTH_OPTIONS,
  POST_CHANNEL_COUNT,
  POST_CHANNEL_IDS,
  POST_LIMITS as LIM,
  POST_METHODS,
} from '../../options/posting.ts';
import { checkField } from '../../rules/checks.ts';
import { defineSection } from '../../sections/section.ts';
import { successReply } from '../../schemas/common.ts';
import { ep, read, sectionRead, sectionWrite, write } from '../../endpoints/define.ts';
import { postingTexts } from './texts.ts';

const t = postingTexts;

/**
 * Post channels (002 §3.6, §5.5, §7.2): settings/communication/dataPostConfig with dataPost1..3,
 * the testPoster / clearFolder commands and each channel's health. A channel's fields are only
 * shapes here; the rules of its method apply while it is enabled (the form shows only those).
 */
/** Field labels (decided: 002 shows the fields, not their labels); the spec's messages name them. */
export const POST_LABELS = {
  enable: 'Enable',
  postMethod: 'Post Method',
  includeHeader: 'Include Header',
  sampleHeader: 'Sample Header',
  isFixed: 'Fixed File Name',
  manualInputName: 'File Name',
  HTTPAddress: 'HTTP/HTTPS URL',
  HTTPPort: 'HTTP/HTTPS Port',
  HTTPMeterId: 'Meter ID',
  HTTPAuthenticationMethod: 'Authentication Method',
  username: 'HTTP/HTTPS Username',
  password: 'HTTP/HTTPS Password',
  directoryOption: 'Directory',
  directoryName: 'Directory Name',
  FTPAddress: 'FTP URL',
  FTPPort: 'FTP Port',
  FTPUsername: 'FTP Username',
  FTPPassword: 'FTP Password',
  SFTPAddress: 'SFTP URL',
  SFTPPort: 'SFTP Port',
  SFTPUsername: 'SFTP Username',
  SFTPPassword: 'SFTP Password',
} as const;
const L = POST_LABELS;

const loose = (label: string) => withMeta(z.string({ error: () => n.string(label) }), { label, kind: 'text' });
const looseInt = (label: string, min: number, max: number) => withMeta(z.number({ error: () => `${label} must be an integer` }), { label, kind: 'number', min, max });
const secret = (label: string) => withMeta(loose(label), { secret: true });

export const postChannelInfoSchema = strictObject({
  includeHeader: bool(L.includeHeader),
  sampleHeader: withMeta(loose(L.sampleHeader), { maxLength: LIM.sampleHeader }),
  isFixed: bool(L.isFixed),
  manualInputName: withMeta(loose(L.manualInputName), { maxLength: LIM.fixedName }),
  HTTPAddress: loose(L.HTTPAddress),
  HTTPPort: looseInt(L.HTTPPort, ...LIM.port),
  HTTPMeterId: loose(L.HTTPMeterId),
  HTTPAuthenticationMethod: withMeta(z.number({ error: () => n.oneOf(L.HTTPAuthenticationMethod) }), { label: L.HTTPAuthenticationMethod, kind: 'select', options: HTTP_AUTH_OPTIONS }),
  username: loose(L.username),
  password: secret(L.password),
  directoryOption: withMeta(z.number({ error: () => n.oneOf(L.directoryOption) }), { label: L.directoryOption, kind: 'select', options: FTP_DIRECTORY_OPTIONS }),
  directoryName: withMeta(loose(L.directoryName), { maxLength: LIM.directoryName }),
  FTPAddress: loose(L.FTPAddress),
  FTPPort: looseInt(L.FTPPort, ...LIM.port),
  FTPUsername: withMeta(loose(L.FTPUsername), { maxLength: LIM.credential }),
  FTPPassword: withMeta(secret(L.FTPPassword), { maxLength: LIM.credential }),
  SFTPAddress: loose(L.SFTPAddress),
  SFTPPort: looseInt(L.SFTPPort, ...LIM.port),
  SFTPUsername: withMeta(loose(L.SFTPUsername), { maxLength: LIM.credential }),
  SFTPPassword: withMeta(secret(L.SFTPPassword), { maxLength: LIM.credential }),
});
export type PostChannelInfo = z.infer<typeof postChannelInfoSchema>;

const postChannelSchema = strictObject({
  enable: bool(L.enable),
  postMethod: withMeta(oneOf(L.postMethod, POST_METHODS), { kind: 'select' }),
  postChannelInfo: postChannelInfoSchema,
});
export type PostChannelConfig = z.infer<typeof postChannelSchema>;

const port = (label: string) => intBetween(label, ...LIM.port);
const credential = (label: string) => text(label, rule.maxLength(LIM.credential));

/** §5.5: the rules of the chosen method, on an enabled channel. */
export function checkPostChannel(c: z.RefinementCtx, key: string, ch: PostChannelConfig): void {
  const at = (field: keyof PostChannelInfo, schema: z.ZodType) => checkField(c, [key, 'postChannelInfo', field], schema, ch.postChannelInfo[field]);
  // The methods not chosen (and a disabled channel) keep their numbers, still in range (issue 14).
  const shown = ch.enable ? ch.postMethod : undefined;
  if (shown !== 'HTTP') at('HTTPPort', port(L.HTTPPort));
  if (shown !== 'HTTP') at('HTTPAuthenticationMethod', int(L.HTTPAuthenticationMethod));
  if (shown !== 'FTP') at('FTPPort', port(L.FTPPort));
  if (shown !== 'FTP') at('directoryOption', int(L.directoryOption));
  if (shown !== 'SFTP') at('SFTPPort', port(L.SFTPPort));
  if (!ch.enable) return;
  const i = ch.postChannelInfo;
  if (ch.postMethod === 'HTTP') {
    at('HTTPAddress', text(L.HTTPAddress, rule.httpUrl()));
    at('HTTPMeterId', text(L.HTTPMeterId, rule.noSpace()));
    at('HTTPPort', port(L.HTTPPort));
    if (i.isFixed) at('manualInputName', text(L.manualInputName, rule.maxLength(LIM.fixedName), rule.noSpace()));
    at('sampleHeader', optionalText(L.sampleHeader, rule.maxLength(LIM.sampleHeader)));
    at('HTTPAuthenticationMethod', select(L.HTTPAuthenticationMethod, HTTP_AUTH_OPTIONS));
    if (i.HTTPAuthenticationMethod === HTTP_AUTH_BASIC) {
      at(
        'username',
        text(L.username, (v: string) => (v.includes(':') ? t.usernameColon : undefined)),
      );
      at('password', text(L.password));
    }
  } else if (ch.postMethod === 'FTP') {
    at('FTPAddress', text(L.FTPAddress, rule.ftpUrl()));
    at('FTPUsername', credential(L.FTPUsername));
    at('FTPPassword', credential(L.FTPPassword));
    at('FTPPort', port(L.FTPPort));
    at('directoryOption', select(L.directoryOption, FTP_DIRECTORY_OPTIONS));
    if (i.directoryOption === FTP_DIRECTORY.custom) at('directoryName', text(L.directoryName, rule.alphaNum(), rule.maxLength(LIM.directoryName)));
  } else {
    at('SFTPAddress', text(L.SFTPAddress, rule.sftpUrl()));
    at('SFTPUsername', credential(L.SFTPUsername));
    at('SFTPPassword', credential(L.SFTPPassword));
    at('SFTPPort', port(L.SFTPPort));
  }
}

export const POST_CHANNEL_KEYS = POST_CHANNEL_IDS.map((n) => `dataPost${n}` as const);
export type PostChannelKey = (typeof POST_CHANNEL_KEYS)[number];

/** PUT settings/communication/dataPostConfig: the whole object (002 §7.2). */
export const dataPostConfigSchema = strictObject({
  dataPost1: postChannelSchema,
  dataPost2: postChannelSchema,
  dataPost3: postChannelSchema,
}).superRefine((v, c) => {
  for (const key of POST_CHANNEL_KEYS) checkPostChannel(c, key, v[key]);
});
export type DataPostConfig = z.infer<typeof dataPostConfigSchema>;
export const dataPostConfigData = dataPostConfigSchema;

/** PATCH command/testPoster and command/clearFolder: {channel}, 1-3 or AcuCloud's 4 (001 §9). */
export const postChannelBody = strictObject({ channel: intBetween('channel', 1, ACUCLOUD_CHANNEL) });

/** GET command/postChannelStatus?channel=n: the channel's health (decided: the spec shows none). */
// Optional in the schema so a query of other keys (token, time) still parses; the module refuses a missing channel.
export const postChannelStatusQuery = z.object({ channel: z.coerce.number().int().min(1).max(POST_CHANNEL_COUNT).optional() });
export const postChannelStatus = z.object({
  channel: z.number(),
  /** The data logs (1-3) that post through it: it cannot be disabled while any does. */
  usedBy: z.array(z.number()),
  /** Closed log files queued on disk, not yet accepted by the server. */
  waiting: z.number(),
  lastSuccess: z.object({ time: z.number(), file: z.string() }).nullable(),
  lastFailure: z.object({ time: z.number(), reason: z.string() }).nullable(),
});
export type PostChannelStatus = z.infer<typeof postChannelStatus>;

/** The post channels' settings (002 §3.6, §5.5): one section, dataPost1..3. */
const channelDefaults = (): PostChannelConfig => ({
  enable: false,
  postMethod: 'HTTP',
  postChannelInfo: {
    includeHeader: true,
    sampleHeader: '',
    isFixed: false,
    manualInputName: '',
    HTTPAddress: '',
    HTTPPort: 80,
    HTTPMeterId: '',
    HTTPAuthenticationMethod: 0,
    username: '',
    password: '',
    directoryOption: 0,
    directoryName: '',
    FTPAddress: '',
    FTPPort: 21,
    FTPUsername: '',
    FTPPassword: '',
    SFTPAddress: '',
    SFTPPort: 22,
    SFTPUsername: '',
    SFTPPassword: '',
  },
});

export const dataPostSection = defineSection({
  key: 'dataPostConfig',
  title: postingTexts.settingsTitle,
  context: 'none',
  body: () => dataPostConfigSchema,
  data: dataPostConfigData,
  reboot: true,
  savedMessage: postingTexts.saved,
  defaults: () => ({ dataPost1: channelDefaults(), dataPost2: channelDefaults(), dataPost3: channelDefaults() }),
});

export const postingEndpoints = {
  // Post channels (002 §7.2): configuration view reads, configuration edit writes and acts.
  dataPostConfig: sectionRead('/settings/communication/dataPostConfig', dataPostSection, read('configuration')),
  saveDataPostConfig: sectionWrite('/settings/communication/dataPostConfig', dataPostSection, write('configuration')),
  /** Sends a small real test file with the saved settings; `value` says what happened, in words. */
  testPoster: ep({ method: 'PATCH', path: '/command/testPoster', body: postChannelBody, reply: successReply, auth: write('configuration') }),
  /** Empties the channel's queue of waiting files; `value` 'Success'. */
  clearFolder: ep({ method: 'PATCH', path: '/command/clearFolder', body: postChannelBody, reply: successReply, auth: write('configuration') }),
  /** The channel's health (decided: not in the spec): last success, last failure with its reason, files waiting. */
  postChannelStatus: ep({ method: 'GET', path: '/command/postChannelStatus', query: postChannelStatusQuery, reply: postChannelStatus, auth: read('configuration') }),
} as const;
