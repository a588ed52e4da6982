/**
 * AcuCloud (001 §4, §5, §7, §8) and Remote Access (002 §4.3, §7.3, §8): labels, texts, schemas, sections and endpoints.
 */
import { z } from 'zod';
import { withMeta } from '../rules/field-meta.ts';
import { bool, optionalText, strictObject, text, select } from '../rules/fields.ts';
import { rule } from '../rules/validators.ts';
import { checkField } from '../rules/checks.ts';
import { REMOTE_PING_OPTIONS, REMOTE_STATUSES, REMOTE_TUNNEL_STATES, ACUCLOUD_DEFAULT_ADDRESS, REMOTE_DEFAULT_PING, REMOTE_DEFAULT_SERVER } from '../options/acucloud.ts';
import { defineSection } from '../sections/section.ts';
import { emptyBody, successReply, valueOneBody } from '../schemas/common.ts';
import { postChannelStatus } from './posting/posting.ts';
import { ep, read, sectionRead, sectionWrite, write } from '../endpoints/define.ts';

/** AcuCloud (001 §4, §5, §8): the spec's texts, and the module's own (decided, docs/decisions/communication-acucloud.md "AcuCloud"). */
export const acuCloudTexts = {
  title: 'AcuCloud',
  settingsTitle: 'AcuCloud settings',
  saved: 'AcuCloud config saved',
  cleared: 'AcuCloud logs cleared',
  clearFailed: 'AcuCloud logs clear failed',
  clearConfirm: 'Are you sure you want to clear AcuCloud logs?',
  addressRule: 'AcuCloud Address must begin with http:// or https://',
  test: 'Test',
  testResult: 'Test Result',
  clearPostLogs: 'Clear Post Logs',
  copy: 'Copy',
  copied: 'Copied',
  edit: 'Edit',
  confirm: 'Confirm',
  reset: 'Reset',
  cloudLink: 'AcuCloud Site',
  health: 'Upload Health',
  labels: { enable: 'AcuCloud', moduleSerialNumber: 'Module Serial Number', acuCloudAddress: 'AcuCloud Address', acuCloudToken: 'AcuCloud Token' },
  tokenHelp: 'The token the cloud gave this meter; kept when left empty',
  /** The module event log's prefix for the uplink's outcomes. */
  event: (reason: string) => `AcuCloud: ${reason}`,
  tokenRefused: (target: string) => `Connected to ${target}: the token was refused`,
} as const;

const REMOTE_ACCESS = 'Remote Access';

/** Remote Access (002 §4.3, §8.1, §8.2): the spec's texts, and the module's own (decided, docs/decisions/communication-remote-access.md "Remote Access"). */
export const remoteAccessTexts = {
  title: REMOTE_ACCESS,
  settingsTitle: 'Remote access settings',
  saved: 'Remote access config saved',
  registered: 'Registration success.',
  registerFailed: 'Registration failed.',
  deregistered: 'Deregistration success.',
  deregisterFailed: 'Deregistration failed.',
  rebootHint: 'Please reboot meter to ensure connection',
  register: 'Register',
  deregister: 'Deregister',
  refresh: 'Refresh',
  copy: 'Copy',
  copied: 'Copied',
  status: 'Registration Status',
  accessUrl: 'Access URL',
  statusText: { online: 'online', offline: 'offline', checking: 'checking' },
  registeredYes: 'Registered',
  registeredNo: 'Not registered',
  labels: { enable: REMOTE_ACCESS, pingInterval: 'Ping Interval', remoteServerUrl: 'Remote Server URL', registered: 'Registered' },
  urlRule: 'Remote Server URL must begin with http:// or https://',
  notEnabled: 'Remote access is disabled: enable it and save first',
  notRegistered: 'The device is not registered',
  event: (reason: string) => `Remote Access: ${reason}`,
  // Decided: the tunnel's state in words beside the status.
  tunnel: 'Tunnel',
  tunnelText: { off: 'not running', connecting: 'connecting', up: 'connected', down: 'down' },
  noTunnelOffer: (where: string) => `Connected to ${where}: the server's reply carries no tunnel parameters`,
  noHttps: 'the HTTPS server is not listening',
} as const;

const t = acuCloudTexts;

/**
 * AcuCloud (001 "AcuCloud config", "AcuCloud (when enabled)", §7): settings/communication/
 * acuCloudConfig. The token is a credential: never returned by a GET, '' in a body keeps the
 * stored one, so "required" is judged against what the module keeps.
 */
const L = t.labels;

export const ENABLE_RADIO_OPTIONS = [
  { value: true, label: 'Enable' },
  { value: false, label: 'Disable' },
] as const;

const addressRule = rule.httpUrl();

