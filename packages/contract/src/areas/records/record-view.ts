/**
 * What an installation or inspection record shows (000 §2): its sections as label/value rows and
 * tables of text. The console's read-only views and the module's PDFs draw the same model, so a
 * printed record says exactly what the screen says.
 */
import type { z } from 'zod';
import { ctLayout, inspectionStatusText, RECORD_WIRING_OPTIONS } from '../../options/records.ts';
import { metaOf, shapeOf } from '../../rules/field-meta.ts';
import {
  clientInfo,
  commInstall,
  commissionInfo,
  ctChannel,
  deviceInstall,
  installInfo,
  ptRecord,
  type ClientInfo,
  type CommInstall,
  type CommissionInfo,
  type CtInstall,
  type DeviceInstall,
  type InstallInfo,
  type PtRecord,
  recordTexts as t,
} from './schemas.ts';

export interface RecordRows {
  kind: 'rows';
  title: string;
  rows: readonly (readonly [label: string, value: string])[];
}
export interface RecordTable {
  kind: 'table';
  title: string;
  headers: readonly string[];
  rows: readonly (readonly string[])[];
  /** Per column: a measured quantity, drawn right-aligned (its unit is in the header). */
  numeric?: readonly boolean[];
}
export type RecordBlock = RecordRows | RecordTable | { kind: 'text'; title: string; text: string };

export interface RecordDocument {
  title: string;
  blocks: readonly RecordBlock[];
}

export interface InstallationRecordData {
  clientInfo: ClientInfo;
  installInfo: InstallInfo;
  deviceInstall: DeviceInstall;
  ctInstall: CtInstall;
  commInstall: CommInstall;
}
export interface InspectionRecordData extends InstallationRecordData {
  commissionInfo: CommissionInfo;
  ptRecord: PtRecord;
}

/** A field's label from its schema's meta: labels are typed once, in the schema. */
export function labelOf(schema: z.ZodType, key: string): string {
  const field = shapeOf(schema)?.[key];
  return (field && metaOf(field)?.label) ?? key;
}

const text = (v: string) => (v.trim() === '' ? t.empty : v);
const onOff = (v: number) => (v === 1 ? t.enabled : t.disabled);
const unitOf = (schema: z.ZodType, key: string) => {
  const field = shapeOf(schema)?.[key];
  const unit = field && metaOf(field)?.unit;
  return unit ? ` ${unit}` : '';
};
const rowsOf = <T extends Record<string, unknown>>(schema: z.ZodType, data: T, keys: readonly (keyof T & string)[], show: (key: keyof T & string, v: T[keyof T]) => string) =>
  keys.map((k) => [labelOf(schema, k), show(k, data[k])] as const);

export const wiringLabel = (w: number) => RECORD_WIRING_OPTIONS.find((o) => o.value === w)?.label ?? String(w);

