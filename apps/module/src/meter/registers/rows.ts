/**
 * Readings rows of the registers (`Name` plus the contract's keys), pure. Rounding happens only
 * here: energy 2 decimals, demand 3, harmonics 2.
 */
import {
  DEMAND_KEYS,
  DEMAND_PARAMETERS,
  ENERGY_KEYS as E,
  HARMONIC_KEYS as H,
  HARMONIC_ORDERS,
  NO_DEMAND_TIME,
  TOU_KEYS,
  TOU_RATES,
  round,
  shown,
  type DemandRow,
  type EnergyRow,
  type ReadingRow,
} from '@meter/contract';
import type { Zone } from '../local-time.ts';
import type { DemandView, RegisterSet, Spectrum } from '../reading-source.ts';
import { localCalendar } from './tou-schedule.ts';

const kwh = (v: number) => shown(v, 2);

export function energyRow(name: string, set: RegisterSet): EnergyRow {
  const row: Record<string, string | number> = {
    Name: name,
    [E.importActive]: kwh(set.importActive),
    [E.exportActive]: kwh(set.exportActive),
    [E.importReactive]: kwh(set.importReactive),
    [E.exportReactive]: kwh(set.exportReactive),
    [E.apparent]: kwh(set.apparent),
  };
  for (const r of TOU_RATES) {
    row[TOU_KEYS.currentMonth[r]] = kwh(set.currentMonth[r]);
    row[TOU_KEYS.priorMonth[r]] = kwh(set.priorMonth[r]);
  }
  // The Total is the sum of the rates as shown, so the table adds up on screen ('-' when a rate is).
  const total = (b: RegisterSet['currentMonth']) => kwh(TOU_RATES.reduce((s, r) => s + round(b[r], 2), 0));
  row[TOU_KEYS.currentMonth.total] = total(set.currentMonth);
  row[TOU_KEYS.priorMonth.total] = total(set.priorMonth);
  return row as EnergyRow;
}

/** 'YYYY/MM/DD HH:mm:ss' in the device zone, or '-' for no peak yet. */
export function formatPeakTime(zone: Zone, ms: number): string {
  if (!ms) return NO_DEMAND_TIME;
  const iso = new Date(localCalendar(zone, ms).localMs).toISOString();
  return `${iso.slice(0, 10).replaceAll('-', '/')} ${iso.slice(11, 19)}`;
}

/** Quantity index of each demand parameter in DemandView's arrays. */
const QUANTITY = { current: 0, active: 1, reactive: 2, apparent: 3 } as const;

/** A demand row; `withCurrent` false for the row named 'System' (001 §2 Demand screen). */
export function demandRow(name: string, view: DemandView, zone: Zone, withCurrent: boolean): DemandRow {
  const row: Record<string, string | number> = { Name: name };
  for (const p of DEMAND_PARAMETERS) {
    if (p === 'current' && !withCurrent) continue;
    const k = DEMAND_KEYS[p];
    const q = QUANTITY[p];
    // A DemandView holds the four quantities QUANTITY indexes.
    row[k.demand] = shown(view.demand[q]!, 3);
    row[k.peak] = shown(view.peak[q]!, 3);
    row[k.peakTime] = formatPeakTime(zone, view.peakTime[q]!);
    row[k.prediction] = shown(view.prediction[q]!, 3);
  }
  return row as DemandRow;
}

const pct = (v: number) => shown(v, 2);

function spectrumCells(spectrum: Spectrum, thdKey: string, orderKey: (n: number) => string): ReadingRow {
  const row: ReadingRow = { [thdKey]: pct(spectrum.thd) };
  HARMONIC_ORDERS.forEach((order, k) => (row[orderKey(order)] = pct(spectrum.orders[k]!)));
  return row;
}

/** A System-table row: the phase voltage's and the phase current's spectra. */
export function systemHarmonicsRow(name: string, voltage: Spectrum, current: Spectrum): ReadingRow {
  return { Name: name, ...spectrumCells(voltage, H.voltageThd, H.voltage), ...spectrumCells(current, H.currentThd, H.current) };
}

export function currentHarmonicsRow(name: string, current: Spectrum): ReadingRow {
  return { Name: name, ...spectrumCells(current, H.currentThd, H.current) };
}
