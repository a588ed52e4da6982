import type { LoadNature } from './reading-source.ts';

/**
 * Below half a var-thousandth the row shows 0.000 kvar; calling that L or C
 * would contradict the number next to it, so it is resistive.
 */
export const REACTIVE_EPSILON_KVAR = 0.0005;

export interface Powers {
  /** kW */
  p: number;
  /** kvar, positive lagging */
  q: number;
  /** kVA */
  s: number;
  pf: number;
  loadNature: LoadNature;
}

export function loadNatureOf(q: number, s: number): LoadNature {
  if (s === 0 || Math.abs(q) < REACTIVE_EPSILON_KVAR) return 'R';
  return q > 0 ? 'L' : 'C';
}

/** One CT on one phase: S = V·I, P = S·PF, Q = ±sqrt(S² − P²). No current gives PF 1, R (000 §9). */
export function singlePhasePowers(vln: number, amps: number, pf: number, lagging: boolean): Powers {
  const s = (vln * amps) / 1000;
  if (s === 0) return { p: 0, q: 0, s: 0, pf: 1, loadNature: 'R' };
  const p = s * pf;
  const q = Math.sqrt(Math.max(0, s * s - p * p)) * (lagging ? 1 : -1);
  return { p, q, s, pf, loadNature: loadNatureOf(q, s) };
}

/** Adds loads vectorially: apparent power is the length of the summed (P, Q), not the sum of S. */
export function combinePowers(parts: ReadonlyArray<{ p: number; q: number }>): Powers {
  let p = 0;
  let q = 0;
  for (const x of parts) {
    p += x.p;
    q += x.q;
  }
  const s = Math.hypot(p, q);
  return { p, q, s, pf: s === 0 ? 1 : p / s, loadNature: loadNatureOf(q, s) };
}

/** |Va∠0° − Vb∠−120°|: the two phasors are 120° apart, so |Va − Vb|² = Va² + Vb² + Va·Vb. */
export function lineToLine(va: number, vb: number): number {
  return Math.sqrt(va * va + vb * vb + va * vb);
}

export function average(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}