export const acuCloudConfig = strictObject({
  enable: withMeta(bool(L.enable), { kind: 'radio', options: ENABLE_RADIO_OPTIONS }),
  /** The device's; a PUT never changes it. */
  moduleSerialNumber: optionalText(L.moduleSerialNumber),
  acuCloudAddress: optionalText(L.acuCloudAddress, addressRule),
  acuCloudToken: withMeta(optionalText(L.acuCloudToken, rule.noSpace()), { secret: true, help: t.tokenHelp, maxLength: 256 }),
}).superRefine((v, c) => {
  if (!v.enable) return;
  checkField(c, ['acuCloudAddress'], text(L.acuCloudAddress, addressRule), v.acuCloudAddress);
  checkField(c, ['acuCloudToken'], text(L.acuCloudToken, rule.maxLength(256)), v.acuCloudToken);
});
export type AcuCloudConfig = z.infer<typeof acuCloudConfig>;

/**
 * Remote device access (002 §3.7, §5.6, §7.3, §9.2): settings/communication/remoteDeviceAccess
 * and the register / deregister / check commands.
 */
const RL = remoteAccessTexts.labels;

export const remoteDeviceAccess = strictObject({
  enable: withMeta(bool(RL.enable), { kind: 'radio', options: ENABLE_RADIO_OPTIONS }),
  pingInterval: select(RL.pingInterval, REMOTE_PING_OPTIONS),
  /** Set by register / deregister only; a PUT never changes it. */
  registered: bool(RL.registered),
  remoteServerUrl: withMeta(text(RL.remoteServerUrl, rule.httpUrl()), { maxLength: 200 }),
});
export type RemoteDeviceAccess = z.infer<typeof remoteDeviceAccess>;

/**
 * GET command/checkRemoteDevice: `value` the status (002 §4.3), with the access URL, the last answer
 * and the outbound tunnel's state with what ssh last said (decided).
 */
export const remoteDeviceStatus = z.object({
  value: z.enum(REMOTE_STATUSES),
  registered: z.boolean(),
  accessUrl: z.string(),
  lastPing: z.object({ time: z.number(), ok: z.boolean(), reason: z.string() }).nullable(),
  tunnel: z.object({ state: z.enum(REMOTE_TUNNEL_STATES), reason: z.string() }),
});
export type RemoteDeviceStatus = z.infer<typeof remoteDeviceStatus>;

/** AcuCloud (001 "AcuCloud config") and Remote Access (002 §3.7): device-specific, so config backups leave them out. */
export const DEFAULT_ACUCLOUD_CONFIG = (): AcuCloudConfig => ({ enable: false, moduleSerialNumber: '', acuCloudAddress: ACUCLOUD_DEFAULT_ADDRESS, acuCloudToken: '' });

export const acuCloudSection = defineSection({
  key: 'acuCloudConfig',
  title: acuCloudTexts.settingsTitle,
  context: 'none',
  body: () => acuCloudConfig,
  data: acuCloudConfig,
  readOnly: ['moduleSerialNumber'],
  // 001 §4: a save with changes asks for the reboot.
  reboot: true,
  savedMessage: acuCloudTexts.saved,
  defaults: DEFAULT_ACUCLOUD_CONFIG,
});

export const DEFAULT_REMOTE_ACCESS = (): RemoteDeviceAccess => ({ enable: false, pingInterval: REMOTE_DEFAULT_PING, registered: false, remoteServerUrl: REMOTE_DEFAULT_SERVER });

export const remoteAccessSection = defineSection({
  // The key names it for the config backups' device-specific rule (/remoteAccess/).
  key: 'remoteAccess',
  title: remoteAccessTexts.settingsTitle,
  context: 'none',
  body: () => remoteDeviceAccess,
  data: remoteDeviceAccess,
  readOnly: ['registered'],
  reboot: true,
  savedMessage: remoteAccessTexts.saved,
  defaults: DEFAULT_REMOTE_ACCESS,
});

/** AcuCloud (001 §7) and Remote Access (002 §7.3): configuration view reads, configuration edit writes and acts. */
export const acuCloudEndpoints = {
  acuCloudConfig: sectionRead('/settings/communication/acuCloudConfig', acuCloudSection, read('configuration')),
  saveAcuCloudConfig: sectionWrite('/settings/communication/acuCloudConfig', acuCloudSection, write('configuration')),
  /** The cloud uplink's health (decided: not in the spec), as a post channel's, channel 4. */
  acuCloudStatus: ep({ method: 'GET', path: '/command/acuCloudStatus', reply: postChannelStatus, auth: read('configuration') }),
  remoteDeviceAccess: sectionRead('/settings/communication/remoteDeviceAccess', remoteAccessSection, read('configuration')),
  saveRemoteDeviceAccess: sectionWrite('/settings/communication/remoteDeviceAccess', remoteAccessSection, write('configuration')),
  /** `value` 'Success' when the server registered the device, else what happened in words. */
  registerRemoteDevice: ep({ method: 'PATCH', path: '/command/registerRemoteDevice', body: valueOneBody, reply: successReply, auth: write('configuration') }),
  deregisterRemoteDevice: ep({ method: 'PATCH', path: '/command/deregisterRemoteDevice', body: emptyBody, reply: successReply, auth: write('configuration') }),
  /** Pings the server now; `value` online or offline (the console shows checking meanwhile). */
  checkRemoteDevice: ep({ method: 'GET', path: '/command/checkRemoteDevice', reply: remoteDeviceStatus, auth: read('configuration') }),
} as const;
