/**
 * Digital inputs, pure. Status inputs (door contacts, breaker auxiliaries, alarms) open and close
 * now and then, deterministically from (seed, time). Counter inputs count the pulses of utility
 * meters (water, gas, a sub-meter) at a rate that follows the building's load; the counts are
 * state the caller persists.
 */
import { CHANNEL_COUNT, DI_TYPE } from '@meter/contract';
import { uniform } from '../noise.ts';

const MINUTE = 60_000;
/** Noise stream of this file, apart from the simulator's (noise.ts) and harmonics.ts (201+). */
const STREAM_DI = 301;

export interface DiSetup {
  type: 0 | 1;
  /** unit of value = count × ratio */
  unit: string;
  ratio: number;
  /** pulses per hour with the building at full load (counter inputs) */
  pulsesPerHour: number;
}

const status: DiSetup = { type: DI_TYPE.status, unit: '', ratio: 1, pulsesPerHour: 0 };

/**
 * Default wiring of the inputs: DI1-DI4 count pulses, the rest report a contact's status.
 * DI1 domestic water (10 L/pulse), DI2 gas (10 L/pulse), DI3 hot water (1 L/pulse),
 * DI4 a chiller's energy sub-meter (1 kWh/pulse).
 */
export const DEFAULT_DI_SETUP: readonly DiSetup[] = [
  { type: DI_TYPE.counter, unit: 'm³', ratio: 0.01, pulsesPerHour: 90 },
  { type: DI_TYPE.counter, unit: 'm³', ratio: 0.01, pulsesPerHour: 60 },
  { type: DI_TYPE.counter, unit: 'm³', ratio: 0.001, pulsesPerHour: 240 },
  { type: DI_TYPE.counter, unit: 'kWh', ratio: 1, pulsesPerHour: 45 },
  ...Array.from({ length: CHANNEL_COUNT - 4 }, () => status),
];

export interface CounterState {
  /** pulses counted per input (0 for status inputs) */
  counts: number[];
  /** the part of the next pulse already accumulated, 0..1 */
  fraction: number[];
}

export function newCounters(): CounterState {
  return { counts: Array<number>(CHANNEL_COUNT).fill(0), fraction: Array<number>(CHANNEL_COUNT).fill(0) };
}

/**
 * Counts the pulses of `hours` at the given building loading (0..1). Even an empty building
 * draws a tenth of the full-load rate (leaks, pilot flames, standby), so counters never stop.
 */
export function countPulses(state: CounterState, setup: readonly DiSetup[], loading: number, hours: number): void {
  setup.forEach((di, i) => {
    const count = state.counts[i];
    const fraction = state.fraction[i];
    if (di.type !== DI_TYPE.counter || hours <= 0 || count === undefined || fraction === undefined) return;
    const x = fraction + di.pulsesPerHour * (0.1 + 0.9 * Math.min(1, Math.max(0, loading))) * hours;
    const whole = Math.floor(x);
    state.counts[i] = count + whole;
    state.fraction[i] = x - whole;
  });
}

/**
 * A status input's contact at an instant: each input has its own period (5-60 min) and share of
 * time closed (20-80 %), and draws open/closed anew each period.
 */
export function statusInput(seed: number, di: number, atMs: number): 0 | 1 {
  const period = (5 + Math.floor(uniform(seed, STREAM_DI, di, -1) * 56)) * MINUTE;
  const duty = 0.2 + 0.6 * uniform(seed, STREAM_DI, di, -2);
  const offset = Math.floor(uniform(seed, STREAM_DI, di, -3) * period);
  return uniform(seed, STREAM_DI, di, Math.floor((atMs + offset) / period)) < duty ? 1 : 0;
}

/** Status of input `di` (1..18): a counter's contact flips with every pulse. */
export function diStatus(seed: number, setup: DiSetup, di: number, count: number, atMs: number): 0 | 1 {
  return setup.type === DI_TYPE.counter ? ((count % 2) as 0 | 1) : statusInput(seed, di, atMs);
}
