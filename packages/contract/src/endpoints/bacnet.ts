/** BACnet/IP (001 §7): the config section. */
import { bacnetSection } from '../sections/bacnet.ts';
import { read, sectionRead, sectionWrite, write } from './define.ts';

export const bacnetEndpoints = {
  bacnetConfig: sectionRead('/settings/communication/bacNetConfig', bacnetSection, read('configuration')),
  saveBacnetConfig: sectionWrite('/settings/communication/bacNetConfig', bacnetSection, write('configuration')),
} as const;
