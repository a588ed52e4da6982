
/**
 * What the API layer reads from a meter. The simulator implements it today;
 * a Modbus client can implement it later without the API noticing.
 * Units: volts, amps, kW, kvar, kVA, Hz. Values are unrounded; rows.ts rounds.
 */

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

export interface ReadingSource {
  snapshot(atMs: number): MeterSnapshot;
  configure(config: Partial<MeterConfig>): void;
  readonly config: MeterConfig;
}
