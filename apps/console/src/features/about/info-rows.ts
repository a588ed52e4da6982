/** Rows of the About › Information tables (000 §2 About), pure so the rules are testable. */
import { DEVICE_INFO_LABELS as L, EMMC_NORMAL_ABOVE, feedbackTexts, type DeviceInfo } from '@meter/contract';
import { formatDate } from '../../lib/device-time.ts';

export interface InfoRow {
  label: string;
  value: string;
  /** Offered for copying, named this way (issue 14: serial numbers, MAC addresses, firmware versions). */
  copy?: string;
}

const NONE = '-';
const text = (v: string | number | undefined): string => (v === undefined || v === '' ? NONE : String(v));

/** 000 §2: eMMC health is Normal when the disk status is above 10. */
export const emmcHealth = (diskStatus: number | undefined): string => (diskStatus === undefined ? NONE : diskStatus > EMMC_NORMAL_ABOVE ? 'Normal' : 'Abnormal');

/** Versions are shown prefixed with v (not twice when the device already says v). */
export const version = (v: string | undefined): string => (!v ? NONE : /^v/i.test(v) ? v : `v${v}`);

const onOff = (flag: number) => (flag === 1 ? 'On' : 'Off');
const yesNo = (flag: number) => (flag === 1 ? 'Yes' : 'No');

export function meterRows(info: DeviceInfo | undefined, mcStatus: number | undefined): InfoRow[] | undefined {
  if (!info) return undefined;
  const rows: InfoRow[] = [
    { label: L.model, value: text(info.meterModel) },
    { label: L.hardwareVersion, value: version(info.meterHardwareVersion) },
    { label: L.firmwareVersion, value: version(info.meterFirmwareVersion), copy: feedbackTexts.names.meterFirmwareVersion },
    { label: L.releaseDate, value: formatDate(text(info.meterReleaseDate)) },
    { label: L.serialNumber, value: text(info.meterSerialNumber), copy: 'Meter Serial Number' },
    { label: 'Seal Status', value: onOff(info.meterSealStatus) },
    { label: 'Address', value: text(info.meterAddress) },
    { label: 'Description', value: text(info.deviceDescription) },
  ];
  if (mcStatus === 1) {
    rows.push({ label: 'Demand Verified', value: yesNo(info.demmandVerified) }, { label: 'Pulse Verified', value: yesNo(info.pulseVerified) });
  }
  return rows;
}

export function displayModuleRows(info: DeviceInfo | undefined): InfoRow[] | undefined {
  if (!info) return undefined;
  return [
    { label: L.model, value: text(info.displayModel) },
    { label: L.hardwareVersion, value: version(info.displayHardwareVersion) },
    { label: L.firmwareVersion, value: version(info.displayFirmwareVersion), copy: 'Display Module Firmware Version' },
    { label: L.releaseDate, value: formatDate(text(info.displayReleaseDate)) },
  ];
}

export function webModuleRows(info: DeviceInfo | undefined, diskStatus: number | undefined, diskUsage: string | undefined): InfoRow[] | undefined {
  if (!info) return undefined;
  return [
    { label: L.hardwareVersion, value: version(info.moduleHardwareVersion) },
    { label: L.firmwareVersion, value: version(info.moduleFirmwareVersion), copy: 'Web Module Firmware Version' },
    { label: 'Ethernet 0 MAC Address', value: text(info.moduleEth0MacAddress), copy: 'Ethernet 0 MAC Address' },
    { label: 'Ethernet 1 MAC Address', value: text(info.moduleEth1MacAddress), copy: 'Ethernet 1 MAC Address' },
    { label: 'WiFi MAC Address', value: text(info.moduleWlan0MacAddress), copy: 'WiFi MAC Address' },
    { label: 'eMMC Health', value: emmcHealth(diskStatus) },
    { label: 'Disk Usage', value: text(diskUsage) },
  ];
}
