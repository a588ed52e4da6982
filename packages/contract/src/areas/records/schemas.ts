/**
 * Installation and inspection records (000 §2, §3, §4, §5, §8): texts and schemas; the sections and
 * calls are in sections.ts, the view the PDF and screens draw in record-view.ts.
 */
import { z } from 'zod';
import { bool, flag, intBetween, num, oneOf, optionalText, select, strictObject } from '../../rules/fields.ts';
import { fieldName, withMeta } from '../../rules/field-meta.ts';
import { type Checker, type FieldRule, rule } from '../../rules/validators.ts';
import { formMessages as m } from '../../shell-messages.ts';
import { PULSE_CONSTANT_NAME, QUANTITY_NAMES as Q } from '../../options/shared-texts.ts';
import { INSPECTION_STATUS_OPTIONS, INSPECTION_STATUS_OTHERS, MODBUS_RTU_BAUDRATES, PHASES, RECORD_WIRING_OPTIONS, ctLayout } from '../../options/records.ts';

/** Installation and inspection records (000 §2, §4, §8); the module's own reply texts are decided. */
export const recordTexts = {
  saved: 'Manual inputs saved',
  // Shown with success styling, as 000 §8 says.
  saveFailed: 'Failed to save manual inputs',
  verifyFailed: 'Failed to verify',
  confirmFailed: 'Failed to confirm',
  verify: 'Verify',
  confirm: 'Confirm',
  back: 'Back',
  downloadInstallation: 'Download Installation Record',
  downloadInspection: 'Download Inspection Record',
  newInstallation: 'New Installation Report',
  newInspection: 'New Inspection Report',
  installationTitle: 'Installation Record',
  inspectionTitle: 'Inspection Record',
  clientInformation: 'Client Information',
  installationInformation: 'Installation Information',
  deviceInformation: 'Device Information',
  ctInstallationTable: 'CT Installation Table',
  communicationInformation: 'Communication Information',
  commissionInformation: 'Commission Information',
  inspectionInformation: 'Inspection Information',
  ptInspectionTable: 'PT Inspection Table',
  ctInspectionTable: 'CT Inspection Table',
  inspectionNotes: 'Inspection Notes',
  inspectionStatus: 'Inspection Status',
  signature: 'Signature',
  othersPlaceholder: 'User to input text',
  enabled: 'Enabled',
  disabled: 'Disabled',
  auto: 'Auto',
  manual: 'Manual',
  empty: '-',
  // Decided (000 §5 "Records: not shown").
  badDate: (label: string) => `${label} must be a date YYYY-MM-DD`,
  badMac: (label: string) => `${label} must be a MAC address like 00:11:22:33:44:55`,
  badCtLayout: 'The CT rows must be the inputs of the wiring type, in order',
  othersRequired: m.required('the inspection status text'),
  /** The PDF footer line that lets a printed copy be checked against the device. */
  pdfHash: (hash: string) => `SHA-256 of the record: ${hash}`,
  pdfPage: (page: number, pages: number) => `Page ${page} of ${pages}`,
  pdfGenerated: (when: string) => `Generated ${when}`,
} as const;

const t = recordTexts;

/**
 * The installation and inspection records (000 §3): seven sections read and replaced whole
 * (record/*), the live values the edit screens read, and the PDF's sections. The rules are
 * decided (000 §5 says "not shown"): lengths, IP and MAC formats, dates as YYYY-MM-DD, ranges
 * a meter can have; see docs/decisions/records-installation-and-inspection.md.
 */
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MAC_RE = /^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/;

