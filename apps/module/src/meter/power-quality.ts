/**
 * Power-quality figures derived from what the meter measures (the phase values of a snapshot and
 * the harmonic spectra in % of the fundamental, orders 2..31). Pure. The spectra carry no phase
 * angles, so the crest factor assumes every harmonic peaks with the fundamental (its upper
 * bound); THFF uses an approximate telephone weighting (docs/decisions/communication-data-log-settings-and-sftp.md, data logger columns).
 */
import type { MeterSnapshot, Spectrum } from './reading-source.ts';

const orderOf = (k: number) => k + 2;

/** Largest deviation from the average, in % of the average (the NEMA definition); 0 without a load. */
export function unbalance(values: readonly number[]): number {
  const avg = values.reduce((a, b) => a + b, 0) / values.length;
  if (avg <= 0) return 0;
  return (Math.max(...values.map((v) => Math.abs(v - avg))) / avg) * 100;
}

export const voltageUnbalance = (snap: MeterSnapshot) => unbalance(snap.phases.map((p) => p.vln));
export const currentUnbalance = (snap: MeterSnapshot) => unbalance(snap.phases.map((p) => p.current));

/** THD of the odd (or even) orders only, in %. */
export function partialThd(spectrum: Spectrum, odd: boolean): number {
  const sum = spectrum.orders.reduce((acc, h, k) => ((orderOf(k) % 2 === 1) === odd ? acc + h * h : acc), 0);
  return Math.sqrt(sum);
}

/** Peak over RMS of the waveform with every harmonic in phase with the fundamental (√2 for a pure sine). */
export function crestFactor(spectrum: Spectrum): number {
  const peak = 1 + spectrum.orders.reduce((a, h) => a + h / 100, 0);
  const rms = Math.sqrt((1 + spectrum.orders.reduce((a, h) => a + (h / 100) ** 2, 0)) / 2);
  return peak / rms;
}

/** K factor: Σ(Ih/I1)²h² / Σ(Ih/I1)², the fundamental included (1 for a pure sine). */
export function kFactor(spectrum: Spectrum): number {
  let num = 1;
  let den = 1;
  spectrum.orders.forEach((h, k) => {
    const x = (h / 100) ** 2;
    num += x * orderOf(k) ** 2;
    den += x;
  });
  return num / den;
}

/**
 * Telephone harmonic form factor in % (IEC 60034-1 form: √Σ(λn·Un)² / U): the weighting λ is
 * approximated as rising linearly with frequency to 1 at 1 kHz and staying there.
 */
export function thff(spectrum: Spectrum, fundamentalHz: number): number {
  const weight = (f: number) => Math.min(1, f / 1000);
  const sum = (weight(fundamentalHz) * 100) ** 2 + spectrum.orders.reduce((a, h, k) => a + (weight(orderOf(k) * fundamentalHz) * h) ** 2, 0);
  const rms = Math.sqrt(1 + spectrum.orders.reduce((a, h) => a + (h / 100) ** 2, 0));
  return Math.sqrt(sum) / rms;
}
