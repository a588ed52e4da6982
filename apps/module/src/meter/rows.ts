import { CHANNEL_COUNT, PHASE_NAMES, REALTIME_KEYS as K, channelInputsOf, shown, wiringKindOf } from '@meter/contract';
import type { ReadingRow } from '@meter/contract';
import { average, combinePowers, type Powers } from './physics.ts';
import { PHASES, inputOf, type InputValues, type MeterSnapshot } from './reading-source.ts';

const volts = (v: number) => shown(v, 1);

function powerCells(x: Powers & { current: number }): ReadingRow {
  return {
    [K.current]: shown(x.current, 3),
    [K.activePower]: shown(x.p, 3),
    [K.reactivePower]: shown(x.q, 3),
    [K.apparentPower]: shown(x.s, 3),
    [K.powerFactor]: shown(x.pf, 3),
    // Of the reactive and apparent power: unknown when they are.
    [K.loadNature]: Number.isFinite(x.q) && Number.isFinite(x.s) ? x.loadNature : '-',
  };
}

function inputRow(name: string, x: InputValues): ReadingRow {
  return { Name: name, [K.vln]: volts(x.vln), ...powerCells(x) };
}

/** Phase rows pair each phase with the line voltage that starts at it: A with VAB, B with VBC, C with VCA. */
export function systemRows(snap: MeterSnapshot): ReadingRow[] {
  const phases = PHASES.map((i) => ({ Name: PHASE_NAMES[i], [K.vln]: volts(snap.phases[i].vln), [K.vll]: volts(snap.phases[i].vll), ...powerCells(snap.phases[i]) }));
  const sys = snap.system;
  return [
    ...phases,
    {
      Name: 'System',
      [K.vln]: volts(sys.vlnAvg),
      [K.vll]: volts(sys.vllAvg),
      ...powerCells({ ...sys, current: sys.currentAvg }),
      [K.frequency]: shown(snap.frequency, 2),
    },
  ];
}

/**
 * Inputs behind a channel number (000 §3, §9; contract userChannelLayout): 1..18 is the input
 * itself; above 18 user channel u = n − 18 of the wiring (3LN/High-leg Delta: three inputs from
 * 3u − 2; 2LN/2LL: the first two of them; Network: 2u − 1 and 2u, nine channels). 1LN has none.
 * `wiringType` is the meter config's code (mcStatus-1 numbering).
 */
export function channelInputs(channel: number, wiringType: number): readonly number[] | null {
  const kind = wiringKindOf(wiringType, 1);
  return kind ? channelInputsOf(channel, kind) : null;
}

/** The name the User and Channel Mapping gives a channel: the first user mapped to it with a name. */
export function userNameOf(mapping: ReadonlyArray<{ channel: number; userName: string }>, channel: number): string {
  return mapping.find((u) => u.channel === channel && u.userName.trim() !== '')?.userName.trim() ?? '';
}

/** The row name of a user channel's k-th input: Phase A, B, C (a channel has one input per phase). */
export function phaseName(k: number): string {
  const name = PHASE_NAMES[k];
  if (name === undefined) throw new RangeError(`a user channel has no input ${k + 1}`);
  return name;
}

/** The name of an input channel's row: 'Input Channel n', with the mapped user's name when there is one. */
export function inputChannelName(channel: number, userName = ''): string {
  return userName.trim() ? `Input Channel ${channel} - ${userName.trim()}` : `Input Channel ${channel}`;
}

/** Rows for one channel, or null when the channel does not exist under this wiring. */
export function channelRows(snap: MeterSnapshot, channel: number, wiringType: number, userName = ''): ReadingRow[] | null {
  const ids = channelInputs(channel, wiringType);
  if (!ids) return null;
  if (channel <= CHANNEL_COUNT) return [inputRow(inputChannelName(channel, userName), inputOf(snap, channel))];

  const inputs = ids.map((n) => inputOf(snap, n));
  const total = {
    Name: 'Total',
    [K.vln]: volts(average(inputs.map((x) => x.vln))),
    ...powerCells({ ...combinePowers(inputs), current: average(inputs.map((x) => x.current)) }),
  };
  return [...inputs.map((x, k) => inputRow(phaseName(k), x)), total];
}
