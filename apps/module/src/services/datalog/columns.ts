/**
 * The columns a logger writes for its real-time mask (001 §3 parameter bits): phase voltages,
 * then per input (CH1..CH18) current, powers, PF and load type with the system totals, and the
 * frequency. Energy, demand, power-quality and I/O columns join when those registers exist.
 */
import { CHANNEL_COUNT, REALTIME_MASK_BITS as B, round } from '@meter/contract';
import type { MeterSnapshot } from '../../meter/reading-source.ts';

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
  if (mask & B.vln) cols.push(...PHASES.map((p, i) => ({ header: `Phase ${p} Voltage (V)`, value: (s: MeterSnapshot) => round(s.phases[i]!.vln, 1) })));
  if (mask & B.vll) cols.push(...LINES.map((l, i) => ({ header: `Line ${l} Voltage (V)`, value: (s: MeterSnapshot) => round(s.phases[i]!.vll, 1) })));
  if (mask & B.current) cols.push(...perInput('Current (A)', (s, i) => round(s.inputs[i]!.current, 3)));
  if (mask & B.activePower)
    cols.push(
      ...perInput(
        'Active Power (kW)',
        (s, i) => round(s.inputs[i]!.p, 3),
        (s) => round(s.system.p, 3),
      ),
    );
  if (mask & B.reactivePower)
    cols.push(
      ...perInput(
        'Reactive Power (kvar)',
        (s, i) => round(s.inputs[i]!.q, 3),
        (s) => round(s.system.q, 3),
      ),
    );
  if (mask & B.apparentPower)
    cols.push(
      ...perInput(
        'Apparent Power (kVA)',
        (s, i) => round(s.inputs[i]!.s, 3),
        (s) => round(s.system.s, 3),
      ),
    );
  if (mask & B.powerFactor)
    cols.push(
      ...perInput(
        'PF',
        (s, i) => round(s.inputs[i]!.pf, 3),
        (s) => round(s.system.pf, 3),
      ),
    );
  if (mask & B.frequency) cols.push({ header: 'Frequency (Hz)', value: (s) => round(s.frequency, 2) });
  if (mask & B.loadType)
    cols.push(
      ...perInput(
        'Load Type',
        (s, i) => s.inputs[i]!.loadNature,
        (s) => s.system.loadNature,
      ),
    );
  return cols;
}
