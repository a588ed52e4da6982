import { CHANNEL_COUNT, INPUTS_PER_USER, REALTIME_KEYS as K, USER_CHANNEL_COUNT } from '@meter/contract';
import type { ReadingRow, WiringType } from '@meter/contract';
import { average, combinePowers, type Powers } from './physics.ts';
import type { InputValues, MeterSnapshot } from './reading-source.ts';

const PHASE_NAMES = ['Phase A', 'Phase B', 'Phase C'] as const;

/** Rounds for display; never returns -0, which would print as "-0" in some clients. */
export function round(value: number, digits: number): number {
  const f = 10 ** digits;
  const r = Math.round(value * f) / f;
  return r === 0 ? 0 : r;
}

const volts = (v: number) => round(v, 1);

function powerCells(x: Powers & { current: number }): ReadingRow {
  return {
    [K.current]: round(x.current, 3),
    [K.activePower]: round(x.p, 3),
    [K.reactivePower]: round(x.q, 3),
    [K.apparentPower]: round(x.s, 3),
    [K.powerFactor]: round(x.pf, 3),
    [K.loadNature]: x.loadNature,
  };
}

function inputRow(name: string, x: InputValues): ReadingRow {
  return { Name: name, [K.vln]: volts(x.vln), ...powerCells(x) };
}

/** Phase rows pair each phase with the line voltage that starts at it: A with VAB, B with VBC, C with VCA. */
export function systemRows(snap: MeterSnapshot): ReadingRow[] {
  const phases = snap.phases.map((ph, i) => ({ Name: PHASE_NAMES[i], [K.vln]: volts(ph.vln), [K.vll]: volts(ph.vll), ...powerCells(ph) }));
  const sys = snap.system;
  return [
    ...phases,
    {
      Name: 'System',
      [K.vln]: volts(sys.vlnAvg),
      [K.vll]: volts(sys.vllAvg),
      ...powerCells({ ...sys, current: sys.currentAvg }),
      [K.frequency]: round(snap.frequency, 2),
    },
  ];
}

/**
 * Inputs behind a channel number (000 §3, §9): 1..18 is the input itself;
 * 19..24 is user channel u = n − 18, which owns the triple starting at input
 * 3u − 2 (all three in 3 LN, the first two in 2 LN). 1 LN has no channels above 18.
 */
export function channelInputs(channel: number, wiringType: WiringType): number[] | null {
  if (!Number.isInteger(channel) || channel < 1) return null;
  if (channel <= CHANNEL_COUNT) return [channel];
  const user = channel - CHANNEL_COUNT;
  if (wiringType === 0 || user > USER_CHANNEL_COUNT) return null;
  const first = 3 * user - 2;
  return Array.from({ length: INPUTS_PER_USER[wiringType] }, (_, k) => first + k);
}

/** Rows for one channel, or null when the channel does not exist under this wiring. */
export function channelRows(snap: MeterSnapshot, channel: number, wiringType: WiringType): ReadingRow[] | null {
  const ids = channelInputs(channel, wiringType);
  if (!ids) return null;
  if (channel <= CHANNEL_COUNT) return [inputRow(`Input Channel ${channel}`, snap.inputs[channel - 1])];

  const inputs = ids.map((n) => snap.inputs[n - 1]);
  const total = {
    Name: 'Total',
    [K.vln]: volts(average(inputs.map((x) => x.vln))),
    ...powerCells({ ...combinePowers(inputs), current: average(inputs.map((x) => x.current)) }),
  };
  return [...inputs.map((x, k) => inputRow(PHASE_NAMES[k], x)), total];
}
