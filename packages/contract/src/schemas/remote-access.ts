/**
 * Remote device access (002 §3.7, §5.6, §7.3, §9.2): settings/communication/remoteDeviceAccess
 * and the register / deregister / check commands.
 */
import { z } from 'zod';
import { remoteAccessTexts as t } from '../messages.ts';
import { REMOTE_PING_OPTIONS, REMOTE_STATUSES, REMOTE_TUNNEL_STATES } from '../options/acucloud.ts';
import { withMeta } from '../rules/field-meta.ts';
import { bool, select, strictObject, text } from '../rules/fields.ts';
import { type Checker, rules } from '../rules/validators.ts';
import { ENABLE_RADIO_OPTIONS } from './acucloud.ts';

const L = t.labels;

export const remoteDeviceAccess = strictObject({
  enable: withMeta(bool(L.enable), { kind: 'radio', options: ENABLE_RADIO_OPTIONS }),
  pingInterval: select(L.pingInterval, REMOTE_PING_OPTIONS),
  /** Set by register / deregister only; a PUT never changes it. */
  registered: bool(L.registered),
  remoteServerUrl: withMeta(text(L.remoteServerUrl, rules.httpUrl(L.remoteServerUrl) as Checker<string>), { maxLength: 200 }),
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
