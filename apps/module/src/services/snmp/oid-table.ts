/**
 * What the agent serves (docs/decisions/communication-snmp.md): the MIB-II system group and an enterprise
 * subtree with the live measurements, each an integer in a stated unit (SNMP has no floats).
 * One table: the agent registers it, the MIB file is written from it, the tests walk it.
 * The enterprise number is a placeholder (the spec names none): 1.3.6.1.4.1.99999.
 */
import { PHASES as PHASE_INDEXES, type MeterSnapshot, type ReadingSource } from '../../meter/reading-source.ts';
import { SYSTEM_SLOT } from '../../meter/registers/sampling.ts';

export const ENTERPRISE_OID = '1.3.6.1.4.1.99999';
export const MIB_MODULE = 'ACCUMETER-MIB';
/** meterObjects: the measurements; meterNotifications: the traps and their objects. */
export const MEASUREMENTS_OID = `${ENTERPRISE_OID}.1.1`;
export const NOTIFICATIONS_OID = `${ENTERPRISE_OID}.2`;
export const SYSTEM_EVENT_TRAP_OID = `${NOTIFICATIONS_OID}.0.1`;
export const EVENT_NAME_OID = `${NOTIFICATIONS_OID}.1.1`;
export const EVENT_TIME_OID = `${NOTIFICATIONS_OID}.1.2`;
export const ALARM_TRAP_OID = `${NOTIFICATIONS_OID}.0.2`;
/** What an alarm trap carries: the Alarm Log's columns (001 §2), the time is meterEventTime. */
export const ALARM_OBJECT_OIDS = {
  id: `${NOTIFICATIONS_OID}.1.3`,
  parameter: `${NOTIFICATIONS_OID}.1.4`,
  condition: `${NOTIFICATIONS_OID}.1.5`,
  setPoint: `${NOTIFICATIONS_OID}.1.6`,
  value: `${NOTIFICATIONS_OID}.1.7`,
  status: `${NOTIFICATIONS_OID}.1.8`,
} as const;

export type Syntax = 'Integer32' | 'Counter64';

export interface Measurement {
  /** Last arc under MEASUREMENTS_OID. */
  arc: number;
  name: string;
  syntax: Syntax;
  units: string;
  description: string;
  value: (s: MeterSnapshot, meter: ReadingSource) => number | bigint;
}

const PH = ['A', 'B', 'C'] as const;
const LL = ['AB', 'BC', 'CA'] as const;
const scaled = (x: number, by: number) => Math.round(x * by);

export const MEASUREMENTS: readonly Measurement[] = [
  { arc: 1, name: 'meterFrequency', syntax: 'Integer32', units: '0.01 Hz', description: 'Frequency', value: (s) => scaled(s.frequency, 100) },
  ...PHASE_INDEXES.map((i) => ({
    arc: 2 + i,
    name: `meterVoltage${PH[i]}N`,
    syntax: 'Integer32' as const,
    units: '0.1 V',
    description: `Line-to-neutral voltage of phase ${PH[i]}`,
    value: (s: MeterSnapshot) => scaled(s.phases[i].vln, 10),
  })),
  { arc: 5, name: 'meterVoltageLNAvg', syntax: 'Integer32', units: '0.1 V', description: 'Average line-to-neutral voltage', value: (s) => scaled(s.system.vlnAvg, 10) },
  ...PHASE_INDEXES.map((i) => ({
    arc: 6 + i,
    name: `meterVoltage${LL[i]}`,
    syntax: 'Integer32' as const,
    units: '0.1 V',
    description: `Line-to-line voltage ${LL[i]}`,
    value: (s: MeterSnapshot) => scaled(s.phases[i].vll, 10),
  })),
  { arc: 9, name: 'meterVoltageLLAvg', syntax: 'Integer32', units: '0.1 V', description: 'Average line-to-line voltage', value: (s) => scaled(s.system.vllAvg, 10) },
  ...PHASE_INDEXES.map((i) => ({
    arc: 10 + i,
    name: `meterCurrent${PH[i]}`,
    syntax: 'Integer32' as const,
    units: 'mA',
    description: `Current of phase ${PH[i]}`,
    value: (s: MeterSnapshot) => scaled(s.phases[i].current, 1000),
  })),
  { arc: 13, name: 'meterActivePower', syntax: 'Integer32', units: 'W', description: 'Total active power', value: (s) => scaled(s.system.p, 1000) },
  { arc: 14, name: 'meterReactivePower', syntax: 'Integer32', units: 'var', description: 'Total reactive power', value: (s) => scaled(s.system.q, 1000) },
  { arc: 15, name: 'meterApparentPower', syntax: 'Integer32', units: 'VA', description: 'Total apparent power', value: (s) => scaled(s.system.s, 1000) },
  { arc: 16, name: 'meterPowerFactor', syntax: 'Integer32', units: '0.001', description: 'Total power factor', value: (s) => scaled(s.system.pf, 1000) },
  {
    arc: 17,
    name: 'meterImportActiveEnergy',
    syntax: 'Counter64',
    units: 'Wh',
    description: 'Import active energy of the system',
    value: (_, m) => BigInt(Math.round((m.energy(SYSTEM_SLOT)?.importActive ?? 0) * 1000)),
  },
];

export const measurementOid = (m: Measurement) => `${MEASUREMENTS_OID}.${m.arc}`;
