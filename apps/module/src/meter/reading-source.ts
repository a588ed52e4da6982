/**
 * What everything downstream reads from a meter: instant values, harmonics and what the meter
 * counts (energy, demand, digital inputs, relays). The simulator and its registers implement it
 * (simulated-source.ts), and so do the Modbus TCP and RTU meters (modbus/modbus-source.ts);
 * `MODULE_METER` chooses one at start (modbus/meter-url.ts). Nothing outside this folder calls
 * the simulator.
 * Units: volts, amps, kW, kvar, kVA, Hz, kWh. Values are unrounded; the rows round. A value the
 * meter does not give (a real meter's profile lacks it, or the meter stopped answering) is NaN,
 * and the rows show it as '-': never invented.
 */
import type { TouRate } from '@meter/contract';

export type LoadNature = 'R' | 'L' | 'C';

export interface PhaseValues {
  vln: number;
  vll: number;
  current: number;
  p: number;
  q: number;
  s: number;
  pf: number;
  loadNature: LoadNature;
}

export interface InputValues {
  /** 1..18 */
  input: number;
  phase: 0 | 1 | 2;
  vln: number;
  current: number;
  p: number;
  q: number;
  s: number;
  pf: number;
  loadNature: LoadNature;
}

export interface SystemValues {
  vlnAvg: number;
  vllAvg: number;
  currentAvg: number;
  p: number;
  q: number;
  s: number;
  pf: number;
  loadNature: LoadNature;
}

export interface MeterSnapshot {
  /** ms since epoch */
  time: number;
  frequency: number;
  phases: [PhaseValues, PhaseValues, PhaseValues];
  system: SystemValues;
  /** 18 entries, inputs[i - 1] is input i */
  inputs: InputValues[];
}

/** Input 1..18 of a snapshot; a number outside the meter's inputs is a caller's bug. */
export function inputOf(snap: MeterSnapshot, input: number): InputValues {
  const x = snap.inputs[input - 1];
  if (!x) throw new RangeError(`the meter has no input ${input}`);
  return x;
}

export interface MeterConfig {
  /**
   * The wiring in the meter's mcStatus-1 numbering (0 1LN, 1 3LN, 2 2LN, 3 2LL, 4 Network,
   * 5 High-leg Delta; contract wiringKindOf(code, 1)). The device service maps the value the
   * meter reports under its own module status to this code.
   */
  wiringType: number;
  /** line-to-neutral volts */
  ratedVoltage: number;
  /**
   * 18 entries, amps: the CT full scale configured per input. The building's CTs are 100 A, so a
   * reading scales with the configured value (200 reads double) and never exceeds it.
   */
  ctFullScale: number[];
  seed: number;
  /**
   * The device clock's zone: an IANA name (follows DST) or minutes east of UTC.
   * The simulator shapes the building's day by it; a real meter can ignore it.
   * Default 0 (UTC).
   */
  timeZone?: string | number;
}

/** Phase A, B or C. */
export type Phase = 0 | 1 | 2;
export const PHASES = [0, 1, 2] as const satisfies readonly Phase[];

/** A harmonic spectrum: `orders[k]` is HARMONIC_ORDERS[k] (order k + 2) in % of the fundamental, with its THD. */
export interface Spectrum {
  orders: number[];
  thd: number;
}

export type TouBuckets = Record<TouRate, number>;

/** The energy registers of one measuring point. */
export interface RegisterSet {
  /** kWh, P > 0 */
  importActive: number;
  /** kWh, P < 0 (as a positive number) */
  exportActive: number;
  /** kvarh, Q > 0 (lagging) */
  importReactive: number;
  /** kvarh, Q < 0 (leading), as a positive number */
  exportReactive: number;
  /** kVAh, always counts up */
  apparent: number;
  /** import active energy by rate */
  currentMonth: TouBuckets;
  priorMonth: TouBuckets;
}

/** Per quantity, four entries each (current A, kW, kvar, kVA): demand, peak, peak time (ms, 0 none), prediction. */
export interface DemandView {
  demand: number[];
  peak: number[];
  peakTime: number[];
  prediction: number[];
}

/** One digital input as the meter reports it. */
export interface DigitalInputReading {
  /** The contact: 0 open, 1 closed (a counter's contact flips with every pulse). */
  status: 0 | 1;
  /** Pulses counted; counts only while the input is a counter. */
  count: number;
  /** DI_TYPE: 0 status, 1 counter. */
  type: 0 | 1;
  /** Unit of count × ratio. */
  unit: string;
  ratio: number;
}

export interface RelayState {
  ro1: 0 | 1;
  ro2: 0 | 1;
}

/** What a meter measures at an instant; the registers integrate it over time. */
export interface SnapshotSource {
  snapshot(atMs: number): MeterSnapshot;
  configure(config: Partial<MeterConfig>): void;
  readonly config: MeterConfig;
}

/** Harmonic spectra at the instant of a snapshot the same meter gave. */
export interface HarmonicReadings {
  voltageHarmonics(snap: MeterSnapshot, phase: Phase): Spectrum;
  phaseCurrentHarmonics(snap: MeterSnapshot, phase: Phase): Spectrum;
  /** Input 1..18. */
  inputCurrentHarmonics(snap: MeterSnapshot, input: number): Spectrum;
}

/**
 * What the meter counts over time. Measuring points are the register slots of
 * registers/sampling.ts (phases, system, inputs; user channels for demand).
 */
export interface RegisterReadings {
  /** Energy registers of a slot, or undefined when the meter keeps none for it. */
  energy(slot: string): Readonly<RegisterSet> | undefined;
  /** Demand of a slot, or undefined when the meter keeps none for it. */
  demand(slot: string): DemandView | undefined;
  /** The digital inputs DI1..DI18 at an instant. */
  digitalInputs(atMs: number): DigitalInputReading[];
  relays(): RelayState;
  /** Settles when the registers hold a first start's seeded history (at once on any other start). */
  seeded(): Promise<void>;
  /**
   * False while the registers catch up the time the module was away or seed a first start's
   * history (a real meter counts by itself: always true).
   */
  whole(): boolean;
  /** Settles when whole() is. */
  caughtUp(): Promise<void>;
}

/** Whether the meter answers: null while it does (the simulator always does). */
export interface MeterLink {
  /** ms of the first failed poll after the last good one, or null while the meter answers. */
  lostSince: number | null;
}

export interface ReadingSource extends SnapshotSource, HarmonicReadings, RegisterReadings {
  /** 'simulated', 'modbus-tcp' or 'modbus-rtu'. */
  readonly kind: string;
  link(): MeterLink;
  /** Stops polling and closes the connection (the module's close). */
  close(): Promise<void>;
}
