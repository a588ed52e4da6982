/** BACnet/IP (001 §7): the config section and the EPICS file download. */
import { bacnetSection } from '../sections/bacnet.ts';
import { ep, read, sectionRead, sectionWrite, write } from './define.ts';

export const bacnetEndpoints = {
  bacnetConfig: sectionRead('/settings/communication/bacNetConfig', bacnetSection, read('configuration')),
  saveBacnetConfig: sectionWrite('/settings/communication/bacNetConfig', bacnetSection, write('configuration')),
  /** 001 §7 "fixed EPICS file download": the device's EPICS (path decided: the spec names none). */
  bacnetEpics: ep({ method: 'GET', path: '/download/bacnetEpics/BACnet-EPICS.tpi', auth: read('configuration'), file: true }),
} as const;
