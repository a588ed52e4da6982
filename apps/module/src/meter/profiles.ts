import type { LocalTime } from './local-time.ts';
import { STREAM, drift, jitter, uniform } from './noise.ts';

/** Daily shape as (local hour, fraction of peak) knots, linearly interpolated. */
/** (hour, level) points, hours rising; at least one. */
type Curve = readonly [readonly [number, number], ...(readonly [number, number])[]];

const OFFICE: Curve = [
  [0, 0.03],
  [6, 0.03],
  [7, 0.3],
  [9, 0.85],
  [12, 0.9],
  [14, 1],
  [17, 0.85],
  [19, 0.3],
  [21, 0.08],
  [24, 0.03],
];
// Cooling lags the occupants: it peaks mid-afternoon and never quite stops.
const COOLING: Curve = [
  [0, 0.15],
  [5, 0.15],
  [7, 0.55],
  [10, 0.7],
  [15, 1],
  [18, 0.75],
  [21, 0.3],
  [24, 0.15],
];
const ALWAYS: Curve = [
  [0, 1],
  [24, 1],
];
const DUSK_TO_DAWN: Curve = [
  [0, 1],
  [6, 1],
  [7, 0],
  [18, 0],
  [19, 1],
  [24, 1],
];

export interface LoadProfile {
  label: string;
  /** amps at the top of the curve; may exceed a small CT, which then clips */
  peakAmps: number;
  curve: Curve;
  /** multiplier on Saturday and Sunday */
  weekend: number;
  pf: number;
  lagging: boolean;
  /** a motor runs in on/off cycles; its curve is the chance of running */
  cycling?: boolean;
}

const hvac: LoadProfile = { label: 'HVAC', peakAmps: 55, curve: COOLING, weekend: 0.45, pf: 0.86, lagging: true };
const lighting: LoadProfile = { label: 'Office lighting', peakAmps: 30, curve: OFFICE, weekend: 0.15, pf: 0.95, lagging: true };
// LED drivers with input filter capacitors lead slightly.
const ledLighting: LoadProfile = { ...lighting, label: 'LED lighting', pf: 0.93, lagging: false };
const plugs: LoadProfile = { label: 'Plug loads', peakAmps: 35, curve: OFFICE, weekend: 0.25, pf: 0.9, lagging: true };
const motor: LoadProfile = { label: 'Pump motor', peakAmps: 40, curve: OFFICE, weekend: 0.3, pf: 0.82, lagging: true, cycling: true };
const servers: LoadProfile = { label: 'Server room', peakAmps: 25, curve: ALWAYS, weekend: 1, pf: 0.97, lagging: true };
const exterior: LoadProfile = { label: 'Exterior lighting', peakAmps: 12, curve: DUSK_TO_DAWN, weekend: 1, pf: 0.96, lagging: true };
const kitchen: LoadProfile = { ...plugs, label: 'Kitchen', peakAmps: 20, pf: 0.92 };
const spare: LoadProfile = { label: 'Spare', peakAmps: 0, curve: ALWAYS, weekend: 1, pf: 1, lagging: true };

/**
 * Inputs 1..18 in order. Consecutive triples are one three-phase circuit
 * (input i is on phase (i − 1) mod 3), matching the 3 LN user-channel layout.
 */
export const BUILDING: readonly LoadProfile[] = [
  hvac,
  hvac,
  hvac,
  lighting,
  ledLighting,
  lighting,
  plugs,
  plugs,
  plugs,
  motor,
  motor,
  motor,
  servers,
  servers,
  servers,
  exterior,
  kitchen,
  spare,
];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const MOTOR_CYCLE_MS = 7 * MINUTE;

function curveAt(curve: Curve, hour: number): number {
  for (let i = 1; i < curve.length; i++) {
    const [h1, v1] = curve[i]!;
    if (hour <= h1) {
      const [h0, v0] = curve[i - 1]!;
      return v0 + ((v1 - v0) * (hour - h0)) / (h1 - h0);
    }
  }
  return curve[curve.length - 1]![1];
}

export function activity(profile: LoadProfile, local: LocalTime): number {
  const weekend = local.weekday === 0 || local.weekday === 6;
  return curveAt(profile.curve, local.hour) * (weekend ? profile.weekend : 1);
}

/** Uncapped current the load draws, in amps; `activityLevel` is `activity(profile, local)` at that instant. */
export function demandAmps(profile: LoadProfile, seed: number, input: number, atMs: number, activityLevel: number): number {
  let level = activityLevel;
  if (profile.cycling) {
    // All phases of a three-phase motor start and stop together, so key the cycle on the circuit.
    const circuit = Math.ceil(input / 3);
    level = uniform(seed, STREAM.motorCycle, circuit, Math.floor(atMs / MOTOR_CYCLE_MS)) < level ? 1 : 0;
  }
  // Each seed sizes the circuits a little differently, so two simulated meters don't read alike.
  const size = 0.9 + 0.2 * uniform(seed, STREAM.currentDrift, input, -1);
  const wander = 1 + 0.08 * drift(seed, STREAM.currentDrift, input, atMs, 2 * HOUR) + 0.04 * drift(seed, STREAM.currentDrift, input + 100, atMs, 20 * MINUTE);
  const noise = 1 + 0.01 * jitter(seed, STREAM.currentNoise, input, atMs);
  return Math.max(0, profile.peakAmps * size * level * wander * noise);
}

/** Power factor wanders a little with the load mix but stays within 0.8..1. */
export function powerFactor(profile: LoadProfile, seed: number, input: number, atMs: number): number {
  const pf = profile.pf + 0.02 * drift(seed, STREAM.pfDrift, input, atMs, 3 * HOUR);
  return Math.min(1, Math.max(0.8, pf));
}
