/** AcuCloud (001 "Communication, AcuCloud", §9) and Remote Access (002 §2.6, §9.2): constants and option lists. */

/** The cloud's posting address until an installer changes it (decided: the spec shows none). */
export const ACUCLOUD_DEFAULT_ADDRESS = 'https://acucloud.accuenergy.com/api/upload';

/** 002 §9.2: ping interval options, 60 seconds the default. */
export const REMOTE_PING_OPTIONS = [
  { value: 60, label: '60 seconds' },
  { value: 600, label: '600 seconds' },
] as const;
export const REMOTE_DEFAULT_PING = 60;
/** The remote access server until an installer changes it (decided: the spec shows none). */
export const REMOTE_DEFAULT_SERVER = 'https://remote.accuenergy.com';

/** 002 §4.3: the values of checkRemoteDevice. */
export const REMOTE_STATUSES = ['online', 'offline', 'checking'] as const;
export type RemoteStatus = (typeof REMOTE_STATUSES)[number];
/** The outbound tunnel's states (decided, docs/decisions/communication-remote-access.md "Remote Access"). */
export const REMOTE_TUNNEL_STATES = ['off', 'connecting', 'up', 'down'] as const;
export type RemoteTunnelState = (typeof REMOTE_TUNNEL_STATES)[number];

/** 002 §9.2: https://<lowercased serial>.<host of the server URL>; '' when the URL is no URL. */
export function remoteAccessUrl(serverUrl: string, serial: string): string {
  try {
    const host = new URL(serverUrl).hostname;
    return host ? `https://${serial.toLowerCase()}.${host}` : '';
  } catch {
    return '';
  }
}

/** The cloud site the AcuCloud page links to: the posting address's origin. */
export function acuCloudSite(address: string): string {
  try {
    return new URL(address).origin;
  } catch {
    return '';
  }
}
