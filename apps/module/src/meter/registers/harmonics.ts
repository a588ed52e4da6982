/**
 * Simulated harmonics, pure and deterministic from (seed, time) like the simulator. Each load
 * type has a typical current spectrum (odd orders dominate; triplens for single-phase
 * rectifiers, 5th/7th/11th/13th for six-pulse drives); the supply voltage is distorted by the
 * building's current. Percentages are of the fundamental.
 */
import { HARMONIC_ORDERS } from '@meter/contract';
import { drift, jitter } from '../noise.ts';
import { BUILDING } from '../profiles.ts';
import type { MeterSnapshot, Phase, Spectrum } from '../reading-source.ts';
import { buildingLoading } from './sampling.ts';

const MINUTE = 60_000;
/** Noise streams of this file, apart from the simulator's (noise.ts STREAM uses 1..9). */
const STREAM = { orderDrift: 201, orderNoise: 202, voltageOrder: 203 } as const;

/** THD = sqrt(Σ h²) over the listed orders, in % when the orders are in %. */
export function thd(orders: readonly number[]): number {
  return Math.sqrt(orders.reduce((sum, h) => sum + h * h, 0));
}

type Template = Readonly<Record<number, number>>;

// Typical spectra at full load (% of fundamental), orders not listed take a small even/odd floor.
const SPECTRA = {
  // Switch-mode supplies without PFC (PCs, chargers): strong 3rd, falling odd series.
  smps: { 3: 22, 5: 14, 7: 7, 9: 4, 11: 3, 13: 2, 15: 1.5, 17: 1.2, 19: 1 },
  // LED drivers: like smps, a little milder.
  led: { 3: 16, 5: 9, 7: 5, 9: 3.5, 11: 2.5, 13: 2, 15: 1.2, 17: 1 },
  // Electronic fluorescent ballasts.
  ballast: { 3: 10, 5: 5, 7: 3, 9: 2, 11: 1.5, 13: 1 },
  // Six-pulse variable-speed drives: 6k±1 orders, little triplen.
  vfd: { 3: 1.5, 5: 20, 7: 11, 9: 0.5, 11: 6, 13: 4.5, 17: 3, 19: 2.5, 23: 1.8, 25: 1.5, 29: 1, 31: 0.9 },
  // Server supplies with active PFC: low distortion.
  pfc: { 3: 6, 5: 4, 7: 3, 9: 2, 11: 1.5, 13: 1.2, 15: 0.8 },
  // Direct-on-line induction motors: nearly linear.
  motor: { 3: 1.5, 5: 4, 7: 2.5, 11: 1, 13: 0.8 },
  // Resistive cooking with some electronics.
  mixed: { 3: 5, 5: 3, 7: 2, 9: 1, 11: 0.8 },
} satisfies Record<string, Template>;

/** Load type of each simulated profile, by its label in profiles.ts. */
const LOAD_TYPE: Readonly<Record<string, keyof typeof SPECTRA>> = {
  HVAC: 'vfd',
  'Office lighting': 'ballast',
  'LED lighting': 'led',
  'Plug loads': 'smps',
  'Pump motor': 'motor',
  'Server room': 'pfc',
  'Exterior lighting': 'led',
  Kitchen: 'mixed',
};

// Supply voltage distortion of a building like this one at full load: THD ≈ 2.7 %.
const VOLTAGE: Template = { 3: 1.1, 5: 2, 7: 1.2, 9: 0.4, 11: 0.6, 13: 0.45, 15: 0.15, 17: 0.3, 19: 0.25, 23: 0.18, 25: 0.15 };

const MAX_CURRENT_THD = 35;
const VOLTAGE_THD_RANGE = [1, 4] as const;

function floorOf(order: number): number {
  // Even orders come only from asymmetry; high odd orders fade.
  return order % 2 === 0 ? 0.1 : 0.4 / Math.sqrt(order);
}

function build(template: Template, scale: number, seed: number, key: number, atMs: number, stream: number): number[] {
  return HARMONIC_ORDERS.map((order) => {
    const base = template[order] ?? floorOf(order);
    const wander = 1 + 0.12 * drift(seed, stream, key * 64 + order, atMs, 20 * MINUTE);
    const noise = 1 + 0.03 * jitter(seed, STREAM.orderNoise, key * 64 + order, atMs);
    return Math.max(0, base * scale * wander * noise);
  });
}

/** Scales a spectrum so its THD lies in [lo, hi] (keeps the shape). */
function clampThd(orders: number[], lo: number, hi: number): Spectrum {
  const t = thd(orders);
  if (t === 0) return { orders, thd: 0 };
  const target = Math.min(hi, Math.max(lo, t));
  const k = target / t;
  const scaled = orders.map((h) => h * k);
  return { orders: scaled, thd: thd(scaled) };
}

const ZERO: Spectrum = { orders: HARMONIC_ORDERS.map(() => 0), thd: 0 };

/** Current spectrum of input 1..18; % distortion rises at light load, as a rectifier's does. */
export function inputCurrentSpectrum(seed: number, snap: MeterSnapshot, input: number): Spectrum {
  const profile = BUILDING[input - 1];
  const amps = snap.inputs[input - 1]?.current ?? 0;
  const type = profile ? LOAD_TYPE[profile.label] : undefined;
  if (!profile || !type || amps <= 0) return ZERO;
  const load = Math.min(1, amps / Math.max(1e-9, profile.peakAmps));
  const scale = 1 + 0.3 * (1 - load);
  return clampThd(build(SPECTRA[type], scale, seed, input, snap.time, STREAM.orderDrift), 0, MAX_CURRENT_THD);
}

/**
 * A phase current's spectrum: the inputs' harmonic currents add with some diversity (their
 * angles differ), relative to the phase's fundamental.
 */
export function phaseCurrentSpectrum(seed: number, snap: MeterSnapshot, phase: Phase): Spectrum {
  const inputs = snap.inputs.filter((x) => x.phase === phase);
  const fundamental = snap.phases[phase].current;
  if (fundamental <= 0) return ZERO;
  const spectra = inputs.map((x) => ({ amps: x.current, orders: inputCurrentSpectrum(seed, snap, x.input).orders }));
  const orders = HARMONIC_ORDERS.map((order, k) => {
    // Triplens of single-phase rectifiers are nearly in phase; other orders cancel more.
    const diversity = order % 3 === 0 ? 0.95 : 0.85;
    // Every spectrum holds one value per HARMONIC_ORDERS entry.
    const amps = spectra.reduce((sum, x) => sum + (x.amps * x.orders[k]!) / 100, 0);
    return (100 * diversity * amps) / fundamental;
  });
  return clampThd(orders, 0, MAX_CURRENT_THD);
}

/** Voltage spectrum of a phase: grows with the building's loading, stays within THD 1-4 %. */
export function voltageSpectrum(seed: number, snap: MeterSnapshot, phase: Phase, ctFullScale: readonly number[]): Spectrum {
  const loading = buildingLoading(snap, ctFullScale);
  const orders = build(VOLTAGE, 0.55 + 0.6 * loading, seed, 100 + phase, snap.time, STREAM.voltageOrder);
  return clampThd(orders, VOLTAGE_THD_RANGE[0], VOLTAGE_THD_RANGE[1]);
}
