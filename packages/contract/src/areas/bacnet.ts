/**
 * BACnet/IP (001 "BACnet config", "BACnet (when enabled)", §7): labels, texts, schema, section and endpoints.
 */
import { z } from 'zod';
import { withMeta } from '../rules/field-meta.ts';
import { intBetween, oneOf, optionalText, strictObject } from '../rules/fields.ts';
import { rule } from '../rules/validators.ts';
import { checkField } from '../rules/checks.ts';
import { defineSection } from '../sections/section.ts';
import { ep, read, sectionRead, sectionWrite, write } from '../endpoints/define.ts';
import { requestMessages } from '../shell-messages.ts';

/** BACnet/IP (001 §8). */
export const bacnetTexts = {
  saved: 'BACnet/IP config saved',
  fileNotFound: requestMessages.certificateNotFound,
  // Decided: the spec names the button, not its text.
  downloadEpics: 'Download EPICS File',
} as const;

/** BACnet/IP config (001 "BACnet config") and its rules (001 "BACnet (when enabled)"). */
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
const maxText = (label: string) => optionalText(label, rule.maxLength(BACNET_TEXT_MAX));
/** In range whether BACnet/IP is on or not (issue 28): a hidden number is still stored. */
const between = (label: string, [min, max]: readonly [number, number], unit?: string) => withMeta(intBetween(label, min, max), unit ? { unit } : {});

export const bacnetForeignDevice = strictObject({
  enable: enableRadio(L.fdEnable),
  BBMDIP: optionalText(L.BBMDIP, rule.ipAddress()),
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
  checkField(c, ['foreignDeviceConfig', 'BBMDIP'], optionalText(L.BBMDIP, rule.required(), rule.ipAddress()), fd.BBMDIP);
});
export type BacnetConfig = z.infer<typeof bacnetConfig>;

/** The BACnet/IP config (001): takes effect after a reboot (001: the reboot prompt follows a save with changes). */
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

/** BACnet/IP (001 §7): the config section and the EPICS file download. */
export const bacnetEndpoints = {
  bacnetConfig: sectionRead('/settings/communication/bacNetConfig', bacnetSection, read('configuration')),
  saveBacnetConfig: sectionWrite('/settings/communication/bacNetConfig', bacnetSection, write('configuration')),
  /** 001 §7 "fixed EPICS file download": the device's EPICS (path decided: the spec names none). */
  bacnetEpics: ep({ method: 'GET', path: '/download/bacnetEpics/BACnet-EPICS.tpi', auth: read('configuration'), file: true }),
} as const;
