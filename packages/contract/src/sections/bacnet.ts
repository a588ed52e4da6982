/** The BACnet/IP config (001): takes effect after a reboot (001: the reboot prompt follows a save with changes). */
import { bacnetTexts } from '../messages.ts';
import { BACNET_DEFAULT_PORT, bacnetConfig, type BacnetConfig } from '../schemas/bacnet.ts';
import { defineSection } from './section.ts';

export const DEFAULT_BACNET_CONFIG = (): BacnetConfig => ({
  enable: 0,
  port: BACNET_DEFAULT_PORT,
  deviceInstance: 1,
  deviceName: '',
  location: '',
  description: '',
  foreignDeviceConfig: { enable: 0, BBMDIP: '', BBMDPort: BACNET_DEFAULT_PORT, TTL: 60 },
});

export const bacnetSection = defineSection({
  key: 'bacNetConfig',
  title: 'BACnet/IP settings',
  context: 'none',
  body: () => bacnetConfig,
  data: bacnetConfig,
  reboot: true,
  savedMessage: bacnetTexts.saved,
  defaults: DEFAULT_BACNET_CONFIG,
});
