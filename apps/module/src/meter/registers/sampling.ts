/**
 * The measuring points the registers keep ("slots") and their values in one snapshot:
 * inputs 1..18, phases A-C, the system, and for demand the user channels under the present wiring.
 */
import { CHANNEL_COUNT, MAX_USER_CHANNELS } from '@meter/contract';
import { average, combinePowers } from '../physics.ts';
import { inputOf, type MeterSnapshot } from '../reading-source.ts';
import { channelInputs } from '../rows.ts';

export interface SlotValues {
  /** A */
  current: number;
  /** kW */
  p: number;
  /** kvar */
  q: number;
  /** kVA */
  s: number;
}

export const SYSTEM_SLOT = 'sys';
export const inputSlot = (input: number) => `in${input}`;
export const phaseSlot = (phase: number) => ['phA', 'phB', 'phC'][phase]!;
export const userSlot = (user: number) => `uc${user}`;

const pick = (x: SlotValues): SlotValues => ({ current: x.current, p: x.p, q: x.q, s: x.s });

/**
 * Values of every slot. User channels are included only when asked (demand keeps them: a
 * channel's peak is not the sum of its inputs' peaks; energy adds, so its totals are sums).
 */
export function sampleSlots(snap: MeterSnapshot, wiring: number, withUserChannels: boolean): Map<string, SlotValues> {
  const out = new Map<string, SlotValues>();
  for (const x of snap.inputs) out.set(inputSlot(x.input), pick(x));
  snap.phases.forEach((ph, i) => out.set(phaseSlot(i), pick(ph)));
  const sys = snap.system;
  out.set(SYSTEM_SLOT, { current: sys.currentAvg, p: sys.p, q: sys.q, s: sys.s });
  if (withUserChannels) {
    for (let u = 1; u <= MAX_USER_CHANNELS; u++) {
      const ids = channelInputs(CHANNEL_COUNT + u, wiring);
      if (!ids) continue;
      const inputs = ids.map((n) => inputOf(snap, n));
      // Same composition as the realtime Total row: vector sum of powers, mean current.
      const c = combinePowers(inputs);
      out.set(userSlot(u), { current: average(inputs.map((x) => x.current)), p: c.p, q: c.q, s: c.s });
    }
  }
  return out;
}

/**
 * How loaded the building is, 0..1. The simulated building peaks near 40 % of its CTs'
 * capacity, so that counts as full load.
 */
export function buildingLoading(snap: MeterSnapshot, ctFullScale: readonly number[]): number {
  const amps = snap.inputs.reduce((sum, x) => sum + x.current, 0);
  const capacity = ctFullScale.reduce((sum, a) => sum + a, 0);
  return Math.min(1, amps / Math.max(1e-9, 0.4 * capacity));
}
