/**
 * The record sections (000 §3, §7): each is read and replaced whole at record/<key>, kept by the
 * module's generic section store (revision, transaction, module event log). The installation and
 * inspection edit screens save the ones they show.
 */
import { recordTexts } from '../messages.ts';
import { DEFAULT_RECORD_WIRING, ctLayout } from '../options/records.ts';
import { clientInfo, commInstall, commissionInfo, ctInstall, deviceInstall, installInfo, ptRecord, type CtChannel } from '../schemas/records.ts';
import { defineSection } from './section.ts';

const saved = recordTexts.saved;

/** Empty CT rows of a wiring type. */
export function blankCtChannels(wiringType: number): CtChannel[] {
  return ctLayout(wiringType).map((s) => ({
    id: s.id,
    phase: s.phase,
    colorCode: '',
    ctModel: '',
    ctSerialNumber: '',
    ctRatio: '',
    current: 0,
    activePower: 0,
    powerFactor: 1,
    accepted: false,
    panelDescription: '',
  }));
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
