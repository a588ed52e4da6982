/**
 * Device facts (000 §3, §7): home page info, device info, storage, MC status and wiring; the calls.
 */
import { z } from 'zod';
import { emptyBody, successReply, valueOneBody } from '../schemas/common.ts';
import { meterGeneralSection } from './meter-settings/sections.ts';
import { SESSION, read, write, DEVICE_FACTS, ep, sectionRead } from '../endpoints/define.ts';

export * from './device-texts.ts';

export const homePageInfo = z.object({
  currentTime: z.number(),
  deviceDescription: z.string(),
  meterModel: z.string(),
  runTime: z.number(),
  timeZone: z.string(),
});
export type HomePageInfo = z.infer<typeof homePageInfo>;

/** 000 §3 Device info; demmandVerified and pulseVerified are spelled so. */
export const deviceInfo = z.object({
  meterModel: z.string(),
  meterHardwareVersion: z.string(),
  meterFirmwareVersion: z.string(),
  meterReleaseDate: z.string(),
  meterSerialNumber: z.string(),
  meterSealStatus: z.number().int(),
  meterAddress: z.number().int(),
  deviceDescription: z.string(),
  displayModel: z.string(),
  displayHardwareVersion: z.string(),
  displayFirmwareVersion: z.string(),
  displayReleaseDate: z.string(),
  moduleHardwareVersion: z.string(),
  moduleFirmwareVersion: z.string(),
  moduleEth0MacAddress: z.string(),
  moduleEth1MacAddress: z.string(),
  moduleWlan0MacAddress: z.string(),
  demmandVerified: z.number().int(),
  pulseVerified: z.number().int(),
});
export type DeviceInfo = z.infer<typeof deviceInfo>;

export const storageStatus = z.object({ value: z.string() });
export const diskStatus = z.object({ diskStatus: z.number() });
export const mcStatusReply = z.object({ meterFirmwareVersion: z.string(), mcStatus: z.number().int() });
export const wiringTypeReply = z.object({ WiringType: z.number().int(), mcStatus: z.number().int() });
/** voltageWiring (000 §3) only; GET settings/meter answers the whole object, meter-settings/general.ts meterSettingsData. */
export const meterSettingsReply = z.object({ voltageWiring: z.number().int() }).loose();

export const userNameMapping = z.record(z.string(), z.object({ channel: z.number().int(), userName: z.string() }));
export type UserNameMapping = z.infer<typeof userNameMapping>;
export const diNameMapping = z.record(z.string(), z.object({ name: z.string() }));

export const productionTestResult = z.object({
  moduleInfo: z.object({
    moduleModel: z.string(),
    moduleSerialNumber: z.string(),
    moduleHardwareVer: z.string(),
    moduleFirmwareVersion: z.string(),
    moduleEth0MacAddress: z.string(),
    moduleEth1MacAddress: z.string(),
  }),
  /** Each 'PASS' or 'FAIL: <reason>'; storage is the module's own check (the data folder is writable). */
  testResult: z.object({ ethernet1: z.string(), ethernet2: z.string(), wifi: z.string(), serialPort: z.string(), storage: z.string() }),
});
export type ProductionTestResult = z.infer<typeof productionTestResult>;

export const deviceEndpoints = {
  // Device (000 §7).
  rebootSystem: ep({ method: 'PATCH', path: '/command/rebootSystem', body: valueOneBody, reply: successReply, auth: write('maintenance') }),
  homePageInfo: ep({ method: 'GET', path: '/command/homePageInfo', reply: homePageInfo, auth: SESSION }),
  /** The meter settings (001 §3); the console's Basic screen reads voltageWiring from it too. */
  meterSettings: sectionRead('/settings/meter', meterGeneralSection, DEVICE_FACTS),
  deviceInfo: ep({ method: 'GET', path: '/settings/deviceInfo', reply: deviceInfo, auth: DEVICE_FACTS }),
  storageStatus: ep({ method: 'PATCH', path: '/command/deviceInfo/getStorageStatus', body: emptyBody, reply: storageStatus, auth: DEVICE_FACTS }),
  diskStatus: ep({ method: 'GET', path: '/command/getDiskStatus', reply: diskStatus, auth: DEVICE_FACTS }),
  mcStatus: ep({ method: 'GET', path: '/command/getMCStatus', reply: mcStatusReply, auth: DEVICE_FACTS }),
  wiringType: ep({ method: 'GET', path: '/command/getWiringType', reply: wiringTypeReply, auth: DEVICE_FACTS }),
  userNames: ep({ method: 'GET', path: '/settings/getUserName', reply: userNameMapping, auth: read('readings', 'configuration') }),
  diNames: ep({ method: 'GET', path: '/settings/getDiName', reply: diNameMapping, auth: read('readings', 'configuration') }),
} as const;
