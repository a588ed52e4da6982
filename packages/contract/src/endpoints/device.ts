import { emptyBody, successReply, valueOneBody } from '../schemas/common.ts';
import * as device from '../schemas/device.ts';
import { meterGeneralSection } from '../sections/meter.ts';
import { SESSION, read, write, DEVICE_FACTS, ep, sectionRead } from './define.ts';

export const deviceEndpoints = {
  // Device (000 §7).
  rebootSystem: ep({ method: 'PATCH', path: '/command/rebootSystem', body: valueOneBody, reply: successReply, auth: write('maintenance') }),
  homePageInfo: ep({ method: 'GET', path: '/command/homePageInfo', reply: device.homePageInfo, auth: SESSION }),
  /** The meter settings (001 §3); the console's Basic screen reads voltageWiring from it too. */
  meterSettings: sectionRead('/settings/meter', meterGeneralSection, DEVICE_FACTS),
  deviceInfo: ep({ method: 'GET', path: '/settings/deviceInfo', reply: device.deviceInfo, auth: DEVICE_FACTS }),
  storageStatus: ep({ method: 'PATCH', path: '/command/deviceInfo/getStorageStatus', body: emptyBody, reply: device.storageStatus, auth: DEVICE_FACTS }),
  diskStatus: ep({ method: 'GET', path: '/command/getDiskStatus', reply: device.diskStatus, auth: DEVICE_FACTS }),
  mcStatus: ep({ method: 'GET', path: '/command/getMCStatus', reply: device.mcStatusReply, auth: DEVICE_FACTS }),
  wiringType: ep({ method: 'GET', path: '/command/getWiringType', reply: device.wiringTypeReply, auth: DEVICE_FACTS }),
  userNames: ep({ method: 'GET', path: '/settings/getUserName', reply: device.userNameMapping, auth: read('readings', 'configuration') }),
  diNames: ep({ method: 'GET', path: '/settings/getDiName', reply: device.diNameMapping, auth: read('readings', 'configuration') }),
} as const;
