/**
 * What the trend store records, as data: each group is one trend parameter with its columns,
 * how to read it from a meter snapshot, its display precision, and the export mask bit that
 * selects it (001 §3). Adding a series is one entry here; the codec, rollups, queries and the
 * export follow the list.
 */
import type { LogTypeName, RealtimeTrendParameter } from '@meter/contract';
import { ENERGY_TREND_PARAMETERS, TREND_PHASE_COLUMNS, energyInputColumn, CHANNEL_COUNT } from '@meter/contract';
import type { MeterSnapshot } from '../../meter/reading-source.ts';

export type GroupKey = RealtimeTrendParameter | 'F';

/** One second of input: the snapshot plus per-phase voltage THD in % (NaN when unknown). */
export interface SampleInput {
  snap: MeterSnapshot;
  vthd: readonly [number, number, number];
}

export interface SeriesGroup {
  key: GroupKey;
  /** Column names in the trend rows. */
  columns: readonly string[];
  /** Unit for the CSV header. */
  unit: string;
  /** Decimals in replies (values are stored with at least this precision). */
  digits: number;
  /** Export mask that selects it. */
  mask: { type: LogTypeName; bit: number };
  read(x: SampleInput): number[];
}

const PHASES = TREND_PHASE_COLUMNS;
const avg3 = (a: number, b: number, c: number) => (a + b + c) / 3;

/**
 * Phase columns pair a phase with what the readings rows show for it (Phase A with VAB for VLL);
 * System is the system value of the readings (averages for V and I, totals for powers).
 */
export const SERIES: readonly SeriesGroup[] = [
  { key: 'VLN', columns: PHASES, unit: 'V', digits: 2, mask: { type: 'realTime', bit: 1 }, read: ({ snap: s }) => [s.phases[0].vln, s.phases[1].vln, s.phases[2].vln, s.system.vlnAvg] },
  { key: 'VLL', columns: PHASES, unit: 'V', digits: 2, mask: { type: 'realTime', bit: 2 }, read: ({ snap: s }) => [s.phases[0].vll, s.phases[1].vll, s.phases[2].vll, s.system.vllAvg] },
  {
    key: 'I',
    columns: PHASES,
    unit: 'A',
    digits: 3,
    mask: { type: 'realTime', bit: 4 },
    read: ({ snap: s }) => [s.phases[0].current, s.phases[1].current, s.phases[2].current, s.system.currentAvg],
  },
  { key: 'P', columns: PHASES, unit: 'kW', digits: 3, mask: { type: 'realTime', bit: 8 }, read: ({ snap: s }) => [s.phases[0].p, s.phases[1].p, s.phases[2].p, s.system.p] },
  { key: 'Q', columns: PHASES, unit: 'kvar', digits: 3, mask: { type: 'realTime', bit: 16 }, read: ({ snap: s }) => [s.phases[0].q, s.phases[1].q, s.phases[2].q, s.system.q] },
  { key: 'S', columns: PHASES, unit: 'kVA', digits: 3, mask: { type: 'realTime', bit: 32 }, read: ({ snap: s }) => [s.phases[0].s, s.phases[1].s, s.phases[2].s, s.system.s] },
  { key: 'PF', columns: PHASES, unit: '', digits: 3, mask: { type: 'realTime', bit: 64 }, read: ({ snap: s }) => [s.phases[0].pf, s.phases[1].pf, s.phases[2].pf, s.system.pf] },
  { key: 'F', columns: ['System'], unit: 'Hz', digits: 3, mask: { type: 'realTime', bit: 128 }, read: ({ snap: s }) => [s.frequency] },
  // Voltage THD in % of the fundamental; System is the mean of the phases.
  { key: 'VTHD', columns: PHASES, unit: '%', digits: 2, mask: { type: 'powerQuality', bit: 4 }, read: ({ vthd: v }) => [v[0], v[1], v[2], avg3(v[0], v[1], v[2])] },
];

/** Flat value layout: group g occupies values [OFFSETS[g], OFFSETS[g] + columns). */
export const OFFSETS: readonly number[] = (() => {
  let at = 0;
  return SERIES.map((g) => ((at += g.columns.length), at - g.columns.length));
})();
export const VALUE_COUNT = SERIES.reduce((n, g) => n + g.columns.length, 0);
export const groupIndex = (key: GroupKey): number => SERIES.findIndex((g) => g.key === key);

/** Load type (realtime bit 256) is not stored: it is the sign of the reactive power (export). */
export const LOAD_TYPE_BIT = 256;

/** Reads one second into a flat vector. */
export function sampleValues(x: SampleInput, out: Float64Array = new Float64Array(VALUE_COUNT)): Float64Array {
  SERIES.forEach((g, i) => {
    const vals = g.read(x);
    for (let k = 0; k < vals.length; k++) out[OFFSETS[i]! + k] = vals[k]!;
  });
  return out;
}

// ---- energy -----------------------------------------------------------------------------------

/** Energy columns: the four of the chart's defaults, then one per input channel. */
export const ENERGY_COLUMNS: readonly string[] = [...PHASES, ...Array.from({ length: CHANNEL_COUNT }, (_, i) => energyInputColumn(i + 1))];
export const ENERGY_PARAMS = ENERGY_TREND_PARAMETERS;
export const ENERGY_BITS = { EP: 1, EQ: 2, ES: 4 } as const;
/** Flat layout: parameter p, column c at p * ENERGY_COLUMNS.length + c. */
export const ENERGY_VALUE_COUNT = ENERGY_PARAMS.length * ENERGY_COLUMNS.length;
