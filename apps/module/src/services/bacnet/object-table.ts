/**
 * The objects the BACnet/IP device serves (docs/bacnet.md): the Device object and one Analog
 * Input per measured value, with BACnet's engineering units. One table: the device answers from
 * it, the EPICS file and docs/bacnet.md list it, the tests walk it. AI 1 to 34 are the system's
 * values (the Modbus map's order); input n's five values are AI n01 to n05 (CH7 current: 701).
 */
import { CHANNEL_COUNT } from '@meter/contract';
import { PHASES as PHASE_INDEXES, inputOf, type MeterSnapshot, type ReadingSource } from '../../meter/reading-source.ts';
import { SYSTEM_SLOT } from '../../meter/registers/sampling.ts';

export const ObjectType = { analogInput: 0, device: 8 } as const;

/** BACnetEngineeringUnits (clause 21) the meter's values use. */
export const Units = {
  amperes: 3,
  volts: 5,
  kilovoltAmperes: 9,
  kilovoltAmperesReactive: 12,
  powerFactor: 15,
  kilowattHours: 19,
  hertz: 27,
  kilowatts: 48,
  kilovoltAmpereHours: 240,
  kilovoltAmpereHoursReactive: 243,
} as const;

export const UNIT_NAMES: Record<number, string> = {
  [Units.amperes]: 'amperes',
  [Units.volts]: 'volts',
  [Units.kilovoltAmperes]: 'kilovolt-amperes',
  [Units.kilovoltAmperesReactive]: 'kilovolt-amperes-reactive',
  [Units.powerFactor]: 'power-factor',
  [Units.kilowattHours]: 'kilowatt-hours',
  [Units.hertz]: 'hertz',
  [Units.kilowatts]: 'kilowatts',
  [Units.kilovoltAmpereHours]: 'kilovolt-ampere-hours',
  [Units.kilovoltAmpereHoursReactive]: 'kilovolt-ampere-hours-reactive',
};

export interface AnalogInput {
  instance: number;
  name: string;
  units: number;
  value: (s: MeterSnapshot, meter: ReadingSource) => number;
}

const PHASES = ['A', 'B', 'C'] as const;
const LINES = ['AB', 'BC', 'CA'] as const;

function systemObjects(): AnalogInput[] {
  const o: AnalogInput[] = [];
  const add = (name: string, units: number, value: AnalogInput['value']) => o.push({ instance: o.length + 1, name, units, value });
  add('Frequency', Units.hertz, (s) => s.frequency);
  PHASE_INDEXES.forEach((i) => add(`Voltage ${PHASES[i]}-N`, Units.volts, (s) => s.phases[i].vln));
  add('Voltage L-N average', Units.volts, (s) => s.system.vlnAvg);
  PHASE_INDEXES.forEach((i) => add(`Voltage ${LINES[i]}`, Units.volts, (s) => s.phases[i].vll));
  add('Voltage L-L average', Units.volts, (s) => s.system.vllAvg);
  PHASE_INDEXES.forEach((i) => add(`Current ${PHASES[i]}`, Units.amperes, (s) => s.phases[i].current));
  add('Current average', Units.amperes, (s) => s.system.currentAvg);
  const perPhase = (name: string, units: number, pick: (x: { p: number; q: number; s: number; pf: number }) => number) => {
    PHASE_INDEXES.forEach((i) => add(`${name} ${PHASES[i]}`, units, (s) => pick(s.phases[i])));
    add(`${name} total`, units, (s) => pick(s.system));
  };
  perPhase('Active power', Units.kilowatts, (x) => x.p);
  perPhase('Reactive power', Units.kilovoltAmperesReactive, (x) => x.q);
  perPhase('Apparent power', Units.kilovoltAmperes, (x) => x.s);
  perPhase('Power factor', Units.powerFactor, (x) => x.pf);
  const e = (m: ReadingSource) => m.energy(SYSTEM_SLOT);
  add('Import active energy', Units.kilowattHours, (_, m) => e(m)?.importActive ?? 0);
  add('Export active energy', Units.kilowattHours, (_, m) => e(m)?.exportActive ?? 0);
  add('Import reactive energy', Units.kilovoltAmpereHoursReactive, (_, m) => e(m)?.importReactive ?? 0);
  add('Export reactive energy', Units.kilovoltAmpereHoursReactive, (_, m) => e(m)?.exportReactive ?? 0);
  add('Apparent energy', Units.kilovoltAmpereHours, (_, m) => e(m)?.apparent ?? 0);
  return o;
}

function inputObjects(): AnalogInput[] {
  const o: AnalogInput[] = [];
  for (let n = 1; n <= CHANNEL_COUNT; n++) {
    const x = (s: MeterSnapshot) => inputOf(s, n);
    const base = n * 100;
    o.push(
      { instance: base + 1, name: `CH${n} current`, units: Units.amperes, value: (s) => x(s).current },
      { instance: base + 2, name: `CH${n} active power`, units: Units.kilowatts, value: (s) => x(s).p },
      { instance: base + 3, name: `CH${n} reactive power`, units: Units.kilovoltAmperesReactive, value: (s) => x(s).q },
      { instance: base + 4, name: `CH${n} apparent power`, units: Units.kilovoltAmperes, value: (s) => x(s).s },
      { instance: base + 5, name: `CH${n} power factor`, units: Units.powerFactor, value: (s) => x(s).pf },
    );
  }
  return o;
}

export const ANALOG_INPUTS: readonly AnalogInput[] = [...systemObjects(), ...inputObjects()];
