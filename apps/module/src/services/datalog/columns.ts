/**
 * The columns a logger writes for its masks (001 §3 parameter bits). Real time: phase voltages,
 * then per input (CH1..CH18) current, powers, PF and load type with the system totals, and the
 * frequency. Energy and demand: per input and the system, from the registers. Power quality:
 * unbalance, per phase THD, odd/even THD, THFF, crest and K factors and the harmonic orders.
 * I/O: the DI counters.
 */
import { CHANNEL_COUNT, HARMONIC_ORDERS, REALTIME_MASK_BITS as B, TREND_PARAM_BITS, round } from '@meter/contract';
import { crestFactor, currentUnbalance, kFactor, partialThd, thff, voltageUnbalance } from '../../meter/power-quality.ts';
import { PHASES as PHASE_INDEXES, inputOf, type MeterSnapshot, type Phase, type ReadingSource, type RegisterSet } from '../../meter/reading-source.ts';
import { SYSTEM_SLOT, inputSlot } from '../../meter/registers/sampling.ts';

export interface Column {
  header: string;
  value: (s: MeterSnapshot) => number | string;
}

const PHASES = ['A', 'B', 'C'] as const;
const LINES = ['AB', 'BC', 'CA'] as const;
const inputs = Array.from({ length: CHANNEL_COUNT }, (_, i) => i);

function perInput(label: string, pick: (s: MeterSnapshot, i: number) => number | string, system?: (s: MeterSnapshot) => number | string): Column[] {
  const cols: Column[] = inputs.map((i) => ({ header: `CH${i + 1} ${label}`, value: (s) => pick(s, i) }));
  if (system) cols.push({ header: `System ${label}`, value: system });
  return cols;
}

export function realTimeColumns(mask: number): Column[] {
  const cols: Column[] = [];
  if (mask & B.vln) cols.push(...PHASE_INDEXES.map((i) => ({ header: `Phase ${PHASES[i]} Voltage (V)`, value: (s: MeterSnapshot) => round(s.phases[i].vln, 1) })));
  if (mask & B.vll) cols.push(...PHASE_INDEXES.map((i) => ({ header: `Line ${LINES[i]} Voltage (V)`, value: (s: MeterSnapshot) => round(s.phases[i].vll, 1) })));
  if (mask & B.current) cols.push(...perInput('Current (A)', (s, i) => round(inputOf(s, i + 1).current, 3)));
  if (mask & B.activePower)
    cols.push(
      ...perInput(
        'Active Power (kW)',
        (s, i) => round(inputOf(s, i + 1).p, 3),
        (s) => round(s.system.p, 3),
      ),
    );
  if (mask & B.reactivePower)
    cols.push(
      ...perInput(
        'Reactive Power (kvar)',
        (s, i) => round(inputOf(s, i + 1).q, 3),
        (s) => round(s.system.q, 3),
      ),
    );
  if (mask & B.apparentPower)
    cols.push(
      ...perInput(
        'Apparent Power (kVA)',
        (s, i) => round(inputOf(s, i + 1).s, 3),
        (s) => round(s.system.s, 3),
      ),
    );
  if (mask & B.powerFactor)
    cols.push(
      ...perInput(
        'PF',
        (s, i) => round(inputOf(s, i + 1).pf, 3),
        (s) => round(s.system.pf, 3),
      ),
    );
  if (mask & B.frequency) cols.push({ header: 'Frequency (Hz)', value: (s) => round(s.frequency, 2) });
  if (mask & B.loadType)
    cols.push(
      ...perInput(
        'Load Type',
        (s, i) => inputOf(s, i + 1).loadNature,
        (s) => s.system.loadNature,
      ),
    );
  return cols;
}

/** What a data log column reads at one instant: the snapshot and the meter behind it. */
export interface Sample {
  atMs: number;
  snap: MeterSnapshot;
  meter: ReadingSource;
  /** Spectra and DI readings computed once per sample, however many columns read them. */
  memo?: Map<string, unknown>;
}

function once<T>(x: Sample, key: string, make: () => T): T {
  x.memo ??= new Map();
  if (!x.memo.has(key)) x.memo.set(key, make());
  return x.memo.get(key) as T;
}

/** A column of a data log file; `stats`: its value can be taken as min, max and average over the interval. */
export interface LogColumn {
  header: string;
  value: (x: Sample) => number | string;
  stats: boolean;
}

const slots = [...inputs.map((i) => ({ name: `CH${i + 1}`, slot: inputSlot(i + 1) })), { name: 'System', slot: SYSTEM_SLOT }];
/** A bit the table does not have (a position past its end) is never set. */
const has = (mask: number, bit: number | undefined) => bit !== undefined && (mask & bit) !== 0;
const blank = (v: number | undefined, digits: number) => (v === undefined || !Number.isFinite(v) ? '' : round(v, digits));

const ENERGY_FIELDS = [
  { bit: 1, label: 'Import Active Energy (kWh)', pick: (r: Readonly<RegisterSet>) => r.importActive },
  { bit: 2, label: 'Import Reactive Energy (kvarh)', pick: (r: Readonly<RegisterSet>) => r.importReactive },
  { bit: 4, label: 'Apparent Energy (kVAh)', pick: (r: Readonly<RegisterSet>) => r.apparent },
] as const;

