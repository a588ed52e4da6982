/** BACnet/IP config (001 "BACnet config") and its rules (001 "BACnet (when enabled)"). */
import { z } from 'zod';
import { withMeta } from '../rules/field-meta.ts';
import { intBetween, oneOf, optionalText, strictObject } from '../rules/fields.ts';
import { type Checker, rules } from '../rules/validators.ts';
import { checkField } from './meter-settings/helpers.ts';

export const BACNET_DEFAULT_PORT = 47808;
export const BACNET_PORT_RANGE = [47000, 49000] as const;
export const BACNET_INSTANCE_RANGE = [0, 4194302] as const;
export const BACNET_TTL_RANGE = [5, 1440] as const;
export const BACNET_TEXT_MAX = 40;

const L = {
  enable: 'BACnet/IP',
  port: 'Port',
  deviceInstance: 'Device Instance',
  deviceName: 'Device Name',
  location: 'Location',
  description: 'Description',
  fdEnable: 'Foreign Device',
  BBMDIP: 'BBMD IP',
  BBMDPort: 'BBMD Port',
  TTL: 'TTL',
} as const;

const enableRadio = (label: string) =>
  withMeta(oneOf(label, [0, 1] as const), {
    kind: 'radio',
    options: [
      { value: 1, label: 'Enable' },
      { value: 0, label: 'Disable' },
    ],
  });
const maxText = (label: string) => optionalText(label, rules.maxLength(label, BACNET_TEXT_MAX) as Checker<string>);
/** In range whether BACnet/IP is on or not (issue 28): a hidden number is still stored. */
const between = (label: string, [min, max]: readonly [number, number], unit?: string) => withMeta(intBetween(label, min, max), unit ? { unit } : {});

export const bacnetForeignDevice = strictObject({
  enable: enableRadio(L.fdEnable),
  BBMDIP: optionalText(L.BBMDIP, rules.ipAddress(L.BBMDIP) as Checker<string>),
  BBMDPort: between(L.BBMDPort, [1, 65535]),
  TTL: between(L.TTL, BACNET_TTL_RANGE, 'minutes'),
});

export const bacnetConfig = strictObject({
  enable: enableRadio(L.enable),
  port: between(L.port, BACNET_PORT_RANGE),
  deviceInstance: between(L.deviceInstance, BACNET_INSTANCE_RANGE),
  deviceName: maxText(L.deviceName),
  location: maxText(L.location),
  description: maxText(L.description),
  foreignDeviceConfig: bacnetForeignDevice,
}).superRefine((v, c) => {
  // The BBMD IP is required while a foreign device is on (001 "BACnet (when enabled)").
  const fd = v.foreignDeviceConfig;
  if (v.enable !== 1 || fd.enable !== 1) return;
  checkField(c, ['foreignDeviceConfig', 'BBMDIP'], optionalText(L.BBMDIP, rules.required(L.BBMDIP) as Checker<string>, rules.ipAddress(L.BBMDIP) as Checker<string>), fd.BBMDIP);
});
export type BacnetConfig = z.infer<typeof bacnetConfig>;
