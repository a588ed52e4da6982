/**
 * Where the trend store reads what the snapshot does not carry: voltage THD (the meter's
 * harmonics) and the cumulative energy registers. Two small interfaces, so a Modbus meter (or a
 * change in the registers' API) is one adapter here, not a change in the store.
 */
import { CHANNEL_COUNT } from '@meter/contract';
import { inputOf, type HarmonicReadings, type MeterSnapshot, type RegisterReadings } from '../../meter/reading-source.ts';
import { inputSlot, phaseSlot, SYSTEM_SLOT } from '../../meter/registers/sampling.ts';
import { ENERGY_COLUMNS, ENERGY_PARAMS, ENERGY_VALUE_COUNT } from './series.ts';

export interface HarmonicsSource {
  /** Voltage THD of phases A, B, C in % for the instant of the snapshot (NaN when unknown). */
  vthd(snap: MeterSnapshot): [number, number, number];
}

export interface EnergySource {
  /**
   * Cumulative registers now, in kWh / kvarh / kVAh, laid out as series.ts says
   * (parameter EP, EQ, ES × columns Phase A-C, System, Input Channel 1-18); NaN where unknown.
   */
  totals(): Float64Array;
  /**
   * False while the registers are not whole yet: the module's start catches up the time it was
   * away, or seeds a first start's history, in slices after the listener opens (totals behind or missing).
   */
  whole(): boolean;
  /** Settles when they are whole. */
  settled(): Promise<void>;
}

/** The meter's voltage spectrum of each phase at the snapshot's instant. */
export function registerHarmonics(meter: HarmonicReadings): HarmonicsSource {
  return {
    vthd: (snap) => [meter.voltageHarmonics(snap, 0).thd, meter.voltageHarmonics(snap, 1).thd, meter.voltageHarmonics(snap, 2).thd],
  };
}

/** Register slot of each energy column (series.ts order). */
const SLOTS = [phaseSlot(0), phaseSlot(1), phaseSlot(2), SYSTEM_SLOT, ...Array.from({ length: CHANNEL_COUNT }, (_, i) => inputSlot(i + 1))];

/** EP = import active, EQ = import reactive, ES = apparent (001 §3 energy bits). */
export function registerEnergy(registers: Pick<RegisterReadings, 'energy' | 'whole' | 'caughtUp'>): EnergySource {
  return {
    totals() {
      const out = new Float64Array(ENERGY_VALUE_COUNT).fill(NaN);
      const n = ENERGY_COLUMNS.length;
      SLOTS.forEach((slot, c) => {
        const set = registers.energy(slot);
        if (!set) return;
        out[c] = set.importActive;
        out[n + c] = set.importReactive;
        out[2 * n + c] = set.apparent;
      });
      return out;
    },
    whole: () => registers.whole(),
    settled: () => registers.caughtUp(),
  };
}

/**
 * Energy over one minute ending at the snapshot, from its powers held for the minute (the
 * registers' own rule: a step takes the reading at its end). Used by the backfill, which walks
 * history backwards from the live registers.
 */
export function minuteIncrements(snap: MeterSnapshot, out: Float64Array = new Float64Array(ENERGY_VALUE_COUNT)): Float64Array {
  const h = 1 / 60;
  const n = ENERGY_COLUMNS.length;
  const at = (c: number) => (c === 0 || c === 1 || c === 2 ? snap.phases[c] : c === 3 ? snap.system : inputOf(snap, c - 3));
  for (let c = 0; c < n; c++) {
    const x = at(c);
    out[c] = Math.max(0, x.p) * h;
    out[n + c] = Math.max(0, x.q) * h;
    out[2 * n + c] = Math.abs(x.s) * h;
  }
  return out;
}

export const ENERGY_PARAM_INDEX = Object.fromEntries(ENERGY_PARAMS.map((p, i) => [p, i])) as Record<(typeof ENERGY_PARAMS)[number], number>;
