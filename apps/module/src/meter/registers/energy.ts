/**
 * Energy registers, pure: integrate power over time (E = ∫P dt), split import/export by the sign
 * of the power, and bucket import active energy by tariff rate for the current and prior month.
 * The caller owns persistence and the clock.
 */
import { TOU_RATES, type TouRate } from '@meter/contract';
import type { Zone } from '../local-time.ts';
import type { RegisterSet, TouBuckets } from '../reading-source.ts';
import { type TouSchedule, isNextMonth, localCalendar, rateAt, splitAtLocalHours } from './tou-schedule.ts';

const MS_PER_HOUR = 3_600_000;

export interface EnergyState {
  /** 'YYYY-MM' of the current month, device zone */
  month: string;
  sets: Record<string, RegisterSet>;
}

/** Powers held constant over one integration step: kW, kvar, kVA. */
export interface StepPowers {
  p: number;
  q: number;
  s: number;
}

export const emptyBuckets = (): TouBuckets => ({ normal: 0, peak: 0, sharp: 0, valley: 0 });

export function emptySet(): RegisterSet {
  return { importActive: 0, exportActive: 0, importReactive: 0, exportReactive: 0, apparent: 0, currentMonth: emptyBuckets(), priorMonth: emptyBuckets() };
}

export function bucketTotal(b: TouBuckets): number {
  return TOU_RATES.reduce((sum, r) => sum + b[r], 0);
}

/** Adds `hours` of constant powers to one set; import active energy also goes to `rate`. */
export function addEnergy(set: RegisterSet, x: StepPowers, hours: number, rate: TouRate): void {
  const ep = x.p * hours;
  const eq = x.q * hours;
  if (ep >= 0) {
    set.importActive += ep;
    set.currentMonth[rate] += ep;
  } else {
    set.exportActive -= ep;
  }
  if (eq >= 0) set.importReactive += eq;
  else set.exportReactive -= eq;
  set.apparent += Math.abs(x.s) * hours;
}

/**
 * The month turned: current → prior, current starts from zero. When one or more whole months
 * were skipped (the module was off), the prior month is one nobody saw: it reads zero.
 */
export function rollMonth(state: EnergyState, newMonth: string): void {
  const consecutive = isNextMonth(state.month, newMonth);
  for (const set of Object.values(state.sets)) {
    set.priorMonth = consecutive ? set.currentMonth : emptyBuckets();
    set.currentMonth = emptyBuckets();
  }
  state.month = newMonth;
}

/**
 * Integrates [from, to) with the powers of each slot held constant, split at local hour
 * boundaries so every piece lands in the right rate and month. Returns the months entered,
 * so the caller can roll what else follows the month (demand peaks).
 */
export function integrateEnergy(state: EnergyState, powers: ReadonlyMap<string, StepPowers>, from: number, to: number, zone: Zone, schedule: TouSchedule): string[] {
  const rolled: string[] = [];
  for (const [a, b] of splitAtLocalHours(zone, from, to)) {
    const cal = localCalendar(zone, a);
    const month = `${cal.year}-${String(cal.month).padStart(2, '0')}`;
    // Months only move forward: a clock set back keeps counting into the month on record.
    if (month > state.month) {
      rollMonth(state, month);
      rolled.push(month);
    }
    const rate = rateAt(schedule, cal.hour, cal.weekday);
    const hours = (b - a) / MS_PER_HOUR;
    for (const [slot, x] of powers) addEnergy((state.sets[slot] ??= emptySet()), x, hours, rate);
  }
  return rolled;
}

/** Sum of sets (a user channel's Total): energy adds, so the total is the plain sum. */
export function sumSets(sets: readonly RegisterSet[]): RegisterSet {
  const out = emptySet();
  for (const s of sets) {
    out.importActive += s.importActive;
    out.exportActive += s.exportActive;
    out.importReactive += s.importReactive;
    out.exportReactive += s.exportReactive;
    out.apparent += s.apparent;
    for (const r of TOU_RATES) {
      out.currentMonth[r] += s.currentMonth[r];
      out.priorMonth[r] += s.priorMonth[r];
    }
  }
  return out;
}

/** Multiplies the lifetime registers (not the monthly TOU) — used to seed a plausible history. */
export function scaleLifetime(set: RegisterSet, factor: number): void {
  set.importActive *= factor;
  set.exportActive *= factor;
  set.importReactive *= factor;
  set.exportReactive *= factor;
  set.apparent *= factor;
}