function installationBlocks(d: InstallationRecordData, inspection: boolean): RecordBlock[] {
  const di = d.deviceInstall;
  const c = d.commInstall;
  const showWifi = c.wifiEnable === 1;
  const commKeys: (keyof CommInstall & string)[] = [
    'rstpEnable',
    'eth1DHCP',
    'eth1IPAddress',
    'eth1Status',
    'eth2DHCP',
    'eth2IPAddress',
    'eth2Status',
    'wifiEnable',
    ...(showWifi ? (['wifiMode', 'wifiStatus', 'wifiIP', 'wifiSSID'] as const) : []),
    'modbusTCPPort',
    'modbusRTUBaudrate',
    'modbusRTUAddress',
    'bacNetIPEnabled',
    'bacNetIPPort',
    'bacNetIPID',
  ];
  const slots = new Map(ctLayout(d.ctInstall.wiringType).map((s) => [s.id, s]));
  const ctHeaders = [
    'Input',
    'User Channel',
    labelOf(ctChannel, 'phase'),
    labelOf(ctChannel, 'colorCode'),
    labelOf(ctChannel, 'ctModel'),
    labelOf(ctChannel, 'ctSerialNumber'),
    labelOf(ctChannel, 'ctRatio'),
  ];
  const liveHeaders = ['Current (A)', 'Active Power (kW)', labelOf(ctChannel, 'powerFactor'), labelOf(ctChannel, 'accepted')];
  return [
    { kind: 'rows', title: t.clientInformation, rows: rowsOf(clientInfo, d.clientInfo, ['client', 'address'], (_, v) => text(v)) },
    { kind: 'rows', title: t.installationInformation, rows: rowsOf(installInfo, d.installInfo, ['installationDate', 'installerName', 'meterLocation'], (_, v) => text(v)) },
    {
      kind: 'rows',
      title: t.deviceInformation,
      rows: rowsOf(
        deviceInstall,
        di,
        [
          'meterModel',
          'meterSerialNumber',
          'moduleEthernet0MACAddress',
          'moduleEthernet1MACAddress',
          'moduleWiFiMACAddress',
          'meterSealStatus',
          'nominalVoltage',
          'nominalCurrent',
          'nominalFrequency',
          'wiringType',
          'pulseConstant',
        ],
        (k, v) =>
          k === 'meterSealStatus'
            ? v === 1
              ? 'On'
              : 'Off'
            : k === 'wiringType'
              ? wiringLabel(v as number)
              : typeof v === 'number'
                ? `${v}${unitOf(deviceInstall, k)}`
                : text(String(v)),
      ),
    },
    {
      kind: 'table',
      title: inspection ? t.ctInspectionTable : t.ctInstallationTable,
      headers: [...ctHeaders, ...(inspection ? liveHeaders : []), labelOf(ctChannel, 'panelDescription')],
      numeric: [...ctHeaders.map(() => false), ...(inspection ? [true, true, true, false] : []), false],
      rows: d.ctInstall.ctChannels.map((ch) => [
        String(ch.id),
        String(slots.get(ch.id)?.userChannel ?? '-'),
        ch.phase,
        text(ch.colorCode),
        text(ch.ctModel),
        text(ch.ctSerialNumber),
        text(ch.ctRatio),
        ...(inspection ? [ch.current.toFixed(3), ch.activePower.toFixed(3), ch.powerFactor.toFixed(3), ch.accepted ? 'Yes' : 'No'] : []),
        text(ch.panelDescription),
      ]),
    },
    {
      kind: 'rows',
      title: t.communicationInformation,
      rows: rowsOf(commInstall, c, commKeys, (k, v) => {
        if (k === 'eth1DHCP' || k === 'eth2DHCP') return v === 1 ? t.auto : t.manual;
        if (k === 'rstpEnable' || k === 'eth1Status' || k === 'eth2Status' || k === 'wifiEnable' || k === 'wifiStatus' || k === 'bacNetIPEnabled') return onOff(v as number);
        return text(String(v));
      }),
    },
  ];
}

export function installationDocument(d: InstallationRecordData): RecordDocument {
  return { title: t.installationTitle, blocks: installationBlocks(d, false) };
}

export function inspectionDocument(d: InspectionRecordData): RecordDocument {
  const ci = d.commissionInfo;
  const base = installationBlocks(d, true);
  return {
    title: t.inspectionTitle,
    blocks: [
      ...base.slice(0, 3),
      { kind: 'rows', title: t.commissionInformation, rows: rowsOf(commissionInfo, ci, ['commissionDate', 'commissioner'], (_, v) => text(String(v))) },
      { kind: 'rows', title: t.inspectionInformation, rows: rowsOf(commissionInfo, ci, ['inspectionDate', 'inspector'], (_, v) => text(String(v))) },
      {
        kind: 'table',
        title: t.ptInspectionTable,
        headers: ['Phase', 'Voltage (V)'],
        numeric: [false, true],
        rows: (['voltageA', 'voltageB', 'voltageC'] as const).map((k) => [labelOf(ptRecord, k), d.ptRecord[k].toFixed(1)]),
      },
      base[3]!,
      base[4]!,
      { kind: 'text', title: t.inspectionNotes, text: text(ci.inspectionNotes) },
      { kind: 'text', title: t.inspectionStatus, text: inspectionStatusText(ci.inspectionStatus, ci.inspectionStatusOthers) },
      { kind: 'text', title: t.signature, text: '' },
    ],
  };
}