/** DemandView entries are current A, kW, kvar, kVA. */
const DEMAND_FIELDS = [
  { bit: 1, label: 'Active Power Demand (kW)', index: 1 },
  { bit: 2, label: 'Reactive Power Demand (kvar)', index: 2 },
  { bit: 4, label: 'Apparent Power Demand (kVA)', index: 3 },
  { bit: 8, label: 'Current Demand (A)', index: 0 },
] as const;

export function energyColumns(mask: number): LogColumn[] {
  return ENERGY_FIELDS.filter((f) => has(mask, f.bit)).flatMap((f) =>
    slots.map(({ name, slot }) => {
      const pick = f.pick;
      return { header: `${name} ${f.label}`, stats: false, value: (x: Sample) => blank(((r) => r && pick(r))(x.meter.energy(slot)), 3) };
    }),
  );
}

export function demandColumns(mask: number): LogColumn[] {
  return DEMAND_FIELDS.filter((f) => has(mask, f.bit)).flatMap((f) =>
    slots.map(({ name, slot }) => ({ header: `${name} ${f.label}`, stats: false, value: (x: Sample) => blank(x.meter.demand(slot)?.demand[f.index], 3) })),
  );
}

const perPhase = (label: string, unit: string, pick: (x: Sample, p: Phase) => number, digits = 2): LogColumn[] =>
  PHASE_INDEXES.map((p) => ({ header: `Phase ${PHASES[p]} ${label}${unit ? ` (${unit})` : ''}`, stats: false, value: (x: Sample) => blank(pick(x, p), digits) }));

const vh = (x: Sample, p: Phase) => once(x, `v${p}`, () => x.meter.voltageHarmonics(x.snap, p));
const ih = (x: Sample, p: Phase) => once(x, `i${p}`, () => x.meter.phaseCurrentHarmonics(x.snap, p));

export function powerQualityColumns(mask: number): LogColumn[] {
  const cols: LogColumn[] = [];
  const [vUnb, iUnb, vThd, iThd, vOdd, vEven, thf, vCrest, iOdd, iEven, iK, vHarm, iHarm] = TREND_PARAM_BITS.powerQuality.map((b) => b.bit);
  if (has(mask, vUnb)) cols.push({ header: 'Voltage Unbalance (%)', stats: false, value: (x) => round(voltageUnbalance(x.snap), 2) });
  if (has(mask, iUnb)) cols.push({ header: 'Current Unbalance (%)', stats: false, value: (x) => round(currentUnbalance(x.snap), 2) });
  if (has(mask, vThd)) cols.push(...perPhase('Voltage THD', '%', (x, p) => vh(x, p).thd));
  if (has(mask, iThd)) cols.push(...perPhase('Current THD', '%', (x, p) => ih(x, p).thd));
  if (has(mask, vOdd)) cols.push(...perPhase('Odd Voltage THD', '%', (x, p) => partialThd(vh(x, p), true)));
  if (has(mask, vEven)) cols.push(...perPhase('Even Voltage THD', '%', (x, p) => partialThd(vh(x, p), false)));
  if (has(mask, thf)) cols.push(...perPhase('THFF', '%', (x, p) => thff(vh(x, p), x.snap.frequency)));
  if (has(mask, vCrest)) cols.push(...perPhase('Voltage Crest Factor', '', (x, p) => crestFactor(vh(x, p)), 3));
  if (has(mask, iOdd)) cols.push(...perPhase('Odd Current THD', '%', (x, p) => partialThd(ih(x, p), true)));
  if (has(mask, iEven)) cols.push(...perPhase('Even Current THD', '%', (x, p) => partialThd(ih(x, p), false)));
  if (has(mask, iK)) cols.push(...perPhase('Current K Factor', '', (x, p) => kFactor(ih(x, p)), 3));
  HARMONIC_ORDERS.forEach((order, k) => {
    if (has(mask, vHarm)) cols.push(...perPhase(`Voltage H${order}`, '%', (x, p) => vh(x, p).orders[k]!));
  });
  HARMONIC_ORDERS.forEach((order, k) => {
    if (has(mask, iHarm)) cols.push(...perPhase(`Current H${order}`, '%', (x, p) => ih(x, p).orders[k]!));
  });
  return cols;
}

export function ioColumns(mask: number): LogColumn[] {
  if (!has(mask, TREND_PARAM_BITS.io[0].bit)) return [];
  return inputs.map((i) => ({ header: `DI${i + 1} Counter`, stats: true, value: (x: Sample) => once(x, 'di', () => x.meter.digitalInputs(x.atMs))[i]?.count ?? '' }));
}

export interface LogMasks {
  realTimeMask: number;
  energyMask: number;
  demandMask: number;
  powerQualityMask: number;
  ioMask: number;
}

/** Every parameter column of a logger's masks, in the order of the parameter types (001 §3). */
export function logColumns(m: LogMasks): LogColumn[] {
  return [
    ...realTimeColumns(m.realTimeMask).map((c) => ({ header: c.header, stats: c.header.indexOf('Load Type') < 0, value: (x: Sample) => c.value(x.snap) })),
    ...energyColumns(m.energyMask),
    ...demandColumns(m.demandMask),
    ...powerQualityColumns(m.powerQualityMask),
    ...ioColumns(m.ioMask),
  ];
}
