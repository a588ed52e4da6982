/**
 * Settings › Communication › BACnet/IP (001 "Communication, BACnet/IP", "BACnet config", rules):
 * the Enable radio; when enabled, port, device instance, name, location, description and the
 * foreign device card. Saved with "BACnet/IP config saved", then the reboot prompt.
 */
import { fieldName } from '@meter/contract';
import { defineSectionScreen, type SectionValues } from '../../components/section/section-def.ts';
import { SectionScreen } from '../../components/section/section-screen.tsx';

const fd = (k: string) => fieldName('foreignDeviceConfig', k);
const on = (v: SectionValues) => v.enable === 1;
const fdOff = (v: SectionValues) => (v.foreignDeviceConfig as Record<string, unknown> | undefined)?.enable !== 1;

export const BACNET_SCREEN = defineSectionScreen({
  endpoint: 'bacnetConfig',
  title: 'BACnet/IP',
  formLabel: 'BACnet/IP settings',
  blocks: [
    { kind: 'stack', fields: ['enable'] },
    { kind: 'card', title: 'BACnet/IP', fields: ['port', 'deviceInstance', 'deviceName', 'location', 'description'], visibleWhen: on },
    { kind: 'card', title: 'Foreign Device', fields: [fd('enable'), fd('BBMDIP'), fd('BBMDPort'), fd('TTL')], visibleWhen: on },
  ],
  fields: Object.fromEntries(['BBMDIP', 'BBMDPort', 'TTL'].map((k) => [fd(k), { disabledWhen: fdOff }])),
});

export default function BacnetIp() {
  return <SectionScreen def={BACNET_SCREEN} />;
}
