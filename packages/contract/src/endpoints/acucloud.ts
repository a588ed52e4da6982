/** AcuCloud (001 §7) and Remote Access (002 §7.3): configuration view reads, configuration edit writes and acts. */
import { emptyBody, successReply, valueOneBody } from '../schemas/common.ts';
import { postChannelStatus } from '../schemas/posting.ts';
import { remoteDeviceStatus } from '../schemas/remote-access.ts';
import { acuCloudSection, remoteAccessSection } from '../sections/acucloud.ts';
import { ep, read, sectionRead, sectionWrite, write } from './define.ts';

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
