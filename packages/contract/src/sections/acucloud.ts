/** AcuCloud (001 "AcuCloud config") and Remote Access (002 §3.7): device-specific, so config backups leave them out. */
import { acuCloudTexts, remoteAccessTexts } from '../messages.ts';
import { ACUCLOUD_DEFAULT_ADDRESS, REMOTE_DEFAULT_PING, REMOTE_DEFAULT_SERVER } from '../options/acucloud.ts';
import { acuCloudConfig, type AcuCloudConfig } from '../schemas/acucloud.ts';
import { remoteDeviceAccess, type RemoteDeviceAccess } from '../schemas/remote-access.ts';
import { defineSection } from './section.ts';

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