/** A calendar date YYYY-MM-DD that exists. */
export function isRecordDate(v: string): boolean {
  const m = DATE_RE.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

const dateRule =
  (label: string): Checker<string> =>
  (v) =>
    v === '' || isRecordDate(v) ? undefined : t.badDate(label);
const macRule =
  (label: string): Checker<string> =>
  (v) =>
    v === '' || MAC_RE.test(v) ? undefined : t.badMac(label);
const textOf = (label: string, max: number, ...more: FieldRule<string>[]) => optionalText(label, rule.maxLength(max), ...more);
const dateOf = (label: string) => withMeta(textOf(label, 10, dateRule(label)), { help: 'YYYY-MM-DD' });
const macOf = (label: string) => withMeta(textOf(label, 17, macRule(label)), { help: '00:11:22:33:44:55' });
const ipOf = (label: string) => textOf(label, 45, rule.ipAddress());
const decimalBetween = (label: string, min: number, max: number, unit?: string) =>
  withMeta(num(label, rule.between(min, max), rule.maxDecimalPlace(3)), { min, max, ...(unit ? { unit } : {}) });

export const clientInfo = strictObject({
  client: textOf('Client', 64),
  address: textOf('Address', 128),
});
export type ClientInfo = z.infer<typeof clientInfo>;

export const installInfo = strictObject({
  installationDate: dateOf('Installation Date'),
  installerName: textOf('Installer Name', 64),
  meterLocation: textOf('Meter Location', 128),
});
export type InstallInfo = z.infer<typeof installInfo>;

export const deviceInstall = strictObject({
  meterModel: textOf('Meter Model', 32),
  meterSerialNumber: textOf('Meter Serial Number', 32),
  moduleEthernet0MACAddress: macOf('Ethernet 1 MAC Address'),
  moduleEthernet1MACAddress: macOf('Ethernet 2 MAC Address'),
  moduleWiFiMACAddress: macOf('WiFi MAC Address'),
  meterSealStatus: flag('Meter Seal Status'),
  nominalVoltage: decimalBetween('Nominal Voltage', 0, 1000000, 'V'),
  nominalCurrent: decimalBetween('Nominal Current', 0, 100000, 'A'),
  nominalFrequency: decimalBetween('Nominal Frequency', 40, 70, 'Hz'),
  wiringType: select('Wiring Type', RECORD_WIRING_OPTIONS),
  pulseConstant: intBetween(PULSE_CONSTANT_NAME, 1, 1000000),
});
export type DeviceInstall = z.infer<typeof deviceInstall>;

export const commInstall = strictObject({
  rstpEnable: flag('RSTP'),
  eth1DHCP: flag('Ethernet 1 DHCP'),
  eth1IPAddress: ipOf('Ethernet 1 IP Address'),
  eth1Status: flag('Ethernet 1 Status'),
  eth2DHCP: flag('Ethernet 2 DHCP'),
  eth2IPAddress: ipOf('Ethernet 2 IP Address'),
  eth2Status: flag('Ethernet 2 Status'),
  wifiEnable: flag('WiFi'),
  wifiMode: oneOf('WiFi Mode', ['AP', 'STA'] as const),
  wifiStatus: flag('WiFi Status'),
  wifiIP: ipOf('WiFi IP Address'),
  wifiSSID: textOf('WiFi SSID', 32),
  modbusTCPPort: intBetween('Modbus TCP Port', 1, 65535),
  modbusRTUBaudrate: select('Modbus RTU Baudrate', MODBUS_RTU_BAUDRATES),
  modbusRTUAddress: intBetween('Modbus RTU Address', 1, 247),
  bacNetIPEnabled: flag('BACnet/IP'),
  bacNetIPPort: intBetween('BACnet/IP Port', 1, 65535),
  bacNetIPID: intBetween('BACnet/IP Device ID', 0, 4194302),
});
export type CommInstall = z.infer<typeof commInstall>;

export const ctChannel = strictObject({
  id: intBetween('Input', 1, 18),
  phase: oneOf('Phase', PHASES),
  colorCode: textOf('Colour Code', 16),
  ctModel: textOf('CT Model', 32),
  ctSerialNumber: textOf('CT Serial Number', 32),
  ctRatio: textOf('CT Ratio', 16),
  current: decimalBetween('Current', -100000, 100000, 'A'),
  activePower: decimalBetween(Q.p, -100000, 100000, 'kW'),
  powerFactor: decimalBetween(Q.pf, -1, 1),
  accepted: bool('Accepted'),
  panelDescription: textOf('Panel Description', 64),
});
export type CtChannel = z.infer<typeof ctChannel>;

/** The CT rows must be exactly the inputs of the record's wiring type, in order. */
export const ctInstall = strictObject({
  wiringType: select('Wiring Type', RECORD_WIRING_OPTIONS),
  ctChannels: z.array(ctChannel).max(18),
}).superRefine((v, ctx) => {
  const want = ctLayout(v.wiringType).map((s) => s.id);
  const got = v.ctChannels.map((c) => c.id);
  if (want.length !== got.length || want.some((id, i) => got[i] !== id)) ctx.addIssue({ code: 'custom', path: ['ctChannels'], message: t.badCtLayout });
});
export type CtInstall = z.infer<typeof ctInstall>;

export const commissionInfo = strictObject({
  commissionDate: dateOf('Commission Date'),
  commissioner: textOf('Commissioner', 64),
  inspectionDate: dateOf('Inspection Date'),
  inspector: textOf('Inspector', 64),
  inspectionStatus: select(t.inspectionStatus, INSPECTION_STATUS_OPTIONS),
  inspectionStatusOthers: textOf(t.inspectionStatus, 64),
  inspectionNotes: textOf(t.inspectionNotes, 1024),
}).superRefine((v, ctx) => {
  if (v.inspectionStatus === INSPECTION_STATUS_OTHERS && v.inspectionStatusOthers.trim() === '')
    ctx.addIssue({ code: 'custom', path: ['inspectionStatusOthers'], message: t.othersRequired });
});
export type CommissionInfo = z.infer<typeof commissionInfo>;

export const ptRecord = strictObject({
  voltageA: decimalBetween('Phase A', 0, 1000000, 'V'),
  voltageB: decimalBetween('Phase B', 0, 1000000, 'V'),
  voltageC: decimalBetween('Phase C', 0, 1000000, 'V'),
});
export type PtRecord = z.infer<typeof ptRecord>;

/** record/deviceStatus: what the device says of itself now (the edit screen's Device Information). */
export const recordDeviceStatus = deviceInstall.pick({
  meterModel: true,
  meterSerialNumber: true,
  moduleEthernet0MACAddress: true,
  moduleEthernet1MACAddress: true,
  moduleWiFiMACAddress: true,
  meterSealStatus: true,
  wiringType: true,
});
export type RecordDeviceStatus = z.infer<typeof recordDeviceStatus>;

/** record/commStatus: the module's communication settings and link states now. */
export const recordCommStatus = commInstall;

/** record/ctStatus: the live values of every CT input. */
export const recordCtStatus = z.object({
  ctChannels: z.array(z.object({ id: z.number().int(), current: z.number(), activePower: z.number(), powerFactor: z.number() })),
});
export type RecordCtStatus = z.infer<typeof recordCtStatus>;

/** record/ptValue: the live line-to-neutral voltages. */
export const recordPtValue = z.object({ voltageA: z.number(), voltageB: z.number(), voltageC: z.number() });

/** The CT columns an installer types in. */
export const CT_EDIT_KEYS = ['colorCode', 'ctModel', 'ctSerialNumber', 'ctRatio', 'panelDescription'] as const;
export type CtEditKey = (typeof CT_EDIT_KEYS)[number];
export const ctFieldName = (id: number, key: string): string => fieldName(`ct${id}`, key);
const DEVICE_EDIT_KEYS = ['nominalVoltage', 'nominalCurrent', 'nominalFrequency', 'pulseConstant'] as const;

/**
 * The installation edit screen's one form (000 §2): client, installation, the nominal values,
 * the CT rows of the device's wiring (flat, `ct<id>__<column>`) and the communication info,
 * with the sections' own field rules.
 */
export function installationForm(wiringType: number) {
  const ct = Object.fromEntries(ctLayout(wiringType).flatMap((s) => CT_EDIT_KEYS.map((k) => [ctFieldName(s.id, k), ctChannel.shape[k]] as const)));
  return strictObject({
    ...clientInfo.shape,
    ...installInfo.shape,
    ...deviceInstall.pick({ nominalVoltage: true, nominalCurrent: true, nominalFrequency: true, pulseConstant: true }).shape,
    ...commInstall.shape,
    ...ct,
  });
}
export type InstallationForm = Record<string, unknown>;

/** The form's values from the stored sections. */
export function installationFormValues(
  d: { clientInfo: ClientInfo; installInfo: InstallInfo; deviceInstall: DeviceInstall; ctInstall: CtInstall; commInstall: CommInstall },
  wiringType: number,
): Record<string, unknown> {
  const rows = new Map(d.ctInstall.ctChannels.map((c) => [c.id, c]));
  const ct = Object.fromEntries(ctLayout(wiringType).flatMap((s) => CT_EDIT_KEYS.map((k) => [ctFieldName(s.id, k), rows.get(s.id)?.[k] ?? ''] as const)));
  const device = Object.fromEntries(DEVICE_EDIT_KEYS.map((k) => [k, d.deviceInstall[k]]));
  return { ...d.clientInfo, ...d.installInfo, ...device, ...d.commInstall, ...ct };
}

/** A CT row nothing has been entered in yet, for a slot of the wiring's layout. */
export const blankCtChannel = ({ id, phase }: Pick<CtChannel, 'id' | 'phase'>): CtChannel => ({
  id,
  phase,
  colorCode: '',
  ctModel: '',
  ctSerialNumber: '',
  ctRatio: '',
  current: 0,
  activePower: 0,
  powerFactor: 1,
  accepted: false,
  panelDescription: '',
});

/**
 * The five PUT bodies of a saved installation form: the device facts come from what the device
 * says now (record/deviceStatus), the CT rows keep their inspection values where the input stays.
 */
export function installationBodies(form: Record<string, unknown>, device: RecordDeviceStatus, stored: { deviceInstall: DeviceInstall; ctInstall: CtInstall }) {
  const pick = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, form[k]])) as Record<K, never>;
  const rows = new Map(stored.ctInstall.ctChannels.map((c) => [c.id, c]));
  const ctChannels: CtChannel[] = ctLayout(device.wiringType).map((s) => {
    const old = rows.get(s.id);
    const base: CtChannel = old ?? blankCtChannel(s);
    return { ...base, ...Object.fromEntries(CT_EDIT_KEYS.map((k) => [k, String(form[ctFieldName(s.id, k)] ?? '')])) };
  });
  return {
    clientInfo: pick(Object.keys(clientInfo.shape) as (keyof ClientInfo)[]) as ClientInfo,
    installInfo: pick(Object.keys(installInfo.shape) as (keyof InstallInfo)[]) as InstallInfo,
    deviceInstall: { ...stored.deviceInstall, ...device, ...pick(DEVICE_EDIT_KEYS) } as DeviceInstall,
    commInstall: pick(Object.keys(commInstall.shape) as (keyof CommInstall)[]) as CommInstall,
    ctInstall: { wiringType: device.wiringType, ctChannels } as CtInstall,
  };
}

