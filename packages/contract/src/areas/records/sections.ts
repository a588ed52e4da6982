/**
 * Installation and inspection records (000 §3, §7): the seven sections and the calls.
 */
import { DEFAULT_RECORD_WIRING, ctLayout } from '../../options/records.ts';
import {
  clientInfo,
  commInstall,
  commissionInfo,
  ctInstall,
  deviceInstall,
  installInfo,
  ptRecord,
  recordTexts,
  type CtChannel,
  blankCtChannel,
  recordCommStatus,
  recordCtStatus,
  recordDeviceStatus,
  recordPtValue,
} from './schemas.ts';
import { defineSection } from '../../sections/section.ts';
import { ep, read, sectionRead, sectionWrite, write } from '../../endpoints/define.ts';

/**
 * The record sections (000 §3, §7): each is read and replaced whole at record/<key>, kept by the
 * module's generic section store (revision, transaction, module event log). The installation and
 * inspection edit screens save the ones they show.
 */
const saved = recordTexts.saved;

/** Empty CT rows of a wiring type. */
export function blankCtChannels(wiringType: number): CtChannel[] {
  return ctLayout(wiringType).map(blankCtChannel);
}

export const clientInfoSection = defineSection({
  key: 'record.clientInfo',
  title: 'Client information',
  context: 'none',
  body: () => clientInfo,
  data: clientInfo,
  savedMessage: saved,
  defaults: () => ({ client: '', address: '' }),
});

export const installInfoSection = defineSection({
  key: 'record.installInfo',
  title: 'Installation information',
  context: 'none',
  body: () => installInfo,
  data: installInfo,
  savedMessage: saved,
  defaults: () => ({ installationDate: '', installerName: '', meterLocation: '' }),
});

export const deviceInstallSection = defineSection({
  key: 'record.deviceInstall',
  title: 'Device information',
  context: 'none',
  body: () => deviceInstall,
  data: deviceInstall,
  savedMessage: saved,
  defaults: () => ({
    meterModel: '',
    meterSerialNumber: '',
    moduleEthernet0MACAddress: '',
    moduleEthernet1MACAddress: '',
    moduleWiFiMACAddress: '',
    meterSealStatus: 0 as const,
    nominalVoltage: 230,
    nominalCurrent: 5,
    nominalFrequency: 50,
    wiringType: DEFAULT_RECORD_WIRING,
    pulseConstant: 1000,
  }),
});

export const commInstallSection = defineSection({
  key: 'record.commInstall',
  title: 'Communication information',
  context: 'none',
  body: () => commInstall,
  data: commInstall,
  savedMessage: saved,
  defaults: () => ({
    rstpEnable: 0 as const,
    eth1DHCP: 1 as const,
    eth1IPAddress: '',
    eth1Status: 0 as const,
    eth2DHCP: 1 as const,
    eth2IPAddress: '',
    eth2Status: 0 as const,
    wifiEnable: 0 as const,
    wifiMode: 'AP' as const,
    wifiStatus: 0 as const,
    wifiIP: '',
    wifiSSID: '',
    modbusTCPPort: 502,
    modbusRTUBaudrate: 9600,
    modbusRTUAddress: 1,
    bacNetIPEnabled: 0 as const,
    bacNetIPPort: 47808,
    bacNetIPID: 1,
  }),
});

export const ctInstallSection = defineSection({
  key: 'record.ctInstall',
  title: 'CT installation',
  context: 'none',
  body: () => ctInstall,
  data: ctInstall,
  savedMessage: saved,
  defaults: () => ({ wiringType: DEFAULT_RECORD_WIRING, ctChannels: blankCtChannels(DEFAULT_RECORD_WIRING) }),
});

export const commissionInfoSection = defineSection({
  key: 'record.commissionInfo',
  title: 'Commission and inspection information',
  context: 'none',
  body: () => commissionInfo,
  data: commissionInfo,
  savedMessage: saved,
  defaults: () => ({ commissionDate: '', commissioner: '', inspectionDate: '', inspector: '', inspectionStatus: 0, inspectionStatusOthers: '', inspectionNotes: '' }),
});

export const ptRecordSection = defineSection({
  key: 'record.ptRecord',
  title: 'PT inspection',
  context: 'none',
  body: () => ptRecord,
  data: ptRecord,
  savedMessage: saved,
  defaults: () => ({ voltageA: 0, voltageB: 0, voltageC: 0 }),
});

/** The records live under About (route mask 12): view on readings reads them, edit writes them (000 §6). */
const VIEW = read('readings');
const EDIT = write('readings');

export const recordEndpoints = {
  // The seven record sections (000 §7), each GET and PUT.
  recordClientInfo: sectionRead('/record/clientInfo', clientInfoSection, VIEW),
  saveRecordClientInfo: sectionWrite('/record/clientInfo', clientInfoSection, EDIT),
  recordInstallInfo: sectionRead('/record/installInfo', installInfoSection, VIEW),
  saveRecordInstallInfo: sectionWrite('/record/installInfo', installInfoSection, EDIT),
  recordDeviceInstall: sectionRead('/record/deviceInstall', deviceInstallSection, VIEW),
  saveRecordDeviceInstall: sectionWrite('/record/deviceInstall', deviceInstallSection, EDIT),
  recordCommInstall: sectionRead('/record/commInstall', commInstallSection, VIEW),
  saveRecordCommInstall: sectionWrite('/record/commInstall', commInstallSection, EDIT),
  recordCtInstall: sectionRead('/record/ctInstall', ctInstallSection, VIEW),
  saveRecordCtInstall: sectionWrite('/record/ctInstall', ctInstallSection, EDIT),
  recordCommissionInfo: sectionRead('/record/commissionInfo', commissionInfoSection, VIEW),
  saveRecordCommissionInfo: sectionWrite('/record/commissionInfo', commissionInfoSection, EDIT),
  recordPtRecord: sectionRead('/record/ptRecord', ptRecordSection, VIEW),
  saveRecordPtRecord: sectionWrite('/record/ptRecord', ptRecordSection, EDIT),
  // What the device says now, for the edit screens (000 §7).
  recordDeviceStatus: ep({ method: 'GET', path: '/record/deviceStatus', reply: recordDeviceStatus, auth: VIEW }),
  recordCommStatus: ep({ method: 'GET', path: '/record/commStatus', reply: recordCommStatus, auth: VIEW }),
  recordCtStatus: ep({ method: 'GET', path: '/record/ctStatus', reply: recordCtStatus, auth: VIEW }),
  recordPtValue: ep({ method: 'GET', path: '/record/ptValue', reply: recordPtValue, auth: VIEW }),
  // The module's own: the records as vector PDFs made on the device (the spec's JPEG-in-PDF is replaced).
  installationRecordPdf: ep({ method: 'GET', path: '/record/installationRecord.pdf', auth: VIEW, file: true }),
  inspectionRecordPdf: ep({ method: 'GET', path: '/record/inspectionRecord.pdf', auth: VIEW, file: true }),
} as const;