/** The CT columns of an inspection: the installer's identification, the verified live values and Accepted. */
export const CT_INSPECT_KEYS = ['colorCode', 'ctModel', 'ctSerialNumber', 'current', 'activePower', 'powerFactor', 'accepted'] as const;
/** What Accepted locks (000 §4). */
export const CT_LOCKED_KEYS = ['colorCode', 'ctModel', 'ctSerialNumber'] as const;
const PT_KEYS = ['voltageA', 'voltageB', 'voltageC'] as const;

/** The inspection edit screen's one form: commission and inspection, PT, the record's CT rows, notes and status. */
export function inspectionForm(ids: readonly number[]) {
  const ct = Object.fromEntries(ids.flatMap((id) => CT_INSPECT_KEYS.map((k) => [ctFieldName(id, k), ctChannel.shape[k]] as const)));
  return strictObject({ ...commissionInfo.shape, ...ptRecord.shape, ...ct }).superRefine((v, ctx) => {
    if (v.inspectionStatus === INSPECTION_STATUS_OTHERS && String(v.inspectionStatusOthers ?? '').trim() === '')
      ctx.addIssue({ code: 'custom', path: ['inspectionStatusOthers'], message: t.othersRequired });
  });
}

export function inspectionFormValues(d: { commissionInfo: CommissionInfo; ptRecord: PtRecord; ctInstall: CtInstall }): Record<string, unknown> {
  const ct = Object.fromEntries(d.ctInstall.ctChannels.flatMap((c) => CT_INSPECT_KEYS.map((k) => [ctFieldName(c.id, k), c[k]] as const)));
  return { ...d.commissionInfo, ...d.ptRecord, ...ct };
}

/** The three PUT bodies of a saved inspection form; the CT rows keep what the installation set. */
export function inspectionBodies(form: Record<string, unknown>, stored: { ctInstall: CtInstall }) {
  const pick = (keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, form[k]]));
  return {
    commissionInfo: pick(Object.keys(commissionInfo.shape)) as CommissionInfo,
    ptRecord: pick(PT_KEYS) as PtRecord,
    ctInstall: {
      wiringType: stored.ctInstall.wiringType,
      ctChannels: stored.ctInstall.ctChannels.map((c) => ({ ...c, ...Object.fromEntries(CT_INSPECT_KEYS.map((k) => [k, form[ctFieldName(c.id, k)]])) })) as CtChannel[],
    },
  };
}
